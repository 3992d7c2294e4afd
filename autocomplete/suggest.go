package autocomplete

// This file holds the query and response types and the search: its passes
// (exact, then with edits) and when a pass ends it. boundary.go holds the
// word boundaries and the filling of a short list, candidates.go finds
// what a pass scores, rank.go ranks it, respond.go writes the suggestions.

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/addrkit/addrkit/internal/fault"
	"github.com/blevesearch/vellum"
)

// Limits of a query.
const (
	DefaultLimit   = 5
	MaxLimit       = 20
	DefaultCountry = "NG"
	// fillSteps bounds the work a query may spend filling a list that
	// its first passes left short (see Suggest): the steps of the edit
	// automata of those walks (each byte tried), the terms they yield,
	// and scoreCost for each candidate they score, all together. A walk
	// cut short by it leaves out some terms; the answer stays
	// deterministic. scoreCost is about the time of scoring a candidate
	// in steps' time.
	fillSteps = 1000
	scoreCost = 100
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
	maxOwn = 24
	// maxOtherHits bounds the terms of the word whose places are
	// intersected with the driver's (see candidates).
	maxOtherHits = 8
	// diversifyDepth bounds where the runs of tied candidates that
	// diversify reorders may start, in lists.
	diversifyDepth = 4
)

// Errors of Suggest, for callers to tell bad queries from failures: each
// query Suggest refuses is a *fault.Error (internal/fault) of one of these
// codes, with a message for the person who sent it.
var (
	ErrEmptyQuery = fault.New(fault.InvalidQuery, "query is required: the partial address as typed.")
	ErrLimit      = fault.New(fault.InvalidLimit, "limit must be an integer from 1 to %d.", MaxLimit)
	ErrCountry    = fault.New(fault.InvalidCountry, "country must be an ISO 3166-1 alpha-2 code such as NG.")
	ErrKind       = fault.New(fault.InvalidParameter, "kinds names a kind of place that is not one.")
	ErrFocus      = fault.New(fault.InvalidParameter, "focus must be a latitude from -90 to 90 and a longitude from -180 to 180, in degrees.")
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
	// PointStreet, PointArea or PointNone (then both are 0).
	Point string `json:"point"`
	Match Match  `json:"match"`
	// Score is for display: 100 less 25 for each query word the place does
	// not account for, 10 for each typo, 5 for a prefix match and the rank
	// of its kind, and never more than the score of the suggestion before
	// it. The order of the suggestions is by buckets (see Suggest), not by
	// Score.
	Score float64 `json:"score"`
}

