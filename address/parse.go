package address

import (
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address/pluscode"
)

// field indexes the components whose changes are recorded.
type field int

const (
	fOrganization field = iota
	fUnit
	fLevel
	fPremises
	fHouseNumber
	fStreet
	fLandmarks
	fEstate
	fCadastralZone
	fNeighbourhood
	fCity
	fLGA
	fState
	fPostcode
	fPOBox
	fCountry
	numFields
)

var fieldNames = [numFields]string{
	"organization", "unit", "level", "premises", "house_number", "street", "landmarks",
	"estate", "cadastral_zone", "neighbourhood", "city", "lga", "state", "postcode",
	"po_box", "country",
}

// parser holds the state of one Standardize call.
type parser struct {
	words   []word
	spans   []span
	country string // alpha-2 code in effect
	lay     layout
	a       Address
	raw     [numFields]string     // the input text of each field
	how     [numFields]ChangeKind // alias or spelling, when known
	warn    []Warning
	extra   []string // recognised parts with no free slot
	stray   string   // a number where the postcode belongs that fits no format
	probes  []probed // segments read ahead by probe

	// stateFromCity is set when the state was named by its capital city
	// ("Abuja"), which then is the city too.
	stateFromCity bool
	// mixedCase is set when the input has both cases, so that words written
	// in capitals ("IBB Way", "GRA") are acronyms and stay so.
	mixedCase       bool
	countryFromText bool
	// countryReason says what in the text implied the country, when it
	// was not named.
	countryReason string
	// scriptCountries are the countries that write the script that
	// implied the country, when one did (the implied one among them).
	scriptCountries []string
	// written are the segments as the text separated them, before
	// resegment parted those typed without commas
	written []span
	// byLanguage is set when the language of a street word and a
	// postcode that fits implied the country (streetLanguage)
	byLanguage   bool
	regionGiven  bool
	countryGiven bool // a structured Country field
	// bigFirst is set when the address is written from the largest part
	// to the smallest (Japanese script, or the country first): the
	// segments are read in reverse.
	bigFirst bool
	japanese bool // kana, or a Japanese prefecture in Han
	// postcodeFirstSpan is the first word after a leading postcode ("10117
	// Berlin"): what remains of it is a city, never a state.
	postcodeFirstSpan int
	// region is the country the input belongs to unless it names another.
	region string
	// codeCountry is set when the country was read from a code of two or
	// three letters ("PH", "VI") that is not the region's, nameCountry
	// when from the name of another country than the region's, written
	// as the last part ("..., Benin"); regionOnly reads such codes and
	// names as words of the region instead (a place's short name), for
	// the reading Geocode weighs against the first.
	codeCountry, nameCountry, regionOnly bool
}

func (p *parser) key(i int) string  { return p.words[i].key }
func (p *parser) text(i int) string { return p.words[i].text }

// keys joins the keys of words[lo:hi] with spaces; texts joins their texts.
func (p *parser) keys(lo, hi int) string  { return p.join(lo, hi, true) }
func (p *parser) texts(lo, hi int) string { return p.join(lo, hi, false) }

func (p *parser) join(lo, hi int, keys bool) string {
	of := func(k int) string {
		if keys {
			return p.words[k].key
		}
		return p.words[k].text
	}
	if hi-lo == 1 {
		return of(lo)
	}
	var b strings.Builder
	b.Grow(p.width(lo, hi, keys))
	for k := lo; k < hi; k++ {
		if k > lo {
			b.WriteByte(' ')
		}
		b.WriteString(of(k))
	}
	return b.String()
}

// width is the length of words[lo:hi] (their keys or texts) joined by
// spaces.
func (p *parser) width(lo, hi int, keys bool) int {
	n := hi - lo - 1
	for k := lo; k < hi; k++ {
		if keys {
			n += len(p.words[k].key)
		} else {
			n += len(p.words[k].text)
		}
	}
	return max(n, 0)
}

func (p *parser) label(lo, hi int, l Label) {
	for k := lo; k < hi; k++ {
		p.words[k].label = l
	}
}

