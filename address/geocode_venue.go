package address

// A venue written before the places it lies in: an organization, not a
// district, when the gazetteer knows no place by its name.

import (
	"slices"
	"strings"
)

// venueWords end the names of venues that are places of a kind the
// gazetteer does not hold (an airport, a port, a dam; and a motor, bus or
// national park: parkKinds): a name ending in one is a venue only when the
// gazetteer knows no place by it (see venueArea). Words that as often end
// a district's name are not among them: "Offa Garage", "Ipaja Command",
// "Lekki Free Zone", "Finsbury Park".
var venueWords = map[string]bool{
	"airport": true, "airstrip": true, "port": true, "seaport": true, "jetty": true, "terminal": true,
	"dam": true, "interchange": true, "resort": true, "depot": true, "plant": true,
}

// venueArea reads a neighbourhood or city written first, ending in a venue
// word and known to the gazetteer as no place, as the organization when
// another place written was found ("Sapele Port, Sapele, Delta State",
// "Tiga Dam, Bebeji LGA, Kano State"). (An acronym so written is as often
// a place the gazetteer lacks, "VGC, Lekki", "CMS", as a company: it
// stays the area.)
func (g *geocoder) venueArea() {
	a := &g.a
	if a.Organization != "" || g.area == nil || a.Street != "" || a.HouseNumber != "" || len(a.Premises) > 0 ||
		a.Unit != (Unit{}) || a.POBox != "" || a.Estate != "" {
		return // written first only: "Plot 100 Mato St., Abuja Garage, Nguru" names a district
	}
	for _, f := range []string{"neighbourhood", "city"} {
		text := *a.component(f)
		if text == "" {
			continue
		}
		if g.areaFrom == f || !namedVenue(text) {
			return // the first area written
		}
		for _, m := range g.ments {
			if m.field == f && slices.Contains(m.edits, 0) {
				return
			}
		}
		a.Organization, *a.component(f) = text, ""
		g.res.reasonf("%q read as the organization: a venue's name, and no place the gazetteer knows", text)
		return
	}
}

// parkKinds name, before "Park", a park that is a venue ("Motor Park",
// "Bus Park", "National Park"): "Ikoyi Park" and "Finsbury Park" are
// districts.
var parkKinds = map[string]bool{"motor": true, "motors": true, "bus": true, "taxi": true, "car": true, "national": true, "amusement": true}

// namedVenue reports whether a name is a venue's: it ends in a venue word
// or a kind of park, and a name of its own stands before that ("Tiga Dam",
// "Sapele Port", "Kawo Motor Park"); a former or new venue alone names the
// district around it ("Old Airport, Jos", "New Garage, Ibadan", "New Bus
// Park").
func namedVenue(text string) bool {
	f := strings.Fields(Fold(text))
	n := len(f)
	switch {
	case n > 2 && f[n-1] == "park" && parkKinds[f[n-2]]:
		n -= 2
	case n > 0 && venueWords[f[n-1]]:
		n--
	default:
		return false
	}
	return slices.ContainsFunc(f[:n], func(w string) bool { return w != "old" && w != "new" })
}
