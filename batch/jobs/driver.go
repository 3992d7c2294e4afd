package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
)

// Store keeps job records and idempotency keys: the driver interface of a
// Manager's records (batch/jobs/badgerjobs keeps them in Badger, natsdriver in
// a JetStream key-value bucket). Every record has a revision that each
// change advances; Update writes only over the revision it was read at, so
// that two nodes cannot both claim or finish a job. The suite in
// jobs/drivertest defines the behaviour every driver must have.
type Store interface {
	// Create stores a new record and returns its revision; ErrExists
	// when the id is taken.
	Create(ctx context.Context, j Job) (rev uint64, err error)
	// Get returns a record and its revision; ErrNotFound.
	Get(ctx context.Context, id string) (j Job, rev uint64, err error)
	// Update replaces the record read at revision rev and returns the new
	// revision: ErrConflict when the record changed since, ErrNotFound
	// when it is gone.
	Update(ctx context.Context, j Job, rev uint64) (uint64, error)
	// Delete removes a record; deleting one that is gone is no error.
	Delete(ctx context.Context, id string) error
	// List returns every record, in no particular order.
	List(ctx context.Context) ([]Job, error)
	// Remember keeps, for ttl, the job an owner's idempotency key made;
	// Recall returns it (ErrNotFound when there is none or it expired).
	Remember(ctx context.Context, owner, key string, rec Idempotency, ttl time.Duration) error
	Recall(ctx context.Context, owner, key string) (Idempotency, error)
	// Claim writes rec for an owner's idempotency key, for ttl, only when
	// the key holds nothing unexpired: a create-only write that one
	// caller of the whole cluster wins. The others get ErrExists and the
	// record that holds the key. Forget removes a claim (a submission
	// refused, so that the key is free for a retry).
	Claim(ctx context.Context, owner, key string, rec Idempotency, ttl time.Duration) (Idempotency, error)
	Forget(ctx context.Context, owner, key string) error
}

// Queue carries job ids from Submit to the workers: the driver interface
// of a Manager's work queue (MemoryQueue in process, natsdriver a
// JetStream work-queue stream). A task received and neither acknowledged
// nor kept in progress is delivered again once the queue's ack wait has
// passed, to the same or another worker: a worker that dies loses no job.
type Queue interface {
	Send(ctx context.Context, id string) error
	// Receive blocks for the next task until ctx ends.
	Receive(ctx context.Context) (Task, error)
}

// Task is one delivery of a job id.
type Task interface {
	ID() string
	// Ack says the task is done: it is not delivered again.
	Ack(ctx context.Context) error
	// Nack gives the task back, to be delivered again after delay.
	Nack(ctx context.Context, delay time.Duration) error
	// InProgress restarts the ack wait: the worker is still on it.
	InProgress(ctx context.Context) error
	// Deliveries is how many times the task was delivered, this time
	// included: 1 the first time.
	Deliveries() int
}

// Errors of the drivers.
var (
	ErrExists   = errors.New("jobs: the record exists")
	ErrConflict = errors.New("jobs: the job record changed since it was read")
	// ErrUnavailable wraps the errors of a driver whose server cannot be
	// reached (after the driver's own retries): trying later may work.
	// Its message is for clients; the driver's error is the log's.
	ErrUnavailable = fault.New(fault.Unavailable, "The job service cannot reach its records or queue; retry in a few seconds.")
)
