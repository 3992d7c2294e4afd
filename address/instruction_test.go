package address

import (
	"strings"
	"testing"
)

func TestTakeInstruction(t *testing.T) {
	tests := []struct {
		name, in    string
		rest, instr string
	}{
		{"ask for after a comma", "shop 30 inside mile 1 market ph, ask for Mama Chinedu", "shop 30 inside mile 1 market ph", "ask for Mama Chinedu"},
		{"call and a name", "14 kolapo ishola gra akobo ibadan, call Iya Bisi", "14 kolapo ishola gra akobo ibadan", "call Iya Bisi"},
		{"after a full stop", "beside UNN odim gate, nsukka. pls , wen u get there", "beside UNN odim gate, nsukka", "pls, wen u get there"},
		{"to the end, over commas", "Ikeja GRA 6 Sobo arobiodu street, pls deliver to the security post, Tunde ,", "Ikeja GRA 6 Sobo arobiodu street", "pls deliver to the security post, Tunde"},
		{"capitals", "2 Thompson Avenue, Ikoyi, ASK FOR EMEKA", "2 Thompson Avenue, Ikoyi", "ASK FOR EMEKA"},
		// what stays
		{"the address goes on after it", "Ikeja, pls note, 5 Allen Avenue", "Ikeja, pls note, 5 Allen Avenue", ""},
		{"first part", "call center road, Ikeja", "call center road, Ikeja", ""},
		{"a word that only begins like a cue", "5 Allen Avenue, Callaway Close", "5 Allen Avenue, Callaway Close", ""},
		{"ask alone", "5 Allen Avenue, Ask Estate", "5 Allen Avenue, Ask Estate", ""},
		{"nothing before", ", please call", ", please call", ""},
		{"an estate named so", "12 Adeola Street, Kindly Estate, Lekki", "12 Adeola Street, Kindly Estate, Lekki", ""},
		{"a plaza named so", "Shop 4, Please God Plaza, Onitsha", "Shop 4, Please God Plaza, Onitsha", ""},
		{"a building named so", "12 Ojo Road, Call Centre Building, Ikeja", "12 Ojo Road, Call Centre Building, Ikeja", ""},
		{"a close named so", "5 Allen Ave, Call Close, Ikeja", "5 Allen Ave, Call Close, Ikeja", ""},
		{"a dot of an abbreviation", "12 Allen Ave.Please God, Ikeja", "12 Allen Ave.Please God, Ikeja", ""},
		{"a hyphenated word", "5 Allen Avenue, call-a-cab office", "5 Allen Avenue, call-a-cab office", ""},
		{"a state after", "5 Allen Avenue, Ikeja, please, Lagos", "5 Allen Avenue, Ikeja, please, Lagos", ""},
		{"a tab after a comma", "a, call,\t", "a", "call"},
		{"a later cue", "12 Allen Ave, Ikeja, pls deliver before 5pm, ask for Bisi", "12 Allen Ave, Ikeja, pls deliver before 5pm", "ask for Bisi"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rest, instr := takeInstruction(tc.in, "NG")
			if rest != tc.rest || instr != tc.instr {
				t.Errorf("takeInstruction(%q) = %q, %q; want %q, %q", tc.in, rest, instr, tc.rest, tc.instr)
			}
		})
	}
}

// FuzzTakeInstruction checks that nothing written vanishes: every letter
// and digit is left in the text or in the instruction.
func FuzzTakeInstruction(f *testing.F) {
	for _, s := range []string{"a, ask for b", "x. pls call", "5 Allen Avenue, kindly, , ring", "call", ",,please", "a, call,\t", "a, pls,\u00a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rest, instr := takeInstruction(s, "NG")
		if instr == "" && rest != s {
			t.Fatalf("takeInstruction(%q) changed the text without an instruction: %q", s, rest)
		}
		if got, want := letters(rest)+letters(instr), letters(s); got != want {
			t.Fatalf("takeInstruction(%q) = %q, %q: %d letters and digits, want %d", s, rest, instr, got, want)
		}
		if instr != "" && strings.ContainsAny(instr, "0123456789") {
			t.Fatalf("takeInstruction(%q) took digits: %q", s, instr)
		}
	})
}
