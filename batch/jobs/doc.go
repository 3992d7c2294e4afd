// Package jobs runs batch.Batch as the asynchronous jobs of a service.
//
// A Manager takes a job with Submit: it stores the input in a gocloud.dev
// blob bucket, then the job record in a Store, then queues a task for each
// chunk of the input (batch.Split) on a Queue, so that an accepted job is
// never lost. Run takes chunks from the queue on any number of nodes; each
// writes its own part of the output, and the node whose revision-checked
// update of the record marks the last part done joins the parts into the
// output. Job, Cancel, Delete, Counts and DownloadURL answer about jobs;
// Expire and Reconcile delete the jobs past their retention and queue again
// the chunks of stalled ones. Signer signs the download links of outputs
// the service serves itself.
//
// Store and Queue are driver interfaces, defined here where they are used:
// MemoryQueue is the in-process queue, batch/jobs/badgerjobs keeps the records
// in Badger, and batch/natsdriver keeps both in NATS JetStream. Every
// driver passes the conformance suite of sub-package drivertest.
package jobs
