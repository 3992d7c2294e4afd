package autocomplete

// This file finds the entries a pass scores: each query word looked up in
// the term dictionary (exactly, as a prefix, or with an edit automaton),
// and the postings of the most selective word, or of two intersected.

import (
	"cmp"
	"slices"

	"github.com/addrkit/addrkit/address"
)

// candidates finds the entries to score: the postings of the terms of the
// most selective word, the terms it matches best first, and the best
// entries of each (postings are in entry order, best first), up to
// maxCandidates; or, when the only word to go by is a prefix of many terms
// (all prefixes of 1 to 3 bytes, longer ones of more than broadTerms
// terms), its precomputed list. The word s.force, when set, finds them,
// however many places it has.
func (s *scratch) candidates(t *table, kinds []address.PlaceKind, fuzzy bool, maxCandidates int) {
	if !fuzzy {
		s.cands = s.cands[:0]
	} // a pass with typos adds to what the passes before found
	base := len(s.cands)
	s.all = -1
	keep := func(e uint32) bool { return t.ofKinds(e, kinds) }
	var driver, broad *token
	all := -1 // driver's index
	for _, i := range s.order(t, fuzzy) {
		tk := &s.toks[i]
		if tk.prefix && !tk.fuzzed && t.top[tk.text] != nil {
			// A prefix of many terms: its precomputed list stands for it,
			// and it is checked on what the other words find.
			tk.expanded, broad = false, tk
			continue
		}
		if fuzzy && driver != nil && (tk.fuzzed || s.force < 0) && (driver.postings <= maxCandidates || s.force >= 0) {
			// With typos, walking the dictionary is the costly part:
			// one word finds the candidates, the others are checked on
			// them. (After a forced word, the words matched exactly are
			// looked up, for their places to intersect with its own.)
			// When the word walked matches more places than a pass
			// scores, the next word is walked too ("bada stret", whose
			// "stret" matches "street"): the fewer places drive, and
			// the words' places may intersect.
			tk.expanded = false
			continue
		}
		s.expand(t, tk)
		if tk.expanded && len(tk.hits) > 0 && (driver == nil || s.force < 0 && drives(tk, driver)) {
			driver, all = tk, i
		}
	}
	if (driver == nil || driver.number) && broad != nil {
		// the list, and the entries of the word itself, if it is one (a
		// number beside it is a house number: "15 awo")
		s.key = append(s.key[:0], broad.text...)
		if id, ok, _ := t.fst.Get(s.key); ok {
			for _, e := range t.postings(id) {
				if len(s.cands)-base == maxCandidates {
					break
				}
				if keep(e) {
					s.cands = append(s.cands, e)
				}
			}
		}
		for _, e := range t.top[broad.text] {
			if keep(e) {
				s.cands = append(s.cands, e)
			}
		}
		slices.Sort(s.cands)
		s.cands = slices.Compact(s.cands)
		return
	}
	if driver == nil {
		return
	}
	if driver.postings <= maxCandidates {
		s.all = all // every one of its places is listed below
	} else {
		// Too many to score: first the places whose own names have the
		// driver's words and another word's (a word of one term, as a
		// whole word is), found by intersecting their postings, then the
		// best of the rest for the words that name places around them.
		var other *token
		for i := range s.toks {
			tk := &s.toks[i]
			if tk != driver && tk.expanded && len(tk.hits) > 0 && len(tk.hits) <= maxOtherHits && (other == nil || tk.postings < other.postings) {
				other = tk
			}
		}
		var with []hit
		if other != nil {
			with = other.hits
		} else if broad != nil {
			// a prefix of many terms that is a term itself ("rd" typed
			// out as "road")
			s.key = append(s.key[:0], broad.text...)
			if id, ok, _ := t.fst.Get(s.key); ok {
				with = []hit{{id: uint32(id)}}
			}
		}
		for _, o := range with {
			for _, h := range driver.hits {
				s.cands = intersect(s.cands, t.postings(uint64(h.id)), t.postings(uint64(o.id)), keep, base+maxCandidates/2)
			}
		}
	}
	for class := int8(0); class <= int8(2*driver.budget+1) && len(s.cands)-base < maxCandidates; class++ {
		// the best entries of the terms of this class
		s.rest = s.rest[:0]
		room := maxCandidates - (len(s.cands) - base)
		for _, h := range driver.hits {
			if h.class != class {
				continue
			}
			n := 0
			for _, e := range t.postings(uint64(h.id)) {
				if n == room {
					break
				}
				if keep(e) {
					s.rest = append(s.rest, e)
					n++
				}
			}
		}
		slices.Sort(s.rest)
		s.rest = slices.Compact(s.rest)
		s.cands = append(s.cands, s.rest[:min(len(s.rest), room)]...)
	}
	// and the places of a word that lie in a place another word names,
	// which neither word's own places may hold: "jos plateau" (Jos lies
	// in Plateau, whose name is not its own), "ahmadu bello way kaduna"
	// (the Ahmadu Bello Ways are too many to score; those in Kaduna few)
	limit := len(s.cands) + maxCandidates/2
	for i := range s.toks {
		for j := range s.toks {
			if j != i && s.nareas[i] > 0 && s.toks[j].expanded && !s.toks[j].number {
				s.cands = s.withinArea(t, &s.toks[j], i, keep, limit)
			}
		}
	}
	slices.Sort(s.cands)
	s.cands = slices.Compact(s.cands)
}

