package address

import (
	"slices"
	"strings"
)

// Where the segments of an address split when it is written without
// commas: at a landmark's relation or after its landmark word, after a
// street type, an estate word or a phase, before a unit, plot, number or
// PO box, after a unit and its number, and between a name and the house
// number of a typed street.

// resegment splits spans at the boundaries people leave out when they write
// without commas: before a landmark relation ("Takwa Crescent Off Adetokunbo
// Ademola Crescent"), after a street type or estate word followed by more
// words ("Allen Avenue Ikeja"), before a unit, plot or PO box.
func (p *parser) resegment() {
	if p.written == nil {
		p.written = slices.Clone(p.spans)
	}
	out := make([]span, 0, len(p.spans)+4)
	for _, s := range p.spans {
		start := s.lo
		for i := s.lo + 1; i < s.hi; i++ {
			if p.splitBefore(start, i, s.hi) {
				out = append(out, span{start, i})
				start = i
			}
		}
		out = append(out, span{start, s.hi})
	}
	p.spans = out
}

// sameWordName reports whether "by" at i joins a word to itself in a
// name that an organization's or an estate's word ends: "Side by Side
// Plaza", "Day by Day Estate" (not "rumuigbo by rumuigbo junction", a
// landmark typed after its district).
func (p *parser) sameWordName(i int) bool {
	if i < 1 || i+2 >= len(p.words) || p.key(i+1) != p.key(i-1) {
		return false
	}
	k := p.key(i + 2)
	return organizationWords[k] || estateWords[k] != ""
}

// opensRelation reports whether a landmark's relation opens words[start:hi]
// ("inside mile 1 market ph": a number inside the landmark's name).
func (p *parser) opensRelation(start, hi int) bool {
	_, n := p.relationAt(start, hi)
	return n > 0
}

// runsOn reports whether word start continues a part written before it
// without a comma: the words before it and it were one written segment.
func (p *parser) runsOn(start int) bool {
	for _, w := range p.written {
		if w.lo < start && start < w.hi {
			return true
		}
	}
	return false
}

