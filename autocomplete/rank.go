package autocomplete

// This file ranks candidates. Ranking invariants that other files rely on,
// checked by TestRankInvariants:
//
//   - A candidate's buckets are packed into one key (cand.pack) that sorts
//     as the buckets Suggest documents, each deciding only between
//     candidates equal in the ones before: query words not accounted for
//     (a word that names a place counting twice: namesPlace),
//     then typos (a word boundary counts as one); then, for a place typed
//     without typos, words covered, importance (importance, and nearness
//     to the focus point), exact before prefix, and for one found with
//     typos, exact before prefix, words covered, nearness; then name
//     words left untyped, standing (kind, kindOrder in index.go, or
//     with typos importance and the edits people seldom make), order of
//     magnitude of the rank, distance; equal keys fall back to the
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
	uncovered int // query words (not numbers) it does not account for, a word that names a place twice
	typos     int
	unlikely  int  // of the typos, those people seldom make (edits.Unlikely)
	prefix    bool // the last word matched only the start of a term
	covered   int
	rest      int     // words of its name that no query word matched
	weight    int     // importance, 0 to 15 (see importance)
	dist      float64 // to the focus point
	key       uint64  // the buckets packed, for sorting
	missing   uint16  // the query words it does not account for, by bit
}

// typoTieShift drops from a packed key the buckets after the name words
// left untyped: kind, rank and distance (see diversify).
const typoTieShift = 43

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
	// typed right: words covered, importance, exact before prefix; with
	// typos: exact before prefix, words covered, nearness (the two
	// orders never meet: the typos bucket parts them)
	mid := c4(15-c.covered)<<5 | c4(15-c.weight)<<1 | p
	if c.typos > 0 {
		mid = p<<8 | c4(15-c.covered)<<4 | c4(15-c.weight)
	}
	c.key = c4(c.uncovered)<<60 | c4(c.typos)<<56 | mid<<47 | c4(c.rest)<<typoTieShift |
		c4(standing(kind, magnitude, c.typos)+c.unlikely)<<39 | c4(15-magnitude)<<35 | uint64(min(c.dist, 1<<35-1))
}

// standing orders the places that match a query equally well after the
// name words left untyped: by kind (kindOrder) when typed right, whose
// importance came before; by importance, highest first, when found with
// typos, where importance comes no earlier: of the places of a corrected
// name the one people mean comes first ("kno" offers the city of Kano
// before the state), while which names are offered stays the text's
// choice (diversify lists each name of a tie before the repeats).
//
// With typos, a candidate's edits that people seldom make (edits.Unlikely)
// are added by the caller, a step each: of the places a typo leaves open,
// the one a likely typo explains first, never over a place of more
// importance (two steps a level).
//
// With typos, places of equal importance keep kindOrder's one step that
// importance does not make (a ward, 0 as a village is, before it): of the
// names a typo leaves open, a ward's is the likelier ("akta" for Bakta, a
// ward, before the villages Akwa and Akpa). As importance, the step
// weighs after the words covered and exact before prefix.
func standing(kind uint8, magnitude, typos int) int {
	if typos == 0 {
		return int(kind)
	}
	k := min(int(kind), len(kindOrder)-1)
	after := 0
	if k > wardOrder {
		after = 1
	}
	return 2*(6-importance(kindOrder[k], magnitude)) + after
}

