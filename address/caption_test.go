package address

import (
	"strings"
	"testing"
)

// TestCaptionColon checks which colons end a caption that opens the text
// (captionColon), and the times of day a caption may not stand before.
func TestCaptionColon(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Head Office: 3rd Floor, 21 Gbagada Expressway", true},
		{"Festac Town Branch: 2nd Avenue, Festac Town", true},
		{"Lagos Office: 5 Amala Street", true},
		{"Address: 12 Allen Avenue", false},              // one word: a field's name as often
		{"Flat No: 5, Allen Avenue", false},              // a marker
		{"P.O. Box: 1234, Ikeja", false},                 // a marker
		{"Attn: Mr Chukwu, 15 Ogui Road", false},         // one word, a name after
		{"Surulere/oke Igele: In Front Of X", false},     // a name after
		{"Opening hours: 8:30am - 5pm, 12 Allen", false}, // a time
		{"Opening hours: 9 am, 12 Allen Ave", false},
		{"Horaires du jour: 9h-18h, 8 rue du Bac", false},
		{"Office 12: 3 Allen Avenue", false}, // a digit in the caption
		{"İstiklal Caddesi No: 150", false},  // a marker
		{"Head Office:3rd Floor", false},     // no space after
		{"One Two Three Four Five: 12 Allen Avenue", false},
	} {
		i := strings.IndexByte(tc.text, ':')
		if got := captionColon(tc.text, i); got != tc.want {
			t.Errorf("captionColon(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
