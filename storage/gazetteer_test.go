package storage

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/dgraph-io/badger/v4"
)

func testPlaces() []address.Place {
	return []address.Place{
		{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9.08, Lon: 8.68, HasPoint: true},
		{ID: "NG-LA", Kind: address.KindState, Name: "Lagos", Country: "NG", Parents: []string{"NG"}, Lat: 6.52, Lon: 3.38, HasPoint: true},
		{ID: "NG-FC", Kind: address.KindState, Name: "Federal Capital Territory", AltNames: []string{"FCT", "Abuja"}, Country: "NG", Parents: []string{"NG"}, Lat: 8.89, Lon: 7.19, HasPoint: true},
		{ID: "lga:la:etiosa", Kind: address.KindLGA, Name: "Eti-Osa", Country: "NG", Parents: []string{"NG-LA", "NG"}, Lat: 6.45, Lon: 3.53, HasPoint: true},
		{ID: "nb:vi", Kind: address.KindNeighbourhood, Name: "Victoria Island", AltNames: []string{"VI"}, Country: "NG", Parents: []string{"lga:la:etiosa", "NG-LA", "NG"}, Lat: 6.4281, Lon: 3.4219, HasPoint: true, Postcodes: []string{"101241"}},
		{ID: "nb:yaba-la", Kind: address.KindNeighbourhood, Name: "Yaba", Country: "NG", Parents: []string{"NG-LA", "NG"}, Lat: 6.5095, Lon: 3.3711, HasPoint: true},
		{ID: "nb:yaba-fc", Kind: address.KindNeighbourhood, Name: "Yaba", Country: "NG", Parents: []string{"NG-FC", "NG"}, Lat: 8.95, Lon: 7.36, HasPoint: true},
		{ID: "st:adeola", Kind: address.KindStreet, Name: "Adeola Odeku Street", Country: "NG", Parents: []string{"nb:vi", "lga:la:etiosa", "NG-LA", "NG"}, Lat: 6.4305, Lon: 3.4140, HasPoint: true, Postcodes: []string{"101241"}},
		{ID: "ad:12adeola", Kind: address.KindAddress, Name: "12 Adeola Odeku Street", HouseNumber: "12", Street: "Adeola Odeku Street", Country: "NG", Parents: []string{"st:adeola", "nb:vi", "lga:la:etiosa", "NG-LA", "NG"}, Lat: 6.4302, Lon: 3.4168, HasPoint: true},
		{ID: "pc:101241", Kind: address.KindPostcode, Name: "101241", Country: "NG", Parents: []string{"nb:vi", "NG-LA", "NG"}, Postcodes: []string{"101241"}, Lat: 6.429, Lon: 3.42, HasPoint: true},
	}
}

// newTestGazetteer opens a real Badger in a temporary directory and loads
// the places.
func newTestGazetteer(t *testing.T, places []address.Place) *Gazetteer {
	t.Helper()
	g, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	putPlaces(t, g, places)
	return g
}

