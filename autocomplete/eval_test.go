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

// TestEvalSuggestNigeria measures recall@5 on queries drawn (fixed seed)
// from the names of the Nigerian gazetteer: typed prefixes of 3 or more
// characters, whole names with one random edit (names of 5 or more
// characters) and with two (9 or more). A query is found when one of the
// first five suggestions is the place or bears its name.
func TestEvalSuggestNigeria(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	ix, names := nigeriaNames(t)
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	rng := rand.New(rand.NewSource(4))
	const n = 3000
	found := func(q, id, name string) bool {
		r, err := ix.Suggest(context.Background(), autocomplete.Query{Text: q, Limit: 5})
		if err != nil {
			return false
		}
		key := address.NameKey(name)
		for _, s := range r.Suggestions {
			if s.ID == id || address.NameKey(s.MainText) == key {
				return true
			}
		}
		return false
	}
	draw := func(minLen int) named {
		for {
			x := names[rng.Intn(len(names))]
			if len([]rune(address.Fold(x.name))) >= minLen {
				return x
			}
		}
	}
	// prefixes, by the share of the name typed
	var hits, short, shortHits, total int
	for range n {
		x := draw(3)
		r := []rune(x.name)
		cut := 3 + rng.Intn(len(r)-2)
		q := string(r[:cut])
		if len(address.Tokens(q)) == 0 {
			continue
		}
		total++
		ok := found(q, x.id, x.name)
		if ok {
			hits++
		}
		if 2*cut < len(r) {
			short++
			if ok {
				shortHits++
			}
		}
	}
	rep.Logf("recall@5, %d prefixes of 3+ characters: %.2f%% (%.2f%% of the %d that type less than half the name, %.2f%% of the others)",
		total, pct(hits, total), pct(shortHits, short), short, pct(hits-shortHits, total-short))
	for _, c := range []struct {
		edits, minLen int
	}{{1, 5}, {2, 9}} {
		hits := 0
		for range n {
			x := draw(c.minLen)
			q := edit(rng, x.name, c.edits)
			if found(q, x.id, x.name) {
				hits++
			}
		}
		rep.Logf("recall@5, %d names of %d+ characters with %d random edits: %.2f%%", n, c.minLen, c.edits, pct(hits, n))
	}
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(1, of)) }
