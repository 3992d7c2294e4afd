package address

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// DefaultCountry is the country that applies when neither the input nor its
// region names one.
const DefaultCountry = "NG"

// MaxInputBytes is the longest input Standardize accepts.
const MaxInputBytes = 2048

// Errors returned by Standardize.
var (
	ErrEmpty         = errors.New("address: empty input")
	ErrTooLong       = fmt.Errorf("address: input longer than %d bytes", MaxInputBytes)
	ErrUnknownRegion = errors.New("address: unknown region")
)

// Input is what Standardize reads: either one line of free text (Text) or
// structured fields. When Text is set the structured fields are ignored.
// Region (or Country) is the country the address belongs to unless the text
// names another; it accepts names, ISO codes and aliases, and defaults to
// Nigeria.
type Input struct {
	Text string `json:"text,omitempty"`

	Organization  string `json:"organization,omitempty"`
	HouseNumber   string `json:"house_number,omitempty"`
	Street        string `json:"street,omitempty"`
	Street2       string `json:"street2,omitempty"`
	Neighbourhood string `json:"neighbourhood,omitempty"`
	City          string `json:"city,omitempty"`
	LGA           string `json:"lga,omitempty"`
	State         string `json:"state,omitempty"`
	Postcode      string `json:"postcode,omitempty"`
	Country       string `json:"country,omitempty"`

	Region string `json:"region,omitempty"`
}

func (in *Input) structured() bool {
	return in.Organization != "" || in.HouseNumber != "" || in.Street != "" || in.Street2 != "" ||
		in.Neighbourhood != "" || in.City != "" || in.LGA != "" || in.State != "" || in.Postcode != ""
}

// Standardize parses an address and returns its standardized components,
// every input token with its label, what could not be placed, a record of
// the changes made to each field, warnings (such as a postcode that
// contradicts the state) and the address formatted in its country's order.
//
// It returns ErrEmpty for input without any letter or digit, ErrTooLong for
// input over MaxInputBytes and an error wrapping ErrUnknownRegion when
// Region or Country names no country. Anything else, however garbled, gives
// a result: what cannot be understood is reported in Unresolved.
func Standardize(ctx context.Context, in Input) (Standardized, error) {
	if err := ctx.Err(); err != nil {
		return Standardized{}, err
	}
	region := DefaultCountry
	for _, r := range []string{in.Region, in.Country} {
		if strings.TrimSpace(r) == "" {
			continue
		}
		c, ok := LookupCountry(r)
		if !ok {
			return Standardized{}, fmt.Errorf("%w %q", ErrUnknownRegion, r)
		}
		region = c.Alpha2
	}
	text := in.Text
	structured := text == "" && in.structured()
	if structured {
		text = joinNonEmpty(", ", in.Organization, strings.TrimSpace(in.HouseNumber+" "+in.Street), in.Street2)
	}
	if len(text) > MaxInputBytes {
		return Standardized{}, ErrTooLong
	}
	text = strings.ToValidUTF8(text, " ")
	text = strings.ReplaceAll(text, "،", ",") // the Arabic comma parts as a comma does
	text = degreeOrdinal(text)
	text = spacedOrdinals(text)
	if strings.Contains(text, "(") {
		text = provinceInBrackets.ReplaceAllString(text, "$1 $2")
	}
	if strings.Contains(text, "/T") || strings.Contains(text, "/t") {
		text = doorAfterSlash.ReplaceAllString(text, "${1}, Top ${2}")
	}
	text, removed := takeContacts(text)
	text = nameLists(text, region)
	text, short := takeShortNames(text)
	text, desc := takeDescriptions(text)
	text, instruction := takeInstruction(text, region)
	text, lead := takeLeadIn(text)
	text, caption := takeCaption(text, region)
	branch := false // a branch's caption set apart after the organization's name
	if caption == "" {
		text, caption = takeBranchCaption(text)
		branch = caption != ""
	}
	if lead != "" {
		caption = strings.TrimSpace(lead + " " + caption)
	}
	text = orgDash(text)
	text = nameParens(text)
	text = calleSlash(text)
	text, bigFirst, japanese := eastAsian(text)
	if !hasContent(text) && !structured {
		return Standardized{}, ErrEmpty
	}
	r := reading{in: in, text: text, region: region, structured: structured, removed: removed, short: short, desc: desc, caption: caption, branch: branch, instruction: instruction, bigFirst: bigFirst, japanese: japanese}
	out := r.read(false)
	if r.codeCountry || r.nameCountry || r.byLanguage {
		// "No 10 Aba road, PH", "22 Mission Rd, Benin": the code or
		// name may name the country or a place of the region;
		// "Lekki Tollgate, 1004 Estate": a word of another language
		// may be the region's own. Geocode weighs both readings.
		byName, byLanguage := !r.codeCountry && !r.byLanguage, r.byLanguage
		alt := r.read(true)
		out.regional, out.regionalByName, out.regionalByLanguage = &alt, byName, byLanguage
	}
	if in.Country == "" && in.Text != "" {
		out.input = &in
	}
	return out, nil
}

