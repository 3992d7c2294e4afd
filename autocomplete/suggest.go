package autocomplete

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/blevesearch/vellum"
)

// Limits of a query.
const (
	DefaultLimit   = 5
	MaxLimit       = 20
	DefaultCountry = "NG"
	// maxTokens is the number of query tokens searched; the rest are
	// ignored.
	maxTokens = 8
	// maxExpand bounds the terms one token may expand to; a token that
	// matches more (a short prefix) is only checked on the candidates the
	// others found.
	maxExpand = 4096
	// maxCandidates bounds the entries one pass scores; fillCandidates
	// the entries a pass with typos adds to fill the list when a pass
	// before found places that account for every word.
	maxCandidates  = 256
	fillCandidates = 64
	// maxDepth bounds the enclosing places looked at for one entry.
	maxDepth = 8
	// maxOwn bounds the terms of one place that are matched.
	maxOwn = 16
	// maxOtherHits bounds the terms of the word whose places are
	// intersected with the driver's (see candidates).
	maxOtherHits = 8
	// diversifyDepth bounds the candidates diversify reorders, in lists.
	diversifyDepth = 4
)

// Errors of Suggest, for callers to tell bad queries from failures.
var (
	ErrEmptyQuery = errors.New("autocomplete: the query is empty")
	ErrLimit      = errors.New("autocomplete: limit must be between 1 and 20")
	ErrCountry    = errors.New("autocomplete: not an ISO 3166-1 alpha-2 country code")
	ErrKind       = errors.New("autocomplete: unknown place kind")
)

// Query is what the user typed, and where to look.
type Query struct {
	// Text is the partial address. Its last word is taken as a prefix
	// unless the text ends with a space or punctuation.
	Text string
	// Country is the ISO 3166-1 alpha-2 code of the country searched;
	// DefaultCountry when empty.
	Country string
	// Limit is the number of suggestions wanted, 1 to MaxLimit;
	// DefaultLimit when 0.
	Limit int
	// Focus, when set, breaks ties between equally good suggestions in
	// favour of the nearer.
	Focus *Point
	// Kinds, when set, keeps only places of these kinds.
	Kinds []address.PlaceKind
}

// Point is a position in WGS 84 degrees.
type Point struct {
	Lat float64 `json:"latitude"`
	Lon float64 `json:"longitude"`
}

// Response is the answer to a query.
type Response struct {
	Query       QueryEcho    `json:"query"`
	Suggestions []Suggestion `json:"suggestions"`
	// TookMS is the time the search took, in milliseconds.
	TookMS float64 `json:"took_ms"`
}

// QueryEcho repeats the query as it was understood, defaults applied.
type QueryEcho struct {
	Text    string `json:"text"`
	Country string `json:"country"`
	Limit   int    `json:"limit"`
}

// Suggestion is one place the user may mean.
type Suggestion struct {
	ID   string            `json:"id"`
	Kind address.PlaceKind `json:"kind"`
	// Label is the whole suggestion on one line: MainText, then
	// SecondaryText.
	Label         string `json:"label"`
	MainText      string `json:"main_text"`
	SecondaryText string `json:"secondary_text"`
	// Matches are the parts of MainText that the query matched.
	Matches    []Span     `json:"matches"`
	Components Components `json:"components"`
	// Latitude and Longitude are the place's point, or, for a place
	// without one (a street a postal list names with its area only), the
	// point of the nearest settlement or part of one around it; Point says
	// which.
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	// Point is where Latitude and Longitude come from: PointOwn,
	// PointArea or PointNone (then both are 0).
	Point string `json:"point"`
	Match Match  `json:"match"`
	// Score is for display: 100 less 25 for each query word the place does
	// not account for, 10 for each typo, 5 for a prefix match and the rank
	// of its kind. The order of the suggestions is by buckets (see Suggest),
	// not by Score.
	Score float64 `json:"score"`
}

// The values of Suggestion.Point.
const (
	PointOwn  = "own"  // the place's own point
	PointArea = "area" // the point of the nearest settlement (or part of one) around it
	PointNone = "none" // no settlement around it has a point; Latitude and Longitude are 0
)

// Span is a part of a text, in code points (not bytes).
type Span struct {
	Offset int `json:"offset"`
	Length int `json:"length"`
}

// Components are the parts of a suggested address.
type Components struct {
	HouseNumber   string `json:"house_number,omitempty"`
	Street        string `json:"street,omitempty"`
	Neighbourhood string `json:"neighbourhood,omitempty"`
	City          string `json:"city,omitempty"`
	LGA           string `json:"lga,omitempty"`
	State         string `json:"state,omitempty"`
	StateCode     string `json:"state_code,omitempty"`
	Postcode      string `json:"postcode,omitempty"`
	CountryCode   string `json:"country_code"`
}

