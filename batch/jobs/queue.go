package jobs

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// DefaultAckWait is how long a MemoryQueue waits for a task's
// acknowledgement before delivering it again.
const DefaultAckWait = 30 * time.Second

// MemoryQueue is the in-process Queue of the embedded default: unbounded,
// lost with the process (the job store is not: Manager.Run queues the
// unfinished jobs again on start).
type MemoryQueue struct {
	ackWait time.Duration

	mu       sync.Mutex
	ids      []queued
	ready    chan struct{} // has a value when ids may be non-empty
	inFlight map[*memTask]bool
}

// NewMemoryQueue returns an empty in-process queue whose tasks are
// delivered again when not acknowledged within ackWait (DefaultAckWait
// when 0).
func NewMemoryQueue(ackWait time.Duration) *MemoryQueue {
	if ackWait <= 0 {
		ackWait = DefaultAckWait
	}
	return &MemoryQueue{ackWait: ackWait, ready: make(chan struct{}, 1), inFlight: map[*memTask]bool{}}
}

var _ Queue = (*MemoryQueue)(nil)

// queued is a task waiting: its id, and how often it was delivered.
type queued struct {
	id string
	n  int
}

// Send implements Queue. An id waiting or in flight already is not
// queued twice.
func (q *MemoryQueue) Send(ctx context.Context, id string) error {
	q.mu.Lock()
	pending := slices.ContainsFunc(q.ids, func(e queued) bool { return e.id == id })
	for t := range q.inFlight {
		pending = pending || t.id == id
	}
	q.mu.Unlock()
	if !pending {
		q.put(queued{id: id})
	}
	return nil
}

func (q *MemoryQueue) put(e queued) {
	q.mu.Lock()
	q.ids = append(q.ids, e)
	q.mu.Unlock()
	q.signal()
}

func (q *MemoryQueue) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// Receive implements Queue.
func (q *MemoryQueue) Receive(ctx context.Context) (Task, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q.mu.Lock()
		if len(q.ids) > 0 {
			t := &memTask{q: q, id: q.ids[0].id, n: q.ids[0].n + 1}
			q.ids = q.ids[1:]
			more := len(q.ids) > 0
			q.inFlight[t] = true
			t.timer = time.AfterFunc(q.ackWait, func() { q.redeliver(t, 0) })
			q.mu.Unlock()
			if more {
				q.signal()
			}
			return t, nil
		}
		q.mu.Unlock()
		select {
		case <-q.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// redeliver queues a task's id again, after delay, unless it was settled.
func (q *MemoryQueue) redeliver(t *memTask, delay time.Duration) {
	q.mu.Lock()
	if !q.inFlight[t] {
		q.mu.Unlock()
		return
	}
	delete(q.inFlight, t)
	t.timer.Stop()
	q.mu.Unlock()
	e := queued{id: t.id, n: t.n}
	if delay > 0 {
		time.AfterFunc(delay, func() { q.put(e) })
		return
	}
	q.put(e)
}

// errSettled is returned for a task acknowledged, given back or delivered
// again already.
var errSettled = errors.New("jobs: the task was settled or delivered again")

// memTask is a delivery of a MemoryQueue.
type memTask struct {
	q     *MemoryQueue
	id    string
	n     int // deliveries, this one included
	timer *time.Timer
}

func (t *memTask) ID() string { return t.id }

func (t *memTask) Deliveries() int { return t.n }

func (t *memTask) Ack(ctx context.Context) error {
	t.q.mu.Lock()
	defer t.q.mu.Unlock()
	if !t.q.inFlight[t] {
		return errSettled
	}
	delete(t.q.inFlight, t)
	t.timer.Stop()
	return nil
}

func (t *memTask) Nack(ctx context.Context, delay time.Duration) error {
	t.q.mu.Lock()
	settled := !t.q.inFlight[t]
	t.q.mu.Unlock()
	if settled {
		return errSettled
	}
	t.q.redeliver(t, delay)
	return nil
}

func (t *memTask) InProgress(ctx context.Context) error {
	t.q.mu.Lock()
	defer t.q.mu.Unlock()
	if !t.q.inFlight[t] {
		return errSettled
	}
	t.timer.Reset(t.q.ackWait)
	return nil
}
