package autocomplete

// This file holds what a search does beyond its passes when they leave
// the list short: word boundaries left out (joinPass: the joined terms)
// or added (splitPass), and filling (fill), each merged with what was
// found (merge), all within fillSteps of work.

import (
	"cmp"
	"slices"
	"strings"
)

// maxJoins bounds the pairs of neighbouring words searched as one.
const maxJoins = 3

// joinable reports whether two neighbouring words may be one word of a
// name typed with a space: both of letters (numbers are never fuzzed).
func joinable(a, b string) bool {
	return !strings.ContainsAny(a, "0123456789") && !strings.ContainsAny(b, "0123456789")
}

// hasTerm reports whether a word is a term of the table or, as a prefix,
// the start of one.
func (t *table) hasTerm(w string, prefix bool, s *scratch) bool {
	s.key = append(s.key[:0], w...)
	if !prefix {
		_, ok, _ := t.fst.Get(s.key)
		return ok
	}
	s.end = prefixEnd(append(s.end[:0], w...))
	return s.it.Reset(t.fst, s.key, s.end, nil) == nil
}

// settled reports whether a response is full of places that account for
// every word without a typo: nothing found with an edit could enter it.
func settled(resp *Response, limit int) bool {
	if len(resp.Suggestions) < limit {
		return false
	}
	l := resp.Suggestions[len(resp.Suggestions)-1].Match
	return l.Unmatched == 0 && l.Typos == 0
}

// fill goes on with a search whose list is short, while fillSteps
// allows: the pass with one edit more that the search stopped before,
// its walks taking each word's first letter first (fillWalk). What it finds is merged
// below what was found. (Filling with the edits the words share as well
// was tried: half a point of recall for twice the median time.)
func (s *scratch) fill(ix *Index, t *table, q Query, limit int, resp *Response) {
	if s.next && len(resp.Suggestions) < limit && s.spent < fillSteps {
		s.edits++
		s.keep(resp)
		clear(s.memo)
		clear(s.jmemo)
		s.cands = s.cands[:0] // what was found is merged, not scored again
		s.candidates(t, q.Kinds, true, fillCandidates)
		s.scoreMerged(ix, t, q, s.edits, limit, resp)
	}
}

// joinPass looks the query's words up among the joined terms (two words
// of a name run together, see joinedTerm): exactly, as the start of one
// for a last word still being typed, and with the edits the passes reached
// (bounded by fillSteps); it scores the places found with the words as
// the passes left them, and merges them with what was found.
func (s *scratch) joinPass(ix *Index, t *table, q Query, limit int, resp *Response) {
	s.cands = s.cands[:0]
	// A word may match a joined term only beyond its first word: the
	// start of a joined term that ends before the boundary is a start of
	// its first word, which the passes looked up already.
	add := func(v uint64, tk *token, n *int) {
		if len(tk.text)+tk.edits <= int(v&0xff) {
			return
		}
		var one [1]uint32
		for _, e := range t.jpostings(v, &one) {
			if *n < fillCandidates && t.ofKinds(e, q.Kinds) {
				s.cands = append(s.cands, e)
				*n++
			}
		}
	}
	// with edits only when no place accounts for every word
	fuzzy := len(resp.Suggestions) == 0 || resp.Suggestions[0].Match.Unmatched > 0
	for i := range s.toks {
		tk := &s.toks[i]
		if tk.n < 3 {
			continue
		}
		n := 0
		s.key = append(s.key[:0], tk.text...)
		if v, ok, _ := t.jfst.Get(s.key); ok {
			add(v, tk, &n)
		}
		it := &s.it
		var err error
		switch {
		case fuzzy && tk.fuzzed && !tk.number:
			// the joined terms within the edits that start with the
			// word's first byte, within what is left of the work bound
			tk.search.Reset(tk.text, tk.edits, tk.walksPrefix())
			tk.search.Limit(max(1, fillSteps-s.spent))
			s.end = prefixEnd(append(s.end[:0], s.key[0]))
			err = it.Reset(t.jfst, s.key[:1], s.end, &tk.search)
		case tk.prefix:
			s.end = prefixEnd(append(s.end[:0], tk.text...))
			err = it.Reset(t.jfst, s.key, s.end, nil)
		default:
			continue
		}
		for ; err == nil && n < fillCandidates; err = it.Next() {
			_, v := it.Current()
			add(v, tk, &n)
		}
		if fuzzy && tk.fuzzed && !tk.number {
			s.spent += tk.search.Steps()
		}
	}
	if len(s.cands) == 0 {
		return
	}
	slices.Sort(s.cands)
	s.cands = slices.Compact(s.cands)
	s.keep(resp)
	clear(s.memo) // the words may have been readied for a next pass
	clear(s.jmemo)
	s.scoreMerged(ix, t, q, s.edits, limit, resp)
}