// The values of Suggestion.Point.
const (
	PointOwn = "own" // the place's own point
	// PointStreet is the point of the street of a house number the query
	// carried (see Suggest), the gazetteer having none for that number
	PointStreet = "street"
	PointArea   = "area" // the point of the nearest settlement (or part of one) around it
	PointNone   = "none" // no settlement around it has a point; Latitude and Longitude are 0
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

// scratch is the reusable memory of one search.
type scratch struct {
	toks   []token
	cands  []uint32
	found  []cand
	memo   map[uint64]int8 // classes of fuzzy words checked on terms, this pass
	around map[uint64]int8 // classes of words on places and those around them
	jmemo  map[uint64]int8 // classes of words on joined terms, this pass (see joinClass)
	jbuf   []byte
	rest   []uint32
	idx    []int
	pooled int // the edits the query's words may share (see score)
	// areas[i][:nareas[i]] are the places query word i names (see
	// namesPlace)
	areas  [maxTokens][4]uint32
	nareas [maxTokens]int
	// all is the word whose places the last candidates call listed
	// every one of (-1 when none)
	all int
	// force is the word that finds the candidates (-1: the most selective)
	force int
	// filling is set while the search fills a short list: the walks
	// with edits take each word's first letter first and share fillSteps
	filling bool
	spent   int      // work done while filling (see fillSteps)
	keys    []uint64 // of the suggestions respond wrote
	// a response and its keys kept while a pass adds to it (see merge)
	prev     []Suggestion
	prevKeys []uint64
	edits    int     // of the last pass
	next     bool    // a pass with one edit more may fill the list (see fill)
	tie      []cand  // a run of tied candidates (see diversify)
	merged   []keyed // suggestions being merged (see merge)
	later    []cand  // its places of a name listed before
	it       vellum.FSTIterator
	key      []byte
	end      []byte
	sa       edits.Automaton // the walk of standout
}

var scratchPool = sync.Pool{New: func() any {
	return &scratch{memo: map[uint64]int8{}, around: map[uint64]int8{}, jmemo: map[uint64]int8{}, force: -1}
}}

// Suggest answers a query: the places of the country whose names (and the
// names of the places around them) the query's words match, best first.
//
// Words are normalized as address.Standardize does (case, accents, street
// types); the last word is a prefix unless followed by a space; typos are
// allowed by word length (none under 4 characters, 1 from 4 to 6, 2 from
// 7; a transposition is one edit; the words of a query also share the
// budget of all their letters, for the one word a place otherwise
// misses, and when no place accounts for every word, a last pass gives
// one word it misses (of 4 letters or more) up to one edit more than its
// own; when nothing matches, the last word gets the budget of a whole
// word, and so it does to fill a short list, below what matched);
// numbers are never fuzzed.
//
// The order is by buckets, each deciding only between suggestions equal in
// the ones before: (1) fewer query words the place does not account for
// (a house number does not count on a street, which carries it; it counts
// on an address point with another number, and on a place that is no
// street when other words were typed; a word that names a state, city,
// LGA, town or neighbourhood counts twice: "ahmadu bello way kaduna"
// lists the Ahmadu Bello places in Kaduna before the Ways elsewhere);
// (2) fewer typos; (3) exact before prefix; (4) more query words covered;
// (5) fewer words of the place's name left untyped ("Ide" finds "Idedu"
// before "Ikot Ide Akpakpan"); (6) the kind of place (country, state, city,
// LGA, town, neighbourhood, village, ward, postcode, street, address), or
// for a place found with typos its importance, a step lower for each of
// its edits that people seldom make ("ikyi" offers Ikoyi, an "o" left out,
// before Ikpi, a "y" struck for a "p": internal/edits.Unlikely), and the
// order of magnitude of its rank; (7) distance to the focus point;
// (8) rank; (9) among places equal in all of these, the first place of
// each name before the other places of a name already listed, and the
// names more places bear first (for places found with typos, among those
// equal in buckets 1 to 5: a typo leaves open which name was meant). A
// place found in several sources, or a street in several segments, is
// suggested once. A full list of 3 or more that holds no country, state,
// city or town, nor a neighbourhood or an LGA typed right, gives its last
// place to the most important country, state, city or large town whose
// whole name the query's words are with one typo people often make
// (standout): "kani" lists the places named Kani, then Kano.
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
		return resp, fault.New(fault.InvalidLimit, "limit must be an integer from 1 to %d, not %d.", MaxLimit, limit)
	case !knownCountry(cc):
		return resp, fault.New(fault.InvalidCountry, "country must be an ISO 3166-1 alpha-2 code such as NG, not %q.", q.Country)
	case q.Focus != nil && !(q.Focus.Lat >= -90 && q.Focus.Lat <= 90 && q.Focus.Lon >= -180 && q.Focus.Lon <= 180):
		// (NaN fails every comparison)
		return resp, ErrFocus
	}
	for _, k := range q.Kinds {
		if _, ok := kindIndex(k); !ok {
			return resp, fault.New(fault.InvalidParameter, "kinds has an unknown place kind %q: the kinds are %s.", k, kindNames())
		}
	}
	if err := ctx.Err(); err != nil {
		return resp, err
	}
	words := address.TokensIn(text, cc)
	if len(words) == 0 {
		return resp, ErrEmptyQuery
	}
	t := ix.countries[cc]
	if t == nil {
		resp.TookMS = ms(time.Since(start))
		return resp, nil
	}
	if len(words) > 2 && numberWords[words[0]] && strings.ContainsAny(words[1], "0123456789") {
		// "plot 5 ajose", "No 3 zoo rd": the word introduces the house
		// number, which is carried (houseNumber); it names no place
		words = words[1:]
	}
	words = words[:min(len(words), maxTokens)]
	// the text as given: a space after the last word closes it
	last, _ := utf8.DecodeLastRuneInString(q.Text)
	open := unicode.IsLetter(last) || unicode.IsDigit(last)
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.spent = 0
	s.search(ix, t, words, -1, open, q, limit, &resp)
	if !settled(&resp, limit) {
		s.filling = true // the work below shares fillSteps
		// Word boundaries added ("iba dan"), then left out
		// ("portharcourt": the words looked up among the joined terms).
		s.splitPass(ix, t, words, open, q, limit, &resp)
		s.joinPass(ix, t, q, limit, &resp)
		s.fill(ix, t, q, limit, &resp)
	}
	s.standout(ix, t, words, q, limit, &resp)
	for i := 1; i < len(resp.Suggestions); i++ {
		// a score that reads as the list does
		resp.Suggestions[i].Score = min(resp.Suggestions[i].Score, resp.Suggestions[i-1].Score)
	}
	resp.TookMS = ms(time.Since(start))
	return resp, nil
}

