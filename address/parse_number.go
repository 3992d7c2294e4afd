package address

import (
	"slices"
	"strings"
)

// splitAfterNumber starts a segment after the house number that ends a
// street, where numbers follow streets and words follow the number without
// a comma: "Rua Augusta 100 Lisboa", "Koenigsallee 60 Düsseldorf" (and
// "Avenida Paulista 1578 São Paulo SP 01310-200", a postcode at the end). The
// number is the segment's last, after words without a marker ("Apt 5")
// and not an ordinal ("Straße des 17. Juni 135"), nor one right after a
// street's type, which names it ("Avenida 4 de Fevereiro"); the words
// after it start with a name of three letters or more, not a unit or a
// letter of the number ("263 A", "5 bajo").
func (p *parser) splitAfterNumber() {
	for si := 0; si < len(p.spans); si++ {
		s := p.spans[si]
		i := s.hi - 1
		for i > s.lo && !p.words[i].digit {
			i--
		}
		if _, ok := p.postcodeOf(i, i+1); ok && i == s.hi-1 {
			// the postcode ending the text: the number is the one
			// before it, before names ("Avenida Paulista 1578 Bela
			// Vista São Paulo SP 01310-200")
			j := i - 1
			for j > s.lo && !p.words[j].digit {
				j--
			}
			if j > s.lo && j < i-1 {
				i = j
			}
		}
		if !p.numberEndsStreet(s, i) {
			// the first number, when a floor or unit follows it: "Av
			// Corrientes 1234 piso 3 C1043 CABA"; or one a marker
			// opens: "Calle 85 # 11-53 local 2 Bogotá"
			first := s.lo + 1
			for first < i && !p.words[first].digit {
				first++
			}
			marked := -1
			if s.hi-2 > s.lo {
				marked = slices.IndexFunc(p.words[s.lo:s.hi-2], func(w word) bool { return w.marker }) + s.lo
			}
			switch {
			case marked >= s.lo && isHouseNumber(p.text(marked+1)) && p.hasLetter(marked+2, marked+3):
				i = marked + 1
			case first < i && (p.unitAt(first+1, s.hi) || p.floorEnds(first+1, s.hi) || numberedDistricts[p.key(first+1)]) && p.numberEndsStreet(s, first):
				// (or a district and its number: "Str Covaci 6 Sector 3
				// București"; not "Straße des 17. Juni 135")
				i = first
			default:
				continue
			}
		}
		if repeatWords[p.key(i+1)] {
			if i++; i+1 >= s.hi {
				continue // "Via Roma 5 bis": the number's second house ends it
			}
		}
		p.spans = slices.Insert(p.spans, si+1, span{i + 1, s.hi})
		p.spans[si].hi = i + 1
		if p.unitAt(i+1, s.hi) && i+3 < s.hi {
			// the floor or unit ends its part too
			p.spans = slices.Insert(p.spans, si+2, span{i + 3, s.hi})
			p.spans[si+1].hi = i + 3
		}
	}
}

// numberedDistricts are words that name a city's district with its number
// after them ("Sector 3" of Bucharest, "Distrito 5", "Bezirk 2").
var numberedDistricts = map[string]bool{"sector": true, "sektor": true, "distrito": true, "bezirk": true, "district": true, "arrondissement": true}

// numberEndsStreet reports whether word i of s is the house number that
// ends the street opening s, before the words after it (see
// splitAfterNumber).
func (p *parser) numberEndsStreet(s span, i int) bool {
	if i <= s.lo || i >= s.hi-1 || !isHouseNumber(p.text(i)) || strings.HasSuffix(p.text(i), ".") {
		return false
	}
	if st, ok := streetTypes[p.key(s.lo)]; ok && st.Prefix && i == s.lo+1 {
		return false
	}
	if slices.ContainsFunc(p.words[s.lo:i], func(w word) bool { return w.marker || w.digit }) {
		return false
	}
	if p.unitAt(i+1, s.hi) || p.floorEnds(i+1, s.hi) {
		return true
	}
	next := p.key(i + 1)
	_, unit := unitTypes[next]
	// (a word of two letters after the number only after a street word
	// fused to its name: "albert cuypstraat 120 de pijp amsterdam"; not
	// "Calle 5 de Mayo")
	return !unit && (len(next) >= 3 || len(next) == 2 && fusedLanguage(p.key(i-1)) != nil) && p.hasLetter(i+1, i+2)
}