// withinArea appends to s.cands the places of word tk's exact terms
// that lie in a place query word i names, until s.cands holds limit,
// looking at withinScan places at most.
func (s *scratch) withinArea(t *table, tk *token, i int, keep func(uint32) bool, limit int) []uint32 {
	scanned := 0
	for _, h := range tk.hits {
		if h.class != 0 {
			continue
		}
		for _, e := range t.postings(uint64(h.id)) {
			if len(s.cands) >= limit || scanned == withinScan {
				return s.cands
			}
			scanned++
			if s.inArea(t, e, i) && keep(e) {
				s.cands = append(s.cands, e)
			}
		}
	}
	return s.cands
}

// withinScan bounds the places withinArea looks at.
const withinScan = 8192

// ofKinds reports whether entry e is of one of the kinds (any, when none
// is given).
func (t *table) ofKinds(e uint32, kinds []address.PlaceKind) bool {
	return len(kinds) == 0 || slices.Contains(kinds, kindOrder[t.kind[e]])
}

// intersect appends to out the entries in both a and b (ascending lists)
// that keep accepts, until out holds limit, galloping through the longer.
func intersect(out, a, b []uint32, keep func(uint32) bool, limit int) []uint32 {
	if len(a) > len(b) {
		a, b = b, a
	}
	for _, e := range a {
		if len(out) >= limit || len(b) == 0 {
			break
		}
		// gallop to the first of b not below e
		step := 1
		for step < len(b) && b[step] < e {
			step *= 2
		}
		i, _ := slices.BinarySearch(b[step/2:min(step+1, len(b))], e)
		b = b[step/2+i:]
		if len(b) > 0 && b[0] == e && keep(e) {
			out = append(out, e)
		}
	}
	return out
}

// drives reports whether the word tk finds the candidates rather than
// driver: a word before a number, whatever their places ("15" names
// one street, "15 Road", and is carried as the house number of the
// streets the words find: "15 ikwerre rd port harcourt"), then the word
// of fewer places.
func drives(tk, driver *token) bool {
	if tk.number != driver.number {
		return driver.number
	}
	return tk.postings < driver.postings
}

// commonPostings is the number of places above which a word is common
// (see order).
const commonPostings = 8 * maxCandidates

// order returns the order in which to look the words up: as typed, or,
// with typos, the longest (the most selective) first, but after the others
// a word that names more places than several passes score ("street",
// "road", "ikot"): the first word walks the dictionary and finds the
// candidates, and "asel street" finds Asela Street through "asel".
func (s *scratch) order(t *table, fuzzy bool) []int {
	s.idx = s.idx[:0]
	for i := range s.toks {
		s.idx = append(s.idx, i)
	}
	if fuzzy {
		common := func(i int) int {
			s.key = append(s.key[:0], s.toks[i].text...)
			if id, ok, _ := t.fst.Get(s.key); ok && len(t.postings(id)) > commonPostings {
				return 1
			}
			return 0
		}
		var c [maxTokens]int
		for i := range s.toks {
			c[i] = common(i)
		}
		slices.SortStableFunc(s.idx, func(a, b int) int {
			return cmp.Or(cmp.Compare(c[a], c[b]), cmp.Compare(s.toks[b].n, s.toks[a].n))
		})
	}
	if s.force >= 0 {
		i := slices.Index(s.idx, s.force)
		copy(s.idx[1:i+1], s.idx[:i])
		s.idx[0] = s.force
	}
	return s.idx
}

