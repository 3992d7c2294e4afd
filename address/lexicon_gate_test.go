package address

import (
	"strings"
	"testing"
)

// TestLexiconGates checks that every word a lookup gated on the lexicon
// flag (word.lex) may match is in lexWords: poBoxAt and foreignBoxAt look
// their markers up only for such words, headMarkers its unit types. A word
// added to one of these lists and not to the lexicons would never be found.
func TestLexiconGates(t *testing.T) {
	check := func(list, w string) {
		t.Helper()
		for _, f := range strings.Fields(w) {
			if !lexWords[f] {
				t.Errorf("%s: %q is not in lexWords", list, f)
			}
		}
	}
	for _, k := range []string{"po", "pob", "pmb", "box", "postbox", "pobox", "p", "private", "post"} {
		check("poBoxAt", k)
	}
	for k, second := range foreignBoxes {
		check("foreignBoxes", k+" "+second)
	}
	for _, ph := range boxPhrases {
		check("boxPhrases", ph[0])
	}
	for k := range unitTypes {
		check("unitTypes", k)
	}
	for cc, m := range countryUnitTypes {
		for k := range m {
			check("countryUnitTypes "+cc, k)
		}
	}
}
