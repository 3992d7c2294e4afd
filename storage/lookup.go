package storage

// Look-ups in the indexes of the store: a place by id, places by name key,
// postcode, parent and point; for a preloaded store, the shared places
// themselves.

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/addrkit/addrkit/address"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/mmcloughlin/geohash"
)

func placeKey(id string) []byte { return append([]byte{prefixPlace}, id...) }

// indexKeys returns every index key of a place.
func indexKeys(p *address.Place) [][]byte {
	var keys [][]byte
	add := func(prefix byte, parts ...string) {
		k := []byte{prefix}
		for _, s := range parts {
			k = append(append(k, s...), 0)
		}
		keys = append(keys, append(k, p.ID...))
	}
	seen := map[string]bool{}
	name := func(k string) {
		if k != "" && !seen[k] {
			seen[k] = true
			add(prefixName, p.Country, k)
		}
	}
	for _, n := range p.Names() {
		name(address.NameKey(n))
		if p.Kind == address.KindStreet {
			name(address.StreetKey(n))
		}
	}
	if p.Kind == address.KindAddress && p.HouseNumber != "" && p.Street != "" {
		name(address.AddressKey(p.HouseNumber, p.Street))
	}
	for _, pc := range p.Postcodes {
		add(prefixPostcode, p.Country, pc)
	}
	if len(p.Parents) > 0 {
		add(prefixParent, p.Parents[0])
	}
	if p.HasPoint {
		add(prefixGeo, geohash.EncodeWithPrecision(p.Lat, p.Lon, geoPrecision))
	}
	return keys
}

// Place returns the place with the id.
func (g *Gazetteer) Place(ctx context.Context, id string) (address.Place, bool, error) {
	if g.all != nil {
		var p address.Place
		found, err := g.getPlace(nil, id, &p)
		return p, found, err
	}
	ck := string(placeKey(id))
	if ps, ok := g.cache.Get(ck); ok {
		if len(ps) == 0 {
			return address.Place{}, false, nil
		}
		return ps[0], true, nil
	}
	var p address.Place
	found := false
	err := g.db.View(func(txn *badger.Txn) error {
		var err error
		found, err = g.getPlace(txn, id, &p)
		return err
	})
	if err == nil {
		var ps []address.Place
		if found {
			ps = []address.Place{p}
		}
		g.cache.Set(ck, ps, cost(ck, ps))
	}
	return p, found, err
}

// PlaceRef returns the place with the id without copying it, when the
// store was preloaded (Options.Preload, read-only: its places never
// change); ok is false otherwise, or when there is no such place. The
// place is shared: callers must not modify it.
func (g *Gazetteer) PlaceRef(id string) (p *address.Place, ok bool) {
	if g.all == nil {
		return nil, false
	}
	p = g.all[id]
	return p, p != nil
}

