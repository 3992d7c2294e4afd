package address

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/addrkit/addrkit/address/pluscode"
)

// Errors of Reverse.
var (
	// ErrBadPoint is a latitude outside ±90, a longitude outside ±180, or
	// a coordinate that is not a number.
	ErrBadPoint = errors.New("address: not a point on Earth: the latitude must be within ±90 and the longitude within ±180")
	// ErrNothingNear says the gazetteer holds no place within
	// ReverseFarthest of the point.
	ErrNothingNear = errors.New("address: the gazetteer holds no place near the point")
)

// The distances Reverse looks within, in metres.
const (
	// ReverseAddressReach is how near an address point must be to be the
	// answer, ReverseStreetReach a street's point.
	ReverseAddressReach = 100
	ReverseStreetReach  = 250
	// ReverseSettlements is how far settlements (neighbourhoods, wards,
	// villages, towns, cities) are looked for: as far as the largest
	// reaches (see reach).
	ReverseSettlements = maxReach
	// ReverseFarthest is how far any place is looked for when no
	// settlement is near: the nearest LGA, state or settlement within it
	// answers, else ErrNothingNear.
	ReverseFarthest = 300_000
)

// Reversed is what Reverse finds at a point.
type Reversed struct {
	// Result answers for the place found as GeocodePlace does: its
	// point, its match level, and its address with the places around it.
	Result
	// DistanceM is the distance, in metres, from the point asked to the
	// place's point.
	DistanceM float64 `json:"distance_m"`
	// PlusCode is the Plus Code of the point asked (10 digits: a cell of
	// about 14 m), which names the point itself where no address does.
	PlusCode string `json:"plus_code"`
}

// nearRefs is the capability of a gazetteer held in memory to hand out
// the places near a point without copies (storage.Gazetteer.NearRefs);
// ok is false when it cannot, and Near answers.
type nearRefs interface {
	NearRefs(ctx context.Context, lat, lon, radius float64, limit int, kinds ...PlaceKind) (ps []*Place, ok bool, err error)
}

// nearPlaces returns the places of Near, shared when the gazetteer can hand
// them out without copying (nearRefs).
func nearPlaces(ctx context.Context, gz Gazetteer, lat, lon, radius float64, limit int, kinds ...PlaceKind) ([]*Place, error) {
	if nr, ok := gz.(nearRefs); ok {
		if ps, ok, err := nr.NearRefs(ctx, lat, lon, radius, limit, kinds...); ok || err != nil {
			return ps, err
		}
	}
	ps, err := gz.Near(ctx, lat, lon, radius, limit, kinds...)
	return refsOf(ps), err
}

// settlementKinds are the places Reverse reads a point as inside of.
var settlementKinds = []PlaceKind{KindNeighbourhood, KindWard, KindVillage, KindTown, KindCity}

// Reverse returns the place at a point (reverse geocoding): the nearest
// address point within ReverseAddressReach, else the nearest street
// within ReverseStreetReach, else the settlement the point is inside of,
// else the nearest place within ReverseFarthest. A settlement has no
// outline in the gazetteer: it is taken to reach a distance around its
// point that grows with its kind and population (see reach), and the
// point is inside the smallest settlement that reaches it (a
// neighbourhood before its city); the largest city or town that also
// reaches it, in the same state, is its city. When none reaches it, the nearest
// settlement by its distance over its reach answers. The address is the
// place's and its parents' (LGA, state, country), as GeocodePlace gives
// it; Reasons say how the place was chosen.
func Reverse(ctx context.Context, gz Gazetteer, lat, lon float64) (Reversed, error) {
	if math.IsNaN(lat) || math.IsNaN(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return Reversed{}, ErrBadPoint
	}
	code, err := pluscode.Encode(lat, lon, 10)
	if err != nil {
		return Reversed{}, fmt.Errorf("%w: %v", ErrBadPoint, err)
	}
	var (
		found *Place
		city  *Place
		why   string
	)
	for _, t := range []struct {
		kind  PlaceKind
		reach float64
	}{{KindAddress, ReverseAddressReach}, {KindStreet, ReverseStreetReach}} {
		ps, err := nearPlaces(ctx, gz, lat, lon, t.reach, 1, t.kind)
		if err != nil {
			return Reversed{}, err
		}
		if len(ps) > 0 {
			found = ps[0]
			why = fmt.Sprintf("the nearest %s within %d m", t.kind, int(t.reach))
			break
		}
	}
	if found == nil {
		// the small settlements near, then the towns and cities, which
		// may reach further: one search of the whole reach would read
		// every village of a wide square
		ps, err := nearPlaces(ctx, gz, lat, lon, smallReach, 0, KindNeighbourhood, KindWard, KindVillage)
		if err != nil {
			return Reversed{}, err
		}
		big, err := nearPlaces(ctx, gz, lat, lon, maxReach, 0, KindTown, KindCity)
		if err != nil {
			return Reversed{}, err
		}
		found, city, why = inside(lat, lon, append(ps, big...))
	}
	// else the nearest place, looked for in wider and wider circles (a
	// wide one reads every place of a wide square)
	for _, radius := range []float64{10_000, 50_000, ReverseFarthest} {
		if found != nil {
			break
		}
		ps, err := nearPlaces(ctx, gz, lat, lon, radius, 1, append([]PlaceKind{KindLGA, KindState}, settlementKinds...)...)
		if err != nil {
			return Reversed{}, err
		}
		if len(ps) > 0 {
			found, why = ps[0], "no settlement reaches the point: the nearest place"
		}
	}
	if found == nil {
		return Reversed{}, ErrNothingNear
	}
	r, err := GeocodePlace(ctx, gz, found.ID, "", Unit{})
	if err != nil {
		return Reversed{}, err
	}
	if city != nil && r.Address.City == "" {
		r.Address.City = city.Name
		r.PlaceIDs = append(r.PlaceIDs, city.ID)
		r.Inferred = append(r.Inferred, Change{Field: "city", Kind: Added, To: city.Name})
	}
	d := Distance(lat, lon, found.Lat, found.Lon)
	r.Reasons = append(r.Reasons, fmt.Sprintf("%s: %s, %d m from the point", why, found.Name, int(math.Round(d))))
	return Reversed{Result: r, DistanceM: math.Round(d), PlusCode: code}, nil
}

