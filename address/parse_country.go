package address

// Reading the country of an address: named last, after a postcode, first,
// or as a territory, with the evidence that lets a code or a name that is
// also a place's be taken for a country.

import (
	"slices"
	"strings"
)

// takeCountry recognises a country in the last segment: the whole segment
// ("Nigeria", "NGA", "UK") or its last words ("Lagos Nigeria"). A name that is
// also a subdivision of the country in effect ("Niger" in Nigeria, "Georgia"
// in the US) is taken as the subdivision.
func (p *parser) takeCountry() {
	if len(p.spans) == 0 {
		return
	}
	t := data()
	li := len(p.spans) - 1
	s := p.spans[li]
	// "Jamaica W.I.": the West Indies after a Caribbean country's name
	if s.len() >= 2 && p.key(s.hi-1) == "wi" && p.nameWords(s.lo, s.hi-1) {
		if c, ok := t.byKey[p.keys(s.lo, s.hi-1)]; ok && len(p.keys(s.lo, s.hi-1)) > 3 && p.mayTake(c, s.lo, s.hi-1) {
			p.foundCountry(c, s.lo, s.hi)
			p.dropSpan(li)
			return
		}
	}
	if !p.nameWords(s.lo, s.hi) {
		// no country name here; but "..., Nigeria, 101241" ends in a postcode
	} else if c, ok := t.byKey[p.keys(s.lo, s.hi)]; ok && p.mayTake(c, s.lo, s.hi) {
		// the country in effect, named last, is the country even where a
		// state bears its name ("..., Mexico": the formatted line of a
		// Mexican address, not the state of México)
		if _, sub := lookupSubdivision(p.country, p.keys(s.lo, s.hi)); !sub || c.Alpha2 == p.country && li > 0 || p.postcodeOfBefore(li, c.Alpha2) {
			// (a code of the region's state too, "DE" of Delta, is the
			// country after a postcode of the country that the region's
			// shape does not fit: "..., 20357 Hamburg, DE")
			p.foundCountry(c, s.lo, s.hi)
			p.dropSpan(li)
			return
		}
	}
	// "..., Nigeria, 101241": a postcode after the country
	if li > 0 && s.len() <= 5 && hasDigit(p.key(s.hi-1)) {
		prev := p.spans[li-1]
		if !p.nameWords(prev.lo, prev.hi) {
			// not a country
		} else if c, ok := t.nameKeys[p.keys(prev.lo, prev.hi)]; ok && p.mayTake(c, prev.lo, prev.hi) {
			if _, sub := lookupSubdivision(p.country, p.keys(prev.lo, prev.hi)); !sub {
				p.foundCountry(c, prev.lo, prev.hi)
				p.dropSpan(li - 1)
				return
			}
		}
	}
	// "Singapore 546080": the country, then a postcode of it, ending the
	// text ("100 tras st #16-01 singapore 079027")
	for n := min(t.maxNameLen, s.len()-1); n >= 1 && p.words[s.hi-1].digit; n-- {
		lo := s.hi - 1 - n
		if !p.nameWords(lo, s.hi-1) {
			continue
		}
		if c, ok := t.nameKeys[p.keys(lo, s.hi-1)]; ok {
			if _, fits := NormalizePostcode(c.Alpha2, p.text(s.hi-1)); fits {
				if _, sub := lookupSubdivision(p.country, p.keys(lo, s.hi-1)); !sub && !p.endsDivision(s.lo, lo, s.hi-1) {
					// (not "Santa Fe, New Mexico 87504")
					p.foundCountry(c, lo, s.hi-1)
					p.spans[li].lo = s.hi - 1
					if lo > s.lo {
						p.spans = slices.Insert(p.spans, li, span{s.lo, lo})
					}
					return
				}
			}
		}
	}
	for n := min(t.maxNameLen, s.len()-1); n >= 1; n-- {
		if !p.nameWords(s.hi-n, s.hi) {
			continue
		}
		k := p.keys(s.hi-n, s.hi)
		c, ok := t.nameKeys[k]
		if !ok && len(k) == 2 && n == 1 && s.hi-2 >= s.lo && !(s.hi-3 >= s.lo && isMarkerKey(p.key(s.hi-3))) {
			// the region's own code, under the same condition: "auckland
			// 1010 nz" read in New Zealand (geocoding tries it there when
			// the city is one of New Zealand's); another country's code
			// is as often a place's short name in the region ("Ikoyi
			// 2000 VI", "Trans Amadi Layout 2000 PH")
			// or a code after the postcode and city of its country
			// ("rennweg 8 1030 wien at"), which Geocode weighs as any
			// code ("6003 luzern lu": Lucerne's canton)
			if c, ok = t.byKey[k]; ok && c.Alpha2 != p.region {
				ok = !p.regionOnly && !p.regionGiven && (p.codeAfterCity(s.lo, s.hi-1, c.Alpha2, k) || p.shapedPostcodeEndsAt(s.lo, s.hi-1, c.Alpha2))
				p.codeCountry = p.codeCountry || ok
			}
		}
		// a short name ("USA", "UK") or a code only after a postcode or
		// a state code of its country ("Fresno CA 93721 USA", "chicago
		// il usa"), or naming the region: elsewhere it may be a place's
		// short name
		if !ok || len(k) < 4 && c.Alpha2 != p.region && !p.postcodeEndsAt(s.lo, s.hi-n, c.Alpha2) && !p.stateCodeEndsAt(s.lo, s.hi-n, c.Alpha2) &&
			!p.postcodeCityEndsAt(s.lo, s.hi-n, c.Alpha2) && !p.stateNameEndsAt(s.lo, s.hi-n, c.Alpha2) {
			continue
		}
		if _, sub := lookupSubdivision(p.country, k); sub {
			continue
		}
		if p.endsDivision(s.lo, s.hi-n, s.hi) {
			if d := p.divisionNamedAfter(s.lo, s.hi-n, s.hi, c.Alpha2); d != "" {
				// "Bad Ischl, Upper Austria": a division of the country
				// named after it, which implies it
				p.implied(c.Alpha2, "implied by "+d+", a division of "+c.Alpha2)
				return
			}
			continue
		}
		p.foundCountry(c, s.hi-n, s.hi)
		if s.hi-n-1 >= s.lo && cityJoins[p.key(s.hi-n-1)] {
			return // "06700 Ciudad de México": the country, and the city named after it
		}
		p.spans[li].hi = s.hi - n
		return
	}
	// "Belarus, 220030 Minsk, ...": some countries write the country
	// first; not when a state of the region ends the text ("Ghana, Yalwa,
	// Rano, Kano" is a village in Kano).
	if _, regional := lookupSubdivision(p.country, p.keys(s.lo, s.hi)); regional {
		return
	}
	if first := p.spans[0]; li > 0 && p.nameWords(first.lo, first.hi) {
		if c, ok := t.byKey[p.keys(first.lo, first.hi)]; ok && len(p.keys(first.lo, first.hi)) > 3 && p.backsCountry(c.Alpha2) {
			if _, sub := lookupSubdivision(p.country, p.keys(first.lo, first.hi)); !sub {
				p.foundCountry(c, first.lo, first.hi)
				p.dropSpan(0)
				p.bigFirst = true
				slices.Reverse(p.spans)
			}
		}
	}
}

