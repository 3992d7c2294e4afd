package address_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/address/pluscode"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// TestMain closes and removes the built-in gazetteer the tests opened and
// the Nigerian one they built, if any.
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

// builtinGazetteer returns the store of the built-in gazetteer that every
// test of the package shares, opened as the command and the server open it
// (read-only, the places preloaded: the geocoder's evidence of name-word
// counts needs them).
func builtinGazetteer(t testing.TB) *storage.Gazetteer { return storetest.Shared(t) }

func geocode(t testing.TB, gz address.Gazetteer, text string) address.Result {
	t.Helper()
	ctx := context.Background()
	s, err := address.Standardize(ctx, address.Input{Text: text})
	if err != nil {
		t.Fatalf("Standardize(%q): %v", text, err)
	}
	r, err := address.Geocode(ctx, gz, s)
	if err != nil {
		t.Fatalf("Geocode(%q): %v", text, err)
	}
	return r
}

func TestGeocodeBuiltin(t *testing.T) {
	gz := builtinGazetteer(t)
	tests := []struct {
		text              string
		level             address.MatchLevel
		lga, state, city  string
		lat, lon, withinM float64
		verdict           address.Verdict
	}{
		{"12 Adeola Odeku Street, Victoria Island, Lagos", address.LevelNeighbourhood, "Eti-Osa", "Lagos", "Victoria Island", 6.4281, 3.4219, 2000, address.Partial},
		{"Plot 5, Wuse 2, Abuja", address.LevelNeighbourhood, "Abuja Municipal", "Federal Capital Territory", "Abuja", 9.08, 7.47, 3000, address.Partial},
		{"Ikeja, Lagos", address.LevelLocality, "Ikeja", "Lagos", "Ikeja", 6.6, 3.34, 5000, address.Partial},
		{"Sabon Gari, Kano", address.LevelNeighbourhood, "Fagge", "Kano", "Kano", // a district of Kano city: "Kano" names the city too
			12.01, 8.525, 3000, address.Partial},
		{"Bodija, Ibadan, Oyo State", address.LevelNeighbourhood, "Ibadan North", "Oyo", "Ibadan", 7.43, 3.915, 3000, address.Partial},
		// a misspelt neighbourhood is corrected
		{"Victoria Islnd, Lagos", address.LevelNeighbourhood, "Eti-Osa", "Lagos", "Victoria Island", 6.4281, 3.4219, 2000, address.Partial},
		// a town of the GeoNames list fills in its LGA and state
		{"Zuru", address.LevelLocality, "Zuru", "Kebbi", "Zuru", 11.435, 5.235, 5000, address.Partial},
		// an LGA written with the town's name tells the town from its
		// namesakes (Gwaram of Alkaleri, Bauchi)
		{"Central Mosque, Gwaram, Gwaram LGA", address.LevelLocality, "Gwaram", "Jigawa", "Gwaram", 11.277, 9.884, 5000, address.Partial},
		// a Plus Code recovered from the locality beside it
		{"8JGR+PQW, Murtala Muhammed Way, Benin City", address.LevelPremise, "Oredo", "Edo", "Benin City", 6.32686, 5.64195, 20, address.HighConfidence},
		{"6FR5CCHC+6Q", address.LevelPremise, "", "", "", 6.4281, 3.4219, 50, address.HighConfidence},
		// only the state
		{"Lagos State", address.LevelState, "", "Lagos", "", 6.6, 3.35, 30000, address.Unverified},
		// another country: its cities are built in (GeoNames), its streets not
		// Britain's outward code alone after the city says where, with
		// no country written
		{"Camden Road, London NW1", address.LevelLocality, "", "England", "London", 51.5085, -0.1257, 10000, address.Partial},
		{"10 Downing Street, London, United Kingdom", address.LevelLocality, "", "England", "London", 51.5085, -0.1257, 5000, address.Partial},
		{"Unter den Linden 77, 10117 Berlin, Germany", address.LevelLocality, "", "Berlin", "Berlin", 52.52, 13.405, 10000, address.Partial},
		{"Nairobi, Kenya", address.LevelLocality, "", "Nairobi County", "Nairobi", -1.283, 36.817, 10000, address.Partial},
		// issue 31's addresses on an empty directory: placed at their city
		{"1600 Amphitheatre Parkway, Mountain View, CA 94043", address.LevelLocality, "", "California", "Mountain View", 37.386, -122.084, 25000, address.Unverified},
		{"Oxford Street, Accra, Ghana", address.LevelLocality, "", "Greater Accra", "Accra", 5.556, -0.197, 25000, address.Partial},
		{"Avenida Paulista 1578, São Paulo, Brazil", address.LevelLocality, "", "São Paulo", "São Paulo", -23.547, -46.636, 25000, address.Partial},
		{"Calle de Alcalá 50, Madrid, Spain", address.LevelLocality, "", "Madrid", "Madrid", 40.416, -3.703, 25000, address.Partial},
		{"Kampala Road, Kampala, Uganda", address.LevelLocality, "", "Central Region", "Kampala", 0.316, 32.582, 25000, address.Partial},
		// no country written: a city named with a postcode of its country
		{"Unter den Linden 77, 10117 Berlin", address.LevelLocality, "", "Berlin", "Berlin", 52.52, 13.405, 10000, address.Partial},
		{"55 Rue du Faubourg Saint-Honoré, 75008 Paris", address.LevelLocality, "", "Île-de-France", "Paris", 48.853, 2.349, 10000, address.Partial},
		// typed without commas, the postcode last
		{"14 bis rue des lilas pessac 33600", address.LevelLocality, "", "New Aquitaine", "Pessac", 44.806, -0.632, 10000, address.Partial},
		// a state written in full with the postcode outweighs a namesake
		// of the town elsewhere (the built-in knows Amherst, New York)
		{"12 Walnut Hill Rd, Amherst, New Hampshire 03031", address.LevelState, "", "New Hampshire", "Amherst", 43.208, -71.538, 10000, address.Unverified},
		// the city by its own language's name, which the built-in
		// gazetteer keeps among the city's other names: found, and kept
		// as written
		{"Nørrebrogade 10, 2200 København", address.LevelLocality, "", "Capital Region", "København", 55.676, 12.566, 10000, address.Partial},
		// and the letters of a postal district after it
		{"Nørrebrogade 10, 2200 København N", address.LevelLocality, "", "Capital Region", "København N", 55.676, 12.566, 10000, address.Partial},
		{"Marienplatz 1, 80331 München", address.LevelLocality, "", "Bayern", "München", 48.137, 11.575, 10000, address.Partial},
		// (and one of another family than most languages' names of the
		// city: "Firenze" beside "Florence", "Florencia", "Florenz")
		{"Piazza della Signoria 1, 50122 Firenze", address.LevelLocality, "", "Tuscany", "Firenze", 43.779, 11.246, 10000, address.Partial},
		{"Stephansplatz 1, 1010 Wien", address.LevelLocality, "", "Wien", "Wien", 48.208, 16.372, 10000, address.Partial},
		{"Rua Augusta 1, 1100-048 Lisboa", address.LevelLocality, "", "Lisbon", "Lisboa", 38.717, -9.133, 10000, address.Partial},
		// a city named like its province, after the postcode: the city,
		// which the province holds (not ambiguous); the state is the
		// region, unless the address writes the province
		{"Via del Corso 1, 00186 Roma", address.LevelLocality, "", "Lazio", "Roma", 41.894, 12.483, 10000, address.Partial},
		{"Via Dante 4, 20121 Milano MI", address.LevelLocality, "", "Milano", "Milano", 45.464, 9.190, 10000, address.Partial},
		// no postcode nor country: a city of 100,000 people or more that
		// is no place of the region says where; a name that starts one of
		// the region's stays Nigerian ("Victoria" of Victoria Island)
		{"12 rue de la Paix, Paris", address.LevelLocality, "", "Île-de-France", "Paris", 48.853, 2.349, 10000, address.Partial},
		{"calle mayor 5, madrid", address.LevelLocality, "", "Madrid", "Madrid", 40.416, -3.703, 10000, address.Partial},
		{"Plot 5, Victoria", address.LevelCountry, "", "", "Victoria", 9.08, 8.68, 1000000, address.Unverified},
		// six digits fit Nigeria's postcodes, but none is confirmed and a
		// city of India is named beside them: an Indian PIN code
		{"MG Road, Bengaluru 560001", address.LevelLocality, "", "Karnataka", "Bengaluru", 12.97, 77.59, 10000, address.Partial},
		// and a Nigerian city beside them keeps Nigeria
		{"5 Market Road, Aba 450001", address.LevelLocality, "Aba South", "Abia", "Aba", 5.107, 7.367, 10000, address.Partial},
		// a county after a town: the town is the city, the county the
		// second-level division (not built in: kept unconfirmed)
		{"Guildford, Surrey, UK", address.LevelLocality, "Surrey", "England", "Guildford", 51.235, -0.574, 5000, address.Partial},
		// a Japanese ward before a prefecture named as its city: the ward
		// is the district, the prefecture's name the city
		{"Kabukicho 1-19-1, Shinjuku-ku, Tokyo 160-0021", address.LevelLocality, "Shinjuku-ku", "Tokyo", "Tokyo", 35.69, 139.69, 25000, address.Partial},
		// the country's own code after a postcode of it is the country,
		// never a place of it (the division "UK")
		{"Sir Matt Busby Way, Stretford, Manchester M16 0RA, UK", address.LevelLocality, "", "England", "Manchester", 53.48, -2.24, 10000, address.Partial},
		{"Truro, Cornwall, UK", address.LevelLocality, "Cornwall", "England", "Truro", 50.265, -5.054, 5000, address.Partial},
		// "W.I." after a Caribbean country; a place whose name holds a
		// street type ("Half Way Tree": not the street "Half Way")
		{"Half Way Tree, Kingston 10, Jamaica W.I.", address.LevelLocality, "", "Saint Andrew Parish", "Kingston 10", 18.012, -76.799, 3000, address.Partial},
		// a state's code read as a country's: the city says which
		{"Springfield, IL", address.LevelLocality, "", "Illinois", "Springfield", 39.80, -89.64, 10000, address.Partial},
		// a code in capitals read as the city, or as a state of the
		// region's (ON is Ondo's): the city written says where
		{"Madison, WI", address.LevelLocality, "", "Wisconsin", "Madison", 43.073, -89.401, 10000, address.Partial},
		{"Toronto, ON", address.LevelLocality, "", "Ontario", "Toronto", 43.7, -79.416, 10000, address.Partial},
		{"Akure, ON", address.LevelLocality, "Akure South", "Ondo", "Akure", 7.253, 5.193, 10000, address.Partial},
		// a country's own code read as a state of the region's (KE is
		// Kebbi's, DE Delta's): the city written says which
		{"Thika Road, Nairobi, KE", address.LevelLocality, "", "Nairobi County", "Nairobi", -1.28, 36.82, 10000, address.Partial},
		{"Berlin, DE", address.LevelLocality, "", "Berlin", "Berlin", 52.52, 13.40, 10000, address.Partial},
		{"Birnin Kebbi, KE", address.LevelLocality, "Birnin Kebbi", "Kebbi", "Birnin Kebbi", 12.45, 4.2, 10000, address.Partial},
	}
	for _, tt := range tests {
		r := geocode(t, gz, tt.text)
		a := r.Address
		if r.Level != tt.level || a.LGA != tt.lga || a.State != tt.state || a.City != tt.city || r.Verdict != tt.verdict {
			t.Errorf("%q: level %s, LGA %q, state %q, city %q, verdict %s; want %s, %q, %q, %q, %s (reasons %v, conflicts %v)",
				tt.text, r.Level, a.LGA, a.State, a.City, r.Verdict, tt.level, tt.lga, tt.state, tt.city, tt.verdict, r.Reasons, r.Conflicts)
		}
		if d := address.Distance(r.Latitude, r.Longitude, tt.lat, tt.lon); !r.HasPoint || d > tt.withinM {
			t.Errorf("%q: point (%v, %v) is %.0f m from (%v, %v)", tt.text, r.Latitude, r.Longitude, d, tt.lat, tt.lon)
		}
	}
}

