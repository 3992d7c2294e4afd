// Package batch standardizes and geocodes address files: Batch streams a
// CSV, TSV, semicolon- or pipe-separated table, or a text file with one
// address per line, from an io.Reader to an output CSV on an io.Writer,
// one output row for every input row, in order, on all cores, with the
// memory of a few thousand rows whatever the size of the file.
//
// The asynchronous jobs of the service (submission, a durable job record,
// workers, output in blob storage behind signed links) are to be built on
// Batch by the batch-processing issue.
package batch
