package autocomplete_test

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"iter"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// named is a place name drawn for a query.
type named struct{ id, name string }

// nigeriaNames opens the gazetteer of scripts/import-nigeria.sh, builds its
// index, and returns the names of its places (not postcodes: numbers are
// never fuzzed), in id order.
func nigeriaNames(tb testing.TB) (*autocomplete.Index, []named) {
	tb.Helper()
	shared := shareddata.Dir(tb)
	g := storetest.Nigeria(tb, shared)
	ctx := context.Background()
	ix, err := autocomplete.Open(ctx, g, autocomplete.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var names []named
	err = g.Scan(ctx, func(p address.Place) error {
		if p.Country == "NG" && p.Kind != address.KindPostcode && len(address.Tokens(p.Name)) > 0 {
			names = append(names, named{p.ID, p.Name})
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return ix, names
}

// edit makes n random edits (substitution, insertion, deletion, or the
// transposition of two neighbours) to the letters of s.
func edit(rng *rand.Rand, s string, n int) string {
	r := []rune(s)
	for range n {
		var letters []int
		for i, c := range r {
			if unicode.IsLetter(c) {
				letters = append(letters, i)
			}
		}
		if len(letters) < 2 {
			break
		}
		i := letters[rng.Intn(len(letters))]
		c := rune('a' + rng.Intn(26))
		switch rng.Intn(4) {
		case 0:
			for c == unicode.ToLower(r[i]) {
				c = rune('a' + rng.Intn(26))
			}
			r[i] = c
		case 1:
			r = slices.Insert(r, i, c)
		case 2:
			r = slices.Delete(r, i, i+1)
		default:
			if i+1 < len(r) && unicode.IsLetter(r[i+1]) && r[i] != r[i+1] {
				r[i], r[i+1] = r[i+1], r[i]
			} else {
				r = slices.Delete(r, i, i+1)
			}
		}
	}
	return string(r)
}

// query is an evaluation query and the place it was drawn from.
type query struct {
	text string
	want named
}

// evalQueries draws the queries of the evaluation from the names (see
// drawOrder): typed prefixes of 3 or more characters, and whole names with
// one random edit (names of 5 or more characters) and with two (9 or more),
// evalDraws of each.
func evalQueries(names []named) (prefixes []query, typos [2][]query) {
	for x, rng := range drawOrder(names, "prefix") {
		if len(prefixes) == evalDraws {
			break
		}
		r := []rune(x.name)
		if len([]rune(address.Fold(x.name))) < 3 {
			continue
		}
		cut := 3 + rng.Intn(len(r)-2)
		if q := string(r[:cut]); len(address.Tokens(q)) > 0 {
			prefixes = append(prefixes, query{q, x})
		}
	}
	for i, minLen := range []int{5, 9} {
		for x, rng := range drawOrder(names, fmt.Sprintf("%d edits", i+1)) {
			if len(typos[i]) == evalDraws {
				break
			}
			if len([]rune(address.Fold(x.name))) >= minLen {
				typos[i] = append(typos[i], query{edit(rng, x.name, i+1), x})
			}
		}
	}
	return prefixes, typos
}

// evalDraws is the number of queries of each kind: at 95% recall, the
// figure's standard error is 0.22 points (0.4 with 3,000).
const evalDraws = 10000

// drawOrder yields the names in an order fixed by a hash of the kind of
// query and each place's id, each with a random source seeded the same
// way, for the query drawn from it. A name's draw depends on nothing
// else, so builds of the gazetteer that differ in a few places (the
// importer's --locate may attach a row differently) draw the same queries
// from all the others; drawing by position from one random sequence let
// one place more or less change every later draw, and the figures with
// them by up to a point.
func drawOrder(names []named, kind string) iter.Seq2[named, *rand.Rand] {
	hash := func(x named) uint64 {
		h := fnv.New64a()
		h.Write([]byte(kind))
		h.Write([]byte{0})
		h.Write([]byte(x.id))
		return h.Sum64()
	}
	type keyed struct {
		h uint64
		x named
	}
	order := make([]keyed, len(names))
	for i, x := range names {
		order[i] = keyed{hash(x), x}
	}
	slices.SortFunc(order, func(a, b keyed) int { return cmp.Or(cmp.Compare(a.h, b.h), strings.Compare(a.x.id, b.x.id)) })
	return func(yield func(named, *rand.Rand) bool) {
		for _, k := range order {
			if !yield(k.x, rand.New(rand.NewSource(int64(k.h)))) {
				return
			}
		}
	}
}

// evaluation starts an evaluation of the Nigerian gazetteer: it skips in
// -short mode, and returns the index, the names and the report, written
// when the test ends.
func evaluation(t *testing.T) (*autocomplete.Index, []named, *shareddata.Report) {
	t.Helper()
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, names := nigeriaNames(t)
	rep := &shareddata.Report{T: t}
	t.Cleanup(rep.Flush)
	return ix, names, rep
}

// boundaryQueries draws (see drawOrder) the word-boundary queries: whole
// names of two or more words with one space left out ("portharcourt"), and
// names with a word of 4 or more letters split in two ("iba dan"), n of
// each, as people type on phones.
func boundaryQueries(names []named, n int) (joined, split []query) {
	for x, rng := range drawOrder(names, "joined") {
		if len(joined) == n {
			break
		}
		if w := strings.Fields(x.name); len(w) >= 2 {
			i := rng.Intn(len(w) - 1)
			j := slices.Concat(w[:i], []string{w[i] + w[i+1]}, w[i+2:])
			joined = append(joined, query{strings.Join(j, " "), x})
		}
	}
	for x, rng := range drawOrder(names, "split") {
		if len(split) == n {
			break
		}
		w := strings.Fields(x.name)
		var long []int
		for i, v := range w {
			if len([]rune(v)) >= 4 && len(address.Tokens(v)) == 1 {
				long = append(long, i)
			}
		}
		if len(long) > 0 {
			i := long[rng.Intn(len(long))]
			r := []rune(w[i])
			cut := 2 + rng.Intn(len(r)-3)
			v := slices.Concat(w[:i], []string{string(r[:cut]), string(r[cut:])}, w[i+1:])
			split = append(split, query{strings.Join(v, " "), x})
		}
	}
	return joined, split
}

// heldAside reports whether a name is in the half of the names kept aside
// from tuning (by a hash of its name key, so every place of a name is in
// one half).
// half is 1 for a name held aside (heldAside), else 0: an index of the
// evaluations' tallies by half.
func half(x named) int {
	if heldAside(x) {
		return 1
	}
	return 0
}

// inFirstFive reports whether the first five suggestions for text hold
// the place x or a place of its name.
func inFirstFive(t *testing.T, ix *autocomplete.Index, text string, x named) bool {
	t.Helper()
	r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: text, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(r.Suggestions, func(s autocomplete.Suggestion) bool {
		return s.ID == x.id || address.NameKey(s.MainText) == address.NameKey(x.name)
	})
}

func heldAside(x named) bool {
	h := fnv.New32a()
	h.Write([]byte(address.NameKey(x.name)))
	return h.Sum32()%2 == 1
}

// suggestFloors are the least TestEvalSuggestNigeria accepts for recall@5,
// in per cent, for each kind of query and each half of the names, as
// docs/figures.md gives them ("Autocomplete"): each the higher of its
// target (one edit 95%, two edits 85%, a space left out and a word split
// 90%; none for prefixes) and the figure less half a point. One edit is
// the exception: the search-box typo budget (typoBudget, issue 32) took
// its tuning half from 95.57% to 94.89%, under the target, for the ward
// and LGA names with one edit (90.57% -> 92.47%) and every name with two
// (90.49% -> 94.21%); its floors are the figures less half a point.
var suggestFloors = shareddata.Floors{
	"prefixes":                          69.3,
	"prefixes, tuning half":             69.0,
	"prefixes, held-aside half":         69.5,
	"one edit":                          94.5,
	"one edit, tuning half":             94.3,
	"one edit, held-aside half":         94.6,
	"two edits":                         93.7,
	"two edits, tuning half":            93.4,
	"two edits, held-aside half":        93.9,
	"a space left out":                  99.2,
	"a space left out, tuning half":     99.2,
	"a space left out, held-aside half": 99.2,
	"a word split":                      96.5,
	"a word split, tuning half":         96.2,
	"a word split, held-aside half":     96.9,
}

// TestEvalSuggestNigeria measures recall@5 on the queries of evalQueries
// and boundaryQueries, on the names a rule was tuned on and on the half
// kept aside (see heldAside), and the share of queries answered with fewer
// than the five suggestions asked for. A query is found when one of the
// first five suggestions is the place or bears its name. It fails when a
// figure falls under its floor in suggestFloors.
func TestEvalSuggestNigeria(t *testing.T) {
	ix, names, rep := evaluation(t)
	emptyWithin := 0 // queries within the budget of their name answered empty
	// tally counts the queries of one kind by half: found, answered short,
	// answered empty
	type tally struct{ n, found, short, empty [2]int }
	run := func(qs []query, also func(q query, ok bool)) tally {
		var c tally
		for _, q := range qs {
			r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: q.text, Limit: 5})
			if err != nil {
				t.Fatalf("%q: %v", q.text, err)
			}
			h := 0
			if heldAside(q.want) {
				h = 1
			}
			c.n[h]++
			key := address.NameKey(q.want.name)
			ok := false
			for _, s := range r.Suggestions {
				if s.ID == q.want.id || address.NameKey(s.MainText) == key {
					ok = true
				}
			}
			if ok {
				c.found[h]++
			}
			if len(r.Suggestions) < 5 {
				c.short[h]++
			}
			if len(r.Suggestions) == 0 {
				c.empty[h]++
				if withinBudget(q) {
					rep.Logf("  %q answered nothing, though %q is within the typo budget", q.text, q.want.name)
					emptyWithin++
				}
			}
			if also != nil {
				also(q, ok)
			}
		}
		return c
	}
	report := func(what string, c tally) {
		n, f := c.n[0]+c.n[1], c.found[0]+c.found[1]
		rep.Logf("recall@5, %s: %.2f%% ±%.2f (tuning half %.2f%% of %d, held aside %.2f%% of %d); fewer than 5 suggestions %.1f%%, none %d",
			what, pct(f, n), margin(f, n), pct(c.found[0], c.n[0]), c.n[0], pct(c.found[1], c.n[1]), c.n[1], pct(c.short[0]+c.short[1], n), c.empty[0]+c.empty[1])
	}
	prefixes, typos := evalQueries(names)
	// prefixes, by the share of the name typed
	var short, shortHits int
	c := run(prefixes, func(q query, ok bool) {
		if 2*len([]rune(q.text)) < len([]rune(q.want.name)) {
			short++
			if ok {
				shortHits++
			}
		}
	})
	total, hits := c.n[0]+c.n[1], c.found[0]+c.found[1]
	report(fmt.Sprintf("%d prefixes of 3+ characters", total), c)
	rep.Logf("  prefixes: %.2f%% of the %d that type less than half the name, %.2f%% of the others",
		pct(shortHits, short), short, pct(hits-shortHits, total-short))
	one, two := run(typos[0], nil), run(typos[1], nil)
	report(fmt.Sprintf("%d names of 5+ characters with 1 random edit", len(typos[0])), one)
	report(fmt.Sprintf("%d names of 9+ characters with 2 random edits", len(typos[1])), two)
	joined, split := boundaryQueries(names, evalDraws)
	cj, cs := run(joined, nil), run(split, nil)
	report(fmt.Sprintf("%d names with one space left out", len(joined)), cj)
	report(fmt.Sprintf("%d names with a word split in two", len(split)), cs)
	// None is the target; builds of the gazetteer differ a little (one of
	// about ten fresh builds had one such query, not seen again).
	if emptyWithin > 1 {
		t.Errorf("%d queries within the typo budget of their name answered nothing", emptyWithin)
	}
	got := map[string]float64{}
	for what, k := range map[string]tally{"prefixes": c, "one edit": one, "two edits": two, "a space left out": cj, "a word split": cs} {
		got[what] = pct(k.found[0]+k.found[1], k.n[0]+k.n[1])
		got[what+", tuning half"] = pct(k.found[0], k.n[0])
		got[what+", held-aside half"] = pct(k.found[1], k.n[1])
	}
	suggestFloors.Check(t, got)
}

// withinBudget reports whether a query is within the typo budget of the
// name it was drawn from, counted over the whole text, a word boundary
// one edit: for one word typed, the budget of the longer of it and the
// name (address.TypoBudget), for several, that of all their letters, as
// the words of a query share it. A word with a digit is never fuzzed
// ("MagajinG2" typed "MagaulnG2" is not within it): it must be a word of
// the name.
func withinBudget(q query) bool {
	words := address.Tokens(q.text)
	for _, w := range words {
		if strings.ContainsAny(w, "0123456789") && !slices.Contains(address.Tokens(q.want.name), w) {
			return false
		}
	}
	typed := strings.Join(words, " ")
	name := strings.Join(address.Tokens(q.want.name), " ")
	letters := utf8.RuneCountInString(strings.Join(words, ""))
	if len(words) == 1 {
		letters = max(letters, utf8.RuneCountInString(strings.ReplaceAll(name, " ", "")))
	}
	ok, _, _ := edits.OSA(typed, name, address.TypoBudget(letters), true)
	return ok
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(1, of)) }

// margin is the half-width, in points, of the 95% confidence interval of
// the share n of of (normal approximation): how far the figure of another
// draw of as many names may fall.
func margin(n, of int) float64 {
	p := float64(n) / float64(max(1, of))
	return 196 * math.Sqrt(p*(1-p)/float64(max(1, of)))
}
