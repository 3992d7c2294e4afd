package address

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// takeState recognises the state in the last remaining segment: the whole
// segment ("Lagos", "LAGOS STATE", "FCT", "IL") or its last words ("Ikeja
// Lagos", "Springfield IL"). A state named by its capital ("Abuja") sets the
// city too.
func (p *parser) takeState() {
	if len(p.spans) == 0 || data().subByKey[p.country] == nil {
		return
	}
	// "12 Adeola Odeku Lagos": a state ending a numbered street segment.
	for ll := len(p.spans) - 1; ll >= 0 && p.lay.stateShown && p.notLocality(p.spans[ll]); ll-- {
		// a code only ending the text, before the postcode or the
		// country, after a numbered street: "1 infinite loop cupertino
		// ca 95014" (not "Suite CA, 00000")
		codes := ll == len(p.spans)-1 && p.onlyTail(p.spans[ll].hi) && p.words[p.spans[ll].lo].digit
		if last := p.spans[ll]; last.len() > 1 && p.probe(last).core && p.stateSuffix(ll, codes) {
			return
		}
	}
	// The last segment that is a name: a stray number or a numbered street
	// after the state does not hide it. A whole segment naming a state is
	// looked for in the last two names ("Ikeja, Lagos", "Lagos, Ikeja").
	li := len(p.spans) - 1
	for li > 0 && p.notState(p.spans[li]) {
		li--
	}
	lowest := 0
	if !p.lay.stateShown {
		lowest = li // "..., 10117 Berlin, Berlin": only the last segment
	}
	for j, names := li, 0; j >= lowest && names < 2; j-- {
		s := p.spans[j]
		if p.notState(s) {
			continue
		}
		if j == 0 && p.openingBuilding() {
			break // "Elephant House, 214 Broad Street": a building name
		}
		names++
		hi, _ := p.stateWordEnd(s)
		if !p.nameWords(s.lo, hi) {
			continue
		}
		if m, ok := lookupSubdivision(p.country, p.keys(s.lo, hi)); ok && p.stateAllowed(j, s.lo) && (j == li || !isStateCode(p.keys(s.lo, hi), m)) {
			// (a code only in the last name: "Ao, 00000 A" is no
			// address in Aosta, as "Lagos, Ikeja" is one in Lagos)
			p.foundState(m, s.lo, hi, s.hi)
			p.dropSpan(j)
			return
		}
	}
	s := p.spans[li]
	if p.notLocality(s) || li == 0 && p.openingBuilding() {
		return // "Suite CA", "Acme CA, Suite 5": no state after the delivery part
	}
	_, stateWord := p.stateWordEnd(s)
	if !p.lay.stateShown && !stateWord {
		if p.lay.postcodeFirst && s.lo == p.postcodeFirstSpan {
			// a division written in full after the city that follows the
			// postcode, without a comma: "20004 donostia gipuzkoa"; or
			// its code where the country writes one: "6003 luzern lu"
			p.stateSuffix(li, p.lay.stateCode)
		}
		return
	}
	p.stateSuffix(li, true)
}

