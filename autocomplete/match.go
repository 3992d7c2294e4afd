package autocomplete

import (
	"cmp"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
)

// token is one search token of a query with how it may match a term.
type token struct {
	text    string
	n       int             // characters (address.KeyLen)
	prefix  bool            // the last token, still being typed: matches the start of a term
	number  bool            // has a digit: never fuzzed, and optional (see rank)
	budget  int             // edits allowed
	edits   int             // edits allowed in this pass, up to budget
	fuzzed  bool            // matching with edits: a later pass
	widened bool            // a last word given a whole word's budget (see widen)
	short   bool            // widened from under 4 characters: its edits match whole terms only
	shared  bool            // a word given the edits all the words share (see Suggest)
	search  edits.Automaton // for the FST

	// what the term dictionary gave for it, when expanded: every term it
	// matches, by term number
	expanded bool
	partial  bool // a walk of the filling pass, which its work bound may cut: hits may list only some terms
	hits     []hit
	postings int
}

// hit is a term a token matches, with its class: twice the typos, plus
// one when only the start of the term matched.
type hit struct {
	id    uint32
	class int8
}

// class returns how the token matches a term: -1 when it does not, else
// twice the typos, plus one when only the start of the term matched.
func (tk *token) class(t *table, id uint32, memo map[uint64]int8, i int) int8 {
	if tk.expanded {
		i, ok := slices.BinarySearchFunc(tk.hits, id, func(h hit, id uint32) int { return cmp.Compare(h.id, id) })
		if ok {
			return tk.hits[i].class
		}
		if !tk.partial {
			return -1
		}
		// a term the walk did not reach: measured below
	}
	if !tk.fuzzed {
		return classOf(tk.match(t.term(id)))
	}
	// measuring edits costs a few hundred ns: once per term
	k := uint64(i)<<32 | uint64(id)
	c, ok := memo[k]
	if !ok {
		c = classOf(tk.match(t.term(id)))
		memo[k] = c
	}
	return c
}

func classOf(ok bool, typos int, exact bool) int8 {
	if !ok {
		return -1
	}
	c := int8(typos << 1)
	if !exact {
		c |= 1
	}
	return c
}

// setToken prepares a token. Its typo budget follows typoBudget (none
// under 4 characters, 1 from 4 to 6, 2 from 7) of the longer of the word
// typed and the word of the name: "inen" finds "Inene". A last word still
// being typed is measured as typed. Numbers are never fuzzed. The budget
// here is the most any name may allow; match applies each name's. The
// automaton is built by fuzzy, only when the search needs it.
func setToken(tk *token, text string, prefix bool) {
	*tk = token{text: text, prefix: prefix, hits: tk.hits[:0], n: address.KeyLen(text), search: tk.search}
	tk.number = strings.ContainsAny(text, "0123456789")
	switch {
	case tk.number:
	case prefix:
		tk.budget = typoBudget(tk.n)
	case tk.n >= 4:
		tk.budget = wholeBudget(tk.n)
	}
}

// wholeBudget is the most edits that a whole word of n characters may be
// from a word of a name: the name's word allows typoBudget of its length,
// and one longer by k characters needs k edits at least.
func wholeBudget(n int) int {
	if n < 4 {
		return 0
	}
	return max(typoBudget(n+1), min(2, typoBudget(n+2)))
}

// fuzzy readies the token to match with up to edits edits (within its
// budget); false when that is none.
func (tk *token) fuzzy(edits int) bool {
	edits = min(edits, tk.budget)
	if edits == 0 {
		return false
	}
	tk.fuzzed, tk.edits = true, edits
	return true
}

// match tells whether the token matches a term, with how many edits, and
// whether the whole term matched (exact) rather than only its start.
func (tk *token) match(term string) (ok bool, typos int, exact bool) {
	if !tk.prefix {
		if term == tk.text {
			return true, 0, true
		}
		if !tk.fuzzed || absDiff(len(term), len(tk.text)) > tk.edits {
			return false, 0, false
		}
		ok, d, _ := edits.OSA(tk.text, term, tk.edits, false)
		if ok && !tk.allows(term, d) {
			return false, 0, false
		}
		return ok, d, ok
	}
	if strings.HasPrefix(term, tk.text) {
		return true, 0, len(term) == len(tk.text)
	}
	if !tk.fuzzed || len(term)+tk.edits < len(tk.text) {
		return false, 0, false
	}
	ok, d, whole := edits.OSA(tk.text, term, tk.edits, true)
	if ok && (tk.widened && !tk.allows(term, d) || tk.short && !whole) {
		return false, 0, false
	}
	return ok, d, whole
}

// walksPrefix reports whether the token's automaton matches the start of
// terms (a word still being typed, not one widened from under 4
// characters: one edit on the start of "yba" would walk every term of
// "ba").
func (tk *token) walksPrefix() bool { return tk.prefix && !tk.short }

// matchWalked is match for a term that the walk of the token's automaton
// yielded, which is within tk.edits of the token (or, for a prefix, has a
// start that is): with one edit allowed, the edits are known without
// measuring them again, as the walk of a fuzzy pass yields many terms.
func (tk *token) matchWalked(term string) (ok bool, typos int, exact bool) {
	if !tk.fuzzed || tk.edits != 1 {
		return tk.match(term)
	}
	if !tk.prefix {
		if term == tk.text {
			return true, 0, true
		}
		if !tk.allows(term, 1) {
			return false, 0, false
		}
		return true, 1, true
	}
	if strings.HasPrefix(term, tk.text) {
		return true, 0, len(term) == len(tk.text)
	}
	if len(term) > len(tk.text)+1 && !tk.short {
		return true, 1, false // too long to match whole: a start matched
	}
	return tk.match(term)
}

// allows reports whether d edits between the token and a word of a name
// are within the typo budget of the longer of the two; a word given the
// edits the query's words share is allowed them on any word, and a last
// word of 5 or 6 letters widened to fill a short list (see widen) two on
// any word of 5 letters or more.
func (tk *token) allows(term string, d int) bool {
	n := max(tk.n, address.KeyLen(term))
	return tk.shared || d <= typoBudget(n) || tk.widened && !tk.short && tk.n >= 5 && n >= 5 && d <= 2
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// typoBudget is the number of edits a word of n characters may carry in a
// search box: none under 4 characters, 1 from 4 to 6, 2 from 7, Typesense's
// defaults (min_len_1typo 4, min_len_2typo 7). It allows more than
// geocoding's address.TypoBudget (1 from 5, 2 from 9): a search box shows
// the best matches first and lets the person choose, where geocoding must
// decide alone. Measured on the ward and LGA names of the Nigerian
// gazetteer with random edits (docs/figures.md, "Typo budget"): recall@5
// with one edit 91.1% -> 92.9%, with two 51.8% -> 67.1%.
func typoBudget(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 7:
		return 1
	}
	return 2
}
