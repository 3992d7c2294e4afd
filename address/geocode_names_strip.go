package address

// Words an area's name is written with and looked up without.

import "strings"

// beforeLGA returns the words before "LGA" or "local government" in s,
// when there are some.
func beforeLGA(s string) ([]string, bool) {
	f := strings.Fields(Fold(s))
	for i, w := range f {
		if i > 0 && (w == "lga" || w == "local" && i+1 < len(f) && strings.HasPrefix(f[i+1], "gov")) {
			return f[:i], true
		}
	}
	return nil, false
}

// stripEstate drops the words that mark an estate ("Estate", "Housing",
// "Layout", "GRA") and its phase ("Phase 2") from its name.
func stripEstate(s string) string {
	f := strings.Fields(s)
	out := f[:0]
	for _, w := range f {
		k := Fold(w)
		if k == "phase" {
			break
		}
		if estateWords[k] == "" && k != "housing" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

func stripGeneric(s string) string {
	f := strings.Fields(Fold(s))
	out := f[:0]
	for _, w := range f {
		if !genericWords[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