// stateNameEndsAt reports whether the one to three words before i, within
// lo, are the name in full of a first-level division of country cc:
// "hoover dam nevada usa".
func (p *parser) stateNameEndsAt(lo, i int, cc string) bool {
	for m := 1; m <= 3 && i-m >= lo; m++ {
		if k := p.keys(i-m, i); KeyLen(k) >= 4 && slices.Contains(data().subCountries[k], cc) {
			return true
		}
	}
	return false
}

// endsDivision reports whether words[i:hi] end the name of a division of
// some country that one or two words before them begin, within lo: "new
// south wales" is Australia's state, not Wales.
func (p *parser) endsDivision(lo, i, hi int) bool {
	for m := 1; m <= 2 && i-m >= lo; m++ {
		if len(data().subCountries[p.keys(i-m, hi)]) > 0 {
			return true
		}
	}
	return false
}

// divisionNamedAfter returns the words, one or two before i (within lo)
// and those to hi, that name a division of country cc: "Upper Austria".
func (p *parser) divisionNamedAfter(lo, i, hi int, cc string) string {
	for m := 1; m <= 2 && i-m >= lo; m++ {
		if slices.Contains(data().subCountries[p.keys(i-m, hi)], cc) {
			return p.texts(i-m, hi)
		}
	}
	return ""
}