// wardOrder is the place of wards in kindOrder.
var wardOrder = slices.Index(kindOrder, address.KindWard)

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
			bestJ := -1
			for j := range nt + nj {
				if m := cls[i][j]; m >= 0 && (best < 0 || m < best || m == best && bestJ < 0) {
					best, bestJ = m, j
				}
			}
			switch {
			case best < 0:
				// a house number is optional on a street, which carries
				// it, not on an address point with another number, nor on
				// a place that is no street when other words are typed:
				// "15 awolowo" means an address, on Awolowo Street before
				// the village Awolowo Camp
				if k := kindOrder[t.kind[e]]; !tk.number || k == address.KindAddress || k != address.KindStreet && len(s.toks) > 1 {
					c.uncovered++
					if s.nareas[i] > 0 {
						c.uncovered++ // a town left out counts twice (see namesPlace)
					}
					c.missing |= 1 << i
				}
			default:
				c.covered++
				c.typos += int(best >> 1)
				if best>>1 > 0 && bestJ >= 0 && bestJ < nt {
					c.unlikely += s.unlikely(t, i, terms[bestJ], best&1 == 1)
				}
				if i == last && tk.prefix && best&1 == 1 {
					c.prefix = true
				}
			}
		}
		if bits.OnesCount16(c.missing) == 1 && pooled > c.typos {
			s.share(t, &c, terms[:nt], &cls, pooled-c.typos)
		}
		// the words of its name left untyped, when the query matched its
		// name (not only another name: "FCT" is all of its short name)
		nn := min(int(t.nname[e]), nt)
		c.rest = s.untyped(t, e, &cls, nn, nt, nj)
		if c.rest == nn {
			c.rest = 0
		}
		c.dist = 1<<35 - 1
		if focus != nil && !math.IsNaN(float64(t.lat[e])) {
			c.dist = address.Distance(focus.Lat, focus.Lon, float64(t.lat[e]), float64(t.lon[e]))
		}
		c.weight = nearness(focus, c.dist)
		if c.typos == 0 {
			// a name typed right: the place more people mean first;
			// with typos, the text alone (and the focus) decides
			c.weight += importance(kindOrder[t.kind[e]], magnitude(t.rank[e]))
		}
		mag := magnitude(t.rank[e])
		if t.seat(e) {
			mag++ // of two towns as important, the LGA's seat first
		}
		c.pack(t.kind[e], mag)
		s.found = append(s.found, c)
	}
	slices.SortFunc(s.found, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.e, b.e))
	})
}

// unlikely returns edits.Unlikely of query word i and a term it matches
// with typos (only its start, when start), once a pass for each pair.
func (s *scratch) unlikely(t *table, i int, id uint32, start bool) int {
	k := uint64(2*maxTokens+i)<<32 | uint64(id) // apart from class's and share's keys
	if start {
		k |= 1 << 63
	}
	if m, ok := s.memo[k]; ok {
		return int(m)
	}
	m := edits.Unlikely(s.toks[i].text, t.term(id), start)
	s.memo[k] = int8(m)
	return m
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
	// one edit more than its own length allows, at most, as in
	// sharePass: "ik obong" is not Ikot Obong
	spare = min(spare, typoBudget(tk.n)+1)
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

// addTypo adds one typo to a packed key (see pack): a key packed
// without typos is repacked in the order of keys with typos, its
// importance dropped (the nearness kept), as pack would have packed it.
func addTypo(key uint64) uint64 {
	typos := key >> 56 & 15
	if typos == 15 {
		return key
	}
	if typos == 0 {
		covered, weight, p := key>>52&15, 15-int(key>>48&15), key>>47&1
		kind, mag := key>>39&15, 15-int(key>>35&15)
		near := max(0, weight-importance(kindOrder[min(int(kind), len(kindOrder)-1)], mag))
		mid := p<<8 | covered<<4 | uint64(15-near)
		key = key&^((1<<9-1)<<47) | mid<<47
		key = key&^(15<<39) | uint64(standing(uint8(kind), mag, 1))<<39
	}
	return key + 1<<56
}

// magnitude buckets a rank by its order of magnitude, so that a nearer
// place of about the same size comes first.
// importance is what a place stands for, 0 to 6, for the places that
// match a query equally well, from its kind and the order of magnitude
// of its rank (magnitude): a country 6; a city 5, or 6 with a million
// people or more (GeoNames' population, magnitude 7); a state 4 (below
// the city of its name: "kaduna" is typed for an address in the city
// more than for the state, which the city's suggestion names); a town 3;
// an LGA 2 (people type the town more than the area named after it), and
// a neighbourhood 2 (1 when the gazetteer ranks it nothing); villages,
// wards, hamlets, postcodes, streets and address points 0 (a street is
// told from a village of its name by the words of its name left untyped:
// "idowu" is the village Idowu before Idowu Street). "iko" offers
// Ikorodu and Ikoyi before the villages named Iko, and "ikor" Ikorodu
// before the Ikors of Benue: the typed letters are as good a match of a
// town's name as of a village's, and the town is what more people mean.
func importance(k address.PlaceKind, magnitude int) int {
	switch k {
	case address.KindCountry:
		return 6
	case address.KindCity:
		if magnitude >= 7 {
			return 6
		}
		return 5
	case address.KindState:
		return 4
	case address.KindTown:
		if magnitude >= 7 {
			return 5 // a town of millions, seat of no division: New York City, Quezon City
		}
		return 3
	case address.KindLGA:
		return 2
	case address.KindNeighbourhood:
		if magnitude > 0 {
			return 2
		}
		return 1
	}
	return 0
}

// nearness raises the importance of a place near the focus point: 6
// within 5 km, then 1 less for every doubling of the distance, 0 beyond
// 320 km (and with no focus). It can lift a village near the point above
// a city far away (4 points of importance) inside 20 km, and a city near
// the point above every place far away; it never outweighs a better
// match of the text (words accounted for, typos), which sorts first.
func nearness(focus *Point, dist float64) int {
	if focus == nil {
		return 0
	}
	const near = 5000
	if dist <= near {
		return 6
	}
	return max(0, 6-int(math.Ceil(math.Log2(dist/near))))
}

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
	return slices.ContainsFunc(before, func(c cand) bool { return t.sameName(c.e, e) })
}

