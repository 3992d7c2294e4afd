package address

// Places read from the streets written, when the address names none the
// gazetteer knows: the locality or the state every street of that name
// lies in, or the state a road named after its towns ends in.

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// areaFromStreets places an address that names no place the gazetteer
// knows by its streets: the street itself, then each landmark that is a
// street ("3 Olu Obasanjo Road, off Ikwerre Road"). When every street of
// that name the gazetteer knows lies in one locality, that locality is
// the area; when they lie in one state only, the state is. The first
// street that settles either settles it, and a reason says which. (Its
// streets within 10 km of one another are one locality's: a source may
// file one street under a town and its district.)
func (g *geocoder) areaFromStreets(ctx context.Context) error {
	if g.area != nil {
		return nil
	}
	names := []string{g.a.Street}
	for _, l := range g.a.Landmarks {
		names = append(names, l.Name)
	}
	for _, name := range names {
		if name == "" || !hasStreetType(name) {
			continue
		}
		ps, err := g.named(ctx, StreetKey(name))
		if err != nil {
			return err
		}
		var area, state *Place
		areas, states := 0, 0
		for _, p := range ps {
			if p.Kind != KindStreet || g.state != nil && !p.Within(g.state.ID) {
				continue
			}
			if err := g.streetArea(ctx, p); err != nil {
				return err
			}
			if a := g.streetAt[p.ID]; a == nil || area == nil || a.ID != area.ID && !near(a, area, 10000) {
				area = a
				areas++
			}
			if id := stateOf(p); state == nil || id != state.ID {
				if state, err = g.place(ctx, id); err != nil {
					return err
				}
				states++
			}
		}
		switch {
		case areas == 1 && area != nil:
			g.area = area
			g.res.reasonf("no place was named: %q is known in %s only", name, area.Name)
			return nil
		case states == 1 && state != nil && g.state == nil:
			g.setStateFromStreet(state, fmt.Sprintf("%q is known in %s only", name, state.Name))
			return nil
		}
	}
	if g.state != nil {
		return nil
	}
	for _, name := range names {
		if name == "" || !hasStreetType(name) {
			continue
		}
		state, err := g.roadEndsState(ctx, name)
		if err != nil || state != nil {
			return err
		}
	}
	return nil
}

// setStateFromStreet takes state as the address's, for why.
func (g *geocoder) setStateFromStreet(state *Place, why string) {
	g.state = state
	g.infer("state", state.Name)
	g.infer("state_code", state.ID)
	g.res.reasonf("no place was named: %s", why)
}

// roadEndsState reads a road named after the towns it joins ("Lekki-Epe
// Expressway", "Kaduna-Zaria Road") as lying in their state, when exactly
// one state holds a town, city or LGA of each end's name; areaFromStreets
// asks it when the streets of the name, if the gazetteer knows any, did
// not settle the state. A road between two states ("Lagos-Ibadan
// Expressway") says nothing. It returns the state taken, if any.
func (g *geocoder) roadEndsState(ctx context.Context, name string) (*Place, error) {
	f := strings.Fields(name)
	a, b, ok := strings.Cut(strings.Join(f[:len(f)-1], " "), "-")
	if !ok || strings.Contains(b, "-") || utf8.RuneCountInString(a) < 3 || utf8.RuneCountInString(b) < 3 {
		return nil, nil
	}
	statesOf := func(end string) (map[string]bool, error) {
		ps, err := g.areasNamed(ctx, end)
		out := map[string]bool{}
		for _, p := range ps {
			if p.Kind == KindCity || p.Kind == KindTown || p.Kind == KindLGA {
				if id := stateOf(p); id != "" {
					out[id] = true
				}
			}
		}
		return out, err
	}
	as, err := statesOf(a)
	if err != nil || len(as) == 0 {
		return nil, err
	}
	bs, err := statesOf(b)
	if err != nil {
		return nil, err
	}
	common := ""
	for id := range as {
		if bs[id] {
			if common != "" {
				return nil, nil // two states hold both ends
			}
			common = id
		}
	}
	if common == "" {
		return nil, nil
	}
	state, err := g.place(ctx, common)
	if err != nil || state == nil {
		return nil, err
	}
	g.setStateFromStreet(state, fmt.Sprintf("%q joins %s and %s, both in %s", name, a, b, state.Name))
	return state, nil
}

// hasStreetType reports whether a name ends in a street type ("Ikwerre
// Road"), so that a landmark may be looked up as a street.
func hasStreetType(name string) bool {
	f := strings.Fields(Fold(name))
	if len(f) < 2 {
		return false
	}
	t, ok := streetTypes[f[len(f)-1]]
	return ok && !t.Prefix
}

// stateInOrganization takes the state an organization is named after
// (orgState) when nothing else named a place or a state.
func (g *geocoder) stateInOrganization(ctx context.Context) error {
	if g.state != nil || g.area != nil {
		return nil
	}
	st, err := g.orgState(ctx)
	if err != nil || st == nil {
		return err
	}
	g.setStateFromStreet(st, fmt.Sprintf("%q is named after %s State", g.a.Organization, st.Name))
	return nil
}

// orgState returns the state an organization is named after, "X State
// ..." ("Lagos State Universal Basic Education Board", "KWARA STATE
// COLLEGE OF EDUCATION"), if any: a state's agencies, ministries, boards
// and colleges are named so. It supports the places of that state where
// the address names places (findArea), and is the state where it names
// none.
func (g *geocoder) orgState(ctx context.Context) (*Place, error) {
	f := strings.Fields(g.a.Organization)
	for i := 1; i < len(f); i++ {
		if Fold(f[i]) != "state" {
			continue
		}
		for n := min(2, i); n >= 1; n-- { // "Akwa Ibom State"
			name := strings.Join(f[i-n:i], " ")
			if sub, ok := LookupSubdivision(g.cc, name); ok && NameKey(sub.Name) == NameKey(name) {
				return g.place(ctx, sub.Code)
			}
		}
	}
	return nil, nil
}