// isStateCode reports whether the key k that matched a state is its code
// or another short form of three letters at most, not its name ("IL",
// "LA"; not "FCT" of "Kubwa FCT").
func isStateCode(k string, m subdivisionMatch) bool {
	return len(k) <= 3 && k != Fold(m.sub.Name) && (k == Fold(m.sub.Code[strings.IndexByte(m.sub.Code, '-')+1:]) || len(k) < 3)
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
// word or before a postcode, where the country writes codes, and only when
// codes is set).
func (p *parser) stateSuffix(li int, codes bool) bool {
	s := p.spans[li]
	hi, stateWord := p.stateWordEnd(s)
	// The last words of the segment.
	for n := min(4, hi-s.lo-1); n >= 1; n-- {
		if !p.nameWords(hi-n, hi) {
			continue
		}
		k := p.keys(hi-n, hi)
		m, ok := lookupSubdivision(p.country, k)
		if !ok {
			continue
		}
		// a code ("IL", "LA"), not a short name that is no code ("FCT":
		// "Kubwa FCT")
		code := isStateCode(k, m)
		// or, where the country writes codes, ending the address after
		// a city typed without a comma: "233 s wacker dr chicago il"; or
		// where it writes its state at all, a code of three letters
		// (Mexico's abbreviations: "44648 guadalajara jal.")
		// (not after a letter, an abbreviation's first word: "Q. Roo")
		abbrev := p.lay.stateShown && len(k) == 3 && hi-n > s.lo && len(p.key(hi-n-1)) > 1
		endsText := (p.lay.stateCode || abbrev) && li == len(p.spans)-1 && hi == s.hi && p.onlyTail(s.hi) && hi-n > s.lo
		if code && (!codes || !stateWord && !(p.lay.stateCode && p.raw[fPostcode] != "") && !endsText) {
			continue
		}
		if !stateWord && foldEqual(p.keys(s.lo, hi), Fold(m.sub.Capital)) {
			// "Birnin Kebbi", "Ado Ekiti": the capital, named after its state
			continue
		}
		if before := p.key(hi - n - 1); !stateWord && (cityJoins[before] || hi-n-1 == s.lo && boundOpeners[before]) {
			// "Ciudad de México", "New Delhi": a city named after its
			// state, its name cut where no name ends
			continue
		}
		p.foundState(m, hi-n, hi, s.hi)
		p.spans[li].hi = hi - n
		return true
	}
	return false
}

// onlyTail reports whether the words from i on, if any, were read as the
// postcode or the country: "montreal qc canada" ends with the state.
func (p *parser) onlyTail(i int) bool {
	for ; i < len(p.words); i++ {
		if l := p.words[i].label; l != LabelPostcode && l != LabelCountry {
			return false
		}
	}
	return true
}

// stateAllowed reports whether the whole span li, starting at word lo, may
// be a state. The segment after a leading postcode is the city. Where
// addresses do not show the state (Germany), only a name after the city is
// one: a lone locality segment is the city.
func (p *parser) stateAllowed(li, lo int) bool {
	if p.lay.postcodeFirst && lo == p.postcodeFirstSpan {
		// the city follows the postcode, even where it names a division
		// too: Italy's provinces are named after their cities, and their
		// codes come after them ("00186 Roma RM", "20122 Milano")
		return false
	}
	if p.lay.stateShown {
		return true
	}
	if li == 0 || lo == p.postcodeFirstSpan {
		return false
	}
	// A city must come before it ("München, Bayern"), wherever the delivery
	// part stands.
	pi := li - 1
	for pi >= 0 && p.notLocality(p.spans[pi]) {
		pi--
	}
	return pi > 0 || pi == 0 && !p.openingBuilding()
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
	case strings.ReplaceAll(k, " ", "") == joinedKey(sub.Name): // "Cross-River"
	default:
		p.how[fState] = Alias
	}
	if capital := Fold(sub.Capital); k != Fold(sub.Name) && !strings.Contains(" "+Fold(sub.Name)+" ", " "+capital+" ") &&
		(k == capital || strings.Contains(" "+k+" ", " "+capital+" ")) {
		// "Abuja" names the FCT and its city; "Co. Kilkenny" the county
		// only (its name bears its town's)
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
		pt := p.probe(s)
		if pt.org {
			return false
		}
		delivery = delivery || pt.core
	}
	return delivery
}

// probe reads segment s as the delivery part would, without keeping the
// labels it sets, so that the tail is read the way takeHead will read the
// rest.
func (p *parser) probe(s span) probed {
	for _, c := range p.probes {
		if c.s == s {
			return c
		}
	}
	pt := p.probeOnce(s)
	c := probed{s: s, core: pt.core, plain: pt.plain, org: pt.org != ""}
	p.probes = append(p.probes, c)
	return c
}

// probed is what probe read of a span.
type probed struct {
	s                span
	core, plain, org bool
}

func (p *parser) probeOnce(s span) part {
	var saved [16]Label
	keep := saved[:0]
	for k := s.lo; k < s.hi; k++ {
		keep = append(keep, p.words[k].label)
	}
	pt := p.parseHead(s)
	for k := s.lo; k < s.hi; k++ {
		p.words[k].label = keep[k-s.lo]
	}
	return pt
}

