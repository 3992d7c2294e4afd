// Package natsdriver keeps the batch job service's records and work queue
// in NATS JetStream: the driver of jobs.Store and jobs.Queue for nodes
// that share one broker instead of a local Badger store and an in-process
// queue.
//
// Connect creates what it needs when it is missing (and updates it when
// its configuration changed, so that any number of nodes may start at
// once):
//
//   - the key-value bucket addrkit_jobs (JobsBucket): one job record per
//     key, the job id, JSON-encoded jobs.Job. The entry's revision is the
//     record's revision: Update is a compare-and-swap on it.
//   - the key-value bucket addrkit_idempotency (IdempotencyBucket): the
//     job an owner's idempotency key made, JSON with its expiry, under the
//     hex SHA-256 of the owner and the key (client keys may hold any
//     character). The bucket's TTL is Options.IdempotencyTTL: a key kept
//     for longer is gone at the bucket's TTL.
//   - the work-queue stream ADDRKIT_TASKS (TasksStream) on the subject
//     addrkit.tasks (TasksSubject): one message per job id sent, removed
//     when a worker acknowledges it.
//   - the durable pull consumer addrkit_workers (WorkersConsumer) of that
//     stream, shared by every node's workers: a task is delivered to one
//     worker at a time, and delivered again when the worker neither
//     acknowledges it nor says it is in progress within Options.AckWait.
//     It delivers without limit: the job manager counts deliveries
//     (Task.Deliveries) and fails a job whose task never finishes.
//
// The name addrkit_keys (KeysBucket) is reserved for the API keys.
//
// When the broker restarts (or the connection drops), the client
// reconnects without limit and the process goes on. Records and tasks are
// in file storage and are there again once the server is back. Requests
// made meanwhile wait for it: every Store call and Send are tried
// again (each attempt waits 2s at most for its answer) for up to 15s
// or until their context ends, and then fail with the broker's error.
// A request whose answer was lost may have been carried out: Send gives
// all its attempts one message id, whose repeats the stream drops (within
// its two-minute duplicate window), and Create and Update, refused after such an
// attempt, look whether the record holds what they wrote. Receive waits
// through any outage: it returns an error only when its context ends or
// the Conn is closed. A task held by a worker across the restart is
// delivered again after the ack wait unless the worker acknowledges it or
// keeps it in progress once the broker is back.
package natsdriver