// keep keeps the suggestions and their keys, for merge.
func (s *scratch) keep(resp *Response) {
	s.prev = append(s.prev[:0], resp.Suggestions...)
	s.prevKeys = append(s.prevKeys[:0], s.keys...)
}

// scoreMerged scores the candidates with edits, writes the suggestions
// and merges them with those kept before (keep).
func (s *scratch) scoreMerged(ix *Index, t *table, q Query, edits, limit int, resp *Response) {
	s.score(t, q.Focus, edits)
	ix.respond(t, s, resp, limit)
	s.keys = s.merge(resp, s.keys, s.prev, s.prevKeys, limit)
}

// keyed is a suggestion with its ranking key, for merge.
type keyed struct {
	sg  Suggestion
	key uint64
}

// merge merges a response's suggestions (keys: their ranking keys) with
// others found by another pass, by key, the response's first on equal
// keys; one suggestion a label, places that leave words unaccounted for
// only when none accounts for more, up to limit. It returns the keys of
// the merged suggestions.
func (s *scratch) merge(resp *Response, keys []uint64, other []Suggestion, okeys []uint64, limit int) []uint64 {
	if len(other) == 0 {
		return keys
	}
	all := s.merged[:0]
	for i, sg := range resp.Suggestions {
		all = append(all, keyed{sg, keys[i]})
	}
	for i, sg := range other {
		all = append(all, keyed{sg, okeys[i]})
	}
	defer func() { clear(all); s.merged = all[:0] }() // the pooled buffer holds no copies
	// by tieKey: places found with typos keep the order diversify gave
	// them within each list
	slices.SortStableFunc(all, func(a, b keyed) int { return cmp.Compare(tieKey(a.key), tieKey(b.key)) })
	out := make([]Suggestion, 0, limit)
	keys = keys[:0]
	for _, it := range all {
		if len(out) == limit || it.sg.Match.Unmatched > all[0].sg.Match.Unmatched {
			break
		}
		if slices.ContainsFunc(out, func(o Suggestion) bool { return o.Label == it.sg.Label }) {
			continue
		}
		out = append(out, it.sg)
		keys = append(keys, it.key)
	}
	resp.Suggestions = out
	return keys
}

// splitPass searches two words typed for one word of a name ("iba dan",
// "victoria is land") as that word, each pair of neighbours in turn (up
// to maxJoins) whose joined word is a term of the dictionary, or the start
// of one for a last word still being typed; one edit more (the boundary)
// on what each finds, merged with what was found.
func (s *scratch) splitPass(ix *Index, t *table, words []string, open bool, q Query, limit int, resp *Response) {
	alt := scratchPool.Get().(*scratch)
	defer scratchPool.Put(alt)
	var ar Response
	searched := 0
	for i := 0; i+1 < len(words) && searched < maxJoins && s.spent < fillSteps; i++ {
		w := words[i] + words[i+1]
		if !joinable(words[i], words[i+1]) || !t.hasTerm(w, open && i+2 == len(words), s) {
			continue
		}
		searched++
		joined := slices.Concat(words[:i], []string{w}, words[i+2:])
		ar.Suggestions = ar.Suggestions[:0]
		alt.spent = s.spent
		alt.search(ix, t, joined, i, open, q, limit, &ar)
		s.spent = alt.spent
		for k := range alt.keys {
			alt.keys[k] = addTypo(alt.keys[k])
		}
		for k := range ar.Suggestions {
			m := &ar.Suggestions[k]
			m.Match.Typos++
			m.Match.Type = "fuzzy"
			m.Score = max(0, m.Score-10)
		}
		s.keys = s.merge(resp, s.keys, ar.Suggestions, alt.keys, limit)
	}
}