func (p *parser) splitBefore(start, i, hi int) bool {
	// "HEALTHPLUS 17 Adetokunbo Ademola Crescent": a name before the
	// house number of a typed street is a building's or organization's
	if p.nameBeforeNumber(start, i, hi) || p.nameBeforeType(start, i, hi) || p.venueBeforeStreet(start, i, hi) {
		return true
	}
	if p.words[i].amp && i-1 > start && p.streetTypeAt(i-1) && p.streetTypeAt(hi-1) {
		return true // "Madison Ave & E 23rd St": a corner's second street (see cornerLandmark)
	}
	lex := false
	for j := i; j >= start && j >= i-4; j-- {
		lex = lex || p.words[j].lex
	}
	if !lex {
		return false // names split nothing
	}
	k := p.key(i)
	if lgaWords[k] || k == "local" {
		return false // "Ikeja Road LGA" is one LGA name
	}
	if _, rn := p.relationAt(start, hi); rn > 0 && start+rn < i && p.landmarkWordAt(i, hi) {
		return false // "by zoo road junction", "beside Iwo Road Interchange", "by GRA junction": the word ends the landmark its relation opens
	}
	// "12 kudirat abiola way oregun by olusosun", "14 station rd osogbo
	// by ataoja palace": typed without commas, "by" opens a landmark
	// after a part that followed another or a number ("plot 14 awoyaya
	// by mayfair garden"; not in a name that opens its part: "Four Points
	// by Sheraton", "Gardens by the Bay", Danish "Den Gamle By"; nor in
	// "Side by Side Plaza", "Stand by Me Cafe". A street type after it
	// stays in the landmark, as typed input writes it: "by ikorodu road";
	// versions that left "by" alone there, or wherever a word stood on
	// both sides of it, lost two held-out components)
	byLandmark := k == "by" && i+1 < hi && !p.words[i+1].digit && !lowerWords[p.key(i+1)] && (p.runsOn(start) || p.digitIn(start, i)) &&
		!p.sameWordName(i) && p.key(i-1) != "stand"
	if _, n := p.relationAt(i, hi); n > 0 && i+n < hi && (strongRelation[k] || byLandmark || weakRelation[k] && p.landmarkAhead(i+n, hi)) {
		if _, pn := p.relationAt(i-1, hi); pn < 2 {
			return true
		}
	}
	// "Rumuola Junction Port Harcourt", "Alaba International Market Ojo":
	// a landmark's name ends at its landmark word
	if _, n := p.landmarkEndAt(start, i-1); n > 0 && i-1-n >= start && (!isHouseNumber(p.text(i-1-n)) || p.opensRelation(start, hi)) {
		// (two letters ending the text after it, in a landmark a
		// relation opens, are a place's short name, not a street's
		// number: "inside mile 1 market ph")
		_, dir := directionals[k]
		if _, ok := streetTypes[k]; !ok && !p.orgNameEnds(start, i, hi) && (!p.continuesStreet(i, hi) || i+1 == hi && len(k) == 2 && isLetters(k) && !dir && p.opensRelation(start, hi)) {
			// (not inside an organization's name that its word ends:
			// "Sabon Gari Market Traders Association")
			return true
		}
	}
	prev := p.key(i - 1)
	// "Allen Avenue # 12 Ikeja": a number marked after a street ends the
	// street's part
	if i-2 >= start && i-3 >= 0 && p.key(i-2) == "#" && isHouseNumber(p.text(i-1)) && p.hasLetter(i, i+1) {
		for j := i - 3; j >= 0 && j >= i-6; j-- {
			if _, ok := p.streetType(p.key(j)); ok {
				return true // (and "Calle 23 # 201 Vedado")
			}
		}
	}
	// "15 rue oberkampf paris 11e": a city and the ordinal of its district
	// end the text
	if i+2 == hi && i-2 >= start && districtOrdinal(strings.ToLower(p.text(hi-1))) && p.hasLetter(i, i+1) && !p.words[i].lex {
		return true
	}
	// A junction, roundabout or bus stop written last after a road, in a
	// landmark its relation opens, names the landmark: "by Arab Road
	// junction" is one (without the relation, "Taiwo Street Junction"
	// names the street, where the address is).
	if e, n := p.landmarkEndAt(i, hi-1); n > 0 && i+n == hi && e != "Market" {
		if _, ok := p.streetType(prev); ok {
			if _, rn := p.relationAt(start, hi); rn > 0 {
				return false
			}
		}
	}
	// "1915 park ave st louis mo": "St" after a street's type opens a
	// saint's name (St Louis, St Albans), not a second type
	if (k == "st" || k == "ste") && i+1 < hi && !p.words[i+1].digit && p.hasLetter(i+1, i+2) && i-2 >= start && !isHouseNumber(p.text(i-2)) {
		if st, ok := p.streetType(prev); ok && !st.Prefix {
			if _, typ := p.streetType(p.key(i + 1)); !typ {
				return true
			}
		}
	}
	// A type ends a street only after a name: "30 St Mary Axe" and
	// "35 Boulevard Saint-Michel" go on.
	if st, ok := p.streetType(prev); ok && !st.Prefix && i-2 >= start && !p.doctorAt(i-1, hi) && (!isHouseNumber(p.text(i-2)) || p.roadNumberAt(start, i-2) && !saintWords[prev]) && !(saintWords[prev] && lowerWords[p.key(i-2)]) && !p.numberOpens(start, i-1) && !p.continuesStreet(i, hi) && !p.relationEndsAt(start, i-1, hi) &&
		!(i+1 == hi && (organizationWords[k] || k == "house") && p.words[i].lex) && // "Kloof Street House": a building named after its street
		!p.orgNameEnds(start, i, hi) && // "Federal Road Safety Corps": an organization whose name holds a type
		!(st.Either && i+1 < hi && p.words[i+1].digit) {
		// (a type of either side before a name and a number opens the
		// street: "Москва ул Тверская 7")
		return true
	}
	// so does a directional written after the type: "100 Queen St W
	// Toronto", "1600 Pennsylvania Ave NW Washington"
	if _, ok := directionals[prev]; ok && len(prev) <= 2 && i-3 >= start && (!isHouseNumber(p.text(i-3)) || p.roadNumberAt(start, i-3) || numberOnRoad(p.text(i-3))) && !p.continuesStreet(i, hi) {
		if st, ok := streetTypes[p.key(i-2)]; ok && !st.Prefix && p.words[i-2].lex {
			return true
		}
	}
	if estateWords[prev] != "" && i-2 >= start && !isHouseNumber(p.text(i-2)) && !isID(k) && k != "phase" && k != "extension" && k != "ext" {
		if _, ok := streetTypes[k]; !ok {
			return true
		}
	}
	// "GRA Phase 2 Port Harcourt": a phase and its number end a name
	// (not before a gate or a junction named after it: "opposite Lekki
	// Phase 1 Gate")
	if i-3 >= start && (p.key(i-2) == "phase" || p.key(i-2) == "ph" && p.words[i-1].digit) && isID(prev) && p.hasLetter(i, hi) && !(hi-i == 1 && len(k) <= 1) &&
		!(hi-i == 1 && (k == "gate" || landmarkEnds[k] != "")) {
		return true
	}
	if i+1 < hi && isID(p.key(i+1)) {
		if _, ok := unitTypes[k]; ok && (!roomWords[k] || p.words[i+1].digit) {
			return true
		}
		if _, ok := premiseTypes[k]; ok && k != "house" {
			return true
		}
		if numberMarkers[k] && isHouseNumber(p.text(i+1)) && !p.namedByNumber(start, i) {
			return true
		}
		if levelWords[k] && p.words[i].lex && i-1 > start && p.streetTypeAt(i-1) {
			return true // "30 w 26th st fl 7 new york": a floor after the street
		}
	}
	// "450 Elm St Apt 12 Fresno CA 93721": a unit and its number end
	// what they are part of
	if i-2 >= start && p.words[i-2].lex && isID(prev) && !isHouseNumber(p.text(i)) {
		if _, ok := unitTypes[p.key(i-2)]; ok && (!roomWords[p.key(i-2)] || p.words[i-1].digit) {
			return true
		}
		if levelWords[p.key(i-2)] && i-2 == start && start > 0 && p.streetTypeAt(start-1) {
			return true // (and a floor parted from its street: "... st fl 7 new york")
		}
	}
	if n := p.poBoxAt(i, hi); n > 0 && prev != "po" && prev != "o" && prev != "post" && prev != "p" && foreignBoxAt(p, i-1, hi) != 2 &&
		(i-2 < start || p.routeWords(i-2, hi, "") != 4) { // (the box of a rural route: "RR 2 Box 14", read before the country is known)
		return true
	}
	b := i - 1 // the first word of a box's number that may end here
	for b-1 >= start && shortDigits(p.key(b)) && shortDigits(p.key(b-1)) {
		b-- // in groups of digits: "Postfach 10 05 55"
	}
	if b-1 >= start && p.boxCode(b-1, hi) && p.poBoxAt(b-1, hi) == 0 {
		b-- // "P.O. Box LG 25"
	}
	for n := 1; n <= 3; n++ {
		if j := b - n; j >= start && p.poBoxAt(j, hi) == n && !p.boxCode(b, hi) && !(shortDigits(k) && shortDigits(prev) && !p.typedStreet(i+1, hi)) {
			// after "PMB 1234", "PMB 1 2" (not inside "Postfach 10 05
			// 55"; but before the house number of "P.O. Box 5 12 Allen
			// Avenue")
			return true
		}
	}
	return false
}

