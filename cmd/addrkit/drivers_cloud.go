//go:build cloud

package main

// With `-tags cloud`, `addrkit serve --blob` also opens s3:// (Amazon S3
// and S3-compatible stores) and gs:// (Google Cloud Storage) buckets. They
// are left out of the default build because their SDKs double its size and
// its first compile time.
import (
	_ "gocloud.dev/blob/gcsblob"
	_ "gocloud.dev/blob/s3blob"
)

func init() { cloudBuild = true }
