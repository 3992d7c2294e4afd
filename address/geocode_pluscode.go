package address

// Plus Codes: a full code placed as it is, a short one recovered by the
// votes of the places the address names.

import (
	"github.com/addrkit/addrkit/address/pluscode"
)

// plusCode places the address at its Plus Code, recovering a short code
// from the nearest place the address names.
func (g *geocoder) plusCode() bool {
	code := g.a.PlusCode
	if code == "" {
		return false
	}
	full, source := code, "pluscode"
	if pluscode.IsShort(code) {
		source = "pluscode-recovered"
		var ok bool
		if full, ok = g.recoverPlusCode(code); !ok {
			return false
		}
	}
	area, err := pluscode.Decode(full)
	if err != nil {
		g.res.reasonf("the Plus Code %s cannot be decoded", code)
		return false
	}
	lat, lon := area.Center()
	for _, p := range []*Place{g.area, g.state} {
		if p != nil && p.HasPoint && p.Kind != KindState && Distance(lat, lon, p.Lat, p.Lon) > 50000 {
			g.conflict("pluscode_far", "Plus Code %s lies %.0f km from %s", code, Distance(lat, lon, p.Lat, p.Lon)/1000, p.Name)
			break
		}
	}
	g.res.Latitude, g.res.Longitude, g.res.HasPoint = lat, lon, true
	g.res.PointSource = source
	g.res.Level = LevelPremise
	if area.Len < 10 {
		g.res.Level = LevelNeighbourhood
	}
	for _, p := range []*Place{g.point, g.street, g.area} {
		if p != nil {
			g.res.PlaceIDs = append(g.res.PlaceIDs, p.ID)
		}
	}
	return true
}

// recoverPlusCode recovers a short Plus Code from the places the address
// names. A short code drops the 1-degree cell, so each reference recovers
// it in the cell nearest itself: near the right reference the code lands
// within a few km of it; near a wrong one (a postcode area placed at the
// mean of villages some of which are misplaced, a town Google names for a
// whole district) tens of km away. So each reference votes for the code it
// recovers within plusVoteRadius of itself: the street, the locality and
// the postcode area (its LGA when no source could place it) twice, each
// place the postcode serves once, and, for each name of the address, the
// most important city or town it may mean three times (inside the state, when the input names one), whatever the
// other components chose: Google shortens a code against a locality it
// knows, most often the best known of its name ("110115, Ibadan" is the
// city, though the postcode's villages are in Ogun State). The code with
// the most votes wins, then the one landing nearest its reference. The
// state or the country is the reference only when nothing finer has a
// point, and then the code is flagged as a guess.
// (Tried and dropped: preferring recoveries in the named state, by the
// nearest LGA seat; votes from every place a name of the address may mean,
// which sources that list one village three times outvote; the most
// important town only inside the state when the state is one the
// postcode implies, which is often wrong.)
func (g *geocoder) recoverPlusCode(code string) (string, bool) {
	type vote struct {
		n     int     // votes
		nearD float64 // the distance to the nearest reference
		code  string  // the full code, written when it is needed
		lat   float64 // its centre
		lon   float64
	}
	short, err := pluscode.ParseShort(code)
	if err != nil {
		return "", false
	}
	votes := map[[2]int64]*vote{}
	cast := func(ref *Place, weight int) {
		if ref == nil || !ref.HasPoint || ref.Kind == KindState || ref.Kind == KindCountry {
			return
		}
		clat, clon, cell := short.Nearest(ref.Lat, ref.Lon)
		d := Distance(clat, clon, ref.Lat, ref.Lon)
		v := votes[cell]
		if v == nil {
			v = &vote{nearD: d, lat: clat, lon: clon}
			votes[cell] = v
		}
		if d < plusVoteRadius {
			v.n += weight
		}
		v.nearD = min(v.nearD, d)
	}
	for _, ref := range []*Place{g.street, g.area, g.postcodeAt} {
		cast(ref, 2)
	}
	for _, p := range g.served[:min(len(g.served), maxServedVotes)] {
		if p != g.postcode {
			cast(p, 1)
		}
	}
	for _, m := range g.ments {
		if top := g.topTown(m.places); top != nil {
			cast(top, 3)
		}
	}
	var best *vote
	for _, v := range votes {
		v.code = short.Code(v.lat, v.lon)
		if best == nil || v.n > best.n || v.n == best.n && (v.nearD < best.nearD || v.nearD == best.nearD && v.code < best.code) {
			best = v
		}
	}
	if best != nil {
		return best.code, true
	}
	for _, ref := range []*Place{g.state, g.country} {
		if ref == nil || !ref.HasPoint {
			continue
		}
		full, err := pluscode.RecoverNearest(code, ref.Lat, ref.Lon)
		if err != nil {
			return "", false
		}
		g.conflict("pluscode_guessed", "the short Plus Code %s was recovered from %s alone; it may lie in another cell", code, ref.Name)
		return full, true
	}
	g.res.reasonf("the short Plus Code %s has no locality to recover it from", code)
	return "", false
}

// topTown returns the city or town with a point of the highest rank among
// places, inside the state when the input named it, nil when there is
// none.
func (g *geocoder) topTown(places []*Place) *Place {
	var top *Place
	for _, p := range places {
		if cityOrTown(p) && p.HasPoint && (!g.stateWritten || g.state == nil || p.Within(g.state.ID)) && (top == nil || p.Rank > top.Rank) {
			top = p
		}
	}
	return top
}

// plusVoteRadius is how near its reference a recovered code must land to
// count as a vote: a locality named beside a short code lies within a few
// km of it, a wrong one anywhere up to 78 km away.
const plusVoteRadius = 20000

// maxServedVotes bounds the places of a postcode area that vote.
const maxServedVotes = 200
