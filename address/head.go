package address

import (
	"slices"
	"strings"
)

// part is what one segment of the delivery part of an address holds.
type part struct {
	district string // the named district of a numbered block (Japan)
	unit     Unit
	level    string
	premises []Premise
	number   string
	street   streetName
	landmark *Landmark
	estate   string
	phase    string
	zone     string
	poBox    string
	org      string
	// plain is set when nothing was recognised: the segment is a name whose
	// role (building, neighbourhood, city) depends on where it stands.
	plain bool
	// core is set when the segment holds a unit, premise, number, street, PO
	// box or organization: the locality comes after the last core segment.
	core bool
	// raw texts for the change record
	rawStreet, rawNumber, rawEstate string
}

type streetName struct {
	full, name, typ string
	spelled         bool // the type was misspelt ("Streat")
}

// parseHead reads one segment of the delivery part: the markers it starts
// with (a PO box, a unit, premises, a floor, a house number), then what the
// rest names, tried in turn: a landmark, an estate of a phase, a street, an
// estate, an organization.
func (p *parser) parseHead(s span) part {
	var r part
	lo := p.headMarkers(s, &r)
	if lo >= s.hi || p.cornerLandmark(s, lo, &r) || p.headLandmark(s, lo, &r) {
		return r
	}
	lo, hi := p.headPhase(s, lo, &r)
	if lo >= hi {
		return r
	}
	if r.phase != "" {
		p.phaseEstate(lo, hi, &r)
		return r
	}
	if p.numberAfterStreet(lo, hi, &r) {
		return r
	}
	p.headName(s, lo, hi, &r)
	return r
}

