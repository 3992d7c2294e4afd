package address_test

import "testing"

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
		{"Plot 27, Ajose Adeogun VI", "", "", "Victoria Island", "NG"},
		{"12 Rumuola Road PH", "Rumuola Road", "12", "Port Harcourt", "NG"},
	} {
		a := geocode(t, gz, tt.text).Address
		if a.Street != tt.street || a.HouseNumber != tt.house || a.City != tt.city || a.Country != tt.country {
			t.Errorf("%q: street %q, house %q, city %q, country %s; want %q, %q, %q, %s",
				tt.text, a.Street, a.HouseNumber, a.City, a.Country, tt.street, tt.house, tt.city, tt.country)
		}
	}
}