// shapedPostcodeEndsAt reports whether the word before hi, or the two
// words before it, within lo, are a postcode of a shape that country cc
// alone uses ("30190-050 br": Brazil's code after a Brazilian postcode;
// not "2000 PH": four digits are no shape of the Philippines alone, and
// "PH" is Port Harcourt's short name in Nigeria).
func (p *parser) shapedPostcodeEndsAt(lo, hi int, cc string) bool {
	for n := 1; n <= 2 && hi-n >= lo; n++ {
		if p.shapedPostcodeOf(hi-n, hi, cc) {
			return true
		}
	}
	return false
}

// postcodeEndsAt reports whether the word before hi, or the two words
// before it ("SW1A 1AA"), within lo, are a postcode of country cc.
func (p *parser) postcodeEndsAt(lo, hi int, cc string) bool {
	for n := 1; n <= 2 && hi-n >= lo; n++ {
		if !hasDigit(p.key(hi - 1)) {
			return false
		}
		if _, ok := NormalizePostcode(cc, p.texts(hi-n, hi)); ok {
			return true
		}
	}
	return false
}

// postcodeCityEndsAt reports whether a postcode of country cc and a city
// of one to three words after it end words[lo:hi], in one segment typed
// without commas: "rennweg 8 1030 wien at".
func (p *parser) postcodeCityEndsAt(lo, hi int, cc string) bool {
	for j := hi - 1; j > lo && j >= hi-3; j-- {
		if p.words[j].digit || !p.hasLetter(j, j+1) {
			return false
		}
		if p.postcodeEndsAt(lo, j, cc) {
			return true
		}
	}
	return false
}

// codeAfterCity reports whether the code k of country cc, written at hi,
// follows the postcode and city of cc, and is no province's code of
// another country whose postcode fits as well: "50122 Firenze FI" and
// "6003 luzern lu" end with a province and a canton.
func (p *parser) codeAfterCity(lo, hi int, cc, k string) bool {
	if !p.postcodeCityEndsAt(lo, hi, cc) || !p.languageAllows(lo, hi, cc) {
		return false
	}
	for _, other := range data().subCountries[k] {
		if other != cc && p.postcodeCityEndsAt(lo, hi, other) {
			return false
		}
	}
	return true
}

// postcodeOfBefore reports whether one of the two segments before segment
// li ends in a postcode of country cc, or in such a postcode and a city,
// that is no postcode of the country in effect.
func (p *parser) postcodeOfBefore(li int, cc string) bool {
	if li == 0 || cc == p.country {
		return false
	}
	// the segment before, or the one before it after a division written
	// in full ("70173 Stuttgart, Baden-Württemberg, DE")
	for j := li - 1; j >= 0 && j >= li-2; j-- {
		prev := p.spans[j]
		if _, typ := p.streetType(p.key(prev.lo)); typ && p.words[prev.lo].lex && prev.len() > 2 {
			continue // a street its type opens ends in its number: "Av. Afonso Pena 1000"
		}
		fits := func(c string) bool {
			return p.postcodeEndsAt(prev.lo, prev.hi, c) || p.postcodeCityEndsAt(prev.lo, prev.hi, c)
		}
		if fits(cc) && !fits(p.country) {
			return true
		}
	}
	return false
}

// languageAllows reports whether the street words of words[lo:hi], if
// any, are of a language country cc writes: "Rue du Seyon 1 2000 Neuchâtel
// NE" and "Vordergasse 1 8200 Schaffhausen SH" end with a canton's code,
// not Niger's or Saint Helena's.
func (p *parser) languageAllows(lo, hi int, cc string) bool {
	for i := lo; i < hi; i++ {
		if l, ok := languageOf(p.key(i)); ok {
			return slices.Contains(streetLanguages[l].countries, cc)
		}
	}
	return true
}

// stateCodeEndsAt reports whether the word before hi, within lo, is the
// code of a state of country cc: "chicago il usa".
func (p *parser) stateCodeEndsAt(lo, hi int, cc string) bool {
	if hi-1 <= lo {
		return false
	}
	k := p.key(hi - 1)
	m, ok := lookupSubdivision(cc, k)
	return ok && len(k) <= 3 && strings.HasSuffix(m.sub.Code, "-"+strings.ToUpper(k))
}