// getPlace reads a place: from memory when the store was preloaded (txn
// is then not needed), else in txn.
func (g *Gazetteer) getPlace(txn *badger.Txn, id string, p *address.Place) (bool, error) {
	if g.all != nil {
		q := g.all[id]
		if q != nil {
			*p = *q
		}
		return q != nil, nil
	}
	item, err := txn.Get(placeKey(id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, item.Value(func(v []byte) error { return decodePlace(v, p) })
}

// eachKey calls fn with every key under prefix, values left unread, until
// fn returns false. The key is valid only during the call.
func eachKey(txn *badger.Txn, prefix []byte, fn func(k []byte) bool) {
	opts := badger.DefaultIteratorOptions
	opts.PrefetchValues = false
	opts.Prefix = prefix
	it := txn.NewIterator(opts)
	defer it.Close()
	for it.Seek(prefix); it.ValidForPrefix(prefix) && fn(it.Item().Key()); it.Next() {
	}
}

// ids returns the place ids at the end of the index keys under prefix, at
// most limit (0: all).
func ids(txn *badger.Txn, prefix []byte, limit int) []string {
	var out []string
	eachKey(txn, prefix, func(k []byte) bool {
		out = append(out, string(k[bytes.LastIndexByte(k, 0)+1:]))
		return limit <= 0 || len(out) < limit
	})
	return out
}

// maxPerKey bounds the places one name returns: a name shared by more
// places than this says little.
const maxPerKey = 200

func (g *Gazetteer) byIndex(ctx context.Context, prefix []byte, limit int) ([]address.Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if ps, ok := g.cache.Get(string(prefix)); ok {
		return ps, nil
	}
	var found []string
	err := g.db.View(func(txn *badger.Txn) error {
		found = ids(txn, prefix, limit)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g.placesOf(ctx, string(prefix), found)
}

func indexPrefix(prefix byte, parts ...string) []byte {
	k := []byte{prefix}
	for _, s := range parts {
		k = append(append(k, s...), 0)
	}
	return k
}

// Named returns the places of the country indexed under key (a NameKey,
// StreetKey or AddressKey).
func (g *Gazetteer) Named(ctx context.Context, country, key string) ([]address.Place, error) {
	if key == "" {
		return nil, nil
	}
	if strings.IndexByte(key, '|') >= 0 {
		return g.byIndex(ctx, indexPrefix(prefixName, country, key), maxPerKey)
	}
	ck := string(indexPrefix(prefixName, country, key))
	if ps, ok := g.cache.Get(ck); ok {
		return ps, nil
	}
	t, fst, err := g.countryTable(country)
	if fst == nil {
		return nil, err
	}
	v, found, err := fst.Get([]byte(key))
	if err != nil || !found {
		return nil, err
	}
	return g.placesOf(ctx, ck, t.ids[v])
}

// NamedRefs is Named without copies, for a store preloaded in memory
// (Options.Preload, read-only: its places never change): the places are
// shared, and callers must not modify them. ok is false when the store
// was not preloaded, or for an AddressKey (the keys of address points are
// not in the name table): Named answers those.
func (g *Gazetteer) NamedRefs(ctx context.Context, country, key string) (ps []*address.Place, ok bool, err error) {
	if g.all == nil || strings.IndexByte(key, '|') >= 0 {
		return nil, false, nil
	}
	if key == "" {
		return nil, true, nil
	}
	t, fst, err := g.countryTable(country)
	if fst == nil {
		return nil, true, err
	}
	v, found, err := fst.Get([]byte(key))
	if err != nil || !found {
		return nil, true, err
	}
	return t.refs[v], true, nil
}

// PostcodeRefs is Postcode without copies, for a store preloaded in
// memory, on the terms of NamedRefs.
func (g *Gazetteer) PostcodeRefs(ctx context.Context, country, postcode string) (ps []*address.Place, ok bool, err error) {
	if g.all == nil {
		return nil, false, nil
	}
	if postcode == "" {
		return nil, true, nil
	}
	t, err := g.nameTable()
	if err != nil {
		return nil, true, err
	}
	return t.prefixRefs[string(indexPrefix(prefixPostcode, country, postcode))], true, nil
}

// placesOf returns the places with the ids and caches them under ck (even
// when the places are held in memory: the copies are what a look-up costs).
func (g *Gazetteer) placesOf(ctx context.Context, ck string, ids []string) ([]address.Place, error) {
	out := make([]address.Place, 0, len(ids))
	for _, id := range ids {
		p, ok, err := g.Place(ctx, id)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	// (without spare capacity: an append by a caller may not write into
	// the array the cache shares)
	out = out[:len(out):len(out)]
	g.cache.Set(ck, out, cost(ck, out))
	return out, nil
}

// Postcode returns the places that carry the postcode.
func (g *Gazetteer) Postcode(ctx context.Context, country, postcode string) ([]address.Place, error) {
	if postcode == "" {
		return nil, nil
	}
	return g.fromTable(ctx, indexPrefix(prefixPostcode, country, postcode), maxPerKey)
}

// Children returns the places whose nearest parent is id.
func (g *Gazetteer) Children(ctx context.Context, id string) ([]address.Place, error) {
	return g.fromTable(ctx, indexPrefix(prefixParent, id), 0)
}

// geohash cell sizes by precision, in metres (the smaller side).
var cellSize = [...]float64{0, 5000e3, 625e3, 156e3, 19.5e3, 4.9e3, 610, 153}

// precisionFor returns the geohash precision whose cells are at least
// radius wide (or the coarsest).
func precisionFor(radius float64) uint {
	prec := uint(geoPrecision)
	for prec > 1 && cellSize[prec] < radius {
		prec--
	}
	return prec
}

// Near returns up to limit places within radius metres of the point, the
// nearest first, of the given kinds (any when none is given). It reads the
// geohash cell of the point and its eight neighbours, at a precision whose
// cells are at least radius wide.
func (g *Gazetteer) Near(ctx context.Context, lat, lon, radius float64, limit int, kinds ...address.PlaceKind) ([]address.Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prec := precisionFor(radius)
	if g.all != nil {
		return g.nearInMemory(ctx, lat, lon, radius, limit, prec, kinds)
	}
	center := geohash.EncodeWithPrecision(lat, lon, prec)
	cells := append([]string{center}, geohash.Neighbors(center)...)
	type hit struct {
		p address.Place
		d float64
	}
	var hits []hit
	err := g.db.View(func(txn *badger.Txn) error {
		seen := map[string]bool{}
		for _, c := range cells {
			if seen[c] {
				continue
			}
			seen[c] = true
			for _, id := range ids(txn, append([]byte{prefixGeo}, c...), 0) {
				var p address.Place
				ok, err := g.getPlace(txn, id, &p)
				if err != nil {
					return err
				}
				if !ok || len(kinds) > 0 && !slices.Contains(kinds, p.Kind) {
					continue
				}
				if d := address.Distance(lat, lon, p.Lat, p.Lon); d <= radius {
					hits = append(hits, hit{p, d})
				}
			}
		}
		return nil
	})
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].d < hits[j].d })
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]address.Place, len(hits))
	for i, h := range hits {
		out[i] = h.p
	}
	return out, err
}

// refs returns the preloaded places with the ids, in their order, capped
// (an append to the list cannot write into its array).
func (g *Gazetteer) refs(ids []string) []*address.Place {
	out := make([]*address.Place, 0, len(ids))
	for _, id := range ids {
		if p := g.all[id]; p != nil {
			out = append(out, p)
		}
	}
	return out[:len(out):len(out)]
}

// id returns a place id read from an index key: the preloaded place's own
// string when there is one, not a second copy.
func (g *Gazetteer) id(b []byte) string {
	if p := g.all[string(b)]; p != nil {
		return p.ID
	}
	return string(b)
}

// fromTable returns the places under an index prefix of the postcode or
// parent index, from the table held in memory, at most limit (0: all).
func (g *Gazetteer) fromTable(ctx context.Context, prefix []byte, limit int) ([]address.Place, error) {
	ck := string(prefix)
	if ps, ok := g.cache.Get(ck); ok {
		return ps, nil
	}
	t, err := g.nameTable()
	if err != nil {
		return nil, err
	}
	ids := t.byPrefix[ck]
	if limit > 0 && len(ids) > limit {
		ids = ids[:limit]
	}
	return g.placesOf(ctx, ck, ids)
}
