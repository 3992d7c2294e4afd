package address

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestTakeContacts(t *testing.T) {
	tests := []struct {
		name, in string
		rest     string // the text left, spaces collapsed
		removed  []string
	}{
		{"mobile at the end", "no 7 bode thomas st surulere lagos 08012345678", "no 7 bode thomas st surulere lagos ,", []string{"08012345678"}},
		{"mobile in groups after call", "shop 23 computer village ikeja, call 0803 123 4567", "shop 23 computer village ikeja, ,", []string{"call 0803 123 4567"}},
		{"international form", "shop 23 computer village ikeja +2348031234567", "shop 23 computer village ikeja ,", []string{"+2348031234567"}},
		{"international with a bracketed zero", "12 Allen Avenue, Ikeja. Tel: +234 (0) 803 123 4567", "12 Allen Avenue, Ikeja. ,", []string{"Tel: +234 (0) 803 123 4567"}},
		{"two numbers", "Wuse 2, Abuja 0803 123 4567 / 0805 987 6543", "Wuse 2, Abuja , / ,", []string{"0803 123 4567", "0805 987 6543"}},
		{"whatsapp with a slash", "Plot 5 Aminu Kano Crescent Call/WhatsApp 0905-555-1234", "Plot 5 Aminu Kano Crescent ,", []string{"Call/WhatsApp 0905-555-1234"}},
		{"a direct message", "27 Admiralty Road, Lekki Phase 1. DM or call 0812 660 4417", "27 Admiralty Road, Lekki Phase 1. ,", []string{"DM or call 0812 660 4417"}},
		{"a meter's number from a bill", "5 ISHOLA STREET, OKE-ODO, LAGOS METER NO: 45031264678", "5 ISHOLA STREET, OKE-ODO, LAGOS ,", []string{"METER NO: 45031264678"}},
		{"a meter's number after its company", "5 Herbert Macaulay Way, Yaba, Lagos. EKEDC Meter No 0101234567", "5 Herbert Macaulay Way, Yaba, Lagos. ,", []string{"EKEDC Meter No 0101234567"}},
		{"234 without plus", "Ikoyi, Lagos 2348031234567", "Ikoyi, Lagos ,", []string{"2348031234567"}},
		{"Lagos landline", "5 Awolowo Road, Ikoyi, tel 01-2345678", "5 Awolowo Road, Ikoyi, ,", []string{"tel 01-2345678"}},
		{"short number after a phone word", "Ikeja, phone: 7654321", "Ikeja, ,", []string{"phone: 7654321"}},
		{"e-mail", "12 Allen Avenue, email: info@shop.com.ng", "12 Allen Avenue, ,", []string{"email: info@shop.com.ng"}},
		{"web address", "5 Awolowo Road Ikoyi www.example.com", "5 Awolowo Road Ikoyi ,", []string{"www.example.com"}},
		{"URL", "Visit https://shop.example.ng/contact?x=1 12 Broad St", "Visit , 12 Broad St", []string{"https://shop.example.ng/contact?x=1"}},
		{"bare host", "Jumia, jumia.com.ng, Ikeja", "Jumia, , , Ikeja", []string{"jumia.com.ng"}},
		{"a postcode after the number", "12 Allen Avenue, Ikeja 0803 123 4567 100271", "12 Allen Avenue, Ikeja , 100271", []string{"0803 123 4567"}},
		{"a landline, then a postcode", "Ikeja 01 234 5678 100001", "Ikeja , 100001", []string{"01 234 5678"}},
		{"a digit too many", "34 Obafemi Awolowo Way, Ikeja | 0700 2787 3672", "34 Obafemi Awolowo Way, Ikeja | ,", []string{"0700 2787 3672"}},
		// what stays
		{"postcode and house number", "12 Broad Street, Lagos 101241", "12 Broad Street, Lagos 101241", nil},
		{"range", "12/14 Broad Street", "12/14 Broad Street", nil},
		{"ZIP+4", "1600 Amphitheatre Parkway, Mountain View, CA 94043-1351", "1600 Amphitheatre Parkway, Mountain View, CA 94043-1351", nil},
		{"leading-zero postcode", "Altmarkt 1, 01067 Dresden", "Altmarkt 1, 01067 Dresden", nil},
		{"PH is Port Harcourt", "12 Rumuola Road, PH 08031234567", "12 Rumuola Road, PH ,", []string{"08031234567"}},
		{"dotted abbreviations", "5 Aba Road, P.H. St.John's", "5 Aba Road, P.H. St.John's", nil},
		{"postcode then house number", "Lagos 101241 12 Allen Avenue", "Lagos 101241 12 Allen Avenue", nil},
		{"Japanese postcode", "〒100-0001 東京都千代田区千代田1-1", "〒100-0001 東京都千代田区千代田1-1", nil},
		{"too few digits for a mobile", "0803 123 456 Allen", "0803 123 456 Allen", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rest, removed := takeContacts(tc.in)
			if got := strings.Join(strings.Fields(rest), " "); got != tc.rest || !slices.Equal(removed, tc.removed) {
				t.Errorf("takeContacts(%q) = %q, %q; want %q, %q", tc.in, got, removed, tc.rest, tc.removed)
			}
		})
	}
}

// letters counts the letters and digits of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// FuzzTakeContacts checks that nothing written vanishes: every letter and
// digit is either left in the text or in a removed piece, and each piece
// is text of the input.
func FuzzTakeContacts(f *testing.F) {
	for _, s := range []string{"call 0803 123 4567", "+234 (0) 803 123 4567", "info@x.com", "www.a.ng", "12/14 Broad St 101241", "tel: 1234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > MaxInputBytes {
			return // Standardize reads no more
		}
		rest, removed := takeContacts(text)
		n := letters(rest)
		for _, r := range removed {
			if r == "" || !strings.Contains(text, r) {
				t.Fatalf("takeContacts(%q) removed %q, not a piece of the input", text, r)
			}
			n += letters(r)
		}
		if n != letters(text) {
			t.Fatalf("takeContacts(%q) = %q, %q: %d letters and digits, want %d", text, rest, removed, n, letters(text))
		}
	})
}
