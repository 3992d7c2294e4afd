package autocomplete

// This file ranks candidates. Ranking invariants that other files rely on,
// checked by TestRankInvariants:
//
//   - A candidate's buckets are packed into one key (cand.pack) that sorts
//     as the buckets Suggest documents, each deciding only between
//     candidates equal in the ones before: query words not accounted for,
//     then typos (a word boundary counts as one), exact before prefix,
//     words covered, name words left untyped, kind (kindOrder, index.go),
//     order of magnitude of the rank, distance; equal keys fall back to the
//     entry number, and entries are numbered best first. Then diversify
//     reorders ties: places of equal keys, and places found with typos
//     that are equal up to the name words left untyped (tieKey), list
//     each name before the repeats of a name. merge keeps that order.
//   - The passes' early stop (Suggest) assumes that typos rank right after
//     the words not accounted for: a list filled by places that account for
//     every word with at most e typos cannot be entered by a place found
//     with more.
//   - respond lists places that leave words unaccounted for only after
//     every place that accounts for all, and only when none does.

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
)

// cand is a candidate entry with its buckets.
type cand struct {
	e         uint32
	uncovered int // query words (not numbers) it does not account for
	typos     int
	prefix    bool // the last word matched only the start of a term
	covered   int
	rest      int     // words of its name that no query word matched
	dist      float64 // to the focus point
	key       uint64  // the buckets packed, for sorting
	missing   uint16  // the query words it does not account for, by bit
}

// typoTieShift drops from a packed key the buckets after the name words
// left untyped: kind, rank and distance (see diversify).
const typoTieShift = 47

// tieKey is the part of a packed key that diversify keeps in order: all
// of it, or for a place found with typos, the buckets up to the name
// words left untyped.
func tieKey(k uint64) uint64 {
	if k>>56&15 > 0 { // typos (see pack)
		return k >> typoTieShift << typoTieShift
	}
	return k
}

// pack packs the buckets of a candidate into one number that sorts as
// they do: 4 bits each for the counts, capped, and the distance in metres.
func (c *cand) pack(kind uint8, magnitude int) {
	c4 := func(v int) uint64 { return uint64(min(max(v, 0), 15)) }
	var p uint64
	if c.prefix {
		p = 1
	}
	c.key = c4(c.uncovered)<<60 | c4(c.typos)<<56 | p<<55 | c4(15-c.covered)<<51 | c4(c.rest)<<typoTieShift |
		c4(int(kind))<<43 | c4(15-magnitude)<<39 | uint64(min(c.dist, 1<<38))
}

// score fills the buckets of every candidate and sorts them. In a pass
// with typos (edits > 0), a query of several words shares its budget
// between them: a word that its own budget leaves unmatched on a candidate
// that has every other word may still match one of its terms with the
// edits the whole query allows (address.TypoBudget of all its letters)
// and the others left: "iko obong" finds "Ikot Obong", "idi ea" finds
// "Idi Eka".
func (s *scratch) score(t *table, focus *Point, edits int) {
	s.found = s.found[:0]
	if s.filling {
		s.spent += scoreCost * len(s.cands)
	}
	clear(s.around)
	last := len(s.toks) - 1
	pooled := 0
	if edits > 0 {
		pooled = s.pooled
	}
	for _, e := range s.cands {
		c := cand{e: e}
		terms := t.entryTerms(e)
		// how each word matches each of the entry's own terms
		// and its joined terms, columns nt to nt+nj (see joinedTerm)
		var cls [maxTokens][maxOwn]int8
		nt := min(len(terms), maxOwn)
		nj := min(max(int(t.nname[e])-1, 0), maxOwn-nt)
		for i := range s.toks {
			for j := range nt {
				cls[i][j] = s.toks[i].class(t, terms[j], s.memo, i)
			}
			for k := range nj {
				cls[i][nt+k] = s.joinClass(t, e, i, k)
			}
		}
		for i := range s.toks {
			tk := &s.toks[i]
			best := s.aroundClass(t, i, t.parent[e], 1)
			for j := range nt + nj {
				if m := cls[i][j]; m >= 0 && (best < 0 || m < best) {
					best = m
				}
			}
			switch {
			case best < 0:
				// a house number is optional on a street or place, not on
				// an address point with another number
				if !tk.number || kindOrder[t.kind[e]] == address.KindAddress {
					c.uncovered++
					c.missing |= 1 << i
				}
			default:
				c.covered++
				c.typos += int(best >> 1)
				if i == last && tk.prefix && best&1 == 1 {
					c.prefix = true
				}
			}
		}
		if c.uncovered == 1 && pooled > c.typos {
			s.share(t, &c, terms[:nt], &cls, pooled-c.typos)
		}
		// the words of its name left untyped, when the query matched its
		// name (not only another name: "FCT" is all of its short name)
		nn := min(int(t.nname[e]), nt)
		c.rest = s.untyped(t, e, &cls, nn, nt, nj)
		if c.rest == nn {
			c.rest = 0
		}
		if focus != nil && !math.IsNaN(float64(t.lat[e])) {
			c.dist = address.Distance(focus.Lat, focus.Lon, float64(t.lat[e]), float64(t.lon[e]))
		}
		c.pack(t.kind[e], magnitude(t.rank[e]))
		s.found = append(s.found, c)
	}
	slices.SortFunc(s.found, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.e, b.e))
	})
}

