package autocomplete_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
)

// realTypoFloors are the least TestEvalRealTypos accepts for recall@5, in
// per cent, for each kind of typo and half: the figures measured when it
// was written (docs/figures.md), less two points; a letter dropped from
// a name of 4-6 letters as measured with the search-box typo budget
// (typoBudget: a word of 4 letters now matches names of its own length
// with an edit, which rank beside the longer name it was cut from), then
// raised when words of 3 letters were given an edit (docs/figures.md,
// "First letters and words of three").
var realTypoFloors = shareddata.Floors{
	"a letter doubled, tuning half":                                  97.6,
	"a letter doubled, held-aside half":                              97.9,
	"a letter doubled, names of 4-6 letters, tuning half":            96.8,
	"a letter doubled, names of 4-6 letters, held-aside half":        97.2,
	"a letter dropped, tuning half":                                  87.4,
	"a letter dropped, held-aside half":                              87.9,
	"a letter dropped, names of 4-6 letters, tuning half":            63.7,
	"a letter dropped, names of 4-6 letters, held-aside half":        62.3,
	"a vowel for another, tuning half":                               90.7,
	"a vowel for another, held-aside half":                           90.9,
	"a vowel for another, names of 4-6 letters, tuning half":         61.5,
	"a vowel for another, names of 4-6 letters, held-aside half":     64.7,
	"the second letter wrong, tuning half":                           94.7,
	"the second letter wrong, held-aside half":                       94.4,
	"the second letter wrong, names of 4-6 letters, tuning half":     71.4,
	"the second letter wrong, names of 4-6 letters, held-aside half": 72.9,
}

// realTypos are the typos people make on phones and in forms, which the
// random edits of TestEvalSuggestNigeria do not weigh as typing does:
// each returns the name with one typo of its kind, or "" when the name
// has no place for it.
var realTypos = []struct {
	kind string
	make func(rng *rand.Rand, r []rune) string
}{
	{"a letter doubled", func(rng *rand.Rand, r []rune) string {
		i := letterAt(rng, r, 0)
		return string(slices.Insert(slices.Clone(r), i, r[i]))
	}},
	{"a letter dropped", func(rng *rand.Rand, r []rune) string {
		i := letterAt(rng, r, 1)
		return string(slices.Delete(slices.Clone(r), i, i+1))
	}},
	{"a vowel for another", func(rng *rand.Rand, r []rune) string {
		var at []int
		for i, c := range r {
			if strings.ContainsRune("aeiou", unicode.ToLower(c)) {
				at = append(at, i)
			}
		}
		if len(at) == 0 {
			return ""
		}
		i := at[rng.Intn(len(at))]
		out := slices.Clone(r)
		for out[i] == r[i] || strings.ContainsRune("AEIOU", out[i]) {
			out[i] = rune("aeiou"[rng.Intn(5)])
		}
		return string(out)
	}},
	{"the second letter wrong", func(rng *rand.Rand, r []rune) string {
		out := slices.Clone(r)
		if len(out) < 2 || !unicode.IsLetter(out[1]) {
			return ""
		}
		for out[1] == r[1] || unicode.ToLower(out[1]) == unicode.ToLower(r[1]) {
			out[1] = rune('a' + rng.Intn(26))
		}
		return string(out)
	}},
}

// letterAt draws the index of a letter of r, not before from.
func letterAt(rng *rand.Rand, r []rune, from int) int {
	var at []int
	for i := from; i < len(r); i++ {
		if unicode.IsLetter(r[i]) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return from
	}
	return at[rng.Intn(len(at))]
}

// TestEvalRealTypos measures recall@5 on names typed with one typo of
// the kinds people make (a letter doubled, one dropped, a vowel for
// another, the second letter wrong), whole names of 5 or more letters
// and, apart, short names of 4 to 6 letters, each drawn as
// TestEvalSuggestNigeria draws (its halves, 2,000 queries a kind).
func TestEvalRealTypos(t *testing.T) {
	ix, names, rep := evaluation(t)
	got := map[string]float64{}
	for _, ty := range realTypos {
		for _, short := range []bool{false, true} {
			what := ty.kind
			if short {
				what += ", names of 4-6 letters"
			}
			var n, found [2]int
			for x, rng := range drawOrder(names, "real "+what) {
				if n[0]+n[1] == 2000 {
					break
				}
				k := len([]rune(address.Fold(x.name)))
				if short && (k < 4 || k > 6) || !short && k < 5 {
					continue
				}
				text := ty.make(rng, []rune(x.name))
				if text == "" || address.NameKey(text) == address.NameKey(x.name) {
					continue
				}
				h := half(x)
				n[h]++
				if inFirstFive(t, ix, text, x) {
					found[h]++
				}
			}
			got[what+", tuning half"] = pct(found[0], n[0])
			got[what+", held-aside half"] = pct(found[1], n[1])
			rep.Logf("recall@5, %s: %.2f%% (tuning half %.2f%% of %d, held aside %.2f%% of %d)", what,
				pct(found[0]+found[1], n[0]+n[1]), pct(found[0], n[0]), n[0], pct(found[1], n[1]), n[1])
		}
	}
	realTypoFloors.Check(t, got)
}