// doctorAt reports whether "Dr" at j is a doctor's title, not Drive: a
// name follows it (before hi, no word of a lexicon), and either a name of
// two words, no state's, ends its part and the part after it holds a house
// number ("Zahnarztpraxis Dr. Sabine Vogel, Königsallee 30", "Clinic of
// Dr. John Smith, 12 Allen Avenue"), or one to three words
// after it a house number opens a typed street ("cabinet dentaire dr
// morel 12 bd carnot"). "Lake Shore Dr Chicago IL 60611", "Kingsway Dr
// Ikoyi, Plot 5" are drives.
func (p *parser) doctorAt(j, hi int) bool {
	if p.key(j) != "dr" || j+1 >= hi || p.words[j+1].digit || p.words[j+1].lex {
		return false
	}
	for k := j + 2; k <= j+4 && k+1 < len(p.words); k++ {
		if p.words[k].digit {
			if isHouseNumber(p.text(k)) && !isOrdinal(p.key(k)) {
				for e := k + 2; e <= k+5 && e <= len(p.words); e++ {
					if st, _, _, ok := p.matchStreet(k+1, e); ok && st.typ != "" {
						return true
					}
				}
			}
			break
		}
	}
	end := -1 // the end of the written part the title is in
	for _, s := range p.written {
		if s.lo <= j && j < s.hi {
			end = s.hi
		}
	}
	if end != j+3 || end >= len(p.words) || p.words[j+2].digit || p.words[j+2].lex || p.isSubdivision(j+1, j+2) || p.isSubdivision(j+2, j+3) {
		return false
	}
	for _, s := range p.written {
		if s.lo == end {
			for k := s.lo; k < s.hi; k++ {
				if p.words[k].digit && isHouseNumber(p.text(k)) && !isOrdinal(p.key(k)) {
					return true
				}
			}
		}
	}
	return false
}

