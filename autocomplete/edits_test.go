package autocomplete

import (
	"math/rand"
	"testing"

	"github.com/blevesearch/vellum/levenshtein"
)

// osa is the textbook optimal-string-alignment distance, to check the
// automaton against.
func osa(a, b string) int {
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

func TestEditAutomaton(t *testing.T) {
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
		var a editAutomaton
		a.reset(tt.word, tt.max, tt.prefix)
		ok, edits, whole := a.distance(tt.key)
		if ok != tt.ok || edits != tt.edits || whole != tt.whole {
			t.Errorf("%q ~ %q (max %d, prefix %v) = %v %d %v, want %v %d %v", tt.word, tt.key, tt.max, tt.prefix, ok, edits, whole, tt.ok, tt.edits, tt.whole)
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
	var a editAutomaton
	for range 20000 {
		w, k, m := word(), word(), 1+rng.Intn(2)
		a.reset(w, m, false)
		ok, edits, _ := a.distance(k)
		want := osa(w, k)
		if ok != (want <= m) || ok && edits != want {
			t.Fatalf("%q ~ %q (max %d) = %v %d, want %d", w, k, m, ok, edits, want)
		}
	}
}

// BenchmarkEditAutomaton compares making vellum's Levenshtein DFA with
// readying the automaton here and running both over one key.
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
				var a editAutomaton
				for range b.N {
					a.reset(word, d, false)
					a.distance(word)
				}
			})
		}
	}
}
