package address

// Choosing among the places a name may mean: how well each fits the other
// components, the postcode and the Plus Code, and which one goes first.

import (
	"math"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address/pluscode"
)

// postcodeAgrees scores how well a candidate place agrees with the postcode
// area of the address: in the same LGA or within 15 km of it (of its LGA,
// when the area has no point), or at least in its state when the address
// names no state.
func (g *geocoder) postcodeAgrees(p *Place) float64 {
	pc := g.postcode
	if pc == nil {
		return 0
	}
	if len(pc.Parents) > 0 && !isStateID(pc.Parents[0], g.cc) && p.Within(pc.Parents[0]) || near(p, g.postcodeAt, 15000) {
		return 2
	}
	if g.state == nil {
		for _, id := range pc.Parents {
			if strings.HasPrefix(id, g.cc+"-") && p.Within(id) {
				return 1
			}
		}
	}
	return 0
}

// plusCodeChoice returns the best candidate, unless the address carries a
// short Plus Code: then, among the candidates that score nearly as well,
// the one the code recovers nearest to, when that is within 15 km. A short
// code recovered near the wrong one of two same-named towns lands up to
// 55 km from it; near the right one, a few km.
func (g *geocoder) plusCodeChoice(cands []scored) scored {
	best := cands[0]
	code := g.a.PlusCode
	if code == "" || !pluscode.IsShort(code) {
		return best
	}
	short, err := pluscode.ParseShort(code)
	if err != nil {
		return best
	}
	bestD := math.Inf(1)
	choice := best
	for i, c := range cands {
		if i >= 40 || c.score < best.score-4 {
			break
		}
		if !c.p.HasPoint {
			continue
		}
		clat, clon, _ := short.Nearest(c.p.Lat, c.p.Lon)
		if d := Distance(clat, clon, c.p.Lat, c.p.Lon); d < bestD {
			choice, bestD = c, d
		}
	}
	if bestD > 15000 || choice.p.ID == best.p.ID {
		return best
	}
	// the code settled it: the rivals of the choice are no longer tied
	choice.score = best.score + 0.5
	return choice
}

// support scores how well the places another name of the address matched
// agree with p: 3 when one of them encloses p. (Nearness alone was tried as
// support and lost more wards than it placed localities.)
func support(p *Place, others []*Place) float64 {
	for _, o := range others {
		if o.ID != p.ID && p.Within(o.ID) {
			return 3
		}
	}
	return 0
}

// fits scores how well a street or address point agrees with the area and
// state found: below zero when it contradicts them. A street without a
// point is judged at the point of its area (see streetArea), and fits only
// when it lies in the area the address names, within 3 km of it or in its
// LGA, or has its postcode: its name alone elsewhere in the state verifies
// nothing (the streets of a metropolis repeat their names a few km apart).
func (g *geocoder) fits(p *Place) float64 {
	score, in := g.areaFit(p)
	postcode := g.a.Postcode != "" && slices.Contains(p.Postcodes, g.a.Postcode)
	if !p.HasPoint && g.area != nil && !in && !postcode {
		return -1
	}
	if g.state != nil {
		if p.Within(g.state.ID) {
			score += 1
		} else {
			score -= 5
		}
	}
	if postcode {
		score += 2
	}
	return score
}

// areaFit scores how well a street or address point agrees with the area
// found: 4 inside it, 2 to 3 within 3 km of it, 1 within 15 km, or in the
// LGA the area's name names as well and within 5 km, else 0. in reports
// whether it is inside the area, within 3 km of it, or in that LGA and
// within 5 km.
func (g *geocoder) areaFit(p *Place) (score float64, in bool) {
	if g.area == nil {
		return 0, false
	}
	at := g.pointOf(p)
	switch {
	case p.Within(g.area.ID):
		return 4, true
	case near(at, g.area, 3000):
		// the nearer the better: two streets of one name in one town
		return 3 - Distance(at.Lat, at.Lon, g.area.Lat, g.area.Lon)/3000, true
	}
	if g.namedLGA != nil && p.Within(g.namedLGA.ID) && near(at, g.area, 5000) {
		// the name that found the area names the LGA around it as well:
		// "Adesokan Street, Amuwo-Odofin" is in the LGA, under a ward of
		// it, not in the neighbourhood of the LGA's name (any LGA around
		// the area would confirm a street of another district: "Adeola
		// Odeku Street, Ajah" is Victoria Island's, in Ajah's LGA), and
		// within 5 km of the area (a street NIPOST files under Brass
		// LGA, placed at Yenagoa, is no street of Brass; "Police Station,
		// Biu" is not the street of that name 11 km away)
		return 1, true
	}
	if near(at, g.area, 15000) {
		return 1, false
	}
	return 0, false
}