// reading holds what one Standardize call reads, so that it can read the
// text twice.
type reading struct {
	in                 Input
	text, region       string
	structured         bool
	removed            []string
	caption            string   // set apart by takeCaption
	branch             bool     // the caption was a branch's, after the organization's name (takeBranchCaption)
	short              []string // organizations' short names set apart by takeShortNames
	desc               []string // trades described after their names, set apart by takeDescriptions
	instruction        string   // set apart by takeInstruction
	bigFirst, japanese bool
	codeCountry        bool // the first reading took a code for the country
	nameCountry        bool // the first reading took another country's name, written last
	byLanguage         bool // the first reading took the country a street word's language implied
}

// read parses the text; regionOnly reads codes of other countries as words
// of the region.
func (r *reading) read(regionOnly bool) Standardized {
	in := &r.in
	p := parser{postcodeFirstSpan: -1, regionGiven: in.Region != "" || in.Country != "" || regionOnly, countryGiven: strings.TrimSpace(in.Country) != "",
		bigFirst: r.bigFirst, japanese: r.japanese, region: r.region, regionOnly: regionOnly}
	p.setCountry(r.region)
	sc := scratchPool.Get().(*scratch)
	defer sc.put()
	p.words, p.spans = tokenize(r.text, sc.words[:0], sc.spans[:0])
	sc.words, sc.spans = p.words, p.spans
	p.mixedCase = hasBothCases(r.text)
	p.parse()
	if len(r.removed) > 0 {
		p.a.Removed = r.removed
		p.warn = append(p.warn, Warning{Field: "removed", Code: "contact_removed",
			Message: "contact details are no part of the address and were set apart: " + strings.Join(r.removed, "; ")})
	}
	if r.caption != "" {
		p.a.Removed = append(slices.Clip(p.a.Removed), r.caption)
		p.warn = append(p.warn, Warning{Field: "removed", Code: "caption_removed",
			Message: "the caption " + strconv.Quote(r.caption) + " names no part of the address and was set apart"})
	}
	if len(r.short) > 0 {
		p.a.Removed = append(slices.Clip(p.a.Removed), r.short...)
		p.warn = append(p.warn, Warning{Field: "removed", Code: "short_name_removed",
			Message: "the short name in brackets after an organization's name (" + strings.Join(r.short, ", ") + ") was set apart"})
	}
	if len(r.desc) > 0 {
		p.a.Removed = append(slices.Clip(p.a.Removed), r.desc...)
		p.warn = append(p.warn, Warning{Field: "removed", Code: "description_removed",
			Message: "the description in brackets after an organization's name (" + strings.Join(r.desc, "; ") + ") names no part of the address and was set apart"})
	}
	if r.instruction != "" {
		p.a.Removed = append(slices.Clip(p.a.Removed), r.instruction)
		p.warn = append(p.warn, Warning{Field: "removed", Code: "instruction_removed",
			Message: "the instruction " + strconv.Quote(r.instruction) + " is for the one who delivers, no part of the address, and was set apart"})
	}
	if r.structured {
		p.applyFields(in)
	}
	if p.countryFromText && r.region != p.country && (in.Region != "" || in.Country != "") {
		p.warnf(fCountry, "country_mismatch", "the address names "+p.country+" but the region is "+r.region)
	}
	r.codeCountry = p.codeCountry && p.country != r.region
	r.nameCountry = p.nameCountry && p.country != r.region
	r.byLanguage = p.byLanguage && p.country != r.region
	st := p.finish()
	st.orgFirst = r.branch
	return st
}

