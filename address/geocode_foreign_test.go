package address_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestGeocodeTypedAbroad checks, on the built-in gazetteer, addresses of
// other countries typed without commas and often without the country,
// whose city the reading of the region glued to the street: the city is
// found by what the gazetteer knows, with the street's language, a state
// code or a country's short name after it. Nigerian shorthand that looks
// foreign stays in Nigeria.
func TestGeocodeTypedAbroad(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct {
		text, street, house, city, country string
	}{
		{"1 infinite loop cupertino ca 95014", "Infinite Loop", "1", "Cupertino", "US"},
		{"233 s wacker dr chicago il usa", "S Wacker Drive", "233", "Chicago", "US"},
		{"1000 rue de la gauchetiere montreal qc canada", "Rue de la Gauchetiere", "1000", "Montréal", "CA"},
		{"via del corso 120 roma", "Via del Corso", "120", "Roma", "IT"},
		{"avenida paulista 1000 sao paulo sp", "Avenida Paulista", "1000", "São Paulo", "BR"},
		{"10 downing st london uk", "Downing Street", "10", "London", "GB"},
		{"30 queen street auckland 1010 nz", "Queen Street", "30", "Auckland", "NZ"},
		{"Rue Pasteur, Dakar", "Rue Pasteur", "", "Dakar", "SN"},
		{"Calle Real, Malabo", "Calle Real", "", "Malabo", "GQ"},
		// a town of any size written as the city after a street of its
		// country's language
		{"Piazza San Marco 1, Venezia", "Piazza San Marco", "1", "Venezia", "IT"},
		{"Via Roma 10, Mantova", "Via Roma", "10", "Mantova", "IT"},
		{"via abetone inferiore 4 maranello", "Via Abetone Inferiore", "4", "Maranello", "IT"},
		{"Plot 27, Ajose Adeogun VI", "", "", "Victoria Island", "NG"},
		{"12 Rumuola Road PH", "Rumuola Road", "12", "Port Harcourt", "NG"},
		// a district written before the city its state is named after,
		// which a smaller town elsewhere bears
		{"Av. Paulista 1578, Bela Vista, São Paulo", "Avenida Paulista", "1578", "São Paulo", "BR"},
		{"joes pizza 1435 broadway new york ny 10018", "Broadway", "1435", "New York", "US"},
		// a unit or a marked number after the house number, where numbers
		// follow streets
		{"av providencia 1208 of 501 providencia santiago", "Avenida Providencia", "1208", "Santiago", "CL"},
		{"calle 85 # 11-53 local 2 bogota", "Calle 85", "11-53", "Bogotá", "CO"},
		{"av del puerto 120 pta 8 46023 valencia", "Avenida del Puerto", "120", "Valencia", "ES"},
		{"москва ул тверская 7", "улица Тверская", "7", "Москва", "RU"},
		// a postal district's ordinal after the city; the country, then
		// its postcode, ending the text
		{"15 rue oberkampf paris 11e", "Rue Oberkampf", "15", "Paris 11e", "FR"},
		{"100 tras st #16-01 singapore 079027", "Tras Street", "100", "Singapore", "SG"},
		// a hash before the number, standing alone; an article before
		// the city's name
		{"Awolowo Road # 45 Ikoyi", "Awolowo Road", "45", "Ikoyi", "NG"},
		{"Flat # 3 Block 4 Jakande Estate Isolo", "", "", "Isolo", "NG"},
		{"Calle 8 # 1205 La Habana", "Calle 8", "1205", "La Habana", "CU"},
		// a town of millions that is no capital nor first-level seat
		{"unit 12 45 kalayaan ave diliman quezon city", "Kalayaan Avenue", "45", "Quezon City", "PH"},
		// a state's code of three letters, which also starts a Nigerian
		// name (Jalingo)
		{"Av. Vallarta 1234, Zapopan, Jal.", "Avenida Vallarta", "1234", "Zapopan", "MX"},
		// a city's initials, which GeoNames lists among its names
		{"781 franklin ave brooklyn nyc ny 11216", "Franklin Avenue", "781", "New York City", "US"},
		// a saint's word cut short, which the gazetteer knows in full
		// only (not St, a district of Pölten)
		{"wiener straße 12 top 7 3100 st. pölten", "Wiener Straße", "12", "Sankt Pölten", "AT"},
		// a city of two names, one of each language, the one written kept
		{"Paseo República Argentina 4, 20004 Donostia, Gipuzkoa", "Paseo República Argentina", "4", "Donostia", "ES"},
		// the city written first, before a street of its language
		{"Paris, 12 rue de Rivoli", "Rue de Rivoli", "12", "Paris", "FR"},
		{"Budapest, Dob utca 12, 1072", "Dob utca", "12", "Budapest", "HU"},
		{"Warszawa, ul. Marszałkowska 10", "Ulica Marszałkowska", "10", "Warszawa", "PL"},
		// a district, the city (its state's name) and the postcode after
		// the number, where numbers follow streets
		{"av arequipa 2450 dpto 501 lince lima 15046", "Avenida Arequipa", "2450", "Lima", "PE"},
		// a city, then a division's name that several countries use
		{"Calle del Torno 39-29, Cartagena, Bolívar", "Calle del Torno", "39-29", "Cartagena", "CO"},
		// a state's abbreviation of three letters after the city, without
		// a comma
		{"av lopez mateos norte 1188 44648 guadalajara jal.", "Avenida Lopez Mateos Norte", "1188", "Guadalajara", "MX"},
		// a country's code after a postcode of a shape it alone uses,
		// without a comma
		{"rua dos goitacazes 15 centro belo horizonte mg 30190-050 br", "Rua dos Goitacazes", "15", "Belo Horizonte", "BR"},
		// a city of millions ending an address without a number, after
		// a venue and a district
		{"edna mall bole medhane alem addis ababa", "", "", "Addis Ababa", "ET"},
		// a capital abroad after a district that the region knows as a
		// town of its own
		{"No. 15 Ring Road East, Osu, Accra", "Ring Road East", "15", "Accra", "GH"},
		// a state's code that is a country's too, after a street whose
		// number fits that country's postcodes
		{"Av. Afonso Pena 1000, Belo Horizonte, MG", "Avenida Afonso Pena", "1000", "Belo Horizonte", "BR"},
		// a territory the USPS codes as a state: a country of its own
		{"1 Calle Fortaleza, San Juan, PR 00901", "Calle Fortaleza", "1", "San Juan", "PR"},
		// a Japanese city romanized with its kind
		{"Terminal 1, 1-1 Furugome, Narita-shi, Chiba 282-0004, Japan", "", "1-1", "Narita-shi", "JP"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.Street != tt.street || a.HouseNumber != tt.house || a.City != tt.city || a.Country != tt.country {
			t.Errorf("%q: street %q, house %q, city %q, country %s; want %q, %q, %q, %s",
				tt.text, a.Street, a.HouseNumber, a.City, a.Country, tt.street, tt.house, tt.city, tt.country)
		}
	}
}

// TestGeocodeCountryByEvidence holds the country read, on the built-in
// gazetteer, for addresses written without one: cities abroad found by
// what the gazetteer confirms (a city that is its own division, a postal
// district's number, a postcode in two groups, a district/city pair, the
// street's language among cities of one name), and the Nigerian names
// two reviews saw sent abroad by weaker evidence (a town's name, the
// last word after a postcode, a Plus Code beside a foreign city's name).
func TestGeocodeCountryByEvidence(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, country string }{
		{"Busan", "KR"},
		{"defensa 1000, san telmo, buenos aires", "AR"},
		{"12 Harcourt St, Dublin 2", "IE"},
		{"Vinohradská 50, byt 12, 120 00 Praha 2", "CZ"},
		{"Cumhuriyet Caddesi No: 45, 07100 Muratpaşa/Antalya", "TR"},
		{"Calle Fortaleza, San Juan", "PR"},
		{"Avenida Central, San José", "CR"},
		{"Herengracht 573, 1017 CD Amsterdam", "NL"},
		{"Av. Presidente Vargas, 2245, apto 52, Luanda", "AO"},
		{"Tsu", "JP"},
		// Cyrillic implies Russia, unless the city is another Cyrillic
		// country's (scriptReading; the built-in keeps its places'
		// names in their country's script)
		{"ул. Тверская, д. 7, Москва", "RU"},
		{"бул. Витоша 15, София 1000", "BG"},
		{"Астана, ул. Кенесары, 40", "KZ"},
		// a district, then the city and its state's code, typed after
		// the house number without commas
		{"rua visconde de piraja 300 ipanema rio de janeiro rj", "BR"},
		{"45-c gulberg iii lahore", "PK"},
		{"BP 5005 Dakar", "SN"},
		// a city, then its division in full, without a comma (not Wales)
		{"1456 barrington st halifax nova scotia", "CA"},
		{"500 yonge st toronto ontario", "CA"},
		{"45 george st sydney new south wales", "AU"},
		{"45 George St, Sydney, New South Wales", "AU"},
		// a city that is no division's seat (a town to GeoNames) or
		// of any size, then its state in full or its country's code,
		// typed without a comma
		{"1823 w division st apt 2 chicago illinois", "US"},
		{"210 trafalgar st nelson nz", "NZ"},
		{"nieuwe binnenweg 120 rotterdam nl", "NL"},
		// "St" after a street's type opens the city's name
		{"1915 park ave st louis mo 63104", "US"},
		// a canton's code after the city, typed without a comma: no
		// country (LU, BE) nor a part of the city's name (TI)
		{"pilatusstrasse 15 6003 luzern lu", "CH"},
		{"marktgasse 50 3011 bern be", "CH"},
		{"6003 luzern lu", "CH"},
		{"Pilatusstrasse 10, 6003 Luzern, LU", "CH"},
		{"Rue du Château 1, 2000 Neuchâtel, NE", "CH"},
		// a division named after its country
		{"Bad Ischl, Upper Austria", "AT"},
		// Spain writes "C/" for Calle, Venezuela does not
		{"c/ cádiz 52 ruzafa valencia", "ES"},
		// a state whose name ends in a country's
		{"PO Box 1847, Santa Fe, New Mexico 87504", "US"},
		{"via nassa 5 6900 lugano ti", "CH"},
		// a canton's code that is also a country's, after a street of
		// a language that country does not write
		{"Rue du Seyon 1 2000 Neuchâtel NE", "CH"},
		{"vordergasse 1 8200 schaffhausen sh", "CH"},
		// a country's code after the postcode and city of that country
		{"herrengasse 16 8010 graz at", "AT"},
		{"Piazza della Signoria 1, 50122 Firenze FI", "IT"},
		// a village and its district after the number are no city
		// abroad (Dhaka is "Dakka" too; Gulu, Uganda)
		{"no 20 shena dakka", "NG"},
		{"no 68 tanaye gulu", "NG"},
		// a Nigerian place with a number is no exact match: "Sala 2"
		// stays a unit of São Paulo
		{"Rua Augusta 100, Sala 2, São Paulo", "BR"},
		{"Vodičkova 699 28, Praha", "CZ"},
		{"12 allen avenue ikeja lagos", "NG"},
		// a street word of another language with a number that fits its
		// countries' postcodes, where the region's places are named
		{"Lekki Tollgate, 1004 Estate, Victoria Island", "NG"},
		{"lekki tollgate 1004 estate victoria island", "NG"},
		{"UI Gate 2000 Ibadan", "NG"},
		{"5 ring road ibadan oyo", "NG"},
		{"No 5 Ahmadu Bello", "NG"},
		{"3 Umaru Hassan", "NG"},
		{"G9PQ+6XV, Gbongan Rd, 220104, Ode Omu", "NG"},
		{"5MR2+6V6, KEANA ROAD,, Giza", "NG"},
		{"Kofar Gumi", "NG"},
		// a county written as Ireland writes it; a state of one word
		// after a postcode and city its country shares with another
		{"31 James Street, Westport, Co. Mayo", "IE"},
		{"Calle 60 500, Centro, 97000 Mérida, Yucatán", "MX"},
		// a district the region knows with the city's name after it
		// ("GRA Benin"), before the country of the city's name; one it
		// does not know keeps the country
		{"Flat 2, 31 Ihama Rd, GRA, Benin", "NG"},
		// a division's name ending a text without commas; an acronym a
		// country writes for one; not another name of a city, which a
		// Nigerian LGA bears too (Giza)
		{"av constitución 100 centro 64000 monterrey nuevo león", "MX"},
		{"Av. Revolución 1000, Benito Juárez, CDMX", "MX"},
		{"pujol tennyson 133 polanco cdmx", "MX"},
		{"No 3 Lafia Road, Keffi, Giza", "NG"},
		{"Rue 12, Akpakpa, Benin", "BJ"},
		// a city before its division's name, after a venue's name
		{"golden temple amritsar punjab", "IN"},
		{"city hall toronto ontario", "CA"},
		// a district before a city whose province bears its name
		{"gracia, barcelona", "ES"},
		// a country's short name after a state's name in full; a
		// metropolis's name ending a venue's
		{"hoover dam nevada usa", "US"},
		{"edgbaston cricket ground birmingham", "GB"},
		{"12 allen avenue ikeja lagos usa", "NG"},
		{"12 Marine Road Apapa Liverpool", "NG"}, // a metropolis's name after a place of the region
	} {
		if got := geocode(t, gz, tt.text).Address.Country; got != tt.country {
			t.Errorf("%q: country %s, want %s", tt.text, got, tt.country)
		}
	}
}

