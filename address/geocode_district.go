package address

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Names of areas that carry more than a place's name: an article before a
// city ("La Habana"), a postal district's letters after it ("København
// N"), and a district written before the city a state is named after
// ("Bela Vista, São Paulo").

// articles open city names in the Romance languages and Arabic ("La
// Habana", "El Cairo", "Al Khobar"), where the gazetteer may list the name
// without them.
var articles = map[string]bool{"la": true, "el": true, "le": true, "les": true, "los": true, "las": true, "il": true, "al": true, "the": true}

// withoutArticle returns name without an article opening it, or name.
func withoutArticle(name string) string {
	if first, rest, ok := strings.Cut(strings.TrimSpace(name), " "); ok && articles[strings.ToLower(first)] && rest != "" {
		return rest
	}
	return name
}

// districtLetters reports whether w is one or two capital letters that
// may name a postal district after a city ("N", "SV", "Ø"), not a Roman
// numeral of two letters or more, nor "I" ("Garki II", "Oba I").
func districtLetters(w string) bool {
	n := 0
	roman := true
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		roman = roman && strings.ContainsRune("IVX", r)
		n++
	}
	return n >= 1 && n <= 2 && !(roman && (n == 2 || w == "I"))
}

// districtOfStateTown returns the city a written state is named after
// when the city written before the state is known in no place of that
// state but only as a smaller town or village far from it, which a district
// of the state's city shares the name of: "Bela Vista, São Paulo" is the
// district of São Paulo, not the town of Mato Grosso do Sul, 900 km away.
// A town near the state's city ("Garki, Kano": Jigawa's, 110 km from
// Kano), a district of another city ("Wuse, Kano") and a name the
// gazetteer does not know ("Lanlate, Oyo", a town of its own) keep
// stateByEvidence's reading; so does the city's own name ("Dubai, Dubai").
func (g *geocoder) districtOfStateTown(ctx context.Context, cands []scored, best *scored) (*Place, error) {
	city := NameKey(g.a.City)
	if !g.stateWritten || g.state == nil || g.saysState || stateCodeWritten(g.a.StateCode, g.stateText) || g.a.Neighbourhood != "" ||
		city == "" || city == NameKey(g.stateText) || best.m.field != "city" ||
		best.p.Kind != KindTown && best.p.Kind != KindVillage || best.p.Within(g.state.ID) ||
		slices.ContainsFunc(cands, func(c scored) bool { return c.p.Kind != KindState && c.p.Within(g.state.ID) }) {
		return nil, nil
	}
	town, err := g.townOfState(ctx, g.state, g.stateText)
	if err != nil || town == nil || importance(town) <= importance(best.p) || namesPlace(g.a.City, town) ||
		!town.HasPoint || !best.p.HasPoint || near(town, best.p, districtFar) {
		return nil, err
	}
	return town, nil
}

// districtFar is the distance from a state's city beyond which a town of
// the name written before the state is taken for a namesake of a district
// of that city (districtOfStateTown), in metres.
const districtFar = 300_000

// stateTown is the candidate of the city a written state is named after
// (see districtOfStateTown).
func (g *geocoder) stateTown(town *Place) scored {
	return scored{p: town, m: &mention{field: "city", text: g.stateText, key: NameKey(g.stateText), townOnly: true}, score: math.Inf(1)}
}