// hasContent reports whether text has a letter or digit.
func hasContent(text string) bool {
	return strings.IndexFunc(text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func joinNonEmpty(sep string, parts ...string) string {
	var b strings.Builder
	for _, s := range parts {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String()
}

// applyFields sets the locality components given as structured fields; they
// take precedence over what the street text implied.
func (p *parser) applyFields(in *Input) {
	set := func(f field, dst *string, raw string) {
		raw = cleanField(raw)
		if raw == "" {
			return
		}
		if *dst != "" && Fold(*dst) != Fold(raw) {
			p.extra = append(p.extra, *dst)
		}
		*dst = caseName(raw)
		p.raw[f] = raw
	}
	set(fNeighbourhood, &p.a.Neighbourhood, in.Neighbourhood)
	set(fCity, &p.a.City, in.City)
	if lga := cleanField(in.LGA); lga != "" {
		for _, suffix := range []string{" local government area", " local government", " lga"} {
			if strings.HasSuffix(strings.ToLower(lga), suffix) {
				lga = strings.TrimSpace(lga[:len(lga)-len(suffix)])
			}
		}
		set(fLGA, &p.a.LGA, lga)
	}
	if st := cleanField(in.State); st != "" {
		p.a.State, p.a.StateCode = "", ""
		if m, ok := lookupSubdivision(p.country, Fold(st)); ok {
			p.raw[fState] = st
			p.a.State, p.a.StateCode = m.sub.Name, m.sub.Code
			switch {
			case m.spelling:
				p.how[fState] = Spelling
			case Fold(st) != Fold(m.sub.Name) && strings.TrimSuffix(Fold(st), " state") != Fold(m.sub.Name):
				p.how[fState] = Alias
			}
		} else {
			set(fState, &p.a.State, st)
			if data().subByKey[p.country] != nil {
				p.warnf(fState, "state_unknown", fmt.Sprintf("%q is not a known state of %s", st, p.country))
			}
		}
	}
	if p.a.State == "" && p.a.City != "" {
		if m, ok := lookupSubdivision(p.country, Fold(p.a.City)); ok && Fold(m.sub.Capital) == Fold(p.a.City) && m.sub.Name != m.sub.Capital {
			p.a.State, p.a.StateCode = m.sub.Name, m.sub.Code
		}
	}
	if pc := cleanField(in.Postcode); pc != "" {
		p.raw[fPostcode] = pc
		if norm, ok := NormalizePostcode(p.country, pc); ok {
			p.a.Postcode = norm
		} else {
			p.a.Postcode = ""
			p.extra = append(p.extra, pc)
			p.warnf(fPostcode, "postcode_invalid", "postcode "+pc+" is not a valid "+p.country+" postcode")
		}
	}
	if c := cleanField(in.Country); c != "" {
		p.raw[fCountry] = c
	}
}

// cleanField trims a structured field and collapses its spaces and
// surrounding punctuation.
func cleanField(s string) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, " ")), " ")
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) && r != '#' })
}