// Match says how the query matched: "exact" when every word matched a
// whole word, "prefix" when the last one matched only the start of one,
// "fuzzy" when some needed edits (Typos of them).
type Match struct {
	Type  string `json:"type"`
	Typos int    `json:"typos"`
	// Unmatched counts the query words the place does not account for
	// (suggested only when no place accounts for all of them).
	Unmatched int `json:"unmatched_words,omitempty"`
}

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

// pack packs the buckets of a candidate into one number that sorts as
// they do: 4 bits each for the counts, capped, and the distance in metres.
func (c *cand) pack(kind uint8, magnitude int) {
	c4 := func(v int) uint64 { return uint64(min(max(v, 0), 15)) }
	var p uint64
	if c.prefix {
		p = 1
	}
	c.key = c4(c.uncovered)<<60 | c4(c.typos)<<56 | p<<55 | c4(15-c.covered)<<51 | c4(c.rest)<<47 |
		c4(int(kind))<<43 | c4(15-magnitude)<<39 | uint64(min(c.dist, 1<<38))
}

// scratch is the reusable memory of one search.
type scratch struct {
	toks   []token
	cands  []uint32
	found  []cand
	memo   map[uint64]int8 // classes of fuzzy words checked on terms, this pass
	around map[uint64]int8 // classes of words on places and those around them
	rest   []uint32
	idx    []int
	pooled int // the edits the query's words may share (see score)
	// all is the word whose places the last candidates call listed
	// every one of (-1 when none)
	all int
	// force is the word that finds the candidates (-1: the most selective)
	force int
	tie   []cand // a run of candidates equal in every bucket (see diversify)
	later []cand // its places of a name listed before
	it    vellum.FSTIterator
	key   []byte
	end   []byte
}

var scratchPool = sync.Pool{New: func() any { return &scratch{memo: map[uint64]int8{}, around: map[uint64]int8{}, force: -1} }}

