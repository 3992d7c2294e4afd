package natsdriver

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Queue is a jobs.Queue over the work-queue stream TasksStream and its
// durable consumer WorkersConsumer, shared by every Conn to the server:
// each task is delivered to one worker at a time, whichever node it runs
// on.
type Queue struct {
	c    *Conn
	cons atomic.Pointer[jetstream.Consumer]
}

var _ jobs.Queue = (*Queue)(nil)

// Durable reports that the queue keeps its tasks when a node stops: the
// stream is on the server, so a Manager starting need not queue again the
// chunks of unfinished jobs.
func (q *Queue) Durable() bool { return true }

// How Receive waits: a pull request lasts at most pullWait; after a
// failure it tries again after a backoff from minBackoff doubling to
// maxBackoff.
const (
	pullWait   = 5 * time.Second
	minBackoff = 50 * time.Millisecond
	maxBackoff = 2 * time.Second
)

// errStateChanged ends a pull request when the connection drops or comes
// back: the server has forgotten the request.
var errStateChanged = errors.New("natsdriver: connection state changed")

// Send implements jobs.Queue: it returns once the server has stored the
// task. Across a broker restart it tries again for a while; the server
// drops the copies of one Send that reached it more than once (the
// message id is the same).
func (q *Queue) Send(ctx context.Context, id string) error {
	msgID := id + "/" + rand.Text()
	_, err := q.c.retry(ctx, func(ctx context.Context) error {
		_, err := q.c.js.Publish(ctx, TasksSubject, []byte(id), jetstream.WithMsgID(msgID))
		return err
	})
	if err != nil {
		return fmt.Errorf("natsdriver: send %s: %w", id, err)
	}
	return nil
}

// Receive implements jobs.Queue. It waits for a task across broker
// outages and restarts; it returns an error only when ctx ends (ctx.Err())
// or the Conn is closed (ErrClosed).
func (q *Queue) Receive(ctx context.Context) (jobs.Task, error) {
	backoff := minBackoff
	failing := false
	failures := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		select {
		case <-q.c.closing:
			return nil, ErrClosed
		default:
		}
		msg, err := q.pull(ctx)
		if msg != nil {
			if failing {
				q.c.log.Info("natsdriver: receiving tasks again")
			}
			return newTask(msg), nil
		}
		switch {
		case err == nil || errors.Is(err, errStateChanged):
			backoff, failures = minBackoff, 0
			continue
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, ErrClosed):
			return nil, err
		}
		if !failing {
			q.c.log.Warn("natsdriver: cannot receive tasks, trying again", "err", err)
			failing = true
		}
		failures++
		if failures >= 3 && (errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrStreamNotFound) ||
			errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrConsumerDeleted)) {
			// the consumer does not answer: the broker may have lost it (a
			// new server, an operator's mistake), or JetStream is not up
			// yet, and then this fails too. Make them again.
			if cons, err := q.c.setupQueue(ctx); err == nil {
				q.cons.Store(&cons)
			}
		}
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-q.c.closing:
			return nil, ErrClosed
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// pull asks the server for one task and waits for it: a nil message and
// error when none came within pullWait.
func (q *Queue) pull(ctx context.Context) (jetstream.Msg, error) {
	changed := q.c.stateChanged()
	if !q.c.nc.IsConnected() {
		select {
		case <-changed:
			return nil, errStateChanged
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-q.c.closing:
			return nil, ErrClosed
		}
	}
	wait := pullWait
	if deadline, ok := ctx.Deadline(); ok {
		wait = min(wait, max(time.Until(deadline), 10*time.Millisecond))
	}
	batch, err := (*q.cons.Load()).Fetch(1, jetstream.FetchMaxWait(wait))
	if err != nil {
		return nil, err
	}
	var stop error
	select {
	case msg := <-batch.Messages():
		if msg != nil {
			return msg, nil
		}
		return nil, batch.Error()
	case <-changed:
		stop = errStateChanged
	case <-ctx.Done():
		stop = ctx.Err()
	case <-q.c.closing:
		stop = ErrClosed
	}
	// a task may still come for the abandoned request: give it back at
	// once rather than leave it to the ack wait
	go func() {
		for msg := range batch.Messages() {
			msg.Nak()
		}
	}()
	return nil, stop
}

// task is a delivery of a Queue.
type task struct {
	msg jetstream.Msg
	n   int
}

func newTask(msg jetstream.Msg) *task {
	t := &task{msg: msg, n: 1}
	if md, err := msg.Metadata(); err == nil {
		t.n = int(md.NumDelivered)
	}
	return t
}

// ID implements jobs.Task.
func (t *task) ID() string { return string(t.msg.Data()) }

// Deliveries implements jobs.Task.
func (t *task) Deliveries() int { return t.n }

// Ack implements jobs.Task: it returns once the server has confirmed it.
func (t *task) Ack(ctx context.Context) error { return t.msg.DoubleAck(ctx) }

// Nack implements jobs.Task.
func (t *task) Nack(ctx context.Context, delay time.Duration) error {
	if delay > 0 {
		return t.msg.NakWithDelay(delay)
	}
	return t.msg.Nak()
}

// InProgress implements jobs.Task.
func (t *task) InProgress(ctx context.Context) error { return t.msg.InProgress() }
