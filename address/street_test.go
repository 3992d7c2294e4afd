package address_test

import (
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
)

func TestCanonicalStreet(t *testing.T) {
	tests := []struct{ name, in, want string }{
		// one type, written canonically
		{"abbreviation", "Ikorodu Rd.", "Ikorodu Road"},
		{"without a dot", "Allen Ave", "Allen Avenue"},
		{"canonical already", "Adeola Odeku Street", "Adeola Odeku Street"},
		{"misspelt", "Araba cresent", "Araba Crescent"},
		{"two words", "Tudun Wada Ring  Rd.", "Tudun Wada Ring Road"},
		{"directional", "Pennsylvania Ave NW", "Pennsylvania Avenue NW"},
		{"ordinal", "1st  Ave.", "1st Avenue"},
		{"spaces", "  Kauran  Dele St ", "Kauran Dele Street"},
		// a type repeated in any spelling
		{"repeated abbreviation", "Adeola Odeku St St.", "Adeola Odeku Street"},
		{"repeated with a dot", "Ikorodu Rd. Rd.", "Ikorodu Road"},
		{"repeated in full", "Tafawa Balewa Way Way", "Tafawa Balewa Way"},
		{"full then abbreviated", "Akere Street St.", "Akere Street"},
		{"three times", "Akere St Street St.", "Akere Street"},
		{"two-word type repeated", "Ring Road Rd.", "Ring Road"},
		{"type alone repeated", "Street St.", "Street"},
		{"repeated before a directional", "Ambrose Ave. Ave. N", "Ambrose Avenue N"},
		// a generic Street after a name that carries its type
		{"mixed", "Allen Ave St.", "Allen Avenue"},
		{"mixed abbreviations", "Herbert Macaulay Cr. St.", "Herbert Macaulay Crescent"},
		{"mixed in full", "Akran Close St.", "Akran Close"},
		{"mixed two-word type", "Lagos Badagry Express Way St.", "Lagos Badagry Expressway"},
		// two different types, or a type that is the whole name: both kept
		{"type in the name", "High Court Rd.", "High Court Road"},
		{"way in the name", "One Way Rd.", "One Way Road"},
		{"type then type", "Adeoye Court Close. St.", "Adeoye Court Close"},
		{"abbreviation then type", "Riyom Dr Cl.", "Riyom Drive"},
		{"misspelling then type", "Araba Cresent Rd.", "Araba Crescent"},
		{"type as the name", "Court St.", "Court Street"},
		// left alone
		{"no type", "Herbert Macaulay (N) Way", "Herbert Macaulay (N) Way"},
		{"saint", "St. Finbarr's College", "St. Finbarr's College"},
		{"prefix type", "Rue de Rivoli", "Rue de Rivoli"},
		{"fused", "Dr. Josef Hoop-Str.", "Dr. Josef Hoop-Str."},
		{"compound", "Landstrasse", "Landstrasse"},
		{"German", "Am Weg", "Am Weg"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := address.CanonicalStreet(tt.in); got != tt.want {
				t.Errorf("CanonicalStreet(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestStreetType(t *testing.T) {
	tests := []struct {
		word, want string
		ok         bool
	}{
		{"St.", "Street", true},
		{"rd", "Road", true},
		{"AVE", "Avenue", true},
		{"Cresent", "Crescent", true},
		{"Crescent", "Crescent", true},
		{"Straße", "Straße", true},
		{"Rue", "", false}, // before the name
		{"Odeku", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			if got, ok := address.StreetType(tt.word); got != tt.want || ok != tt.ok {
				t.Errorf("StreetType(%q) = %q, %v, want %q, %v", tt.word, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestTokensIn: "-str" at the end of a name is a street in the countries
// that fuse it to names, a word being typed elsewhere.
func TestTokensIn(t *testing.T) {
	for _, tt := range []struct {
		text, country, want string
	}{
		{"Zollstr", "DE", "zollstreet"},
		{"Hauptstr", "AT", "hauptstreet"},
		{"manchestr", "GB", "manchestr"},
		{"Bahnhofstrasse", "CH", "bahnhofstreet"},
		{"Bahnhofstrasse", "GB", "bahnhofstreet"},
		{"Bode Thomas Str", "NG", "bode thomas street"},
	} {
		if got := strings.Join(address.TokensIn(tt.text, tt.country), " "); got != tt.want {
			t.Errorf("TokensIn(%q, %s) = %q, want %q", tt.text, tt.country, got, tt.want)
		}
	}
}