// Suggest answers a query: the places of the country whose names (and the
// names of the places around them) the query's words match, best first.
//
// Words are normalized as address.Standardize does (case, accents, street
// types); the last word is a prefix unless followed by a space; typos are
// allowed by word length (none under 5 characters, 1 from 5 to 8, 2 from
// 9; a transposition is one edit; the words of a query also share the
// budget of all their letters, for the one word a place otherwise
// misses, and when no place accounts for every word, a last pass gives
// one word it misses (of 4 letters or more) up to one edit more than its
// own; when nothing matches, the last word gets the budget of a whole
// word); numbers are never fuzzed.
//
// The order is by buckets, each deciding only between suggestions equal in
// the ones before: (1) fewer query words the place does not account for
// (a number does not count, unless the place is an address point: the
// street is suggested when it has no address point with that number);
// (2) fewer typos; (3) exact before prefix; (4) more query words covered;
// (5) fewer words of the place's name left untyped ("Ide" finds "Idedu"
// before "Ikot Ide Akpakpan"); (6) the kind of place (country, state, city,
// LGA, town, neighbourhood, village, ward, postcode, street, address) and
// the order of magnitude of its rank; (7) distance to the focus point;
// (8) rank; (9) among places equal in all of these, the first place of
// each name before the other places of a name already listed, and the
// names more places bear first. A place found in several sources, or a
// street in several segments, is suggested once.
func (ix *Index) Suggest(ctx context.Context, q Query) (Response, error) {
	start := time.Now()
	text := strings.TrimSpace(q.Text)
	cc := strings.ToUpper(strings.TrimSpace(q.Country))
	if cc == "" {
		cc = DefaultCountry
	}
	limit := q.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	resp := Response{Query: QueryEcho{Text: q.Text, Country: cc, Limit: limit}, Suggestions: []Suggestion{}}
	switch {
	case text == "":
		return resp, ErrEmptyQuery
	case limit < 1 || limit > MaxLimit:
		return resp, fmt.Errorf("%w (got %d)", ErrLimit, limit)
	case !knownCountry(cc):
		return resp, fmt.Errorf("%w: %q", ErrCountry, q.Country)
	}
	for _, k := range q.Kinds {
		if _, ok := kindIndex(k); !ok {
			return resp, fmt.Errorf("%w %q: the kinds are %s", ErrKind, k, kindNames())
		}
	}
	if err := ctx.Err(); err != nil {
		return resp, err
	}
	words := address.Tokens(text)
	if len(words) == 0 {
		return resp, ErrEmptyQuery
	}
	t := ix.countries[cc]
	if t == nil {
		resp.TookMS = ms(time.Since(start))
		return resp, nil
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	words = words[:min(len(words), maxTokens)]
	// the text as given: a space after the last word closes it
	last, _ := utf8.DecodeLastRuneInString(q.Text)
	open := unicode.IsLetter(last) || unicode.IsDigit(last)
	s.toks = slices.Grow(s.toks[:0], len(words))[:len(words)]
	letters := 0
	for i, w := range words {
		setToken(&s.toks[i], w, open && i == len(words)-1)
		letters += s.toks[i].n
	}
	s.pooled = 0
	if len(words) > 1 {
		s.pooled = address.TypoBudget(letters)
	}
	// First without typos, then with up to one a word, then two. A pass
	// that fills the list with places that account for every word ends
	// the search: no place with more typos could rank among them. So does
	// a pass with typos that finds any such place: a search with two typos
	// a word walks about ten times as much of the dictionary as one with
	// one, and is left for the words that nothing nearer matches.
	edits := 0
	for ; ; edits++ {
		clear(s.memo) // classes hold for this pass's edits only
		limitCands := maxCandidates
		if len(resp.Suggestions) > 0 && resp.Suggestions[0].Match.Unmatched == 0 {
			limitCands = fillCandidates
		}
		s.candidates(t, q.Kinds, edits > 0, limitCands)
		s.score(t, q.Focus, edits)
		last := ix.respond(t, s, &resp, limit)
		full := len(resp.Suggestions) == limit && last.uncovered == 0 && last.typos <= edits
		if full || edits > 0 && len(s.found) > 0 && !s.fixable(s.found[0].missing, edits) {
			break
		}
		// a word allows more edits than this pass, or the words together
		// allow some (see score)
		more := edits == 0 && s.pooled > 0
		for i := range s.toks {
			more = s.toks[i].budget > edits || more
		}
		if !more && len(resp.Suggestions) == 0 {
			more = s.widen()
		}
		if !more {
			break
		}
		// The next pass scores again what this one found that accounts for
		// every word, and the best few of the rest, in case it finds
		// nothing better. When this one scored every place of a word that
		// the next matches no differently ("tsof" in "gidman tsof"), it
		// scores them all again: the place of both words is among them,
		// while the places the corrected word finds ("Gidan") may be too
		// many for the next pass to reach it.
		reuse := s.all >= 0 && s.toks[s.all].budget <= edits
		for i := range s.toks {
			s.toks[i].fuzzy(edits + 1)
		}
		s.carry(limit, reuse)
	}
	if w := s.sharer(&resp); w >= 0 {
		// No place accounts for every word, and one word may take the
		// edits the query's words share, more than its own length allows
		// ("ikot kzong" finds "Ikot Ukpong"): one more pass, that word
		// searched with them (one more than its own, at most: a short
		// word with two matches too much) and the others exactly, its
		// places intersected with theirs.
		for i := range s.toks {
			tk := &s.toks[i]
			if i == w {
				e := min(s.pooled, address.TypoBudget(tk.n)+1)
				tk.budget, tk.shared = max(tk.budget, e), true
				tk.fuzzy(e)
			} else {
				tk.fuzzed, tk.edits = false, 0
			}
		}
		s.carry(limit, false)
		clear(s.memo)
		s.force = w
		s.candidates(t, q.Kinds, true, maxCandidates)
		s.force = -1
		s.score(t, q.Focus, max(edits, 1))
		ix.respond(t, s, &resp, limit)
	}
	resp.TookMS = ms(time.Since(start))
	return resp, nil
}

// carry keeps for the next pass what this one found that accounts for
// every word, and the best few of the rest; all of it with reuse.
func (s *scratch) carry(limit int, reuse bool) {
	s.cands = s.cands[:0]
	for i, c := range s.found {
		if reuse || c.uncovered == 0 || i < limit {
			s.cands = append(s.cands, c.e)
		}
	}
	slices.Sort(s.cands)
}

// sharer returns the word that a last pass may search with the edits the
// query's words share (see Suggest), -1 when there is none: when no
// suggestion accounts for every word, a word the first one misses whose
// own budget allows fewer edits than the shared one; of several, the
// first of those whose length allows fewest (the others may take what
// is left when the candidates are scored: "deij owru road").
func (s *scratch) sharer(resp *Response) int {
	if s.pooled == 0 || len(resp.Suggestions) > 0 && resp.Suggestions[0].Match.Unmatched == 0 {
		return -1
	}
	w := -1
	if len(s.found) > 0 && s.found[0].covered > 0 {
		m := s.found[0].missing
		for i := range s.toks {
			if m&(1<<i) != 0 && !s.toks[i].number && s.toks[i].n >= 4 && (w < 0 || address.TypoBudget(s.toks[i].n) < address.TypoBudget(s.toks[w].n)) {
				w = i
			}
		}
	} else {
		for i := range s.toks {
			if w < 0 || s.toks[i].n > s.toks[w].n {
				w = i
			}
		}
	}
	// (a word's budget may allow a longer name word more edits than a
	// word of its own length: the shared ones allow them on any; words
	// of 3 letters were tried, and lost more than they found)
	if w < 0 || s.toks[w].number || s.toks[w].n < 4 || address.TypoBudget(s.toks[w].n) >= s.pooled {
		return -1
	}
	return w
}

func ms(d time.Duration) float64 { return math.Round(float64(d)/1e3) / 1e3 }

func knownCountry(cc string) bool {
	if len(cc) != 2 {
		return false
	}
	c, ok := address.LookupCountry(cc)
	return ok && c.Alpha2 == cc
}

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
	keep := func(e uint32) bool {
		return len(kinds) == 0 || slices.Contains(kinds, kindOrder[t.kind[e]])
	}
	var driver, broad *token
	all := -1 // driver's index
	for _, i := range s.order(fuzzy) {
		tk := &s.toks[i]
		if tk.prefix && !tk.fuzzed && t.top[tk.text] != nil {
			// A prefix of many terms: its precomputed list stands for it,
			// and it is checked on what the other words find.
			tk.expanded, broad = false, tk
			continue
		}
		if fuzzy && driver != nil && (tk.fuzzed || s.force < 0) {
			// With typos, walking the dictionary is the costly part:
			// one word finds the candidates, the others are checked on
			// them. (After a forced word, the words matched exactly are
			// looked up, for their places to intersect with its own.)
			tk.expanded = false
			continue
		}
		s.expand(t, tk)
		if tk.expanded && len(tk.hits) > 0 && (driver == nil || tk.postings < driver.postings && s.force < 0) {
			driver, all = tk, i
		}
	}
	if driver == nil && broad != nil {
		// the list, and the entries of the word itself, if it is one
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
	slices.Sort(s.cands)
	s.cands = slices.Compact(s.cands)
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

// fixable reports whether a later pass, allowing more edits than edits,
// could match any of the words missing: whether it could find a better
// first suggestion.
func (s *scratch) fixable(missing uint16, edits int) bool {
	for i := range s.toks {
		if missing&(1<<i) != 0 && s.toks[i].budget > edits {
			return true
		}
	}
	return false
}

// order returns the order in which to look the words up: as typed, or,
// with typos, the longest (the most selective) first.
func (s *scratch) order(fuzzy bool) []int {
	s.idx = s.idx[:0]
	for i := range s.toks {
		s.idx = append(s.idx, i)
	}
	if fuzzy {
		slices.SortStableFunc(s.idx, func(a, b int) int { return cmp.Compare(s.toks[b].n, s.toks[a].n) })
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
	tk.expanded, tk.hits, tk.postings = true, tk.hits[:0], 0
	add := func(id uint64) bool {
		if len(tk.hits) == maxExpand {
			tk.expanded = false
			return false
		}
		tk.hits = append(tk.hits, hit{id: uint32(id), class: classOf(tk.matchWalked(t.term(uint32(id))))})
		tk.postings += int(t.postOff[id+1] - t.postOff[id])
		return true
	}
	s.key = append(s.key[:0], tk.text...)
	it := &s.it
	var err error
	switch {
	case tk.fuzzed:
		tk.search.Reset(tk.text, tk.edits, tk.prefix)
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

// score fills the buckets of every candidate and sorts them. In a pass
// with typos (edits > 0), a query of several words shares its budget
// between them: a word that its own budget leaves unmatched on a candidate
// that has every other word may still match one of its terms with the
// edits the whole query allows (address.TypoBudget of all its letters)
// and the others left: "iko obong" finds "Ikot Obong", "idi ea" finds
// "Idi Eka".
func (s *scratch) score(t *table, focus *Point, edits int) {
	s.found = s.found[:0]
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
		var cls [maxTokens][maxOwn]int8
		nt := min(len(terms), maxOwn)
		for i := range s.toks {
			for j := range nt {
				cls[i][j] = s.toks[i].class(t, terms[j], s.memo, i)
			}
		}
		for i := range s.toks {
			tk := &s.toks[i]
			best := s.aroundClass(t, i, t.parent[e], 1)
			for j := range nt {
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
		for j := range nn {
			matched := false
			for i := range s.toks {
				if cls[i][j] >= 0 {
					matched = true
					break
				}
			}
			if !matched {
				c.rest++
			}
		}
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

// widen gives a last word still being typed, once, when nothing at all
// matched, the budget of a whole word: measured as typed it allows fewer
// edits than measured against the words of the names, which are longer
// by a character at least when one was left out ("ylwa" finds "Yalwa",
// "akwaowas" finds "Lakwakwas"). It reports whether that is more.
func (s *scratch) widen() bool {
	tk := &s.toks[len(s.toks)-1]
	if !tk.prefix || tk.number || tk.widened {
		return false
	}
	b := wholeBudget(tk.n)
	if b <= tk.budget {
		return false
	}
	tk.budget, tk.widened = b, true
	return true
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
	if best != 0 {
		if up := s.aroundClass(t, i, t.parent[a], depth+1); up >= 0 && (best < 0 || up < best) {
			best = up
		}
	}
	s.around[k] = best
	return best
}

// magnitude buckets a rank by its order of magnitude, so that a nearer
// place of about the same size comes first.
func magnitude(r float32) int {
	if r < 1 {
		return 0
	}
	return 1 + int(math.Log10(float64(r)))
}

// respond writes the best distinct suggestions and returns the last.
func (ix *Index) respond(t *table, s *scratch, resp *Response, limit int) (last cand) {
	s.diversify(t, limit)
	var b strings.Builder
	type built struct {
		c            cand
		label, secnd [2]int // offsets in b
	}
	var out []built
	for _, c := range s.found {
		if len(out) == limit {
			break
		}
		// places that leave words unaccounted for only when none accounts
		// for all of them
		if c.covered == 0 || c.uncovered > s.found[0].uncovered {
			break
		}
		from := b.Len()
		name := t.field(c.e, recName)
		b.WriteString(name)
		mid := b.Len()
		t.secondary(&b, c.e)
		end := b.Len()
		// one suggestion per label: merged sources, street segments
		dup := false
		for _, o := range out {
			if o.label[1]-o.label[0] == end-from && b.String()[o.label[0]:o.label[1]] == b.String()[from:end] {
				dup = true
				break
			}
		}
		if dup {
			trim(&b, from)
			continue
		}
		out = append(out, built{c: c, label: [2]int{from, end}, secnd: [2]int{mid, end}})
	}
	all := b.String()
	resp.Suggestions = make([]Suggestion, len(out))
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
		sg.Match = Match{Type: "exact", Typos: o.c.typos, Unmatched: o.c.uncovered}
		switch {
		case o.c.typos > 0:
			sg.Match.Type = "fuzzy"
		case o.c.prefix:
			sg.Match.Type = "prefix"
		}
		sg.Score = max(0, 100-25*float64(o.c.uncovered)-10*float64(o.c.typos)-5*b2f(o.c.prefix)-float64(t.kind[e]))
		n := len(spans)
		spans = s.highlight(t, e, sg.MainText, spans)
		sg.Matches = spans[n:len(spans):len(spans)]
		last = o.c
	}
	return last
}

// diversify breaks the ties of candidates equal in every bucket by their
// names: a place whose name an earlier one of the tie bears goes after
// the places of other names. Which of the places of one name a query
// meant is the focus point's to settle (with one, ties are rare), but a
// list of five places of the name most places bear, when the query
// matches others as well, hides them ("Bale" for "bal").
func (s *scratch) diversify(t *table, limit int) {
	n := min(len(s.found), diversifyDepth*limit)
	for i := 0; i < n; {
		j := i + 1
		for j < n && s.found[j].key == s.found[i].key {
			j++
		}
		if j-i > 1 {
			// the first place of each name in place, the others after
			run := s.found[i:j]
			s.tie = append(s.tie[:0], run...)
			s.later = s.later[:0]
			k := 0
			for _, c := range s.tie {
				if named(t, c.e, run[:k]) {
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
// folds word by word), so word i is term i of the entry.
func (s *scratch) highlight(t *table, e uint32, text string, spans []Span) []Span {
	terms := t.entryTerms(e)[:t.nname[e]]
	w, runes, start, inWord := 0, 0, 0, false
	flush := func(end int) {
		if w < len(terms) {
			for i := range s.toks {
				m := s.toks[i].class(t, terms[w], s.memo, i)
				if m < 0 {
					continue
				}
				n := end - start
				if m&1 == 1 { // the start of the word
					n = min(n, utf8.RuneCountInString(s.toks[i].text))
				}
				spans = append(spans, Span{Offset: start, Length: n})
				break
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
