package storage

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/addrkit/addrkit/address"
	"github.com/mmcloughlin/geohash"
)

// pointIndex holds, for a preloaded store, the places with a point sorted
// by their 64-bit geohash, one list for each set of kinds Near is asked
// for (made on first use: reverse geocoding asks for a few): the places of
// a geohash cell of any precision are a run of a list, found by binary
// search. Near reads it instead of the store's geohash keys, which cost a
// Badger iteration and a place decoded for every key of nine cells.
type pointIndex struct {
	mu    sync.RWMutex
	lists map[uint64][]hashed // kinds, a bit each (kindSet; 0 for all) -> places
}

// kindSet is a set of kinds as bits, by their place in address.Kinds (a
// kind of no place there sets the top bit: a list of no place); 0 when
// none is given.
func kindSet(kinds []address.PlaceKind) uint64 {
	var set uint64
	for _, k := range kinds {
		if i := slices.Index(address.Kinds, k); i >= 0 {
			set |= 1 << i
		} else {
			set |= 1 << 63
		}
	}
	return set
}

// hashed is a place in a list of the point index, with its point beside
// it: the places of nine cells are mostly outside the circle asked for,
// and are ruled out without reading the place.
type hashed struct {
	hash     uint64
	lat, lon float64
	cosLat   float64 // for the haversine (address.Haversine)
	p        *address.Place
}

// pointList returns the list of the point index for the kinds (all kinds
// when none is given), made on first use.
func (g *Gazetteer) pointList(kinds []address.PlaceKind) []hashed {
	key := kindSet(kinds)
	g.pts.mu.RLock()
	l, ok := g.pts.lists[key]
	g.pts.mu.RUnlock()
	if ok {
		return l
	}
	g.pts.mu.Lock()
	defer g.pts.mu.Unlock()
	if l, ok := g.pts.lists[key]; ok {
		return l
	}
	l = nil
	for _, p := range g.all {
		if p.HasPoint && (len(kinds) == 0 || slices.Contains(kinds, p.Kind)) {
			l = append(l, hashed{geohash.EncodeInt(p.Lat, p.Lon), p.Lat, p.Lon, math.Cos(p.Lat * math.Pi / 180), p})
		}
	}
	slices.SortFunc(l, func(a, b hashed) int {
		if a.hash != b.hash {
			return cmp.Compare(a.hash, b.hash)
		}
		return cmp.Compare(a.p.ID, b.p.ID)
	})
	if g.pts.lists == nil {
		g.pts.lists = map[uint64][]hashed{}
	}
	g.pts.lists[key] = l
	return l
}

// NearRefs is Near without copies, for a store preloaded in memory
// (Options.Preload, read-only: its places never change): the places are
// shared, and callers must not modify them. ok is false when the store
// was not preloaded: Near answers.
func (g *Gazetteer) NearRefs(ctx context.Context, lat, lon, radius float64, limit int, kinds ...address.PlaceKind) (ps []*address.Place, ok bool, err error) {
	if g.all == nil {
		return nil, false, nil
	}
	ps, err = g.nearRefs(ctx, lat, lon, radius, limit, precisionFor(radius), kinds)
	return ps, true, err
}

// nearInMemory is Near over the point index: the same cells, the same
// answer.
func (g *Gazetteer) nearInMemory(ctx context.Context, lat, lon, radius float64, limit int, prec uint, kinds []address.PlaceKind) ([]address.Place, error) {
	refs, err := g.nearRefs(ctx, lat, lon, radius, limit, prec, kinds)
	out := make([]address.Place, len(refs))
	for i, p := range refs {
		out[i] = *p
	}
	return out, err
}

// nearRefs is NearRefs at a geohash precision.
func (g *Gazetteer) nearRefs(ctx context.Context, lat, lon, radius float64, limit int, prec uint, kinds []address.PlaceKind) ([]*address.Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l := g.pointList(kinds)
	// a box around the circle, compared before the distance is computed
	// (the poles' and the antimeridian's places are left to the distance)
	dLat := radius / 110_000 * 1.01
	dLon := 360.0
	if c := math.Cos((math.Abs(lat) + dLat) * math.Pi / 180); c > 0.01 {
		dLon = dLat / c
	}
	// the cells one precision finer that cover the box, when they are
	// few: nine cells at least as wide as the radius read a square three
	// times as wide, the finer ones little more than the box
	bits := 5 * (prec + 1)
	cells := cover(lat-dLat, lat+dLat, lon-dLon, lon+dLon, bits)
	if cells == nil {
		bits = 5 * prec
		center := geohash.EncodeIntWithPrecision(lat, lon, bits)
		cells = append([]uint64{center}, geohash.NeighborsIntWithPrecision(center, bits)...)
	}
	slices.Sort(cells)
	cells = slices.Compact(cells)
	// the points are compared by their haversines with the point asked,
	// which order them as distances do, with the radius's
	type hit struct {
		p *address.Place
		h float64
	}
	var hits []hit
	φ, cosφ := lat*math.Pi/180, math.Cos(lat*math.Pi/180)
	within := math.Sin(math.Min(math.Pi/2, radius/(2*address.EarthRadius)))
	within *= within
	for _, c := range cells {
		lo, hi := c<<(64-bits), (c+1)<<(64-bits) // hi wraps to 0 for the last cell
		i := sort.Search(len(l), func(i int) bool { return l[i].hash >= lo })
		for ; i < len(l) && (hi == 0 || l[i].hash < hi); i++ {
			h := &l[i]
			if math.Abs(h.lat-lat) > dLat || math.Abs(h.lon-lon) > dLon && 360-math.Abs(h.lon-lon) > dLon {
				continue
			}
			if hv := address.Haversine(h.lat*math.Pi/180-φ, (h.lon-lon)*math.Pi/180, cosφ, h.cosLat); hv <= within {
				hits = append(hits, hit{h.p, hv})
			}
		}
	}
	// nearest first; at one distance, in the order of the cells (the
	// same for every call)
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(a.h, b.h) })
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]*address.Place, len(hits))
	for i, h := range hits {
		out[i] = h.p
	}
	return out, nil
}

// maxCover bounds the cells cover returns: each costs a binary search.
const maxCover = 40

// cover returns the geohash cells of the precision bits that cover the box,
// or nil when they are more than maxCover or the box crosses a pole or the
// antimeridian. A cell of b bits is 180/2^(b/2) degrees of latitude high
// and 360/2^((b+1)/2) of longitude wide (the bits interleave, longitude
// first).
func cover(minLat, maxLat, minLon, maxLon float64, bits uint) []uint64 {
	if bits > 60 || minLat < -90 || maxLat > 90 || minLon < -180 || maxLon >= 180 {
		return nil
	}
	h := 180 / float64(uint64(1)<<(bits/2))
	w := 360 / float64(uint64(1)<<((bits+1)/2))
	lat0 := math.Floor((minLat+90)/h)*h - 90 // the south edge of the first row
	lon0 := math.Floor((minLon+180)/w)*w - 180
	rows := int(math.Ceil((maxLat - lat0) / h))
	cols := int(math.Ceil((maxLon - lon0) / w))
	if rows*cols > maxCover {
		return nil
	}
	out := make([]uint64, 0, rows*cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			// each cell by its centre: no edge falls in another cell
			out = append(out, geohash.EncodeIntWithPrecision(lat0+(float64(r)+0.5)*h, lon0+(float64(c)+0.5)*w, bits))
		}
	}
	return out
}
