package autocomplete_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

// importantFloors are the least TestEvalImportance accepts, in per cent:
// the figures measured after an LGA's seat went before the towns of its
// name (docs/figures.md, "Autocomplete"), less two points, for each half
// of the names.
var importantFloors = shareddata.Floors{
	"first after 3 letters, tuning half":     58.0,
	"first after 3 letters, held-aside half": 55.3,
	"first after 4 letters, tuning half":     80.9,
	"first after 4 letters, held-aside half": 77.4,
	"first after 5 letters, tuning half":     84.9,
	"first after 5 letters, held-aside half": 86.9,
}

// importantMaxVillageFirst is the most TestEvalImportance accepts of the
// share of its queries whose first suggestion is a village or ward
// hamlet while a city or town that matches as well (no more typos) is
// suggested too, in per cent.
const importantMaxVillageFirst = 1.0

// TestEvalImportance measures what a search box shows for the places
// people mean most: the state capitals, every city, the towns that name
// their LGA (the LGA seats), and the 200 neighbourhoods the gazetteer ranks
// highest. For each, its first 3, 4 and 5 letters are typed, and the
// place counts as ranked first when the first suggestion is it, or a
// place of its name and kind (the gazetteer holds some twice, from two
// sources, as a city and a town). It reports, by half of the names (the split of
// TestEvalSuggestNigeria), the share ranked first, and the share of all
// those queries whose first suggestion is a village or ward while
// a city or town that matches as well (no more typos) is among the
// suggestions.
func TestEvalImportance(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, g := nigeriaIndex(t)
	ctx := context.Background()
	targets := importantPlaces(t, g)

	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	var first [3][2]int // by letters typed (3, 4, 5) and half: ranked first
	var n [3][2]int
	villageFirst, queries := 0, 0
	var misses []string
	for _, p := range targets {
		h := 0
		if heldAside(named{p.ID, p.Name}) {
			h = 1
		}
		letters := []rune(strings.TrimSpace(p.Name))
		for i, k := range []int{3, 4, 5} {
			if len(letters) < k {
				continue
			}
			text := string(letters[:k])
			r, err := ix.Suggest(ctx, autocomplete.Query{Text: text, Limit: 5})
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			n[i][h]++
			queries++
			if len(r.Suggestions) == 0 {
				continue
			}
			top := r.Suggestions[0]
			if top.ID == p.ID || address.NameKey(top.MainText) == address.NameKey(p.Name) && settlement(top.Kind) == settlement(p.Kind) {
				first[i][h]++
			} else if len(misses) < 15 && k == 5 {
				misses = append(misses, fmt.Sprintf("%q for %s (%s): first %s (%s)", text, p.Name, p.Kind, top.Label, top.Kind))
			}
			small := top.Kind == address.KindVillage || top.Kind == address.KindWard
			if small && slices.ContainsFunc(r.Suggestions, func(s autocomplete.Suggestion) bool {
				return (s.Kind == address.KindCity || s.Kind == address.KindTown) && s.Match.Typos <= top.Match.Typos
			}) {
				villageFirst++
			}
		}
	}
	got := map[string]float64{}
	rep.Logf("important places ranked first: %d targets (cities, state capitals, LGA seats, the 200 neighbourhoods ranked highest)", len(targets))
	for i, k := range []int{3, 4, 5} {
		for h, half := range []string{"tuning half", "held-aside half"} {
			got[fmt.Sprintf("first after %d letters, %s", k, half)] = pct(first[i][h], n[i][h])
		}
		rep.Logf("  after %d letters: %.2f%% (tuning half %.2f%% of %d, held aside %.2f%% of %d)", k,
			pct(first[i][0]+first[i][1], n[i][0]+n[i][1]), pct(first[i][0], n[i][0]), n[i][0], pct(first[i][1], n[i][1]), n[i][1])
	}
	vf := pct(villageFirst, queries)
	rep.Logf("  a village or ward first while a city or town is suggested that matches as well: %.2f%% of %d queries", vf, queries)
	for _, m := range misses {
		t.Logf("not first: %s", m)
	}
	importantFloors.Check(t, got)
	if vf > importantMaxVillageFirst {
		t.Errorf("a village first while a city or town that matches as well is suggested in %.2f%% of the queries, more than %.1f%%", vf, importantMaxVillageFirst)
	}
}

