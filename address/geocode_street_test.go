package address_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestGeocodeStreetWithoutAPoint checks the rule for streets a gazetteer
// knows by name and area only (NIPOST's, with a doubled street type): the
// street is verified in its area and fills in its postcode; the address is
// placed at the area's point with the level STREET, a PARTIAL verdict and
// a reason; a street of the name known only elsewhere verifies nothing.
func TestGeocodeStreetWithoutAPoint(t *testing.T) {
	in := func(parents ...string) []string { return append(parents, "NG-LA", "NG") }
	gz := skeletonGazetteer(t,
		address.Place{ID: "lga-etiosa", Kind: address.KindLGA, Name: "Eti-Osa", Country: "NG", Parents: in(),
			Lat: 6.45, Lon: 3.48, HasPoint: true},
		address.Place{ID: "lga-ikeja", Kind: address.KindLGA, Name: "Ikeja", Country: "NG", Parents: in(),
			Lat: 6.60, Lon: 3.35, HasPoint: true},
		address.Place{ID: "vi", Kind: address.KindNeighbourhood, Name: "Victoria Island", Country: "NG", Parents: in("lga-etiosa"),
			Lat: 6.4281, Lon: 3.4219, HasPoint: true},
		address.Place{ID: "ikeja", Kind: address.KindTown, Name: "Ikeja", Country: "NG", Parents: in("lga-ikeja"),
			Lat: 6.5965, Lon: 3.3421, HasPoint: true},
		address.Place{ID: "adeola", Kind: address.KindStreet, Name: "Adeola Odeku St St.", Country: "NG",
			Parents: in("vi", "lga-etiosa"), Postcodes: []string{"101241"}},
		address.Place{ID: "allen", Kind: address.KindStreet, Name: "Allen Avenue", Country: "NG",
			Parents: in("ikeja", "lga-ikeja"), Postcodes: []string{"100271"}},
		address.Place{ID: "ozumba", Kind: address.KindStreet, Name: "Ozumba Mbadiwe Avenue", Country: "NG",
			Parents: in("lga-etiosa"), Postcodes: []string{"101233"}},

		// an LGA's id as the Nigerian import writes it, which starts as a
		// state's does; a street filed under a ward of it
		address.Place{ID: "NG-LA/lga/amuwoodofin", Kind: address.KindLGA, Name: "Amuwo-Odofin", Country: "NG", Parents: in(),
			Lat: 6.45, Lon: 3.28, HasPoint: true},
		address.Place{ID: "festac", Kind: address.KindNeighbourhood, Name: "Festac Town", Country: "NG", Parents: in("NG-LA/lga/amuwoodofin"),
			Lat: 6.4664, Lon: 3.2836, HasPoint: true},
		address.Place{ID: "nb-amuwo", Kind: address.KindNeighbourhood, Name: "Amuwo Odofin", Country: "NG", Parents: in("NG-LA/lga/amuwoodofin"),
			Lat: 6.4530, Lon: 3.2950, HasPoint: true},
		address.Place{ID: "ijegun", Kind: address.KindWard, Name: "Ijegun", Country: "NG", Parents: in("NG-LA/lga/amuwoodofin"),
			Lat: 6.4379, Lon: 3.2608, HasPoint: true},
		address.Place{ID: "far-ward", Kind: address.KindWard, Name: "Kirikiri", Country: "NG", Parents: in("NG-LA/lga/amuwoodofin"),
			Lat: 6.5300, Lon: 3.2000, HasPoint: true},
		address.Place{ID: "far-street", Kind: address.KindStreet, Name: "Kirikiri Road", Country: "NG",
			Parents: in("far-ward", "NG-LA/lga/amuwoodofin"), Postcodes: []string{"100267"}},
		// a street NIPOST's rural list holds as a village, without a point
		address.Place{ID: "NG-LA/lga/ojo", Kind: address.KindLGA, Name: "Ojo", Country: "NG", Parents: in(),
			Lat: 6.46, Lon: 3.18, HasPoint: true},
		address.Place{ID: "ojo", Kind: address.KindTown, Name: "Ojo", Country: "NG", Parents: in("NG-LA/lga/ojo"),
			Lat: 6.4643, Lon: 3.1902, HasPoint: true},
		address.Place{ID: "cele", Kind: address.KindVillage, Name: "Cele St", Country: "NG", Parents: in("NG-LA/lga/ojo")},
		address.Place{ID: "adesokan", Kind: address.KindStreet, Name: "Adesokan Street", Country: "NG",
			Parents: in("ijegun", "NG-LA/lga/amuwoodofin"), Postcodes: []string{"100266"}},
	)
	tests := []struct {
		name, text string
		level      address.MatchLevel
		verdict    address.Verdict
		street     string // the first place id, when the street gives the point
		postcode   string
		lat, lon   float64
		reason     string // a reason contains it
	}{
		{"in the area named", "12 Adeola Odeku Street, Victoria Island, Lagos",
			address.LevelStreet, address.Partial, "adeola", "101241", 6.4281, 3.4219, "no point of its own: placed at the point of Victoria Island"},
		{"no area named: the street's own", "12 Adeola Odeku St., Lagos",
			address.LevelStreet, address.Partial, "adeola", "101241", 6.4281, 3.4219, "no point of its own"},
		{"known only elsewhere", "5 Allen Avenue, Victoria Island, Lagos",
			address.LevelNeighbourhood, address.Partial, "", "", 6.4281, 3.4219, `street "Allen Avenue" was not found in Victoria Island`},
		{"elsewhere, with its postcode", "5 Allen Avenue, Victoria Island, Lagos 100271",
			address.LevelStreet, address.Partial, "allen", "100271", 6.5965, 3.3421, "placed at the point of Ikeja"},
		{"in the LGA the area's name names", "Adesokan Street, Amuwo-Odofin, Lagos",
			address.LevelStreet, address.Partial, "adesokan", "100266", 6.4379, 3.2608, "no point of its own"},
		{"in that LGA but far from the area", "Kirikiri Road, Amuwo-Odofin, Lagos",
			address.LevelNeighbourhood, address.Partial, "", "", 6.4530, 3.2950, `street "Kirikiri Road" was not found in Amuwo Odofin`},
		{"in another district of the area's LGA", "Adesokan Street, Festac Town, Lagos",
			address.LevelNeighbourhood, address.Partial, "", "", 6.4664, 3.2836, `street "Adesokan Street" was not found in Festac Town`},
		{"known as a village of its name", "Cele St, Ojo, Lagos",
			address.LevelLocality, address.Partial, "", "", 6.4643, 3.1902, "a place of its name without a point (Cele St) is listed there"},
		{"known in an LGA only", "Ozumba Mbadiwe Avenue, Lagos",
			address.LevelState, address.Unverified, "", "101233", 9, 8, "nor a locality around it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := geocode(t, gz, tt.text)
			first := ""
			if len(r.PlaceIDs) > 0 && r.PlaceIDs[0] == tt.street {
				first = tt.street
			}
			if r.Level != tt.level || r.Verdict != tt.verdict || first != tt.street || r.Address.Postcode != tt.postcode {
				t.Errorf("Geocode(%q) = %s %s, places %v, postcode %q; want %s %s, %q first, postcode %q (reasons %v)",
					tt.text, r.Level, r.Verdict, r.PlaceIDs, r.Address.Postcode, tt.level, tt.verdict, tt.street, tt.postcode, r.Reasons)
			}
			if d := address.Distance(r.Latitude, r.Longitude, tt.lat, tt.lon); !r.HasPoint || d > 1 {
				t.Errorf("Geocode(%q): point (%v, %v) is %.0f m from (%v, %v)", tt.text, r.Latitude, r.Longitude, d, tt.lat, tt.lon)
			}
			if strings.Contains(tt.reason, "is listed there") && !slices.Contains(r.PlaceIDs, "cele") {
				t.Errorf("Geocode(%q): places %v, want the village of the street's name among them", tt.text, r.PlaceIDs)
			}
			if !slices.ContainsFunc(r.Reasons, func(s string) bool { return strings.Contains(s, tt.reason) }) {
				t.Errorf("Geocode(%q): reasons %q do not say %q", tt.text, r.Reasons, tt.reason)
			}
			if r.Level == address.LevelStreet && (r.Confidence <= 68 || r.Confidence >= 80) {
				t.Errorf("Geocode(%q): confidence %d, want between a neighbourhood's 68 and HIGH_CONFIDENCE's 80", tt.text, r.Confidence)
			}
		})
	}
}

// TestStreetKey checks that spellings of one street meet under one key,
// a street type written twice among them, and that different streets do
// not.
func TestStreetKey(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Adeola Odeku St St.", "Adeola Odeku Street", true},
		{"Adeola Odeku Street St.", "adeola odeku st", true},
		{"Allen Road Rd.", "Allen Rd", true},
		{"Zollstr.", "Zollstrasse", true},
		{"Bendel Close", "Bendel Close Street", false}, // two types: not the same word
		{"Street Street", "Street", true},
		{"Ring Road", "Ring", false},
	}
	for _, tt := range tests {
		t.Run(tt.a, func(t *testing.T) {
			ka, kb := address.StreetKey(tt.a), address.StreetKey(tt.b)
			if (ka == kb) != tt.same {
				t.Errorf("StreetKey(%q) = %q, StreetKey(%q) = %q; same = %v, want %v", tt.a, ka, tt.b, kb, ka == kb, tt.same)
			}
		})
	}
}