// finish completes the address (country, state from postcode), checks the
// postcode against the state, collects tokens and unresolved text, records
// the changes and formats the lines.
func (p *parser) finish() Standardized {
	a := &p.a
	if t, ok := strings.CutPrefix(a.StateCode, "US-"); ok && usTerritories[t] && p.country == "US" && (!p.countryFromText || !usNamed(p.raw[fCountry])) {
		// "San Juan, PR 00901": a territory the USPS codes as a state
		// has a country code of its own, which the gazetteer files it
		// under (the United States written stay written)
		p.setCountry(t)
		a.State, a.StateCode, p.raw[fState] = "", "", ""
	}
	c := data().byKey[Fold(p.country)]
	a.Country, a.CountryName = c.Alpha2, c.Name
	p.careOf()
	if sep := unitSeparator(a.Country); sep != "" && a.Street != "" && !startsDigit(a.StreetName) {
		// (not before a numbered street: "10220-104 Avenue NW" is how
		// Edmonton writes a house number)
		if u, n, ok := strings.Cut(a.HouseNumber, sep); ok && slashUnit(a.Country, Unit{Number: u}, n) && a.Unit == (Unit{}) {
			// "12/8 Cavill Avenue": unit 12 of number 8 in Australia;
			// "907-155 Yorkville Ave": suite 907 of number 155 in Canada
			a.Unit, a.HouseNumber = Unit{Number: u}, n
		} else if u, n, ok := strings.Cut(a.Unit.Number, sep); ok && a.Unit.Type != "" && a.HouseNumber == "" && slashUnit(a.Country, Unit{Number: u}, n) {
			// "Unit 4/12 Darling St": unit 4 of number 12
			a.Unit.Number, a.HouseNumber = u, n
		}
	}
	if w := p.raw[fState]; a.Country != "NG" && a.StateCode != "" && p.how[fState] != Spelling && localStateName(w, a.StateCode) && !foldEqual(w, a.City) {
		// "Steiermark", "Bayern", "東京都": a state written in full in
		// another of its names keeps it (a code or a short form takes the
		// canonical name)
		a.State = caseName(w)
	}
	if a.Postcode != "" && a.Country == "NG" {
		if sub, ok := PostcodeState("NG", a.Postcode); ok && a.StateCode == "" {
			a.State, a.StateCode = sub.Name, sub.Code
		} else if a.StateCode != "" {
			m, _ := lookupSubdivision("NG", Fold(a.StateCode[3:]))
			if !postcodeFitsState(a.Postcode, m.sub) {
				p.warnf(fPostcode, "postcode_state_mismatch",
					"postcode "+a.Postcode+" does not belong to "+a.State+" state")
			}
		}
	}
	out := Standardized{Address: *a, Warnings: p.warn, script: p.scriptCountries}
	out.Tokens = make([]Token, len(p.words))
	run := -1
	for i := range p.words {
		w := &p.words[i]
		if w.label == "" {
			w.label = LabelUnresolved
		}
		out.Tokens[i] = Token{Text: w.text, Label: w.label}
		if w.label == LabelUnresolved {
			if run < 0 {
				run = i
			}
			if i+1 == len(p.words) || p.words[i+1].label != "" && p.words[i+1].label != LabelUnresolved || p.segmentEnds(i) {
				out.Unresolved = append(out.Unresolved, p.texts(run, i+1))
				run = -1
			}
		}
	}
	out.Unresolved = append(out.Unresolved, p.extra...)
	out.Changes = p.changes()
	out.Line, out.Line1, out.Line2 = format(a)
	return out
}

// segmentEnds reports whether word i ends one of the comma-separated
// segments, so that unresolved runs do not join across commas.
func (p *parser) segmentEnds(i int) bool {
	for _, s := range p.spans {
		if s.hi-1 == i {
			return true
		}
	}
	return false
}