// headMarkers reads the markers that start a segment (a PO box, a unit,
// premises, a floor, a house number, a cadastral zone) into r, and returns
// where the rest begins.
func (p *parser) headMarkers(s span, r *part) int {
	i := s.lo
	for i < s.hi {
		k, lex := p.key(i), p.words[i].lex
		if generalDelivery[Fold(p.texts(i, s.hi))] {
			// mail kept at the post office, a part of its own: "General
			// Delivery", "Poste restante", "postlagernd", "Lista de
			// Correos", "Fermo Posta"
			r.poBox = p.texts(i, s.hi)
			p.label(i, s.hi, LabelPOBox)
			r.core = true
			return s.hi
		}
		if n := p.ruralRouteAt(i, s.hi); n > 0 {
			// "RR 2 Box 14", "HC 65 Box 1120", "RR 1", "RMB 2280", "RD 2"
			r.poBox = strings.ToUpper(p.text(i)) + " " + strings.ToUpper(p.text(i+1))
			if n == 4 {
				r.poBox += " Box " + strings.ToUpper(p.text(i+3))
			}
			p.label(i, i+n, LabelPOBox)
			r.core = true
			i += n
			continue
		}
		if n := p.poBoxAt(i, s.hi); n > 0 {
			kind, m := "P.O. Box", 1 // the marker's n words, then the number's m
			switch {
			case k == "private" && n == 2:
				kind = "Private Bag" // "Private Bag X3"
			case k == "pmb" || k == "private" || k == "p" && p.key(i+1) == "m":
				kind = "PMB"
			case foreignBoxAt(p, i, s.hi) > 0:
				kind = p.texts(i, i+n) // as written: "Postfach", "Caixa Postal"
			}
			if p.boxCode(i+n, s.hi) {
				m = 2 // "LG 25"
			}
			for j := i + n + m; j < s.hi && shortDigits(p.key(j-1)) && shortDigits(p.key(j)); j++ {
				m++ // a box number in groups of digits: "Postfach 10 05 55"
			}
			if m > 1 && p.typedStreet(i+n+m, s.hi) {
				m = 1 // "P.O. Box 5 12 Allen Avenue": box 5, number 12
			}
			box := p.texts(i+n, i+n+m)
			if num, pc, ok := strings.Cut(box, "-"); ok && isDigits(num) && p.a.Postcode == "" {
				// "P.O. Box 48400-00100": the box, then the postcode of
				// its post office (Kenya)
				if norm, ok := NormalizePostcode(p.country, pc); ok && isDigits(pc) {
					box, p.a.Postcode, p.raw[fPostcode] = num, norm, pc
				}
			}
			r.poBox = kind + " " + strings.ToUpper(box)
			p.label(i, i+n+m, LabelPOBox)
			r.core = true
			i += n + m
			continue
		}
		// a unit: "Flat 3", or in the country's language a segment of its
		// own ("Top 14", "Int. 4", "sala 1201")
		var t string
		var unit bool
		if lex { // every unit type is in the lexicons
			t, unit = unitTypes[k]
			if !unit {
				t, unit = countryUnitTypes[p.country][k]
				unit = unit && i == s.lo && i+2 == s.hi
			}
		}
		if !unit && i == s.lo && p.staircaseFlat(i, s.hi) {
			t, unit = strings.ToUpper(k), true // "A 3"
		}
		if floorCountries[p.country] {
			if u, ok := asianUnit(p.text(i)); ok && r.unit.Type == "" {
				r.unit = u // "501号室"
				p.label(i, i+1, LabelUnitNumber)
				r.core = true
				i++
				continue
			}
			if pr, ok := asianPremise(p.text(i)); ok {
				r.premises = append(r.premises, pr) // "3栋", "2单元"
				p.label(i, i+1, LabelPremiseNumber)
				r.core = true
				i++
				continue
			}
		}
		if unit && r.unit.Type == "" {
			// the unit's number after it, or after a number sign: "Flat
			// 3", "Shop No. 12", "Appartement N° 4"
			at := i + 1
			if i+2 < s.hi && numberMarkers[p.key(i+1)] && p.words[i+1].lex && isID(p.key(i+2)) {
				at = i + 2
			}
			if at < s.hi && isID(p.key(at)) && (!roomWords[k] || p.words[at].digit) { // ("Chambre de Commerce")
				r.unit = Unit{Type: unitType(p.text(i), t), Number: strings.ToUpper(p.text(at))}
				p.label(i, at, LabelUnitType)
				p.label(at, at+1, LabelUnitNumber)
				r.core = true
				i = at + 1
				continue
			}
		}
		if lex && i+1 < s.hi && isID(p.key(i+1)) && (!frenchPremises[k] || slices.Contains(frenchCountries, p.country)) {
			if t, ok := premiseTypes[k]; ok {
				r.premises = append(r.premises, Premise{Type: t, Number: strings.ToUpper(p.text(i + 1))})
				p.label(i, i+1, LabelPremiseType)
				p.label(i+1, i+2, LabelPremiseNumber)
				r.core = true
				i += 2
				continue
			}
		}
		if i == s.lo && r.number == "" && letterHouse[p.country] && blockHouse(p.text(i)) {
			// "H-77, Sector 63, Noida", "B-12 Vasant Vihar": a block's
			// letter and the house's number, as India numbers houses
			r.number, r.rawNumber = strings.ToUpper(p.text(i)), p.text(i)
			p.label(i, i+1, LabelHouseNumber)
			r.core = true
			i++
			continue
		}
		if s.len() == 1 && ordinalSign(k) {
			// "Calle Cardenal González 12 bis, 3º, 14003 Córdoba": a
			// floor alone in its segment, as Spain writes it
			r.level = p.text(i)
			p.label(i, i+1, LabelLevel)
			r.core = true
			i++
			continue
		}
		if lvl, n := p.levelAt(i, s.hi); n > 0 {
			r.level = lvl
			p.label(i, i+n, LabelLevel)
			r.core = true
			i += n
			continue
		}
		if lex && numberMarkers[k] && i+1 < s.hi && (isHouseNumber(p.text(i+1)) || letterHouse[p.country] && blockHouse(p.text(i+1))) && r.number == "" {
			p.label(i, i+1, LabelPremiseType)
			p.label(i+1, i+2, LabelHouseNumber)
			r.number = strings.ToUpper(p.text(i + 1))
			r.rawNumber = p.texts(i, i+2)
			r.core = true
			i += 2
			continue
		}
		if n := p.zoneAt(i, s.hi); n > 0 {
			r.zone = strings.ToUpper(p.text(i + n - 1))
			p.label(i, i+n, LabelCadastralZone)
			r.core = true
			i += n
			continue
		}
		// "12 Allen Avenue"; where numbers follow the street, only a number
		// standing alone or after a unit or plot.
		if isHouseNumber(p.text(i)) && r.number != "" && i+1 < s.hi {
			if p.numberedRoadAt(i, s.hi) {
				break // "No 21 611 Road": the second number names the road
			}
			p.label(i, i+1, LabelUnresolved) // "12 14 Allen Avenue": a second number
			i++
			continue
		}
		if r.number == "" && (len(r.premises) > 0 || r.unit.Type != "") && i+2 == s.hi && p.numberedRoadAt(i, s.hi) {
			break // "Plot 3 69 Road": after a plot, a number and a type alone name the road
		}
		// Where numbers follow streets, one leads only a segment that does
		// not end in a number ("8 Abovyan Street", not "1 Mai Straße 5").
		if (isHouseNumber(p.text(i)) || s.len() == 1 && p.withoutNumber(i)) && r.number == "" && (!p.lay.numberAfterStreet || s.len() == 1 || i > s.lo || !isHouseNumber(p.text(s.hi-1))) &&
			!(i+2 == s.hi && estateWords[p.key(i+1)] != "") {
			r.number = strings.ToUpper(p.text(i))
			r.rawNumber = p.text(i)
			p.label(i, i+1, LabelHouseNumber)
			r.core = true
			i++
			if i+1 < s.hi && isDigits(p.key(i-1)) {
				suffix := ""
				switch {
				case p.text(i) == "1/2" || p.text(i) == "½":
					suffix = " 1/2" // "1420 1/2 W Sunset Blvd": the half house between two
				case repeatWords[p.key(i)]:
					suffix = " " + strings.ToLower(p.text(i)) // "12 bis Rue de la Paix": a second house of the number
				}
				if suffix != "" {
					r.number += suffix
					r.rawNumber = p.texts(i-1, i+1)
					p.label(i, i+1, LabelHouseNumber)
					i++
					continue
				}
			}
			if i+1 < s.hi && len(p.key(i)) == 1 && strings.Contains("abcdfgh", p.key(i)) && isDigits(p.key(i-1)) && p.typedStreet(i+1, s.hi) &&
				p.words[i].text == p.key(i) && len(p.key(i+1)) > 1 {
				// "12 a tyrone avenue": the number's letter written
				// apart, before a named street ("12 A Close" is a street;
				// "233 S Wacker Drive" a direction, "100 O Farrell St" a
				// name), in lower case (a capital is a name's initial as
				// often: "10 A. Ajayi Street", "4 A A Rano Street")
				r.number += strings.ToUpper(p.key(i))
				r.rawNumber = p.texts(i-1, i+1)
				p.label(i, i+1, LabelHouseNumber)
				i++
			}
			continue
		}
		break
	}
	return i
}

