package address

import "strings"

// takeState recognises the state in the last remaining segment: the whole
// segment ("Lagos", "LAGOS STATE", "FCT", "IL") or its last words ("Ikeja
// Lagos", "Springfield IL"). A state named by its capital ("Abuja") sets the
// city too.
func (p *parser) takeState() {
	if len(p.spans) == 0 || data().subByKey[p.country] == nil {
		return
	}
	// "12 Adeola Odeku Lagos": a state ending a numbered street segment.
	if last := p.spans[len(p.spans)-1]; p.lay.stateShown && last.len() > 1 && p.isCore(last) {
		if p.stateSuffix(len(p.spans) - 1) {
			return
		}
	}
	// The last segment that is a name: a stray number or a numbered street
	// after the state does not hide it. A whole segment naming a state is
	// looked for in the last two names ("Ikeja, Lagos", "Lagos, Ikeja").
	li := len(p.spans) - 1
	for li > 0 && p.lay.stateShown && p.notLocality(p.spans[li]) {
		li--
	}
	lowest := 0
	if !p.lay.stateShown {
		lowest = li // "..., 10117 Berlin, Berlin": only the last segment
	}
	for j, names := li, 0; j >= lowest && names < 2; j-- {
		s := p.spans[j]
		if p.notLocality(s) {
			continue
		}
		if j == 0 && p.openingBuilding() {
			break // "Elephant House, 214 Broad Street": a building name
		}
		names++
		hi, _ := p.stateWordEnd(s)
		if m, ok := lookupSubdivision(p.country, p.keys(s.lo, hi)); ok && p.stateAllowed(j, s.lo) {
			p.foundState(m, s.lo, hi, s.hi)
			p.dropSpan(j)
			return
		}
	}
	s := p.spans[li]
	_, stateWord := p.stateWordEnd(s)
	if !p.lay.stateShown && !stateWord {
		return
	}
	p.stateSuffix(li)
}

// stateWordEnd returns where the name of a state in s would end: before a
// closing "State" word, if there is one.
func (p *parser) stateWordEnd(s span) (int, bool) {
	if s.len() > 1 && stateWords[p.key(s.hi-1)] {
		return s.hi - 1, true
	}
	return s.hi, false
}

// stateSuffix recognises a state in the last words of span li: "Ikeja
// Lagos", "Ikeja Lagos State", "Springfield IL" (a code only with the State
// word or before a postcode, where the country writes codes).
func (p *parser) stateSuffix(li int) bool {
	s := p.spans[li]
	hi, stateWord := p.stateWordEnd(s)
	// The last words of the segment.
	for n := min(4, hi-s.lo-1); n >= 1; n-- {
		k := p.keys(hi-n, hi)
		m, ok := lookupSubdivision(p.country, k)
		if !ok {
			continue
		}
		code := len(k) <= 3 && k != Fold(m.sub.Name)
		if code && !stateWord && !(p.lay.stateCode && p.raw[fPostcode] != "") {
			continue
		}
		p.foundState(m, hi-n, hi, s.hi)
		p.spans[li].hi = hi - n
		return true
	}
	return false
}

// stateAllowed reports whether the whole span li, starting at word lo, may
// be a state. Where addresses do not show the state (Germany), a lone
// locality segment or the segment after a leading postcode is the city.
func (p *parser) stateAllowed(li, lo int) bool {
	if p.lay.stateShown {
		return true
	}
	return li > 0 && lo != p.postcodeFirstSpan
}

func (p *parser) foundState(m subdivisionMatch, lo, hi, end int) {
	sub := m.sub
	p.label(lo, end, LabelState)
	p.raw[fState] = p.texts(lo, end)
	p.a.State = sub.Name
	p.a.StateCode = sub.Code
	k := p.keys(lo, hi)
	switch {
	case m.spelling:
		p.how[fState] = Spelling
	case k == Fold(sub.Name):
	default:
		p.how[fState] = Alias
	}
	if capital := Fold(sub.Capital); k != Fold(sub.Name) && capital != Fold(sub.Name) &&
		(k == capital || strings.Contains(" "+k+" ", " "+capital+" ")) {
		// "Abuja" names the FCT and its city.
		p.stateFromCity = true
		p.a.City = sub.Capital
		p.raw[fCity] = sub.Capital
	}
}

// openingBuilding reports whether the first segment names a building: it is
// followed by a core segment (a street, a plot) and no later segment is an
// organization (which then takes that role).
func (p *parser) openingBuilding() bool {
	delivery := false
	for _, s := range p.spans[1:] {
		if p.isOrganization(s.lo, s.hi) {
			return false
		}
		delivery = delivery || p.isCore(s)
	}
	return delivery
}

// isCore reports whether a segment holds a house number, a marked number
// (unit, plot, "No. 5"), a PO box or a street: what makes the segment before
// it a building name.
func (p *parser) isCore(s span) bool {
	if isHouseNumber(p.text(s.lo)) || s.len() > 1 && p.markedNumber(s.lo+1, s.lo) || p.poBoxAt(s.lo, s.hi) > 0 || p.zoneAt(s.lo, s.hi) > 0 {
		return true
	}
	_, _, _, street := p.matchStreet(s.lo, s.hi)
	return street
}

// notLocality reports whether a segment cannot name a state or city: it has
// no word, starts with a house number, a marked number or a relation, or is
// a street, an estate or an organization.
func (p *parser) notLocality(s span) bool {
	if !p.hasLetter(s.lo, s.hi) || isHouseNumber(p.text(s.lo)) {
		return true
	}
	if _, n := p.relationAt(s.lo, s.hi); n > 0 && s.lo+n < s.hi {
		return true
	}
	if s.len() > 1 && p.markedNumber(s.lo+1, s.lo) || p.markedNumber(s.hi, s.lo) || p.poBoxAt(s.lo, s.hi) > 0 || p.isOrganization(s.lo, s.hi) ||
		s.len() > 1 && estateWords[p.key(s.hi-1)] != "" {
		return true // "No. 5", "Flat 3", "Plot 339", "PMB 12"
	}
	_, _, _, street := p.matchStreet(s.lo, s.hi)
	return street
}
