package address

import "strings"

// CanonicalStreet returns a street name as a gazetteer should keep it: the
// type that ends it written once, in its canonical form. "Ikorodu Rd."
// becomes "Ikorodu Road" and "Pennsylvania Ave NW" "Pennsylvania Avenue NW".
//
// Some sources append a type to every name, whether or not the name
// already carries one (the NIPOST street list writes "Adeola Odeku St St.",
// "Ikorodu Rd. Rd." and "Allen Ave St."). The name's own type is kept and
// the one after it dropped when they are the same type in any spelling,
// when the later is the generic "Street", or when the name's own is
// abbreviated (or misspelt), which only a type is: those become "Adeola
// Odeku Street", "Ikorodu Road" and "Allen Avenue". Two different types
// written in full are both kept, as the first is then part of the name
// ("High Court Road", "One Way Road"), and so is a type that is the whole
// name ("Court Street").
//
// Only words separated by spaces are read: fused types ("Hauptstr.",
// "Hoop-Str.") and types before the name ("Rue de Rivoli") are left as
// they are, and so is the rest of the name.
func CanonicalStreet(name string) string {
	words := strings.Fields(name)
	dir := ""
	if n := len(words); n >= 3 {
		if d, ok := directionals[Fold(words[n-1])]; ok {
			if _, w := suffixType(words[:n-1]); w > 0 {
				dir, words = d, words[:n-1]
			}
		}
	}
	for {
		t, w := suffixType(words)
		if w == 0 {
			break
		}
		rest := words[:len(words)-w]
		before, bw := suffixType(rest)
		repeated := bw > 0 && lastWord(before.Canonical) == lastWord(t.Canonical)
		named := bw > 0 && bw < len(rest) // a name before the name's own type
		generic := named && t.Canonical == "Street"
		abbreviated := named && Fold(strings.Join(rest[len(rest)-bw:], " ")) != Fold(before.Canonical)
		if repeated || generic || abbreviated {
			words = rest
			continue
		}
		words = append(rest, t.Canonical)
		break
	}
	if dir != "" {
		words = append(words, dir)
	}
	return strings.Join(words, " ")
}

// suffixType returns the type, of one or two words, that ends words and
// comes after a street's name, and its width in words; 0 when there is
// none.
func suffixType(words []string) (streetType, int) {
	for w := min(2, len(words)); w >= 1; w-- {
		if t, ok := streetTypes[Fold(strings.Join(words[len(words)-w:], " "))]; ok && !t.Prefix {
			return t, w
		}
	}
	return streetType{}, 0
}

// lastWord returns the last word of s, which has single spaces.
func lastWord(s string) string {
	return s[strings.LastIndexByte(s, ' ')+1:]
}

// StreetType reports whether word, in any spelling or abbreviation the
// lexicon knows ("St.", "rd", "Cresent"), is a street type written after
// the name, and returns its canonical form ("Street", "Road", "Crescent").
func StreetType(word string) (canonical string, ok bool) {
	t, ok := streetTypes[Fold(word)]
	if !ok || t.Prefix {
		return "", false
	}
	return t.Canonical, true
}

// numberedRoadAt reports whether words i and i+1 (before hi) are a number
// and a street type that follows its name, as estates number their roads
// (Festac Town, Gwarinpa: "611 Road", "401 Close").
func (p *parser) numberedRoadAt(i, hi int) bool {
	if saintWords[p.key(i+1)] && i+2 < hi {
		if _, dir := directionals[p.key(i+2)]; !dir {
			return false // "10 St Kilda Road"; but "10220 103 St NW"
		}
	}
	return i+1 < hi && isDigits(p.key(i)) && p.typeAfterName(i+1)
}

// saintWords are the street types that open a saint's name as often: "10
// St Kilda Road", "30 St Mary Axe" (no numbered road is written so).
var saintWords = map[string]bool{"st": true, "ste": true}

// typeAfterName reports whether word i is a street type that follows the
// street's name ("Road", not "Rue").
func (p *parser) typeAfterName(i int) bool {
	st, ok := streetTypes[p.key(i)]
	return ok && !st.Prefix && p.words[i].lex
}

// courtKinds are the words before "Court" that make it a court of law, not
// a street ("Federal High Court", "Magistrate Court", "Customary Court").
var courtKinds = map[string]bool{"high": true, "magistrate": true, "magistrates": true, "customary": true, "sharia": true,
	"area": true, "supreme": true, "appeal": true, "appellate": true, "industrial": true, "district": true, "juvenile": true}

var compoundSuffixes = []string{"straße", "strasse", "str", "weg", "gasse", "platz", "allee", "ring", "damm", "ufer", "steig", "pfad", "gracht", "straat", "laan", "plein", "vej", "gade", "gatan", "vagen", "veien", "gata",
	"katu", "tie", "kuja", "polku"}

// compoundStreet recognises a street whose type is fused to its name and
// expands "str." to "straße".
func compoundStreet(name string) (string, bool) {
	lw := strings.ToLower(name)
	for _, suf := range compoundSuffixes {
		if strings.HasSuffix(lw, suf) && len(lw) > len(suf)+2 && !hasDigit(lw) {
			if suf == "str" {
				name = name[:len(name)-3] + "straße"
			}
			return caseName(name), true
		}
	}
	return "", false
}
