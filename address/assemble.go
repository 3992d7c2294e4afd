package address

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// takeHead reads the segments left after the tail (country, postcode, LGA,
// state) was taken: the delivery part (organization, unit, premises, house
// number, street, landmarks, estate) and, after the last core segment, the
// locality names (city, then neighbourhood, from the right).
func (p *parser) takeHead() {
	var buf [8]part
	parts := buf[:0]
	if len(p.spans) > len(buf) {
		parts = make([]part, 0, len(p.spans))
	}
	parts = parts[:len(p.spans)]
	lastCore := -1
	hasOrg := false
	for i, s := range p.spans {
		if p.lay.postcodeFirst && s.lo == p.postcodeFirstSpan && i > 0 && !p.words[s.lo].digit {
			// the words after a leading postcode are the city, with
			// its district's number where it has one ("119 08 Praha
			// 1"): no street and house number
			parts[i] = part{plain: true}
			continue
		}
		parts[i] = p.parseHead(s)
	}
	p.buildingNamedAsStreet(parts)
	p.numberedStreet(parts)
	p.districtNamedAsStreet(parts)
	for i := range parts {
		if parts[i].core {
			lastCore = i
		}
		hasOrg = hasOrg || parts[i].org != ""
	}
	// (a site after the organization is its landmark only where no street
	// or number follows, which the formatted line would write before it)
	noStreet := !slices.ContainsFunc(parts, func(pt part) bool { return pt.street.full != "" || pt.number != "" })
	var middle []span
	for i, pt := range parts {
		s := p.spans[i]
		if !pt.plain {
			p.venueAround(&pt, s, noStreet)
			p.apply(&pt)
			continue
		}
		if !p.hasLetter(s.lo, s.hi) {
			p.label(s.lo, s.hi, LabelUnresolved) // numbers that fit nowhere
			parts[i].plain = false
			continue
		}
		if noStreet && p.rightAfterOrg(s) && s.len() >= 2 && (siteWords[p.key(s.hi-1)] || p.key(s.hi-1) == "park" && p.key(s.hi-2) == "motor") {
			// a site the organization stands in, after its name: "Oron
			// Clearing & Shipping Agency, Oron Beach, Oron"
			p.a.Landmarks = append(p.a.Landmarks, Landmark{Name: p.name(s.lo, s.hi)})
			p.label(s.lo, s.hi, LabelLandmark)
			parts[i].plain = false
			continue
		}
		if i > lastCore {
			continue
		}
		if (!hasOrg || i == 0 && p.venueAfter(parts)) && (i == 0 || buildingFirst[p.country] && unitsOnly(parts[:i])) {
			// the first name, before the street, after nothing or, where
			// a building is named before its street, only a unit or a
			// floor: "Suite 12-03, Samsung Hub, 3 Church Street" names
			// the building (in Lagos "Suite 12, Surulere, 5 Bode Thomas
			// Street" names the district)
			hasOrg = true
			p.a.Organization = p.name(s.lo, s.hi)
			p.setRaw(fOrganization, s.lo, s.hi)
			p.label(s.lo, s.hi, LabelOrganization)
			continue
		}
		middle = append(middle, s)
	}
	// A name its first word calls a district is the neighbourhood
	// ("Col. Roma Norte", "Bairro Alto"); the other locality names, right
	// to left: city, then neighbourhood.
	district := false
	for i := lastCore + 1; i < len(parts); i++ {
		if parts[i].plain && p.district(p.spans[i]) {
			parts[i].plain, district = false, true
		}
	}
	if district {
		// after a colonia, the city is the name after the postcode, else
		// the first: "Col. Roma Norte, Cuauhtémoc, 06700 Ciudad de
		// México", "Col. Juárez, Ciudad de México, CDMX"
		for i := lastCore + 1; i < len(parts); i++ {
			if parts[i].plain && p.spans[i].lo == p.postcodeFirstSpan {
				p.locality(p.spans[i])
				parts[i].plain = false
			}
		}
	}
	for j := lastCore + 1; j < len(parts); j++ {
		i := len(parts) - 1 - (j - lastCore - 1)
		if district {
			i = j
		}
		if parts[i].plain {
			p.locality(p.spans[i])
		}
	}
	for i := len(middle) - 1; i >= 0; i-- {
		if !p.district(middle[i]) {
			p.locality(middle[i])
		}
	}
	p.districtEstate()
}

