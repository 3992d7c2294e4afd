// Package panics recovers the panics of a process's own goroutines (a
// bug): each is logged with its stack, and the first is kept, so that
// the process reports itself unready instead of taking down the work in
// flight with it.
package panics

import (
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
)

// Watch keeps the first panic recovered; the zero value is ready to use.
type Watch struct {
	first atomic.Pointer[error]
}

// Recover, deferred by a goroutine's work (defer w.Recover(log,
// "what")), recovers its panic, logs it with its stack and keeps it for
// Err.
func (w *Watch) Recover(log *slog.Logger, what string) {
	p := recover()
	if p == nil {
		return
	}
	err := fmt.Errorf("%s panicked: %v", what, p)
	log.Error("recovered a panic: this node should be restarted", "where", what, "panic", p, "stack", string(debug.Stack()))
	w.first.CompareAndSwap(nil, &err)
}

// Err returns the first panic recovered, or nil.
func (w *Watch) Err() error {
	if err := w.first.Load(); err != nil {
		return *err
	}
	return nil
}
