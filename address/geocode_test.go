package address_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

var (
	builtinOnce sync.Once
	builtinGz   *storage.Gazetteer
	builtinErr  error
)

// builtinGazetteer opens one store with the built-in gazetteer for all the
// tests of the package (a real Badger in a temporary directory).
func builtinGazetteer(t testing.TB) *storage.Gazetteer {
	t.Helper()
	builtinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "addrkit-geocode-test")
		if err != nil {
			builtinErr = err
			return
		}
		builtinGz, builtinErr = builtin.Open(context.Background(), dir, storage.Options{})
	})
	if builtinErr != nil {
		t.Fatal(builtinErr)
	}
	return builtinGz
}

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
		{"Sabon Gari, Kano", address.LevelNeighbourhood, "Fagge", "Kano", "Sabon Gari", 12.01, 8.525, 3000, address.Partial},
		{"Bodija, Ibadan, Oyo State", address.LevelNeighbourhood, "Ibadan North", "Oyo", "Ibadan", 7.43, 3.915, 3000, address.Partial},
		// a misspelt neighbourhood is corrected
		{"Victoria Islnd, Lagos", address.LevelNeighbourhood, "Eti-Osa", "Lagos", "Victoria Island", 6.4281, 3.4219, 2000, address.Partial},
		// a town of the GeoNames list fills in its LGA and state
		{"Zuru", address.LevelLocality, "Zuru", "Kebbi", "Zuru", 11.435, 5.235, 5000, address.Partial},
		// a Plus Code recovered from the locality beside it
		{"8JGR+PQW, Murtala Muhammed Way, Benin City", address.LevelPremise, "Oredo", "Edo", "Benin City", 6.32686, 5.64195, 20, address.HighConfidence},
		{"6FR5CCHC+6Q", address.LevelPremise, "", "", "", 6.4281, 3.4219, 50, address.HighConfidence},
		// only the state
		{"Lagos State", address.LevelState, "", "Lagos", "", 6.6, 3.35, 30000, address.Unverified},
		// another country
		{"10 Downing Street, London, United Kingdom", address.LevelCountry, "", "", "London", 54, -2, 1000000, address.Unverified},
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

// TestGeocodeAmbiguous checks that a name two states share is settled by
// the state, and flagged when nothing settles it.
func TestGeocodeAmbiguous(t *testing.T) {
	gz, err := storage.Open("", storage.Options{InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	defer gz.Close()
	l, _ := gz.NewLoader()
	for _, p := range builtin.Places() {
		if p.Kind == address.KindCountry && p.ID != "NG" || p.Country == "NG" && p.Kind == address.KindState {
			if p.Kind == address.KindState {
				p.HasPoint, p.Lat, p.Lon = true, 9, 8
			}
			if err := l.Put(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, p := range []address.Place{
		{ID: "yaba-la", Kind: address.KindNeighbourhood, Name: "Yaba", Country: "NG", Parents: []string{"NG-LA", "NG"}, Lat: 6.5095, Lon: 3.3711, HasPoint: true},
		{ID: "yaba-fc", Kind: address.KindVillage, Name: "Yaba", Country: "NG", Parents: []string{"NG-FC", "NG"}, Lat: 8.95, Lon: 7.36, HasPoint: true},
		{ID: "ng", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9, Lon: 8, HasPoint: true},
	} {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
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