// isStateID reports whether a place id is that of one of the country's
// states ("NG-LA"), not of a place within one ("NG-LA/lga/ikeja").
func isStateID(id, cc string) bool {
	return strings.HasPrefix(id, cc+"-") && !strings.Contains(id, "/")
}

// pick returns the place of ps that fits best, and how many fit as well.
func (g *geocoder) pick(ps []*Place, kind PlaceKind) (*Place, int) {
	var best *Place
	bestScore, n := math.Inf(-1), 0
	for _, p := range ps {
		if p.Kind != kind {
			continue
		}
		s := g.fits(p)
		switch {
		case s > bestScore:
			best, bestScore, n = p, s, 1
		case s == bestScore && !near(g.pointOf(p), g.pointOf(best), 1000):
			n++
			if p.Rank > best.Rank {
				best = p
			}
		}
	}
	if best == nil || bestScore < 0 {
		return nil, 0
	}
	return best, n
}

// pointed puts first, when the best candidate has no point, the first as
// well supported that bears its name, lies in its state (and its LGA,
// when both name one) and has one:
// "Makurdi" is the city, not a post office of the city's name that the
// postal list gives no point (which placed the address at state level).
func pointed(cands []scored) {
	top := cands[0]
	if top.p.HasPoint {
		return
	}
	for i, c := range cands[1:] {
		if c.score < top.score {
			return
		}
		if pointedNamesake(c.p, top.p) {
			copy(cands[1:i+2], cands[:i+1])
			cands[0] = c
			return
		}
	}
}

// pointedNamesake reports whether p has a point and bears the name of q,
// in its state and LGA: one place that two sources list, or a ward and
// the town it is named after.
func pointedNamesake(p, q *Place) bool {
	return p.HasPoint && NameKey(p.Name) == NameKey(q.Name) && stateOf(p) == stateOf(q) && sameLGA(p, q)
}

// sameLGA reports whether two places lie in one LGA, or either names none
// among its parents.
func sameLGA(p, q *Place) bool {
	a, b := lgaOf(p), lgaOf(q)
	return a == "" || b == "" || a == b
}

// lgaOf returns the id of the LGA among a place's parents, or "".
func lgaOf(p *Place) string {
	for _, id := range p.Parents {
		if strings.Contains(id, "/lga/") {
			return id
		}
	}
	return ""
}

// townAround returns, when the area chosen has no point, the city or town
// with one that the address's city names in the area's own LGA: "Amarata,
// Yenagoa" is a district (a postal list's village, without a point) of
// the city of Yenagoa, whose point places the address. Nil when there is
// none, or the area has a point. (The town an LGA is named after, written
// as the LGA, is none: "Kayinlo, Kupa, Lokoja LGA" lies 90 km from
// Lokoja.)
func townAround(cands []scored, best scored) *Place {
	lga := lgaOf(best.p)
	if best.p.HasPoint || lga == "" {
		return nil
	}
	for _, c := range cands {
		if c.m != best.m && c.m.field == "city" && c.p.HasPoint && cityOrTown(c.p) && lgaOf(c.p) == lga {
			return c.p
		}
	}
	return nil
}

// wardSeat returns, when the area chosen is a ward, the settlement (city,
// town or village) of its name that the address names as well as the
// ward, in its LGA and within 15 km of its point: "Darazo, Bauchi" is the
// town of Darazo, which the ward around it is named after, and the town's
// point is nearer the address than the ward's middle. When the address
// names that place alone (alone: nothing inside it, "Monguno, Borno"), a
// city or town of the name is the seat however far the ward's middle
// lies: the address is the town itself, where in a polling unit's address
// the ward is the area around a place written before it. The ward stays
// the area (its id among the result's places); nil when there is none.
func wardSeat(cands []scored, best scored, alone bool) *Place {
	w := best.p
	if w.Kind != KindWard {
		return nil
	}
	for _, c := range cands {
		if c.score < best.score {
			break
		}
		switch c.p.Kind {
		case KindCity, KindTown, KindVillage:
		default:
			continue
		}
		if pointedNamesake(c.p, w) && (!w.HasPoint || near(c.p, w, 15000) || alone && c.p.Kind != KindVillage) {
			return c.p
		}
	}
	return nil
}