// venueAround reads a second organization, after the first, as the
// landmark it lies in when a word of a venue that holds others ends it: a
// market, a mall, a plaza, an office building ("Blessed Electronics, Alaba
// International Market, Ojo"; "ShopRite | The Palms Shopping Mall"). The landmark, having
// no relation, is still a name Geocode may find as a place (INEC's
// "Primary School, Oja Market, ..." names a ward so).
func (p *parser) venueAround(pt *part, s span, noStreet bool) {
	if pt.org == "" || p.a.Organization == "" || pt.landmark != nil {
		return
	}
	if !containerVenue(pt.org) && !(noStreet && lastWordIn(pt.org, siteWords) && p.rightAfterOrg(s)) {
		return // (or a site right after the organization's name: "Offa Grammar School Old Boys Association, Offa Grammar School")
	}
	pt.landmark = &Landmark{Name: pt.org}
	pt.org = ""
	for i := s.lo; i < s.hi; i++ {
		if p.words[i].label == LabelOrganization {
			p.words[i].label = LabelLandmark
		}
	}
}

// venueAfter reports whether the first part, a name without a digit, is
// followed, after units, shops and floors only, by a venue that holds
// shops and offices (containerVenues): the first name is then the
// organization in it, and the venue the landmark it lies in ("Chicken Republic, Jabi
// Lake Mall, Bala Sokoto Way", "Udo Udoma & Belo-Osagie, 10th Floor, St.
// Nicholas House, ...").
func (p *parser) venueAfter(parts []part) bool {
	s := p.spans[0]
	if slices.ContainsFunc(p.words[s.lo:s.hi], func(w word) bool { return w.digit }) {
		return false
	}
	for j := 1; j < len(parts); j++ {
		if parts[j].org != "" {
			return parts[j].landmark == nil && containerVenue(parts[j].org)
		}
		if !unitParts(parts[j:j+1], true) {
			return false // (a shop is one in the market or mall after it)
		}
	}
	return false
}

// containerVenue reports whether a name is a venue's that holds shops and
// offices (containerVenues).
func containerVenue(name string) bool { return lastWordIn(name, containerVenues) }

// hostVenue reports whether a name is an institution's whose grounds
// hold other organizations: a hospital, a university, a college, a
// polytechnic, a stadium, an airport or a port.
func hostVenue(name string) bool { return lastWordIn(name, hostVenues) }

// lastWordIn reports whether the last word of a name, folded, is in set.
func lastWordIn(name string, set map[string]bool) bool {
	f := strings.Fields(Fold(name))
	return len(f) > 0 && set[f[len(f)-1]]
}

// rightAfterOrg reports whether s is the second part, after a first the
// organization's name took.
func (p *parser) rightAfterOrg(s span) bool {
	return len(p.spans) > 1 && p.spans[1] == s && p.words[p.spans[0].lo].label == LabelOrganization
}

// siteWords end the name of a site an organization stands in, written
// after its name (see takeHead): a garage, a beach, a
// terminal, a sawmill, an airport, a game reserve, a school; and a motor
// park.
var siteWords = map[string]bool{"garage": true, "beach": true, "terminal": true, "sawmill": true,
	"airport": true, "reserve": true, "school": true}

var hostVenues = map[string]bool{"hospital": true, "university": true, "college": true, "polytechnic": true, "stadium": true,
	"airport": true, "port": true, "seaport": true}

// containerVenues end the names of venues that hold shops and offices:
// markets and malls, and the buildings an organization's offices are in
// ("FSDH Merchant Bank, 5th Floor, UAC House, ...", "Nigerian Content
// Development and Monitoring Board, Nigerian Content Tower, ...").
var containerVenues = map[string]bool{"market": true, "mall": true, "plaza": true, "complex": true, "centre": true, "center": true,
	"house": true, "tower": true, "towers": true, "secretariat": true, "building": true, "arcade": true,
	// and the grounds that hold a unit or an office (ng-blind20's tuning
	// half: "3 Brigade Nigerian Army, Bukavu Barracks", "Redeemed Christian
	// Bible College, Redemption Camp", "..., Ilupeju Fire Station",
	// "..., Shop G12, Silverbird Galleria")
	"barracks": true, "camp": true, "station": true, "base": true, "cantonment": true, "galleria": true}

