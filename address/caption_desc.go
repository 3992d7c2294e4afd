package address

// Descriptions of a trade in brackets after an organization's name.

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// takeDescriptions sets apart what an organization's name is followed by,
// in brackets, when it describes the trade rather than naming a place:
// "Danjuma Bello & Associates (Quantity Surveyors), 7 Magaji Rumfa Road",
// "Haruna Electricals (Generators & ACs), ...". The brackets end the
// name's part, which holds no digit and opens the text (pictographs
// aside) or holds an organization's word, and describe a trade
// (describesTrade); a place in brackets ("Total Filling Station
// (Ojota)", "Tunde Stores (Ogba & Agege)") does not.
func takeDescriptions(text string) (rest string, desc []string) {
	if !strings.Contains(text, "(") {
		return text, nil
	}
	return takeBrackets(text, func(i, j int) (bool, bool) {
		start := partStart(text[:i])
		after := strings.TrimLeft(text[j+1:], " ")
		first, _ := utf8.DecodeRuneInString(after)
		ends := after == "" || strings.ContainsRune(",;:|-–—", first) || isSeparator(first)
		name := strings.TrimSpace(text[start:i])
		return name != "" && !hasDigit(name) && ends && (!hasContent(text[:start]) || namesOrganization(name)) && describesTrade(text[i+1:j]), false
	})
}

// describesTrade reports whether the text in brackets after a name
// describes a trade (see takeDescriptions): two words or more, without a
// digit, a street's type, a landmark's word or a relation, not ending in
// an estate's word ("(Senior Staff Quarters)"), that list goods or
// services with a plural or a trade's "-ing" among them ("Generators &
// ACs", "Plants, Pots & Landscaping"; not "Ogba & Agege", two places), or
// end in a trade's plural ("Quantity Surveyors").
func describesTrade(inner string) bool {
	words := strings.FieldsFunc(inner, func(r rune) bool { return r == ' ' || r == ',' || r == '&' })
	if len(words) < 2 || strings.ContainsAny(inner, "0123456789()") {
		return false
	}
	plural := false
	for _, w := range words {
		k := appendKey(nil, w)
		_, st := streetTypes[string(k)]
		if st || landmarkEnds[string(k)] != "" || relations[string(k)] != "" || string(k) == "stop" {
			return false
		}
		plural = plural || len(k) > 3 && (k[len(k)-1] == 's' || strings.HasSuffix(string(k), "ing"))
	}
	last := string(appendKey(nil, words[len(words)-1]))
	if estateWords[last] != "" {
		return false
	}
	if strings.ContainsAny(inner, "&,") || slices.Contains(words, "and") {
		return plural
	}
	for _, suf := range []string{"ors", "ers", "ants", "ents", "ists", "ects", "ians"} {
		if strings.HasSuffix(last, suf) && len(last) > len(suf)+3 {
			return true
		}
	}
	return false
}
