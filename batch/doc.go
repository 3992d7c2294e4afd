// Package batch will run asynchronous batch jobs that standardize and
// geocode address files of up to 500,000 records, streaming them from and
// to blob storage. It is filled in by the batch-processing issue.
package batch