// buildingFirst are the countries whose addresses name the building
// between the unit and the street as a rule ("#05-231, Samsung Hub, 3
// Church Street", "10/F, Jardine House, 1 Connaught Place").
var buildingFirst = map[string]bool{
	"SG": true, "MY": true, "HK": true, "MO": true, "TW": true, "PH": true, "ID": true, "TH": true,
	"AE": true, "QA": true, "BH": true, "KW": true, "OM": true, "SA": true,
}

// unitsOnly reports whether every part holds a unit or a floor and
// nothing else; not a shop, which a market or an area holds as often as a
// building ("Shop 14, Computer Village, 7 Otigba Street").
func unitsOnly(parts []part) bool { return unitParts(parts, false) }

// unitParts is unitsOnly, with shops too when shops is set.
func unitParts(parts []part, shops bool) bool {
	for _, pt := range parts {
		if pt.unit.Type == "" && pt.level == "" || !shops && pt.unit.Type == unitTypes["shop"] || pt.plain || len(pt.premises) > 0 || pt.number != "" || pt.street.full != "" ||
			pt.landmark != nil || pt.estate != "" || pt.poBox != "" || pt.org != "" || pt.district != "" || pt.zone != "" {
			return false
		}
	}
	return true
}

// districtEstate reads as the neighbourhood, when none was written, an
// estate that names a district of a town rather than a housing estate: a
// Government Reservation Area ("Old GRA", "Nassarawa GRA"), a layout
// ("Independence Layout"; "HSR Layout" in India), or a district's phase
// ("Gbagada Phase 1", "Magodo GRA Phase 2"). "Jakande Estate", "Trans
// Amadi Industrial Layout", "Apo Legislative Quarters" and "Lekki Gardens
// Phase 2" stay estates.
func (p *parser) districtEstate() {
	a := &p.a
	if a.Neighbourhood != "" || a.Estate == "" {
		return
	}
	f := strings.Fields(Fold(a.Estate))
	switch last := f[len(f)-1]; {
	case last == "gra", last == "layout" && !slices.Contains(f, "industrial"):
	case a.Phase != "" && estateWords[last] == "" && last != "gardens":
	default:
		return
	}
	a.Neighbourhood, a.Estate, a.Phase = strings.TrimSpace(a.Estate+" "+a.Phase), "", ""
	p.raw[fNeighbourhood], p.raw[fEstate] = p.raw[fEstate], ""
	for i := range p.words {
		if l := p.words[i].label; l == LabelEstate || l == LabelPhase {
			p.words[i].label = LabelNeighbourhood
		}
	}
}

// district reads s as the neighbourhood when its first word says it names
// one (districtMarkers) in the country, and no neighbourhood was read
// yet.
func (p *parser) district(s span) bool {
	if s.len() < 2 || p.a.Neighbourhood != "" || !slices.Contains(districtMarkers[p.key(s.lo)], p.country) || !p.hasLetter(s.lo+1, s.hi) {
		return false
	}
	p.label(s.lo, s.hi, LabelNeighbourhood)
	p.a.Neighbourhood = p.name(s.lo+1, s.hi)
	p.setRaw(fNeighbourhood, s.lo+1, s.hi)
	return true
}

