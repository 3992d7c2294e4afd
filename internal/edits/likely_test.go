package edits

import (
	"math/rand"
	"testing"
)

func TestUnlikely(t *testing.T) {
	for _, tt := range []struct {
		word, key string
		prefix    bool
		want      int
	}{
		{"ikoyi", "ikoyi", false, 0},
		{"ikyi", "ikoyi", false, 0},   // a letter left out
		{"ikkoyi", "ikoyi", false, 0}, // a letter doubled
		{"ikoiy", "ikoyi", false, 0},  // neighbours swapped
		{"ikeja", "ikaja", false, 0},  // a vowel for another
		{"ilmja", "ikeja", false, 1},  // "l" beside "k"; "m" for "e" is not
		{"ikyi", "ikpi", false, 1},    // "y" and "p" far apart
		{"ikpi", "ikoi", false, 0},    // "p" beside "o"
		{"ikxoyi", "ikoyi", false, 1}, // "x" beside neither "k" nor "o"
		{"ikjoyi", "ikoyi", false, 0}, // "j" beside "k"
		{"iky", "ikoyi", true, 0},     // the start, a letter left out
		{"ikz", "ikoyi", true, 1},
		{"lagos", "lagos street", true, 0},
		{"ìkòyí", "ìkòyí", false, 0}, // characters, not bytes
		{"ìkyí", "ìkòyí", false, 0},
	} {
		if got := Unlikely(tt.word, tt.key, tt.prefix); got != tt.want {
			t.Errorf("Unlikely(%q, %q, %v) = %d, want %d", tt.word, tt.key, tt.prefix, got, tt.want)
		}
	}
}

// TestUnlikelyWithinEdits checks on random pairs that the unlikely edits
// are never more than the edits (textbook) and none for a word alike.
func TestUnlikelyWithinEdits(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	word := func() string {
		b := make([]byte, 1+rng.Intn(8))
		for i := range b {
			b[i] = "aeiklmnoprsy"[rng.Intn(12)]
		}
		return string(b)
	}
	for range 20000 {
		a, b := word(), word()
		if u, d := Unlikely(a, b, false), textbook(a, b); u > d || d == 0 && u != 0 {
			t.Fatalf("Unlikely(%q, %q) = %d, %d edits", a, b, u, d)
		}
	}
}

func FuzzUnlikely(f *testing.F) {
	f.Add("ikyi", "ikoyi", false)
	f.Add("lag", "lagos", true)
	f.Fuzz(func(t *testing.T, a, b string, prefix bool) {
		if len(a) > 24 || len(b) > 24 {
			return
		}
		u := Unlikely(a, b, prefix)
		if u < 0 || u > max(len([]rune(a)), len([]rune(b))) {
			t.Fatalf("Unlikely(%q, %q, %v) = %d", a, b, prefix, u)
		}
	})
}
