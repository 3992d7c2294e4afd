package address

import (
	"context"
	"errors"
)

// ErrNoPlace is returned by GeocodePlace for an id the gazetteer does not
// hold.
var ErrNoPlace = errors.New("address: no place has that id")

// GeocodePlace answers for exactly the place of the gazetteer with the id
// (an autocomplete suggestion's): its address is the place and the
// places around it, its point and match level the place's, and no text
// is read, so the answer cannot drift to another place of a similar
// name. A house number and unit, when given, are carried in the address
// of a street or an address point's street (the point stays the
// street's); the result says so in a reason. ErrNoPlace when the
// gazetteer holds no such place.
func GeocodePlace(ctx context.Context, gz Gazetteer, id, houseNumber string, unit Unit) (Result, error) {
	at, err := placeOf(ctx, gz, id)
	if err != nil {
		return Result{}, err
	}
	if at == nil {
		return Result{}, ErrNoPlace
	}
	p := *at
	g := newGeocoder(gz, Address{Country: p.Country})
	if g.country, err = g.place(ctx, g.cc); err != nil {
		return Result{}, err
	}
	if c, ok := LookupCountry(p.Country); ok {
		g.a.CountryName = c.Name
	}
	switch p.Kind {
	case KindAddress:
		g.point, g.a.HouseNumber, g.a.Street = at, p.HouseNumber, p.Street
	case KindStreet:
		g.street, g.a.Street = at, p.Name
	case KindNeighbourhood, KindWard, KindCity, KindTown, KindVillage, KindLGA:
		g.area, g.areaFrom = at, placeField(p.Kind)
		*g.a.component(g.areaFrom) = p.Name
	case KindState:
		g.state, g.a.State, g.a.StateCode = at, p.Name, p.ID
	case KindPostcode:
		g.postcode, g.a.Postcode = at, p.Name
	case KindCountry:
		g.country = at
	default:
		g.area, g.areaFrom = at, "neighbourhood"
	}
	if houseNumber != "" && (p.Kind == KindStreet || p.Kind == KindAddress && p.HouseNumber == "") {
		g.a.HouseNumber = houseNumber
		g.res.reasonf("house number %s carried on %s as given: the gazetteer has no point for it", houseNumber, p.Name)
	}
	g.a.Unit = unit
	if p.Kind == KindStreet || p.Kind == KindAddress {
		// the area around a street is its first parent that is one:
		// named, and where a street without a point is placed
		for _, pid := range p.Parents {
			q, err := g.place(ctx, pid)
			if err != nil {
				return Result{}, err
			}
			if q == nil || !areaKind(q.Kind) || q.Kind == KindState {
				continue
			}
			g.area, g.areaFrom = q, placeField(q.Kind)
			if f := g.a.component(g.areaFrom); *f == "" {
				*f = q.Name
			}
			break
		}
	}
	if g.area != nil {
		g.mark(g.areaFrom, true) // the place itself: confirmed
	}
	written := g.a
	if err := g.complete(ctx); err != nil {
		return Result{}, err
	}
	g.locate()
	return g.finish(&written), nil
}

// placeField is the component of the address that names a place of the
// kind.
func placeField(k PlaceKind) string {
	switch k {
	case KindCity, KindTown, KindVillage:
		return "city"
	case KindLGA:
		return "lga"
	}
	return "neighbourhood"
}