// TestGeocodeWrittenDivision checks that the division written is the
// state, in the name the country uses: Ireland's counties (not the
// province the gazetteer files them under), Spain's provinces by their
// regional names, Mexico City by its short name.
func TestGeocodeWrittenDivision(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, city, state string }{
		{"7 Abbey Street, Ennis, Co. Clare, V95 D2X3, Ireland", "Ennis", "County Clare"},
		{"Main Street, Kilkenny, Co. Kilkenny", "Kilkenny", "County Kilkenny"},
		{"14 quay st galway county galway ireland", "Galway", "County Galway"},
		{"Alameda de Recalde 36, 48009 Bilbao, Bizkaia, Spain", "Bilbao", "Bizkaia"},
		// provinces of a one-letter code hold their places too
		{"Gracia, Barcelona, Spain", "Barcelona", "Barcelona"},
		{"Sabadell, Barcelona, Spain", "Sabadell", "Barcelona"},
		{"av. amsterdam 240, col. hipódromo, cuauhtémoc, 06100 cdmx", "CDMX", "Ciudad de México"},
		{"Av. Michoacán 78, Col. Condesa, 06140 Ciudad de México", "Ciudad de México", "Ciudad de México"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.City != tt.city || a.State != tt.state {
			t.Errorf("%q: city %q, state %q; want %q, %q", tt.text, a.City, a.State, tt.city, tt.state)
		}
	}
}