// roadNumberAt reports whether word j, a number before a street type,
// names the road because a house number or premises' number stands before
// it: "no 21 611 rd gwarinpa", "plot 3 69 road festac town".
func (p *parser) roadNumberAt(start, j int) bool {
	return j-1 >= start && isDigits(p.key(j)) && isHouseNumber(p.text(j-1))
}

// numberOnRoad reports whether t is a house number and the number of its
// road, as Edmonton writes them: "10220-104" (number 10220 on 104 Avenue).
func numberOnRoad(t string) bool {
	house, road, ok := strings.Cut(t, "-")
	return ok && isDigits(house) && isDigits(road)
}

// nameBeforeNumber reports whether word i is the house number of a street
// whose type ends the words after it, after a name of words only (no
// marker, number or street type): "Sunrise Pharmacy 48 Murtala Mohammed
// Way". Where numbers follow streets it never is.
func (p *parser) nameBeforeNumber(start, i, hi int) bool {
	if p.lay.numberAfterStreet || !isHouseNumber(p.text(i)) || !p.words[i].digit {
		return false
	}
	letters := 0
	for j := start; j < i; j++ {
		w := &p.words[j]
		if w.digit || w.marker {
			return false
		}
		letters += len(w.key)
		if _, ok := streetTypes[w.key]; ok && w.lex && !p.doctorAt(j, i) {
			return false
		}
	}
	if letters < 3 {
		return false // "A 0 A Court": no name
	}
	if i+1 < hi && p.hasLetter(i+1, i+2) && !p.words[i+1].lex && businessWords[p.key(i-1)] {
		// a business's name, whose kind ends it: the street after
		// the number needs no type ("Joe's Pizza 1435 Broadway")
		return true
	}
	if i+2 < hi && p.words[i+1].lex {
		// a street whose type comes first: "Café de Flore 172 Boulevard
		// Saint-Germain"
		if t, ok := p.streetType(p.key(i + 1)); ok && (t.Prefix || t.Either || p.lay.frenchTypes && frenchPrefixTypes[t.Canonical]) {
			return true
		}
	}
	if i+2 < hi {
		if _, ok := abbrevPrefixTypes[p.country][p.key(i+1)]; ok {
			return true // "Schwartz's 3895 boul Saint-Laurent"
		}
	}
	for j := i + 2; j <= hi && j <= i+6; j++ {
		if !p.words[j-1].lex {
			continue // no type ends words[i+1:j]
		}
		if p.typedStreet(i+1, j) {
			return true
		}
	}
	return false
}

// businessWords name the kind of a business that ends its name ("Joe's
// Pizza", "Da Enzo Trattoria"), which no building numbers after it as it
// numbers a tower, hall or block ("Tower 2"), or opens it ("Café Brecht",
// "Hotel Adlon": openingVenue).
var businessWords = map[string]bool{
	"pizza": true, "pizzeria": true, "diner": true, "cafe": true, "coffee": true, "bar": true, "pub": true,
	"inn": true, "bistro": true, "grill": true, "bakery": true, "deli": true, "restaurant": true, "kitchen": true,
	"ristorante": true, "trattoria": true, "osteria": true, "brasserie": true, "taverna": true, "tavern": true,
	"pharmacy": true, "bank": true, "hotel": true, "hostel": true, "motel": true, "salon": true,
	"boutique": true, "gallery": true, "museum": true, "clinic": true, "cinema": true, "supermarket": true,
	"eatery": true, "lounge": true, "barbershop": true, "bookshop": true, "bookstore": true, "store": true,
	// in the languages that fuse a street's type to its name or write it
	// first, where a venue's name runs on into the street without a comma
	"brau": true, "brauerei": true, "brauhaus": true, "keller": true, "gasthaus": true, "gasthof": true,
	"wirtshaus": true, "biergarten": true, "backerei": true, "konditorei": true, "apotheke": true,
	"buchhandlung": true, "kaffeehaus": true, "brouwerij": true, "boekhandel": true, "bakkerij": true,
	"apotheek": true, "eetcafe": true, "proeflokaal": true, "kavarna": true, "restaurace": true,
	"pivnice": true, "hospoda": true, "cerveceria": true, "libreria": true, "panaderia": true,
	"farmacia": true, "taberna": true, "bodega": true, "asador": true, "boulangerie": true,
	"patisserie": true, "librairie": true, "enoteca": true, "gelateria": true, "pasticceria": true,
	"birreria": true, "padaria": true, "cervejaria": true, "churrascaria": true, "konditori": true,
	// and institutions (institutionWords, added below)
}

