package panics_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/panics"
)

// TestWatch: a panic of the work is recovered, logged with its stack, and
// the first one kept; work that ends well leaves Err nil.
func TestWatch(t *testing.T) {
	var w panics.Watch
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	run := func(what string, fn func()) {
		defer w.Recover(log, what)
		fn()
	}
	run("fine", func() {})
	if err := w.Err(); err != nil {
		t.Fatalf("Err after work that ended well: %v", err)
	}
	run("first", func() { panic("one") })
	run("second", func() { panic("two") })
	if err := w.Err(); err == nil || err.Error() != "first panicked: one" {
		t.Errorf("Err = %v, want the first panic", err)
	}
	if !strings.Contains(logs.String(), "panic=two") || !strings.Contains(logs.String(), "goroutine") {
		t.Errorf("the panics were not logged with their stacks: %s", logs.String())
	}
}
