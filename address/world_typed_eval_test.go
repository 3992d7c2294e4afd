package address_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/internal/shareddata"
)

// worldTypedCorpus holds addresses of other countries typed as people type
// them (lower case, no commas, often no country or postcode), labelled by
// hand.
const worldTypedCorpus = "testdata/world-typed.txt"

// worldTypedFloor is the least share of labelled components (country
// included) TestEvalWorldTyped accepts on each half, in per cent: the
// figure measured when the corpus was written, less three points.
const worldTypedFloor = 82.0

// TestEvalWorldTyped standardizes and geocodes the lines of
// worldTypedCorpus on the built-in gazetteer and scores their labelled
// components, the country among them, on each half.
func TestEvalWorldTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	lines := openTypedFile(t, worldTypedCorpus)
	gz := builtinGazetteer(t)
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	type score struct{ lines, country, labelled, right int }
	scores := map[string]*score{"tune": {}, "held": {}}
	for _, l := range lines {
		if l.labels["country"] == "" {
			t.Fatalf("%s:%d: no country label", worldTypedCorpus, l.line)
		}
		got := typedResult(t, gz, l.in)
		sc := scores[l.half()]
		sc.lines++
		for _, key := range slices.Sorted(maps.Keys(l.labels)) {
			want := l.labels[key]
			ok := typedRight(key, want, got)
			sc.labelled++
			if ok {
				sc.right++
				if key == "country" {
					sc.country++
				}
				continue
			}
			t.Logf("%s:%d (%s): %q: %s = %q, want %q", worldTypedCorpus, l.line, l.half(), l.in, key, got[key], want)
		}
	}
	for _, half := range []string{"tune", "held"} {
		sc := scores[half]
		got := pct(sc.right, sc.labelled)
		rep.Logf("world addresses as typed, built-in gazetteer, %s half: %d lines, components right %.2f%% (%d of %d), country right %.2f%%",
			half, sc.lines, got, sc.right, sc.labelled, pct(sc.country, sc.lines))
		if got < worldTypedFloor {
			t.Errorf("%s half: components right %.2f%%, below its floor %.1f%%", half, got, worldTypedFloor)
		}
	}
}
