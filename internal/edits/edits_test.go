package edits

import (
	"bytes"
	"maps"
	"math/rand"
	"slices"
	"testing"

	"github.com/blevesearch/vellum"
	"github.com/blevesearch/vellum/levenshtein"
)

// textbook is the optimal-string-alignment distance, to check the
// automaton against.
func textbook(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// reference measures a key against a word by the textbook, for every
// start the rule allows.
func reference(word, key string, m int, prefix bool) (ok bool, edits int, whole bool) {
	best := -1
	for j := 0; j <= len(key); j++ {
		if !(prefix && j >= len(word) || j == len(key)) {
			continue
		}
		if e := textbook(word, key[:j]); e <= m && (best < 0 || e < best || e == best && j == len(key)) {
			best, whole = e, j == len(key)
		}
	}
	return best >= 0, max(best, 0), whole
}

// accepts walks a key through the automaton, as the FST search does.
func accepts(a *Automaton, key string) bool {
	s := a.Start()
	for i := 0; i < len(key) && a.CanMatch(s); i++ {
		s = a.Accept(s, key[i])
	}
	return a.IsMatch(s)
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		word, key string
		max       int
		prefix    bool
		ok        bool
		edits     int
		whole     bool
	}{
		{"ikeja", "ikeja", 1, false, true, 0, true},
		{"ikejja", "ikeja", 1, false, true, 1, true},
		{"victoira", "victoria", 1, false, true, 1, true}, // a transposition is one edit
		{"victtoriia", "victoria", 2, false, true, 2, true},
		{"ikje", "ikeja", 1, false, false, 0, false},
		{"ikejj", "ikejaroad", 1, true, true, 1, false},
		{"ikej", "ikeja", 1, true, true, 0, false},
		{"abcd", "abxcd", 2, true, true, 1, true},    // a later start needs fewer edits
		{"ikejax", "ikej", 1, true, false, 0, false}, // a start shorter than the word is not enough
		{"ikejax", "ikeja", 1, true, true, 1, true},  // but the whole key is
	} {
		ok, edits, whole := OSA(tt.word, tt.key, tt.max, tt.prefix)
		if ok != tt.ok || edits != tt.edits || whole != tt.whole {
			t.Errorf("OSA(%q, %q, %d, %v) = %v %d %v, want %v %d %v", tt.word, tt.key, tt.max, tt.prefix, ok, edits, whole, tt.ok, tt.edits, tt.whole)
		}
		var a Automaton
		a.Reset(tt.word, tt.max, tt.prefix)
		if got := accepts(&a, tt.key); got != tt.ok {
			t.Errorf("automaton %q ~ %q: %v, want %v", tt.word, tt.key, got, tt.ok)
		}
	}
	rng := rand.New(rand.NewSource(1))
	word := func() string {
		b := make([]byte, rng.Intn(9))
		for i := range b {
			b[i] = "abcd"[rng.Intn(4)]
		}
		return string(b)
	}
	var a Automaton
	for range 30000 {
		w, k, m, prefix := word(), word(), 1+rng.Intn(2), rng.Intn(2) == 0
		want, wantEdits, wantWhole := reference(w, k, m, prefix)
		if ok, edits, whole := OSA(w, k, m, prefix); ok != want || edits != wantEdits || whole != wantWhole {
			t.Fatalf("OSA(%q, %q, %d, %v) = %v %d %v, want %v %d %v", w, k, m, prefix, ok, edits, whole, want, wantEdits, wantWhole)
		}
		a.Reset(w, m, prefix)
		if got := accepts(&a, k); got != want {
			t.Fatalf("automaton %q ~ %q (max %d, prefix %v): %v, want %v", w, k, m, prefix, got, want)
		}
	}
}

// BenchmarkEditAutomaton compares making vellum's Levenshtein DFA and
// running it over one key with readying the automaton here and running
// it over the key.
func BenchmarkEditAutomaton(b *testing.B) {
	for _, word := range []string{"ikeja", "aduragbemi", "victoriaisland"} {
		for d := 1; d <= 2; d++ {
			lb, err := levenshtein.NewLevenshteinAutomatonBuilder(uint8(d), true)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(word+"/vellum-dfa/"+string(rune('0'+d)), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					dfa, err := lb.BuildDfa(word, uint8(d))
					if err != nil {
						b.Fatal(err)
					}
					dfa.MatchAndDistance(word)
				}
			})
			b.Run(word+"/rows/"+string(rune('0'+d)), func(b *testing.B) {
				b.ReportAllocs()
				var a Automaton
				for range b.N {
					a.Reset(word, d, false)
					if !accepts(&a, word) {
						b.Fatal("no match")
					}
				}
			})
		}
	}
}

