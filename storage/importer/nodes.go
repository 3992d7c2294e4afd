package importer

import (
	"math"
	"slices"

	"github.com/paulmach/osm"
)

// nodeIndex holds the coordinates of the nodes an OSM import needs (those
// of the ways it keeps): their ids in one sorted array, searched by binary
// search, and their coordinates beside them in 1e-7 degrees, OSM's own
// precision. That is 16 bytes a node, against about 100 for a Go map of
// ids to float64 pairs (and a second map to mark the ids needed), so that
// the import's memory follows the ways it keeps, not the size of the
// file: a country's extract needs a few million of its tens of millions
// of nodes. (osmium's "sparse_mem_array" index is the same structure; a
// dense array indexed by id would cost 8 bytes for every id up to the
// largest, about 100 GB of address space for the planet's ids.)
type nodeIndex struct {
	ids      []osm.NodeID
	lat, lon []int32
}

// missing marks a needed node the file did not have.
const missing = math.MinInt32

// need records that a node's coordinates will be needed; call seal once
// all are recorded.
func (x *nodeIndex) need(id osm.NodeID) { x.ids = append(x.ids, id) }

// seal sorts the needed ids and makes room for their coordinates.
func (x *nodeIndex) seal() {
	slices.Sort(x.ids)
	x.ids = slices.Clone(slices.Compact(x.ids)) // the references' array is let go
	x.lat, x.lon = make([]int32, len(x.ids)), make([]int32, len(x.ids))
	for i := range x.lat {
		x.lat[i] = missing
	}
}

// set stores a node's coordinates when the node is needed.
func (x *nodeIndex) set(id osm.NodeID, lat, lon float64) {
	if i, ok := slices.BinarySearch(x.ids, id); ok {
		x.lat[i], x.lon[i] = int32(math.Round(lat*1e7)), int32(math.Round(lon*1e7))
	}
}

// get returns a node's coordinates, ok false when the file did not have
// the node (or it was not needed).
func (x *nodeIndex) get(id osm.NodeID) (c [2]float64, ok bool) {
	i, found := slices.BinarySearch(x.ids, id)
	if !found || x.lat[i] == missing {
		return c, false
	}
	return [2]float64{float64(x.lat[i]) / 1e7, float64(x.lon[i]) / 1e7}, true
}