// expand looks a word up in the term dictionary: the term itself, or the
// terms it starts, and, once its automaton is built, those within its typo
// budget. A word that matches more than maxExpand terms is left
// unexpanded: it is checked on the candidates the others find.
func (s *scratch) expand(t *table, tk *token) {
	tk.expanded, tk.partial, tk.hits, tk.postings = true, false, tk.hits[:0], 0
	add := func(id uint64) bool {
		if len(tk.hits) == maxExpand {
			tk.expanded = false
			return false
		}
		if tk.partial && s.spent+len(tk.hits)+tk.search.Steps() >= fillSteps {
			return false // the work bound: the terms yielded count too
		}
		tk.hits = append(tk.hits, hit{id: uint32(id), class: classOf(tk.matchWalked(t.term(uint32(id))))})
		tk.postings += int(t.postOff[id+1] - t.postOff[id])
		return true
	}
	s.key = append(s.key[:0], tk.text...)
	it := &s.it
	var err error
	switch {
	case tk.fuzzed && s.filling:
		s.fillWalk(t, tk, add)
		return
	case tk.fuzzed:
		tk.search.Reset(tk.text, tk.edits, tk.walksPrefix())
		err = it.Reset(t.fst, nil, nil, &tk.search)
	case tk.prefix:
		s.end = prefixEnd(append(s.end[:0], tk.text...))
		err = it.Reset(t.fst, s.key, s.end, nil)
	default:
		if id, ok, _ := t.fst.Get(s.key); ok {
			add(id)
		}
		return
	}
	for err == nil {
		_, id := it.Current()
		if !add(id) {
			return
		}
		err = it.Next()
	}
	// Keys come in order, and so do term numbers: hits are sorted. The
	// iteration ends with vellum.ErrIteratorDone; the FST was checked when
	// loaded, so no other error is expected, and one would only end the
	// list early.
}

// fillWalk is the walk of a word with edits in the filling pass, within
// what is left of the work bound: first the terms that start with the
// word's first byte, where most typos leave them, then the others ("tche"
// finds Etche, "tingi" Ningi, once the names of T are walked). A walk cut
// by the bound leaves the rest out: the token is partial, its other terms
// measured when met.
func (s *scratch) fillWalk(t *table, tk *token, add func(uint64) bool) {
	tk.partial = true
	first := []byte{s.key[0]}
	s.end = prefixEnd(append(s.end[:0], s.key[0]))
	ranges := [3][2][]byte{{first, s.end}, {nil, first}, {s.end, nil}}
	if s.end == nil {
		ranges[2] = [2][]byte{} // the first byte is 0xff: no key after it
	}
	for i, r := range ranges {
		if i == 2 && r[0] == nil {
			break
		}
		tk.search.Reset(tk.text, tk.edits, tk.walksPrefix())
		tk.search.Limit(max(1, fillSteps-s.spent-len(tk.hits)))
		err := s.it.Reset(t.fst, r[0], r[1], &tk.search)
		for ; err == nil; err = s.it.Next() {
			_, id := s.it.Current()
			if !add(id) {
				break
			}
		}
		s.spent += tk.search.Steps()
		if s.spent+len(tk.hits) >= fillSteps || len(tk.hits) == maxExpand {
			break
		}
	}
	s.spent += len(tk.hits)
	// in term order, as the other walks give them (class searches them)
	slices.SortFunc(tk.hits, func(a, b hit) int { return cmp.Compare(a.id, b.id) })
}

// prefixEnd turns a prefix into the first key after every key with it,
// nil when there is none.
func prefixEnd(b []byte) []byte {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return b[:i+1]
		}
	}
	return nil
}