// notState reports whether a segment cannot name a state: as notLocality,
// but a state code that is also a marker word stays one ("FL" is Florida,
// not a floor without its number).
func (p *parser) notState(s span) bool {
	return p.notLocality(s) && !p.isSubdivision(s.lo, s.hi)
}

// notLocality reports whether a segment cannot name a state or city: it has
// no word, or the delivery part recognises something in it.
func (p *parser) notLocality(s span) bool {
	return !p.hasLetter(s.lo, s.hi) || !p.probe(s).plain
}

// takeRegion recognises a state named with the word for its kind, in any
// country, where the name itself is not in the tables: "Московская обл.",
// "Республика Карелия", "Chugoku Region", "Provincia de Buenos Aires".
func (p *parser) takeRegion() {
	for si := len(p.spans) - 1; si >= 0; si-- {
		s := p.spans[si]
		if s.len() < 2 {
			continue
		}
		first, last := p.key(s.lo), p.key(s.hi-1)
		var word string
		lo, hi := s.lo, s.hi
		switch {
		case p.words[s.hi-1].lex && regionWords[last] != "":
			word, hi = regionWords[last], s.hi-1
		case p.words[s.lo].lex && regionWords[first] != "":
			word, lo = regionWords[first], s.lo+1
		default:
			continue
		}
		if !p.hasLetter(lo, hi) || p.words[lo].lex && lowerWords[p.key(lo)] && hi-lo == 1 {
			continue
		}
		p.label(s.lo, s.hi, LabelState)
		p.raw[fState] = p.texts(s.lo, s.hi)
		if hi < s.hi {
			p.a.State = p.name(lo, hi) + " " + word
		} else {
			p.a.State = word + " " + p.nameAfter(lo, hi)
		}
		p.dropSpan(si)
		return
	}
}

// localStateName reports whether w, the text that named the state of code,
// is one of its aliases written in full (writtenInFull).
func localStateName(w, code string) bool {
	sub, ok := subdivisionByCode(code)
	if !ok || !writtenInFull(w) || shortFormOf(w, sub.Name) {
		return false
	}
	k := Fold(w)
	return slices.ContainsFunc(sub.Aliases, func(a string) bool { return Fold(a) == k })
}

// subdivisionByCode returns the subdivision of an ISO 3166-2 code
// ("JP-13").
func subdivisionByCode(code string) (*Subdivision, bool) {
	if len(code) < 4 {
		return nil, false
	}
	for _, sub := range data().subs[code[:2]] {
		if sub.Code == code {
			return sub, true
		}
	}
	return nil, false
}

// shortFormOf reports whether w is a short form of name: shorter, with the
// same first letter, and its letters found in order in name ("Calif",
// "Mass", "Alta" of Alberta; not "Bayern" of Bavaria).
func shortFormOf(w, name string) bool {
	a, b := []rune(strings.ReplaceAll(Fold(w), " ", "")), []rune(strings.ReplaceAll(Fold(name), " ", ""))
	if len(a) == 0 || len(a) >= len(b) || a[0] != b[0] {
		return false
	}
	i := 0
	for _, r := range b {
		if i < len(a) && a[i] == r {
			i++
		}
	}
	return i == len(a)
}

// writtenInFull reports whether w names a place in full, not by a code or a
// short form: four letters or more (any number in a script without spaces
// between words), no full stop ("Qld", "N.L."), not four capitals or fewer
// ("CDMX"), not ending in a word of two letters ("Washington DC").
func writtenInFull(w string) bool {
	if f := strings.Fields(w); len(f) > 1 && utf8.RuneCountInString(f[len(f)-1]) <= 2 {
		return false
	}
	letters, wide := 0, false
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			wide = wide || r >= 0x2E80
		}
	}
	switch {
	case wide:
		return true
	case strings.Contains(w, ".") || letters < 4:
		return false
	}
	return !(strings.ToUpper(w) == w && letters <= 4)
}
