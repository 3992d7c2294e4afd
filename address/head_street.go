package address

// The street of a segment's head: its name and type in each language's
// order ("Allen Avenue", "Rue de Rivoli", "Hauptstraße"), and a name run
// on into it ("Zenith Bank Adeola Odeku Street").

import (
	"slices"
	"strings"
)

// street recognises a street in words[lo:hi] and labels it.
func (p *parser) street(lo, hi int) (streetName, bool) {
	st, tlo, thi, ok := p.matchStreet(lo, hi)
	if ok {
		p.label(lo, hi, LabelStreetName)
		p.label(tlo, thi, LabelStreetType)
	}
	return st, ok
}

// orgBeforeStreet returns where a street begins in words[lo:hi] when an
// organization's name runs on into it without a comma ("yaya centre
// argwings kodhek road", "Zenith Bank Adeola Odeku Street", "Access Bank
// Plc Town Hall Road", "Zenith Bank General Hospital Road"): after the
// first organization word that no other follows ("Bank Plc" ends at Plc),
// a name before it and a street of two name words or more after it; else
// lo. "Bank Road", "Bank of Industry Road", "Mobolaji Bank Anthony Way"
// and "Total Filling Station Allen Avenue" (one name word) stay whole.
func (p *parser) orgBeforeStreet(lo, hi int) int {
	if hi-lo < 4 || !p.words[hi-1].lex {
		return lo
	}
	// an organization word, or a caption's word after one ("First Bank
	// Branch Broad Street" stays whole: Branch is no street's)
	org := func(k int) bool {
		return p.words[k].lex && organizationWords[p.key(k)] || k > lo+1 && captionWords[p.key(k)]
	}
	for j := lo + 1; j <= hi-3; j++ {
		if !org(j) || org(j+1) || lowerWords[p.key(j+1)] || !p.hasLetter(lo, j) {
			continue
		}
		if j == hi-3 && (!businessWords[p.key(j)] && p.key(j) != "station" || !p.partOfWritten(lo, hi)) {
			// a street of one name word after a business's kind only,
			// typed without a comma after the street: "access bank
			// bosso road minna" (not "Tejuosho Market Road", nor
			// "Mobolaji Bank Anthony Way, Maryland")
			continue
		}
		if _, tlo, _, ok := p.matchStreet(j+1, hi); ok && tlo > j+1 && p.typedStreet(j+1, hi) {
			return j + 1
		}
	}
	return lo
}

// partOfWritten reports whether words[lo:hi] are a part of a segment the
// text wrote, not all of one: typed without a comma after them.
func (p *parser) partOfWritten(lo, hi int) bool {
	return slices.ContainsFunc(p.written, func(s span) bool { return s.lo <= lo && hi <= s.hi && (s.lo < lo || hi < s.hi) })
}

