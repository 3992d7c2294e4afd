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

// How requests ride out a broker restart, and answer fast in an outage:
// each attempt waits at most attemptTimeout for the server's answer, and
// a request is tried again, after a backoff, for up to patience (or until
// its context ends), unless the connection has been down for outage: a
// restart reconnects within a second or two and is ridden out (JetStream
// then takes some seconds to recover its streams, while connected, and
// answers 503 meanwhile); a server down for longer, or one that has
// answered nothing for as long, is an outage: the request fails with
// jobs.ErrUnavailable (503 with Retry-After), and while the connection
// stays down every request fails at once, until it is back.
const (
	attemptTimeout = 2 * time.Second
	patience       = 15 * time.Second
	outage         = 4 * time.Second
)

// down reports how long the connection has been down (0 while up).
func (c *Conn) down() time.Duration {
	since := c.downSince.Load()
	if since == 0 {
		return 0
	}
	return time.Since(time.Unix(0, since))
}

// transient reports whether a request failed because the broker was away
// or not ready (JetStream recovering its streams after a restart), so
// that trying again later may succeed.
func transient(err error) bool {
	var apiErr *jetstream.APIError
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse) ||
		errors.Is(err, nats.ErrConnectionReconnecting) || errors.Is(err, nats.ErrDisconnected) ||
		errors.Is(err, nats.ErrConnectionDraining) || errors.Is(err, nats.ErrReconnectBufExceeded) ||
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
	start := time.Now()
	give := start.Add(patience)
	if d := c.down(); d >= outage {
		return false, fmt.Errorf("%w: the connection to NATS has been down for %s", jobs.ErrUnavailable, d.Round(time.Second))
	}
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
		silent := unanswered(err) && time.Since(start)+backoff >= outage
		if time.Now().Add(backoff).After(give) || c.down()+backoff >= outage || silent {
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
