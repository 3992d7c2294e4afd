package address

// Names that several places bear, and the name a result writes for the
// place it found: an LGA named like places inside it, and the written
// name kept where it is one of the place's own.

import (
	"slices"
	"strings"
)

// lgaNamesake scores the agreement of two readings of a name that an LGA
// of the state found bears as well as places, when that name is the only
// one of the address that found places (other names decide by their
// support): the LGA, the places of the name inside it and the cities and
// towns of the name (which a name alone means) score 1 more than a
// village, ward or neighbourhood of the name in another LGA.
// "Olorunsogo, Oyo" is the LGA, not a ward of Ona Ara; "Bosso Road,
// Chanchaga" lies in the LGA of Chanchaga, not in the ward of that name
// in Bosso.
func (g *geocoder) lgaNamesake(m *mention, p *Place) float64 {
	if m.namedAfter {
		return 0
	}
	named := false
	for i, q := range m.places {
		if q.Kind != KindLGA || m.edits[i] != 0 || g.state != nil && !q.Within(g.state.ID) {
			continue
		}
		named = true
		if p.Within(q.ID) {
			return 1
		}
	}
	if named && cityOrTown(p) {
		return 1
	}
	return 0
}

// namesakeOf returns the LGA that the name which found the area names as
// well, when the area lies inside it: the text matched both places.
func namesakeOf(best scored) *Place {
	for i, q := range best.m.places {
		if q.Kind == KindLGA && q.ID != best.p.ID && best.m.edits[i] == best.edits && best.p.Within(q.ID) {
			return q
		}
	}
	return nil
}

// renameEnclosing gives the gazetteer's name to the settlements written
// around the area found: a city or town that another component named
// exactly and that agrees with the area as the checks count it (encloses
// it or lies within 10 km: "10 Emekuku St, D/Line, PHC": PHC, a short
// name of Port Harcourt, beside D-Line).
func (g *geocoder) renameEnclosing(best scored) {
	for _, m := range g.ments {
		if m == best.m || m.namedAfter || m.field != "city" && m.field != "neighbourhood" {
			continue
		}
		for i, q := range m.places {
			if m.edits[i] == 0 && cityOrTown(q) && agrees(q, best.p) {
				g.rename(m.field, m.text, *q, 0)
				break
			}
		}
	}
}

// rename puts the gazetteer's name of a place in the field that named it:
// the name nearest what was written (writtenName).
func (g *geocoder) rename(field, from string, p Place, edits int) {
	kind := Alias
	if edits > 0 {
		kind = Spelling
	}
	p.Name = writtenName(from, &p, edits)
	dst := g.field(field)
	if p.Kind == KindLGA && field != "lga" {
		// an LGA written where the city goes: it is the LGA
		if g.a.LGA == "" {
			g.infer("lga", p.Name)
		}
		return
	}
	if dst == nil || *dst == p.Name {
		return
	}
	if Fold(*dst) == Fold(p.Name) {
		*dst = p.Name
		return
	}
	*dst = p.Name
	g.res.Inferred = append(g.res.Inferred, Change{Field: field, Kind: kind, From: from, To: p.Name})
}

// writtenName returns the name of p to write for the text that named it:
// an address keeps the language it was written in ("Milano", "Wien",
// "København"), not the name the gazetteer lists first (Milan, Vienna,
// Copenhagen). A text that is exactly one of the place's other names is
// kept as written, and so is a district's number after a name of the
// place ("Dublin 8", "Wuse Zone 4" for Wuse, alias "Wuse Zone 1"), and
// the name with its number in Roman numerals or in digits, as written
// ("Wuse II" for Wuse 2: one district, and the corpora label the form
// written); the gazetteer's first name stands for a misspelt one, and for
// short names of 3 letters or fewer and the first words of the name
// ("PH", "Abj" and "Benin" are Port Harcourt, Abuja and Benin City). The
// first words of a name abroad that are one of its other names stay as
// written: "New York" is New York City's name in a postal address (in
// Nigeria the full name is the postal form: "Benin" is written Benin
// City).
func writtenName(text string, p *Place, edits int) string {
	k, main := NameKey(text), NameKey(p.Name)
	if d := districtNumber(text); d > 0 && edits <= d && !numberedName(p) {
		// a postal district's number after the city's name, in any of
		// its languages ("Dublin 8", "Praha 2"): kept as written
		if namesPlace(text[:len(text)-d], p) || numberedAs(text[:len(text)-d], p) {
			return text
		}
	}
	if f := strings.Fields(text); len(f) > 1 && edits == 0 && p.Kind == KindNeighbourhood && p.Country == "NG" && areaKindWord(f[len(f)-1]) &&
		namesPlace(strings.Join(f[:len(f)-1], " "), p) {
		return text // "Utako District": the name and the kind of place, as written
	}
	if f := strings.Fields(text); len(f) > 1 && districtLetters(f[len(f)-1]) {
		k = NameKey(strings.Join(f[:len(f)-1], " ")) // "København N": a postal district's letters
	}
	if b := withoutArticle(text); NameKey(b) != k && edits == 0 && namesPlace(b, p) {
		return text // "La Habana", with the article the gazetteer leaves out
	}
	if f := strings.Fields(p.Name); len(f) > 1 && edits > 0 && (romanValue[Fold(f[len(f)-1])] != "" || isDigits(f[len(f)-1])) &&
		NameKey(strings.Join(f[:len(f)-1], " ")) == k {
		return text // "Bolori" for the ward Bolori I: the place written, not one of its numbered parts
	}
	if i := strings.LastIndexByte(text, '-'); i > 0 && levelSuffix[Fold(text[i+1:])] && NameKey(text[:i]) == main {
		return text // "Narita-shi", "Haeundae-gu": the name with its kind, as Japan and Korea romanize it
	}
	if edits == 0 && strings.Contains(p.Name, " / ") && slices.ContainsFunc(strings.Split(p.Name, " / "), func(n string) bool { return NameKey(n) == k }) {
		return text // "Donostia" of "Donostia / San Sebastián": a name of two languages, one written
	}
	if romanizedAlike(text, p.Name) && (edits > 0 || strings.Contains(text, "-") && !strings.ContainsAny(p.Name, "- ")) {
		return text // "Zawachiki" for Zawaciki, "Kishi" for Kisi, "Dei-Dei" for DeiDei: one name romanized two ways
	}
	if numbered(text) == numbered(p.Name) && k != main && edits == 0 {
		return text // "Wuse II" for Wuse 2: one number, written as its people write it
	}
	if edits > 0 || k == main || KeyLen(k) <= 3 && !writtenInFull(text) {
		return p.Name
	}
	if strings.HasPrefix(main, k) && (p.Country == "NG" || !namesPlace(text, p)) {
		return p.Name
	}
	for _, a := range p.AltNames {
		if NameKey(a) == k {
			// the spelling written: one name the gazetteer keeps of
			// each folded spelling, whose accents may be another
			// language's ("Miláno")
			return text
		}
	}
	return p.Name
}