// matchStreet recognises a street in words[lo:hi]; words[tlo:thi] are its
// type.
func (p *parser) matchStreet(lo, hi int) (st streetName, tlo, thi int, ok bool) {
	n := hi - lo
	if n < 1 {
		return streetName{}, 0, 0, false
	}
	// "Road 7", "Street 5", "Avenue A": a type and an id
	if id := p.key(hi - 1); n == 2 && !p.lay.numberAfterStreet && (hasDigit(id) || len(id) == 1 || romanNumerals[id]) {
		if t, ok := streetTypes[p.key(lo)]; ok {
			id := strings.ToUpper(p.text(hi - 1))
			return streetName{full: t.Canonical + " " + id, name: id, typ: t.Canonical}, lo, lo + 1, true
		}
	}
	// suffix type, perhaps followed by a directional: "Allen Avenue", "Pennsylvania Ave NW"
	end := hi
	dir := ""
	if d, ok := directionals[p.key(hi-1)]; ok && n >= 3 {
		if _, isType := streetTypes[p.key(hi-2)]; isType {
			dir = d
			end = hi - 1
		}
	}
	for w := 2; w >= 1; w-- {
		if end-lo <= w {
			continue
		}
		t, ok := p.streetType(p.keys(end-w, end))
		if !ok || t.Prefix {
			continue
		}
		if !p.hasLetter(lo, end-w) && !(end-w == lo+1 && lo > 0 && isDigits(p.key(lo)) && isHouseNumber(p.text(lo-1))) {
			continue // "0 Road" names nothing (but "10220 103 St NW" does)
		}
		if t.Canonical == "Court" && courtKinds[p.key(end-w-1)] {
			continue // "Rivers State High Court": a court of law
		}
		if w == 1 && saintWords[p.key(end-1)] && lowerWords[p.key(end-2)] {
			continue // "Cathedral Church of St. Jude": a saint's name
		}
		name := p.name(lo, end-w)
		full := name + " " + t.Canonical
		if dir != "" {
			full += " " + dir
		}
		return streetName{full: full, name: name, typ: t.Canonical, spelled: spellingVariants[p.keys(end-w, end)]}, end - w, end, true
	}
	// prefix type: "Rue de Rivoli", "Via Roma", "Avenue des Champs-Élysées"
	if n >= 2 {
		t, ok := streetTypes[p.key(lo)]
		if at, abbrev := abbrevPrefixTypes[p.country][p.key(lo)]; abbrev {
			t, ok = at, true // "Av. Paulista": Avenida in Brazil
		}
		if ok && (t.Prefix || t.Either || (p.lay.frenchTypes || p.a.StateCode == "CA-QC") && frenchPrefixTypes[t.Canonical]) {
			// (Québec writes them first too: "1250 Boulevard
			// René-Lévesque Ouest", as "boul." reads)
			name := p.nameAfter(lo+1, hi)
			return streetName{full: t.Canonical + " " + name, name: name, typ: t.Canonical}, lo, lo + 1, true
		}
	}
	// a German style compound: "Hauptstraße", "Gapetschstrasse", "Hauptstr."
	if n <= 3 && p.lay.numberAfterStreet {
		if full, ok := compoundStreet(p.name(lo, hi)); ok {
			return streetName{full: full, name: full}, hi, hi, true
		}
	}
	return streetName{}, 0, 0, false
}

// typedStreet reports whether words[lo:hi] are a street whose type (after
// the name) ends them: "Al-Nuzha Street"; not a numbered road ("State
// Highway", "Co Rd" before their number).
func (p *parser) typedStreet(lo, hi int) bool {
	if hi-lo < 2 || numberedRoads[p.key(hi-1)] || numberedRoads[p.key(hi-2)] && numberedTypes[p.key(hi-1)] {
		return false // (but "N State St" is a street named State)
	}
	st, _, thi, ok := p.matchStreet(lo, hi)
	return ok && st.typ != "" && thi == hi
}

// numberedTypes are the types of roads that a county, a state or a
// nation numbers: "Co Rd 12", "State Route 7", "US Hwy 1".
var numberedTypes = map[string]bool{"road": true, "rd": true, "highway": true, "hwy": true, "route": true, "rte": true}

// isStreetTypeWord reports whether the word at i is a street type.
func (p *parser) isStreetTypeWord(i int) bool {
	_, ok := p.streetType(p.key(i))
	return ok
}

// streetType looks a key up in the street types of the country alone
// ("gate" is a street in Norway, not in Lagos; "str" is Straße in
// Austria), then in those of every language.
func (p *parser) streetType(k string) (streetType, bool) {
	if t, ok := countryStreetTypes[p.country][k]; ok {
		return t, true
	}
	t, ok := streetTypes[k]
	return t, ok
}

// nameAfter cases a name that follows a street type, so its first word may
// be a joining word ("Rue de Rivoli").
func (p *parser) nameAfter(lo, hi int) string { return p.caseWords(lo, hi, false) }

// streetOrName cases a landmark or other name, expanding a street type at
// its end ("Allen Ave" -> "Allen Avenue").
func (p *parser) streetOrName(lo, hi int) (string, bool) {
	if e, n := p.landmarkEndAt(lo, hi-1); n > 0 && hi-n > lo {
		if st, ok := streetTypes[p.key(hi-n-1)]; ok && !st.Prefix && hi-n-1 > lo {
			// "Olukolu Str. Junction" -> "Olukolu Street Junction"
			return p.name(lo, hi-n-1) + " " + st.Canonical + " " + e, false
		}
		return p.name(lo, hi-n) + " " + e, false // "Cele b/s" -> "Cele Bus Stop"
	}
	if hi-lo >= 2 {
		if st, ok := streetTypes[p.key(hi-1)]; ok && !st.Prefix {
			return p.name(lo, hi-1) + " " + st.Canonical, true
		}
		if e, ok := estateWords[p.key(hi-1)]; ok {
			return p.name(lo, hi-1) + " " + e, false
		}
	}
	return p.name(lo, hi), false
}
