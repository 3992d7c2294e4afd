package address

import "strings"

// A street followed by its number, as most of the world writes it
// ("Hauptstraße 5", "Calle Mayor s/n", "Via Roma 5 bis"), and a venue's
// name run on into such a street without a comma.

// numberAfterStreet reads the rest of a segment, lo to hi, as a street
// followed by its number, and reports whether it did.
//
// The number follows the street where the country writes it so, or after a
// street whose type ends it ("Al-Nuzha Street 12"); a type alone and its
// number name a street ("Calle 19", "Road 7").
func (p *parser) numberAfterStreet(lo, hi int, r *part) bool {
	n := 0 // the words of the number
	switch {
	case hi-lo >= 3 && p.lay.numberAfterStreet && r.number == "" && len(p.key(hi-1)) == 1 && isLetters(p.key(hi-1)) && isDigits(p.key(hi-2)) &&
		!p.isStreetTypeWord(lo) && p.hasLetter(lo, hi-2) && !p.hasMarker(lo, hi):
		// "Mannerheimintie 5 A", "Hauptstraße 5 b": the number's letter
		// written apart
		n, r.number = 2, p.text(hi-2)+strings.ToUpper(p.text(hi-1))
	case hi-lo >= 2 && isHouseNumber(p.text(hi-1)) && r.number == "" && p.hasLetter(lo, hi-1) && !p.hasMarker(lo, hi) &&
		!(hi-lo == 2 && p.isStreetTypeWord(lo)) && (p.lay.numberAfterStreet || p.typedStreet(lo, hi-1)):
		n, r.number = 1, strings.ToUpper(p.text(hi-1))
	case hi-lo >= 3 && p.lay.numberAfterStreet && r.number == "" && repeatWords[p.key(hi-1)] && isDigits(p.key(hi-2)) &&
		p.hasLetter(lo, hi-2) && !p.hasMarker(lo, hi-2):
		// "Via Roma 5 bis": the number's second house
		n, r.number = 2, p.text(hi-2)+" "+strings.ToLower(p.text(hi-1))
	case hi-lo >= 2 && r.number == "" && p.withoutNumber(hi-1) && p.hasLetter(lo, hi-1) && !p.hasMarker(lo, hi-1):
		// "Calle Mayor s/n": the street's mark of a building without a
		// number (sin número, sem número), which stands where the number
		// goes
		n, r.number = 1, strings.ToUpper(p.text(hi-1))
	case hi-lo >= 3 && p.lay.numberAfterStreet && r.number == "" && p.words[hi-2].lex && numberMarkers[p.key(hi-2)] &&
		isHouseNumber(p.text(hi-1)) && p.hasLetter(lo, hi-2) && !p.hasMarker(lo, hi-2) && !p.namedByNumber(lo, hi-2):
		// "Avenue Louise nº 54", "Chaussée de Charleroi n° 112": the
		// number marked
		n, r.number = 2, strings.ToUpper(p.text(hi-1))
	default:
		return false
	}
	r.rawNumber = p.texts(hi-n, hi)
	p.label(hi-n, hi, LabelHouseNumber)
	p.streetBeforeNumber(lo, hi-n, r)
	return true
}

// repeatWords follow a house number to name a second or third house of it
// ("12 bis", "7 ter"), in French, Italian and Spanish.
var repeatWords = map[string]bool{"bis": true, "ter": true, "quater": true}

// withoutNumber reports whether word i is the mark of a building without
// a number: "s/n", "S/N", "s.n." (Spanish sin número, Portuguese sem
// número).
func (p *parser) withoutNumber(i int) bool { return noNumberMark(p.words[i].text) }

// noNumberMark reports whether a word is the mark of a building without
// a number ("s/n", "S/N", "s.n.").
func noNumberMark(w string) bool {
	return strings.ContainsAny(w, "/.") && strings.EqualFold(strings.NewReplacer("/", "", ".", "").Replace(w), "sn")
}