// changes compares each field with the text it came from.
func (p *parser) changes() []Change {
	a := &p.a
	var premises, landmarks []string
	for _, pr := range a.Premises {
		premises = append(premises, pr.String())
	}
	for _, l := range a.Landmarks {
		landmarks = append(landmarks, l.String())
	}
	zone := ""
	if a.CadastralZone != "" {
		zone = a.CadastralZone
	}
	values := [numFields]string{
		a.Organization, a.Unit.String(), a.Level, strings.Join(premises, ", "), a.HouseNumber,
		a.Street, strings.Join(landmarks, "; "), strings.TrimSpace(a.Estate + " " + a.Phase), zone,
		a.Neighbourhood, a.City, a.LGA, a.State, a.Postcode, a.POBox, a.Country,
	}
	var kinds [numFields]ChangeKind
	n := 0
	for f := field(0); f < numFields; f++ {
		raw, val := p.raw[f], values[f]
		if f == fLandmarks && val != "" {
			raw = val // landmarks are recased and retyped only
		}
		var kind ChangeKind
		switch {
		case raw == "" && val == "":
			continue
		case raw == "":
			kind = Added
		case val == "":
			kind = Removed
		case f == fCountry && (Fold(raw) == Fold(a.CountryName) || Fold(raw) == Fold(a.Country)):
			kind = Unchanged
		case f == fHouseNumber && strings.EqualFold(strings.TrimPrefix(Fold(raw), "no "), val):
			kind = Unchanged
		case p.how[f] != "":
			kind = p.how[f]
		case foldEqual(raw, val) || f == fState && strings.TrimSuffix(Fold(raw), " state") == Fold(val):
			kind = Unchanged
		default:
			kind = Alias
		}
		kinds[f] = kind
		n++
	}
	out := make([]Change, 0, n)
	for f := field(0); f < numFields; f++ {
		if kinds[f] != "" {
			raw := p.raw[f]
			if f == fLandmarks {
				raw = values[f]
			}
			c := Change{Field: fieldNames[f], Kind: kinds[f], From: raw, To: values[f]}
			if f == fCountry {
				c.Reason = p.countryWhy()
			}
			out = append(out, c)
		}
	}
	return out
}

// countryWhy says where the country came from, for its change record.
func (p *parser) countryWhy() string {
	switch {
	case p.countryReason != "":
		return p.countryReason
	case p.countryFromText:
		return "named in the address"
	case p.raw[fCountry] != "":
		return "given as the country field"
	case p.regionGiven:
		return "the region; the address implies no country"
	}
	return "the default country (" + DefaultCountry + "); the address implies no country"
}

// scratch holds the word and segment slices of one call, reused across
// calls: nothing in a result refers to them.
type scratch struct {
	words []word
	spans []span
}

var scratchPool = sync.Pool{New: func() any {
	return &scratch{words: make([]word, 0, 32), spans: make([]span, 0, 8)}
}}

// put clears the words, so that the pool holds no strings of past inputs
// alive, and returns the scratch to the pool.
func (sc *scratch) put() {
	clear(sc.words)
	if cap(sc.words) <= 256 {
		scratchPool.Put(sc)
	}
}

// hasBothCases reports whether s has both upper and lower case letters.
func hasBothCases(s string) bool {
	upper, lower := false, false
	for _, r := range s {
		switch {
		case 'a' <= r && r <= 'z':
			lower = true
		case 'A' <= r && r <= 'Z':
			upper = true
		case r >= utf8.RuneSelf && unicode.IsLower(r):
			lower = true
		case r >= utf8.RuneSelf && unicode.IsUpper(r):
			upper = true
		}
		if upper && lower {
			return true
		}
	}
	return false
}

// usTerritories are the territories of the United States that the postal
// service codes as states and ISO 3166-1 as countries.
var usTerritories = map[string]bool{"PR": true, "GU": true, "VI": true, "AS": true, "MP": true}

// spacedOrdinal is a number, its ordinal's letters written apart, and the
// word after them: "3 rd Avenue", "4 th Floor".
var spacedOrdinal = regexp.MustCompile(`\b(\d{1,3}) (st|nd|rd|th|ST|ND|RD|TH) (\pL+)`)