// unitAt reports whether a unit or a floor and its number open words[i:hi]
// ("piso 3", "apt 4").
func (p *parser) unitAt(i, hi int) bool {
	if i+1 >= hi || !isID(p.key(i+1)) {
		return false
	}
	_, unit := unitTypes[p.key(i)]
	_, local := countryUnitTypes[p.country][p.key(i)]
	_, level := levelsBefore[p.key(i)]
	return unit || local || level || p.staircaseFlat(i, hi)
}

// staircaseFlat reports whether words[i:hi] are a staircase's letter and a
// flat's number ending a segment, as Finland writes them after the house
// number ("Fleminginkatu 7 A 3": staircase A, flat 3).
func (p *parser) staircaseFlat(i, hi int) bool {
	return p.country == "FI" && i+2 == hi && len(p.key(i)) == 1 && isLetters(p.key(i)) && isDigits(p.key(i+1))
}

// splitBeforePostcode starts a segment at a postcode written after a house
// number without a comma, where the postcode opens the last line: "...
// Lindenstrasse 12 80331 München", "Drottninggatan 50 111 21 Stockholm",
// or after the street that a house number opens: "12 rue de la Paix
// 75002 Paris".
func (p *parser) splitBeforePostcode() {
	for si := 0; si < len(p.spans); si++ {
		s := p.spans[si]
		first := s.lo // the first word after the building parts opening the span: "bât c 7 allée des roses"
		for first+2 < s.hi && buildingParts[p.key(first)] && isID(p.key(first+1)) {
			first += 2
		}
		numberFirst := p.words[first].digit && isHouseNumber(p.text(first))
	words:
		for i := s.lo + 1; i < s.hi-1; i++ {
			if !p.words[i].digit || !isHouseNumber(p.text(i-1)) && !(numberFirst && i-first >= 3) && !p.districtBefore(s.lo, i) && !p.districtOpens(si, i) && !p.floorBefore(s.lo, i) &&
				!(i-2 >= s.lo && buildingParts[p.key(i-2)] && isID(p.key(i-1))) { // "bât a 38000 grenoble"
				continue
			}
			// a postcode of one word or two ("111 21", "1012 LM")
			for n := 1; n <= 2 && i+n < s.hi; n++ {
				if !p.hasLetter(i+n, s.hi) {
					continue
				}
				if _, ok := p.postcodeOf(i, i+n); ok {
					p.spans = slices.Insert(p.spans, si+1, span{i, s.hi})
					p.spans[si].hi = i
					break words
				}
			}
		}
	}
}

// floorEnds reports whether words[i:hi] are a floor, to the end: "1º esq".
func (p *parser) floorEnds(i, hi int) bool {
	_, n := p.levelAt(i, hi)
	return n > 0 && n == hi-i
}

// floorBefore reports whether words before word i are a house number, then
// a floor or a flat that ends there: "Rua do Souto 89 1º esq 4700-329
// Braga", "Lange Str 12 2. OG 26122 Oldenburg".
func (p *parser) floorBefore(lo, i int) bool {
	for j := i - 2; j > lo && j >= i-4; j-- {
		if !p.words[j].digit || !isHouseNumber(p.text(j)) {
			continue
		}
		if p.floorEnds(j+1, i) || i-j-1 == 2 && p.unitAt(j+1, i) {
			return true
		}
	}
	return false
}

// districtOpens reports whether span si opens with the name of a
// district, one to three words of letters, before word i, after a span
// that a number ends: "Folkungagatan 64 lgh 1102 | Södermalm" before "116
// 22 Stockholm".
func (p *parser) districtOpens(si, i int) bool {
	s := p.spans[si]
	if si == 0 || i-s.lo > 3 || !p.words[p.spans[si-1].hi-1].digit {
		return false
	}
	for j := s.lo; j < i; j++ {
		if w := &p.words[j]; w.digit || w.marker || !p.hasLetter(j, j+1) {
			return false
		}
	}
	return true
}