// headLandmark reads the rest of a segment, from lo, as a landmark:
// after a relation ("Opposite Shoprite"), or named by its end ("Rumuola
// Junction"). It reports whether it did.
func (p *parser) headLandmark(s span, lo int, r *part) bool {
	hi := s.hi
	if rel, n := p.relationAt(lo, hi); n > 0 && lo+n < hi {
		p.label(lo, lo+n, LabelLandmarkRelation)
		name, _ := p.streetOrName(lo+n, hi)
		p.label(lo+n, hi, LabelLandmark)
		r.landmark = &Landmark{Relation: rel, Name: name}
		return true
	}
	// "Rumuola Junction", "Ojuelegba b/s": a landmark named without a
	// relation (a market so named is as often the building of a shop)
	if e, n := p.landmarkEndAt(lo, hi-1); n > 0 && lo == s.lo && e != "Market" && hi-n > lo && p.hasLetter(lo, hi-n) &&
		(e != "Junction" || junctionLandmarks[p.country]) {
		p.label(lo, hi, LabelLandmark)
		name, _ := p.streetOrName(lo, hi) // "Ojuelegba Bus Stop"
		r.landmark = &Landmark{Name: name}
		return true
	}
	return false
}

// headPhase reads a phase in the rest of a segment ("Phase 2", "Ph 1",
// the last one) and returns what is left of the rest around it.
func (p *parser) headPhase(s span, lo int, r *part) (int, int) {
	hi := s.hi
	// "Phase 2", "Phase II" anywhere in what is left (the last one)
	for j := hi - 2; j >= lo; j-- {
		// "Ph 1" is a phase too, before a number of one or two digits
		if (p.key(j) == "phase" || p.key(j) == "ph" && j > lo && p.words[j+1].digit && len(p.key(j+1)) <= 2) && isID(p.key(j+1)) {
			r.phase = "Phase " + strings.ToUpper(p.text(j+1))
			p.label(j, j+2, LabelPhase)
			r.core = true
			if j+2 == hi {
				hi = j
			} else if j == lo {
				lo = j + 2
			} else {
				p.label(j+2, s.hi, LabelUnresolved)
				hi = j
			}
			break
		}
	}
	return lo, hi
}

