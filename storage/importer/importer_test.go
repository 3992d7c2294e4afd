package importer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

func newStore(t *testing.T) *storage.Gazetteer { return storetest.Builtin(t) }

// importTwice imports a fixture twice and checks that the second import
// writes nothing.
func importTwice(t *testing.T, g *storage.Gazetteer, format, name string, opts Options) Stats {
	t.Helper()
	path := filepath.Join("testdata", name)
	first, err := File(context.Background(), g, format, path, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	again, err := File(context.Background(), g, format, path, opts)
	if err != nil {
		t.Fatalf("%s again: %v", name, err)
	}
	if again.Written != 0 || again.Unchanged != first.Places {
		t.Errorf("%s: re-import wrote %d places (%d unchanged of %d)", name, again.Written, again.Unchanged, first.Places)
	}
	return first
}

func mustPlace(t *testing.T, g *storage.Gazetteer, country, name string, kind address.PlaceKind) address.Place {
	t.Helper()
	ps, err := g.Named(context.Background(), country, address.NameKey(name))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Kind == kind {
			return p
		}
	}
	t.Fatalf("no %s named %q", kind, name)
	return address.Place{}
}

func TestGeoNames(t *testing.T) {
	g := newStore(t)
	a1, err := ReadGeoNamesAdmin("testdata/admin1.json")
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := ReadGeoNamesAdmin("testdata/admin2.json")
	st := importTwice(t, g, "geonames", "geonames.txt", Options{Admin1: a1, Admin2: a2})
	if st.Rows != 5 || st.Places != 3 || st.Skipped != 2 || len(st.Problems) != 1 {
		t.Errorf("stats %+v", st)
	}
	ikeja, ok, err := g.Place(context.Background(), "geonames:1000001")
	if err != nil || !ok || ikeja.Kind != address.KindCity || strings.Join(ikeja.Parents, ",") != "NG-LA/lga/ikeja,NG-LA,NG" || ikeja.Rank != 313196 {
		t.Errorf("Ikeja: %+v", ikeja)
	}
	// no admin names: the nearest LGA of the built-in gazetteer
	if p := mustPlace(t, g, "NG", "Oke Ado", address.KindNeighbourhood); len(p.Parents) < 2 || p.Parents[len(p.Parents)-2] != "NG-OY" {
		t.Errorf("Oke Ado: %+v", p)
	}
}

func TestTableCSV(t *testing.T) {
	g := newStore(t)
	m, err := ParseMapping("name=Ward,state=State,lga=LGA,lat=Latitude,lon=Longitude,kind:=ward")
	if err != nil {
		t.Fatal(err)
	}
	st := importTwice(t, g, "csv", "wards.csv", Options{Mapping: m, Source: "wards"})
	if st.Rows != 9 || st.Places != 7 || st.Skipped != 2 || len(st.Problems) != 2 {
		t.Errorf("stats %+v", st)
	}
	tests := []struct{ name, lga string }{
		{"Alausa/Oregun", "NG-LA/lga/ikeja"},
		{"Victoria Island I", "NG-LA/lga/etiosa"},
		{"Ikoyi II", "NG-LA/lga/etiosa"},      // "Eti-Osaa": one edit
		{"Gama", "NG-KN/lga/nasarawa"},        // the Kano LGA, not the state
		{"Amechi I", "NG-EN/lga/enugusouth"},  // "EnuguSou": cut short
		{"Igbodo", "NG-DE/lga/ikanortheast"},  // "IkaNorth"
		{"Igangan", "NG-OY/lga/ibarapanorth"}, // "Ibarap North": one edit, where Ibadan North is two
	}
	for _, tt := range tests {
		if p := mustPlace(t, g, "NG", tt.name, address.KindWard); p.Parents[0] != tt.lga {
			t.Errorf("%s: parents %v, want %s first", tt.name, p.Parents, tt.lga)
		}
	}
}

func TestTableJSONMerge(t *testing.T) {
	g := newStore(t)
	m, err := ParseMapping("name=postcode,state=state,lga=lga,area=area,postcode=postcode,kind:=postcode")
	if err != nil {
		t.Fatal(err)
	}
	m.Merge, m.Fallback = true, true
	st := importTwice(t, g, "json", "postcodes.json", Options{Mapping: m, Source: "nipost"})
	if st.Rows != 3 || st.Places != 2 {
		t.Errorf("stats %+v", st)
	}
	ps, err := g.Postcode(context.Background(), "NG", "101241")
	if err != nil || len(ps) != 1 {
		t.Fatalf("postcode 101241: %v, %v", ps, err)
	}
	// located at Victoria Island, the neighbourhood of the built-in gazetteer
	if p := ps[0]; !p.HasPoint || address.Distance(p.Lat, p.Lon, 6.4281, 3.4219) > 100 || p.Parents[0] != "nb/NG-LA/victoriaisland" {
		t.Errorf("101241: %+v", p)
	}
}

// TestTableStreetTypes imports streets as the NIPOST list writes them: a
// type appended to names that already carry one.
func TestTableStreetTypes(t *testing.T) {
	g := newStore(t)
	m, err := ParseMapping("name=street,state=state,city=town,area=area,postcode=postcode,kind:=street")
	if err != nil {
		t.Fatal(err)
	}
	importTwice(t, g, "csv", "streets.csv", Options{Mapping: m, Source: "streets"})
	tests := []struct{ in, want string }{
		{"Adeola Odeku St St.", "Adeola Odeku Street"},
		{"Ikorodu Rd. Rd.", "Ikorodu Road"},
		{"Allen Ave St.", "Allen Avenue"},
		{"Herbert Macaulay Cr. St.", "Herbert Macaulay Crescent"},
		{"Bishop Court St.", "Bishop Court"},
		{"High Court Rd.", "High Court Road"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if p := mustPlace(t, g, "NG", tt.want, address.KindStreet); p.Name != tt.want {
				t.Errorf("street %q imported as %q, want %q", tt.in, p.Name, tt.want)
			}
		})
	}
}