// districtBefore reports whether words[lo:i] end with a street, its house
// number and the name of a district, one to three words of letters
// without a marker, type or number: "Arnulfstr 52 Maxvorstadt" before
// "80335 München", "Rennweg 8 Landstraße" before "1030 Wien".
func (p *parser) districtBefore(lo, i int) bool {
	for j := i - 1; j >= lo+1 && j >= i-4; j-- {
		w := &p.words[j]
		if w.digit {
			if j-2 > lo && p.words[j-1].marker && isHouseNumber(p.text(j-2)) {
				j -= 2 // "Folkungagatan 64 lgh 1102 Södermalm": a flat after the number
			}
			return j < i-1 && isHouseNumber(p.text(j)) && !strings.HasSuffix(p.text(j), ".") && p.hasLetter(j-1, j) && !p.words[j-1].marker
		}
		if w.marker || !p.hasLetter(j, j+1) {
			return false
		}
		if _, ok := p.streetType(w.key); ok && w.lex {
			return false
		}
	}
	return false
}

// afterHouseAndName reports whether the number words[lo], ending the text
// typed in one segment from start, follows a name after the house number
// that opens the segment: "14 bis rue des lilas pessac 33600" ends in the
// city and its postcode, not in a second number of the street
// ("Corrientes 1234" has no number before it; "Calle 5 de Mayo 1234" and
// "Av. 9 de Julio 1925" name a date, not a house).
func (p *parser) afterHouseAndName(start, lo, hi int) bool {
	if hi-lo != 1 || lo-start < 3 || len(p.key(lo)) < 4 || !isDigits(p.key(lo)) || p.words[lo-1].digit || !p.hasLetter(lo-1, lo) {
		return false
	}
	return p.words[start].digit && !p.runsOn(start)
}

// postcodeMarkers are the words that name the postcode after them: "CEP
// 80730-000" (Brazil), "PIN 400703", "ZIP 10001", "PLZ 10117". "C.P." is
// one only where Spanish is written ("C.P. 06600"): in French and Italian
// it marks a post-office box (case postale, casella postale).
var postcodeMarkers = map[string]bool{"cep": true, "pin": true, "pincode": true, "zip": true, "zipcode": true, "plz": true, "postcode": true}

// takeMarkedPostcode takes a postcode its marker names ("CEP 80730-000",
// "Pin - 400703": the marker may end the segment before it): the marker is
// labelled with it, so that it names no place ("Curitiba - PR, CEP
// 80730-000" had the city CEP).
func (p *parser) takeMarkedPostcode() {
	for si, s := range p.spans {
		for i := s.lo; i < s.hi; i++ {
			if k := p.key(i); !postcodeMarkers[k] && (k != "cp" || !writesSpanish(p.country)) {
				continue
			}
			lo, end := i+1, s.hi
			if lo == s.hi {
				if si+1 == len(p.spans) {
					break
				}
				lo, end = p.spans[si+1].lo, p.spans[si+1].hi // "Pin - 400703"
			}
			for n := min(2, end-lo); n >= 1; n-- {
				pc, ok := p.postcodeOf(lo, lo+n)
				if !ok {
					continue
				}
				p.foundPostcode(pc, lo, lo+n)
				p.label(i, i+1, LabelPostcode)
				p.cutWords(i, lo+n)
				if p.lay.postcodeFirst && slices.ContainsFunc(p.spans, func(s span) bool { return s.lo == lo+n }) {
					p.postcodeFirstSpan = lo + n // "C.P. 06600, Ciudad de México": the city after it
				}
				return
			}
		}
	}
}

// cutWords takes words[lo:hi] out of the segments, parting one they
// divide.
func (p *parser) cutWords(lo, hi int) {
	spans := make([]span, 0, len(p.spans)+1)
	for _, s := range p.spans {
		if s.hi <= lo || s.lo >= hi {
			spans = append(spans, s)
			continue
		}
		if s.lo < lo {
			spans = append(spans, span{s.lo, lo})
		}
		if hi < s.hi {
			spans = append(spans, span{hi, s.hi})
		}
	}
	p.spans = spans
}

// writesSpanish reports whether Spanish street words are written in
// country cc.
func writesSpanish(cc string) bool {
	return slices.Contains(streetLanguages[0].countries, cc)
}