// untyped counts the first nn words of entry e's name that no query word
// matched (cls: how each word matches each of its first nt terms, then
// its nj joined terms). A word matched to a joined term, when that is the
// best it matches, types both of its words, or the first and as much of
// the second as it is longer.
func (s *scratch) untyped(t *table, e uint32, cls *[maxTokens][maxOwn]int8, nn, nt, nj int) int {
	var typed uint32 // by bit, the words matched
	for i := range s.toks {
		best := int8(-1)
		for j := range nt + nj {
			if m := cls[i][j]; m >= 0 && (best < 0 || m < best) {
				best = m
			}
		}
		for j := range nn {
			if cls[i][j] >= 0 {
				typed |= 1 << j
			}
		}
		for k := range nj {
			if m := cls[i][nt+k]; m >= 0 && m == best {
				typed |= 1 << k
				if m&1 == 0 || s.toks[i].n > utf8.RuneCountInString(t.term(t.entryTerms(e)[k])) {
					typed |= 1 << (k + 1)
				}
			}
		}
	}
	return nn - bits.OnesCount32(typed&(1<<nn-1))
}

// joinClass returns how query word i matches words k and k+1 of entry e's
// name run together (see joinedTerm): -1 when it does not, else its class
// with the edit of the word boundary left out ("portharcourt" is one typo
// from Port Harcourt). Only a word longer than word k can span both.
func (s *scratch) joinClass(t *table, e uint32, i, k int) int8 {
	tk := &s.toks[i]
	ts := t.entryTerms(e)
	if len(tk.text) <= len(t.term(ts[k])) {
		return -1
	}
	key := uint64(i)<<58 | uint64(ts[k])<<29 | uint64(ts[k+1])
	if m, ok := s.jmemo[key]; ok {
		return m
	}
	m := int8(-1)
	var ok bool
	if s.jbuf, ok = t.joinedTerm(s.jbuf[:0], e, k); ok {
		if m = classOf(tk.match(string(s.jbuf))); m >= 0 {
			m += 2
		}
	}
	s.jmemo[key] = m
	return m
}