// TestEvalImportantTypos types the places of TestEvalImportance whole,
// each with one typo of each kind people make (realTypos), and reports,
// by kind and half, the share that offers the place (or a place of its
// name and kind) among the first five, and first.
func TestEvalImportantTypos(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, g := nigeriaIndex(t)
	ctx := context.Background()
	var targets []named
	kinds := map[string]address.PlaceKind{}
	for _, p := range importantPlaces(t, g) {
		targets = append(targets, named{p.ID, p.Name})
		kinds[p.ID] = p.Kind
	}
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	got := map[string]float64{}
	for _, typo := range realTypos {
		var n, five, first [2]int
		var misses []string
		for x, rng := range drawOrder(targets, "important "+typo.kind) {
			text := typo.make(rng, []rune(x.name))
			if text == "" || address.NameKey(text) == address.NameKey(x.name) {
				continue
			}
			r, err := ix.Suggest(ctx, autocomplete.Query{Text: text, Limit: 5})
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			h := half(x)
			n[h]++
			at := slices.IndexFunc(r.Suggestions, func(s autocomplete.Suggestion) bool {
				return s.ID == x.id || address.NameKey(s.MainText) == address.NameKey(x.name) && settlement(s.Kind) == settlement(kinds[x.id])
			})
			switch {
			case at == 0:
				first[h]++
				five[h]++
			case at > 0:
				five[h]++
			case h == 0 && len(misses) < 8:
				misses = append(misses, fmt.Sprintf("%q for %s (%s)", text, x.name, kinds[x.id]))
			}
		}
		for h, name := range []string{"tuning half", "held-aside half"} {
			got[typo.kind+", in the first five, "+name] = pct(five[h], n[h])
			got[typo.kind+", first, "+name] = pct(first[h], n[h])
		}
		rep.Logf("important places, %s: in the first five %.2f%% (tuning half %.2f%% of %d, held aside %.2f%% of %d); first %.2f%% (%.2f%%, %.2f%%)",
			typo.kind, pct(five[0]+five[1], n[0]+n[1]), pct(five[0], n[0]), n[0], pct(five[1], n[1]), n[1],
			pct(first[0]+first[1], n[0]+n[1]), pct(first[0], n[0]), pct(first[1], n[1]))
		for _, m := range misses {
			t.Logf("  not in the first five: %s", m)
		}
	}
	importantTypoFloors.Check(t, got)
}