// name cases words[lo:hi] as a proper name, dropping trailing full stops.
func (p *parser) name(lo, hi int) string { return p.caseWords(lo, hi, true) }

// caseWords cases words[lo:hi]; first says whether the first word opens
// the name (and so is capitalised even if it is a joining word).
func (p *parser) caseWords(lo, hi int, first bool) string {
	var b strings.Builder
	b.Grow(p.width(lo, hi, false) + 8)
	for k := lo; k < hi; k++ {
		t := strings.TrimRight(p.words[k].text, ".")
		if t == "" || t == "#" {
			continue
		}
		if b.Len() > 0 {
			if p.words[k].amp {
				b.WriteString(" &")
			}
			b.WriteByte(' ')
		}
		switch {
		case p.mixedCase && isCapsAcronym(t), strings.Contains(t, "&") && t == strings.ToUpper(t):
			b.WriteString(t)
		case isASCIILetters(t):
			writeCasedASCII(&b, t, first && b.Len() == 0, p.words[k].lex)
		default:
			b.WriteString(caseWord(t, first && b.Len() == 0))
		}
	}
	return b.String()
}

// isCapsAcronym reports whether a word is written as an acronym: two to four
// capital letters, perhaps with full stops ("IBB", "GRA", "V.I").
func isCapsAcronym(t string) bool {
	letters := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == '.':
		default:
			return false
		}
	}
	return letters >= 2 && letters <= 4
}

func (p *parser) setRaw(f field, lo, hi int) {
	t := p.texts(lo, hi)
	if p.raw[f] != "" {
		p.raw[f] += ", " + t
	} else {
		p.raw[f] = t
	}
}

func (p *parser) warnf(f field, code, msg string) {
	p.warn = append(p.warn, Warning{Field: fieldNames[f], Code: code, Message: msg})
}

func (p *parser) setCountry(alpha2 string) {
	p.country = alpha2
	p.lay = layoutOf(alpha2)
}

// parse labels the words and fills p.a.
func (p *parser) parse() {
	p.takePlusCode()
	p.resegment()
	if p.bigFirst {
		if n := len(p.spans); n > 1 && data().nameKeys[p.keys(p.spans[n-1].lo, p.spans[n-1].hi)] != nil {
			slices.Reverse(p.spans[:n-1]) // "台北市信義區市府路45號, 台灣": the country written last stays last
		} else {
			slices.Reverse(p.spans)
		}
	}
	p.takeCedex()
	p.takeCountry()
	named := p.countryFromText
	if named {
		p.takeTerritory()
	} else {
		p.detectCountry()
	}
	if p.countryFromText && p.country != p.region {
		// typed without commas: the parts the country's own words
		// separate ("Café de Flore 172 Boulevard Saint-Germain ...
		// France")
		p.resegment()
	}
	if p.bigFirst {
		p.lay.numberAfterStreet = true // "千代田 1-1", "улица Ленина, 20"
	}
	p.takeMarkedPostcode()
	if p.lay.postcodeFirst {
		p.splitBeforePostcode()
	}
	if p.lay.numberAfterStreet {
		p.splitAfterNumber()
	}
	p.takePostcode()
	if n := len(p.spans); !p.bigFirst && p.lay.eitherOrder && n > 1 && p.plainName(p.spans[0].lo, p.spans[0].hi) {
		switch last := p.spans[n-1]; {
		case p.probe(last).core:
			p.bigFirst = true // "Москва, ул. Тверская, д. 7", "1016 Budapest, Dezső utca 11."
			slices.Reverse(p.spans)
		case n > 2 && p.words[0].label == LabelPostcode && p.plainName(last.lo, last.hi) && p.probe(p.spans[n-2]).core:
			// a venue after the number, in an address that the postcode
			// opens: "191186, Санкт-Петербург, Инженерная ул., д. 4,
			// Русский музей" (it opens the address reversed)
			p.bigFirst = true
			slices.Reverse(p.spans[:n-1])
			p.spans = append(p.spans[n-1:], p.spans[:n-1]...)
		}
	}
	p.takeState()
	if p.a.Postcode == "" {
		p.takePostcode() // "Ikeja 100271 Lagos": the postcode was before the state
	}
	if p.a.State == "" {
		p.takeRegion()
	}
	p.takeLGA()
	p.takeHead()
	p.codeEndsCity()
	p.kmAsNumber()
	p.districtSlashCity()
	p.reportStray()
}