func TestOpenAddresses(t *testing.T) {
	g := newStore(t)
	st := importTwice(t, g, "openaddresses", "openaddresses.csv", Options{})
	if st.Places != 2 || st.Skipped != 1 {
		t.Errorf("stats %+v", st)
	}
	ps, _ := g.Named(context.Background(), "NG", address.AddressKey("14", "Adeola Odeku Street"))
	if len(ps) != 1 || ps[0].ID != "openaddresses:a1b3" || ps[0].Postcodes[0] != "101241" {
		t.Fatalf("14 Adeola Odeku: %+v", ps)
	}
	// written "Adeola Odeku St": its type in canonical form
	if p := ps[0]; p.Street != "Adeola Odeku Street" || p.Name != "14 Adeola Odeku Street" {
		t.Errorf("14 Adeola Odeku: street %q, name %q, want Adeola Odeku Street, 14 Adeola Odeku Street", p.Street, p.Name)
	}
}

func TestOSM(t *testing.T) {
	g := newStore(t)
	st := importTwice(t, g, "osm", "vaduz.osm", Options{Country: "LI"})
	// 2 places, 1 street of 2 ways, 2 addresses; the unnamed path is not read
	if st.Places != 5 {
		t.Errorf("stats %+v", st)
	}
	street := mustPlace(t, g, "LI", "Städtle", address.KindStreet)
	if street.ID != "osm:way/100" || street.Parents[0] != "osm:node/1" {
		t.Errorf("street: %+v", street)
	}
	if p := mustPlace(t, g, "LI", "Ebenholz", address.KindVillage); p.Parents[0] != "osm:node/1" {
		t.Errorf("hamlet: %+v", p)
	}
	ps, _ := g.Named(context.Background(), "LI", address.AddressKey("37", "Städtle"))
	if len(ps) != 1 || ps[0].Parents[0] != street.ID || address.Distance(ps[0].Lat, ps[0].Lon, 47.1413, 9.5241) > 20 {
		t.Errorf("building 37: %+v", ps)
	}
	// and it geocodes
	s, _ := address.Standardize(context.Background(), address.Input{Text: "Städtle 35, 9490 Vaduz", Region: "LI"})
	r, err := address.Geocode(context.Background(), g, s)
	if err != nil || r.Level != address.LevelPremise || address.Distance(r.Latitude, r.Longitude, 47.1405, 9.5230) > 1 {
		t.Errorf("geocode: %+v, %v", r, err)
	}
}

func TestParseMapping(t *testing.T) {
	for _, bad := range []string{"", "name", "planet=x,name=y", "kind:=ward", "name=a,size:=3"} {
		if _, err := ParseMapping(bad); err == nil {
			t.Errorf("ParseMapping(%q) accepted", bad)
		}
	}
	m, err := ParseMapping("name=a+b, ?tag=place, kind:=village")
	if err != nil || m.Columns["name"] != "a+b" || m.Where["tag"] != "place" || m.Const["kind"] != "village" {
		t.Errorf("%+v, %v", m, err)
	}
	if _, err := File(context.Background(), nil, "csv", filepath.Join("testdata", "wards.csv"), Options{}); err == nil {
		t.Error("csv without a mapping accepted")
	}
	if _, err := os.Stat(filepath.Join("testdata", "wards.csv")); err != nil {
		t.Fatal(err)
	}
}

// TestTableStreetDistricts checks that a street filed under a town and a
// district of it is attached to the district, though the town's place does
// not enclose it (the GeoNames town of Lagos encloses nothing), and only
// when the district lies within districtRadius of the town: Ibeju, 60 km
// away, is another place than a district of Lagos.
func TestTableStreetDistricts(t *testing.T) {
	g := newStore(t)
	m, err := ParseMapping("name=street,state=state,city=town,area=area,postcode=postcode,kind:=street")
	if err != nil {
		t.Fatal(err)
	}
	const rows = "town,state,street,postcode,area\n" +
		"Lagos,Lagos,Adeola Odeku St St.,101241,Victoria Island\n" +
		"Lagos,Lagos,Ibeju Market Rd.,101001,Ibeju\n"
	for range 2 { // importing again changes nothing
		st, err := Table(context.Background(), g, strings.NewReader(rows), int64(len(rows)), "csv", Options{Mapping: m, Source: "streets"})
		if err != nil || st.Places != 2 {
			t.Fatalf("stats %+v, %v", st, err)
		}
	}
	n, _ := g.Count(context.Background())
	lagos := mustPlace(t, g, "NG", "Lagos", address.KindTown)
	tests := []struct{ street, parent string }{
		{"Adeola Odeku Street", "nb/NG-LA/victoriaisland"},
		{"Ibeju Market Road", lagos.ID},
	}
	for _, tt := range tests {
		ps, err := g.Named(context.Background(), "NG", address.StreetKey(tt.street))
		if err != nil || len(ps) != 1 {
			t.Fatalf("Named(%q) = %v, %v; %d places in the store", address.StreetKey(tt.street), ps, err, n)
		}
		if p := ps[0]; p.HasPoint || p.Parents[0] != tt.parent {
			t.Errorf("%s: parents %v (point %v), want %s first", tt.street, p.Parents, p.HasPoint, tt.parent)
		}
	}
}
