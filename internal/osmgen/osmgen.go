// Package osmgen writes a synthetic OpenStreetMap file shaped like a large
// country's extract, for measuring the OSM importer at scale: nodes with
// the id gaps of a real extract, most of them the corners of buildings
// without an address, named and unnamed highways, buildings and nodes with
// addr:* tags, and place nodes. It counts what an importer should make of
// it. The output is OSM XML, written as it goes; osmium-tool converts it
// to PBF (osmium cat in.osm -o out.osm.pbf).
package osmgen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
)

// Options says how large a file to write.
type Options struct {
	// Nodes is the number of nodes, about (the last unit may pass it).
	Nodes int
	// Seed makes the file; the same seed, the same file.
	Seed int64
	// Filler adds this many buildings without an address after each unit,
	// beyond Nodes, drawn apart from the units: files of one seed and
	// Nodes hold the same places, streets and addresses whatever their
	// filler, for comparing imports of files of different sizes that keep
	// the same.
	Filler int
}

// Counts are what the file holds, and what an importer should make of it.
type Counts struct {
	Nodes, Ways int
	// Places are the named place nodes (one place each).
	Places int
	// Streets are the named highways; each has a name of its own, so
	// each is one street.
	Streets int
	// Addresses are the buildings and nodes with addr:housenumber and
	// addr:street (each a distinct number on its street).
	Addresses int
	// Unnamed are the highways without a name and the buildings without
	// an address: what an importer reads and drops.
	Unnamed int
}

// A unit is what the generator places at one spot: a town, a street, a
// building, an address node or an unnamed road.
const (
	unitPlace = iota
	unitStreet
	unitBuilding
	unitAddrBuilding
	unitAddrNode
	unitRoad
)

// unit draws the next unit: mostly buildings without an address, as in
// the extracts of African countries, a street every 30 or so, a place
// every few thousand.
func unit(r *rand.Rand) int {
	switch x := r.Intn(10000); {
	case x < 3:
		return unitPlace
	case x < 300:
		return unitStreet
	case x < 500:
		return unitRoad
	case x < 900:
		return unitAddrBuilding
	case x < 1000:
		return unitAddrNode
	default:
		return unitBuilding
	}
}

// nodesOf is the number of nodes of a unit: a building's four corners,
// a street's eight vertices.
func nodesOf(u int) int {
	switch u {
	case unitStreet, unitRoad:
		return 8
	case unitBuilding, unitAddrBuilding:
		return 4
	}
	return 1
}

// walk replays the units of a file in order, with their number, node ids
// and position; Write calls it twice, for the nodes and for the ways,
// which a file lists after every node.
func walk(opts Options, fn func(u, n int, ids []int64, lat, lon float64)) {
	r := rand.New(rand.NewSource(opts.Seed))
	fill := rand.New(rand.NewSource(opts.Seed + 1))
	id := int64(1000)
	var ids []int64
	// a walk across a country of about 1,000 by 1,000 km, a town at a time
	lat, lon := 4.5+r.Float64()*9, 3+r.Float64()*11
	for i, nodes := 0, 0; nodes < opts.Nodes; i++ {
		u := unit(r)
		if u == unitPlace {
			lat, lon = 4.5+r.Float64()*9, 3+r.Float64()*11
		}
		lat += (r.Float64() - 0.5) * 0.002
		lon += (r.Float64() - 0.5) * 0.002
		ids = ids[:0]
		for range nodesOf(u) {
			ids = append(ids, id)
			id += 1 + int64(r.ExpFloat64()*2) // the ids of deleted nodes
		}
		fn(u, i, ids, lat, lon)
		nodes += nodesOf(u)
		for range opts.Filler {
			ids = ids[:0]
			for range nodesOf(unitBuilding) {
				ids = append(ids, id)
				id += 1 + int64(fill.ExpFloat64()*2)
			}
			fn(unitBuilding, -1, ids, lat+0.001, lon+0.001)
		}
	}
}