// spacedOrdinals joins an ordinal's letters to their number where they are
// the number's own and a street type or a floor follows ("3 rd Avenue" is
// 3rd Avenue; "1 St Andrews Road" stays: no type follows St).
func spacedOrdinals(text string) string {
	if !digitThenLetters(text) || !spacedOrdinal.MatchString(text) {
		return text
	}
	return spacedOrdinal.ReplaceAllStringFunc(text, func(m string) string {
		f := strings.Fields(m)
		next := Fold(f[2])
		_, typ := streetTypes[next]
		if strings.ToLower(f[1]) != ordinalSuffix(f[0]) || !typ && !levelWords[next] {
			return m
		}
		return f[0] + strings.ToLower(f[1]) + " " + f[2]
	})
}

// digitThenLetters reports whether a digit, a space and two letters then a
// space follow each other somewhere in text: without one, no ordinal is
// typed apart (a scan cheaper than the expression's).
func digitThenLetters(text string) bool {
	for i := 0; i+4 < len(text); i++ {
		if text[i] >= '0' && text[i] <= '9' && text[i+1] == ' ' && isAlnum(text[i+2]) && isAlnum(text[i+3]) && text[i+4] == ' ' {
			return true
		}
	}
	return false
}

// ordinalSuffix returns the English ordinal's letters of a number written
// in digits: "st" for 1, 21; "nd" for 2; "rd" for 3; "th" for 11-13 and
// the rest.
func ordinalSuffix(n string) string {
	if len(n) >= 2 && n[len(n)-2] == '1' {
		return "th"
	}
	switch n[len(n)-1] {
	case '1':
		return "st"
	case '2':
		return "nd"
	case '3':
		return "rd"
	}
	return "th"
}

// usNamed reports whether the text that named the country names the
// United States ("USA", "United States of America").
func usNamed(text string) bool {
	c, ok := LookupCountry(text)
	return ok && c.Alpha2 == "US"
}

// degreeOrdinal writes the degree sign after a number as the ordinal
// indicator it stands for in a floor ("3° piano" is "3º piano"), and
// after an N opening a word as the number sign "nº" ("n° 112").
func degreeOrdinal(text string) string {
	if !strings.Contains(text, "°") {
		return text
	}
	var b strings.Builder
	for i, r := range text {
		if r == '°' && i > 0 && (text[i-1] >= '0' && text[i-1] <= '9' ||
			text[i-1]|0x20 == 'n' && (i == 1 || !isAlnum(text[i-2]))) {
			r = 'º'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// doorAfterSlash is a door written after the house number and a slash,
// as Austria writes it ("Josefstädter Str. 21/Top 5", "Mariahilfer Straße
// 45/2/12" is not read so): set apart as the unit it is.
var doorAfterSlash = regexp.MustCompile(`\b(\d+[A-Za-z]?)/(?i:top)\s*(\d+)\b`)

// provinceInBrackets is a province's code in brackets after a postcode of
// five digits and its town, as Italy writes them ("10122 Torino (TO)"): read
// as the code after the town ("Torino TO"), not a part of its own (the
// country "TO", Tonga).
var provinceInBrackets = regexp.MustCompile(`(\b\d{5}\s+[^,()\d]+?)\s*\(([A-Z]{2})\)`)

// careOf takes the "c/o" (care of) that opens the organization's name out
// of it, as text left over: "C/O WeWork, 115 W 18th St" is WeWork's
// address. (Read with it, it marks the words after it as a name: "c/o
// andersson storgatan 12".)
func (p *parser) careOf() {
	name, ok := strings.CutPrefix(p.a.Organization, "C/O ")
	if !ok {
		name, ok = strings.CutPrefix(p.a.Organization, "c/o ")
	}
	if !ok {
		return
	}
	p.a.Organization = name
	for i := range p.words {
		if w := &p.words[i]; w.label == LabelOrganization && strings.EqualFold(w.text, "c/o") {
			w.label = LabelUnresolved
			return
		}
	}
}
