package address

// Japanese wards written before the city their prefecture is named after.

import (
	"context"
	"strings"
)

// wardBeforeCity reads a Japanese ward written before a prefecture that
// shares its name with its capital ("Minato-ku, Tokyo", "Chuo-ku, Osaka",
// "shinjuku shinjuku-ku tokyo"): the ward ("-ku") is the district (the LGA
// component) and the prefecture's name the city, when no locality was
// found and the gazetteer knows a city of that name in the prefecture. A
// ward glued to the end of the neighbourhood is parted from it.
func (g *geocoder) wardBeforeCity(ctx context.Context) error {
	a := &g.a
	if g.cc != "JP" || g.state == nil || a.LGA != "" || g.area != nil && g.area.Kind != KindState {
		return nil
	}
	// the ward, and the district written before it in its component
	ward, district := "", ""
	switch {
	case isWard(a.City) && !strings.Contains(a.City, " "):
		ward = a.City // "Minato-ku, Tokyo"
	case isWard(lastWord(a.City)) && a.Neighbourhood == "":
		ward = lastWord(a.City) // "shinjuku shinjuku-ku tokyo"
		district = strings.TrimSuffix(strings.TrimSuffix(a.City, ward), " ")
	case a.City == "" && isWard(lastWord(a.Neighbourhood)) && strings.Contains(a.Neighbourhood, " "):
		ward = lastWord(a.Neighbourhood)
		district = strings.TrimSuffix(a.Neighbourhood, " "+ward)
	default:
		return nil
	}
	// (the gazetteer lists Tokyo's wards as cities: a ward named after
	// another city of the prefecture, "Sakai-ku, Osaka", cannot be told
	// from them, and is read in the prefecture's city)
	ps, err := g.named(ctx, NameKey(g.state.Name))
	if err != nil {
		return err
	}
	for _, p := range ps {
		if p.Kind == KindCity && p.Within(g.state.ID) {
			if district != "" {
				a.Neighbourhood = district
				g.mark("neighbourhood", false)
			}
			a.LGA, a.City = ward, p.Name
			g.area, g.areaFrom = p, "city"
			g.mark("lga", false)
			g.mark("city", true)
			g.res.reasonf("%s is a ward of %s, the city of the prefecture's name", ward, p.Name)
			return nil
		}
	}
	return nil
}

// isWard reports whether a name is a Japanese ward's, romanized: it ends
// in "-ku" ("Minato-ku", "Shinjuku-Ku").
func isWard(name string) bool {
	f := Fold(name)
	return len(f) > 3 && (strings.HasSuffix(f, "-ku") || strings.HasSuffix(f, " ku"))
}
