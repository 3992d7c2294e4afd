package natsdriver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// How requests ride out a broker restart: each attempt waits at most
// attemptTimeout for the server's answer, and a request is tried again,
// after a backoff, for up to patience (or until its context ends).
const (
	attemptTimeout = 2 * time.Second
	patience       = 15 * time.Second
)

// transient reports whether a request failed because the broker was away
// or not ready (JetStream recovering its streams after a restart), so
// that trying again later may succeed.
func transient(err error) bool {
	var apiErr *jetstream.APIError
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse) ||
		errors.Is(err, nats.ErrConnectionReconnecting) || errors.Is(err, nats.ErrDisconnected) ||
		errors.Is(err, nats.ErrConnectionDraining) ||
		errors.As(err, &apiErr) && apiErr.Code == 503
}

// unanswered reports whether a request that failed with err may still
// have been carried out: it was sent, and the answer did not come.
func unanswered(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout)
}

// retry runs op until it succeeds or fails for good, ctx ends, the Conn
// is closed or patience has passed, and returns its last error. It
// reports in unsure whether an attempt went unanswered: a write may then
// have been made although op returned an error afterwards.
func (c *Conn) retry(ctx context.Context, op func(ctx context.Context) error) (unsure bool, err error) {
	return c.retryEach(ctx, attemptTimeout, op)
}

// retryEach is retry with attempts of at most timeout each; with none
// when timeout is 0.
func (c *Conn) retryEach(ctx context.Context, timeout time.Duration, op func(ctx context.Context) error) (unsure bool, err error) {
	backoff := minBackoff
	give := time.Now().Add(patience)
	for {
		actx, cancel := ctx, context.CancelFunc(func() {})
		if timeout > 0 {
			actx, cancel = context.WithTimeout(ctx, timeout)
		}
		err = op(actx)
		cancel()
		if err == nil || !transient(err) || ctx.Err() != nil {
			return unsure, err
		}
		unsure = unsure || unanswered(err)
		if time.Now().Add(backoff).After(give) {
			return unsure, fmt.Errorf("%w: %w", jobs.ErrUnavailable, err)
		}
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return unsure, err
		case <-c.closing:
			return unsure, fmt.Errorf("%w: %w", jobs.ErrUnavailable, err)
		}
		backoff = min(2*backoff, maxBackoff)
	}
}