// locality places a name segment in the first free slot of city and
// neighbourhood; a third name is left unresolved.
func (p *parser) locality(s span) {
	if s.hi = p.strayNumbers(s); s.len() == 0 {
		return
	}
	if s.len() > 1 && p.words[s.lo].lex && localityMarkers[p.key(s.lo)] {
		p.label(s.lo, s.lo+1, LabelCity)
		s.lo++ // "г. Москва": the word names the kind of place
	}
	switch {
	case p.a.City == "" && !p.stateFromCity:
		p.a.City = p.name(s.lo, s.hi)
		p.setRaw(fCity, s.lo, s.hi)
		p.label(s.lo, s.hi, LabelCity)
	case p.a.Neighbourhood != "" && s.lo == p.spans[0].lo && p.a.Organization == "":
		// a third name, first in the address: the venue or the
		// institution the places after it locate ("Olumo Rock, Ikija,
		// Abeokuta")
		p.a.Organization = p.name(s.lo, s.hi)
		p.setRaw(fOrganization, s.lo, s.hi)
		p.label(s.lo, s.hi, LabelOrganization)
	case p.a.Neighbourhood == "" && s.lo == p.spans[0].lo && p.a.Organization == "" && p.a.Street == "" && p.isOrganization(s.lo, s.hi):
		// a name first that names an organization, before the places
		// that locate it: "Borgu Guest Inn, along Wawa-New Bussa Road,
		// Wawa", "Mimi Guest House. Vandeikya"
		p.a.Organization = p.name(s.lo, s.hi)
		p.setRaw(fOrganization, s.lo, s.hi)
		p.label(s.lo, s.hi, LabelOrganization)
	case p.a.Neighbourhood == "" || p.numberedArea(s, p.a.Neighbourhood):
		// a numbered area before the neighbourhood is a part of it
		// ("Area 3, Garki, Abuja", "Wuse Zone 4, Wuse"): it becomes the
		// neighbourhood, and the one between it and the city is left
		// over, not lost
		for i := range p.words {
			if p.words[i].label == LabelNeighbourhood {
				p.words[i].label = LabelUnresolved
			}
		}
		p.a.Neighbourhood, p.raw[fNeighbourhood] = p.name(s.lo, s.hi), ""
		p.setRaw(fNeighbourhood, s.lo, s.hi)
		p.label(s.lo, s.hi, LabelNeighbourhood)
	case p.a.LGA == "" && s.len() == 1 && koreanDong(p.text(s.lo)) && cityDistrict(p.a.Neighbourhood):
		// a Korean neighbourhood (dong, ga) after its district (gu): the
		// district is the LGA ("수영구 ... (광안동)")
		for i := range p.words {
			if p.words[i].label == LabelNeighbourhood {
				p.words[i].label = LabelLGA
			}
		}
		p.a.LGA, p.raw[fLGA] = p.a.Neighbourhood, p.raw[fNeighbourhood]
		p.a.Neighbourhood, p.raw[fNeighbourhood] = p.name(s.lo, s.hi), ""
		p.setRaw(fNeighbourhood, s.lo, s.hi)
		p.label(s.lo, s.hi, LabelNeighbourhood)
	default:
		p.label(s.lo, s.hi, LabelUnresolved)
	}
}

// cityDistrict reports whether w names a district of a Korean city: a
// word in Hangul that ends in 구 (gu).
func cityDistrict(w string) bool { return hangulEnds(w, "구") }

// koreanDong reports whether w names a Korean neighbourhood: a word in
// Hangul that ends in 동 (dong) or 가 (ga), numbered perhaps ("명동2가").
func koreanDong(w string) bool { return hangulEnds(w, "동가") }

// hangulEnds reports whether w, of two characters or more, opens with a
// Hangul syllable and ends in one of the characters of ends: the suffixes
// that name the kind of a Korean place.
func hangulEnds(w, ends string) bool {
	f, _ := utf8.DecodeRuneInString(w)
	r, _ := utf8.DecodeLastRuneInString(w)
	return utf8.RuneCountInString(w) >= 2 && unicode.Is(unicode.Hangul, f) && strings.ContainsRune(ends, r)
}

// numberedArea reports whether s names a numbered part of an area: a
// word that numbers districts and its number ("Area 3", "Zone 4", "Phase
// 2", "Mile 1"), or the neighbourhood's own name and a number ("Wuse Zone
// 4" of Wuse; INEC's "OMU-ARAN 1 (ARAN)", the ward and its short name);
// not a polling unit's "Booth 1" or a hotel's "Annex 2".
func (p *parser) numberedArea(s span, neighbourhood string) bool {
	name := p.name(s.lo, s.hi)
	d := districtNumber(name)
	if d == 0 {
		return false
	}
	base := strings.TrimSpace(name[:len(name)-d])
	b, n := Fold(base), Fold(neighbourhood)
	return areaNumberWords[b] || b == n || strings.HasPrefix(b, n+" ") || strings.HasSuffix(b, " "+n)
}

// areaNumberWords are the words that number the parts of a district.
var areaNumberWords = map[string]bool{"area": true, "zone": true, "phase": true, "sector": true, "site": true, "mile": true, "extension": true}

