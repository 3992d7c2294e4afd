package shareddata

import (
	"maps"
	"slices"
	"testing"
)

// Floors holds, by the name of a figure, the least share in per cent that
// an evaluation accepts: below it, the test fails.
type Floors map[string]float64

// Check fails the test for every figure of got under its floor, and for
// every figure of got that has no floor (a figure renamed on one side
// only would otherwise go unchecked).
func (f Floors) Check(tb testing.TB, got map[string]float64) {
	tb.Helper()
	for _, name := range slices.Sorted(maps.Keys(got)) {
		floor, ok := f[name]
		switch {
		case !ok:
			tb.Errorf("%s: %.2f%%, but no floor of that name", name, got[name])
		case got[name] < floor:
			tb.Errorf("%s: %.2f%%, below its floor %.2f%%", name, got[name], floor)
		}
	}
}