// levelSuffix are the words that romanized Japanese and Korean names end
// in after a hyphen, naming their kind: a city (shi, si), a ward or
// district (ku, gu), a town (cho, machi, eup), a village (mura, myeon), a
// county (gun), a neighbourhood (dong).
var levelSuffix = map[string]bool{"shi": true, "si": true, "ku": true, "gu": true, "cho": true, "machi": true,
	"mura": true, "gun": true, "dong": true, "eup": true, "myeon": true}

// namesPlace reports whether text is the name or one of the other names of
// p, folded.
func namesPlace(text string, p *Place) bool {
	k := NameKey(text)
	return k == NameKey(p.Name) || slices.ContainsFunc(p.AltNames, func(a string) bool { return NameKey(a) == k })
}

// numberedAs reports whether one of p's names is text followed by a
// number: "Wuse Zone 4" is a zone of Wuse, which the gazetteer knows as
// "Wuse Zone 1" too, not a misspelling of that name.
func numberedAs(text string, p *Place) bool {
	k := NameKey(text)
	return slices.ContainsFunc(p.Names(), func(n string) bool {
		d := districtNumber(n)
		return d > 0 && NameKey(n[:len(n)-d]) == k
	})
}

// numberedName reports whether a place's own name ends in a number
// ("Wuse 2", "Area 11"): its districts are places of their own.
func numberedName(p *Place) bool { return districtNumber(p.Name) > 0 }

// numbered returns the key of a name with its Roman numerals as digits:
// "Wuse II" and "Wuse 2", "Lekki Phase I" and "Lekki Phase 1" are one.
func numbered(s string) string {
	f := strings.Fields(Fold(s))
	for i, w := range f {
		if n := romanValue[w]; n != "" {
			f[i] = n
		}
	}
	return strings.Join(f, "")
}

// romanValue maps the Roman numerals that number districts to digits.
var romanValue = map[string]string{"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6",
	"vii": "7", "viii": "8", "ix": "9", "x": "10", "xi": "11", "xii": "12"}

// areaKindWord reports whether w, written after a Nigerian neighbourhood's
// name, is part of the name people give it: "District", as Abuja's
// districts are named ("Utako District"; a city or an LGA so written takes
// its own name). ("Town" is not: "Oyo town" is the town of Oyo, and
// the parser has cased the word by then.)
func areaKindWord(w string) bool { return Fold(w) == "district" }

// romanizedAlike reports whether two names differ only as romanizations of
// one name do: a space or a hyphen ("Dei-Dei", "DeiDei"), or an h after c
// or s ("Zawachiki", "Zawaciki"; "Kishi", "Kisi").
func romanizedAlike(a, b string) bool {
	norm := func(s string) string {
		f := []rune(wordJoints.Replace(Fold(s)))
		out := f[:0]
		for i, r := range f {
			if r == 'h' && i > 0 && (f[i-1] == 'c' || f[i-1] == 's') {
				continue
			}
			out = append(out, r)
		}
		return string(out)
	}
	return norm(a) == norm(b)
}

// wordJoints takes out the spaces and hyphens between a name's words.
var wordJoints = strings.NewReplacer(" ", "", "-", "")

// saintsInFull are the words "St" and "Ste" cut short, in the languages
// that name places after saints.
var saintsInFull = map[string][]string{"st": {"Saint", "Sankt", "San", "Santo"}, "ste": {"Sainte"}}

// saintInFull returns a name that opens with a saint's word cut short
// ("St. Pölten", "Ste Foy") with the word in full, in each language, which
// the gazetteer may know alone (Sankt Pölten); nil for other names.
func saintInFull(name string) []string {
	f := strings.Fields(name)
	if len(f) < 2 {
		return nil
	}
	var out []string
	for _, full := range saintsInFull[Fold(strings.TrimSuffix(f[0], "."))] {
		out = append(out, full+" "+strings.Join(f[1:], " "))
	}
	return out
}

// stateCodeWritten reports whether the state was written as its code
// ("QC"), which names no town.
func stateCodeWritten(code, text string) bool {
	_, suffix, ok := strings.Cut(code, "-")
	return ok && text != "" && Fold(text) == Fold(suffix)
}
