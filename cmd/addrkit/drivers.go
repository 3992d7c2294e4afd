package main

// The gocloud.dev drivers every build of `addrkit serve` can open by URL:
// blob buckets on the local disk (file://) and in memory (mem://).
// drivers_cloud.go adds Amazon S3 and Google Cloud Storage.
import (
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/memblob"
)

// cloudSchemes are the bucket schemes of the drivers linked only with the
// cloud build tag.
var cloudSchemes = map[string]bool{"s3": true, "gs": true}

// cloudBuild reports whether this build has them.
var cloudBuild = false
