package main

import (
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
)

// background watches a server's own goroutines: a panic in one (a bug)
// is logged with its stack and makes the node unready, instead of taking
// the process down with the requests in flight.
type background struct {
	log    *slog.Logger
	broken atomic.Pointer[error]
}

// guard returns fn run under the watch.
func (b *background) guard(what string, fn func()) func() {
	return func() {
		defer func() {
			if p := recover(); p != nil {
				err := fmt.Errorf("%s panicked: %v", what, p)
				b.log.Error("recovered a panic: this node should be restarted", "where", what, "panic", p, "stack", string(debug.Stack()))
				b.broken.CompareAndSwap(nil, &err)
			}
		}()
		fn()
	}
}

// healthy reports the first panic recovered.
func (b *background) healthy() error {
	if err := b.broken.Load(); err != nil {
		return *err
	}
	return nil
}

// firstError returns a check that runs checks in turn (nil ones are
// skipped) and returns the first error.
func firstError(checks ...func() error) func() error {
	return func() error {
		for _, c := range checks {
			if c == nil {
				continue
			}
			if err := c(); err != nil {
				return err
			}
		}
		return nil
	}
}