// institutionWords are the words that open or end an institution's name
// in the languages that write the kind first or fused: a university, a
// hospital, a museum, an airport, a station, a theatre, a cathedral, a
// library or a palace ("universidade de coimbra paço das escolas",
// "tampereen yliopisto kalevantie 4", "Museo del Prado, 28014 Madrid").
// They are business words too (businessWords).
var institutionWords = map[string]bool{
	"universidad": true, "universidade": true, "universita": true, "universite": true, "universitat": true,
	"universiteit": true, "uniwersytet": true, "univerzita": true, "yliopisto": true, "universitet": true,
	"hochschule": true, "politecnico": true, "politechnika": true, "hopital": true, "ospedale": true,
	"krankenhaus": true, "klinikum": true, "ziekenhuis": true, "szpital": true, "nemocnice": true,
	"sairaala": true, "sjukhus": true, "sykehus": true, "museo": true, "musee": true, "museu": true,
	"muzeum": true, "museet": true, "aeropuerto": true, "aeroport": true, "aeroporto": true, "flughafen": true,
	"lufthavn": true, "lotnisko": true, "lentoasema": true, "flygplats": true, "estacion": true,
	"stazione": true, "bahnhof": true, "hauptbahnhof": true, "dworzec": true, "teatro": true, "theater": true,
	"teatr": true, "catedral": true, "cattedrale": true, "bibliothek": true, "biblioteca": true, "schloss": true,
	"castello": true, "castillo": true, "palacio": true, "palazzo": true, "bundeshaus": true, "rathaus": true,
}

func init() {
	for k := range institutionWords {
		businessWords[k] = true
	}
}

// orgNameEnds reports whether words[i:hi], after a street type, end in an
// organization word, and words[start:hi] hold no number: the type is a
// word of the organization's name ("Federal Road Safety Corps",
// "Directorate of Road Traffic Services").
func (p *parser) orgNameEnds(start, i, hi int) bool {
	if hi-i < 2 || !p.words[hi-1].lex || !organizationWords[p.key(hi-1)] {
		return false
	}
	return !slices.ContainsFunc(p.words[start:hi], func(w word) bool { return w.digit })
}

// namedByNumber reports whether words[lo:hi], before a number's marker,
// are only a street's type or a road's class, or a unit's, a building's or
// a plot's word, which the number names: "Route N° 3", "Rue n° 12", "Route
// Nationale N° 7", "Immeuble N° 3", "Flat No 3" (not the house number of a
// street).
func (p *parser) namedByNumber(lo, hi int) bool {
	if hi-lo < 1 || hi-lo > 2 {
		return false
	}
	for j := lo; j < hi; j++ {
		_, typ := p.streetType(p.key(j))
		_, unit := unitTypes[p.key(j)]
		if !((typ || unit) && p.words[j].lex) && !numberedThings[p.key(j)] {
			return false
		}
	}
	return true
}

// numberedThings are the words of road classes, buildings and plots that a
// number names in French-speaking countries ("Route Nationale N° 7",
// "Immeuble N° 3", "Parcelle N° 12").
var numberedThings = map[string]bool{
	"nationale": true, "departementale": true, "provinciale": true, "regionale": true, "communale": true,
	"nacional": true, "national": true, "immeuble": true, "batiment": true, "lot": true, "parcelle": true,
	"carre": true, "villa": true, "appartement": true, "residence": true,
}

