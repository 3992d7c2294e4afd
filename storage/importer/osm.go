package importer

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// osmPlaceKinds maps OpenStreetMap place=* values to place kinds.
var osmPlaceKinds = map[string]address.PlaceKind{
	"city": address.KindCity, "town": address.KindTown, "village": address.KindVillage,
	"hamlet": address.KindVillage, "isolated_dwelling": address.KindVillage, "locality": address.KindVillage,
	"suburb": address.KindNeighbourhood, "neighbourhood": address.KindNeighbourhood, "quarter": address.KindNeighbourhood,
	"borough": address.KindNeighbourhood, "city_block": address.KindNeighbourhood,
}

// osmScanner is what the pbf and XML scanners of paulmach/osm share.
type osmScanner interface {
	Scan() bool
	Object() osm.Object
	Err() error
	Close() error
}

type osmWay struct {
	id            osm.WayID
	name          string // street name, for highways
	hn, street    string // address, for buildings with addr:*
	postcode, loc string
	nodes         []osm.NodeID
}

type osmImport struct {
	ctx    context.Context
	opts   Options
	res    *resolver
	sink   *sink
	stats  *Stats
	coords nodeIndex  // of the nodes of the ways kept
	places *pointGrid // place nodes, for the parents of streets and addresses
}

// OSM imports an OpenStreetMap extract, .osm.pbf or .osm XML: place nodes
// (city, town, village, hamlet, suburb, neighbourhood...), named highways
// merged into streets (ways of one name within 1.5 km of each other are one
// street, placed at the vertex nearest their middle, in the locality
// nearest to it), and address points from addr:housenumber and addr:street
// on nodes and on ways (at their centroid). The file is read twice: ways
// first, to learn which nodes they need, then nodes.
func OSM(ctx context.Context, g *storage.Gazetteer, path string, opts Options) (Stats, error) {
	opts.defaults("osm")
	var st Stats
	fi, err := os.Stat(path)
	if err != nil {
		return st, err
	}
	s, err := newSink(g, &st)
	if err != nil {
		return st, err
	}
	o := &osmImport{ctx: ctx, opts: opts, res: newResolver(g), sink: s, stats: &st,
		places: newPointGrid(0.05)}
	total := 2 * fi.Size()
	var ways []osmWay
	err = o.scan(path, 0, total, false, func(obj osm.Object) {
		w, ok := obj.(*osm.Way)
		if !ok {
			return
		}
		ow := osmWay{id: w.ID, hn: w.Tags.Find("addr:housenumber"), street: address.CanonicalStreet(w.Tags.Find("addr:street")),
			postcode: w.Tags.Find("addr:postcode"), loc: cleanName(w.Tags.Find("addr:city"))}
		if w.Tags.Find("highway") != "" {
			ow.name = address.CanonicalStreet(w.Tags.Find("name"))
		}
		if ow.name == "" && (ow.hn == "" || ow.street == "") {
			return
		}
		st.Rows++
		ow.nodes = make([]osm.NodeID, len(w.Nodes))
		for i, n := range w.Nodes {
			ow.nodes[i] = n.ID
			o.coords.need(n.ID)
		}
		ways = append(ways, ow)
	})
	if err != nil {
		s.close()
		return st, err
	}
	o.coords.seal()
	var addrNodes []*osm.Node
	err = o.scan(path, fi.Size(), total, true, func(obj osm.Object) {
		n, ok := obj.(*osm.Node)
		if !ok {
			return
		}
		o.coords.set(n.ID, n.Lat, n.Lon)
		if kind, ok := osmPlaceKinds[n.Tags.Find("place")]; ok && n.Tags.Find("name") != "" {
			st.Rows++
			o.place(n, kind)
		}
		if n.Tags.Find("addr:housenumber") != "" && n.Tags.Find("addr:street") != "" {
			st.Rows++
			addrNodes = append(addrNodes, n)
		}
	})
	if err != nil {
		s.close()
		return st, err
	}
	o.settlePlaces()
	streets := o.streets(ways)
	for _, n := range addrNodes {
		o.address("osm:node/"+strconv.FormatInt(int64(n.ID), 10), n.Tags.Find("addr:housenumber"),
			address.CanonicalStreet(n.Tags.Find("addr:street")), n.Tags.Find("addr:postcode"), n.Lat, n.Lon, streets)
	}
	for _, w := range ways {
		if w.hn == "" || w.street == "" {
			continue
		}
		lat, lon, ok := o.centroid(w.nodes)
		if !ok {
			st.skip("way %d: nodes missing from the extract", w.id)
			continue
		}
		o.address("osm:way/"+strconv.FormatInt(int64(w.id), 10), w.hn, w.street, w.postcode, lat, lon, streets)
	}
	return st, s.close()
}

