package address_test

import (
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestGeocodeLGANamesake checks a name that an LGA bears as well as
// places: the LGA and the places of the name inside it agree, a village
// or ward of the name in another LGA does not, and an LGA around the
// place found is not a rival of it.
func TestGeocodeLGANamesake(t *testing.T) {
	place := func(id string, kind address.PlaceKind, name string, lat, lon float64, parents ...string) address.Place {
		return address.Place{ID: id, Kind: kind, Name: name, Country: "NG", Parents: append(parents, "NG"), Lat: lat, Lon: lon, HasPoint: true}
	}
	gz := skeletonGazetteer(t,
		// Oyo: an LGA, and a ward of its name in another LGA
		place("NG-OY/lga/olorunsogo", address.KindLGA, "Olorunsogo", 8.80, 4.10, "NG-OY"),
		place("NG-OY/lga/onaara", address.KindLGA, "Ona Ara", 7.35, 4.00, "NG-OY"),
		place("ward-olorunsogo", address.KindWard, "Olorunsogo", 7.37, 3.97, "NG-OY/lga/onaara", "NG-OY"),
		// Taraba: an LGA and a ward of its name inside it, 30 km apart
		place("NG-TA/lga/gashaka", address.KindLGA, "Gashaka", 7.50, 11.36, "NG-TA"),
		place("ward-gashaka", address.KindWard, "Gashaka", 7.43, 11.62, "NG-TA/lga/gashaka", "NG-TA"),
		// Niger: a street in the LGA of Chanchaga, a ward of that name in Bosso
		place("NG-NI/lga/chanchaga", address.KindLGA, "Chanchaga", 9.60, 6.55, "NG-NI"),
		place("NG-NI/lga/bosso", address.KindLGA, "Bosso", 9.75, 6.45, "NG-NI"),
		place("ward-chanchaga", address.KindWard, "Chanchaga", 9.65, 6.52, "NG-NI/lga/bosso", "NG-NI"),
		place("bosso-road", address.KindStreet, "Bosso Road", 9.62, 6.54, "NG-NI/lga/chanchaga", "NG-NI"),
	)
	for _, tt := range []struct {
		text, lga string
		ids       []string // the places matched, in order
	}{
		{"Olorunsogo, Oyo", "Olorunsogo", []string{"NG-OY/lga/olorunsogo"}},
		{"Gashaka, Taraba", "Gashaka", []string{"ward-gashaka", "NG-TA/lga/gashaka"}},
		{"Bosso Road, Chanchaga, Niger", "Chanchaga", []string{"bosso-road", "NG-NI/lga/chanchaga"}},
		// another name of the address decides: the ward in Bosso
		{"Chanchaga, Bosso, Niger", "Bosso", []string{"ward-chanchaga"}},
	} {
		r := geocode(t, gz, tt.text)
		if r.Address.LGA != tt.lga || !slices.Equal(r.PlaceIDs, tt.ids) {
			t.Errorf("%q: LGA %q, places %v; want %q, %v", tt.text, r.Address.LGA, r.PlaceIDs, tt.lga, tt.ids)
		}
		for _, c := range r.Conflicts {
			if c.Code == "ambiguous_place" {
				t.Errorf("%q: %s", tt.text, c.Message)
			}
		}
	}
}

// TestWrittenName checks the names a result writes: another name of the
// place as written, and a zone's number after one of its names ("Wuse
// Zone 5" for Wuse, alias "Wuse Zone 1": a zone, not a misspelling); the
// gazetteer's first name for a misspelt one and a short one; one numbered
// in Roman numerals as written; a road named after two towns kept whole.
func TestWrittenName(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, neighbourhood, city, street string }{
		{"Stephansplatz 1, 1010 Wien", "", "Wien", "Stephansplatz"},
		{"Garki Area 11 Abuja", "Garki", "Abuja", ""},
		{"10 Adetokunbo Ademola Crescent Wuse Zone 5 Abuja", "Wuse Zone 5", "Abuja", "Adetokunbo Ademola Crescent"},
		{"Wuse II, Abuja", "Wuse II", "Abuja", ""}, // Wuse 2, its number as written
		{"No 10 Aba road, PH", "", "Port Harcourt", "Aba Road"},
		{"45 deansgate manchester m3 2ay uk", "", "Manchester", "Deansgate"},
		{"20 Lagos Abeokuta", "", "", "Lagos Abeokuta"},
		// the first words of a name: abroad, one of its other names,
		// as written; in Nigeria the full name
		{"88 e broadway apt 5 new york ny 10002", "", "New York", "E Broadway"},
		{"5 Akpakpava Road, Benin", "", "Benin City", "Akpakpava Road"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.Neighbourhood != tt.neighbourhood || a.City != tt.city || a.Street != tt.street {
			t.Errorf("%q: neighbourhood %q, city %q, street %q; want %q, %q, %q", tt.text, a.Neighbourhood, a.City, a.Street, tt.neighbourhood, tt.city, tt.street)
		}
	}
}

// TestGeocodeCityNamedAsState checks, on the built-in gazetteer, a state
// written by the name of a city: alone, the city (in its own state when
// the province of the name lies elsewhere); after a district, the city
// around it; a country named after its city, and no other place, the
// city. Nigeria's readings stay as they were.
func TestGeocodeCityNamedAsState(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct {
		text, neighbourhood, city, state string
	}{
		{"Cairo, Egypt", "", "Cairo", "Al Qahirah"},
		{"Calle Florida 537, Buenos Aires, Argentina", "", "Buenos Aires", "Ciudad Autónoma de Buenos Aires"},
		// (and the city's state by the name Argentines write it: CABA)
		{"Cine Gaumont, Av. Rivadavia 1635, C1033 CABA, Argentina", "", "CABA", "Ciudad Autónoma de Buenos Aires"},
		{"Zamalek, Cairo, Egypt", "Zamalek", "Cairo", "Al Qahirah"},
		{"Khlong Toei, Bangkok 10110, Thailand", "Khlong Toei", "Bangkok", "Krung Thep Maha Nakhon"},
		{"Gangnam-gu, Seoul, South Korea", "Gangnam-gu", "Seoul", "Seoul"},
		{"10 bayfront avenue singapore 018956", "", "Singapore", ""},
		{"12 Main Street, Mexico", "", "", ""}, // Mexico City's other name: no city
		{"Nicaragua", "", "", ""},
		{"Surulere, Lagos", "", "Surulere", "Lagos"},
		{"Kano", "", "Kano", "Kano"},
	} {
		r := geocode(t, gz, tt.text)
		a := r.Address
		if a.Neighbourhood != tt.neighbourhood || a.City != tt.city || a.State != tt.state {
			t.Errorf("%q: neighbourhood %q, city %q, state %q; want %q, %q, %q", tt.text, a.Neighbourhood, a.City, a.State, tt.neighbourhood, tt.city, tt.state)
		}
	}
}

// TestGeocodeStateAlone checks a state's name written alone: its town of
// that name when it has one, never a village or ward that bears it.
func TestGeocodeStateAlone(t *testing.T) {
	place := func(id string, kind address.PlaceKind, name string, parents ...string) address.Place {
		return address.Place{ID: id, Kind: kind, Name: name, Country: "NG", Parents: append(parents, "NG"), Lat: 6, Lon: 7, HasPoint: true}
	}
	gz := skeletonGazetteer(t,
		place("village-imo", address.KindVillage, "Imo", "NG-IM"),
		place("town-oyo", address.KindTown, "Oyo", "NG-OY"),
	)
	for _, tt := range []struct{ text, id string }{
		{"Imo, Nigeria", "NG-IM"},
		{"Oyo, Nigeria", "town-oyo"},
	} {
		if r := geocode(t, gz, tt.text); !slices.Equal(r.PlaceIDs, []string{tt.id}) {
			t.Errorf("%q: places %v, want [%s]", tt.text, r.PlaceIDs, tt.id)
		}
	}
}

// TestGeocodeTownAround checks an area found without a point (a postal
// list's village) inside a city the address names in the same LGA: the
// city stays the city and places the address, the area is its district;
// without the city's point the address fell to state level, with the
// area as the city and the city as the LGA. Inside a town's LGA the
// village stays the locality, placed at the town with the LGA's level.
func TestGeocodeTownAround(t *testing.T) {
	const lga = "NG-BY/lga/yenagoa"
	gz := skeletonGazetteer(t,
		address.Place{ID: lga, Kind: address.KindLGA, Name: "Yenagoa", Country: "NG", Parents: []string{"NG-BY", "NG"}, Lat: 4.95, Lon: 6.3, HasPoint: true},
		address.Place{ID: "city-yenagoa", Kind: address.KindCity, Name: "Yenagoa", Country: "NG", Parents: []string{lga, "NG-BY", "NG"}, Lat: 4.9267, Lon: 6.2676, HasPoint: true},
		address.Place{ID: "village-amarata", Kind: address.KindVillage, Name: "Amarata", Country: "NG", Parents: []string{lga, "NG-BY", "NG"}},
	)
	// a town's LGA: the village is the locality, placed at the LGA's level
	gz2 := skeletonGazetteer(t,
		address.Place{ID: "NG-AD/lga/numan", Kind: address.KindLGA, Name: "Numan", Country: "NG", Parents: []string{"NG-AD", "NG"}, Lat: 9.4, Lon: 12.1, HasPoint: true},
		address.Place{ID: "town-numan", Kind: address.KindTown, Name: "Numan", Country: "NG", Parents: []string{"NG-AD/lga/numan", "NG-AD", "NG"}, Lat: 9.4637, Lon: 12.0306, HasPoint: true},
		address.Place{ID: "village-dumburi", Kind: address.KindVillage, Name: "Dumburi Fulani", Country: "NG", Parents: []string{"NG-AD/lga/numan", "NG-AD", "NG"}},
	)
	if r := geocode(t, gz2, "Dumburi Fulani, Numan, Adamawa"); r.Address.City != "Dumburi Fulani" || r.Level != address.LevelLGA || r.Latitude != 9.4637 {
		t.Errorf("Dumburi Fulani, Numan: city %q, %s at %v; want Dumburi Fulani, LGA at the town", r.Address.City, r.Level, r.Latitude)
	}
	for _, text := range []string{"Amarata, Yenagoa", "12 Imgbi Road, Amarata, Yenagoa, Bayelsa State"} {
		r := geocode(t, gz, text)
		a := r.Address
		if a.Neighbourhood != "Amarata" || a.City != "Yenagoa" || a.LGA != "Yenagoa" || r.Level != address.LevelLocality || r.Latitude != 4.9267 {
			t.Errorf("%q: neighbourhood %q, city %q, LGA %q, %s at %v,%v; want Amarata, Yenagoa, Yenagoa, LOCALITY at the city",
				text, a.Neighbourhood, a.City, a.LGA, r.Level, r.Latitude, r.Longitude)
		}
	}
}
