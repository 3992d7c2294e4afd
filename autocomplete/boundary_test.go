package autocomplete_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/storetest"
)

// TestWordBoundaries checks word boundaries left out, added, and written
// with a hyphen or slash, on the gazetteer a fresh install has: a word
// typed for two words of a name run together, and two words typed for one
// word of a name, each a boundary counted as one edit; exact matches still
// first.
func TestWordBoundaries(t *testing.T) {
	ix := open(t, storetest.Builtin(t))
	for _, tt := range []struct {
		text, first string
		typos       int
	}{
		// a space left out
		{"portharcourt", "Port Harcourt, Rivers, Nigeria", 1},
		{"victoriaisland", "Victoria Island, Eti-Osa, Lagos, Nigeria", 1},
		{"benincity", "Benin City, Oredo, Edo, Nigeria", 1},
		{"lagosisland", "Lagos Island, Lagos, Nigeria", 1},
		{"ileife", "Ile-Ife, Ife Central, Osun, Nigeria", 1},
		{"ikotekpene", "Ikot Ekpene, Akwa Ibom, Nigeria", 1},
		{"adoekiti", "Ado-Ekiti, Ado Ekiti, Ekiti, Nigeria", 1},
		// ... still being typed, or with a typo as well
		{"portharc", "Port Harcourt, Rivers, Nigeria", 1},
		{"victoriaisl", "Victoria Island, Eti-Osa, Lagos, Nigeria", 1},
		{"portharcort", "Port Harcourt, Rivers, Nigeria", 2},
		// a space added
		{"iba dan", "Ibadan, Ibadan North-West, Oyo, Nigeria", 1},
		{"victoria is land", "Victoria Island, Eti-Osa, Lagos, Nigeria", 1},
		{"port har court", "Port Harcourt, Rivers, Nigeria", 1},
		// hyphen, slash and space are one boundary
		{"ado-ekiti", "Ado-Ekiti, Ado Ekiti, Ekiti, Nigeria", 0},
		{"ado/ekiti", "Ado-Ekiti, Ado Ekiti, Ekiti, Nigeria", 0},
		{"ile ife", "Ile-Ife, Ife Central, Osun, Nigeria", 0},
		{"Port-Harcourt", "Port Harcourt, Rivers, Nigeria", 0},
	} {
		r := suggest(t, ix, autocomplete.Query{Text: tt.text})
		if len(r.Suggestions) == 0 || r.Suggestions[0].Label != tt.first {
			t.Errorf("%q: got %v, want %q first", tt.text, labels(r), tt.first)
			continue
		}
		if m := r.Suggestions[0].Match; m.Typos != tt.typos {
			t.Errorf("%q: match %+v, want %d typos", tt.text, m, tt.typos)
		}
	}
}

// TestBoundaryRanksBelowExact: a place that needs a word boundary (one
// edit) comes after every place matched exactly or as typed, and the
// words it matched are highlighted across the boundary.
func TestBoundaryRanksBelowExact(t *testing.T) {
	ix := open(t, storeOf(t,
		address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"},
		address.Place{ID: "v/ibadan", Kind: address.KindCity, Name: "Ibadan", Country: "NG", Parents: []string{"NG"}, Rank: 3000000},
		address.Place{ID: "v/iba-dangana", Kind: address.KindVillage, Name: "Iba Dangana", Country: "NG", Parents: []string{"NG"}},
		address.Place{ID: "v/aba-north", Kind: address.KindTown, Name: "Aba North", Country: "NG", Parents: []string{"NG"}},
	))
	r := suggest(t, ix, autocomplete.Query{Text: "iba dan"})
	if got := ids(r); len(got) != 2 || got[0] != "v/iba-dangana" || got[1] != "v/ibadan" {
		t.Fatalf("iba dan: got %v, want the village typed as written, then the city", got)
	}
	r = suggest(t, ix, autocomplete.Query{Text: "abanor"})
	if len(r.Suggestions) != 1 || r.Suggestions[0].ID != "v/aba-north" {
		t.Fatalf("abanor: got %v", ids(r))
	}
	want := []autocomplete.Span{{Offset: 0, Length: 3}, {Offset: 4, Length: 3}}
	if got := r.Suggestions[0].Matches; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("abanor: matches %v, want %v", got, want)
	}
}

