package main

// The gocloud.dev drivers `addrkit serve` can open by URL: blob buckets on
// the local disk (file://), in memory (mem://), in Amazon S3 or an S3-like
// store (s3://) and in Google Cloud Storage (gs://); the in-memory pubsub
// (mem://) for --queue.
import (
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/gcsblob"
	_ "gocloud.dev/blob/memblob"
	_ "gocloud.dev/blob/s3blob"
	_ "gocloud.dev/pubsub/mempubsub"
)