// takeCedex sets apart "Cedex" and its number where they end a segment
// after a city: the French mark of a business's own delivery ("31001
// Toulouse Cedex 6"), kept as text left over, not a part of the city's
// name. France is the only country that writes it.
func (p *parser) takeCedex() {
	for si, s := range p.spans {
		for i := s.lo + 1; i < s.hi; i++ {
			if p.key(i) != "cedex" || i+1 < s.hi && !(i+2 == s.hi && isDigits(p.key(i+1))) {
				continue
			}
			p.label(i, s.hi, LabelUnresolved)
			p.spans[si].hi = i
			if p.country != "FR" && !p.countryGiven {
				p.implied("FR", "implied by the word Cedex, which only France writes")
			}
			return
		}
	}
}

// codeEndsCity takes the code of the address's country off the end of the
// city, where it was typed without a comma after other evidence placed
// the address ("torstr 100 mitte 10119 berlin de": Germany by its street
// word and postcode).
func (p *parser) codeEndsCity() {
	last := len(p.words) - 1
	if last < 1 || p.words[last].label != LabelCity || p.words[last-1].label != LabelCity || p.key(last) != strings.ToLower(p.country) {
		return
	}
	lo := last - 1
	for lo > 0 && p.words[lo-1].label == LabelCity {
		lo--
	}
	p.a.City, p.raw[fCity] = p.name(lo, last), ""
	p.setRaw(fCity, lo, last)
	p.label(last, last+1, LabelCountry)
	p.setRaw(fCountry, last, last+1)
}

// kmAsNumber reads a kilometre marker on a highway as the house number
// when no other was written: it is where the address is on the road ("Km 5
// Ibadan-Ife Road"). Beside a house number it stays a premise ("No 3, Km 5
// Ibadan-Ife Road").
func (p *parser) kmAsNumber() {
	a := &p.a
	i := slices.IndexFunc(a.Premises, func(pr Premise) bool { return pr.Type == premiseTypes["km"] })
	if a.HouseNumber != "" || i < 0 {
		return
	}
	a.HouseNumber = a.Premises[i].String()
	p.raw[fHouseNumber] = a.HouseNumber
	a.Premises = slices.Delete(slices.Clone(a.Premises), i, i+1)
	p.raw[fPremises] = joinPremises(a.Premises)
	for j := range p.words {
		if p.words[j].label == LabelPremiseType && p.key(j) == "km" && j+1 < len(p.words) && p.words[j+1].label == LabelPremiseNumber {
			p.words[j].label, p.words[j+1].label = LabelHouseNumber, LabelHouseNumber
		}
	}
}

// districtSlashCity parts a city written after its district with a slash,
// as Turkey writes "İlçe/İl" ("34122 Fatih/İstanbul"): the district is the
// neighbourhood when none was written, else a part left over.
func (p *parser) districtSlashCity() {
	district, city, ok := strings.Cut(p.a.City, "/")
	district, city = strings.TrimSpace(district), strings.TrimSpace(city)
	if !p.lay.districtSlash || !ok || district == "" || city == "" || strings.Contains(city, "/") {
		return
	}
	p.a.City = city
	p.raw[fCity] = city
	if p.a.Neighbourhood == "" {
		p.a.Neighbourhood = district
		p.raw[fNeighbourhood] = district
	} else {
		p.extra = append(p.extra, district)
	}
}

// takePlusCode takes the first Open Location Code of the address, wherever
// it stands; the words around it stay in their segments.
func (p *parser) takePlusCode() {
	for si, s := range p.spans {
		for i := s.lo; i < s.hi; i++ {
			if !plusCodeWord(p.text(i)) {
				continue
			}
			p.a.PlusCode = strings.ToUpper(p.text(i))
			p.label(i, i+1, LabelPlusCode)
			var rest []span
			if i > s.lo {
				rest = append(rest, span{s.lo, i})
			}
			if i+1 < s.hi {
				rest = append(rest, span{i + 1, s.hi})
			}
			p.spans = append(p.spans[:si], append(rest, p.spans[si+1:]...)...)
			return
		}
	}
}