// TestListsFilled: when the pass that finds the best place leaves the list
// short, the next pass of edits fills it, ranked below; the places within
// the budget are all found.
func TestListsFilled(t *testing.T) {
	places := []address.Place{{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"}}
	for _, n := range []string{"Tudunwada", "Tudunwadi", "Tudunwaka", "Tudunfada", "Tudunwara", "Kudunwada"} {
		places = append(places, address.Place{ID: "v/" + n, Kind: address.KindVillage, Name: n, Country: "NG", Parents: []string{"NG"}})
	}
	ix := open(t, storeOf(t, places...))
	r := suggest(t, ix, autocomplete.Query{Text: "tudunwadax "})
	got := ids(r)
	if len(got) != 5 || got[0] != "v/Tudunwada" {
		t.Fatalf("tudunwadax: got %v, want Tudunwada then four more (two edits)", got)
	}
	for _, s := range r.Suggestions[1:] {
		if s.Match.Typos != 2 {
			t.Errorf("%s: %+v, want 2 typos", s.ID, s.Match)
		}
	}
}

// TestFilling checks three ways a list is filled beyond the best places:
// a last word too short for typos of its own gets one to fill a short
// list; places found with a typo list each name before the repeats of a
// name (places found exactly do not); and a word whose edit reaches a word
// of more places than a pass scores ("stret" reaches "street") does not
// find the candidates alone.
func TestFilling(t *testing.T) {
	places := []address.Place{{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"}}
	add := func(id string, kind address.PlaceKind, name string, rank float64, parents ...string) {
		places = append(places, address.Place{ID: id, Kind: kind, Name: name, Country: "NG", Rank: rank, Parents: append(parents, "NG")})
	}
	for _, n := range []string{"Aatan", "Akata", "Asata"} {
		add("v/"+n, address.KindVillage, n, 0)
	}
	// towns named Makera, each in a state of its own, a village Malewa, and
	// a village Make Wa (typed run together, one edit too)
	// (and six villages named Bada, that rank before Bada Street)
	// (25, more than the first lists diversify looks at)
	for i := range 25 {
		st := fmt.Sprintf("Zone %c", 'A'+i)
		add("st/"+st, address.KindState, st, 0)
		add(fmt.Sprintf("t/makera-%02d", i), address.KindTown, "Makera", 0, "st/"+st)
		if i < 6 {
			add(fmt.Sprintf("v/bada-%d", i), address.KindVillage, "Bada", 0, "st/"+st)
		}
	}
	add("v/malewa", address.KindVillage, "Malewa", 0)
	add("v/makewa", address.KindVillage, "Make Wa", 0)
	// an LGA and two villages one edit from it, for a word split in two
	add("lga/ibn", address.KindLGA, "Ibadan North", 0)
	add("v/ibnarth", address.KindVillage, "Ibadan Narth", 0)
	add("v/ibnorthe", address.KindVillage, "Ibadan Northe", 0)
	// 300 streets better ranked than Bada Street
	for i := range 300 {
		add(fmt.Sprintf("s/%d", i), address.KindStreet, fmt.Sprintf("Zz%c%c Street", 'a'+i/26, 'a'+i%26), 100)
	}
	add("s/bada", address.KindStreet, "Bada Street", 0)
	// a street whose name has the typo, as NIPOST's list has
	add("s/ado", address.KindStreet, "Ado Stret Street", 0)
	ix := open(t, storeOf(t, places...))
	for _, tt := range []struct {
		text  string
		start []string // the list starts so
		also  []string // and has these
	}{
		{text: "aata", start: []string{"v/Aatan"}, also: []string{"v/Akata"}},
		// each name before the repeats, though the joined term's place
		// is merged in from another pass
		{text: "makewa ", start: []string{"v/makewa", "t/makera-00", "v/malewa", "t/makera-01"}},
		{text: "makera ", start: []string{"t/makera-00", "t/makera-01", "t/makera-02", "t/makera-03", "t/makera-04"}},
		{text: "bada stret", start: []string{"s/bada"}},
		// a word split in two, and a typo besides
		{text: "iba dan north ", start: []string{"lga/ibn"}, also: []string{"v/ibnarth", "v/ibnorthe"}},
	} {
		got := ids(suggest(t, ix, autocomplete.Query{Text: tt.text}))
		ok := len(got) >= len(tt.start) && slices.Equal(got[:len(tt.start)], tt.start)
		for _, id := range tt.also {
			ok = ok && slices.Contains(got, id)
		}
		if !ok {
			t.Errorf("%q: got %v, want it to start %v and have %v", tt.text, got, tt.start, tt.also)
		}
	}
}

func labels(r autocomplete.Response) []string {
	var out []string
	for _, s := range r.Suggestions {
		out = append(out, s.Label)
	}
	return out
}

// TestShortWordTypo checks the typos that the filling pass once missed: a
// word of 3 letters with a letter left out ("yba"), a typo on the first
// letter of a name whose typed form starts other names ("tche"), and, of
// the places of a corrected name, the important one first ("kno": the town
// of Kano before an LGA of the name, as "kano" lists them).
func TestShortWordTypo(t *testing.T) {
	places := []address.Place{{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG"}}
	add := func(id string, kind address.PlaceKind, name string, rank float64, parents ...string) {
		places = append(places, address.Place{ID: id, Kind: kind, Name: name, Country: "NG", Rank: rank, Parents: append(parents, "NG")})
	}
	// an LGA of the name, which comes before a town by kind
	add("NG-KN", address.KindState, "Kano State", 0)
	add("NG-JI", address.KindState, "Jigawa", 0)
	add("t/kano", address.KindTown, "Kano", 0, "NG-KN")
	add("lga/kano", address.KindLGA, "Kano", 0, "NG-JI")
	add("v/kono", address.KindVillage, "Kono", 0)
	add("nb/yaba", address.KindNeighbourhood, "Yaba", 10)
	add("v/yeba", address.KindVillage, "Yeba", 0)
	add("lga/etche", address.KindLGA, "Etche", 0)
	// villages whose names start with the letters typed
	for _, n := range []string{"Tchejoho", "Tcheri", "Tchembe"} {
		add("v/"+n, address.KindVillage, n, 0)
	}
	add("v/ybara", address.KindVillage, "Ybara", 0) // starts with the letters typed
	ix := open(t, storeOf(t, places...))
	for _, tt := range []struct {
		text string
		want []string // the list starts so
		has  string   // and has this
	}{
		{text: "yba", want: []string{"v/ybara", "nb/yaba"}, has: "v/yeba"},
		{text: "tche", has: "lga/etche"},
		{text: "kno", want: []string{"t/kano"}, has: "v/kono"},
		{text: "kano", want: []string{"NG-KN", "t/kano", "lga/kano"}}, // typed right: importance too
		{text: "ab"}, // two letters: no typo, nothing
	} {
		got := ids(suggest(t, ix, autocomplete.Query{Text: tt.text}))
		ok := len(got) >= len(tt.want) && slices.Equal(got[:len(tt.want)], tt.want) && (tt.has == "" || slices.Contains(got, tt.has))
		if tt.text == "ab" {
			ok = len(got) == 0
		}
		if !ok {
			t.Errorf("%q: got %v, want it to start %v and have %q", tt.text, got, tt.want, tt.has)
		}
	}
}