// TestGeocodeReasons checks that a verdict short of HIGH_CONFIDENCE always
// says why, even when nothing is missing: a P.O. box has no street.
func TestGeocodeReasons(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, text := range []string{"P.O. Box 12, Wase, Plateau", "Po 0 WAse"} {
		r := geocode(t, gz, text)
		if r.Verdict == address.HighConfidence {
			t.Fatalf("%q: %s", text, r.Verdict)
		}
		if len(r.Reasons)+len(r.Conflicts)+len(r.Missing)+len(r.Corrections) == 0 {
			t.Errorf("%q: %s at %s without a reason", text, r.Verdict, r.Level)
		}
		if !slices.ContainsFunc(r.Reasons, func(s string) bool { return strings.Contains(s, "P.O. box") }) {
			t.Errorf("%q: reasons %v do not name the P.O. box", text, r.Reasons)
		}
	}
}

// TestGeocodeGarbage checks that input nobody can place comes back
// UNVERIFIED with reasons, never as an error.
func TestGeocodeGarbage(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, text := range []string{"asdkjh qwe", "12345", "+++ ???", "Flat 3", "ZZZZ+ZZ", "No. 5", "Lagos, Kano, Abuja"} {
		s, err := address.Standardize(context.Background(), address.Input{Text: text})
		if err != nil {
			continue // the standardizer refused it: nothing to geocode
		}
		r, err := address.Geocode(context.Background(), gz, s)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if r.Verdict == address.HighConfidence || len(r.Reasons) == 0 && len(r.Conflicts) == 0 && len(r.Missing) == 0 {
			t.Errorf("%q: verdict %s with no reason", text, r.Verdict)
		}
	}
}