// search runs the passes of a query's words and writes the suggestions
// to resp, their keys to s.keys. Word exact (-1: none) is searched
// without edits.
func (s *scratch) search(ix *Index, t *table, words []string, exact int, open bool, q Query, limit int, resp *Response) {
	s.toks = slices.Grow(s.toks[:0], len(words))[:len(words)]
	letters := 0
	for i, w := range words {
		setToken(&s.toks[i], w, open && i == len(words)-1)
		letters += s.toks[i].n
		if i == exact {
			s.toks[i].budget = 0
		}
	}
	s.pooled = 0
	if len(words) > 1 {
		s.pooled = typoBudget(letters)
	}
	for i := range s.toks {
		s.nareas[i] = 0
		if len(words) > 1 {
			s.namesPlace(t, i)
		}
	}
	s.filling = exact >= 0 // a search of a word boundary fills
	s.next = false
	// First without typos, then with up to one a word, then two. A pass
	// that fills the list with places that account for every word ends
	// the search: no place with more typos could rank among them. So does
	// a pass with typos whose best place's missing words no more edits
	// could match (fill may go on when the list is short). A search with
	// two typos a word walks about ten times as much of the dictionary as
	// one with one, and is left for the words that nothing nearer matches.
	for s.edits = 0; ; s.edits++ {
		clear(s.memo) // classes hold for this pass's edits only
		clear(s.jmemo)
		limitCands := maxCandidates
		if len(resp.Suggestions) > 0 && resp.Suggestions[0].Match.Unmatched == 0 {
			limitCands = fillCandidates
		}
		s.candidates(t, q.Kinds, s.edits > 0, limitCands)
		s.score(t, q.Focus, s.edits)
		last := ix.respond(t, s, resp, limit)
		full := len(resp.Suggestions) == limit && last.uncovered == 0 && last.typos <= s.edits
		found := s.edits > 0 && len(s.found) > 0 && !s.fixable(s.found[0].missing, s.edits)
		if full || s.filling && s.spent >= fillSteps { // (a search of a word boundary stops at the bound)
			break
		}
		if !s.prepare(resp, limit) {
			break
		}
		if found {
			s.next = true // for fill
			break
		}
		if exact < 0 && s.edits == 0 && len(resp.Suggestions) > 0 && resp.Suggestions[0].Match.Unmatched == 0 && resp.Suggestions[0].Match.Typos == 0 {
			// A place accounts for every word without an edit: what a
			// pass with edits finds ranks below it. That pass is the
			// filling pass (see fill), after the word-boundary searches,
			// within fillSteps, its walks taking each word's first
			// letter first (fillWalk); without this, the passes with
			// edits walked the whole dictionary for every name typed
			// whole. (A search of a word boundary, exact >= 0,
			// has no filling pass of its own: it goes on.)
			s.next = true
			break
		}
	}
	if w := s.sharer(resp); w >= 0 {
		// No place accounts for every word, and one word may take the
		// edits the query's words share, more than its own length allows
		// ("ikot kzong" finds "Ikot Ukpong"): one more pass (see sharePass).
		// It readies the words its own way: no filling pass follows.
		s.sharePass(ix, t, q, limit, resp, w)
		s.next = false
	} else if exact < 0 && !s.next && len(resp.Suggestions) < limit && s.toks[len(s.toks)-1].budget <= 1 && s.widen() {
		// A list left short while a last word still being typed allows
		// fewer typos than a whole word: the filling pass gives it the
		// budget of a whole word, as when nothing matched ("aata" finds
		// Akata after Aatan), and one of 5 or 6 letters two edits on
		// names of 5 letters or more ("kejif" finds Keffi): ward and LGA
		// names with two random edits 68.5 -> 74.8% (tuning half), each
		// other evaluation within 0.05 points, p99 unchanged.
		for i := range s.toks {
			s.toks[i].fuzzy(s.edits + 1)
		}
		s.next = true
	}
}

// prepare readies the tokens for the next pass, with one edit more, and
// reports whether there is one: a word allows more edits than this
// pass, or the words together allow some (see score), or a last word
// still being typed may be given the budget of a whole word (widen).
func (s *scratch) prepare(resp *Response, limit int) bool {
	more := s.edits == 0 && s.pooled > 0
	for i := range s.toks {
		more = s.toks[i].budget > s.edits || more
	}
	if !more && !within(resp, s.edits) {
		more = s.widen()
	}
	if !more {
		return false
	}
	// The next pass scores again what this one found that accounts for
	// every word, and the best few of the rest, in case it finds nothing
	// better. When this one scored every place of a word that the next
	// matches no differently ("tsof" in "gidman tsof"), it scores them all
	// again: the place of both words is among them, while the places the
	// corrected word finds ("Gidan") may be too many for the next pass to
	// reach it.
	reuse := s.all >= 0 && s.toks[s.all].budget <= s.edits
	for i := range s.toks {
		s.toks[i].fuzzy(s.edits + 1)
	}
	s.carry(limit, reuse)
	return true
}