// Write writes the file to w and returns its counts.
func Write(w io.Writer, opts Options) (Counts, error) {
	var c Counts
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintln(bw, `<?xml version="1.0" encoding="UTF-8"?>`)
	fmt.Fprintln(bw, `<osm version="0.6" generator="addrkit osmgen">`)
	streetOf := "" // the last named street, for the addresses after it
	number := 0    // the last house number on it
	walk(opts, func(u, n int, ids []int64, lat, lon float64) {
		for k, id := range ids {
			nlat, nlon := lat+float64(k%2)*0.0003, lon+float64(k/2)*0.0003
			if u == unitStreet || u == unitRoad {
				nlat, nlon = lat+float64(k)*0.0004, lon
			}
			fmt.Fprintf(bw, ` <node id="%d" version="1" lat="%.7f" lon="%.7f"`, id, nlat, nlon)
			c.Nodes++
			switch u {
			case unitPlace:
				c.Places++
				fmt.Fprintf(bw, ">\n  <tag k=\"place\" v=\"%s\"/>\n  <tag k=\"name\" v=\"%s\"/>\n </node>\n", placeKind(n), name(n)+" Town")
			case unitAddrNode:
				if streetOf == "" {
					c.Unnamed++
					fmt.Fprintln(bw, "/>")
					break
				}
				number++
				c.Addresses++
				fmt.Fprintf(bw, ">\n  <tag k=\"addr:housenumber\" v=\"%d\"/>\n  <tag k=\"addr:street\" v=\"%s\"/>\n </node>\n", number, streetOf)
			default:
				fmt.Fprintln(bw, "/>")
			}
		}
		if u == unitStreet {
			streetOf, number = name(n)+" Street", 0
		}
	})
	streetOf, number = "", 0
	walk(opts, func(u, n int, ids []int64, lat, lon float64) {
		if u == unitPlace || u == unitAddrNode {
			return
		}
		c.Ways++
		fmt.Fprintf(bw, " <way id=\"%d\" version=\"1\">\n", 1000+c.Ways)
		for _, nd := range ids {
			fmt.Fprintf(bw, "  <nd ref=\"%d\"/>\n", nd)
		}
		switch u {
		case unitStreet:
			c.Streets++
			streetOf, number = name(n)+" Street", 0
			fmt.Fprintf(bw, "  <tag k=\"highway\" v=\"residential\"/>\n  <tag k=\"name\" v=\"%s\"/>\n", streetOf)
		case unitRoad:
			c.Unnamed++
			fmt.Fprintln(bw, `  <tag k="highway" v="service"/>`)
		case unitBuilding:
			c.Unnamed++
			fmt.Fprintf(bw, "  <nd ref=\"%d\"/>\n  <tag k=\"building\" v=\"yes\"/>\n", ids[0])
		case unitAddrBuilding:
			fmt.Fprintf(bw, "  <nd ref=\"%d\"/>\n  <tag k=\"building\" v=\"yes\"/>\n", ids[0])
			if streetOf != "" {
				number++
				c.Addresses++
				fmt.Fprintf(bw, "  <tag k=\"addr:housenumber\" v=\"%db\"/>\n  <tag k=\"addr:street\" v=\"%s\"/>\n", number, streetOf)
			} else {
				c.Unnamed++
			}
		}
		fmt.Fprintln(bw, " </way>")
	})
	fmt.Fprintln(bw, "</osm>")
	return c, bw.Flush()
}

func placeKind(n int) string {
	return []string{"town", "village", "suburb", "hamlet"}[n%4]
}

// name returns a name of its own for unit n: syllables spelling n.
func name(n int) string {
	syl := []string{"ba", "ko", "di", "re", "mu", "sa", "to", "ye", "lo", "gu", "fe", "ni", "ra", "wo", "zi", "ke"}
	b := []byte{}
	for ; ; n /= 16 {
		b = append(b, syl[n%16]...)
		if n < 16 {
			break
		}
	}
	b[0] -= 'a' - 'A'
	return string(b)
}