// skeletonGazetteer returns an in-memory store (a real Badger) holding
// Nigeria, its states (all placed at the country's centre) and places.
func skeletonGazetteer(t *testing.T, places ...address.Place) *storage.Gazetteer {
	t.Helper()
	gz, err := storage.Open("", storage.Options{InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gz.Close() })
	l, _ := gz.NewLoader()
	for _, p := range builtin.Places() {
		if p.Kind == address.KindCountry && p.ID != "NG" || p.Country == "NG" && p.Kind == address.KindState {
			if p.Kind == address.KindState {
				p.HasPoint, p.Lat, p.Lon = true, 9, 8
			}
			places = append(places, p)
		}
	}
	places = append(places, address.Place{ID: "ng", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9, Lon: 8, HasPoint: true})
	for _, p := range places {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return gz
}

// TestGeocodeAmbiguous checks that a name two states share is settled by
// the state, and flagged when nothing settles it.
func TestGeocodeAmbiguous(t *testing.T) {
	gz := skeletonGazetteer(t,
		address.Place{ID: "yaba-la", Kind: address.KindNeighbourhood, Name: "Yaba", Country: "NG", Parents: []string{"NG-LA", "NG"}, Lat: 6.5095, Lon: 3.3711, HasPoint: true},
		address.Place{ID: "yaba-fc", Kind: address.KindVillage, Name: "Yaba", Country: "NG", Parents: []string{"NG-FC", "NG"}, Lat: 8.95, Lon: 7.36, HasPoint: true},
	)
	for _, tt := range []struct {
		text, id  string
		ambiguous bool
	}{
		{"Yaba, Lagos", "yaba-la", false},
		{"Yaba, FCT", "yaba-fc", false},
		{"Yaba", "", true},
	} {
		r := geocode(t, gz, tt.text)
		amb := r.Candidates > 1
		if amb != tt.ambiguous || tt.id != "" && (len(r.PlaceIDs) == 0 || r.PlaceIDs[0] != tt.id) {
			t.Errorf("%q: places %v, %d candidates, conflicts %v", tt.text, r.PlaceIDs, r.Candidates, r.Conflicts)
		}
		if amb && r.Verdict == address.HighConfidence {
			t.Errorf("%q: ambiguous but %s", tt.text, r.Verdict)
		}
	}
}

// TestGeocodeAmbiguousLGA checks the LGA names that two states share.
func TestGeocodeAmbiguousLGA(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct {
		text, state string
		ambiguous   bool
	}{
		{"Obi, Benue", "NG-BE", false},
		{"Obi LGA, Nasarawa State", "NG-NA", false},
		{"Bassa, Kogi", "NG-KO", false},
		{"Bassa, Plateau", "NG-PL", false},
		{"Ifelodun, Kwara", "NG-KW", false},
		{"Ifelodun, Osun", "NG-OS", false},
		{"Bassa", "", true},
		{"Ifelodun", "", true},
	} {
		r := geocode(t, gz, tt.text)
		amb := false
		for _, c := range r.Conflicts {
			amb = amb || c.Code == "ambiguous_place"
		}
		if amb != tt.ambiguous || tt.state != "" && r.Address.StateCode != tt.state || amb && r.Verdict == address.HighConfidence {
			t.Errorf("%q: state %s, verdict %s, conflicts %v", tt.text, r.Address.StateCode, r.Verdict, r.Conflicts)
		}
		// an ambiguous answer says where else the address may be
		if amb != (len(r.Alternatives) > 0) || len(r.Alternatives) > address.MaxAlternatives || len(r.Alternatives) >= r.Candidates && amb {
			t.Errorf("%q: %d candidates, alternatives %+v", tt.text, r.Candidates, r.Alternatives)
		}
		for _, a := range r.Alternatives {
			if a.PlaceID == r.PlaceIDs[0] || !strings.HasPrefix(a.Label, "Bassa, ") && !strings.HasPrefix(a.Label, "Ifelodun, ") ||
				a.Latitude == 0 || strings.Count(a.Label, ", ") > 2 {
				t.Errorf("%q: alternative %+v beside %s", tt.text, a, r.PlaceIDs[0])
			}
		}
	}
}

// TestGeocodeCityOutranks checks that a city written after its postcode
// is not made ambiguous by the province of its name or by a village of a
// fiftieth of its people, while two towns alike still are (TestGeocodeAmbiguousLGA).
func TestGeocodeCityOutranks(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, text := range []string{"Av. Corrientes 1234, C1043 Buenos Aires", "Av. Juárez 1, 72000 Puebla"} {
		r := geocode(t, gz, text)
		for _, c := range r.Conflicts {
			if c.Code == "ambiguous_place" {
				t.Errorf("%q: %v (verdict %s)", text, c, r.Verdict)
			}
		}
		if r.Verdict != address.Partial {
			t.Errorf("%q: verdict %s, want %s", text, r.Verdict, address.Partial)
		}
	}
}

// TestGeocodeShortCodePostcode checks that a short Plus Code beside a
// postcode alone is recovered by the places the postcode serves, not by
// the area's point, the mean of its places, which one misplaced village
// pulls half a degree away.
func TestGeocodeShortCodePostcode(t *testing.T) {
	const lat, lon = 9.0765, 7.3986
	village := func(id string, lat, lon float64) address.Place {
		return address.Place{ID: id, Kind: address.KindVillage, Name: id, Country: "NG", Parents: []string{"NG-FC", "NG"},
			Postcodes: []string{"900107"}, Lat: lat, Lon: lon, HasPoint: true}
	}
	places := []address.Place{village("v1", 9.05, 7.35), village("v2", 9.12, 7.45), village("v3", 9.02, 7.42), village("misplaced", 11.3, 7.4)}
	area := address.Place{ID: "pc", Kind: address.KindPostcode, Name: "900107", Country: "NG", Parents: []string{"NG-FC", "NG"},
		Postcodes: []string{"900107"}, HasPoint: true, Lon: 7.4}
	for _, p := range places {
		area.Lat += p.Lat / float64(len(places))
	}
	shortCodeLands(t, skeletonGazetteer(t, append(places, area)...), lat, lon, ", 900107, Nigeria")
}

// TestGeocodePostcodeWithoutAPoint: a postcode area whose villages no
// source could place still names its LGA, and the LGA stands for it: a
// short Plus Code beside the postcode is recovered near the LGA (the
// state's point is more than half a degree away), and without a code the
// address lands on the LGA, not the state.
func TestGeocodePostcodeWithoutAPoint(t *testing.T) {
	parents := []string{"lga-zk", "NG-KD", "NG"}
	gz := skeletonGazetteer(t,
		address.Place{ID: "lga-zk", Kind: address.KindLGA, Name: "Zangon Kataf", Country: "NG", Parents: []string{"NG-KD", "NG"},
			Lat: 9.80, Lon: 8.30, HasPoint: true},
		address.Place{ID: "marsa", Kind: address.KindVillage, Name: "Marsa", Country: "NG", Parents: parents, Postcodes: []string{"802129"}},
		address.Place{ID: "pc", Kind: address.KindPostcode, Name: "802129", Country: "NG", Parents: append([]string{"marsa"}, parents...),
			Postcodes: []string{"802129"}},
	)
	shortCodeLands(t, gz, 9.5776, 8.2701, ", 802129, Nigeria")
	r := geocode(t, gz, "802129, Nigeria")
	if r.Level != address.LevelLGA || len(r.PlaceIDs) == 0 || r.PlaceIDs[0] != "lga-zk" {
		t.Errorf("802129 alone: %s at %v", r.Level, r.PlaceIDs)
	}
}

// shortCodeLands geocodes the short Plus Code of a point (its 1-degree
// cell dropped) followed by rest, and checks that it lands on the point.
func shortCodeLands(t *testing.T, gz address.Gazetteer, lat, lon float64, rest string) {
	t.Helper()
	full, err := pluscode.Encode(lat, lon, 10)
	if err != nil {
		t.Fatal(err)
	}
	text := full[4:] + rest
	r := geocode(t, gz, text)
	if d := address.Distance(r.Latitude, r.Longitude, lat, lon); !r.HasPoint || d > 20 {
		t.Errorf("%q: point (%v, %v) is %.0f m from (%v, %v); places %v, conflicts %v", text, r.Latitude, r.Longitude, d, lat, lon, r.PlaceIDs, r.Conflicts)
	}
}

// TestGeocodeShortCodeBesideATown checks that a short Plus Code beside a
// town's name is recovered from the best-known town of that name, though
// the postcode (Ogun State's 110115) makes a village of the same name in
// Ogun the locality: Google shortened the code against the city.
func TestGeocodeShortCodeBesideATown(t *testing.T) {
	const lat, lon = 7.3020, 3.8692 // in Ibadan
	gz := skeletonGazetteer(t,
		address.Place{ID: "ibadan", Kind: address.KindCity, Name: "Ibadan", Country: "NG", Parents: []string{"NG-OY", "NG"},
			Lat: 7.3878, Lon: 3.8964, HasPoint: true, Rank: 3_000_000},
		address.Place{ID: "ibadan-og", Kind: address.KindVillage, Name: "Ibadan", Country: "NG", Parents: []string{"NG-OG", "NG"},
			Postcodes: []string{"110115"}, Lat: 7.15, Lon: 3.30, HasPoint: true},
		address.Place{ID: "pc", Kind: address.KindPostcode, Name: "110115", Country: "NG", Parents: []string{"NG-OG", "NG"},
			Postcodes: []string{"110115"}, Lat: 7.15, Lon: 3.30, HasPoint: true},
	)
	shortCodeLands(t, gz, lat, lon, ", 110115, Ibadan, Nigeria")
}

// TestGeocodeShortCodeInTheWrittenState checks that the best-known town
// of a name votes for a short code only inside the state the address
// names, when it names one: "Ido, Ekiti State" is not the bigger Ido of
// Oyo State.
func TestGeocodeShortCodeInTheWrittenState(t *testing.T) {
	const lat, lon = 7.8467, 5.1848 // in Ido-Ekiti
	gz := skeletonGazetteer(t,
		address.Place{ID: "ido-oy", Kind: address.KindTown, Name: "Ido", Country: "NG", Parents: []string{"NG-OY", "NG"},
			Lat: 7.85, Lon: 4.10, HasPoint: true, Rank: 100_000},
		address.Place{ID: "ido-ek", Kind: address.KindTown, Name: "Ido", Country: "NG", Parents: []string{"NG-EK", "NG"},
			Lat: 7.84, Lon: 5.18, HasPoint: true, Rank: 10_000},
	)
	shortCodeLands(t, gz, lat, lon, ", Ido, Ekiti State, Nigeria")
}

// TestGeocodeLGAAfterOtherWords checks that an LGA named by the last words
// before "LGA" or "local government" is found when the whole text is no
// place: the words before it are often a village or a landmark.
func TestGeocodeLGAAfterOtherWords(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, lga, state string }{
		{"Elizabeth Yala Local Government, Cross River", "Yala", "NG-CR"},
		{"Ajassor Mission Etung LGA", "Etung", "NG-CR"},
		{"Oke Ila Ifedayo local government area", "Ifedayo", "NG-OS"},
		// not taken for an LGA by the standardizer: a neighbourhood, an office
		{"Abba Nwangele Local Government Area Owerri", "Nwangele", "NG-IM"},
		{"Kwami Local Government Secretariat", "Kwami", "NG-GO"},
		// one name split by a comma
		{"Ikpoba, Okha", "Ikpoba Okha", "NG-ED"},
		// a misspelt LGA is still corrected as a whole
		{"Ibadan Nort East LGA", "Ibadan North-East", "NG-OY"},
	} {
		r := geocode(t, gz, tt.text)
		if r.Address.LGA != tt.lga || r.Address.StateCode != tt.state {
			t.Errorf("%q: LGA %q, state %s; want %q, %s (places %v)", tt.text, r.Address.LGA, r.Address.StateCode, tt.lga, tt.state, r.PlaceIDs)
		}
	}
}