// importantPlaces returns the places people mean most, which
// TestEvalImportance and TestEvalImportantTypos type: the state capitals,
// every city, the towns that name their LGA (the LGA seats), and the 200
// neighbourhoods the gazetteer ranks highest.
func importantPlaces(tb testing.TB, g *storage.Gazetteer) []address.Place {
	tb.Helper()
	ctx := context.Background()
	capitals := map[string]bool{}
	for _, s := range address.Subdivisions("NG") {
		capitals[address.NameKey(s.Capital)] = true
	}
	names := map[string]string{} // LGA names, by id
	var all []address.Place
	err := g.Scan(ctx, func(p address.Place) error {
		if p.Country != "NG" {
			return nil
		}
		if p.Kind == address.KindLGA {
			names[p.ID] = p.Name
		}
		if p.Kind == address.KindCity || p.Kind == address.KindTown || p.Kind == address.KindNeighbourhood {
			all = append(all, p)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	seat := func(p address.Place) bool {
		for _, id := range p.Parents {
			if n, ok := names[id]; ok && address.NameKey(n) == address.NameKey(p.Name) {
				return true
			}
		}
		return false
	}
	var targets, hoods []address.Place
	for _, p := range all {
		switch {
		case p.Kind == address.KindCity, capitals[address.NameKey(p.Name)] && p.Kind == address.KindTown, p.Kind == address.KindTown && seat(p):
			targets = append(targets, p)
		case p.Kind == address.KindNeighbourhood:
			hoods = append(hoods, p)
		}
	}
	slices.SortStableFunc(hoods, func(a, b address.Place) int { return int(b.Rank - a.Rank) })
	return append(targets, hoods[:min(200, len(hoods))]...)
}

// settlement names a city and a town alike, other kinds as they are.
func settlement(k address.PlaceKind) address.PlaceKind {
	if k == address.KindTown {
		return address.KindCity
	}
	return k
}

// TestImportantFirst runs the search-box checks of the autocomplete issue
// on the imported Nigerian gazetteer: short prefixes offer the well-known
// places, and a focus point decides between places of one name.
func TestImportantFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("opens the imported Nigerian gazetteer: not in -short")
	}
	ix, _ := nigeriaIndex(t)
	labels := func(q autocomplete.Query) []string {
		t.Helper()
		r, err := ix.Suggest(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range r.Suggestions {
			out = append(out, s.Label)
		}
		return out
	}
	has := func(got []string, prefix string) bool {
		return slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, prefix) })
	}
	if got := labels(autocomplete.Query{Text: "iko"}); !has(got, "Ikoyi,") || !has(got, "Ikorodu,") {
		t.Errorf("iko: %q, want Ikoyi and Ikorodu", got)
	}
	for text, first := range map[string]string{"ikor": "Ikorodu,", "ibad": "Ibadan,", "por": "Port Harcourt,", "kano": "Kano, Kano Municipal"} {
		if got := labels(autocomplete.Query{Text: text}); len(got) == 0 || !strings.HasPrefix(got[0], first) {
			t.Errorf("%s: %q, want %s first", text, got, first)
		}
	}
	// a city one likely typo away takes the last place of a list of
	// villages the text matches better, which keep their order
	for text, want := range map[string]string{"wari": "Warri,", "owerre": "Owerri,", "kani": "Kano, Kano Municipal", "akere": "Akure,"} {
		got := labels(autocomplete.Query{Text: text})
		if len(got) != 5 || !strings.HasPrefix(got[4], want) || strings.HasPrefix(got[0], want) {
			t.Errorf("%s: %q, want %s last", text, got, want)
		}
	}
	// but not beside a neighbourhood typed right, and no small town
	for text, not := range map[string]string{"yaba": "Yabo,", "ogudu": "Obudu,"} {
		if got := labels(autocomplete.Query{Text: text}); has(got, not) {
			t.Errorf("%s: %q, want no %s", text, got, not)
		}
	}
	jigawa := &autocomplete.Point{Lat: 12.2, Lon: 9.6} // Dutse, Jigawa
	abuja := &autocomplete.Point{Lat: 9.06, Lon: 7.49} // central Abuja
	for _, c := range []struct {
		focus *autocomplete.Point
		first string
	}{{jigawa, "Garki, Jigawa"}, {abuja, "Garki, Abuja Municipal"}} {
		if got := labels(autocomplete.Query{Text: "garki", Focus: c.focus}); len(got) == 0 || !strings.HasPrefix(got[0], c.first) {
			t.Errorf("garki near %v: %q, want %s first", *c.focus, got, c.first)
		}
	}
	// a strong text match far away still beats a weaker one nearby:
	// Ikeja typed right, from Abuja
	if got := labels(autocomplete.Query{Text: "ikeja", Focus: abuja}); len(got) == 0 || !strings.HasPrefix(got[0], "Ikeja,") {
		t.Errorf("ikeja from Abuja: %q, want Ikeja first", got)
	}
	seen := map[string]bool{}
	for _, l := range labels(autocomplete.Query{Text: "lagos", Limit: 10}) {
		if seen[l] {
			t.Errorf("lagos: the label %q twice", l)
		}
		seen[l] = true
	}
}