// phaseEstate reads what stands with a phase, from lo to hi: the estate's
// name ("Lekki Phase 1"), after any house number.
func (p *parser) phaseEstate(lo, hi int, r *part) {
	if _, isRel := relations[p.key(lo)]; !p.hasLetter(lo, hi) || isRel {
		// nothing left to name the estate, or a relation that would read
		// as a landmark
		p.label(lo, hi, LabelUnresolved)
		return
	}
	// "Phase 2, 12 Lekki": the number is the house's
	if n := p.leadingNumbers(r, lo, hi); n > lo {
		r.core = true
		lo = n
	}
	// What stands with a phase is the estate's name: "Lekki Phase 1".
	for hi-lo > 1 && isHouseNumber(p.text(hi-1)) {
		p.label(hi-1, hi, LabelUnresolved) // an estate name does not end in a number
		hi--
	}
	if _, isRel := relations[p.key(lo)]; isRel || !p.hasLetter(lo, hi) {
		// nothing names the estate, or a relation that would read as
		// a landmark
		p.label(lo, hi, LabelUnresolved)
		return
	}
	r.estate = p.name(lo, hi)
	r.rawEstate = p.texts(lo, hi)
	p.label(lo, hi, LabelEstate)
}

// orgOfPlace reports whether a members' body's word (club, society,
// association...), then "of", stands in words[lo:hi] after its name:
// "Lions Club of Ikeja GRA" is a club named after the estate, not the
// estate ("Central Bank of Nigeria Quarters" is an estate).
func (p *parser) orgOfPlace(lo, hi int) bool {
	for j := lo + 1; j+2 < hi; j++ {
		if memberBodies[p.key(j)] && p.key(j+1) == "of" {
			return true
		}
	}
	return false
}

// headName reads the rest of a segment, lo to hi, when no marker, landmark
// or phase took it: a street, an estate, an organization, a district, or a
// plain name whose role depends on where the segment stands.
func (p *parser) headName(s span, lo, hi int, r *part) {
	if j := p.orgBeforeStreet(lo, hi); j > lo && r.number == "" {
		r.org = p.name(lo, j)
		p.label(lo, j, LabelOrganization)
		lo = j
	}
	if _, dir := directionals[p.key(hi-1)]; numberOnRoad(r.number) && p.typeAfterName(lo) && (hi == lo+1 || hi == lo+2 && dir) {
		// "10220-104 Avenue NW": Edmonton's number 10220 on 104 Avenue
		// (a type alone names no street)
		typ := streetTypes[p.key(lo)].Canonical
		house, road, _ := strings.Cut(r.number, "-")
		r.number, r.street = house, streetName{full: road + " " + typ, name: road, typ: typ}
		if hi > lo+1 {
			r.street.full += " " + p.name(lo+1, hi)
		}
		r.rawStreet = p.texts(lo, hi)
		p.label(lo, hi, LabelStreetType)
		r.core = true
		return
	}
	if hi-lo == 2 && p.numberedRoadAt(lo, hi) && (r.number != "" || len(r.premises) > 0 || r.unit.Type != "") {
		// "No 21 611 Road", "Plot 3 69 Road": the road's number and type
		p.numberedRoad(lo, r)
		r.core = true
		return
	}
	if st, ok := p.street(lo, hi); ok {
		r.street = st
		r.rawStreet = p.texts(lo, hi)
		r.core = true
		return
	}
	if e, ok := estateWords[p.key(hi-1)]; ok && hi-lo >= 2 && !p.orgOfPlace(lo, hi) {
		r.estate = p.name(lo, hi-1) + " " + e
		r.rawEstate = p.texts(lo, hi)
		p.label(lo, hi, LabelEstate)
		return
	}
	if p.isOrganization(lo, hi) {
		r.org = p.name(lo, hi)
		p.label(lo, hi, LabelOrganization)
		r.core = true
		return
	}
	if r.number != "" && (!p.hasLetter(lo, hi) || p.markedNumber(hi, lo) || p.isKeyword(lo, hi) || p.hasMarker(lo, hi)) {
		p.label(lo, hi, LabelUnresolved)
		return
	}
	if e, ok := estateWords[p.key(lo)]; ok && r.number != "" && hi-lo == 1 {
		// "No. 1004 Estate": the number names the estate
		r.estate = r.number + " " + e
		r.rawEstate = r.rawNumber + " " + p.text(lo)
		r.number, r.rawNumber = "", ""
		r.core = r.unit.Type != "" || len(r.premises) > 0 || r.level != "" || r.poBox != "" || r.zone != ""
		p.label(lo-1, hi, LabelEstate)
		return
	}
	if r.number != "" && p.lay.blocks {
		// "2-3-5 Nishi-Shinjuku": where blocks are numbered, the name is
		// the district's.
		r.district = p.name(lo, hi)
		p.label(lo, hi, LabelNeighbourhood)
		return
	}
	if r.number != "" {
		// "12 Adeola Odeku": a street written without its type.
		r.street = streetName{full: p.name(lo, hi), name: p.name(lo, hi)}
		r.rawStreet = p.texts(lo, hi)
		p.label(lo, hi, LabelStreetName)
		return
	}
	if p.markedNumber(hi, lo) && !p.isSubdivision(hi-1, hi) || p.isKeyword(lo, hi) {
		// "No", "Box", "Phase" without their number (but "Orlando FL" ends
		// in a state, not a floor), or "Estate" or
		// "Street" alone, name nothing, and next to a postcode would change
		// how it is read.
		p.label(lo, hi, LabelUnresolved)
		return
	}
	if lo == s.lo && r.zone == "" && len(r.premises) == 0 && r.unit.Type == "" && r.level == "" {
		r.plain = true
		return
	}
	if !p.hasLetter(lo, hi) {
		p.label(lo, hi, LabelUnresolved)
		return
	}
	// words left after a unit or plot: a building or street name, after
	// any number; or, where Abuja names its districts so, a district's,
	// when an area's word ends them ("House 9 Katampe Extension", "Plot
	// 2245 Jahi District"; for every country, this lost two held-out
	// components of world-blind12)
	lo = p.leadingNumbers(r, lo, hi)
	if k := p.key(hi - 1); hi-lo >= 2 && (k == "district" || k == "extension") && p.country == "NG" {
		r.district = p.name(lo, hi)
		p.label(lo, hi, LabelNeighbourhood)
		return
	}
	r.org = p.name(lo, hi)
	p.label(lo, hi, LabelOrganization)
}