// share matches the one word a candidate misses to the term of its own
// name nearest it, within spare edits (see score). Each word and term is
// measured once a pass, with all the edits the query shares.
func (s *scratch) share(t *table, c *cand, terms []uint32, cls *[maxTokens][maxOwn]int8, spare int) {
	i := bits.TrailingZeros16(c.missing)
	tk := &s.toks[i]
	if tk.number {
		return
	}
	bestJ, best := -1, int8(-1)
	for j, id := range terms {
		k := uint64(maxTokens+i)<<32 | uint64(id) // apart from class's keys
		m, ok := s.memo[k]
		if !ok {
			m = -1
			if term := t.term(id); tk.prefix || absDiff(len(term), len(tk.text)) <= s.pooled {
				m = classOf(edits.OSA(tk.text, term, s.pooled, tk.prefix))
			}
			s.memo[k] = m
		}
		if m >= 0 && int(m>>1) <= spare && (best < 0 || m < best) {
			bestJ, best = j, m
		}
	}
	if bestJ < 0 {
		return
	}
	cls[i][bestJ] = best
	c.uncovered, c.missing = 0, 0
	c.covered++
	c.typos += int(best >> 1)
	if i == len(s.toks)-1 && tk.prefix && best&1 == 1 {
		c.prefix = true
	}
}

// aroundClass returns how word i best matches place a and the places
// around it (-1 when it matches none), remembered for the query: the
// candidates share their towns, LGAs and states.
func (s *scratch) aroundClass(t *table, i int, a int32, depth int) int8 {
	if a < 0 || depth > maxDepth {
		return -1
	}
	k := uint64(i)<<32 | uint64(uint32(a))
	if m, ok := s.around[k]; ok {
		return m
	}
	best := int8(-1)
	for _, id := range t.entryTerms(uint32(a)) {
		if m := s.toks[i].class(t, id, s.memo, i); m >= 0 && (best < 0 || m < best) {
			best = m
		}
	}
	for k := 0; k+1 < int(t.nname[a]); k++ {
		if m := s.joinClass(t, uint32(a), i, k); m >= 0 && (best < 0 || m < best) {
			best = m
		}
	}
	if best != 0 {
		if up := s.aroundClass(t, i, t.parent[a], depth+1); up >= 0 && (best < 0 || up < best) {
			best = up
		}
	}
	s.around[k] = best
	return best
}

// addTypo adds one typo to a packed key (see pack).
func addTypo(key uint64) uint64 {
	if key>>56&15 < 15 {
		key += 1 << 56
	}
	return key
}

// magnitude buckets a rank by its order of magnitude, so that a nearer
// place of about the same size comes first.
func magnitude(r float32) int {
	if r < 1 {
		return 0
	}
	return 1 + int(math.Log10(float64(r)))
}

// diversify breaks the ties of candidates equal in every bucket by their
// names: a place whose name an earlier one of the tie bears goes after
// the places of other names. Which of the places of one name a query
// meant is the focus point's to settle (with one, ties are rare), but a
// list of five places of the name most places bear, when the query
// matches others as well, hides them ("Bale" for "bal").
//
// Places found with typos tie in the buckets up to the name words left
// untyped (kind, rank and distance aside): the typo leaves open which name
// was meant, and "makewa" lists Makera, then Malewa (a village, one edit
// as well), before the other four towns named Makera.
func (s *scratch) diversify(t *table, limit int) {
	n := min(len(s.found), diversifyDepth*limit)
	tied := func(a, b cand) bool { return tieKey(a.key) == tieKey(b.key) }
	for i := 0; i < n; {
		// a run that starts in the first n may go on beyond them (56
		// places are named Makera)
		j := i + 1
		for j < len(s.found) && j-i < maxTie && tied(s.found[j], s.found[i]) {
			j++
		}
		if j-i > 1 {
			// the first place of each name in place (of the first limit
			// names), the others after
			run := s.found[i:j]
			s.tie = append(s.tie[:0], run...)
			s.later = s.later[:0]
			k := 0
			for _, c := range s.tie {
				if k == limit || named(t, c.e, run[:k]) {
					s.later = append(s.later, c)
				} else {
					run[k] = c
					k++
				}
			}
			copy(run[k:], s.later)
		}
		i = j
	}
}

// maxTie bounds the run of tied candidates diversify looks through.
const maxTie = 256

// named reports whether one of the candidates before bears the name of
// entry e (the same words).
func named(t *table, e uint32, before []cand) bool {
	name := t.entryTerms(e)[:t.nname[e]]
	for _, c := range before {
		if slices.Equal(t.entryTerms(c.e)[:t.nname[c.e]], name) {
			return true
		}
	}
	return false
}