// putPlaces stores the places with a Loader.
func putPlaces(t *testing.T, g *Gazetteer, places []address.Place) {
	t.Helper()
	l, err := g.NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range places {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}

func placeIDs(ps []address.Place) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func TestLookups(t *testing.T) {
	ctx := context.Background()
	g := newTestGazetteer(t, testPlaces())
	tests := []struct {
		name string
		got  func() ([]address.Place, error)
		want []string
	}{
		{"name", func() ([]address.Place, error) { return g.Named(ctx, "NG", address.NameKey("ETI OSA")) }, []string{"lga:la:etiosa"}},
		{"alt name", func() ([]address.Place, error) { return g.Named(ctx, "NG", address.NameKey("F.C.T.")) }, []string{"NG-FC"}},
		{"two places", func() ([]address.Place, error) { return g.Named(ctx, "NG", "yaba") }, []string{"nb:yaba-fc", "nb:yaba-la"}},
		{"other country", func() ([]address.Place, error) { return g.Named(ctx, "GH", "yaba") }, nil},
		{"street type", func() ([]address.Place, error) { return g.Named(ctx, "NG", address.StreetKey("Adeola Odeku St")) }, []string{"st:adeola"}},
		{"address point", func() ([]address.Place, error) {
			return g.Named(ctx, "NG", address.AddressKey("12", "ADEOLA ODEKU STREET"))
		}, []string{"ad:12adeola"}},
		{"postcode", func() ([]address.Place, error) { return g.Postcode(ctx, "NG", "101241") }, []string{"nb:vi", "pc:101241", "st:adeola"}},
		{"children", func() ([]address.Place, error) { return g.Children(ctx, "NG-LA") }, []string{"lga:la:etiosa", "nb:yaba-la"}},
		{"near", func() ([]address.Place, error) { return g.Near(ctx, 6.4303, 3.4160, 300, 10) }, []string{"ad:12adeola", "st:adeola"}},
		{"near kinds", func() ([]address.Place, error) {
			return g.Near(ctx, 6.43, 3.417, 2000, 10, address.KindNeighbourhood)
		}, []string{"nb:vi"}},
		{"similar", func() ([]address.Place, error) { return g.Similar(ctx, "NG", "victoriaisland", 2) }, nil},
		{"similar typo", func() ([]address.Place, error) { return g.Similar(ctx, "NG", "victoriaislnd", 2) }, []string{"nb:vi"}},
	}
	for _, tt := range tests {
		ps, err := tt.got()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := placeIDs(ps)
		if tt.name != "near" {
			slices.Sort(got)
		}
		if len(got) != len(tt.want) || len(got) > 0 && strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	if p, ok, err := g.Place(ctx, "NG-LA"); err != nil || !ok || p.Name != "Lagos" {
		t.Errorf("Place(NG-LA) = %+v, %v, %v", p, ok, err)
	}
	if _, ok, err := g.Place(ctx, "nope"); err != nil || ok {
		t.Errorf("Place(nope) = %v, %v", ok, err)
	}
	if n, err := g.Count(ctx); err != nil || n != len(testPlaces()) {
		t.Errorf("Count = %d, %v", n, err)
	}
}

func TestLoaderIdempotent(t *testing.T) {
	ctx := context.Background()
	g := newTestGazetteer(t, testPlaces())
	l, _ := g.NewLoader()
	for _, p := range testPlaces() {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if s := l.Stats(); s.Written != 0 || s.Unchanged != len(testPlaces()) {
		t.Errorf("re-import: %+v, want nothing written", s)
	}
	// A place renamed and moved loses its old name, postcode and cell.
	l, _ = g.NewLoader()
	vi := testPlaces()[4]
	vi.Name, vi.AltNames, vi.Postcodes, vi.Lat = "Eko Island", nil, []string{"101001"}, 6.45
	if err := l.Put(vi); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"victoriaisland", "vi"} {
		if ps, _ := g.Named(ctx, "NG", key); len(ps) != 0 {
			t.Errorf("old name %q still finds %v", key, placeIDs(ps))
		}
	}
	if ps, _ := g.Named(ctx, "NG", "ekoisland"); len(ps) != 1 {
		t.Errorf("new name finds %v", placeIDs(ps))
	}
	if ps, _ := g.Postcode(ctx, "NG", "101241"); strings.Join(placeIDs(ps), ",") != "pc:101241,st:adeola" {
		t.Errorf("old postcode finds %v", placeIDs(ps))
	}
	if ps, _ := g.Near(ctx, 6.4281, 3.4219, 100, 10); len(ps) != 0 {
		t.Errorf("old point finds %v", placeIDs(ps))
	}
}

// TestLoaderRenamedWithinALoad puts one place three times in one load,
// renamed each time, with a flush between the first two: only the last
// name finds it. A closed loader refuses more.
func TestLoaderRenamedWithinALoad(t *testing.T) {
	ctx := context.Background()
	g := newTestGazetteer(t, nil)
	l, _ := g.NewLoader()
	p := address.Place{ID: "t:1", Kind: address.KindTown, Country: "NG"}
	for i, name := range []string{"Alpha", "Bravo", "Charlie"} {
		p.Name = name
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := l.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"alpha": 0, "bravo": 0, "charlie": 1} {
		if ps, err := g.Named(ctx, "NG", name); err != nil || len(ps) != want {
			t.Errorf("Named(%q) = %v, %v; want %d places", name, placeIDs(ps), err, want)
		}
	}
	if s := l.Stats(); s.Written != 3 {
		t.Errorf("stats %+v, want 3 written", s)
	}
	if err := l.Put(p); err == nil {
		t.Error("Put after Close accepted")
	}
}

func TestLoaderRejects(t *testing.T) {
	g := newTestGazetteer(t, nil)
	l, _ := g.NewLoader()
	defer l.Close()
	for _, p := range []address.Place{
		{Kind: address.KindCity, Name: "X", Country: "NG"},
		{ID: "a", Kind: "planet", Name: "X", Country: "NG"},
		{ID: "a", Kind: address.KindCity, Name: " ", Country: "NG"},
		{ID: "a", Kind: address.KindCity, Name: "X", Country: "Nigeria"},
		{ID: "a", Kind: address.KindCity, Name: "X", Country: "NG", Lat: 91, HasPoint: true},
	} {
		if err := l.Put(p); err == nil {
			t.Errorf("Put(%+v) accepted", p)
		}
	}
}

func TestReadOnly(t *testing.T) {
	dir := t.TempDir()
	g, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := g.NewLoader()
	for _, p := range testPlaces() {
		l.Put(p)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	g.Close()
	ro, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.NewLoader(); err != ErrReadOnly {
		t.Errorf("NewLoader on a read-only store: %v", err)
	}
	if ps, err := ro.Named(context.Background(), "NG", "yaba"); err != nil || len(ps) != 2 {
		t.Errorf("read-only Named: %v, %v", placeIDs(ps), err)
	}
	// what the store answers from disk, to compare with the preloaded one
	answers := func(g *Gazetteer) map[string]any {
		ctx := context.Background()
		out := map[string]any{}
		for _, p := range testPlaces() {
			q, ok, err := g.Place(ctx, p.ID)
			out["place "+p.ID] = fmt.Sprint(q, ok, err)
			ps, err := g.Named(ctx, p.Country, address.NameKey(p.Name))
			out["named "+p.Name] = fmt.Sprint(ps, err)
			ps, err = g.Children(ctx, p.ID)
			out["children "+p.ID] = fmt.Sprint(ps, err)
			keys, ids, err := g.StreetKeys(ctx, p.ID)
			out["streets "+p.ID] = fmt.Sprint(keys, ids, err)
			for _, pc := range p.Postcodes {
				ps, err = g.Postcode(ctx, p.Country, pc)
				out["postcode "+pc] = fmt.Sprint(ps, err)
			}
		}
		return out
	}
	fromDisk := answers(ro)
	if got, want := fromDisk["streets nb:vi"], fmt.Sprint([]string{address.StreetKey("Adeola Odeku Street")}, []string{"st:adeola"}, nil); got != want {
		t.Errorf("StreetKeys(nb:vi) = %v, want %v", got, want)
	}
	if _, ok, err := ro.NamedRefs(context.Background(), "NG", "yaba"); ok || err != nil {
		t.Errorf("NamedRefs of a store not preloaded: ok %v, %v", ok, err)
	}
	ro.Close()
	// Preloaded: every look-up answers from memory, the same.
	pre, err := Open(dir, Options{ReadOnly: true, Preload: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pre.Close()
	for k, v := range answers(pre) {
		if v != fromDisk[k] {
			t.Errorf("preloaded %s:\n%v\nfrom disk:\n%v", k, v, fromDisk[k])
		}
	}
	ctx := context.Background()
	if ps, err := pre.Near(ctx, 6.4303, 3.4160, 300, 10); err != nil || strings.Join(placeIDs(ps), ",") != "ad:12adeola,st:adeola" {
		t.Errorf("preloaded Near: %v, %v", placeIDs(ps), err)
	}
	if ps, err := pre.Named(ctx, "NG", address.AddressKey("12", "Adeola Odeku St")); err != nil || len(ps) != 1 {
		t.Errorf("preloaded Named: %v, %v", placeIDs(ps), err)
	}
	if _, ok, _ := pre.Place(ctx, "nope"); ok {
		t.Error("preloaded Place found nope")
	}
	// NamedRefs and PostcodeRefs hand out the same places as Named and
	// Postcode, shared; an address point's key is left to Named.
	deref := func(ps []*address.Place, ok bool, err error) string {
		var out []address.Place
		for _, p := range ps {
			out = append(out, *p)
		}
		return fmt.Sprint(out, ok, err)
	}
	for _, p := range testPlaces() {
		ps, err := pre.Named(ctx, p.Country, address.NameKey(p.Name))
		if got, want := deref(pre.NamedRefs(ctx, p.Country, address.NameKey(p.Name))), fmt.Sprint(ps, true, err); got != want {
			t.Errorf("NamedRefs %s:\n%v\nNamed:\n%v", p.Name, got, want)
		}
		for _, pc := range p.Postcodes {
			ps, err := pre.Postcode(ctx, p.Country, pc)
			if got, want := deref(pre.PostcodeRefs(ctx, p.Country, pc)), fmt.Sprint(ps, true, err); got != want || len(ps) == 0 {
				t.Errorf("PostcodeRefs %s:\n%v\nPostcode:\n%v", pc, got, want)
			}
		}
	}
	if got := deref(pre.NamedRefs(ctx, "GH", "yaba")); got != "[] true <nil>" {
		t.Errorf("NamedRefs of another country: %s", got)
	}
	if _, ok, err := pre.NamedRefs(ctx, "NG", address.AddressKey("12", "Adeola Odeku St")); ok || err != nil {
		t.Errorf("NamedRefs of an address point: ok %v, %v (Named answers those)", ok, err)
	}
	// NameWordCount counts names (alternate names too) by their folded
	// words, address points apart, and only on a preloaded store.
	for _, c := range []struct {
		country, word string
		want          int
	}{
		{"NG", "yaba", 2},      // two neighbourhoods
		{"NG", "street", 1},    // Adeola Odeku Street, not its address point
		{"NG", "vi", 1},        // an alternate name
		{"NG", "odekku", 0},    // a word no name holds
		{"GH", "yaba", 0},      // another country
		{"NG", "territory", 1}, // a state
		{"NG", "Territory", 0}, // words are counted as Fold writes them
	} {
		if n, ok, err := pre.NameWordCount(ctx, c.country, c.word); n != c.want || !ok || err != nil {
			t.Errorf("NameWordCount(%s, %q) = %d, %v, %v; want %d", c.country, c.word, n, ok, err, c.want)
		}
	}
	if _, ok, err := ro.NameWordCount(ctx, "NG", "yaba"); ok || err != nil {
		t.Errorf("NameWordCount of a store not preloaded: ok %v, %v", ok, err)
	}
	if _, err := Open(dir, Options{Preload: true}); err == nil {
		t.Error("Preload of a writable store accepted")
	}
}

// TestSimilarPrefilter checks that the deletion filter never hides a key
// within two edits (random substitutions, insertions, deletions and
// transpositions after the first letter) and turns most far keys away.
func TestSimilarPrefilter(t *testing.T) {
	g := newTestGazetteer(t, testPlaces())
	nt, err := g.nameTable()
	if err != nil {
		t.Fatal(err)
	}
	// before it is filled, the filter rules nothing out
	if !nt.mayHave("NG", "vxyzqwerty", 1) && !nt.countries["NG"].nearReady.Load() {
		t.Error("the filter ruled a key out before it was filled")
	}
	if err := g.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	edit := func(s string) string {
		i := 1 + rng.Intn(len(s)-1)
		c := string(rune('a' + rng.Intn(26)))
		switch rng.Intn(4) {
		case 0:
			return s[:i] + c + s[i+1:]
		case 1:
			return s[:i] + c + s[i:]
		case 2:
			return s[:i] + s[i+1:]
		}
		if i+1 < len(s) {
			return s[:i] + string(s[i+1]) + string(s[i]) + s[i+2:]
		}
		return s
	}
	for _, key := range []string{"victoriaisland", "etiosa", "adeolaodekustreet", "federalcapitalterritory"} {
		for n := 0; n < 500; n++ {
			q, d := edit(key), 1
			if rng.Intn(2) == 0 {
				q, d = edit(q), 2
			}
			if !nt.mayHave("NG", q, d) {
				t.Fatalf("%q (from %q) filtered out", q, key)
			}
		}
	}
	// A Bloom filter's false positives depend on the hash seed, which
	// changes from run to run (z.MemHash): most of the far keys, not a
	// fixed number, must be turned away.
	far, farKeys := 0, []string{"vxyzqwerty", "ekpoma", "abeokuta", "yenagoaa", "lokojaaa", "zzqxjw", "oshogbo", "maiduguri", "qwertyuiop", "jalingox"}
	for _, q := range farKeys {
		if !nt.mayHave("NG", q, 2) {
			far++
		}
	}
	if far < len(farKeys)*6/10 {
		t.Errorf("only %d of %d far keys filtered out", far, len(farKeys))
	}
}

// TestSimilarNotASCII: a name of another script is searched by characters
// (two edits of bytes are one of a Cyrillic letter), and the deletion
// filter, which deletes bytes, must not rule it out once filled.
func TestSimilarNotASCII(t *testing.T) {
	g := newTestGazetteer(t, append(testPlaces(),
		address.Place{ID: "RU", Kind: address.KindCountry, Name: "Russia", Country: "RU", Lat: 61.5, Lon: 105.3, HasPoint: true},
		address.Place{ID: "ru:moskva", Kind: address.KindCity, Name: "Москва", Country: "RU", Parents: []string{"RU"}, Lat: 55.75, Lon: 37.62, HasPoint: true},
	))
	ctx := context.Background()
	if err := g.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"Моства", "Мозква", "Москвa" /* a Latin a */} {
		ps, err := g.Similar(ctx, "RU", address.NameKey(q), 1)
		if got := placeIDs(ps); err != nil || !slices.Equal(got, []string{"ru:moskva"}) {
			t.Errorf("Similar(%s) = %v, %v; want ru:moskva", q, got, err)
		}
	}
}

// TestCacheHolds checks that the look-up caches hold what their byte
// bounds allow: look-ups filling 95% of the bound are all kept, and a
// spelling search is cached as soon as it returns (ristretto applies sets
// later, on its own goroutine).
func TestCacheHolds(t *testing.T) {
	name := func(i int) string { return fmt.Sprintf("village%d", i) }
	id := func(i int) string { return fmt.Sprintf("vil:%d", i) }
	one := make([]address.Place, 1)
	// each look-up by name caches the name's places and the place by id
	perName := cost(string(indexPrefix(prefixName, "NG", name(1000))), one) + cost(string(placeKey(id(1000))), one)
	n := int(cacheBytes * 95 / 100 / perName)
	places := testPlaces()
	for i := range n {
		places = append(places, address.Place{
			ID: id(i), Kind: address.KindVillage, Name: fmt.Sprintf("Village %d", i),
			Country: "NG", Parents: []string{"NG-LA", "NG"}, Lat: 6.5, Lon: 3.4, HasPoint: true,
		})
	}
	g := newTestGazetteer(t, places)
	ctx := context.Background()
	for i := range n {
		ps, err := g.Named(ctx, "NG", name(i))
		if err != nil || len(ps) != 1 {
			t.Fatalf("Named %s: %v, %v", name(i), placeIDs(ps), err)
		}
	}
	g.cache.Wait()
	held := 0
	for i := range n {
		if _, ok := g.cache.Get(string(indexPrefix(prefixName, "NG", name(i)))); ok {
			held++
		}
	}
	if held < n*98/100 {
		t.Errorf("the cache holds %d of %d look-ups of one place", held, n)
	}

	for _, key := range []string{"victoriaislnd", "adeolaodekustret"} {
		ps, err := g.Similar(ctx, "NG", key, 2)
		if err != nil || len(ps) == 0 {
			t.Fatalf("Similar %q: %v, %v", key, placeIDs(ps), err)
		}
		if _, ok := g.walks.Get(fmt.Sprintf("s\x00NG\x00%s\x002", key)); !ok {
			t.Errorf("the search for %q is not cached when Similar returns", key)
		}
	}
}

// TestRefsShared checks that NamedRefs and PostcodeRefs of a preloaded
// store hand out the preloaded places themselves, the same as Named and
// Postcode, cut at maxPerKey alike, also when the index names a place the
// store does not hold among the first maxPerKey.
func TestRefsShared(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	places := testPlaces()
	for i := range maxPerKey + 10 {
		places = append(places, address.Place{
			ID: fmt.Sprintf("v:%03d", i), Kind: address.KindVillage, Name: "Ogbomoso", Country: "NG",
			Parents: []string{"NG-LA", "NG"}, Postcodes: []string{"210001"}, Lat: 6.5, Lon: 3.4, HasPoint: true,
		})
	}
	for _, p := range places {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	// an index key of a place that is not there, second of 211
	err = w.DB().Update(func(txn *badger.Txn) error {
		return txn.Set(append(indexPrefix(prefixPostcode, "NG", "210001"), "v:000x"...), nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir, Options{ReadOnly: true, Preload: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	check := func(what string, refs []*address.Place, ok bool, err error, copies []address.Place, cerr error) {
		t.Helper()
		if err != nil || cerr != nil || !ok {
			t.Fatalf("%s: ok %v, %v, %v", what, ok, err, cerr)
		}
		if len(refs) != len(copies) || len(refs) == 0 {
			t.Fatalf("%s: %d places, want %d", what, len(refs), len(copies))
		}
		for i, p := range refs {
			if q, _ := g.PlaceRef(p.ID); p != q || p.ID != copies[i].ID {
				t.Errorf("%s[%d] = %s (shared %v), want %s, shared", what, i, p.ID, p == q, copies[i].ID)
			}
		}
	}
	for _, key := range []string{"ogbomoso", "lagos", "yaba"} {
		refs, ok, err := g.NamedRefs(ctx, "NG", key)
		copies, cerr := g.Named(ctx, "NG", key)
		check("NamedRefs("+key+")", refs, ok, err, copies, cerr)
	}
	for _, pc := range []string{"210001", "101241"} {
		refs, ok, err := g.PostcodeRefs(ctx, "NG", pc)
		copies, cerr := g.Postcode(ctx, "NG", pc)
		check("PostcodeRefs("+pc+")", refs, ok, err, copies, cerr)
	}
	if refs, _, _ := g.PostcodeRefs(ctx, "NG", "210001"); len(refs) != maxPerKey-1 {
		t.Errorf("PostcodeRefs(210001): %d places, want the %d of the first %d ids that are there", len(refs), maxPerKey-1, maxPerKey)
	}
}
