package address

import (
	"context"
	"slices"
	"strings"
)

// PlaceKind is the kind of a gazetteer place.
type PlaceKind string

// The kinds of places, from the largest to the smallest.
const (
	KindCountry       PlaceKind = "country"
	KindState         PlaceKind = "state" // first-level division: state, region, province
	KindLGA           PlaceKind = "lga"   // second-level division: LGA, county, district
	KindCity          PlaceKind = "city"
	KindTown          PlaceKind = "town"
	KindVillage       PlaceKind = "village"
	KindWard          PlaceKind = "ward"
	KindNeighbourhood PlaceKind = "neighbourhood"
	KindPostcode      PlaceKind = "postcode" // a postcode area
	KindStreet        PlaceKind = "street"
	KindAddress       PlaceKind = "address" // an address point: a house number on a street
)

// Kinds lists every place kind, from the largest to the smallest.
var Kinds = []PlaceKind{KindCountry, KindState, KindLGA, KindCity, KindTown, KindVillage, KindWard,
	KindNeighbourhood, KindPostcode, KindStreet, KindAddress}

// Valid reports whether k is one of Kinds.
func (k PlaceKind) Valid() bool {
	for _, v := range Kinds {
		if k == v {
			return true
		}
	}
	return false
}

// locality reports whether places of the kind are settlements or parts of
// them: what a City or Neighbourhood field names.
func (k PlaceKind) locality() bool {
	switch k {
	case KindCity, KindTown, KindVillage, KindWard, KindNeighbourhood:
		return true
	}
	return false
}

// Place is one entry of a gazetteer.
type Place struct {
	// ID is unique in the gazetteer. Countries use their ISO 3166-1
	// alpha-2 code ("NG") and first-level divisions their ISO 3166-2 code
	// ("NG-LA") when they have one, so that every source agrees on them.
	ID       string    `json:"id"`
	Kind     PlaceKind `json:"kind"`
	Name     string    `json:"name"`
	AltNames []string  `json:"alt_names,omitempty"`
	Country  string    `json:"country"` // ISO 3166-1 alpha-2
	// Parents are the ids of the enclosing places, the nearest first
	// (a ward's LGA, then its state, then its country).
	Parents []string `json:"parents,omitempty"`
	Lat     float64  `json:"lat"`
	Lon     float64  `json:"lon"`
	// HasPoint is false for places whose position is unknown.
	HasPoint bool `json:"has_point"`
	// Rank orders places of one kind: population, or importance.
	Rank      float64  `json:"rank,omitempty"`
	Postcodes []string `json:"postcodes,omitempty"`
	// HouseNumber and Street are set on address points.
	HouseNumber string `json:"house_number,omitempty"`
	Street      string `json:"street,omitempty"`
	Source      string `json:"source,omitempty"`
}

// Names returns the name and the alternate names of the place.
func (p *Place) Names() []string {
	return append([]string{p.Name}, p.AltNames...)
}

// Within reports whether id is the place or one of its parents.
func (p *Place) Within(id string) bool {
	return p.ID == id || slices.Contains(p.Parents, id)
}

// NameKey is the key under which gazetteers index names: Fold without
// spaces, so that "Eti-Osa", "Eti Osa" and "ETIOSA" meet.
func NameKey(s string) string {
	return strings.ReplaceAll(Fold(s), " ", "")
}

// AddressKey is the key of an address point: its house number and street,
// with the street type in its canonical form ("12 Adeola Odeku St" and
// "12, ADEOLA ODEKU STREET" meet).
func AddressKey(houseNumber, street string) string {
	return NameKey(houseNumber) + "|" + StreetKey(street)
}

// StreetKey is the key of a street name, with its type in canonical form
// and the types that mean "street" in any language made one
// ("Dr. Josef Hoop-Str." and "Dr Josef Hoop-Straße" meet, as do
// "Zollstr." and "Zollstrasse"). A type written twice in a row, however
// abbreviated, counts once: sources that append the type to a name that
// has it ("Adeola Odeku St St.", "Allen Road Rd.") name the street that
// "Adeola Odeku Street" and "Allen Road" name.
func StreetKey(street string) string {
	t := Tokens(street)
	out := t[:0]
	for _, w := range t {
		if _, isType := streetTypes[w]; isType && len(out) > 0 && out[len(out)-1] == w {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, "")
}

// Tokens returns the search tokens of a name: the words of Fold(s), with
// street types written as their canonical word ("st" and "str." become
// "street", "rd" becomes "road"), and German "-strasse" compounds split the
// same way, "-str" at the end of the last word too ("Zollstr"). StreetKey
// joins them; the autocomplete index searches them (TokensIn).
func Tokens(s string) []string { return tokens(s, true) }

// TokensIn is Tokens for a name or a query of a country: "-str" at the end
// of the last word is read as a street only in the countries that fuse it
// to names (Germany, Austria, Switzerland, Liechtenstein, Luxembourg);
// elsewhere it is a word being typed ("manchestr").
func TokensIn(s, country string) []string { return tokens(s, fusedStr[country]) }

// fusedStr are the countries that write "-str" fused to a street's name.
var fusedStr = map[string]bool{"DE": true, "AT": true, "CH": true, "LI": true, "LU": true}

func tokens(s string, strSuffix bool) []string {
	f := strings.Fields(Fold(s))
	for i, w := range f {
		if t, ok := streetTypes[w]; ok {
			w = Fold(t.Canonical)
		}
		switch {
		case w == "strasse":
			w = "street"
		case len(w) > 8 && strings.HasSuffix(w, "strasse"):
			w = w[:len(w)-7] + "street"
		case strSuffix && len(w) > 5 && strings.HasSuffix(w, "str") && i == len(f)-1:
			w = w[:len(w)-3] + "street"
		}
		f[i] = w
	}
	return f
}

// Gazetteer is what Geocode needs of a place store. Package storage
// provides one over Badger; any other store can stand in. The places it
// returns may be shared with other callers and must not be modified.
type Gazetteer interface {
	// Place returns the place with the id; ok is false when there is none.
	Place(ctx context.Context, id string) (p Place, ok bool, err error)
	// Named returns the places of a country (ISO alpha-2) with a name or
	// alternate name whose NameKey is key; address points are found by
	// AddressKey and streets by StreetKey.
	Named(ctx context.Context, country, key string) ([]Place, error)
	// Similar returns the places of a country whose NameKey is within
	// maxEdits edits of key, for spelling corrections.
	Similar(ctx context.Context, country, key string, maxEdits int) ([]Place, error)
	// Postcode returns the places that carry a postcode, in the form
	// NormalizePostcode gives it.
	Postcode(ctx context.Context, country, postcode string) ([]Place, error)
	// Near returns up to limit places of the kinds (any kind when none is
	// given) within radius metres of a point, the nearest first.
	Near(ctx context.Context, lat, lon, radius float64, limit int, kinds ...PlaceKind) ([]Place, error)
}
