package storage

// The street keys of an area, kept once read: what the geocoder's search
// for a misspelt street compares.

import (
	"context"

	"github.com/addrkit/addrkit/address"
)

// maxAreaStreets bounds the areas whose street keys are kept.
const maxAreaStreets = 1 << 16

// areaStreets are the streets of one area: their StreetKeys and ids.
type areaStreets struct{ keys, ids []string }

// StreetKeys returns the StreetKey and the id of each street whose
// nearest parent is the area id, in the order of Children, kept once
// computed: the geocoder's spelling search compares an address's street
// with these keys, and reads only the places it keeps.
func (g *Gazetteer) StreetKeys(ctx context.Context, id string) (keys, ids []string, err error) {
	g.streetsMu.Lock()
	st, ok := g.streets[id]
	gen := g.streetsGen
	g.streetsMu.Unlock()
	if ok {
		return st.keys, st.ids, nil
	}
	ps, err := g.childRefs(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range ps {
		if p.Kind == address.KindStreet {
			st.keys = append(st.keys, address.StreetKey(p.Name))
			st.ids = append(st.ids, p.ID)
		}
	}
	g.streetsMu.Lock()
	if g.streetsGen == gen { // no place was written meanwhile
		if g.streets == nil || len(g.streets) >= maxAreaStreets {
			g.streets = map[string]areaStreets{}
		}
		g.streets[id] = st
	}
	g.streetsMu.Unlock()
	return st.keys, st.ids, nil
}

// childRefs returns the places whose nearest parent is id: shared when
// the store was preloaded (not copied, nor cached), else Children's.
func (g *Gazetteer) childRefs(ctx context.Context, id string) ([]*address.Place, error) {
	if g.all != nil {
		t, err := g.nameTable()
		if err != nil {
			return nil, err
		}
		return g.refs(t.byPrefix[string(indexPrefix(prefixParent, id))]), nil
	}
	ps, err := g.Children(ctx, id)
	out := make([]*address.Place, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out, err
}
