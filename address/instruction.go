package address

import "strings"

// Delivery instructions typed after an address in a checkout box or an
// order message ("..., ask for Mama Chinedu", "..., call Iya Bisi", "...
// nsukka. pls call when you get there"): no part of the address, set
// apart as written.

// instructionCues open an instruction to the one who delivers, as the
// first words of a part after a comma or a full stop.
var instructionCues = [][]string{
	{"ask", "for"}, {"call"}, {"pls"}, {"plz"}, {"please"}, {"kindly"}, {"deliver", "to"}, {"attn"}, {"attention"},
}

// takeInstruction returns text without a delivery instruction that ends
// it, and the instruction as written (or ""). The instruction opens a part
// after a comma or a full stop that is not the first, and runs to the end
// of the text; the text after it holds no digit (a house number or a
// postcode would be the address going on: "..., pls note, 5 Allen Avenue"
// keeps its address).
func takeInstruction(text string) (string, string) {
	for i := 1; i < len(text); i++ {
		if c := text[i-1]; c != ',' && c != '.' && c != ';' {
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
			return text, ""
		}
		var parts []string // (the commas a contact taken left behind dropped)
		for _, part := range strings.Split(rest, ",") {
			if part = strings.Trim(part, " .;"); part != "" {
				parts = append(parts, part)
			}
		}
		instr := strings.Join(parts, ", ")
		// the text before keeps its address; it must hold something
		before := strings.TrimRight(text[:i-1], " ,.;")
		if instr == "" || !hasContent(before) {
			return text, ""
		}
		return before, instr
	}
	return text, ""
}

// cueAt reports whether an instruction's cue opens text at i.
func cueAt(text string, i int) bool {
	for _, cue := range instructionCues {
		j := i
		ok := true
		for _, w := range cue {
			e := j
			for e < len(text) && isAlnum(text[e]) {
				e++
			}
			if !strings.EqualFold(text[j:e], w) {
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