// plusCodeWord reports whether a word of an address is a Plus Code: a
// valid code with at least two characters before the "+" and, when short,
// digits after it.
func plusCodeWord(t string) bool {
	sep := strings.IndexByte(t, '+')
	return sep >= 2 && pluscode.IsValid(t) && (sep+1 < len(t) || pluscode.IsFull(t))
}

// nameWords reports whether every word of words[lo:hi] occurs in some
// country or subdivision name, so that the words may be looked up as one.
func (p *parser) nameWords(lo, hi int) bool {
	names := data().nameWords
	for k := lo; k < hi; k++ {
		if !names[p.key(k)] {
			return false
		}
	}
	return true
}

// dropSpan removes the span at index i.
func (p *parser) dropSpan(i int) {
	p.spans = append(p.spans[:i], p.spans[i+1:]...)
}

// takePostcode finds the postcode in the last segments: at the end of a
// segment ("Ikeja 100271", "London SW1A 2AA"), at its start where the country
// writes it before the city ("75001 Paris"), or as the whole segment.
func (p *parser) takePostcode() {
	// Numbers where the postcode belongs that fit no format of the country
	// are set apart first, so that they hide no postcode before them, and
	// reported when no valid postcode is found: never kept as part of a name.
	p.takeStrayNumbers()
	p.findPostcode()
	p.takeStrayNumbers() // "Springfield 1234 62701": what stood before the postcode
}

// takeStrayNumbers removes the stray numbers that end segments.
func (p *parser) takeStrayNumbers() {
	for si := len(p.spans) - 1; si >= 0; si-- {
		if si == 0 && p.spans[0].len() == 1 {
			break // "1234, Allen Avenue": a house number, not a postcode
		}
		if hi := p.strayNumbers(p.spans[si]); hi < p.spans[si].hi {
			p.spans[si].hi = hi
			p.cleanSpan(si)
		}
	}
}

// isSubdivision reports whether words[lo:hi] name a state of the country
// ("SP 01304-000": a postcode after the state, wherever numbers stand).
func (p *parser) isSubdivision(lo, hi int) bool {
	if lo >= hi || hi-lo > 4 || !p.nameWords(lo, hi) {
		return false
	}
	_, ok := lookupSubdivision(p.country, p.keys(lo, hi))
	return ok
}

// plainName reports whether words[lo:hi] hold a name in which the delivery
// part recognises nothing: a locality.
func (p *parser) plainName(lo, hi int) bool {
	return lo < hi && p.hasLetter(lo, hi) && p.probe(span{lo, hi}).plain
}

// isKeyword reports whether words[lo:hi] is a single word of the lexicons
// (an estate word, street type, unit or premise type), which names no city:
// "1004 Estate" is an estate, not postcode 1004 in a city called Estate.
func (p *parser) isKeyword(lo, hi int) bool {
	if hi-lo != 1 || !p.words[lo].lex {
		return false
	}
	k := p.key(lo)
	_, st := streetTypes[k]
	_, ut := unitTypes[k]
	_, pt := premiseTypes[k]
	return st || ut || pt || estateWords[k] != "" && k != "gra" || organizationWords[k] // "GRA" alone is a place
}

// strayNumbers finds the numbers of 4 to 8 digits that end s and are no
// postcode of the country, labels them unresolved, keeps the first found
// for the postcode_invalid warning, and returns where s now ends.
func (p *parser) strayNumbers(s span) int {
	if p.poBoxAt(s.lo, s.hi) > 0 || p.lay.numberAfterStreet {
		// where numbers follow streets ("Damrak 1"), a final number is a
		// house number
		return s.hi
	}
	first := s.hi
	for first > s.lo {
		t := p.text(first - 1)
		if !isDigits(t) || len(t) < 4 || len(t) > 8 || p.markedNumber(first-1, s.lo) {
			break
		}
		if p.endsPostcode(s.lo, first) {
			break
		}
		first--
	}
	if first == s.hi {
		return s.hi
	}
	p.label(first, s.hi, LabelUnresolved)
	if p.stray == "" {
		p.stray = p.texts(first, s.hi)
	}
	return first
}

