package autocomplete

import (
	"math/rand"
	"testing"

	"github.com/blevesearch/vellum"
)

// TestMatchWalked checks that matchWalked, which trusts the automaton's
// walk, classes every term the walk yields as match, which measures it:
// words of every length, whole and still typed, against a dictionary of
// random terms and of near misses of the words.
func TestMatchWalked(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcdeiklmnoé"[rng.Intn(11)]
		}
		return string(b)
	}
	var words []string
	for range 300 {
		words = append(words, word(2+rng.Intn(10)))
	}
	words = append(words, "lagos", "ikeja", "ibadan")
	terms := map[string]bool{}
	for range 20000 {
		terms[word(1+rng.Intn(12))] = true
	}
	for _, w := range words {
		for i := range len(w) {
			terms[w[:i]+w[i+1:]] = true                 // a deletion
			terms[w[:i]+"x"+w[i:]] = true               // an insertion
			terms[w[:i]+"x"+w[i+1:]+"abc"[:i%4]] = true // a substitution, and a longer term
		}
	}
	keys := make([]string, 0, len(terms))
	for k := range terms {
		if k != "" {
			keys = append(keys, k)
		}
	}
	fst := FSTOf(t, keys)
	walked := 0
	for _, w := range words {
		for _, prefix := range []bool{false, true} {
			var tk token
			setToken(&tk, w, prefix)
			if !tk.fuzzy(1) {
				continue
			}
			tk.search.Reset(tk.text, tk.edits, tk.prefix)
			var it vellum.FSTIterator
			err := it.Reset(fst, nil, nil, &tk.search)
			for err == nil {
				k, _ := it.Current()
				term := string(k)
				walked++
				ok1, typos1, exact1 := tk.matchWalked(term)
				ok2, typos2, exact2 := tk.match(term)
				if ok1 != ok2 || typos1 != typos2 || exact1 != exact2 {
					t.Errorf("%q (prefix %v) against %q: matchWalked %v %d %v, match %v %d %v",
						w, prefix, term, ok1, typos1, exact1, ok2, typos2, exact2)
				}
				err = it.Next()
			}
		}
	}
	if walked < 1000 {
		t.Fatalf("only %d terms walked: the test checks too little", walked)
	}
	t.Logf("%d terms walked", walked)
}
