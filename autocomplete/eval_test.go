package autocomplete_test

import (
	"context"
	"math/rand"
	"slices"
	"testing"
	"unicode"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
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

// evalQueries draws (fixed seed) the queries of the evaluation from the
// names: typed prefixes of 3 or more characters, and whole names with one
// random edit (names of 5 or more characters) and with two (9 or more).
func evalQueries(names []named) (prefixes []query, typos [2][]query) {
	rng := rand.New(rand.NewSource(4))
	const n = 3000
	draw := func(minLen int) named {
		for {
			x := names[rng.Intn(len(names))]
			if len([]rune(address.Fold(x.name))) >= minLen {
				return x
			}
		}
	}
	for range n {
		x := draw(3)
		r := []rune(x.name)
		cut := 3 + rng.Intn(len(r)-2)
		if q := string(r[:cut]); len(address.Tokens(q)) > 0 {
			prefixes = append(prefixes, query{q, x})
		}
	}
	for i, minLen := range []int{5, 9} {
		for range n {
			x := draw(minLen)
			typos[i] = append(typos[i], query{edit(rng, x.name, i+1), x})
		}
	}
	return prefixes, typos
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

// TestEvalSuggestNigeria measures recall@5 on the queries of evalQueries.
// A query is found when one of the first five suggestions is the place or
// bears its name.
func TestEvalSuggestNigeria(t *testing.T) {
	ix, names, rep := evaluation(t)
	found := func(q query) bool {
		r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: q.text, Limit: 5})
		if err != nil {
			return false
		}
		key := address.NameKey(q.want.name)
		for _, s := range r.Suggestions {
			if s.ID == q.want.id || address.NameKey(s.MainText) == key {
				return true
			}
		}
		return false
	}
	prefixes, typos := evalQueries(names)
	// prefixes, by the share of the name typed
	var hits, short, shortHits int
	for _, q := range prefixes {
		ok := found(q)
		if ok {
			hits++
		}
		if 2*len([]rune(q.text)) < len([]rune(q.want.name)) {
			short++
			if ok {
				shortHits++
			}
		}
	}
	total := len(prefixes)
	rep.Logf("recall@5, %d prefixes of 3+ characters: %.2f%% (%.2f%% of the %d that type less than half the name, %.2f%% of the others)",
		total, pct(hits, total), pct(shortHits, short), short, pct(hits-shortHits, total-short))
	for i, minLen := range []int{5, 9} {
		hits := 0
		for _, q := range typos[i] {
			if found(q) {
				hits++
			}
		}
		rep.Logf("recall@5, %d names of %d+ characters with %d random edits: %.2f%%", len(typos[i]), minLen, i+1, pct(hits, len(typos[i])))
	}
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(1, of)) }