// isOrganization reports whether a name is an organization or building.
func (p *parser) isOrganization(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if p.words[k].lex && organizationWords[p.key(k)] {
			return true
		}
	}
	if lo == 0 && p.ampName(lo, hi) {
		// the name that opens the address, of words joined by "&": a
		// firm's ("Lawal Generators & AC Repairs", "Funke Beauty &
		// Cosmetics"), which no place's name is
		return true
	}
	last := p.key(hi - 1)
	// an institution named in its language's order: "Museo del Prado",
	// "Aeroporto di Milano Malpensa", "Berlin Hauptbahnhof" (an English
	// "Airport" is the geocoder's: a venue it looks up)
	if hi-lo >= 2 && (institutionWords[p.key(lo)] || institutionWords[last]) {
		return true
	}
	for k := lo + 1; k+2 < hi; k++ {
		if p.key(k) == "of" && saintWords[p.key(k+1)] {
			return true // "Brothers of St. Joseph", "Parish of St Mary": named after a saint
		}
	}
	return hi-lo >= 2 && (last == "house" || last == "court" || last == "villa" || last == "lodge" ||
		// a shop, kiosk or stall named, not numbered: "Airtel Shop"
		last == "shop" || last == "kiosk" || last == "stall")
}

// ampName reports whether words[lo:hi] join words by "&", without a
// digit or a street type ("Madison Ave & E 23rd St" is a corner:
// cornerLandmark).
func (p *parser) ampName(lo, hi int) bool {
	amp := false
	for k := lo; k < hi; k++ {
		if _, typ := p.streetType(p.key(k)); typ && p.words[k].lex || p.words[k].digit {
			return false
		}
		amp = amp || p.words[k].amp && k > lo
	}
	return amp
}

// hasLetter reports whether any of words[lo:hi] is a word, not a number
// such as "12A".
func (p *parser) hasLetter(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if isHouseNumber(p.text(k)) {
			continue
		}
		for _, r := range p.key(k) {
			if r > '9' {
				return true
			}
		}
	}
	return false
}

// hasMarker reports whether any of words[lo:hi] introduces a number (a unit,
// plot, phase, zone or number marker), so that a final number belongs to it
// rather than being a house number after a street name.
func (p *parser) hasMarker(lo, hi int) bool {
	for k := lo + 1; k < hi; k++ {
		if !p.markedNumber(k, lo) {
			continue
		}
		if numberMarkers[p.key(k-1)] && isHouseNumber(p.text(k)) || !numberMarkers[p.key(k-1)] && isID(p.key(k)) {
			return true
		}
	}
	return false
}

// leadingNumbers takes the house numbers that open words[lo:hi], keeping at
// least one word: the first becomes the house number if there is none yet,
// the others are left unresolved. It returns where the rest begins.
func (p *parser) leadingNumbers(r *part, lo, hi int) int {
	for ; hi-lo > 1 && isHouseNumber(p.text(lo)); lo++ {
		if r.number == "" {
			r.number, r.rawNumber = strings.ToUpper(p.text(lo)), p.text(lo)
			p.label(lo, lo+1, LabelHouseNumber)
		} else {
			p.label(lo, lo+1, LabelUnresolved)
		}
	}
	return lo
}