// sharePass runs a pass in which word w is searched with the edits the
// query's words share (one more than its own length allows, at most: a
// short word with two matches too much) and the others exactly, its
// places intersected with theirs; what it finds is merged with what was
// found.
func (s *scratch) sharePass(ix *Index, t *table, q Query, limit int, resp *Response, w int) {
	for i := range s.toks {
		tk := &s.toks[i]
		if i == w {
			e := min(s.pooled, typoBudget(tk.n)+1)
			tk.budget, tk.shared = max(tk.budget, e), true
			tk.fuzzy(e)
		} else {
			tk.fuzzed, tk.edits, tk.shared = false, 0, false
		}
	}
	s.keep(resp)
	s.carry(limit, false)
	if s.filling {
		s.cands = s.cands[:0] // what was found is merged, not scored again
	}
	clear(s.memo)
	clear(s.jmemo)
	s.force = w
	n := maxCandidates
	if s.filling {
		n = fillCandidates
	}
	s.candidates(t, q.Kinds, true, n)
	s.force = -1
	s.scoreMerged(ix, t, q, max(s.edits, 1), limit, resp)
}

// within reports whether a suggestion has at most edits typos: a place
// found by a word boundary left out (one edit) does not stop a search
// without typos from widening a last word's budget.
func within(resp *Response, edits int) bool {
	for _, sg := range resp.Suggestions {
		if sg.Match.Typos <= edits {
			return true
		}
	}
	return false
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

// sharer returns the word that a last pass may search with the edits
// the query's words share (see Suggest), -1 when there is none: when no
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
			if m&(1<<i) != 0 && !s.toks[i].number && s.toks[i].n >= s.minShared(i) && (w < 0 || typoBudget(s.toks[i].n) < typoBudget(s.toks[w].n)) {
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
	if w < 0 || s.toks[w].number || s.toks[w].n < s.minShared(w) || typoBudget(s.toks[w].n) >= s.pooled {
		return -1
	}
	return w
}

// minShared is the least length of a word that may take the edits the
// query's words share: 4 letters, or 3 when every other word only
// qualifies a name (a number, a Roman numeral, a single letter: "tpa i"
// for Tapa I, "gua ii" for Uga II), so that the word is the name.
func (s *scratch) minShared(w int) int {
	for i := range s.toks {
		if i != w && !qualifier(s.toks[i].text) {
			return 4
		}
	}
	return 3
}

// qualifier reports whether a word of a query only qualifies the name
// beside it: a number, a Roman numeral, or a single letter.
func qualifier(w string) bool {
	return strings.ContainsAny(w, "0123456789") || len(w) == 1 || romanNumerals[w]
}

// romanNumerals are the Roman numerals that number the wards, phases and
// districts of a name ("Uga II", "Wuse II").
var romanNumerals = map[string]bool{
	"i": true, "ii": true, "iii": true, "iv": true, "v": true, "vi": true, "vii": true,
	"viii": true, "ix": true, "x": true, "xi": true, "xii": true,
}

func ms(d time.Duration) float64 { return math.Round(float64(d)/1e3) / 1e3 }

func knownCountry(cc string) bool {
	if len(cc) != 2 {
		return false
	}
	c, ok := address.LookupCountry(cc)
	return ok && c.Alpha2 == cc
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

// widen gives a last word still being typed, once, when nothing at all
// matched or to fill a list left short, the budget of a whole word: measured as typed it allows fewer
// edits than measured against the words of the names, which are longer
// by a character at least when one was left out ("ylwa" finds "Yalwa",
// "akwaowas" finds "Lakwakwas"). A word of 3 characters is given one edit
// on whole words of a name ("yba" finds Yaba, "ajh" Ajah, "kno" Kano),
// not on their starts, which would be most of the dictionary; one of 5
// or 6, two (see allows). It reports whether that is more.
func (s *scratch) widen() bool {
	tk := &s.toks[len(s.toks)-1]
	if !tk.prefix || tk.number || tk.widened {
		return false
	}
	b, short := wholeBudget(tk.n), tk.n == 3
	if short {
		b = 1
	}
	if b <= tk.budget {
		return false
	}
	tk.budget, tk.widened, tk.short = b, true, short
	return true
}