// FuzzGeocode checks that no input makes Geocode fail or panic with a
// working gazetteer, and that every result has a verdict, and reasons when
// it is not HIGH_CONFIDENCE.
func FuzzGeocode(f *testing.F) {
	for _, s := range []string{
		"12 Adeola Odeku Street, Victoria Island, Lagos", "8JGR+PQW, Murtala Muhammed Way, Benin City",
		"Yaba", "Bassa", "Lagos State", "6FR5CCHC+6Q", "asdkjh", "No. 5, Off Allen Ave, Ikeja", "V5CJ+95P, 475109, Arondizuogu",
		"Städtle 35, 9490 Vaduz, Liechtenstein", "Plot 339 Cadastral Zone A08, Wuse 2, Abuja",
	} {
		f.Add(s)
	}
	gz := builtinGazetteer(f)
	f.Fuzz(func(t *testing.T, text string) {
		ctx := context.Background()
		s, err := address.Standardize(ctx, address.Input{Text: text})
		if err != nil {
			return
		}
		r, err := address.Geocode(ctx, gz, s)
		if err != nil {
			t.Fatalf("Geocode(%q): %v", text, err)
		}
		if r.Verdict == "" || r.NextAction == "" || r.Level == "" {
			t.Fatalf("Geocode(%q): no verdict: %+v", text, r)
		}
		if r.Verdict != address.HighConfidence && len(r.Reasons)+len(r.Conflicts)+len(r.Missing)+len(r.Corrections) == 0 {
			t.Fatalf("Geocode(%q): %s without a reason", text, r.Verdict)
		}
		if r.HasPoint && (r.Latitude < -90 || r.Latitude > 90 || r.Longitude < -180 || r.Longitude > 180) {
			t.Fatalf("Geocode(%q): point (%v, %v)", text, r.Latitude, r.Longitude)
		}
	})
}