// TestGeocodeRepeatable geocodes each address several times on one store:
// the answers must not change (the store's cached lists are shared, and a
// reading that filtered one in place once changed every later answer).
func TestGeocodeRepeatable(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, text := range []string{"Sir Matt Busby Way, Stretford, Manchester M16 0RA, UK", "350 5th Ave, New York, NY 10118, USA", "12 Allen Avenue, Ikeja"} {
		first, err := json.Marshal(geocode(t, gz, text))
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			again, err := json.Marshal(geocode(t, gz, text))
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(first) {
				t.Fatalf("%q: answers differ:\n%s\n%s", text, first, again)
			}
		}
	}
}

// TestGeocodeKeepsWhatIsWritten: a city named as its state is no district
// of itself ("Dubai"), and a state written that the gazetteer does not
// know is kept when the place found is one of several elsewhere.
func TestGeocodeKeepsWhatIsWritten(t *testing.T) {
	gz := builtinGazetteer(t)
	if a := geocode(t, gz, "Dubai").Address; a.Neighbourhood != "" || a.Country != "AE" {
		t.Errorf("Dubai: neighbourhood %q, country %s; want none, AE", a.Neighbourhood, a.Country)
	}
	// a town the gazetteer does not know, or one near the state's city,
	// is no district of the city the state is named after
	for _, text := range []string{"Lanlate, Oyo", "Garki, Kano"} {
		if a := geocode(t, gz, text).Address; a.Neighbourhood != "" {
			t.Errorf("%s: neighbourhood %q, city %q; want the town written as the city", text, a.Neighbourhood, a.City)
		}
	}
	// "Ado" is Ado-Ekiti, "Ikj" Ikeja: short names of the built-in
	for text, state := range map[string]string{"Ado, Ekiti": "Ekiti", "31 Opebi Rd, Ikj": "Lagos"} {
		if a := geocode(t, gz, text).Address; a.State != state {
			t.Errorf("%s: state %q, want %s", text, a.State, state)
		}
	}
	r := geocode(t, gz, "ул. Ленина 5, Каменка, Пензенская область")
	if r.Address.State != "Пензенская область" || !slices.ContainsFunc(r.Conflicts, func(c address.Conflict) bool { return c.Code == "state_unknown" }) {
		t.Errorf("Каменка: state %q, conflicts %v; want the state written, state_unknown", r.Address.State, r.Conflicts)
	}
}

