// Package importer reads place data into a gazetteer: GeoNames dumps,
// OpenStreetMap extracts (.osm.pbf and .osm XML), OpenAddresses CSV, and any
// CSV or JSON table through a column mapping.
//
// Every importer streams its input, reports progress in bytes, and is
// idempotent: places get ids derived from the source's own ids (or, for
// tables without one, from the row's content), so importing a file again
// changes nothing. Rows that cannot become places are counted and a few
// are kept as examples in Stats.Problems; they never stop an import.
//
// Places are attached to the administrative places already in the store
// (the built-in gazetteer gives every country, the first-level divisions
// and the Nigerian LGAs), by name and, where a source gives no names, by
// the nearest ward or LGA.
package importer

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

// Options configure an import.
type Options struct {
	// Country is the ISO alpha-2 code of rows that name none. Default NG.
	Country string
	// Source names the data; ids of places without a source id start with
	// it. Default: the format name.
	Source string
	// Progress, when set, is called now and then with the bytes read and
	// the input size (0 when unknown).
	Progress func(done, total int64)
	// Mapping maps the columns of a CSV or JSON table (see ParseMapping).
	Mapping Mapping
	// Admin1 and Admin2 name GeoNames administrative codes ("05" and
	// "05.25008" for Nigeria) so that GeoNames places get their state and
	// LGA by name.
	Admin1, Admin2 map[string]string
}

func (o *Options) defaults(format string) {
	if o.Country == "" {
		o.Country = address.DefaultCountry
	}
	if o.Source == "" {
		o.Source = format
	}
}

// maxProblems is the number of problem rows kept as examples.
const maxProblems = 20

// Stats counts what an import did.
type Stats struct {
	Rows      int      `json:"rows"`      // records read
	Places    int      `json:"places"`    // places produced
	Skipped   int      `json:"skipped"`   // records that made no place
	Written   int      `json:"written"`   // places new or changed in the store
	Unchanged int      `json:"unchanged"` // places already stored as given
	Problems  []string `json:"problems,omitempty"`
}

func (s *Stats) skip(format string, args ...any) {
	s.Skipped++
	if len(s.Problems) < maxProblems {
		s.Problems = append(s.Problems, fmt.Sprintf(format, args...))
	}
}

// progressReader counts the bytes read through it.
type progressReader struct {
	r     io.Reader
	n     int64
	total int64
	fn    func(done, total int64)
	last  int64
}

func newProgressReader(r io.Reader, total int64, fn func(done, total int64)) *progressReader {
	return &progressReader{r: r, total: total, fn: fn}
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.n += int64(n)
	if p.fn != nil && (p.n-p.last >= 1<<20 || err == io.EOF) {
		p.last = p.n
		p.fn(p.n, p.total)
	}
	return n, err
}

// sink puts places into the store on a goroutine of its own, so that
// reading and resolving the next records overlaps with the writes, and
// counts them.
type sink struct {
	l     *storage.Loader
	stats *Stats
	ch    chan address.Place
	done  chan struct{}
	// kept by the writing goroutine, added to stats by close
	placed, rejected int
	problems         []string
}

func newSink(g *storage.Gazetteer, stats *Stats) (*sink, error) {
	l, err := g.NewLoader()
	if err != nil {
		return nil, err
	}
	s := &sink{l: l, stats: stats, ch: make(chan address.Place, 4096), done: make(chan struct{})}
	go s.write()
	return s, nil
}

func (s *sink) write() {
	defer close(s.done)
	for p := range s.ch {
		if err := s.l.Put(p); err != nil {
			s.rejected++
			if len(s.problems) < maxProblems {
				s.problems = append(s.problems, err.Error())
			}
			continue
		}
		s.placed++
	}
}

func (s *sink) put(p address.Place) { s.ch <- p }

func (s *sink) close() error {
	close(s.ch)
	<-s.done
	err := s.l.Close()
	st := s.l.Stats()
	s.stats.Written, s.stats.Unchanged = st.Written, st.Unchanged
	s.stats.Places += s.placed
	s.stats.Skipped += s.rejected
	for _, p := range s.problems {
		if len(s.stats.Problems) < maxProblems {
			s.stats.Problems = append(s.stats.Problems, p)
		}
	}
	return err
}

// resolver attaches places to the administrative places of the store.
type resolver struct {
	g     *storage.Gazetteer
	names map[string]*address.Place // cache of name look-ups
	admin map[string]*pointGrid     // wards and LGAs with a point, by country; built on first use
}

func newResolver(g *storage.Gazetteer) *resolver {
	return &resolver{g: g, names: map[string]*address.Place{}}
}

// state returns the id of a first-level division named in the country.
func (r *resolver) state(cc, name string) string {
	if name == "" {
		return ""
	}
	if s, ok := address.LookupSubdivision(cc, name); ok {
		return s.Code
	}
	if p := r.named(context.Background(), cc, name, "", address.KindState); p != nil {
		return p.ID
	}
	return ""
}

