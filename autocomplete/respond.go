package autocomplete

// This file turns ranked candidates into suggestions: labels, components,
// points and the highlighted spans of the words matched.

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
)

// maxRepeats is how many places of one name an answer lists before
// those of other names (see respond).
const maxRepeats = 3

// respond writes the best distinct suggestions and returns the last.
func (ix *Index) respond(t *table, s *scratch, resp *Response, limit int) (last cand) {
	s.diversify(t, limit)
	var b strings.Builder
	type built struct {
		c            cand
		label, secnd [2]int // offsets in b
	}
	var out []built
	add := func(c cand) {
		from := b.Len()
		name := t.field(c.e, recName)
		b.WriteString(name)
		mid := b.Len()
		t.secondary(&b, c.e)
		end := b.Len()
		// one suggestion per label: merged sources, street segments
		for _, o := range out {
			if o.label[1]-o.label[0] == end-from && b.String()[o.label[0]:o.label[1]] == b.String()[from:end] {
				trim(&b, from)
				return
			}
		}
		out = append(out, built{c: c, label: [2]int{from, end}, secnd: [2]int{mid, end}})
	}
	// a name listed maxRepeats times gives way to the other names that
	// account for the query's words as wholly (no more name words left
	// untyped): five villages called Kaka hid the Kakau one letter on;
	// the five places named Apa go before Idi Apa
	var deferred []cand
	for _, c := range s.found {
		if len(out) == limit {
			break
		}
		// places that leave words unaccounted for only when none accounts
		// for all of them
		if c.covered == 0 || c.uncovered > s.found[0].uncovered {
			break
		}
		if repeats := 0; slices.ContainsFunc(out, func(o built) bool {
			if t.sameName(o.c.e, c.e) {
				repeats++
			}
			return repeats == maxRepeats
		}) {
			deferred = append(deferred, c)
			continue
		}
		for len(deferred) > 0 && deferred[0].rest < c.rest && len(out) < limit {
			add(deferred[0])
			deferred = deferred[1:]
		}
		if len(out) == limit {
			break
		}
		add(c)
	}
	for _, c := range deferred {
		if len(out) == limit {
			break
		}
		add(c)
	}
	all := b.String()
	resp.Suggestions = make([]Suggestion, len(out))
	s.keys = s.keys[:0]
	spans := make([]Span, 0, 2*len(out))
	for i, o := range out {
		e := o.c.e
		sg := &resp.Suggestions[i]
		sg.ID = t.field(e, recID)
		sg.Kind = kindOrder[t.kind[e]]
		sg.MainText = t.field(e, recName)
		sg.SecondaryText = strings.TrimPrefix(all[o.secnd[0]:o.secnd[1]], ", ")
		sg.Label = all[o.label[0]:o.label[1]]
		sg.Latitude, sg.Longitude, sg.Point = t.point(e)
		sg.Components = t.components(e)
		sg.Match = Match{Type: "exact", Typos: o.c.typos, Unmatched: bits.OnesCount16(o.c.missing)}
		switch {
		case o.c.typos > 0:
			sg.Match.Type = "fuzzy"
		case o.c.prefix:
			sg.Match.Type = "prefix"
		}
		sg.Score = max(0, 100-25*float64(bits.OnesCount16(o.c.missing))-10*float64(o.c.typos)-5*b2f(o.c.prefix)-float64(t.kind[e]))
		n := len(spans)
		spans = s.highlight(t, e, sg.MainText, spans)
		sg.Matches = spans[n:len(spans):len(spans)]
		if hn, at := s.houseNumber(); hn != "" && sg.Kind == address.KindStreet && !slices.Contains(strings.Fields(sg.MainText), hn) && !s.namesArea(sg.Label, at) {
			carry(sg, hn)
		}
		last = o.c
		s.keys = append(s.keys, o.c.key)
	}
	return last
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func round6(f float32) float64 { return math.Round(float64(f)*1e6) / 1e6 }

// trim cuts a builder back to n bytes.
func trim(b *strings.Builder, n int) {
	s := b.String()[:n]
	b.Reset()
	b.WriteString(s)
}

// secondary writes ", " and the names of the places around an entry: its
// neighbourhood, town, LGA, state and country, each once.
func (t *table) secondary(b *strings.Builder, e uint32) {
	prev := t.field(e, recName)
	for a, depth := t.parent[e], 0; a >= 0 && depth < maxDepth; a, depth = t.parent[a], depth+1 {
		switch kindOrder[t.kind[a]] {
		case address.KindWard, address.KindPostcode, address.KindStreet, address.KindAddress:
			continue
		}
		name := t.field(uint32(a), recName)
		if name == prev {
			continue
		}
		b.WriteString(", ")
		b.WriteString(name)
		prev = name
	}
}

// components gathers the parts of an entry's address from it and the
// places around it.
func (t *table) components(e uint32) Components {
	c := Components{CountryCode: t.cc}
	for a, depth := int32(e), 0; a >= 0 && depth < maxDepth; a, depth = t.parent[a], depth+1 {
		x := uint32(a)
		name := t.field(x, recName)
		switch kindOrder[t.kind[x]] {
		case address.KindAddress:
			c.HouseNumber, c.Street = t.field(x, recHouseNumber), t.field(x, recStreet)
		case address.KindStreet:
			c.Street = cmp.Or(c.Street, name)
		case address.KindNeighbourhood, address.KindWard:
			c.Neighbourhood = cmp.Or(c.Neighbourhood, name)
		case address.KindCity, address.KindTown, address.KindVillage:
			c.City = cmp.Or(c.City, name)
		case address.KindLGA:
			c.LGA = cmp.Or(c.LGA, name)
		case address.KindState:
			c.State = cmp.Or(c.State, name)
			c.StateCode = cmp.Or(c.StateCode, t.field(x, recCode))
		case address.KindPostcode:
			c.Postcode = cmp.Or(c.Postcode, name)
		}
		c.Postcode = cmp.Or(c.Postcode, t.field(x, recPostcode))
	}
	return c
}

// highlight appends the spans of the words of the main text that a query
// word matched. The words of a name are its terms in order (address.Tokens
// folds word by word), so word i is term i of the entry; a query word that
// matched words i and i+1 run together (see joinClass) marks both.
func (s *scratch) highlight(t *table, e uint32, text string, spans []Span) []Span {
	terms := t.entryTerms(e)[:t.nname[e]]
	carry := 0 // characters of a joined match left for this word
	w, runes, start, inWord := 0, 0, 0, false
	mark := func(n int) {
		if n > 0 {
			spans = append(spans, Span{Offset: start, Length: n})
		}
	}
	flush := func(end int) {
		n, left := end-start, carry
		carry = 0
		if w < len(terms) {
			done := false
			for i := range s.toks {
				m := s.toks[i].class(t, terms[w], s.memo, i)
				if m < 0 {
					continue
				}
				if m&1 == 1 { // the start of the word
					n = min(n, utf8.RuneCountInString(s.toks[i].text))
				}
				mark(n)
				done = true
				break
			}
			switch {
			case done:
			case left > 0: // the rest of a joined match
				mark(min(n, left))
			case w+1 < len(terms):
				for i := range s.toks {
					m := s.joinClass(t, e, i, w)
					if m < 0 {
						continue
					}
					typed := math.MaxInt
					if m&1 == 1 { // the start of the joined words
						typed = utf8.RuneCountInString(s.toks[i].text)
					}
					mark(min(n, typed))
					carry = max(0, typed-n)
					break
				}
			}
		}
		w++
	}
	for _, r := range text {
		word := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
		joiner := r == '.' || r == '\'' || r == '’' || r == '`'
		switch {
		case word && !inWord:
			start, inWord = runes, true
		case !word && !joiner && inWord:
			flush(runes)
			inWord = false
		}
		runes++
	}
	if inWord {
		flush(runes)
	}
	return spans
}

// point returns where a suggestion of entry e is: its own point, or that
// of the nearest place around it that has one, when that place is a
// settlement or a part of one (an LGA's or a state's point can lie tens of
// kilometres from a street, as geocoding's rule for streets without a point
// says).
func (t *table) point(e uint32) (lat, lon float64, point string) {
	if !math.IsNaN(float64(t.lat[e])) {
		return round6(t.lat[e]), round6(t.lon[e]), PointOwn
	}
	for a, depth := t.parent[e], 0; a >= 0 && depth < maxDepth; a, depth = t.parent[a], depth+1 {
		switch kindOrder[t.kind[a]] {
		case address.KindCountry, address.KindState, address.KindLGA:
			return 0, 0, PointNone
		}
		if !math.IsNaN(float64(t.lat[a])) {
			return round6(t.lat[a]), round6(t.lon[a]), PointArea
		}
	}
	return 0, 0, PointNone
}

// houseNumber returns the house number of the query: a first or last
// word with a digit ("12 adeola od", "adeola odeku 12", "No 3 zoo rd"),
// as written, its letters in capitals ("12b": "12B"); or "".
func (s *scratch) houseNumber() (string, int) {
	if len(s.toks) < 2 {
		return "", -1 // a number alone is no address
	}
	// (Suggest drops a word that introduces the number: "No 3 zoo rd")
	for _, i := range [2]int{0, len(s.toks) - 1} {
		if tk := &s.toks[i]; tk.number {
			return strings.ToUpper(tk.text), i
		}
	}
	return "", -1
}

// namesArea reports whether the number, query word i, ends with the word
// before it the name of a place the label names: "aminu kano crescent
// wuse 2" is the street in Wuse 2, not its number 2.
func (s *scratch) namesArea(label string, i int) bool {
	if i < 1 {
		return false
	}
	words := address.Tokens(label)
	for j := 1; j < len(words); j++ {
		if words[j] == s.toks[i].text && words[j-1] == s.toks[i-1].text {
			return true
		}
	}
	return false
}

// numberWords introduce a house number.
var numberWords = map[string]bool{"no": true, "plot": true, "house": true, "hse": true, "block": true, "blk": true, "number": true}

// carry puts the query's house number on a street's suggestion: before
// its name and label, in its components, highlighted; its point is the
// street's, which Point says (PointStreet), the gazetteer having no point
// for that number (an address point it has is suggested itself).
func carry(sg *Suggestion, hn string) {
	shift := utf8.RuneCountInString(hn) + 1
	matches := make([]Span, 0, len(sg.Matches)+1)
	matches = append(matches, Span{Offset: 0, Length: shift - 1})
	for _, m := range sg.Matches {
		matches = append(matches, Span{Offset: m.Offset + shift, Length: m.Length})
	}
	sg.Matches = matches
	sg.MainText = hn + " " + sg.MainText
	sg.Label = hn + " " + sg.Label
	sg.Components.HouseNumber = hn
	if sg.Point == PointOwn {
		sg.Point = PointStreet
	}
}