// scan reads every object of the file, calling fn; nodes selects the pass.
func (o *osmImport) scan(path string, done, total int64, nodes bool, fn func(osm.Object)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	pr := newProgressReader(f, total, nil)
	if o.opts.Progress != nil {
		pr.fn = func(n, t int64) { o.opts.Progress(done+n, t) }
	}
	br := bufio.NewReaderSize(pr, 1<<16)
	head, _ := br.Peek(64)
	var sc osmScanner
	if strings.HasPrefix(strings.TrimSpace(string(head)), "<") {
		sc = osmxml.New(o.ctx, br)
	} else {
		ps := osmpbf.New(o.ctx, br, runtime.GOMAXPROCS(0))
		ps.SkipRelations = true
		ps.SkipNodes, ps.SkipWays = !nodes, nodes
		sc = ps
	}
	defer sc.Close()
	for sc.Scan() {
		obj := sc.Object()
		if _, isNode := obj.(*osm.Node); isNode != nodes {
			continue
		}
		fn(obj)
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		return fmt.Errorf("%s: %w", path, err)
	}
	return o.ctx.Err()
}

func (o *osmImport) place(n *osm.Node, kind address.PlaceKind) {
	p := address.Place{ID: "osm:node/" + strconv.FormatInt(int64(n.ID), 10), Kind: kind, Name: cleanName(n.Tags.Find("name")),
		Country: o.opts.Country, Lat: n.Lat, Lon: n.Lon, HasPoint: true, Source: o.opts.Source}
	for _, k := range []string{"name:en", "alt_name", "official_name", "short_name"} {
		if v := cleanName(n.Tags.Find(k)); v != "" && v != p.Name && !slices.Contains(p.AltNames, v) {
			p.AltNames = append(p.AltNames, v)
		}
	}
	p.Rank, _ = strconv.ParseFloat(n.Tags.Find("population"), 64)
	if pc := n.Tags.Find("addr:postcode"); pc != "" {
		p.Postcodes = []string{pc}
	}
	p.Parents = o.res.nearestAdmin(p.Country, p.Lat, p.Lon)
	o.places.add(p)
}

// settlePlaces gives each neighbourhood the nearest town or city within
// 5 km as its parent (and each village the nearest town or city within
// 3 km), then stores the places.
func (o *osmImport) settlePlaces() {
	places := o.places.places
	for i := range places {
		p := &places[i]
		radius := 5000.0
		switch p.Kind {
		case address.KindNeighbourhood:
		case address.KindVillage:
			radius = 3000
		default:
			continue
		}
		j := o.places.nearest(p.Lat, p.Lon, radius, func(j int) bool {
			q := &places[j]
			return j != i && (q.Kind == address.KindCity || q.Kind == address.KindTown ||
				p.Kind == address.KindNeighbourhood && q.Kind == address.KindVillage)
		})
		if j >= 0 {
			p.Parents = append([]string{places[j].ID}, places[j].Parents...)
		}
	}
	for _, p := range places {
		o.sink.put(p)
	}
}

// locality returns the place node a point belongs to: the nearest
// neighbourhood within 2 km, else the nearest settlement within 10 km.
func (o *osmImport) locality(lat, lon float64) *address.Place {
	places := o.places.places
	isNeighbourhood := func(i int) bool { return places[i].Kind == address.KindNeighbourhood }
	i := o.places.nearest(lat, lon, 2000, isNeighbourhood)
	if i < 0 {
		i = o.places.nearest(lat, lon, 10000, func(i int) bool { return !isNeighbourhood(i) })
	}
	if i < 0 {
		return nil
	}
	return &places[i]
}

func (o *osmImport) parentsAt(lat, lon float64) []string {
	if p := o.locality(lat, lon); p != nil {
		return append([]string{p.ID}, p.Parents...)
	}
	return o.res.nearestAdmin(o.opts.Country, lat, lon)
}

