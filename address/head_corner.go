package address

// Corners: an address at the corner of two streets ("Corner of 1st Ave
// and Pike St", "Cnr Hay and Barrack Streets", "Haight St & Ashbury St",
// "C/ Alcalá esq. Gran Vía"). The first street is the street; the second
// is the landmark at whose corner the address lies, with the relation
// "Corner of".

import (
	"slices"
	"strings"
)

// cornerOf is the relation of the second street of a corner.
const cornerOf = "Corner of"

// cornerJoiners join the two streets of a corner after its relation
// ("Corner of X and Y", "Angle rue X et rue Y"); an ampersand does too.
// (Not the one-letter "y" and "e": "Corner of Avenue E and 5th Street".)
var cornerJoiners = map[string]bool{"and": true, "et": true, "und": true}

// foreignCorners are the corner's words of other languages than English,
// with the countries that write them: "angle" is a French corner, not
// "12 Angle Road, Lagos"; "esq." a Spanish or Portuguese one, not a
// Nigerian "Chief J. O. Adewale Esq.".
var foreignCorners = func() map[string][]string {
	out := map[string][]string{
		"ecke":   {"DE", "AT", "CH", "LI", "LU"},
		"angolo": {"IT", "CH", "SM", "VA"},
		"angle":  frenchCountries,
	}
	var iberian []string
	for _, l := range streetLanguages {
		if slices.Contains(l.words, "calle") || slices.Contains(l.words, "rua") {
			iberian = append(iberian, l.countries...)
		}
	}
	for _, k := range []string{"esq", "esquina"} {
		out[k] = iberian
	}
	return out
}()

// cornerWritten reports whether the corner's relation at words[i] may be
// read in the country: an English one anywhere, another where its language
// is written, never as a street's name after its type ("Calle Esquina 5"),
// nor as the side of a floor's door after its number ("rua do souto 89 1º
// esq", the left-hand door in Portugal).
func (p *parser) cornerWritten(i int) bool {
	if ccs, ok := foreignCorners[p.key(i)]; ok && !slices.Contains(ccs, p.country) {
		return false
	}
	if i > 0 && p.words[i-1].digit && p.key(i) == "esq" {
		return false
	}
	if i > 0 && p.words[i-1].lex {
		if st, ok := streetTypes[p.key(i-1)]; ok && st.Prefix {
			return false
		}
	}
	return true
}

// cornerLandmark reads, from lo, a segment that a corner's relation opens
// with two streets joined ("Corner of 1st Ave and Pike St"), or that a
// joiner opens after a street written before it without a comma
// ("Haight St & Ashbury St", "Allen Avenue and Opebi Road"): the street
// and the landmark at its corner. It reports whether it did.
func (p *parser) cornerLandmark(s span, lo int, r *part) bool {
	hi := s.hi
	if rel, n := p.relationAt(lo, hi); rel == cornerOf && lo+n+1 < hi {
		for j := lo + n + 1; j < hi; j++ {
			end, next := j, j+1 // the first street's end, the second's start
			switch {
			case p.words[j].amp:
				next = j
			case !cornerJoiners[p.key(j)]:
				continue
			}
			if next >= hi {
				return false
			}
			typ := pluralType(p.key(hi - 1)) // "Cnr Hay and Barrack Streets"
			p.label(lo, lo+n, LabelLandmarkRelation)
			p.cornerStreet(lo+n, end, typ, r)
			p.cornerOf(next, hi, typ, r)
			return true
		}
		if hi < len(p.words) && p.runsOn(hi) && (p.words[hi].amp || p.key(hi) == "and") {
			// "Corner of Allen Avenue and Opebi Road": parted after the
			// first street's type; the second opens the next part
			p.label(lo, lo+n, LabelLandmarkRelation)
			p.cornerStreet(lo+n, hi, "", r)
			return true
		}
		return false
	}
	if lo != s.lo || !p.runsOn(lo) || !p.streetTypeAt(lo-1) && !p.cornerBefore(lo) {
		return false
	}
	from := lo
	if !p.words[lo].amp {
		if p.key(lo) != "and" {
			return false // ("et", "und" join only after a corner's relation)
		}
		from = lo + 1
	}
	if from+1 >= hi || !p.streetTypeAt(hi-1) {
		return false
	}
	p.label(lo, from, LabelLandmarkRelation)
	p.cornerOf(from, hi, "", r)
	return true
}

// cornerStreet reads words[lo:hi] as the street of a corner, with the type
// typ the two streets share when it has none of its own.
func (p *parser) cornerStreet(lo, hi int, typ string, r *part) {
	var t part
	if p.headName(span{lo, hi}, lo, hi, &t); t.street.full != "" && t.org == "" {
		r.street, r.rawStreet, r.core = t.street, t.rawStreet, true // "Avenue E", read as any street is
		return
	}
	name, _ := p.streetOrName(lo, hi)
	r.street = streetName{full: name, name: name}
	if st, ok := streetTypes[p.key(hi-1)]; ok && !st.Prefix && hi-lo > 1 {
		r.street.name, r.street.typ = p.name(lo, hi-1), st.Canonical
		p.label(lo, hi-1, LabelStreetName)
		p.label(hi-1, hi, LabelStreetType)
	} else {
		p.label(lo, hi, LabelStreetName)
		if typ != "" {
			r.street.full, r.street.typ = name+" "+typ, typ
		}
	}
	r.rawStreet = p.texts(lo, hi)
	r.core = true
}

// cornerOf reads words[lo:hi] as the street at whose corner the address
// lies, its plural type typ made one.
func (p *parser) cornerOf(lo, hi int, typ string, r *part) {
	name, _ := p.streetOrName(lo, hi)
	if typ != "" && hi-lo > 1 {
		name = p.name(lo, hi-1) + " " + typ
	}
	p.label(lo, hi, LabelLandmark)
	r.landmark = &Landmark{Relation: cornerOf, Name: name}
}

// streetTypeAt reports whether words[i] is a street type written after
// the name.
func (p *parser) streetTypeAt(i int) bool {
	if i < 0 || i >= len(p.words) || !p.words[i].lex {
		return false
	}
	st, ok := streetTypes[p.key(i)]
	return ok && !st.Prefix
}

// pluralType returns the canonical type of a street type written in the
// plural ("Streets", "Rds"), or "".
func pluralType(k string) string {
	if one, ok := strings.CutSuffix(k, "s"); ok {
		if st, ok := streetTypes[one]; ok && !st.Prefix {
			return st.Canonical
		}
	}
	return ""
}

// cornerBefore reports whether the part that ends at word lo opens with a
// corner's relation ("Corner of Avenue E and 5th Street": parted before
// "and").
func (p *parser) cornerBefore(lo int) bool {
	for _, s := range p.spans {
		if s.hi == lo {
			r, _ := p.relationAt(s.lo, s.hi)
			return r == cornerOf
		}
	}
	return false
}