// nameBeforeType reports whether word i, a type that opens a street where
// types come first and numbers after the street, starts the street after a
// name in one segment: "Museo del Prado Calle de Ruiz de Alarcón 23",
// "Ristorante da Enzo Via dei Vascellari 29". The name holds no number or
// marker and does not end with a joining word ("Calle de la Via Láctea"),
// and a house number ends the street.
func (p *parser) nameBeforeType(start, i, hi int) bool {
	if !p.lay.numberAfterStreet || i-start < 1 || !p.words[i].lex || i+2 >= hi || lowerWords[p.key(i-1)] {
		return false
	}
	if _, ok := p.streetType(p.key(i - 1)); ok {
		return false // "Strada Via ...": one street's words
	}
	t, ok := p.streetType(p.key(i))
	if at, abbrev := abbrevPrefixTypes[p.country][p.key(i)]; abbrev {
		t, ok = at, true // "igreja da pampulha av otacilio negrao de lima 3000": Avenida in Brazil
	}
	if !ok || !t.Prefix && !t.Either {
		return false // (an Either type: "Казань ул Баумана 44", not "Гороховая улица 5")
	}
	for j := start; j < i; j++ {
		if w := &p.words[j]; w.digit || w.marker {
			return false
		}
	}
	next := i + 1
	if lowerWords[p.key(next)] && next+2 < hi {
		next++ // "Piazza della Consolata 5"
	}
	if !p.hasLetter(next, next+1) || p.words[next].digit || p.words[next].lex {
		return false
	}
	for j := i + 2; j < hi; j++ {
		if p.words[j].digit {
			return isHouseNumber(p.text(j))
		}
	}
	return false
}

// venueBeforeStreet reports whether word i starts a typed street after a
// venue's name of two words or more that a venue word ends, in one
// segment: "westgate mall mwanzi rd westlands nairobi", "eko hotel
// adetokunbo ademola street". The street is one to three names and its
// type. Words that end people's names as often are no venue words
// ("Mobolaji Bank Anthony Way", "Church Mission Road").
func (p *parser) venueBeforeStreet(start, i, hi int) bool {
	if i-start < 2 || !p.words[i-1].lex || !venueEnds[p.key(i-1)] || p.words[i].lex || p.words[i].digit && !isOrdinal(p.key(i)) ||
		slices.ContainsFunc(p.words[start:i], func(w word) bool { return w.digit }) {
		return false // (not "1 Stadium - Idomila Road": a number and a road named after two places)
	}
	for t := i + 1; t < hi && t <= i+3; t++ {
		if st, ok := p.streetType(p.key(t)); ok && p.words[t].lex && !st.Prefix {
			return true
		}
		if p.words[t].lex || p.words[t].digit {
			return false
		}
	}
	return false
}

// venueEnds are the words that end a venue's name and never a person's.
var venueEnds = map[string]bool{
	"mall": true, "hotel": true, "plaza": true, "hospital": true, "supermarket": true, "restaurant": true,
	"museum": true, "stadium": true, "cinema": true, "pharmacy": true,
	// and of world-blind20's tuning half: "galway cathedral gaol rd",
	// "chester zoo caughall rd"
	"cathedral": true, "basilica": true, "theatre": true, "theater": true, "zoo": true, "library": true, "arena": true,
	// and a school, a salon, a workshop: "lokoja driving school ganaja rd",
	// "kings cut barbershop 3rd avenue gwarinpa"
	"school": true, "salon": true, "barbershop": true, "studio": true, "workshop": true, "showroom": true,
	// and a cemetery or campground: "glasnevin cemetery finglas rd"
	"cemetery": true, "necropolis": true, "campground": true, "campsite": true,
}

// relationEndsAt reports whether a landmark's relation, opening at start
// or after, ends right before word i, in a segment that an organization
// word or a street type ends: "opposite St. Mary's Church" names no
// street St. (Where more follows without a comma, "opposite St. Peter's
// Church Mile 1 Port Harcourt", the type still parts the segment.)
func (p *parser) relationEndsAt(start, i, hi int) bool {
	last := p.key(hi - 1)
	if st, ok := p.streetType(last); !organizationWords[last] && (!ok || st.Prefix) {
		return false
	}
	for n := 1; n <= 3 && i-n >= start; n++ {
		if _, m := p.relationAt(i-n, hi); m == n {
			return true
		}
	}
	return false
}

// landmarkAhead reports whether a landmark word ends one of words[i:hi]
// ("by Ojodu Berger b/s").
func (p *parser) landmarkAhead(i, hi int) bool {
	for j := i + 1; j < hi; j++ {
		if _, n := p.landmarkEndAt(i, j); n > 0 {
			return true
		}
	}
	return false
}