// smallReach is the farthest a neighbourhood, ward or village reaches;
// maxReach the farthest a town or city does.
const (
	smallReach = 1500
	maxReach   = 19_000 // (a geohash cell of 5 characters is 19.5 km: Near reads nine)
)

// reach is how far from its point a settlement is taken to extend, in
// metres: by kind, and for a town or city whose rank is its population
// (the world's places; Nigeria's built-in ones rank by kind) 8 m for each
// square root of its people (the radius of a disc at 5,000 people a square
// kilometre, a city's core), from 1.5 to 19 km. The figures are kept
// small: a village 1.9 km from the Palace of Westminster is not where it
// stands; London, 900 m from it, is.
func reach(p *Place) float64 {
	// (a settlement of a reach over smallReach is a town or a city)
	switch p.Kind {
	case KindNeighbourhood, KindWard:
		return 1500
	case KindVillage:
		return 1200
	}
	if p.Rank >= 1000 {
		return min(maxReach, max(1500, 8*math.Sqrt(p.Rank)))
	}
	if p.Kind == KindCity {
		return 6000
	}
	return 2500
}

// inside returns the smallest settlement of ps that reaches the point
// (the nearest of those of the same reach), the largest city or town that
// reaches it too, in the same state, and why; when none reaches it, the nearest
// by its distance over its reach, and no city.
func inside(lat, lon float64, ps []*Place) (found, city *Place, why string) {
	type cand struct {
		p        *Place
		d, reach float64
	}
	var in, all []cand
	// within the reaches (20 km at most) the plane's distance, with the
	// longitude scaled at the point, is the sphere's to a few metres, and
	// costs no sine a place
	kx := math.Cos(lat*math.Pi/180) * math.Pi / 180 * EarthRadius
	const ky = math.Pi / 180 * EarthRadius
	for _, p := range ps {
		dλ := p.Lon - lon
		if dλ > 180 { // across the antimeridian
			dλ -= 360
		} else if dλ < -180 {
			dλ += 360
		}
		dx, dy := dλ*kx, (p.Lat-lat)*ky
		c := cand{p, math.Sqrt(dx*dx + dy*dy), reach(p)}
		all = append(all, c)
		if c.d <= c.reach {
			in = append(in, c)
		}
	}
	if len(all) == 0 {
		return nil, nil, ""
	}
	if len(in) == 0 {
		best := slices.MinFunc(all, func(a, b cand) int { return cmp.Compare(a.d/a.reach, b.d/b.reach) })
		return best.p, nil, fmt.Sprintf("no settlement reaches the point: the nearest for its size (%s, reaching %d km)", best.p.Kind, int(best.reach/1000))
	}
	best := slices.MinFunc(in, func(a, b cand) int {
		if c := cmp.Compare(a.reach, b.reach); c != 0 {
			return c
		}
		return cmp.Compare(a.d, b.d)
	})
	var around *cand // the largest city or town around it
	for i, c := range in {
		if c.p == best.p || c.reach <= best.reach || (c.p.Kind != KindCity && c.p.Kind != KindTown) || !sameState(c.p, best.p) {
			continue
		}
		if around == nil || c.reach > around.reach {
			around = &in[i]
		}
	}
	why = fmt.Sprintf("the smallest settlement that reaches the point (a %s, reaching %.1f km)", best.p.Kind, best.reach/1000)
	if around != nil {
		city = around.p
	}
	return best.p, city, why
}

// sameState reports whether two places of the same country are in the
// same state, or either names none.
func sameState(p, q *Place) bool {
	if p.Country != q.Country {
		return false
	}
	sp, sq := divisionOf(p), divisionOf(q)
	return sp == "" || sq == "" || sp == sq
}

// divisionOf returns the id of the first-level division among a place's
// parents, the one before the country (an ISO code or another id), or "".
func divisionOf(p *Place) string {
	if n := len(p.Parents); n >= 2 && p.Parents[n-1] == p.Country {
		return p.Parents[n-2]
	}
	return ""
}