// streetBeforeNumber reads words[lo:hi], before a house number that
// follows them, as the street, after a venue's name when one runs on into
// it without a comma, or, where blocks are numbered, as the district.
func (p *parser) streetBeforeNumber(lo, hi int, r *part) {
	r.core = true
	st, ok := p.street(lo, hi)
	if ok && hi-lo >= 2 {
		// "Salm Bräu Rennweg 8", "Augustiner-Keller Arnulfstr 52",
		// "Café Sacher Philharmoniker Str 4": a venue, then its
		// street, a fused name or one name and its type
		_, tlo, thi, _ := p.matchStreet(lo, hi)
		from := tlo - 1
		if tlo == thi {
			from = hi - 1
		}
		if from > lo && !(from == lo+1 && germanAdjectives[p.key(lo)]) && (p.venueWord(lo, from) || tlo == thi && p.germanVenue(lo, from)) {
			// (not an adjective of the street's own name: Danish "Store
			// Kongensgade" is no shop)
			r.org = p.name(lo, from)
			p.label(lo, from, LabelOrganization)
			lo = from
			st, ok = p.street(lo, hi)
		}
	}
	if !ok && hi-lo >= 2 {
		// "Gasthaus Zum Hirschen Lindenstrasse 12": a building named
		// before a street whose type is fused to its name
		if full, fused := compoundStreet(p.name(hi-1, hi)); fused && lowerWords[p.key(hi-2)] {
			// "Evert van de Beekstraat": a name's particle joins the
			// words before to the fused street
			full = p.name(lo, hi)
			st, ok = streetName{full: full, name: full}, true
			p.label(lo, hi, LabelStreetName)
		} else if fused {
			r.org = p.name(lo, hi-1)
			p.label(lo, hi-1, LabelOrganization)
			lo, st, ok = hi-1, streetName{full: full, name: full}, true
			p.label(lo, hi, LabelStreetName)
		}
	}
	if !ok {
		if n := p.openingVenue(lo, hi); n > 0 {
			// "café brecht weteringschans 157", "bar el federal carlos
			// calvo 599": a venue's word and its name, then a street
			// whose name holds no type
			r.org = p.name(lo, lo+n)
			p.label(lo, lo+n, LabelOrganization)
			lo += n
		}
	}
	if !ok && p.lay.blocks {
		r.district = p.name(lo, hi) // "千代田 1-1"
		p.label(lo, hi, LabelNeighbourhood)
		return
	}
	if !ok {
		st = streetName{full: p.name(lo, hi), name: p.name(lo, hi)}
		p.label(lo, hi, LabelStreetName)
	}
	r.street = st
	r.rawStreet = p.texts(lo, hi)
}

// openingVenue returns the number of words of a venue's name that opens
// words[lo:hi] before a street without a type: a business word first
// ("Hotel", "Café", "Bar", "Trattoria"), then one name, after a joining
// word where one follows it ("Bar el Federal", "Café de Flore"); one word
// at least is left for the street. A venue's name is mostly one word
// after its kind; a street's, where it has no type, mostly a person's
// name of two. It returns 0 when the words are no such venue.
func (p *parser) openingVenue(lo, hi int) int {
	if hi-lo < 3 || !businessWords[p.key(lo)] {
		return 0
	}
	n := 2
	if k := p.key(lo + 1); lowerWords[k] || venueArticles[k] || nameOpeners[k] {
		n = 3 // "Bar el Federal", "Teatro San Martín", "Teatro Gran Rex"
	}
	if hi-lo <= n {
		return 0
	}
	for k := lo + 1; k < hi; k++ {
		if w := &p.words[k]; w.digit || w.marker {
			return 0
		}
	}
	if w := &p.words[lo+n-1]; w.lex || lowerWords[p.key(lo+n-1)] {
		return 0
	}
	return n
}

// venueArticles are the articles that open a venue's name after its kind
// and are no joining word of a street's ("Bar El Federal", "Café Il
// Gabbiano", "Bar Los Amigos").
var venueArticles = map[string]bool{"el": true, "los": true, "las": true, "il": true, "lo": true, "gli": true, "o": true, "os": true, "as": true}

// nameOpeners open a name of two words: a saint's, or one with an
// adjective ("San Martín", "Santa Fe", "Gran Rex").
var nameOpeners = map[string]bool{"san": true, "santa": true, "santo": true, "sao": true, "saint": true, "sainte": true, "st": true, "gran": true, "grand": true}