// numberedStreet reads a segment of a number and a street type alone as a
// street named by its number ("711 Road", "401 Close", as estates number
// them: Festac Town, Gwarinpa) when another segment holds the house number,
// a plot or a unit: "House 23, 711 Road, Gwarinpa Estate".
func (p *parser) numberedStreet(parts []part) {
	held := func(i int) bool {
		for j, pt := range parts {
			if j != i && (pt.number != "" || len(pt.premises) > 0 || pt.unit.Type != "") {
				return true
			}
		}
		return false
	}
	for i := range parts {
		s, pt := p.spans[i], &parts[i]
		if s.len() != 2 || pt.number == "" || pt.street.full != "" || !p.numberedRoadAt(s.lo, s.hi) {
			continue
		}
		if !held(i) && !p.streetAlone(i, parts) {
			continue
		}
		pt.number, pt.rawNumber = "", ""
		p.numberedRoad(s.lo, pt)
	}
}

// numberedRoad sets r's street to the road that words lo and lo+1 name, a
// number and a street type that follows it ("611 Road").
func (p *parser) numberedRoad(lo int, r *part) {
	typ := streetTypes[p.key(lo+1)].Canonical
	r.street = streetName{full: p.text(lo) + " " + typ, name: p.text(lo), typ: typ}
	r.rawStreet = p.texts(lo, lo+2)
	p.label(lo, lo+1, LabelStreetName)
	p.label(lo+1, lo+2, LabelStreetType)
}

// streetAlone reports whether part i, a number and a street type, is the
// only street part of the address: "21 Road, by 1st Avenue, Festac Town"
// names the road, as no house stands on a road without a name ("No. 21,
// Road" would lose the road).
func (p *parser) streetAlone(i int, parts []part) bool {
	for j, pt := range parts {
		if j != i && pt.street.full != "" {
			return false
		}
	}
	return true
}

// districtNamedAsStreet reads a street without a number that stands
// after the numbered street and right before a leading postcode as the
// district it names: "Rennweg 8 Landstraße 1030 Wien" (Landstraße is a
// district of Vienna), "Kantstraße 17, Charlottenburg, 10623 Berlin".
func (p *parser) districtNamedAsStreet(parts []part) {
	numbered := false
	for i := range parts {
		pt := &parts[i]
		if pt.street.full != "" && pt.number != "" {
			numbered = true
			continue
		}
		if !numbered || i+1 >= len(parts) || p.spans[i+1].lo != p.postcodeFirstSpan || pt.street.full == "" ||
			pt.number != "" || pt.org != "" || pt.unit.Type != "" || pt.level != "" || len(pt.premises) > 0 || pt.landmark != nil {
			continue
		}
		*pt = part{plain: true}
	}
}

// buildingNamedAsStreet reads the first street of the address, when it is
// all its segment holds and the next segment holds a house number and a
// street with a type of its own, as what the numbered street is near: the
// street of the address is the numbered one. A type that also names
// buildings (buildingTypes) makes it the building ("Fidelity Place, 2 Kofo
// Abayomi Street", "Stallion Court, 36 Marina Road"); another makes it a
// landmark ("Adeola Odeku Street, 5 Idowu Taylor Street").
func (p *parser) buildingNamedAsStreet(parts []part) {
	for i := 0; i+1 < len(parts); i++ {
		pt, next := &parts[i], &parts[i+1]
		if pt.street.full == "" {
			if pt.number != "" || len(pt.premises) > 0 || pt.plain {
				return
			}
			continue // a unit, a floor, an organization first
		}
		s := p.spans[i]
		if pt.street.typ == "" || pt.number != "" || len(pt.premises) > 0 || pt.unit.Type != "" || pt.level != "" ||
			pt.landmark != nil || pt.org != "" || pt.estate != "" || pt.poBox != "" ||
			next.number == "" || next.street.typ == "" || slices.ContainsFunc(p.words[s.lo:s.hi], func(w word) bool { return w.digit }) {
			return
		}
		if buildingTypes[pt.street.typ] {
			pt.org = p.name(s.lo, s.hi)
			p.label(s.lo, s.hi, LabelOrganization)
		} else {
			pt.landmark = &Landmark{Name: pt.street.full}
			p.label(s.lo, s.hi, LabelLandmark)
		}
		pt.street, pt.rawStreet = streetName{}, ""
		return
	}
}

