// Package batch standardizes and geocodes address files.
//
// Batch streams a CSV, TSV, semicolon- or pipe-separated table, or a text
// file with one address per line, from an io.Reader to an output CSV on an
// io.Writer: one output row for every input row, in order, on all cores,
// with the memory of a few thousand rows whatever the size of the file.
//
// Manager runs Batch as asynchronous jobs: Submit stores the input in a
// gocloud.dev blob bucket, then the job record (a JobStore: BadgerJobs),
// then queues the job (a Queue: the in-process MemoryQueue, or a
// PubSubQueue over gocloud.dev pubsub); Run processes queued jobs and
// takes up again, on start, those a stopped process left unfinished.
// Outputs are written to the bucket as a stream and committed only when
// whole; Signer signs the links to them.
package batch
