package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// setMemoryLimit gives the process a soft memory limit (debug.SetMemoryLimit)
// when $GOMEMLIMIT sets none: what is live once the gazetteer is loaded,
// plus as much again and at least 128 MiB for the work. The garbage collector
// then collects before the heap doubles (GOGC's rule), which keeps a
// 500,000-row batch with the Nigerian gazetteer under 300 MB of RSS for a
// few percent of its time (docs/figures.md). It returns the limit (0 when
// $GOMEMLIMIT is set) and a func that puts the limit before back, for a
// process that goes on after the batch (tests, programs that call Run).
func setMemoryLimit() (int64, func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return 0, func() {}
	}
	prev := debug.SetMemoryLimit(-1)
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	live := int64(sample[0].Value.Uint64())
	limit := live + max(live, 128<<20)
	debug.SetMemoryLimit(limit)
	return limit, func() { debug.SetMemoryLimit(prev) }
}

// loadGCPercent is the collector's target while a gazetteer is loaded:
// most of what loading allocates stays live, and collecting as often as
// gcPercent does there is work for nothing: a batch starts sooner, for
// a little more RSS, still below a batch's peak (docs/figures.md).
const loadGCPercent = 200

// loading sets the collector's target for loading a gazetteer, unless
// $GOGC sets one, and returns a func that puts the target before back.
func loading() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	prev := debug.SetGCPercent(loadGCPercent)
	return func() { debug.SetGCPercent(prev) }
}