// buildingTypes are the street types that name buildings too.
var buildingTypes = map[string]bool{
	"Place": true, "Court": true, "Plaza": true, "Square": true, "Terrace": true, "Gardens": true, "Mews": true,
}

// joinPremises writes premises as the change record holds them: "Plot 5,
// Block C".
func joinPremises(prs []Premise) string {
	var b strings.Builder
	for i, pr := range prs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pr.String())
	}
	return b.String()
}

// apply moves what one segment held into the address. A second unit,
// number, street or estate does not overwrite the first: a second street
// with a type becomes a landmark without relation, the others are left
// unresolved.
func (p *parser) apply(pt *part) {
	a := &p.a
	if pt.unit.Type != "" {
		if a.Unit.Type == "" {
			a.Unit = pt.unit
			p.raw[fUnit] = pt.unit.String()
		} else {
			p.extra = append(p.extra, pt.unit.String())
		}
	}
	if pt.level != "" {
		if a.Level == "" {
			a.Level = pt.level
			p.raw[fLevel] = pt.level
		} else {
			p.extra = append(p.extra, pt.level)
		}
	}
	if len(pt.premises) > 0 {
		a.Premises = append(a.Premises, pt.premises...)
		p.raw[fPremises] = joinPremises(a.Premises)
	}
	if pt.number != "" {
		switch {
		case a.HouseNumber == "":
			a.HouseNumber = pt.number
			p.raw[fHouseNumber] = pt.rawNumber
		case strings.HasPrefix(pt.rawNumber, "#") && a.Unit == (Unit{}):
			// a second number after "#", the house number written: the
			// unit ("1 HarbourFront Walk, #02-01", as Singapore and
			// Malaysia number their floors and units)
			a.Unit = Unit{Number: "#" + pt.number}
			p.raw[fUnit] = a.Unit.String()
		default:
			p.extra = append(p.extra, pt.rawNumber)
		}
	}
	if pt.street.full != "" {
		if a.Street == "" {
			a.Street, a.StreetName, a.StreetType = pt.street.full, pt.street.name, pt.street.typ
			p.raw[fStreet] = pt.rawStreet
			if pt.street.spelled {
				p.how[fStreet] = Spelling
			}
		} else if pt.street.typ != "" {
			a.Landmarks = append(a.Landmarks, Landmark{Name: pt.street.full})
		} else {
			p.extra = append(p.extra, pt.rawStreet)
		}
	}
	if pt.district != "" {
		if a.Neighbourhood == "" {
			a.Neighbourhood = pt.district
			p.raw[fNeighbourhood] = pt.district
		} else {
			p.extra = append(p.extra, pt.district)
		}
	}
	if pt.landmark != nil {
		a.Landmarks = append(a.Landmarks, *pt.landmark)
	}
	if pt.estate != "" || pt.phase != "" {
		if a.Estate == "" && a.Phase == "" {
			a.Estate, a.Phase = pt.estate, pt.phase
			p.raw[fEstate] = strings.TrimSpace(pt.rawEstate + " " + pt.phase)
		} else {
			p.extra = append(p.extra, strings.TrimSpace(pt.estate+" "+pt.phase))
		}
	}
	if pt.zone != "" {
		a.CadastralZone = pt.zone
		p.raw[fCadastralZone] = pt.zone
	}
	if pt.poBox != "" {
		a.POBox = pt.poBox
		p.raw[fPOBox] = pt.poBox
	}
	if pt.org != "" {
		if a.Organization == "" {
			a.Organization = pt.org
			p.raw[fOrganization] = pt.org
		} else if len(strings.Fields(pt.org)) > 1 && (containerVenue(pt.org) || hostVenue(pt.org)) {
			// a venue or a campus after the organization is where it
			// lies: "Mirabel Centre, Lagos State University Teaching
			// Hospital, Ikeja" (not a part of the organization: "Federal
			// Road Safety Corps, Jebba Unit Command")
			a.Landmarks = append(a.Landmarks, Landmark{Name: pt.org})
		} else {
			p.extra = append(p.extra, pt.org)
		}
	}
}
