package autocomplete_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

// fixtureStore opens a real Badger in a temporary directory holding the
// places of testdata/places.json.
func fixtureStore(t testing.TB) *storage.Gazetteer {
	t.Helper()
	data, err := os.ReadFile("testdata/places.json")
	if err != nil {
		t.Fatal(err)
	}
	var places []address.Place
	if err := json.Unmarshal(data, &places); err != nil {
		t.Fatal(err)
	}
	return storeOf(t, places...)
}

// storeOf opens a real Badger in a temporary directory holding places.
func storeOf(t testing.TB, places ...address.Place) *storage.Gazetteer {
	t.Helper()
	g, err := storage.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	storetest.Load(t, g, places...)
	return g
}

func open(t testing.TB, g *storage.Gazetteer) *autocomplete.Index {
	t.Helper()
	ix, err := autocomplete.Open(context.Background(), g, autocomplete.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func suggest(t testing.TB, ix *autocomplete.Index, q autocomplete.Query) autocomplete.Response {
	t.Helper()
	r, err := ix.Suggest(context.Background(), q)
	if err != nil {
		t.Fatalf("Suggest(%+v): %v", q, err)
	}
	return r
}

func ids(r autocomplete.Response) []string {
	var out []string
	for _, s := range r.Suggestions {
		out = append(out, s.ID)
	}
	return out
}

func TestSuggestFixture(t *testing.T) {
	ix := open(t, fixtureStore(t))
	tests := []struct {
		name    string
		q       autocomplete.Query
		first   string   // the id of the first suggestion
		matchTy string   // and its match type
		typos   int      // and typos
		absent  []string // ids that must not be suggested
		order   []string // ids that must come in this order
	}{
		{name: "prefix", q: autocomplete.Query{Text: "ikej"}, first: "city/ikeja", matchTy: "prefix"},
		{name: "a space closes the last word", q: autocomplete.Query{Text: "ikej "}, first: "city/ikeja", matchTy: "fuzzy", typos: 1},
		{name: "one typo", q: autocomplete.Query{Text: "ikejja"}, first: "city/ikeja", matchTy: "fuzzy", typos: 1},
		{name: "transposition is one edit", q: autocomplete.Query{Text: "victoira island"}, first: "nb/vi", matchTy: "fuzzy", typos: 1},
		{name: "two typos from 7 characters", q: autocomplete.Query{Text: "victtoriia"}, first: "nb/vi", matchTy: "fuzzy", typos: 2},
		{name: "no second typo under 7 characters", q: autocomplete.Query{Text: "ikje "}, absent: []string{"city/ikeja"}},
		{name: "a prefix typed right before a name with a typo", q: autocomplete.Query{Text: "ikij"}, first: "village/ikija", matchTy: "prefix",
			order: []string{"village/ikija", "city/ikeja"}},
		{name: "4 characters typed and nothing matches: one edit", q: autocomplete.Query{Text: "ikja"}, first: "city/ikeja", matchTy: "fuzzy", typos: 1},
		{name: "7 characters typed and nothing matches: two edits for a word of 9", q: autocomplete.Query{Text: "eritory"}, first: "NG-FC", matchTy: "fuzzy", typos: 2},
		{name: "exact never below fuzzy", q: autocomplete.Query{Text: "ikija"}, first: "village/ikija", matchTy: "exact",
			order: []string{"village/ikija", "city/ikeja"}},
		{name: "alternate name", q: autocomplete.Query{Text: "vi "}, first: "nb/vi", matchTy: "exact"},
		{name: "context words", q: autocomplete.Query{Text: "yaba abuja"}, first: "nb/yaba-fc", matchTy: "exact"},
		{name: "house number with its address point", q: autocomplete.Query{Text: "12 adeola od"}, first: "ad/12-adeola", matchTy: "prefix"},
		{name: "house number without one: the street", q: autocomplete.Query{Text: "15 adeola od"}, first: "st/adeola", matchTy: "prefix",
			absent: []string{"ad/12-adeola", "st/adeola-2"}},
		{name: "street type synonyms", q: autocomplete.Query{Text: "adeola odeku st"}, first: "st/adeola"},
		{name: "segments merged", q: autocomplete.Query{Text: "allen av"}, first: "st/allen-1", absent: []string{"st/allen-2"}},
		{name: "postcode", q: autocomplete.Query{Text: "101241"}, first: "pc/101241", matchTy: "exact"},
		{name: "kind filter", q: autocomplete.Query{Text: "ikeja ", Kinds: []address.PlaceKind{address.KindLGA}}, first: "lga/ikeja"},
		{name: "focus breaks ties", q: autocomplete.Query{Text: "yaba", Focus: &autocomplete.Point{Lat: 9, Lon: 7.4}}, first: "nb/yaba-fc"},
		{name: "focus breaks ties the other way", q: autocomplete.Query{Text: "yaba", Focus: &autocomplete.Point{Lat: 6.5, Lon: 3.4}}, first: "nb/yaba-la"},
		{name: "other country", q: autocomplete.Query{Text: "munchener str", Country: "de"}, first: "de/st/muenchener", matchTy: "exact"}, // "str" is a whole street type
		{name: "country scoped", q: autocomplete.Query{Text: "munchener", Country: "NG"}, absent: []string{"de/st/muenchener"}},
		{name: "short prefix list", q: autocomplete.Query{Text: "ad"}, first: "st/adeola"},
		// "iko" alone allows no typo, but the query's 8 letters allow one
		{name: "words share the budget", q: autocomplete.Query{Text: "iko obong"}, first: "village/ikot-obong", matchTy: "fuzzy", typos: 1},
		{name: "short words share the budget", q: autocomplete.Query{Text: "idi ea"}, first: "village/idi-eka", matchTy: "fuzzy", typos: 1},
		{name: "exact before shared", q: autocomplete.Query{Text: "obong"}, first: "village/obong", matchTy: "exact"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := suggest(t, ix, tt.q)
			got := ids(r)
			if tt.first != "" {
				if len(got) == 0 || got[0] != tt.first {
					t.Fatalf("%q: got %v, want %s first", tt.q.Text, got, tt.first)
				}
				m := r.Suggestions[0].Match
				if tt.matchTy != "" && (m.Type != tt.matchTy || m.Typos != tt.typos) {
					t.Errorf("%q: match %+v, want %s with %d typos", tt.q.Text, m, tt.matchTy, tt.typos)
				}
			}
			for _, id := range tt.absent {
				if slices.Contains(got, id) {
					t.Errorf("%q: got %v, want no %s", tt.q.Text, got, id)
				}
			}
			if len(tt.order) > 0 {
				if i, j := slices.Index(got, tt.order[0]), slices.Index(got, tt.order[1]); i < 0 || j < 0 || i > j {
					t.Errorf("%q: got %v, want %v in that order", tt.q.Text, got, tt.order)
				}
			}
		})
	}
}

// TestSharedBudgetBound checks that words share no more edits than the
// whole query allows: "idi xy" is two edits from "Idi Eka", and its five
// letters allow one; so is "ik obong" from "Ikot Obong", with seven.
func TestSharedBudgetBound(t *testing.T) {
	ix := open(t, fixtureStore(t))
	for _, text := range []string{"idi xy", "ik obong"} {
		for _, s := range suggest(t, ix, autocomplete.Query{Text: text}).Suggestions {
			if s.Match.Unmatched == 0 && (s.ID == "village/idi-eka" || s.ID == "village/ikot-obong") {
				t.Errorf("%q: %s matched every word (%+v)", text, s.ID, s.Match)
			}
		}
	}
}

func TestSuggestResponse(t *testing.T) {
	ix := open(t, fixtureStore(t))
	r := suggest(t, ix, autocomplete.Query{Text: "12 Adeola Od", Limit: 3})
	if r.Query != (autocomplete.QueryEcho{Text: "12 Adeola Od", Country: "NG", Limit: 3}) {
		t.Errorf("query echo %+v", r.Query)
	}
	if len(r.Suggestions) == 0 || len(r.Suggestions) > 3 {
		t.Fatalf("%d suggestions, want 1 to 3", len(r.Suggestions))
	}
	s := r.Suggestions[0]
	want := autocomplete.Components{HouseNumber: "12", Street: "Adeola Odeku Street", Neighbourhood: "Victoria Island",
		LGA: "Eti-Osa", State: "Lagos", StateCode: "NG-LA", Postcode: "101241", CountryCode: "NG"}
	if s.Components != want {
		t.Errorf("components %+v, want %+v", s.Components, want)
	}
	if s.MainText != "12 Adeola Odeku Street" || s.SecondaryText != "Victoria Island, Eti-Osa, Lagos, Nigeria" ||
		s.Label != s.MainText+", "+s.SecondaryText {
		t.Errorf("texts %q / %q / %q", s.MainText, s.SecondaryText, s.Label)
	}
	// "12" whole, "Adeola" whole, "Od" the start of "Odeku"
	wantSpans := []autocomplete.Span{{Offset: 0, Length: 2}, {Offset: 3, Length: 6}, {Offset: 10, Length: 2}}
	if !slices.Equal(s.Matches, wantSpans) {
		t.Errorf("matches %v, want %v", s.Matches, wantSpans)
	}
	if s.Latitude != 6.4302 || s.Longitude != 3.4168 || s.Kind != address.KindAddress || s.Score <= 0 {
		t.Errorf("suggestion %+v", s)
	}
	// offsets count code points, not bytes
	r = suggest(t, ix, autocomplete.Query{Text: "münchener strasse", Country: "DE"})
	if len(r.Suggestions) == 0 || !slices.Equal(r.Suggestions[0].Matches, []autocomplete.Span{{Offset: 0, Length: 9}, {Offset: 10, Length: 6}}) {
		t.Errorf("Münchener Straße: %+v", r.Suggestions)
	}
	// the JSON names are the documented ones
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"query":{"text"`, `"suggestions":[`, `"main_text"`, `"secondary_text"`, `"matches"`, `"components"`,
		`"country_code":"DE"`, `"match":{"type"`, `"score"`, `"took_ms"`, `"latitude"`, `"longitude"`} {
		if !bytes.Contains(b, []byte(f)) {
			t.Errorf("JSON lacks %s: %s", f, b)
		}
	}
}

func TestSuggestErrors(t *testing.T) {
	ix := open(t, fixtureStore(t))
	for _, tt := range []struct {
		q    autocomplete.Query
		want error
	}{
		{autocomplete.Query{Text: "  "}, autocomplete.ErrEmptyQuery},
		{autocomplete.Query{Text: ",,;"}, autocomplete.ErrEmptyQuery},
		{autocomplete.Query{Text: "ikeja", Limit: 21}, autocomplete.ErrLimit},
		{autocomplete.Query{Text: "ikeja", Limit: -1}, autocomplete.ErrLimit},
		{autocomplete.Query{Text: "ikeja", Country: "XX"}, autocomplete.ErrCountry},
		{autocomplete.Query{Text: "ikeja", Country: "NGA"}, autocomplete.ErrCountry},
		{autocomplete.Query{Text: "ikeja", Kinds: []address.PlaceKind{"planet"}}, autocomplete.ErrKind},
	} {
		if _, err := ix.Suggest(context.Background(), tt.q); !errors.Is(err, tt.want) {
			t.Errorf("Suggest(%+v) = %v, want %v", tt.q, err, tt.want)
		}
	}
	// an unknown kind is named, with the kinds there are
	_, err := ix.Suggest(context.Background(), autocomplete.Query{Text: "ikeja", Kinds: []address.PlaceKind{"city", "planet"}})
	for _, k := range address.Kinds {
		if err == nil || !strings.Contains(err.Error(), `"planet"`) || !strings.Contains(err.Error(), " "+string(k)) {
			t.Errorf("Suggest with the kind planet = %v, want it to name planet and the kind %s", err, k)
		}
	}
	// a known country without places: no suggestions, no error
	if r := suggest(t, ix, autocomplete.Query{Text: "paris", Country: "FR"}); len(r.Suggestions) != 0 {
		t.Errorf("FR: %v", ids(r))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ix.Suggest(ctx, autocomplete.Query{Text: "ikeja"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestIndexKeptInStore checks that the index is kept in the store, loaded
// rather than rebuilt, and rebuilt once places change.
func TestIndexKeptInStore(t *testing.T) {
	g := fixtureStore(t)
	ctx := context.Background()
	if _, ok, _ := g.Blob("autocomplete"); ok {
		t.Fatal("an index before any was built")
	}
	first := open(t, g)
	kept, ok, err := g.Blob("autocomplete")
	if err != nil || !ok {
		t.Fatalf("no index kept after Open: %v", err)
	}
	again := open(t, g)
	if again.Version() != first.Version() || again.Len() != first.Len() {
		t.Fatalf("reopened index differs: %s/%d vs %s/%d", again.Version(), again.Len(), first.Version(), first.Len())
	}
	if now, _, _ := g.Blob("autocomplete"); !bytes.Equal(now, kept) {
		t.Error("opening a current index wrote it again")
	}
	for _, q := range []string{"ikej", "victoira island", "12 adeola od", "yaba"} {
		a, b := suggest(t, first, autocomplete.Query{Text: q}), suggest(t, again, autocomplete.Query{Text: q})
		if !slices.Equal(ids(a), ids(b)) {
			t.Errorf("%q: built %v, loaded %v", q, ids(a), ids(b))
		}
	}
	// an import makes the kept index stale
	storetest.Load(t, g, address.Place{ID: "nb/lekki", Kind: address.KindNeighbourhood, Name: "Lekki Phase 1", Country: "NG",
		Parents: []string{"lga/etiosa", "NG-LA", "NG"}, Lat: 6.44, Lon: 3.47, HasPoint: true})
	ix := open(t, g)
	if ix.Version() == first.Version() {
		t.Fatal("index not rebuilt after the places changed")
	}
	if got := ids(suggest(t, ix, autocomplete.Query{Text: "lekki ph"})); len(got) == 0 || got[0] != "nb/lekki" {
		t.Errorf("the new place is not suggested: %v", got)
	}
	// a torn index is rebuilt, not trusted
	if err := g.SetBlob("autocomplete", kept[:len(kept)/2]); err != nil {
		t.Fatal(err)
	}
	if ix := open(t, g); ix.Len() != first.Len()+1 {
		t.Errorf("rebuilt index has %d entries, want %d", ix.Len(), first.Len()+1)
	}
	if _, err := autocomplete.Rebuild(ctx, g); err != nil {
		t.Fatal(err)
	}
}

func TestDecodeRejectsDamage(t *testing.T) {
	ix := open(t, fixtureStore(t))
	var buf bytes.Buffer
	if err := ix.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if _, err := autocomplete.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("Decode of an encoded index: %v", err)
	}
	for _, cut := range []int{0, 10, len(data) / 2, len(data) - 1} {
		if _, err := autocomplete.Decode(bytes.NewReader(data[:cut])); err == nil {
			t.Errorf("Decode of %d of %d bytes: no error", cut, len(data))
		}
	}
	if _, err := autocomplete.Decode(strings.NewReader("not an index")); err == nil {
		t.Error("Decode of text: no error")
	}
}

// TestSuggestBuiltin runs the checks of the autocomplete issue on the
// embedded gazetteer that a fresh install has.
func TestSuggestBuiltin(t *testing.T) {
	ix := open(t, storetest.Builtin(t))
	for _, tt := range []struct{ text, country, first string }{
		// every country's places are built in (GeoNames)
		{"lond", "GB", "London, England, United Kingdom"},
		{"nairo", "KE", "Nairobi, Nairobi County, Kenya"},
		{"accr", "GH", "Accra, Greater Accra, Ghana"},
		{"mumb", "IN", "Mumbai, Maharashtra, India"},
		{"munich", "DE", "Munich, Bayern, Germany"},
		{"munch", "DE", "Munich, Bayern, Germany"},
		{"manchestr", "GB", "Manchester, England, United Kingdom"}, // not "manchestreet": "-str" is German
		{"sao pau", "BR", "São Paulo, Brazil"},
		{"kumasi", "GH", "Kumasi, Ashanti, Ghana"},
		{"ikej", "", "Ikeja, Lagos, Nigeria"},
		{"surulere lagos", "", "Surulere, Lagos, Nigeria"},
		{"ikejja", "", "Ikeja, Lagos, Nigeria"},
		{"victoira island", "", "Victoria Island, Eti-Osa, Lagos, Nigeria"},
		{"kano", "", "Kano, Kano Municipal, Kano, Nigeria"}, // the city before the state of its name
		{"wuse 2", "", "Wuse 2, Abuja Municipal, Federal Capital Territory, Nigeria"},
		{"port harcourt", "", "Port Harcourt, Rivers, Nigeria"},
		// a place, then where it lies, whose name is not its own
		{"jos plateau", "", "Jos, Jos North, Plateau, Nigeria"},
		{"aba abia", "", "Aba, Aba South, Abia, Nigeria"},
		{"gra port harcourt", "", "Old GRA, Port Harcourt, Rivers, Nigeria"},
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.text, Country: tt.country})
		if len(r.Suggestions) == 0 || r.Suggestions[0].Label != tt.first {
			var labels []string
			for _, s := range r.Suggestions {
				labels = append(labels, s.Label)
			}
			t.Errorf("%q: got %q, want %q first", tt.text, labels, tt.first)
		}
	}
}

// TestScoresReadAsTheList: a suggestion's score is never more than the
// one's before it, whatever buckets ordered them ("lekki": the town of
// Ibeju-Lekki, then the district, scored 96 and 95, then places scored 97).
func TestScoresReadAsTheList(t *testing.T) {
	ix := open(t, storetest.Builtin(t))
	for _, text := range []string{"lekki", "iko", "ikeja gra", "abuj", "wuse 2", "12 adeola od"} {
		r := suggest(t, ix, autocomplete.Query{Text: text, Limit: 10})
		for i := 1; i < len(r.Suggestions); i++ {
			if r.Suggestions[i].Score > r.Suggestions[i-1].Score {
				t.Errorf("%q: suggestion %d scores %v, more than the one before (%v)", text, i, r.Suggestions[i].Score, r.Suggestions[i-1].Score)
			}
		}
	}
}

func FuzzSuggest(f *testing.F) {
	ix := open(f, fixtureStore(f))
	for _, s := range []string{"ikej", "12 adeola od", "victoira island", "ÿ\xff", "a", "  x  y ", "Münchener Str"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, text string, limit int) {
		r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: text, Limit: limit})
		if err != nil {
			return
		}
		if len(r.Suggestions) > r.Query.Limit {
			t.Fatalf("%d suggestions over the limit %d", len(r.Suggestions), r.Query.Limit)
		}
		for _, s := range r.Suggestions {
			n := len([]rune(s.MainText))
			for _, m := range s.Matches {
				if m.Offset < 0 || m.Length <= 0 || m.Offset+m.Length > n {
					t.Fatalf("span %+v outside %q", m, s.MainText)
				}
			}
		}
	})
}

var eight = []string{"ba", "ka", "ri", "mo", "tu", "ze", "lo", "gi"}

// madeUp returns the i-th of 512 made-up words of three of the eight
// syllables (repeating after that).
func madeUp(i int) string {
	return eight[i%8] + eight[i/8%8] + eight[i/64%8]
}

// TestTypoInACommonWord: a word with a typo that, corrected, names
// hundreds of places ("gidman" for "Gidan") beside one typed right that
// names a few ("tsof"), more than the suggestions asked for: the place
// with both is found, though the places of the common word are too many
// to score.
func TestTypoInACommonWord(t *testing.T) {
	places := []address.Place{
		{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"},
		{ID: "v/gidan-tsofo", Kind: address.KindVillage, Name: "Gidan Tsofo", Country: "NG", Parents: []string{"NG"}},
		{ID: "v/tsofa", Kind: address.KindVillage, Name: "Tsofa", Country: "NG", Parents: []string{"NG"}},
	}
	for i := range 8 { // better places of "tsof" than the limit
		places = append(places, address.Place{ID: fmt.Sprintf("t/tsofo-%d", i), Kind: address.KindTown, Name: "Tsofo " + eight[i],
			Country: "NG", Parents: []string{"NG"}, Rank: 500})
	}
	for i := range 600 { // more than one pass scores
		places = append(places, address.Place{ID: fmt.Sprintf("t/%d", i), Kind: address.KindTown, Name: "Gidan " + madeUp(i),
			Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)})
	}
	r := suggest(t, open(t, storeOf(t, places...)), autocomplete.Query{Text: "gidman tsof"})
	if len(r.Suggestions) == 0 || r.Suggestions[0].ID != "v/gidan-tsofo" {
		t.Fatalf("gidman tsof: got %v, want v/gidan-tsofo first", ids(r))
	}
	if m := r.Suggestions[0].Match; m.Type != "fuzzy" || m.Typos != 1 || m.Unmatched != 0 {
		t.Errorf("match %+v, want fuzzy with 1 typo", m)
	}
}

// TestSharedEditsInOneWord checks the last pass of Suggest: a word two
// edits from the name's word, more than its own length allows, beside a
// word that names hundreds of places ("Ikot", "Road"), is found with the
// edits the whole query shares; the other words keep their own budgets,
// all the edits together within the shared one.
func TestSharedEditsInOneWord(t *testing.T) {
	places := []address.Place{
		{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"},
		{ID: "v/ikot-ukpong", Kind: address.KindVillage, Name: "Ikot Ukpong", Country: "NG", Parents: []string{"NG"}},
		{ID: "s/amagiya", Kind: address.KindStreet, Name: "Amagiya Road", Country: "NG", Parents: []string{"NG"}},
		{ID: "v/ikot-abia", Kind: address.KindVillage, Name: "Ikot Abia", Country: "NG", Parents: []string{"NG"}},
		{ID: "v/ikot-abia-obioha", Kind: address.KindVillage, Name: "Ikot Abia Obioha", Country: "NG", Parents: []string{"NG"}},
		{ID: "s/deji-oworu", Kind: address.KindStreet, Name: "Deji Oworu Road", Country: "NG", Parents: []string{"NG"}},
	}
	for i := range 600 { // more places of the common words than a pass scores
		s := madeUp(i)
		places = append(places,
			address.Place{ID: "v/" + s, Kind: address.KindVillage, Name: "Ikot " + s, Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)},
			address.Place{ID: "s/" + s, Kind: address.KindStreet, Name: s + " Road", Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)})
	}
	ix := open(t, storeOf(t, places...))
	for _, tt := range []struct{ text, want string }{
		{"ikot kzong", "v/ikot-ukpong"}, // "kzong": 5 letters, 1 edit of its own; the query's 9 allow 2
		{"amgiaya rd.", "s/amagiya"},    // the road typed as its abbreviation
		{"amgiaya road ", "s/amagiya"},  // and as a whole word
		{"ikot abai", "v/ikot-abia"},    // 4 letters, none of their own; the query's 8 allow 1
		// and another word its own edit: two, which the query's 14 allow
		{"ikot abai obioah", "v/ikot-abia-obioha"},
		// two words that no place has, each an edit away: the one whose
		// own length allows fewer takes the pass, the other what is left
		{"deij owru road ", "s/deji-oworu"},
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.text})
		if len(r.Suggestions) == 0 || r.Suggestions[0].ID != tt.want {
			t.Errorf("%q: got %v, want %s first", tt.text, ids(r), tt.want)
			continue
		}
		if m := r.Suggestions[0].Match; m.Type != "fuzzy" || m.Typos == 0 || m.Unmatched != 0 {
			t.Errorf("%q: match %+v, want fuzzy", tt.text, m)
		}
	}
	// the shared edits go to one word: with a typo in "ikot" as well, the
	// query is three edits away
	for _, s := range suggest(t, ix, autocomplete.Query{Text: "ikor kzong"}).Suggestions {
		if s.ID == "v/ikot-ukpong" && s.Match.Unmatched == 0 {
			t.Errorf("ikor kzong: %s matched every word (%+v)", s.ID, s.Match)
		}
	}
}

// TestSharedEditsBesideANumeral checks that a word of 3 letters takes
// the edits the query's words share when every other word only
// qualifies the name (a Roman numeral, a number, a letter): "tpa i" is
// Tapa I, as a ward's name is typed. Beside a word of a name ("tpa
// road") it stays exact: 3 letters with an edit match too much.
func TestSharedEditsBesideANumeral(t *testing.T) {
	places := []address.Place{
		{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"},
		{ID: "w/tapa-i", Kind: address.KindWard, Name: "Tapa I", Country: "NG", Parents: []string{"NG"}},
		{ID: "w/uga-ii", Kind: address.KindWard, Name: "Uga II", Country: "NG", Parents: []string{"NG"}},
		{ID: "s/tapa", Kind: address.KindStreet, Name: "Tapa Road", Country: "NG", Parents: []string{"NG"}},
	}
	for i := range 600 { // more places of the numerals than a pass scores
		s := madeUp(i)
		places = append(places,
			address.Place{ID: "w/" + s + "-i", Kind: address.KindWard, Name: s + " I", Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)},
			address.Place{ID: "w/" + s + "-ii", Kind: address.KindWard, Name: s + " II", Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)},
			address.Place{ID: "s/" + s, Kind: address.KindStreet, Name: s + " Road", Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)})
	}
	ix := open(t, storeOf(t, places...))
	for _, tt := range []struct{ text, want string }{
		{"tpa i", "w/tapa-i"},   // a letter left out
		{"gua ii", "w/uga-ii"},  // two swapped
		{"tapa i", "w/tapa-i"},  // typed right
		{"uga ii ", "w/uga-ii"}, // and closed
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.text})
		if len(r.Suggestions) == 0 || r.Suggestions[0].ID != tt.want {
			t.Errorf("%q: got %v, want %s first", tt.text, ids(r), tt.want)
		}
	}
	for _, s := range suggest(t, ix, autocomplete.Query{Text: "tpa road"}).Suggestions {
		if s.ID == "s/tapa" && s.Match.Unmatched == 0 {
			t.Errorf("tpa road: %s matched every word (%+v)", s.ID, s.Match)
		}
	}
}

// TestSharedEditsBesideAPrefix checks that the places of a word searched
// with the shared edits are intersected with those of a last word still
// being typed that starts a few terms ("yalwa": "Yalwa", "Yalwan"), when
// the places of each are too many to score.
func TestSharedEditsBesideAPrefix(t *testing.T) {
	places := []address.Place{
		{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"},
		{ID: "v/ungwan-yalwa", Kind: address.KindVillage, Name: "Ungwan Yalwa", Country: "NG", Parents: []string{"NG"}},
		{ID: "v/yalwan", Kind: address.KindVillage, Name: "Yalwan Gari", Country: "NG", Parents: []string{"NG"}},
	}
	for i := range 512 { // more places of each word than a pass scores
		places = append(places,
			address.Place{ID: "u/" + madeUp(i), Kind: address.KindVillage, Name: "Ungwan " + madeUp(i), Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)},
			address.Place{ID: "y/" + madeUp(i), Kind: address.KindVillage, Name: "Yalwa " + madeUp(i), Country: "NG", Parents: []string{"NG"}, Rank: float64(1000 + i)})
	}
	r := suggest(t, open(t, storeOf(t, places...)), autocomplete.Query{Text: "uunwan yalwa"})
	if len(r.Suggestions) == 0 || r.Suggestions[0].ID != "v/ungwan-yalwa" {
		t.Fatalf("uunwan yalwa: got %v, want v/ungwan-yalwa first", ids(r))
	}
}

// TestSuggestNamesBeforeRepeats checks the last tie-break: of places equal
// in every bucket, the name more places bear comes first, and its other
// places after the other names; a name typed whole still lists all its
// places.
func TestSuggestNamesBeforeRepeats(t *testing.T) {
	places := []address.Place{{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"}}
	for i := range 8 {
		places = append(places, address.Place{ID: fmt.Sprintf("lga/%d", i), Kind: address.KindLGA, Name: "Zone " + eight[i], Country: "NG", Parents: []string{"NG"}})
	}
	village := func(id, name string, i int) address.Place {
		return address.Place{ID: id, Kind: address.KindVillage, Name: name, Country: "NG", Parents: []string{fmt.Sprintf("lga/%d", i), "NG"},
			Lat: float64(4 + i), Lon: 8, HasPoint: true}
	}
	for i := range 6 { // in six LGAs: six places, not one
		places = append(places, village(fmt.Sprintf("a/bale-%d", i), "Bale", i))
	}
	places = append(places, village("z/bali", "Bali", 1), village("y/balanga", "Balanga", 2), village("x/bali", "Bali", 7))
	ix := open(t, storeOf(t, places...))
	names := func(r autocomplete.Response) []string {
		var out []string
		for _, s := range r.Suggestions {
			out = append(out, s.MainText)
		}
		return out
	}
	// "Bali" before "Balanga": two places bear it
	if got, want := names(suggest(t, ix, autocomplete.Query{Text: "bal"})), []string{"Bale", "Bali", "Balanga", "Bale", "Bale"}; !slices.Equal(got, want) {
		t.Errorf("bal: got %v, want %v", got, want)
	}
	if got := names(suggest(t, ix, autocomplete.Query{Text: "bale "})); !slices.Equal(got, []string{"Bale", "Bale", "Bale", "Bale", "Bale"}) {
		t.Errorf("bale: got %v, want five places named Bale", got)
	}
	// a name listed three times gives way to another the query matches
	ix = open(t, storeOf(t, append(places, village("w/baleh", "Baleh", 3))...))
	if got, want := names(suggest(t, ix, autocomplete.Query{Text: "bale"})), []string{"Bale", "Bale", "Bale", "Baleh", "Bale"}; !slices.Equal(got, want) {
		t.Errorf("bale: got %v, want %v", got, want)
	}
	// but not to a name with words left untyped
	ix = open(t, storeOf(t, append(places, village("v/bale-agbe", "Bale Agbe", 3))...))
	if got, want := names(suggest(t, ix, autocomplete.Query{Text: "bale "})), []string{"Bale", "Bale", "Bale", "Bale", "Bale"}; !slices.Equal(got, want) {
		t.Errorf("bale: got %v, want %v", got, want)
	}
}

// TestSuggestPoint: a place without a point of its own (a street a postal
// list names with its area only) is given its area's point, and says so.
func TestSuggestPoint(t *testing.T) {
	ng := address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9.08, Lon: 8.68, HasPoint: true}
	la := address.Place{ID: "NG-LA", Kind: address.KindState, Name: "Lagos", Country: "NG", Parents: []string{"NG"}, Lat: 6.52, Lon: 3.38, HasPoint: true}
	vi := address.Place{ID: "vi", Kind: address.KindNeighbourhood, Name: "Victoria Island", Country: "NG", Parents: []string{"NG-LA", "NG"},
		Lat: 6.4281, Lon: 3.4219, HasPoint: true}
	street := address.Place{ID: "st", Kind: address.KindStreet, Name: "Adeola Odeku Street", Country: "NG", Parents: []string{"vi", "NG-LA", "NG"}}
	nowhere := address.Place{ID: "LI", Kind: address.KindCountry, Name: "Liechtenstein", Country: "LI"}
	lost := address.Place{ID: "li-st", Kind: address.KindStreet, Name: "Lost Street", Country: "LI", Parents: []string{"LI"}}
	// a state's point is not a street's: tens of kilometres away
	inState := address.Place{ID: "st2", Kind: address.KindStreet, Name: "Ikorodu Road", Country: "NG", Parents: []string{"NG-LA", "NG"}}
	ix := open(t, storeOf(t, ng, la, vi, street, nowhere, lost, inState))
	for _, tt := range []struct {
		q, country, point string
		lat, lon          float64
	}{
		{"adeola odeku", "NG", autocomplete.PointArea, 6.4281, 3.4219},
		{"victoria island", "NG", autocomplete.PointOwn, 6.4281, 3.4219},
		{"lost street", "LI", autocomplete.PointNone, 0, 0},
		{"ikorodu road", "NG", autocomplete.PointNone, 0, 0},
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.q, Country: tt.country, Limit: 1})
		if len(r.Suggestions) != 1 {
			t.Fatalf("Suggest(%q) = %v", tt.q, ids(r))
		}
		s := r.Suggestions[0]
		if s.Point != tt.point || s.Latitude != tt.lat || s.Longitude != tt.lon {
			t.Errorf("Suggest(%q) point %s %v,%v, want %s %v,%v", tt.q, s.Point, s.Latitude, s.Longitude, tt.point, tt.lat, tt.lon)
		}
	}
}

// TestSuggestMergesListings: one village that two sources list, one under
// its ward with a point and one under the LGA only without, is one
// suggestion with the point; a post office listed with its state only and
// no point is its state's namesake with one. A namesake in another state
// stays a place of its own.
func TestSuggestMergesListings(t *testing.T) {
	ng := address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9.08, Lon: 8.68, HasPoint: true}
	ad := address.Place{ID: "NG-AD", Kind: address.KindState, Name: "Adamawa", Country: "NG", Parents: []string{"NG"}, Lat: 9.3, Lon: 12.4, HasPoint: true}
	on := address.Place{ID: "NG-ON", Kind: address.KindState, Name: "Ondo", Country: "NG", Parents: []string{"NG"}, Lat: 7.1, Lon: 5.1, HasPoint: true}
	ganye := address.Place{ID: "NG-AD/lga/ganye", Kind: address.KindLGA, Name: "Ganye", Country: "NG", Parents: []string{"NG-AD", "NG"}, Lat: 8.43, Lon: 12.05, HasPoint: true}
	ward := address.Place{ID: "ward", Kind: address.KindWard, Name: "Sangasumi", Country: "NG", Parents: []string{"NG-AD/lga/ganye", "NG-AD", "NG"}, Lat: 8.3, Lon: 12.1, HasPoint: true}
	inWard := address.Place{ID: "v/jamisu-1", Kind: address.KindVillage, Name: "Jamisu", Country: "NG", Parents: []string{"ward", "NG-AD/lga/ganye", "NG-AD", "NG"}, Lat: 8.2837, Lon: 12.1112, HasPoint: true}
	inLGA := address.Place{ID: "v/jamisu-0", Kind: address.KindVillage, Name: "Jamisu", Country: "NG", Parents: []string{"NG-AD/lga/ganye", "NG-AD", "NG"}}
	office := address.Place{ID: "po/ilutitun", Kind: address.KindNeighbourhood, Name: "Ilutitun", Country: "NG", Parents: []string{"NG-ON", "NG"}}
	ondoWest := address.Place{ID: "NG-ON/lga/ondowest", Kind: address.KindLGA, Name: "Ondo West", Country: "NG", Parents: []string{"NG-ON", "NG"}, Lat: 7.0, Lon: 4.8, HasPoint: true}
	village := address.Place{ID: "v/ilutitun", Kind: address.KindVillage, Name: "Ilutitun", Country: "NG", Parents: []string{"NG-ON/lga/ondowest", "NG-ON", "NG"}, Lat: 6.9539, Lon: 4.7836, HasPoint: true}
	elsewhere := address.Place{ID: "v/ilutitun-ad", Kind: address.KindVillage, Name: "Ilutitun", Country: "NG", Parents: []string{"NG-AD", "NG"}, Lat: 9.1, Lon: 12.2, HasPoint: true}
	ix := open(t, storeOf(t, ng, ad, on, ganye, ward, inWard, inLGA, office, ondoWest, village, elsewhere))
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"jamisu", []string{"v/jamisu-1"}},
		{"ilutitun", []string{"v/ilutitun", "v/ilutitun-ad"}},
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.q})
		if got := ids(r); !slices.Equal(got, tt.want) {
			t.Errorf("Suggest(%q) = %v, want %v", tt.q, got, tt.want)
		}
		if r.Suggestions[0].Point != autocomplete.PointOwn {
			t.Errorf("Suggest(%q): first suggestion's point %s", tt.q, r.Suggestions[0].Point)
		}
	}
}

// TestLikelyTyposFirst: of places as important as each other within one
// edit of a query, the one that an edit people make more often explains
// comes first (edits.Unlikely): "ikyi" is Ikoyi with an "o" left out
// before Ikpi with a "y" struck for a "p", though Ikpi is the larger
// village. A place of more importance still comes first whatever the
// edit: "ikyo" offers the town Ikpo before the village Ikoyo.
func TestLikelyTyposFirst(t *testing.T) {
	place := func(id string, kind address.PlaceKind, name string, rank float64) address.Place {
		return address.Place{ID: id, Kind: kind, Name: name, Country: "NG", Rank: rank, Parents: []string{"NG"}}
	}
	ix := open(t, storeOf(t,
		place("v/ikpi", address.KindVillage, "Ikpi", 5000), place("v/ikoyi", address.KindVillage, "Ikoyi", 50),
		place("t/ikpo", address.KindTown, "Ikpo", 0), place("v/ikoyo", address.KindVillage, "Ikoyo", 5000),
	))
	for text, first := range map[string]string{
		"ikyi ": "v/ikoyi",
		"ikpi ": "v/ikpi", // typed right
		"ikyo ": "t/ikpo",
	} {
		r := suggest(t, ix, autocomplete.Query{Text: text, Limit: 5})
		if len(r.Suggestions) == 0 || r.Suggestions[0].ID != first {
			t.Errorf("%q: %v, want %s first", text, r.Suggestions, first)
		}
	}
}
