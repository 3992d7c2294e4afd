package autocomplete_test

import (
	"context"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/shareddata"
)

// areaFloors are the least shares TestEvalNameInArea accepts, by kind of
// query, in per cent: the figures of docs/figures.md less two points.
var areaFloors = shareddata.Floors{
	"a street, then its city or town":              97.2,
	"a neighbourhood or village, then its LGA":     97.8,
	"a city or town, then its state":               97.5,
	"a ward or village, then its LGA (with typos)": 94.0,
}

// TestEvalNameInArea measures what a search box gets when people type a
// place's name and then where it is, as they do to tell apart the many
// places of a name ("ahmadu bello way kaduna", "gra port harcourt", "jos
// plateau"): 2,000 places of the Nigerian index a kind (a fixed seed), the
// query their name and the name of the city, town, LGA or state around
// them, in lower case; right when the first five suggestions hold the
// place, or a place of its name whose label names the area. The last kind
// puts one random edit in the name. By half of the names, as
// TestEvalSuggestNigeria splits them.
func TestEvalNameInArea(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, g := nigeriaIndex(t)
	ctx := context.Background()
	areas := map[string]address.Place{}
	var streets, small, towns []address.Place
	err := g.Scan(ctx, func(p address.Place) error {
		if p.Country != "NG" {
			return nil
		}
		switch p.Kind {
		case address.KindState, address.KindLGA, address.KindCity, address.KindTown:
			areas[p.ID] = p
		}
		switch p.Kind {
		case address.KindStreet:
			streets = append(streets, p)
		case address.KindNeighbourhood, address.KindVillage, address.KindWard:
			small = append(small, p)
		}
		if p.Kind == address.KindCity || p.Kind == address.KindTown {
			towns = append(towns, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// around returns the name of the first area of one of kinds that p
	// lies in, or "".
	around := func(p address.Place, kinds ...address.PlaceKind) string {
		for _, id := range p.Parents {
			if a, ok := areas[id]; ok && slices.Contains(kinds, a.Kind) && address.NameKey(a.Name) != address.NameKey(p.Name) {
				return a.Name
			}
		}
		return ""
	}
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	got := map[string]float64{}
	for _, c := range []struct {
		kind   string
		places []address.Place
		area   []address.PlaceKind
		typo   bool
	}{
		{"a street, then its city or town", streets, []address.PlaceKind{address.KindCity, address.KindTown}, false},
		{"a neighbourhood or village, then its LGA", small, []address.PlaceKind{address.KindLGA}, false},
		{"a city or town, then its state", towns, []address.PlaceKind{address.KindState}, false},
		{"a ward or village, then its LGA (with typos)", small, []address.PlaceKind{address.KindLGA}, true},
	} {
		rng := rand.New(rand.NewSource(11))
		var n, right [2]int
		for tries := 0; n[0]+n[1] < 2000 && tries < 100000; tries++ {
			p := c.places[rng.Intn(len(c.places))]
			area := around(p, c.area...)
			name := strings.ToLower(p.Name)
			if area == "" || len(address.Tokens(p.Name)) == 0 || c.typo && len([]rune(name)) < 5 {
				continue
			}
			if c.typo {
				name = edit(rng, name, 1)
			}
			x := named{p.ID, p.Name}
			h := half(x)
			n[h]++
			r, err := ix.Suggest(ctx, autocomplete.Query{Text: name + " " + strings.ToLower(area), Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if slices.ContainsFunc(r.Suggestions, func(s autocomplete.Suggestion) bool {
				return s.ID == p.ID || address.NameKey(s.MainText) == address.NameKey(p.Name) && strings.Contains(address.NameKey(s.Label), address.NameKey(area))
			}) {
				right[h]++
			}
		}
		got[c.kind] = pct(right[0]+right[1], n[0]+n[1])
		rep.Logf("recall@5, %s: %.2f%% (tuning half %.2f%% of %d, held aside %.2f%% of %d)",
			c.kind, got[c.kind], pct(right[0], n[0]), n[0], pct(right[1], n[1]), n[1])
	}
	areaFloors.Check(t, got)
}
