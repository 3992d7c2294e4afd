// Package batch standardizes and geocodes address files.
//
// Batch streams a CSV, TSV, semicolon- or pipe-separated table, or a text
// file with one address per line, from an io.Reader to an output CSV on an
// io.Writer: one output row for every input row, in order, on all cores,
// with the memory of a few thousand rows whatever the size of the file.
// Validate does the same for one address given as named fields. Detect,
// DetectEncoding and Decode tell the format and encoding of a file from
// its first bytes, and Split cuts a file into chunks of whole rows that
// Batch runs one by one (Options.FirstRow numbers their rows as the
// whole's).
//
// Batch runs in the caller's process and keeps nothing. Sub-package jobs
// runs it as asynchronous jobs of a service: inputs and outputs in a
// bucket, job records in a jobs.Store and chunks on a jobs.Queue, whose
// drivers live in batch/jobs/badgerjobs (Badger), batch/natsdriver (NATS
// JetStream) and jobs itself (MemoryQueue, in process).
package batch