// germanVenue reports whether words[lo:hi], opening the address before a
// street whose type is fused to its name, are a venue's name where German
// or a Nordic language is written: there a street named after a person is
// hyphenated or one word ("Karl-Marx-Straße", "Guldbergsgade"), and the
// words before a fused street are its adjective or particle ("Alte
// Jakobstraße", "Landstraßer Hauptstraße": any word in -er) or a venue
// ("Kleinmarkthalle Hasengasse 5-7").
// Dutch streets are named after people in words ("Jan Pieter Heijestraat"):
// not there.
func (p *parser) germanVenue(lo, hi int) bool {
	switch p.country {
	case "DE", "AT", "CH", "LI", "DK", "NO", "SE", "IS":
		// (the Nordic languages fuse their types too, and name streets
		// after people in one word: "Guldbergsgade", "Sannergata")
	default:
		return false
	}
	if lo != 0 {
		return false
	}
	for k := lo; k < hi; k++ {
		if w := &p.words[k]; w.digit || w.lex || lowerWords[p.key(k)] || germanAdjectives[p.key(k)] || strings.HasSuffix(p.key(k), "er") {
			return false
		}
	}
	return true
}

// germanAdjectives are the words that open a German street's name before
// a fused type ("Alte Jakobstraße", "Große Hamburger Straße").
var germanAdjectives = map[string]bool{
	"alte": true, "alter": true, "altes": true, "neue": true, "neuer": true, "neues": true, "grosse": true, "große": true, "großer": true,
	"grosser": true, "kleine": true, "kleiner": true, "obere": true, "oberer": true, "untere": true,
	"unterer": true, "hohe": true, "hoher": true, "lange": true, "langer": true, "breite": true, "hintere": true,
	"vordere": true, "innere": true, "aussere": true, "mittlere": true, "schone": true, "st": true, "sankt": true,
	"unter": true, "hinter": true, "vor": true, "in": true, "nach": true, "zu": true, "bis": true,
	// and the Nordic ones ("Store Kongensgade", "Nørre Voldgade", "Gamla
	// Brogatan", "Øvre Slottsgate")
	"store": true, "lille": true, "norre": true, "sondre": true, "ny": true, "nye": true, "gamle": true,
	"gammel": true, "gamla": true, "stora": true, "lilla": true, "norra": true, "sodra": true, "vastra": true,
	"ostra": true, "ovre": true, "nedre": true, "indre": true, "ytre": true,
}

// venueWord reports whether one of words[lo:hi] names the kind of a
// business (businessWords), alone, as the last part of a hyphenated name
// ("Augustiner-Keller") or as the end of a German compound
// ("Löwenbräukeller", "Eschenbräu": compoundVenueEnds).
func (p *parser) venueWord(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		t := p.text(k)
		if i := strings.LastIndexByte(t, '-'); i >= 0 {
			t = t[i+1:]
		}
		f := Fold(t)
		if businessWords[p.key(k)] || businessWords[f] {
			return true
		}
		for _, end := range compoundVenueEnds {
			if len(f) > len(end)+2 && strings.HasSuffix(f, end) {
				return true
			}
		}
	}
	return false
}

// compoundVenueEnds end the German compounds that name a brewery, a
// beer cellar or an inn, which no street's name ends in.
var compoundVenueEnds = []string{"keller", "brau", "braeu", "brauerei", "stube", "stuben", "stuberl", "wirtshaus"}

// unitType returns the type of a unit as written ("Apt", "Ste"), cased,
// or its full form t when that is what was written or the word has no
// vowel.
func unitType(written, t string) string {
	w := strings.TrimRight(written, ":")
	if foldEqual(w, t) || !strings.ContainsAny(strings.ToLower(w), "aeiouy") {
		return t // (an abbreviation without a vowel is spelt out: "Flt", "Rm")
	}
	return caseWord(w, true)
}

// zoneAt reads an Abuja cadastral zone: "Cadastral Zone A08", "Cad Zone B6".
func (p *parser) zoneAt(i, hi int) int {
	k := p.key(i)
	if (k == "cadastral" || k == "cad") && i+2 < hi && p.key(i+1) == "zone" && hasDigit(p.key(i+2)) {
		return 3
	}
	return 0
}

// letterHouse are the countries that number houses by a block's letter
// and a number: "H-77", "B-12".
// (not Pakistan, where "F-7/2", "I-8" name Islamabad's sectors).
var letterHouse = map[string]bool{"IN": true, "BD": true}

// blockHouse reports whether t is a block's letter or two, a hyphen and a
// house's number: "H-77", "DD-12".
func blockHouse(t string) bool {
	letters, number, ok := strings.Cut(t, "-")
	return ok && len(letters) <= 2 && isLetters(strings.ToLower(letters)) && isDigits(number)
}
