package batch

import (
	"strings"
	"testing"
	"unicode"
)

func TestClassify(t *testing.T) {
	for _, tt := range []struct {
		name string
		role role
		rank int
	}{
		{"Address", roleText, 0},
		{"Delivery Address", roleText, 0},
		{"shipping_address", roleText, 0},
		{"Billing Address", roleText, 1},
		{"CUSTOMER ADDRESS", roleText, 0},
		{"Residential Address", roleText, 0},
		{"Deliver To Address", roleText, 0},
		{"Address 1", roleStreet, 0},
		{"address1", roleStreet, 0},
		{"address_line_1", roleStreet, 0},
		{"Address Line #1", roleStreet, 0},
		{"addr1", roleStreet, 0},
		{"Addr.", roleStreet, 0},
		{"Shipping Address Line 1", roleStreet, 0},
		{"Address Line 2", roleStreet2, 0},
		{"address-2", roleStreet2, 0},
		{"Street Name", roleStreet, 0},
		{"Location", roleLocation, 0},
		{"Nearest Landmark", roleLandmark, 0},
		{"landmark", roleLandmark, 0},
		{"Bus-Stop", roleLandmark, 0},
		{"L.G.A.", roleLGA, 0},
		{"LGA Name", roleLGA, 0},
		{"Local Government Area", roleLGA, 0},
		{"Area", roleNeighbourhood, 0},
		{"Town", roleCity, 0},
		{"Delivery City", roleCity, 0},
		{"State/Province", roleState, 0},
		{"Shipping State", roleState, 0},
		{"Zip", rolePostcode, 0},
		{"Postal Code", rolePostcode, 0},
		{"post-code", rolePostcode, 0},
		{"Customer ID", roleID, 0},
		{"Customer Name", roleNone, 0},
		{"Company Name", roleNone, 0},
		{"Phone", roleNone, 0},
		{"Delivery", roleNone, 0},
		{"State of Origin", roleNone, 0},
		{"", roleNone, 0},
	} {
		if r, rank := classify(tt.name); r != tt.role || rank != tt.rank {
			t.Errorf("classify(%q) = %d, %d; want %d, %d", tt.name, r, rank, tt.role, tt.rank)
		}
	}
}

func TestMapHeader(t *testing.T) {
	for _, tt := range []struct {
		name   string
		header []string
		want   map[role]int
		unused []string
	}{
		{"the issue's header", []string{"Customer Name", "Delivery Address", "City", "State", "Phone"},
			map[role]int{roleText: 1, roleCity: 2, roleState: 3}, []string{"Customer Name", "Phone"}},
		{"billing after delivery", []string{"Billing Address", "Delivery Address"},
			map[role]int{roleText: 1}, []string{"Billing Address"}},
		{"two of one rank: the first", []string{"Address", "Home Address", "Ref"},
			map[role]int{roleText: 0, roleID: 2}, []string{"Home Address"}},
		{"location alone is the address", []string{"Name", "Location"},
			map[role]int{roleText: 1}, []string{"Name"}},
		{"location beside an address is the city", []string{"Address", "Location", "State"},
			map[role]int{roleText: 0, roleCity: 1, roleState: 2}, nil},
		{"location beside a city is the neighbourhood", []string{"Street", "Location", "Town"},
			map[role]int{roleStreet: 0, roleNeighbourhood: 1, roleCity: 2}, nil},
		{"nothing known: every cell is used", []string{"a", "b"}, map[role]int{}, nil},
		{"unnamed columns", []string{"address", "", " "}, map[role]int{roleText: 0}, []string{"column 2", "column 3"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := mapHeader(tt.header)
			for r := roleText; r < roleCount; r++ {
				want, ok := tt.want[r]
				if !ok {
					want = -1
				}
				if m.cols[r] != want {
					t.Errorf("mapHeader(%q): role %d in column %d, want %d", tt.header, r, m.cols[r], want)
				}
			}
			if got := m.unused(tt.header); strings.Join(got, "|") != strings.Join(tt.unused, "|") {
				t.Errorf("mapHeader(%q) leaves %q unused, want %q", tt.header, got, tt.unused)
			}
		})
	}
}

func TestPickByContent(t *testing.T) {
	for _, tt := range []struct {
		name, input string
		want        int
	}{
		{"addresses beside names and phones", "Client,Deliver To,Tel\nAde Okafor,12 Allen Avenue,0803\nMusa Bello,Plot 5 Wuse 2,0802\nEze,,0805\n", 1},
		{"the longest of two", "a,b\nX1 2,12 Adeola Odeku Street Victoria Island\nY2 3,5 Allen Avenue Ikeja\n", 1},
		{"commas left unquoted", "Name,Where,Tel\nAde,12 Allen Avenue, Ikeja, Lagos,0803\nMusa,Wuse 2, Abuja,0802\n", 1},
		{"a ragged row does not favour the first column", "Client,Deliver To,Tel\nAde Okafor,12 Adeola Odeku Street, Victoria Island, Lagos,0803\n", 1},
		{"a street type without a number", "Name,Where\nAde,Adeola Odeku Street\nMusa,Allen Avenue\n", 1},
		{"e-mail addresses are not", "Name,Mail\nAde,ade 1@example.com\nMusa,musa 2@example.com\n", -1},
		{"names and towns are not", "Name,Town of birth\nAde Okafor,Ikeja\nMusa Bello,Kano\n", -1},
		{"not in most rows", "Name,Note\nAde,12 Allen Avenue\nMusa,\nEze,\n", -1},
		{"a known column is not looked at", "Name,Street\nAde,Ikeja\n", -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			header := splitLine(strings.SplitN(tt.input, "\n", 2)[0], ',')
			if got := pickByContent([]byte(tt.input), ',', header); got != tt.want {
				t.Errorf("pickByContent(%q) = %d, want %d", tt.input, got, tt.want)
			}
		})
	}
}

func TestLandmarkText(t *testing.T) {
	for in, want := range map[string]string{
		"Shoprite": "Near Shoprite", "Opposite Falomo Shopping Centre": "Opposite Falomo Shopping Centre",
		" off Allen Avenue ": "off Allen Avenue", "Close to the market": "Close to the market", "": "", "  ": "",
	} {
		if got := landmarkText(in); got != want {
			t.Errorf("landmarkText(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzColumnKey checks what column names promise: a key has only letters
// and digits, in lower case (where a letter has one); case, spaces, underscores and punctuation
// around or between words change neither the key nor the role.
func FuzzColumnKey(f *testing.F) {
	for _, s := range []string{"Delivery Address", "address_line_1", "L.G.A.", "State/Province", "Customer Name", "", "Ìbàdàn"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		k := columnKey(name)
		if strings.ContainsFunc(k, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) || 'A' <= r && r <= 'Z' }) {
			t.Fatalf("columnKey(%q) = %q: not lower-case letters and digits alone", name, k)
		}
		if again := columnKey(k); again != k {
			t.Fatalf("columnKey(%q) = %q, then %q", name, k, again)
		}
		upper := strings.Map(func(r rune) rune { // ASCII alone: other letters may not go back
			if 'a' <= r && r <= 'z' {
				return r - 'a' + 'A'
			}
			return r
		}, name)
		variant := " _" + strings.ReplaceAll(upper, " ", "_") + "-:"
		r, rank := classify(name)
		if vr, vrank := classify(variant); vr != r || vrank != rank {
			t.Fatalf("classify(%q) = %d, %d; classify(%q) = %d, %d", name, r, rank, variant, vr, vrank)
		}
	})
}
