package address_test

import (
	"context"
	"fmt"
	"math"
	"os"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

func ExampleStandardize() {
	s, err := address.Standardize(context.Background(), address.Input{
		Text: "5, Ogunsiji Close, By Adeboye Solanke Avenue, Off Allen Avenue, Ikeja, Lagos.",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	a := s.Address
	fmt.Println(a.HouseNumber, "|", a.Street, "|", a.City, "|", a.State, a.StateCode)
	for _, l := range a.Landmarks {
		fmt.Printf("%s: %s\n", l.Relation, l.Name)
	}
	fmt.Println(s.Line)
	// Output:
	// 5 | Ogunsiji Close | Ikeja | Lagos NG-LA
	// By: Adeboye Solanke Avenue
	// Off: Allen Avenue
	// 5 Ogunsiji Close, By Adeboye Solanke Avenue, Off Allen Avenue, Ikeja, Lagos, Nigeria
}

// The text implies the country even when it does not name it; the change
// record of the country says what implied it.
func ExampleStandardize_country() {
	for _, text := range []string{
		"742 Evergreen Terrace NE, Olympia, WA 98501-2200",
		"1200 Market St, Philadelphia PA 19107",
		"18 Marlow Road SE19 4JJ, London",
		"Gasthaus Zum Hirschen Lindenstrasse 12 80331 München Deutschland",
		"ул. Ленина, д. 5, кв. 12, г. Москва, 101000",
		"〒100-0001 東京都千代田区千代田1-1",
		"12 Adeola Odeku Street, Victoria Island, Lagos",
	} {
		s, _ := address.Standardize(context.Background(), address.Input{Text: text})
		fmt.Println(s.Line)
		for _, c := range s.Changes {
			if c.Field == "country" {
				fmt.Println("  country:", c.To, "-", c.Reason)
			}
		}
	}
	// Output:
	// 742 Evergreen Terrace NE, Olympia, WA 98501-2200, United States
	//   country: US - implied by the postcode 98501-2200, a shape used only in US
	// 1200 Market Street, Philadelphia, PA 19107, United States
	//   country: US - implied by PA 19107, a state and postcode of US
	// 18 Marlow Road, London SE19 4JJ, United Kingdom
	//   country: GB - implied by the postcode SE19 4JJ, a shape used only in GB
	// Gasthaus zum Hirschen, Lindenstrasse 12, 80331 München, Germany
	//   country: DE - named in the address
	// кв. 12, улица Ленина 5, 101000 Москва, Russia
	//   country: RU - implied by the Cyrillic script
	// 1-1 千代田, 千代田区, 東京都 100-0001, Japan
	//   country: JP - implied by the Japanese script
	// 12 Adeola Odeku Street, Victoria Island, Lagos, Nigeria
	//   country: NG - the default country (NG); the address implies no country
}

func ExampleStandardize_abuja() {
	s, _ := address.Standardize(context.Background(), address.Input{
		Text: "Plot 339 Cadastral Zone A08, Takwa Crescent, Off Adetokunbo Ademola Crescent, Wuse 2, Abuja",
	})
	fmt.Println(s.Line1)
	fmt.Println(s.Line2)
	for _, c := range s.Changes {
		if c.Kind != address.Unchanged {
			fmt.Printf("%s %s: %q -> %q\n", c.Field, c.Kind, c.From, c.To)
		}
	}
	// Output:
	// Plot 339, Takwa Crescent, Cadastral Zone A08, Off Adetokunbo Ademola Crescent
	// Wuse 2, Abuja, Federal Capital Territory, Nigeria
	// state alias: "Abuja" -> "Federal Capital Territory"
	// country added: "" -> "NG"
}

func ExampleStandardize_structured() {
	s, _ := address.Standardize(context.Background(), address.Input{
		HouseNumber: "12",
		Street:      "Adeola Odeku St",
		City:        "Victoria Island",
		State:       "LAGOS STATE",
		Postcode:    "900001",
	})
	fmt.Println(s.Line)
	for _, w := range s.Warnings {
		fmt.Println(w.Code+":", w.Message)
	}
	// Output:
	// 12 Adeola Odeku Street, Victoria Island 900001, Lagos, Nigeria
	// postcode_state_mismatch: postcode 900001 does not belong to Lagos state
}

func ExampleStandardize_germany() {
	s, _ := address.Standardize(context.Background(), address.Input{
		Text:   "hauptstr. 5, 69117 heidelberg",
		Region: "Germany",
	})
	fmt.Println(s.Address.Street, s.Address.HouseNumber, s.Address.Postcode, s.Address.City)
	fmt.Println(s.Line)
	// Output:
	// Hauptstraße 5 69117 Heidelberg
	// Hauptstraße 5, 69117 Heidelberg, Germany
}

func ExampleStandardize_tokens() {
	s, _ := address.Standardize(context.Background(), address.Input{Text: "Flat 2B, 14 Awolowo Rd, Ikoyi, Lagos 101233"})
	for _, t := range s.Tokens {
		fmt.Printf("%s/%s ", t.Text, t.Label)
	}
	fmt.Println()
	// Output:
	// Flat/unit_type 2B/unit_number 14/house_number Awolowo/street_name Rd/street_type Ikoyi/city Lagos/state 101233/postcode
}

func ExampleLookupCountry() {
	for _, s := range []string{"NGA", "Naija", "Ivory Coast", "Deutschland", "uk"} {
		c, _ := address.LookupCountry(s)
		fmt.Println(s, "->", c.Alpha2, c.Name)
	}
	// Output:
	// NGA -> NG Nigeria
	// Naija -> NG Nigeria
	// Ivory Coast -> CI Cote d'Ivoire
	// Deutschland -> DE Germany
	// uk -> GB United Kingdom
}

func ExampleLookupSubdivision() {
	for _, s := range []string{"LAGOS STATE", "Lag", "FCT", "Nassarawa", "NG-RI"} {
		sub, _ := address.LookupSubdivision("NG", s)
		fmt.Println(s, "->", sub.Code, sub.Name, "("+sub.Capital+")")
	}
	// Output:
	// LAGOS STATE -> NG-LA Lagos (Ikeja)
	// Lag -> NG-LA Lagos (Ikeja)
	// FCT -> NG-FC Federal Capital Territory (Abuja)
	// Nassarawa -> NG-NA Nasarawa (Lafia)
	// NG-RI -> NG-RI Rivers (Port Harcourt)
}

func ExampleNormalizePostcode() {
	for _, c := range [][2]string{{"NG", "100001"}, {"NG", "fc02a09db09"}, {"GB", "sw1a2aa"}, {"NL", "1012lg"}, {"US", "1234"}} {
		pc, ok := address.NormalizePostcode(c[0], c[1])
		fmt.Printf("%s %q -> %q %v\n", c[0], c[1], pc, ok)
	}
	// Output:
	// NG "100001" -> "100001" true
	// NG "fc02a09db09" -> "FC 02 A09 DB 09" true
	// GB "sw1a2aa" -> "SW1A 2AA" true
	// NL "1012lg" -> "1012 LG" true
	// US "1234" -> "" false
}

func ExamplePostcodeState() {
	sub, ok := address.PostcodeState("NG", "900288")
	fmt.Println(sub.Name, ok)
	// Output:
	// Federal Capital Territory true
}

func ExampleFold() {
	fmt.Println(address.Fold("Akwa-Ibom "), "|", address.Fold("CÔTE D'IVOIRE"), "|", address.Fold("St."))
	// Output:
	// akwa ibom | cote divoire | st
}

func ExampleCanonicalStreet() {
	for _, s := range []string{"Ikorodu Rd.", "Adeola Odeku St St.", "Allen Ave St.", "High Court Rd."} {
		fmt.Println(address.CanonicalStreet(s))
	}
	// Output:
	// Ikorodu Road
	// Adeola Odeku Street
	// Allen Avenue
	// High Court Road
}

func ExampleCountries() {
	cs := address.Countries()
	fmt.Println(len(cs), cs[0].Alpha2, cs[0].Alpha3, cs[0].Name)
	// Output:
	// 250 AD AND Andorra
}

func ExampleSubdivisions() {
	states := address.Subdivisions("NG")
	fmt.Println(len(states), states[24].Code, states[24].Name, states[24].Capital)
	// Output:
	// 37 NG-LA Lagos Ikeja
}

func ExampleGeocode() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "addrkit-example")
	defer os.RemoveAll(dir)
	// An empty directory gets the built-in gazetteer.
	gz, err := builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer gz.Close()
	s, _ := address.Standardize(ctx, address.Input{Text: "12 Adeola Odeku Street, Victoria Island, Lagos"})
	r, _ := address.Geocode(ctx, gz, s)
	fmt.Printf("%s %s %s/%s %.4f,%.4f\n", r.Verdict, r.Level, r.Address.State, r.Address.LGA, r.Latitude, r.Longitude)
	fmt.Println(r.Reasons[0])
	// Output:
	// PARTIAL NEIGHBOURHOOD Lagos/Eti-Osa 6.4281,3.4219
	// street "Adeola Odeku Street" was not found in Victoria Island
}

// GeocodePlace answers for the place an autocomplete suggestion named,
// by its id: no text is read.
func ExampleGeocodePlace() {
	ctx := context.Background()
	gz, done, err := exampleGazetteer(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer done()
	r, _ := address.GeocodePlace(ctx, gz, "nb/NG-LA/victoriaisland", "", address.Unit{})
	a := r.Address
	fmt.Printf("%s %s: %s, LGA %s, %s\n", r.Verdict, r.Level, a.Neighbourhood, a.LGA, a.State)
	_, err = address.GeocodePlace(ctx, gz, "nb/NG-LA/nowhere", "", address.Unit{})
	fmt.Println(err)
	// Output:
	// PARTIAL NEIGHBOURHOOD: Victoria Island, LGA Eti-Osa, Lagos
	// address: no place has that id
}

// Reverse reads a point back to the place it is in: here a point of
// Victoria Island, Lagos, and one in the middle of the Atlantic.
func ExampleReverse() {
	ctx := context.Background()
	gz, done, err := exampleGazetteer(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer done()
	r, _ := address.Reverse(ctx, gz, 6.4285, 3.4215)
	a := r.Address
	fmt.Printf("%s: %s, LGA %s, %s, %s; %.0f m from the point %s\n", r.Level, a.Neighbourhood, a.LGA, a.State, a.Country, r.DistanceM, r.PlusCode)
	_, err = address.Reverse(ctx, gz, 0, -30)
	fmt.Println(err)
	// Output:
	// NEIGHBOURHOOD: Victoria Island, LGA Eti-Osa, Lagos, NG; 63 m from the point 6FR5CCHC+CJ
	// address: the gazetteer holds no place near the point
}

// exampleGazetteer opens the built-in gazetteer, which an empty directory
// gets, in a temporary directory that done removes.
func exampleGazetteer(ctx context.Context) (gz *storage.Gazetteer, done func(), err error) {
	dir, err := os.MkdirTemp("", "addrkit-example")
	if err != nil {
		return nil, nil, err
	}
	gz, err = builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	return gz, func() { gz.Close(); os.RemoveAll(dir) }, nil
}

// Distance measures along the great circle; Haversine and ArcDistance are
// its two halves, for comparing many points with one by their haversines.
func ExampleDistance() {
	// Lagos (Tafawa Balewa Square) to Ibadan (Mapo Hall)
	d := address.Distance(6.4477, 3.3994, 7.3775, 3.9470)
	φ1, φ2 := 6.4477*math.Pi/180, 7.3775*math.Pi/180
	h := address.Haversine(φ2-φ1, (3.9470-3.3994)*math.Pi/180, math.Cos(φ1), math.Cos(φ2))
	fmt.Printf("%.1f km, %.1f km\n", d/1000, address.ArcDistance(h)/1000)
	// Output: 119.8 km, 119.8 km
}