// endsPostcode reports whether words[lo:hi] end with a valid postcode of
// one to five words ("62701", "A00 0000").
func (p *parser) endsPostcode(lo, hi int) bool {
	for n := 1; n <= 5 && hi-n >= lo; n++ {
		if _, ok := p.postcodeOf(hi-n, hi); ok {
			return true
		}
	}
	return false
}

// reportStray records the stray number as a postcode that fits no format
// when no valid postcode was read.
func (p *parser) reportStray() {
	if p.stray == "" || p.raw[fPostcode] != "" {
		return
	}
	p.raw[fPostcode] = p.stray
	p.warnf(fPostcode, "postcode_invalid", "postcode "+p.stray+" is not a valid "+p.country+" postcode")
}

// markedNumber reports whether the word at i follows, in the segment that
// starts at lo, a unit, plot, number or box marker, so that it cannot be a
// postcode.
func (p *parser) markedNumber(i, lo int) bool {
	if i <= lo {
		return false
	}
	_, local := countryUnitTypes[p.country][p.key(i-1)] // "bureau 2200"
	return p.words[i-1].marker || local
}

// isMarkerKey reports whether a word key introduces a number that is not a
// postcode: a unit, premise, floor, PO box, zone, phase or number marker.
func isMarkerKey(k string) bool {
	if _, ok := unitTypes[k]; ok {
		return true
	}
	if _, ok := premiseTypes[k]; ok {
		return true
	}
	return numberMarkers[k] || levelWords[k] || k == "box" || k == "pmb" || k == "po" ||
		k == "zone" || k == "phase" || k == "km"
}

// cleanSpan removes span si when it became empty.
func (p *parser) cleanSpan(si int) {
	if p.spans[si].len() <= 0 {
		p.dropSpan(si)
	}
}

// digitIn reports whether a word of words[lo:hi] holds a digit, as every
// postcode does: a cheap test before the costlier ones.
func (p *parser) digitIn(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if p.words[k].digit {
			return true
		}
	}
	return false
}

func (p *parser) postcodeOf(lo, hi int) (string, bool) {
	// Every postcode format holds a digit and no word longer than ten.
	digit := false
	for k := lo; k < hi; k++ {
		w := &p.words[k]
		if len(w.text) > 10 || hi-lo > 1 && !w.digit && len(w.key) > 4 {
			return "", false
		}
		digit = digit || w.digit
	}
	if !digit {
		return "", false
	}
	return NormalizePostcode(p.country, strings.ToUpper(p.texts(lo, hi)))
}

func (p *parser) foundPostcode(pc string, lo, hi int) {
	p.label(lo, hi, LabelPostcode)
	p.setRaw(fPostcode, lo, hi)
	p.a.Postcode = pc
}

// takeLGA recognises "Ikeja LGA", "Ikeja Local Government Area", "LGA: Ikeja".
func (p *parser) takeLGA() {
	for si := len(p.spans) - 1; si >= 0; si-- {
		s := p.spans[si]
		for n := min(3, s.len()-1); n >= 1; n-- {
			lo, hi := s.lo, s.hi-n
			if !p.words[s.hi-1].lex || !lgaWords[p.keys(s.hi-n, s.hi)] {
				if !p.words[s.lo].lex || !lgaWords[p.keys(s.lo, s.lo+n)] {
					continue
				}
				lo, hi = s.lo+n, s.hi
			}
			if !p.hasLetter(lo, hi) {
				continue // "12 LGA" names no LGA
			}
			p.label(s.lo, s.hi, LabelLGA)
			p.raw[fLGA] = p.texts(lo, hi)
			p.a.LGA = p.name(lo, hi)
			p.dropSpan(si)
			return
		}
	}
}