// TestHouseNumbersCarried: a query that starts or ends with a number
// suggests the street with the number carried (label, main text,
// components, highlight), its point the street's.
func TestHouseNumbersCarried(t *testing.T) {
	if testing.Short() {
		t.Skip("opens the imported Nigerian gazetteer: not in -short")
	}
	ix, _ := nigeriaIndex(t)
	for text, want := range map[string]string{
		"12 adeola od":                "12 Adeola Odeku Street, Victoria Island",
		"adeola odeku 12":             "12 Adeola Odeku Street, Victoria Island",
		"15 ikwerre rd port harcourt": "15 Ikwerre Road, Port Harcourt",
		"No 3 zoo rd":                 "3 Zoo Road, Kano",
		"plot 5 ajose":                "5 Ajose",
		// a number typed means an address: a street before a village of
		// the name ("Awolowo Camp"), and a word of the prefix too ("awo")
		"15 awolowo": "15 Awolowo",
		"15 awo":     "15 ",
	} {
		r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Suggestions) == 0 || !strings.HasPrefix(r.Suggestions[0].Label, want) {
			t.Errorf("%q: %v, want %q first", text, r.Suggestions, want)
			continue
		}
		s := r.Suggestions[0]
		if s.Match.Unmatched != 0 || s.Match.Typos != 0 {
			t.Errorf("%q: %+v, want every word matched without a typo", text, s)
		}
		hn, _, _ := strings.Cut(want, " ")
		if s.Components.HouseNumber != hn || !strings.HasPrefix(s.MainText, hn+" ") || s.Point == autocomplete.PointOwn ||
			len(s.Matches) == 0 || s.Matches[0] != (autocomplete.Span{Offset: 0, Length: len(hn)}) {
			t.Errorf("%q: %+v, want house number %s carried", text, s, hn)
		}
	}
	// a number that ends, with the word before it, the name of the
	// place the street lies in is that place's, not the house's
	r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: "aminu kano crescent wuse 2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Suggestions) == 0 || r.Suggestions[0].Label != "Aminu Kano Crescent, Wuse 2, Abuja Municipal, Federal Capital Territory, Nigeria" ||
		r.Suggestions[0].Components.HouseNumber != "" {
		t.Errorf("aminu kano crescent wuse 2: %+v, want the street in Wuse 2 without a house number", r.Suggestions)
	}
}

// nigeriaIndex opens the gazetteer of scripts/import-nigeria.sh and its
// autocomplete index.
func nigeriaIndex(t *testing.T) (*autocomplete.Index, *storage.Gazetteer) {
	t.Helper()
	g := storetest.Nigeria(t, shareddata.Dir(t))
	ix, err := autocomplete.Open(context.Background(), g, autocomplete.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix, g
}

// importantTypoFloors are the least TestEvalImportantTypos accepts, in
// per cent: the figures measured when a full list made room for the city
// or large town a likely typo away (standout; docs/figures.md, "A city a
// typo away"), less two points, for each kind of typo and half.
var importantTypoFloors = shareddata.Floors{
	"a key beside struck for a letter, first, held-aside half":             75.4,
	"a key beside struck for a letter, first, tuning half":                 76.0,
	"a key beside struck for a letter, in the first five, held-aside half": 83.9,
	"a key beside struck for a letter, in the first five, tuning half":     83.5,
	"a letter doubled, first, held-aside half":                             87.6,
	"a letter doubled, first, tuning half":                                 88.9,
	"a letter doubled, in the first five, held-aside half":                 93.2,
	"a letter doubled, in the first five, tuning half":                     92.9,
	"a letter dropped, first, held-aside half":                             62.0,
	"a letter dropped, first, tuning half":                                 64.0,
	"a letter dropped, in the first five, held-aside half":                 78.0,
	"a letter dropped, in the first five, tuning half":                     80.7,
	"a vowel for another, first, held-aside half":                          61.0,
	"a vowel for another, first, tuning half":                              62.0,
	"a vowel for another, in the first five, held-aside half":              80.0,
	"a vowel for another, in the first five, tuning half":                  79.0,
	"the second letter wrong, first, held-aside half":                      77.7,
	"the second letter wrong, first, tuning half":                          80.9,
	"the second letter wrong, in the first five, held-aside half":          84.4,
	"the second letter wrong, in the first five, tuning half":              89.1,
}
