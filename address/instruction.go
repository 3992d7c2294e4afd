package address

import (
	"slices"
	"strings"
	"unicode"
)

// Delivery instructions typed after an address in a checkout box or an
// order message ("..., ask for Mama Chinedu", "..., call Iya Bisi", "...
// nsukka. pls call when you get there"): no part of the address, set
// apart as written.

// instructionCues open an instruction to the one who delivers, as the
// first words of a part after a comma, a semicolon or a full stop.
var instructionCues = [][]string{
	{"ask", "for"}, {"call"}, {"pls"}, {"plz"}, {"please"}, {"kindly"}, {"deliver", "to"}, {"attn"}, {"attention"},
}

// takeInstruction returns text without a delivery instruction that ends
// it, and the instruction as written (or ""). The instruction opens a part
// after a comma, a semicolon or a full stop and a space, that is not the
// first, and runs to the end of the text, when nothing after the cue
// reads as the address going on: no digit (a house number, a postcode:
// "..., pls note, 5 Allen Avenue"), no part that ends in a street type, an
// estate's, an organization's or a landmark's word ("..., Please God
// Plaza, Onitsha", "..., Call Close, Ikeja", "..., Kindly Estate, Lekki")
// and no part that is a state of the region ("..., please, Lagos"). Where
// one cue's instruction fails, a later one is tried.
func takeInstruction(text, region string) (string, string) {
	for i := 1; i < len(text); i++ {
		if c := text[i-1]; c != ',' && c != ';' && (c != '.' || text[i] != ' ') {
			continue
		}
		start := i
		for start < len(text) && text[start] == ' ' {
			start++
		}
		if !cueAt(text, start) {
			continue
		}
		rest := text[start:]
		if strings.ContainsAny(rest, "0123456789") {
			continue
		}
		var parts []string // (the commas a contact taken left behind dropped)
		for _, part := range strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ';' }) {
			if part = strings.TrimFunc(part, func(r rune) bool { return r == '.' || unicode.IsSpace(r) }); part != "" {
				parts = append(parts, part)
			}
		}
		if !slices.ContainsFunc(parts, func(part string) bool { return addressPart(part, region) }) {
			// the text before keeps its address; it must hold something
			before := strings.TrimRight(text[:i-1], " ,.;")
			if len(parts) > 0 && hasContent(before) {
				return before, strings.Join(parts, ", ")
			}
		}
	}
	return text, ""
}

// addressPart reports whether a part after an instruction's cue reads as a
// part of the address: it ends in a street type or an estate's, an
// organization's or a landmark's word, or it is a state of the region.
func addressPart(part, region string) bool {
	words := strings.Fields(part)
	if len(words) == 0 {
		return false
	}
	last := Fold(strings.Trim(words[len(words)-1], "().:"))
	_, street := streetTypes[last]
	_, estate := estateWords[last]
	_, landmark := landmarkEnds[last]
	if street || estate || landmark || organizationWords[last] {
		return true
	}
	_, state := LookupSubdivision(region, part)
	return state
}

// cueAt reports whether an instruction's cue opens text at i, as whole
// words ("call", not "call-a-cab" or "Callaway").
func cueAt(text string, i int) bool {
	for _, cue := range instructionCues {
		j := i
		ok := true
		for _, w := range cue {
			e := j
			for e < len(text) && isAlnum(text[e]) {
				e++
			}
			if !strings.EqualFold(text[j:e], w) || e < len(text) && !strings.ContainsRune(" ,.;:", rune(text[e])) {
				ok = false
				break
			}
			for e < len(text) && text[e] == ' ' {
				e++
			}
			j = e
		}
		if ok && j > i {
			return true
		}
	}
	return false
}
