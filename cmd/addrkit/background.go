package main

import (
	"log/slog"

	"github.com/addrkit/addrkit/internal/panics"
)

// background watches a server's own goroutines: a panic in one (a bug)
// is logged with its stack and makes the node unready, instead of taking
// the process down with the requests in flight.
type background struct {
	log    *slog.Logger
	panics panics.Watch
}

// guard returns fn run under the watch.
func (b *background) guard(what string, fn func()) func() {
	return func() {
		defer b.panics.Recover(b.log, what)
		fn()
	}
}

// healthy reports the first panic recovered.
func (b *background) healthy() error { return b.panics.Err() }

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
