package autocomplete_test

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// roundTripFloor is the least TestEvalLabelRoundTrip accepts, in per
// cent: the figure last measured (docs/figures.md), less two points (the
// issue's target is 99%).
const roundTripFloor = 95.3

// TestEvalLabelRoundTrip measures whether geocoding a suggestion's label
// finds the place suggested: for 2,000 places drawn at random from the
// Nigerian index (a fixed seed), the first suggestion for the place's
// own name is taken, its label standardized and geocoded, and the answer
// counts when it names the suggestion's place (its id among the result's
// places) or lands within 500 m of its point (5 km for a settlement, LGA
// or state, which two sources may place a few km apart). Sending the suggestion's
// placeId (POST /v1/address/validate) answers for the place itself; this
// is what a client that sends the label gets.
func TestEvalLabelRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, names := nigeriaNames(t)
	g := storetest.Nigeria(t, shareddata.Dir(t))
	ctx := context.Background()
	rng := rand.New(rand.NewSource(7))
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	n, same := 0, 0
	byKind := map[address.PlaceKind][2]int{}
	var misses []string
	for n < 2000 {
		x := names[rng.Intn(len(names))]
		r, err := ix.Suggest(ctx, autocomplete.Query{Text: x.name + " ", Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Suggestions) == 0 {
			continue
		}
		sg := r.Suggestions[0]
		n++
		s, err := address.Standardize(ctx, address.Input{Text: sg.Label})
		ok := false
		if err == nil {
			res, err := address.Geocode(ctx, g, s)
			if err != nil {
				t.Fatal(err)
			}
			within := 500.0
			switch sg.Kind {
			case address.KindCity, address.KindTown, address.KindVillage, address.KindLGA, address.KindState:
				// a settlement two sources place apart (GeoNames and OSM)
				// is one place: its points lie within a few km
				within = 5000
			}
			ok = slices.Contains(res.PlaceIDs, sg.ID) ||
				res.HasPoint && sg.Point != autocomplete.PointNone && address.Distance(res.Latitude, res.Longitude, sg.Latitude, sg.Longitude) <= within
		}
		k := byKind[sg.Kind]
		k[0]++
		if ok {
			same++
			k[1]++
		} else if len(misses) < 20 {
			misses = append(misses, fmt.Sprintf("%q (%s)", sg.Label, sg.Kind))
		}
		byKind[sg.Kind] = k
	}
	got := pct(same, n)
	rep.Logf("label round trip: %.2f%% of %d suggestions geocoded back to their place (target 99%%)", got, n)
	for _, k := range slices.Sorted(func(yield func(address.PlaceKind) bool) {
		for k := range byKind {
			if !yield(k) {
				return
			}
		}
	}) {
		rep.Logf("  %-13s %5.1f%% of %d", k, pct(byKind[k][1], byKind[k][0]), byKind[k][0])
	}
	for _, m := range misses {
		t.Logf("not found back: %s", m)
	}
	if got < roundTripFloor {
		t.Errorf("label round trip %.2f%%, below its floor %.1f%%", got, roundTripFloor)
	}
}