// TestGeocodeCaptionOrg checks the name before a branch's caption read as
// the organization when the gazetteer knows no place by it, and kept a
// place when it does.
func TestGeocodeCaptionOrg(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, org, neighbourhood, city string }{
		{"Ebube Agu Security Network, Abia State Command, Umuahia, Abia State", "Ebube Agu Security Network", "", "Umuahia"},
		{"Afenifere Renewal Group, Ondo State Chapter, Akure", "Afenifere Renewal Group", "", "Akure"},
		{"Surulere, Lagos State Command, Ikeja", "", "Surulere", "Ikeja"},
		// a place read as the organization before the caption: the place
		{"Ikeja, Lagos State Command, Obafemi Awolowo Way", "", "Ikeja", "Ikeja"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.Organization != tt.org || a.Neighbourhood != tt.neighbourhood || a.City != tt.city {
			t.Errorf("%q: organization %q, neighbourhood %q, city %q; want %q, %q, %q", tt.text, a.Organization, a.Neighbourhood, a.City, tt.org, tt.neighbourhood, tt.city)
		}
	}
}

// TestGeocodeLandmarkPlace checks a landmark named after a place, its
// gate's or junction's word left out, placing an address that names no
// other place, and no village called Gate taken from its end.
func TestGeocodeLandmarkPlace(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, state, lga string }{
		{"Spirits Hub Liquor Store, opposite Lekki Phase 1 Gate, Admiralty Way", "Lagos", "Eti-Osa"},
		{"Mama Put Kitchen, by Rumuokoro Junction", "Rivers", "Obio/Akpor"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.State != tt.state || a.LGA != tt.lga {
			t.Errorf("%q: state %q, LGA %q; want %q, %q", tt.text, a.State, a.LGA, tt.state, tt.lga)
		}
	}
}