// TestAgreesWithVellumDFA searches one FST with vellum's Levenshtein DFA
// (transpositions as one edit) and with the Automaton, for ASCII words
// within one and two edits of its keys: the two find the same keys, so
// that storage's spelling look-ups give what they gave with the DFA.
func TestAgreesWithVellumDFA(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	letters := "abcdeiklmnorstuy"
	word := func() string {
		b := make([]byte, 3+rng.Intn(10))
		for i := range b {
			b[i] = letters[rng.Intn(len(letters))]
		}
		return string(b)
	}
	keys := map[string]bool{}
	for len(keys) < 3000 {
		keys[word()] = true
	}
	sorted := slices.Sorted(maps.Keys(keys))
	fst := fstOf(t, sorted)
	search := func(a vellum.Automaton, first byte) []string {
		var out []string
		it, err := fst.Search(a, []byte{first}, []byte{first + 1})
		for err == nil {
			k, _ := it.Current()
			out = append(out, string(k))
			err = it.Next()
		}
		return out
	}
	var a Automaton
	for d := 1; d <= 2; d++ {
		lb, err := levenshtein.NewLevenshteinAutomatonBuilder(uint8(d), true)
		if err != nil {
			t.Fatal(err)
		}
		for range 500 {
			// a key with an edit or two, or any word
			w := sorted[rng.Intn(len(sorted))]
			if rng.Intn(2) == 0 {
				w = w[:len(w)-1] + string(letters[rng.Intn(len(letters))])
			} else if rng.Intn(2) == 0 {
				w = word()
			}
			dfa, err := lb.BuildDfa(w, uint8(d))
			if err != nil {
				t.Fatal(err)
			}
			a.Reset(w, d, false)
			if want, got := search(dfa, w[0]), search(&a, w[0]); !slices.Equal(want, got) {
				t.Fatalf("%q within %d: the DFA finds %q, the automaton %q", w, d, want, got)
			}
		}
	}
}

// TestLimit: a walk bounded by Limit stops after that many steps, says so,
// and yields a subset of what the unbounded walk yields; Reset lifts it.
func TestLimit(t *testing.T) {
	var keys []string
	for _, a := range "abcdefgh" {
		for _, b := range "abcdefgh" {
			keys = append(keys, string(a)+string(b)+"ndo")
		}
	}
	fst := fstOf(t, keys)
	var a Automaton
	walk := func(limit int) (found []string) {
		a.Reset("aando", 2, false)
		a.Limit(limit)
		it, err := fst.Search(&a, nil, nil)
		for err == nil {
			k, _ := it.Current()
			found = append(found, string(k))
			err = it.Next()
		}
		return found
	}
	all := walk(0)
	if a.Cut() || len(all) != len(keys) {
		t.Fatalf("unbounded: %d keys of %d, cut %v", len(all), len(keys), a.Cut())
	}
	steps := a.Steps()
	some := walk(steps / 4)
	if !a.Cut() || len(some) >= len(all) || a.Steps() > steps/4 {
		t.Fatalf("bounded to %d steps: %d keys, cut %v, %d steps", steps/4, len(some), a.Cut(), a.Steps())
	}
	for _, k := range some {
		if !slices.Contains(all, k) {
			t.Errorf("bounded walk found %q, which the whole walk did not", k)
		}
	}
	if walk(0); a.Cut() {
		t.Error("Reset kept the bound")
	}
}

// fstOf builds an FST of sorted keys, each mapped to its position.
func fstOf(t *testing.T, sorted []string) *vellum.FST {
	t.Helper()
	var buf bytes.Buffer
	bld, err := vellum.New(&buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range sorted {
		if err := bld.Insert([]byte(k), uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := bld.Close(); err != nil {
		t.Fatal(err)
	}
	fst, err := vellum.Load(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return fst
}