func (o *osmImport) centroid(ids []osm.NodeID) (lat, lon float64, ok bool) {
	n := 0
	for i, id := range ids {
		if i > 0 && i == len(ids)-1 && id == ids[0] {
			break // a closed way repeats its first node
		}
		if c, found := o.coords.get(id); found {
			lat, lon, n = lat+c[0], lon+c[1], n+1
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return lat / float64(n), lon / float64(n), true
}

// streets merges the named highways into streets and stores them. It
// returns them by StreetKey, for the address points.
func (o *osmImport) streets(ways []osmWay) map[string][]address.Place {
	type seg struct {
		w        *osmWay
		lat, lon float64
	}
	byName := map[string][]seg{}
	var names []string
	for i := range ways {
		w := &ways[i]
		if w.name == "" {
			continue
		}
		lat, lon, ok := o.centroid(w.nodes)
		if !ok {
			o.stats.skip("way %d: nodes missing from the extract", w.id)
			continue
		}
		k := address.StreetKey(w.name)
		if _, seen := byName[k]; !seen {
			names = append(names, k)
		}
		byName[k] = append(byName[k], seg{w, lat, lon})
	}
	sort.Strings(names)
	out := map[string][]address.Place{}
	for _, k := range names {
		segs := byName[k]
		// single-link clusters: segments within 1.5 km of a cluster member
		cluster := make([]int, len(segs))
		for i := range cluster {
			cluster[i] = i
		}
		find := func(i int) int {
			for cluster[i] != i {
				i = cluster[i]
			}
			return i
		}
		for i := range segs {
			for j := i + 1; j < len(segs); j++ {
				if address.Distance(segs[i].lat, segs[i].lon, segs[j].lat, segs[j].lon) < 1500 {
					cluster[find(j)] = find(i)
				}
			}
		}
		groups := map[int][]seg{}
		var roots []int
		for i := range segs {
			r := find(i)
			if _, ok := groups[r]; !ok {
				roots = append(roots, r)
			}
			groups[r] = append(groups[r], segs[i])
		}
		for _, r := range roots {
			g := groups[r]
			var clat, clon float64
			minID := g[0].w.id
			for _, s := range g {
				clat, clon = clat+s.lat, clon+s.lon
				minID = min(minID, s.w.id)
			}
			clat, clon = clat/float64(len(g)), clon/float64(len(g))
			// the vertex nearest the middle lies on the street
			best, bestD := [2]float64{clat, clon}, math.Inf(1)
			for _, s := range g {
				for _, id := range s.w.nodes {
					if c, ok := o.coords.get(id); ok {
						if d := address.Distance(clat, clon, c[0], c[1]); d < bestD {
							best, bestD = c, d
						}
					}
				}
			}
			p := address.Place{ID: "osm:way/" + strconv.FormatInt(int64(minID), 10), Kind: address.KindStreet,
				Name: g[0].w.name, Country: o.opts.Country, Lat: best[0], Lon: best[1], HasPoint: true, Source: o.opts.Source}
			p.Parents = o.parentsAt(p.Lat, p.Lon)
			o.sink.put(p)
			out[k] = append(out[k], p)
		}
	}
	return out
}

// address stores an address point, on the nearest street of its name
// within 1 km when there is one.
func (o *osmImport) address(id, hn, street, postcode string, lat, lon float64, streets map[string][]address.Place) {
	p := address.Place{ID: id, Kind: address.KindAddress, Name: hn + " " + street, HouseNumber: hn, Street: street,
		Country: o.opts.Country, Lat: lat, Lon: lon, HasPoint: true, Source: o.opts.Source}
	if postcode != "" {
		if n, ok := address.NormalizePostcode(p.Country, postcode); ok {
			postcode = n
		}
		p.Postcodes = []string{postcode}
	}
	var on *address.Place
	bestD := 1000.0
	for i, s := range streets[address.StreetKey(street)] {
		if d := address.Distance(lat, lon, s.Lat, s.Lon); d < bestD {
			on, bestD = &streets[address.StreetKey(street)][i], d
		}
	}
	if on != nil {
		p.Parents = append([]string{on.ID}, on.Parents...)
	} else {
		p.Parents = o.parentsAt(lat, lon)
	}
	o.sink.put(p)
}