// TestGeocodeLeavesGazetteerAlone checks that reading an address abroad
// does not modify the places the gazetteer returns, which its look-up
// cache shares between calls: a city, then its division in full
// ("springfield illinois"), once filtered the places of the city's name in
// every country in place, and later look-ups found them zeroed.
func TestGeocodeLeavesGazetteerAlone(t *testing.T) {
	gz := builtinGazetteer(t)
	ctx := context.Background()
	named := func() map[string][]address.Place {
		out := map[string][]address.Place{}
		for _, c := range address.Countries() {
			ps, err := gz.Named(ctx, c.Alpha2, "springfield")
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) > 0 {
				out[c.Alpha2] = slices.Clone(ps)
			}
		}
		return out
	}
	before := named()
	if n := len(before["US"]); n < 2 {
		t.Fatalf("%d places named Springfield in the United States, want 2 or more (one outside Illinois)", n)
	}
	for range 3 {
		named() // (the cache admits what is asked for again)
		s, err := address.Standardize(ctx, address.Input{Text: "1823 w jefferson st apt 2 springfield illinois"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := address.Geocode(ctx, gz, s); err != nil {
			t.Fatal(err)
		}
	}
	if after := named(); !reflect.DeepEqual(after, before) {
		t.Errorf("the gazetteer's places named Springfield changed after geocoding:\nbefore %v\nafter  %v", before, after)
	}
}

// TestGeocodeVenueFirst holds the readings of map searches that open with
// a venue's name, typed without commas: the venue, then its street.
func TestGeocodeVenueFirst(t *testing.T) {
	gz := builtinGazetteer(t)
	for _, tt := range []struct{ text, org, street, country string }{
		{"chicago theatre 175 n state st chicago il", "Chicago Theatre", "N State Street", "US"},
		{"st patrick's cathedral 5th ave new york", "St Patrick's Cathedral", "5th Avenue", "US"},
		{"chester zoo caughall rd upton chester ch2 1lh", "Chester Zoo", "Caughall Road", "GB"},
		{"igreja da pampulha av otacilio negrao de lima 3000 belo horizonte", "Igreja da Pampulha", "Avenida Otacilio Negrao de Lima", "BR"},
		// a cemetery; a mountain hut, its word first, then its town and
		// the town's province
		{"glasgow necropolis castle st glasgow g4 0uz scotland", "Glasgow Necropolis", "Castle Street", "GB"},
		{"refugio frey bariloche rio negro", "Refugio Frey", "", "AR"},
		{"refugio frey bariloche          río negro", "Refugio Frey", "", "AR"}, // (spaces and marks the reading folds)
		// a doctor's title, not Drive, before the practice's address
		{"cabinet dentaire dr morel 12 bd carnot 31000 toulouse", "Cabinet Dentaire Dr Morel", "Boulevard Carnot", "FR"},
		{"Zahnarztpraxis Dr. Sabine Vogel, Königsallee 30, 40212 Düsseldorf", "Zahnarztpraxis Dr Sabine Vogel", "Königsallee", "DE"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.Organization != tt.org || a.Street != tt.street || a.Country != tt.country {
			t.Errorf("%q: organization %q, street %q, country %s; want %q, %q, %s", tt.text, a.Organization, a.Street, a.Country, tt.org, tt.street, tt.country)
		}
	}
}