// seat reports whether entry e is a town that is the seat of the LGA of
// its name, which it lies in: of towns equal in every other way, it counts
// as ten times its people ("Daura, Katsina", the Daura of Daura LGA, before
// the town of the name in Fune LGA, Yobe).
func (t *table) seat(e uint32) bool {
	if kindOrder[t.kind[e]] != address.KindTown {
		return false
	}
	for a, d := t.parent[e], 0; a >= 0 && d < 2; a, d = t.parent[a], d+1 {
		if kindOrder[t.kind[a]] == address.KindLGA {
			return t.sameName(e, uint32(a))
		}
	}
	return false
}

// sameName reports whether entries e and f bear the same name (the same
// words).
func (t *table) sameName(e, f uint32) bool {
	return slices.Equal(t.entryTerms(e)[:t.nname[e]], t.entryTerms(f)[:t.nname[f]])
}

// namesPlace finds the places query word i, typed whole, names: states,
// cities, LGAs, towns and neighbourhoods of one or two words whose name it
// opens ("kaduna", "onitsha", "port" of Port Harcourt; not "market" of
// Bodija Market, nor "way"), or cities and towns whose name of two it ends
// ("harcourt"), among the best that bear it (entries are
// numbered best first), into s.areas[i]. A place that leaves such a word
// unaccounted for counts it twice (score): of the places that account for
// all but one word, "Ahmadu Bello Stadium, Kaduna" (the word "way" left)
// goes before the Ahmadu Bello Ways of other states ("kaduna" left); and
// the places of a word too common to score that lie in them are scored
// (candidates).
func (s *scratch) namesPlace(t *table, i int) {
	s.nareas[i] = 0
	tk := &s.toks[i]
	if tk.number || tk.n < 3 {
		return // (the last word, still being typed, names a place when typed whole)
	}
	s.key = append(s.key[:0], tk.text...)
	id, ok, _ := t.fst.Get(s.key)
	if !ok {
		return
	}
	ps := t.postings(id)
	ps = ps[:min(len(ps), placeWordPostings)]
	// the second word of a city's or town's name of two ("harcourt" of
	// Port Harcourt) names it too, unless it ends the names of places
	// of different first words ("city" of Benin City and Zaria City)
	second, firsts := 0, [2]uint32{}
	for _, e := range ps {
		if !areaKind(kindOrder[t.kind[e]]) {
			break
		}
		if ts := t.entryTerms(e); t.nname[e] == 2 && len(ts) > 1 && uint64(ts[1]) == id && second < 2 && (second == 0 || ts[0] != firsts[0]) {
			firsts[second] = ts[0]
			second++
		}
	}
	for _, e := range ps {
		k := kindOrder[t.kind[e]]
		if !areaKind(k) {
			break // entries of these kinds come first
		}
		ts := t.entryTerms(e)
		first := t.nname[e] <= 2 && len(ts) > 0 && uint64(ts[0]) == id
		last := second < 2 && (k == address.KindCity || k == address.KindTown) && t.nname[e] == 2 && len(ts) > 1 && uint64(ts[1]) == id
		if (first || last) && s.nareas[i] < len(s.areas[i]) {
			s.areas[i][s.nareas[i]] = e
			s.nareas[i]++
		}
	}
}

// areaKind reports whether a place of kind k is one a word of a query may
// name as where the others lie.
func areaKind(k address.PlaceKind) bool {
	return k == address.KindState || k == address.KindCity || k == address.KindLGA || k == address.KindTown || k == address.KindNeighbourhood
}

// placeWordPostings is how many of the best places bearing a word
// namesPlace looks at.
const placeWordPostings = 16

// inArea reports whether entry e lies in one of the places query word i
// names (see namesPlace).
func (s *scratch) inArea(t *table, e uint32, i int) bool {
	for a, d := t.parent[e], 0; a >= 0 && d < maxDepth; a, d = t.parent[a], d+1 {
		if slices.Contains(s.areas[i][:s.nareas[i]], uint32(a)) {
			return true
		}
	}
	return false
}
