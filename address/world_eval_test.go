package address_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// worldFloors are the least TestEvalWorldPlaces accepts, in per cent: the
// figures measured when it was written (docs/figures.md, "The world built
// in"), less one point.
var worldFloors = shareddata.Floors{
	"world places, tuning half":     97.3,
	"world places, held-aside half": 97.6,
}

// TestEvalWorldPlaces draws 4,000 cities, towns and villages of other
// countries than Nigeria from the built-in gazetteer (GeoNames), writes
// each as its country writes a last line ("<city>, <division>, <country>"
// in the country's order, by Address.Lines) and checks that the text,
// standardized with no region and geocoded, is placed in its country
// within 25 km of the place: what the rules read of addresses they were
// not written for, on both halves of a split by the place's id.
func TestEvalWorldPlaces(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	ctx := context.Background()
	g := storetest.Shared(t)
	var places []address.Place
	err := g.Scan(ctx, func(p address.Place) error {
		if p.Source == "geonames" && p.Country != "NG" && p.HasPoint &&
			(p.Kind == address.KindCity || p.Kind == address.KindTown || p.Kind == address.KindVillage) {
			places = append(places, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	hash := func(s string) uint32 {
		h := fnv.New32a()
		h.Write([]byte(s))
		return h.Sum32()
	}
	// a sample by hash: the same places every run
	slices.SortFunc(places, func(a, b address.Place) int { return int(int64(hash(a.ID)) - int64(hash(b.ID))) })
	places = places[:min(len(places), 4000)]
	var n, right [2]int
	var wrong []string
	for _, p := range places {
		a := address.Address{City: p.Name, Country: p.Country}
		if c, ok := address.LookupCountry(p.Country); ok {
			a.CountryName = c.Name
		}
		if len(p.Parents) >= 2 {
			if s, ok, _ := g.Place(ctx, p.Parents[0]); ok {
				a.State = s.Name
			}
		}
		line, _, _ := a.Lines()
		h := int(hash(p.ID+"/half") % 2)
		n[h]++
		s, err := address.Standardize(ctx, address.Input{Text: line})
		if err != nil {
			wrong = append(wrong, fmt.Sprintf("%s: %v", line, err))
			continue
		}
		r, err := address.Geocode(ctx, g, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.HasPoint && r.Address.Country == p.Country && address.Distance(p.Lat, p.Lon, r.Latitude, r.Longitude) <= 25000 {
			right[h]++
		} else if len(wrong) < 15 {
			wrong = append(wrong, fmt.Sprintf("%s: %s %s %s", line, r.Address.Country, r.Level, r.Address.City))
		}
	}
	pct := func(h int) float64 { return 100 * float64(right[h]) / float64(max(n[h], 1)) }
	rep.Logf("World places written as their countries write them (\"<city>, <division>, <country>\"), built-in gazetteer: %d places; within 25 km, in the country: tuning half %.2f%% (%d), held-aside half %.2f%% (%d)",
		n[0]+n[1], pct(0), n[0], pct(1), n[1])
	for _, w := range wrong[:min(len(wrong), 10)] {
		t.Logf("  missed: %s", w)
	}
	worldFloors.Check(t, map[string]float64{"world places, tuning half": pct(0), "world places, held-aside half": pct(1)})
}