// continuesStreet reports whether the word at i still belongs to the street
// whose type ends just before it: a number or id ("Road 7"), a directional
// ("Avenue NW", "Street West" ending the segment), a second type ("Ring
// Road") or an extension. An id of letters only does not when a state's
// name follows it: "Adetokunbo Ademola Street VI Lagos" ends at the type;
// nor does a single letter before a name ("Allen Avenue B Ikeja").
func (p *parser) continuesStreet(i, hi int) bool {
	k := p.key(i)
	if _, dir := directionals[k]; len(k) == 1 && isLetters(k) && !dir && i+1 < hi && !p.words[i+1].digit {
		// "Allen Avenue B Ikeja": a letter before a name opens the name
		// ("Avenue B" goes on where it ends the text or a number
		// follows; "19th Ave S Midtown": a directional goes on)
		return false
	}
	if isID(k) && (hasDigit(k) || len(k) <= 3 && (i+1 == hi || !p.isSubdivision(i+1, hi))) {
		// (a word of two letters before a name is that name's first:
		// "Tory St Te Aro Wellington", "King Fahd Rd Al Olaya Riyadh")
		return len(k) != 2 || !isLetters(k) || p.words[i].lex || i+1 == hi || isID(p.key(i+1)) || len(p.key(i+1)) < 3
	}
	if _, ok := directionals[k]; ok && (len(k) <= 2 || i+1 == hi) {
		// "Avenue NW"; "Front Street West" when the word ends the
		// segment (not "Fiifi Street North Legon")
		return true
	}
	if _, ok := streetTypes[k]; ok {
		return true
	}
	return k == "extension" || k == "ext" || k == "phase"
}

// strongRelation lists the relation words that start a landmark even in the
// middle of a comma-less segment.
var strongRelation = map[string]bool{
	"off": true, "opposite": true, "opp": true, "oppo": true, "oppt": true, "beside": true, "behind": true,
	"along": true, "near": true, "close": true, "adjacent": true, "next": true, "directly": true,
	"for": true, "very": true, "inside": true, "adj": true,
	"cnr": true, "ecke": true, "esq": true, "esquina": true, "angolo": true, "angle": true, // a corner's second street
}

// weakRelation lists the relation words that start a landmark in the
// middle of a comma-less segment only when a landmark word ends it later
// ("25 Omole Phase 1 by Ojodu Berger b/s").
var weakRelation = map[string]bool{"by": true, "after": true, "before": true, "in": true}

// relationAt returns the canonical relation starting at word i and the number
// of words it takes.
func (p *parser) relationAt(i, hi int) (string, int) {
	if i < 0 || i >= hi {
		return "", 0
	}
	if !p.words[i].lex {
		return "", 0
	}
	k := p.key(i)
	if relationStarts[k] {
		var buf [64]byte // the key of n words, without allocating
		key := append(buf[:0], k...)
		for n := 2; n <= 4 && i+n <= hi; n++ {
			key = append(append(key, ' '), p.key(i+n-1)...)
			if r, ok := relations[string(key)]; ok && (r != cornerOf || p.cornerWritten(i)) {
				return r, n
			}
		}
	}
	if k == "close" || k == "next" || k == "directly" || k == "back" {
		return "", 0 // only as "close to", "next to", "directly opposite", "back of"
	}
	if r, ok := relations[k]; ok && (r != cornerOf || p.cornerWritten(i)) {
		return r, 1
	}
	return "", 0
}

// landmarkWordAt reports whether a landmark word starts at word i
// ("Junction", "Interchange", "Bus Stop").
func (p *parser) landmarkWordAt(i, hi int) bool {
	if _, n := p.landmarkEndAt(i, i); n > 0 {
		return true
	}
	if i+1 >= hi {
		return false
	}
	_, n := p.landmarkEndAt(i, i+1)
	return n == 2
}

// landmarkEndAt returns the canonical landmark word ending at word i
// ("Junction", "Bus Stop") and the number of words it takes, or 0.
func (p *parser) landmarkEndAt(lo, i int) (string, int) {
	if i < lo || !p.words[i].lex {
		return "", 0
	}
	if i > lo && p.key(i) == "stop" && p.key(i-1) == "bus" {
		return "Bus Stop", 2
	}
	if e, ok := landmarkEnds[p.key(i)]; ok {
		return e, 1
	}
	return "", 0
}
