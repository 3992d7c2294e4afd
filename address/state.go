package address

// takeState recognises the state in the last remaining segment: the whole
// segment ("Lagos", "LAGOS STATE", "FCT", "IL") or its last words ("Ikeja
// Lagos", "Springfield IL"). A state named by its capital ("Abuja") sets the
// city too.
func (p *parser) takeState() {
	if len(p.spans) == 0 || data().subByKey[p.country] == nil {
		return
	}
	li := len(p.spans) - 1
	s := p.spans[li]
	hi := s.hi
	stateWord := false
	if s.len() > 1 && stateWords[p.key(hi-1)] {
		hi--
		stateWord = true
	}
	// The whole segment.
	if m, ok := lookupSubdivision(p.country, p.keys(s.lo, hi)); ok && p.stateAllowed(li, s.lo) {
		p.foundState(m, s.lo, hi, s.hi)
		p.dropSpan(li)
		return
	}
	if !p.lay.stateShown && !stateWord {
		return
	}
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
		return
	}
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
	if Fold(sub.Capital) == k && k != Fold(sub.Name) {
		// "Abuja" names the FCT and its city.
		p.stateFromCity = true
		p.a.City = sub.Capital
		p.raw[fCity] = p.texts(lo, hi)
	}
}
