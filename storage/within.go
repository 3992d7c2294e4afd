package storage

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/blevesearch/vellum"

	"github.com/addrkit/addrkit/address"
)

// SimilarWithin is Similar for the places Within one state (the state
// itself, and the places with it among their parents): the search walks an
// FST of the name keys of the state's places only, a few hundredths of the
// country's, where a spelling search of the whole country walks every key
// within its edits, which costs most for long names with two. Unlike
// Similar, its answer is not cut at maxPerKey places of
// the whole country before they are filtered. within that is no state (or
// not one of the country's) is searched as Similar does, and the places
// not Within it left out. The tables are built on first use, by Warm, or in
// the background by StartWarm (the first call waits for them): building
// them reads every place, so a server or a batch builds them at start.
func (g *Gazetteer) SimilarWithin(ctx context.Context, country, within, key string, maxEdits int) ([]address.Place, error) {
	if key == "" || maxEdits <= 0 {
		return nil, nil
	}
	maxEdits = min(maxEdits, 2)
	t, fst, err := g.countryTable(country)
	if err != nil || fst == nil {
		return nil, err
	}
	var keys []string
	if sub := g.stateTable(t, t.countries[country])[within]; sub != nil {
		ck := fmt.Sprintf("w\x00%s\x00%s\x00%s\x00%d", country, within, key, maxEdits)
		keys, err = g.similarKeys(t, sub, ck, country, key, maxEdits)
	} else {
		ck := fmt.Sprintf("s\x00%s\x00%s\x00%d", country, key, maxEdits)
		keys, err = g.similarKeys(t, fst, ck, country, key, maxEdits)
	}
	if err != nil {
		return nil, err
	}
	// the places of the keys inside within (a key of the state's FST
	// may name places elsewhere too)
	return g.namedPlaces(ctx, country, keys, func(p *address.Place) bool { return p.Within(within) })
}

// stateTable returns, by state id, an FST of the name keys of the
// places inside each state of the country with the tables ct (values as
// in the country's FST), built on first use from the country's FST and the
// places' parents.
func (g *Gazetteer) stateTable(t *nameTable, ct *countryTables) map[string]*vellum.FST {
	if ct == nil {
		return nil
	}
	ct.statesOnce.Do(func() {
		ct.states = g.buildStates(t, ct.fst)
	})
	return ct.states
}

func (g *Gazetteer) buildStates(t *nameTable, fst *vellum.FST) map[string]*vellum.FST {
	// not a caller's context: the tables are built once, for every caller
	ctx := context.Background()
	type kv struct {
		key []byte
		v   uint64
	}
	// places by id: the preloaded ones in place, others read (a copy)
	place := func(id string) (*address.Place, bool) {
		if p, ok := g.PlaceRef(id); ok {
			return p, true
		}
		p, ok, err := g.Place(ctx, id)
		return &p, ok && err == nil
	}
	isState := map[string]bool{}
	// states appends to out the states a place is Within: itself, when
	// it is one, and every state among its parents
	states := func(out []string, id string) []string {
		p, ok := place(id)
		if !ok {
			return out
		}
		if p.Kind == address.KindState {
			out = append(out, p.ID)
		}
		for _, par := range p.Parents {
			s, seen := isState[par]
			if !seen {
				q, ok := place(par)
				s = ok && q.Kind == address.KindState
				isState[par] = s
			}
			if s {
				out = append(out, par)
			}
		}
		return out
	}
	lists := map[string][]kv{}
	var sts []string
	it, err := fst.Iterator(nil, nil)
	for err == nil {
		k, v := it.Current()
		sts = sts[:0]
		for _, id := range t.ids[v] {
			sts = states(sts, id)
		}
		for _, st := range sts {
			l := lists[st]
			if n := len(l); n > 0 && bytes.Equal(l[n-1].key, k) {
				continue // keys come in order: one entry a key
			}
			lists[st] = append(l, kv{slices.Clone(k), v})
		}
		err = it.Next()
	}
	out := make(map[string]*vellum.FST, len(lists))
	var fw fstWriter
	for sk, l := range lists {
		if fw.start() != nil {
			continue
		}
		ok := true
		for _, e := range l {
			if fw.b.Insert(e.key, e.v) != nil {
				ok = false
				break
			}
		}
		if fst, err := fw.finish(); err == nil && ok {
			out[sk] = fst
		} // else the state is searched as the country is
	}
	return out
}
