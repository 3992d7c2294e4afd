package address

// A division named at the end of the text, in full or by an acronym its
// country writes, implies that country (see detectCountry).

import (
	"slices"
	"strings"
)

// divisionLast finds the one country whose first-level division the last
// segment names in full, after the other parts of the address: "...,
// Franschhoek, 7690, Western Cape", "..., Umhlanga 4319, KwaZulu-Natal". A
// name of two words or a hyphenated one, of 5 letters or more, of no
// division of the region, or of one word after a postcode and a city of its
// country, or an acronym the country writes for it ("CDMX"); a code, a
// short form or a name that a city or a country bears too implies nothing.
func (p *parser) divisionLast() (string, string) {
	switch {
	case len(p.spans) >= 3: // (after a city: "Calle Fortaleza, San Juan" names Puerto Rico's capital)
		s := p.spans[len(p.spans)-1]
		return p.divisionAt(s.lo, s.hi, p.spans[len(p.spans)-2])
	case len(p.spans) == 1 && len(p.words) >= 5 && p.digitIn(0, len(p.words)-2):
		// typed without commas, a name of two or three words ending the
		// text after a number: "av constitución 100 centro 64000
		// monterrey nuevo león" (or another name of one: "... cdmx")
		for n := 3; n >= 1; n-- {
			if c, why := p.divisionAt(len(p.words)-n, len(p.words), span{}); c != "" {
				return c, why
			}
		}
	}
	return "", ""
}

// divisionAt is divisionLast for words lo to hi, after the segment prev
// (an empty one when the text has no commas).
func (p *parser) divisionAt(lo, hi int, prev span) (string, string) {
	s := span{lo, hi}
	if s.len() > 3 || !data().nameWords[p.key(s.lo)] || !p.nameWords(s.lo, s.hi) {
		return "", "" // (the first word tells most segments apart without joining the keys)
	}
	key := p.keys(s.lo, s.hi)
	cs := data().subCountries[key]
	if len(cs) != 1 || KeyLen(key) < 4 || slices.Contains(cs, p.country) {
		return "", ""
	}
	m, ok := lookupSubdivision(cs[0], key)
	if !ok {
		return "", ""
	}
	// an acronym of 4 letters or more the country writes for it, other
	// than its code ("CDMX"), names it alone (not another name of a city,
	// "Giza": one of Nasarawa's LGAs too)
	_, code, _ := strings.Cut(m.sub.Code, "-")
	alias := key != Fold(code) && !m.spelling && slices.ContainsFunc(m.sub.Aliases, func(a string) bool { return Fold(a) == key && strings.ToUpper(a) == a })
	if !alias && KeyLen(key) < 5 {
		return "", ""
	}
	// one word names a division after a postcode and city of its country:
	// "97000 Mérida, Yucatán" (Mexico's, not Spain's Mérida)
	oneWord := s.len() < 2 && !strings.Contains(p.text(s.lo), "-") && !alias
	if oneWord && prev.len() > 0 {
		oneWord = !p.postcodeCityEndsAt(prev.lo, prev.hi, cs[0])
	}
	// a generic first word cut short before the name's own word in full
	// is written in full enough: "Co. Mayo" (County Mayo)
	full := alias || writtenInFull(p.texts(s.lo, s.hi)) && !shortFormOf(p.texts(s.lo, s.hi), m.sub.Name)
	if n := strings.Fields(m.sub.Name); !full && s.len() >= 2 && len(n) >= 2 {
		full = writtenInFull(p.text(s.hi-1)) && foldEqual(p.text(s.hi-1), n[len(n)-1])
	}
	if !full || oneWord || NameKey(m.sub.Capital) == NameKey(key) || data().byKey[key] != nil {
		// (one word names a city as often: "Puebla", "Victoria"; so does
		// a division named after its capital, "San Juan", or a country)
		return "", ""
	}
	return cs[0], "implied by " + p.texts(s.lo, s.hi) + ", a division of " + cs[0]
}
