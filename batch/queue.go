package batch

import (
	"context"
	"sync"

	"gocloud.dev/pubsub"
)

// Queue carries job ids from Submit to the workers.
type Queue interface {
	Send(ctx context.Context, id string) error
	// Receive blocks for the next id; ack confirms it was handled.
	Receive(ctx context.Context) (id string, ack func(), err error)
}

// MemoryQueue is the in-process queue of the embedded default: unbounded,
// lost with the process (the job store is not: Manager.Run queues the
// unfinished jobs again on start).
type MemoryQueue struct {
	mu    sync.Mutex
	ids   []string
	ready chan struct{} // has a value when ids may be non-empty
}

// NewMemoryQueue returns an empty in-process queue.
func NewMemoryQueue() *MemoryQueue { return &MemoryQueue{ready: make(chan struct{}, 1)} }

// Send implements Queue.
func (q *MemoryQueue) Send(ctx context.Context, id string) error {
	q.mu.Lock()
	q.ids = append(q.ids, id)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
	return nil
}

// Receive implements Queue.
func (q *MemoryQueue) Receive(ctx context.Context) (string, func(), error) {
	for {
		q.mu.Lock()
		if len(q.ids) > 0 {
			id := q.ids[0]
			q.ids = q.ids[1:]
			more := len(q.ids) > 0
			q.mu.Unlock()
			if more {
				select {
				case q.ready <- struct{}{}:
				default:
				}
			}
			return id, func() {}, nil
		}
		q.mu.Unlock()
		select {
		case <-q.ready:
		case <-ctx.Done():
			return "", nil, ctx.Err()
		}
	}
}

// PubSubQueue is a Queue over a gocloud.dev pubsub topic and subscription
// (mem:// is linked; other drivers are blank-imported by the program that
// wants them).
type PubSubQueue struct {
	Topic        *pubsub.Topic
	Subscription *pubsub.Subscription
}

// Send implements Queue.
func (q *PubSubQueue) Send(ctx context.Context, id string) error {
	return q.Topic.Send(ctx, &pubsub.Message{Body: []byte(id)})
}

// Receive implements Queue.
func (q *PubSubQueue) Receive(ctx context.Context) (string, func(), error) {
	m, err := q.Subscription.Receive(ctx)
	if err != nil {
		return "", nil, err
	}
	return string(m.Body), m.Ack, nil
}
