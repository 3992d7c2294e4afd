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
// per cent, for each kind of typo and half: the figures measured when
// edits people seldom make were put after likely ones (docs/figures.md,
// "Likely typos"), less two points.
var realTypoFloors = shareddata.Floors{
	"a letter doubled, tuning half":                                           97.6,
	"a letter doubled, held-aside half":                                       98.0,
	"a letter doubled, names of 4-6 letters, tuning half":                     96.9,
	"a letter doubled, names of 4-6 letters, held-aside half":                 97.1,
	"a letter dropped, tuning half":                                           87.5,
	"a letter dropped, held-aside half":                                       89.0,
	"a letter dropped, names of 4-6 letters, tuning half":                     68.6,
	"a letter dropped, names of 4-6 letters, held-aside half":                 67.6,
	"a vowel for another, tuning half":                                        92.5,
	"a vowel for another, held-aside half":                                    93.1,
	"a vowel for another, names of 4-6 letters, tuning half":                  72.2,
	"a vowel for another, names of 4-6 letters, held-aside half":              75.9,
	"a key beside struck for a letter, tuning half":                           96.1,
	"a key beside struck for a letter, held-aside half":                       96.2,
	"a key beside struck for a letter, names of 4-6 letters, tuning half":     86.8,
	"a key beside struck for a letter, names of 4-6 letters, held-aside half": 87.4,
	"the second letter wrong, tuning half":                                    94.4,
	"the second letter wrong, held-aside half":                                94.7,
	"the second letter wrong, names of 4-6 letters, tuning half":              86.1,
	"the second letter wrong, names of 4-6 letters, held-aside half":          86.2,
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
	{"a key beside struck for a letter", func(rng *rand.Rand, r []rune) string {
		i := letterAt(rng, r, 0)
		near := besideKeys(unicode.ToLower(r[i]))
		if near == "" {
			return ""
		}
		out := slices.Clone(r)
		out[i] = rune(near[rng.Intn(len(near))])
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

// besideKeys returns the letters whose keys are beside a letter's on a
// QWERTY keyboard (in its row, next to it; in the rows above and below,
// overlapping it), "" for a character that is no letter key.
func besideKeys(c rune) string {
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	shift := []int{0, 1, 3} // each row's offset, in quarters of a key
	for r, row := range rows {
		i := strings.IndexRune(row, c)
		if i < 0 {
			continue
		}
		var near []byte
		for r2 := max(0, r-1); r2 <= min(2, r+1); r2++ {
			for j := 0; j < len(rows[r2]); j++ {
				d := 4*j + shift[r2] - 4*i - shift[r]
				if r2 == r && (d == 4 || d == -4) || r2 != r && d > -4 && d < 4 {
					near = append(near, rows[r2][j])
				}
			}
		}
		return string(near)
	}
	return ""
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
// another, a key beside struck for a letter, the second letter wrong),
// whole names of 5 or more letters and, apart, short names of 4 to 6
// letters, each drawn as TestEvalSuggestNigeria draws (its halves, 2,000
// queries a kind).
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