// mayTake reports whether words[lo:hi] may be read as the country c, and
// notes when they are a code or the name of another country than the
// region's: such a code ("PH", "VI") is as often a place's short name in
// the region (Port Harcourt, Victoria Island), and such a name sometimes
// ("Benin": Benin City), which Geocode weighs.
func (p *parser) mayTake(c *Country, lo, hi int) bool {
	if c.Alpha2 == p.region {
		return true
	}
	if p.regionOnly {
		return false
	}
	if len(p.keys(lo, hi)) > 3 {
		p.nameCountry = true
	} else {
		p.codeCountry = true
	}
	return true
}

// backsCountry reports whether the text beside a country written first
// has evidence of it too: a postcode of the country, or its script. A
// country name opening a short line is as often a place named after it
// ("Congo, Zaria" is a district of Zaria).
func (p *parser) backsCountry(cc string) bool {
	for i := p.spans[0].hi; i < len(p.words); i++ {
		if p.words[i].digit {
			if _, ok := NormalizePostcode(cc, p.text(i)); ok && layoutOf(cc).postcodes != nil {
				return true
			}
		}
	}
	saved := p.country
	p.country = ""
	c, _ := p.script()
	p.country = saved
	return c == cc || c != "" && slices.Contains(scriptOf(c), cc)
}

// scriptOf returns the countries that write in the script a country
// implies.
func scriptOf(cc string) []string {
	for _, sc := range scriptCountries {
		if sc.countries[0] == cc {
			return sc.countries
		}
	}
	return nil
}

// takeTerritory reads a territory or constituent country named before the
// country ("Jamestown, Saint Helena, United Kingdom", "Manchester, England,
// United Kingdom", "Le Port, La Réunion, France") as the state, so that the
// name before it is the city.
func (p *parser) takeTerritory() {
	if len(p.spans) < 2 {
		return
	}
	li := len(p.spans) - 1
	s := p.spans[li]
	if !p.nameWords(s.lo, s.hi) || strings.Contains(p.raw[fCountry], p.texts(s.lo, s.hi)) {
		return
	}
	k := p.keys(s.lo, s.hi)
	c, ok := data().nameKeys[k] // names written for addrkit: "Gana" is a Nigerian town, not Ghana
	if !ok || len(k) <= 3 {
		return
	}
	if _, sub := lookupSubdivision(p.country, k); sub {
		return // a state of the country: takeState reads it
	}
	name := c.Name
	if c.Alpha2 == p.country {
		name = p.name(s.lo, s.hi) // "England": an alias of the country itself
	}
	p.label(s.lo, s.hi, LabelState)
	p.raw[fState] = p.texts(s.lo, s.hi)
	p.a.State = name
	p.dropSpan(li)
}

func (p *parser) foundCountry(c *Country, lo, hi int) {
	p.label(lo, hi, LabelCountry)
	p.setRaw(fCountry, lo, hi)
	p.countryFromText = true
	p.setCountry(c.Alpha2)
}

// divisionCode finds the one country that writes the postcode before the
// city and has a division of the code of two letters ending the text,
// after such a postcode and a city: "6003 luzern lu", "marktgasse 50 3011
// bern be" end with a Swiss canton's code (a street of another language
// than the country's implies none).
func (p *parser) divisionCode() (string, string) {
	if len(p.spans) == 0 {
		return "", ""
	}
	s := p.spans[len(p.spans)-1]
	k := p.key(s.hi - 1)
	if len(k) != 2 || !isLetters(k) || s.len() < 3 {
		return "", ""
	}
	found := ""
	for _, cc := range data().subCountries[k] {
		if !layoutOf(cc).postcodeFirst || !p.postcodeCityEndsAt(s.lo, s.hi-1, cc) || !p.languageAllows(s.lo, s.hi-1, cc) {
			continue
		}
		if cc == p.country {
			return "", ""
		}
		if found != "" {
			return "", ""
		}
		found = cc
	}
	if found == "" {
		return "", ""
	}
	return found, "implied by " + p.text(s.hi-1) + ", the code of a division of " + found + " after a postcode and a city of it"
}