// named returns the place of one of the kinds with the name inside the
// place within (any when empty), trying the exact name, then spellings
// within the typo budget, fewer edits first. Results are cached.
func (r *resolver) named(ctx context.Context, cc, name, within string, kinds ...address.PlaceKind) *address.Place {
	key := address.NameKey(name)
	if key == "" {
		return nil
	}
	ck := fmt.Sprint(cc, "|", key, "|", within, "|", kinds)
	if p, ok := r.names[ck]; ok {
		return p
	}
	// hasKind: any kind when none is asked; kindRank: the order asked
	hasKind := func(k address.PlaceKind) bool { return len(kinds) == 0 || slices.Contains(kinds, k) }
	kindRank := func(k address.PlaceKind) int {
		if i := slices.Index(kinds, k); i >= 0 {
			return i
		}
		return len(kinds)
	}
	pick := func(ps []address.Place) *address.Place {
		var best *address.Place
		for i := range ps {
			p := &ps[i]
			if !hasKind(p.Kind) || within != "" && !p.Within(within) {
				continue
			}
			if best == nil || kindRank(p.Kind) < kindRank(best.Kind) || p.Rank > best.Rank && p.Kind == best.Kind {
				best = p
			}
		}
		return best
	}
	ps, _ := r.g.Named(ctx, cc, key)
	best := pick(ps)
	// fewer edits first: "Ibarap North" is Ibarapa North (one edit), not
	// Ibadan North (two), whatever their ranks
	for edits := 1; best == nil && edits <= address.TypoBudget(address.KeyLen(key)); edits++ {
		ps, _ = r.g.Similar(ctx, cc, key, edits)
		best = pick(ps)
	}
	if best == nil && within != "" && len(key) >= 5 {
		// a name cut short ("EnuguSou", "IkaNorth"): the one place of the
		// kinds inside within whose name starts so
		ps, _ = r.g.Prefixed(ctx, cc, key)
		var only *address.Place
		for i := range ps {
			p := &ps[i]
			if !hasKind(p.Kind) || !p.Within(within) {
				continue
			}
			if only != nil && only.ID != p.ID {
				only = nil
				break
			}
			only = p
		}
		best = only
	}
	r.names[ck] = best
	return best
}

// nearestAdmin returns the parents (LGA, state, country) of the ward or
// LGA nearest to a point, within 30 km.
func (r *resolver) nearestAdmin(cc string, lat, lon float64) []string {
	if r.admin == nil {
		r.admin = map[string]*pointGrid{}
		_ = r.g.Scan(context.Background(), func(p address.Place) error {
			if (p.Kind == address.KindWard || p.Kind == address.KindLGA) && p.HasPoint {
				if r.admin[p.Country] == nil {
					r.admin[p.Country] = newPointGrid(0.25)
				}
				r.admin[p.Country].add(p)
			}
			return nil
		})
	}
	grid := r.admin[cc]
	if grid == nil {
		return []string{cc}
	}
	i := grid.nearest(lat, lon, 30000, nil)
	if i < 0 {
		return []string{cc}
	}
	best := &grid.places[i]
	if best.Kind == address.KindLGA {
		return append([]string{best.ID}, best.Parents...)
	}
	return best.Parents
}

// parents returns the chain of ids (nearest first) for a place named in
// the given state, LGA and localities (each looked for inside the one
// before it), and the nearest of them that has a point. own, when not
// empty, is the place's own name: a place of that name inside the last of
// them stands in for it.
//
// A locality that is not inside the one before it is looked for in the
// LGA or state, and taken when it lies within districtRadius of the one
// before: a district of a conurbation need not lie inside the town the
// source names beside it (NIPOST's "Victoria Island" of the town "Lagos"
// is in Eti-Osa LGA, and the GeoNames town of Lagos encloses nothing), and
// without it a street would be attached to the whole town.
func (r *resolver) parents(ctx context.Context, cc, state, lga, own string, localities ...string) ([]string, *address.Place) {
	chain := []string{cc}
	var located *address.Place
	if c, ok, _ := r.g.Place(ctx, cc); ok && c.HasPoint {
		located = &c
	}
	stateID := r.state(cc, state)
	if stateID != "" {
		chain = append([]string{stateID}, chain...)
		if s, ok, _ := r.g.Place(ctx, stateID); ok && s.HasPoint {
			located = &s
		}
	}
	within := stateID
	if lga != "" {
		if p := r.named(ctx, cc, lga, stateID, address.KindLGA); p != nil {
			chain = append([]string{p.ID}, chain...)
			within = p.ID
			if p.HasPoint {
				located = p
			}
		}
	}
	admin := within
	var prev *address.Place
	take := func(p *address.Place) {
		chain = append([]string{p.ID}, p.Parents...)
		if p.HasPoint {
			located = p
		}
		within, prev = p.ID, p
	}
	kinds := []address.PlaceKind{address.KindNeighbourhood, address.KindWard, address.KindTown, address.KindCity, address.KindVillage}
	for _, name := range localities {
		if name == "" {
			continue
		}
		p := r.named(ctx, cc, name, within, kinds...)
		if p == nil && prev != nil {
			if q := r.named(ctx, cc, name, admin, kinds...); q != nil && q.HasPoint && prev.HasPoint &&
				address.Distance(q.Lat, q.Lon, prev.Lat, prev.Lon) <= districtRadius {
				p = q
			}
		}
		if p != nil {
			take(p)
		}
	}
	if own != "" {
		if p := r.named(ctx, cc, own, within, kinds...); p != nil {
			take(p)
		}
	}
	return chain, located
}

// districtRadius is how far from the town a source names a district of it,
// found outside the town, may lie: a metropolis spreads over tens of km (of
// the 4,412 NIPOST streets of Lagos State this attaches to a district, nine
// in ten lie within 24 km of the GeoNames point of Lagos), while a village
// of the district's name elsewhere in the state most often lies farther.
const districtRadius = 30000

// cleanName trims and collapses the spaces of a name from a source.
func cleanName(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
