package address

// Where the postcode stands in the parts of an address.

import "strings"

// findPostcode takes the first valid postcode from the right.
func (p *parser) findPostcode() {
	for si := len(p.spans) - 1; si >= 0; si-- {
		s := p.spans[si]
		if p.poBoxAt(s.lo, s.hi) > 0 {
			continue
		}
		// "12, Allen Avenue": a lone number opening the address is the house's
		// unless it is as long as a postcode ("8JGR+PQW, 475109, Arondizuogu")
		bareFirst := si == 0 && len(p.spans) > 1 && s.len() == 1 && isHouseNumber(p.text(s.lo)) && len(p.text(s.lo)) < 5
		for n := min(5, s.len()); n >= 1; n-- {
			if n == s.len() && bareFirst {
				continue
			}
			// Where the postcode comes before the city ("10117 Berlin") or
			// numbers follow streets ("Florida 1234"), a number ending a
			// segment is a house number; the postcode stands alone or,
			// where numbers come first, after a plain name ("Thimphu 810").
			if lo := s.hi - n; p.digitIn(lo, s.hi) && (!p.markedNumber(lo, s.lo) || p.isSubdivision(lo-1, lo)) && (!p.lay.postcodeFirst && !p.lay.numberAfterStreet || n == s.len() || !p.lay.numberAfterStreet && p.plainName(s.lo, lo) || p.isSubdivision(s.lo, lo) || si == len(p.spans)-1 && (p.groupsAfterName(s.lo, lo, s.hi) || p.afterHouseAndName(s.lo, lo, s.hi) || si > 0 && p.lay.postcodeFirst && p.plainName(s.lo, lo) || p.afterHouseAndDivision(s.lo, lo)) || p.shapedPostcode(lo, s.hi)) {
				if pc, ok := p.postcodeOf(lo, s.hi); ok {
					p.foundPostcode(pc, lo, s.hi)
					p.spans[si].hi = lo
					p.cleanSpan(si)
					return
				}
			}
			// Britain's outward code alone, after the city in a part
			// of its own after the first: "Camden Road, London NW1"
			if lo := s.hi - 1; n == 1 && si > 0 && p.plainName(s.lo, lo) {
				if pc, ok := outwardCode(p.country, p.text(lo)); ok {
					p.foundPostcode(pc, lo, s.hi)
					p.spans[si].hi = lo
					return
				}
			}
			// A postcode opens the segment where the country writes it
			// first, and in any country before a plain name that is not
			// the first segment ("1000 Monrovia"; not "12345 Main St").
			if n < s.len() && p.digitIn(s.lo, s.lo+n) && !p.isKeyword(s.lo+n, s.hi) && (p.lay.postcodeFirst && p.lay.postcodes != nil || si > 0 && p.plainName(s.lo+n, s.hi)) {
				if pc, ok := p.postcodeOf(s.lo, s.lo+n); ok {
					p.foundPostcode(pc, s.lo, s.lo+n)
					p.spans[si].lo = s.lo + n
					p.postcodeFirstSpan = s.lo + n
					p.cleanSpan(si)
					return
				}
			}
		}
	}
}

// outwardCodes are the shapes of the first half of the postcodes of the
// countries that write it alone after the city ("London NW1", "Leeds
// LS6"), in matchPattern's notation.
var outwardCodes = map[string][]string{"GB": {"A9", "A99", "AA9", "AA99", "A9A", "AA9A"}}

// outwardCode returns w in capitals when it is the outward code of a
// postcode of country cc.
func outwardCode(cc, w string) (string, bool) {
	for _, pat := range outwardCodes[cc] {
		if pc, ok := matchPattern(strings.ToUpper(w), pat); ok {
			return pc, true
		}
	}
	return "", false
}

// afterHouseAndDivision reports whether a number at words[lo], in a
// segment from start, follows the name of a state of the country, with a
// house number before it in the address: "av arequipa 2450 dpto 501
// lince lima 15046" ends in a district, the city (Lima's region) and the
// postcode, not in a second street and its number, even where numbers
// follow streets.
func (p *parser) afterHouseAndDivision(start, lo int) bool {
	if lo-start < 1 || !p.isSubdivision(lo-1, lo) {
		return false
	}
	for i := range lo - 1 {
		if isHouseNumber(p.text(i)) {
			return true
		}
	}
	return false
}

// groupsAfterName reports whether words[lo:hi] are two groups of digits,
// or one of six digits or more, after a plain name ("Thessaloniki 546 21",
// "Jerusalem 9171002"): in the last part written but the country, a
// postcode even where numbers follow streets ("Vodičkova 699 28, Praha" is
// a street and its numbers).
func (p *parser) groupsAfterName(start, lo, hi int) bool {
	digits := hi-lo == 2 && isDigits(p.text(lo)) && isDigits(p.text(lo+1)) || hi-lo == 1 && isDigits(p.text(lo)) && len(p.text(lo)) >= 6
	return digits && p.plainName(start, lo)
}

// shapedPostcode reports whether words[lo:hi] are a postcode of a shape the
// country alone uses, which no house number has ("01310-200" in Brazil,
// "1100-053" in Portugal): a postcode wherever it stands.
func (p *parser) shapedPostcode(lo, hi int) bool { return p.shapedPostcodeOf(lo, hi, p.country) }

// shapedPostcodeOf reports whether words[lo:hi] are a postcode of a shape
// that country cc alone uses.
func (p *parser) shapedPostcodeOf(lo, hi int, cc string) bool {
	if hi-lo > 2 {
		return false
	}
	s := strings.ToUpper(p.texts(lo, hi))
	for _, sh := range postcodeShapes {
		if sh.country == cc {
			if _, ok := matchPattern(s, sh.pattern); ok {
				return true
			}
		}
	}
	return false
}
