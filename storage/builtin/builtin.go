// Package builtin holds the gazetteer that addrkit installs in an empty data
// directory, so that it geocodes on a fresh machine with no files: every
// country (names, aliases, ISO codes, a point), the first-level divisions
// that package address knows, and for Nigeria the 37 states with their
// capitals, all 774 LGAs, the GeoNames cities and towns, and the major
// neighbourhoods of Lagos, Abuja, Port Harcourt, Kano, Ibadan and other
// state capitals.
//
// Its data comes from Go modules (GeoNames through
// github.com/ringsaturn/go-cities.json, CC BY 4.0; country points through
// github.com/pariz/gountries; see geonames_gen.go) and from facts written
// for addrkit (lgas.go, neighbourhoods.go). A program that brings its own
// gazetteer does not import this package and does not link its data.
package builtin

//go:generate go run ./internal/gen

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/agnivade/levenshtein"
)

// Version names the data of this package; Install records it in the store.
const Version = "builtin-2026.11.2"

// MetaKey is the store metadata under which Install records Version.
const MetaKey = "builtin"

// installing starts the value of MetaKey while Install loads the places: a
// store that still holds it was left by an install that did not finish
// (the process was interrupted or killed), and holds only some places.
const installing = "installing "

// Interrupted reports whether the store holds an install of the built-in
// gazetteer that did not finish. Open and OpenForUpdate install it again.
func Interrupted(g *storage.Gazetteer) (bool, error) {
	v, err := g.Meta(MetaKey)
	return strings.HasPrefix(v, installing), err
}

// gnCity is one row of the GeoNames cities list.
type gnCity struct {
	Name     string
	Lat, Lon float64
	Admin1   string
	Admin2   string
}

// Places returns every place of the built-in gazetteer.
func Places() []address.Place {
	b := newBuilder()
	b.countries()
	b.states()
	b.world()
	b.lgas()
	b.cities()
	b.neighbourhoods()
	b.placeLGAs()
	return b.out
}

type builder struct {
	out      []address.Place
	index    map[string]int    // id -> position in out
	lgaByKey map[string]string // state code + "|" + NameKey -> LGA id
	admin1   map[string]string // GeoNames admin1 code -> state code
	admin2   map[string]string // GeoNames "admin1.admin2" -> LGA id
}

func newBuilder() *builder {
	return &builder{index: map[string]int{}, lgaByKey: map[string]string{}, admin1: map[string]string{}, admin2: map[string]string{}}
}

func (b *builder) add(p address.Place) {
	if i, ok := b.index[p.ID]; ok {
		b.out[i] = p
		return
	}
	b.index[p.ID] = len(b.out)
	b.out = append(b.out, p)
}

func (b *builder) get(id string) *address.Place {
	if i, ok := b.index[id]; ok {
		return &b.out[i]
	}
	return nil
}

// handPoints are representative points of the countries gountries (the
// source of countryPoints) does not list: Kosovo, which the address
// package lists under the user-assigned code XK. Facts written for
// addrkit.
var handPoints = map[string][2]float64{
	"XK": {42.57, 20.9},
}

func (b *builder) countries() {
	for _, c := range address.Countries() {
		alt := append([]string{c.Alpha3}, c.Aliases...)
		p := address.Place{ID: c.Alpha2, Kind: address.KindCountry, Name: c.Name, AltNames: alt, Country: c.Alpha2, Source: "builtin"}
		pt, ok := countryPoints[c.Alpha2]
		if !ok {
			pt, ok = handPoints[c.Alpha2]
		}
		if ok {
			p.Lat, p.Lon, p.HasPoint = pt[0], pt[1], true
		}
		b.add(p)
	}
}

func (b *builder) states() {
	for _, c := range address.Countries() {
		for _, s := range address.Subdivisions(c.Alpha2) {
			b.add(address.Place{ID: s.Code, Kind: address.KindState, Name: s.Name, AltNames: s.Aliases,
				Country: s.Country, Parents: []string{s.Country}, Rank: 1000, Source: "builtin"})
		}
	}
	for code, name := range geonamesAdmin1 {
		if s, ok := address.LookupSubdivision("NG", name); ok {
			b.admin1[code] = s.Code
		}
	}
}

func slug(s string) string { return address.NameKey(s) }

func (b *builder) lgas() {
	states := make([]string, 0, len(lgas))
	for code := range lgas {
		states = append(states, code)
	}
	sort.Strings(states)
	for _, code := range states {
		for _, entry := range lgas[code] {
			names := strings.Split(entry, "|")
			id := code + "/lga/" + slug(names[0])
			b.add(address.Place{ID: id, Kind: address.KindLGA, Name: names[0], AltNames: names[1:], Country: "NG",
				Parents: []string{code, "NG"}, Rank: 100, Source: "builtin"})
			for _, n := range names {
				b.lgaByKey[code+"|"+slug(n)] = id
			}
		}
	}
	// Join the GeoNames second-level divisions to the LGAs by name, then
	// by the nearest spelling within the state.
	codes := make([]string, 0, len(geonamesAdmin2))
	for c := range geonamesAdmin2 {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		state := b.admin1[strings.SplitN(c, ".", 2)[0]]
		if id := b.lgaFor(state, geonamesAdmin2[c]); id != "" {
			b.admin2[c] = id
		}
	}
}

// lgaFor returns the id of the LGA of the state with the name, or with the
// nearest spelling (at most two edits), or "".
func (b *builder) lgaFor(state, name string) string {
	k := slug(strings.TrimSuffix(strings.TrimSuffix(name, " Local Government Area"), " LGA"))
	if id, ok := b.lgaByKey[state+"|"+k]; ok {
		return id
	}
	// the nearest LGA name by exact edits, in characters (agnivade's job,
	// see internal/edits)
	best, bestD := "", 3
	for key, id := range b.lgaByKey {
		if st, n, _ := strings.Cut(key, "|"); st == state {
			if d := levenshtein.ComputeDistance(k, n); d < bestD || d == bestD && id < best {
				best, bestD = id, d
			}
		}
	}
	return best
}

func (b *builder) cities() {
	capitals := map[string]string{} // NameKey of capital -> state code
	for _, s := range address.Subdivisions("NG") {
		capitals[slug(s.Capital)] = s.Code
	}
	short := shortNamesOf()
	for _, c := range geonamesCities {
		state := b.admin1[c.Admin1]
		if state == "" {
			continue
		}
		lga := b.admin2[c.Admin1+"."+c.Admin2]
		parents := []string{state, "NG"}
		if lga != "" {
			parents = append([]string{lga}, parents...)
		}
		kind, rank := address.KindTown, 10.0
		if capitals[slug(c.Name)] == state {
			kind, rank = address.KindCity, 500
			if s := b.get(state); s != nil && !s.HasPoint {
				s.Lat, s.Lon, s.HasPoint = c.Lat, c.Lon, true
			}
		}
		id := "geonames/" + state + "/" + slug(c.Name) + "/" + strconv.FormatFloat(c.Lat, 'f', 3, 64)
		b.add(address.Place{ID: id, Kind: kind, Name: c.Name, AltNames: short[state+"|"+slug(c.Name)], Country: "NG", Parents: parents,
			Lat: c.Lat, Lon: c.Lon, HasPoint: true, Rank: rank, Source: "geonames"})
		// The LGA takes the point of its seat: the town of its name, else
		// its first town.
		if l := b.get(lga); l != nil && (!l.HasPoint || strings.HasPrefix(slug(l.Name), slug(c.Name))) {
			l.Lat, l.Lon, l.HasPoint = c.Lat, c.Lon, true
		}
	}
}

func (b *builder) neighbourhoods() {
	for _, line := range strings.Split(neighbourhoods, "\n") {
		f := strings.Split(line, "|")
		state, lgaName, name := f[0], f[1], f[2]
		lat, _ := strconv.ParseFloat(f[4], 64)
		lon, _ := strconv.ParseFloat(f[5], 64)
		var alt []string
		if f[3] != "" {
			alt = strings.Split(f[3], ",")
		}
		parents := []string{state, "NG"}
		if id := b.lgaByKey[state+"|"+slug(lgaName)]; id != "" {
			parents = append([]string{id}, parents...)
		}
		b.add(address.Place{ID: "nb/" + state + "/" + slug(name), Kind: address.KindNeighbourhood, Name: name, AltNames: alt,
			Country: "NG", Parents: parents, Lat: lat, Lon: lon, HasPoint: true, Rank: 50, Source: "builtin"})
	}
}

// placeLGAs gives the LGAs that GeoNames left without a seat a point: a
// town of the state whose name starts their name ("Ibadan" for "Ibadan
// North"), else the mean of their neighbourhoods, else the state's capital.
func (b *builder) placeLGAs() {
	var ng []address.Place // (the world's places are many: this is Nigeria's)
	for _, p := range b.out {
		if p.Country == "NG" && len(p.Parents) >= 2 {
			ng = append(ng, p)
		}
	}
	for i := range b.out {
		l := &b.out[i]
		if l.Kind != address.KindLGA || l.HasPoint || l.Country != "NG" {
			continue
		}
		state := l.Parents[0]
		var lat, lon float64
		n := 0
		for _, p := range ng {
			if p.Kind == address.KindNeighbourhood && p.Parents[0] == l.ID {
				lat, lon, n = lat+p.Lat, lon+p.Lon, n+1
			}
		}
		for _, p := range ng {
			if (p.Kind == address.KindTown || p.Kind == address.KindCity) && p.Parents[len(p.Parents)-2] == state &&
				strings.HasPrefix(slug(l.Name), slug(p.Name)) {
				lat, lon, n = p.Lat, p.Lon, 1
				break
			}
		}
		if n == 0 {
			if s := b.get(state); s != nil && s.HasPoint {
				lat, lon, n = s.Lat, s.Lon, 1
			}
		}
		if n > 0 {
			l.Lat, l.Lon, l.HasPoint = lat/float64(n), lon/float64(n), true
		}
	}
}

// Install loads the built-in gazetteer into the store and records its
// version. Installing again changes nothing.
func Install(ctx context.Context, g *storage.Gazetteer) (storage.LoadStats, error) {
	// marked first, so that an install cut short is known as such
	if err := g.SetMeta(MetaKey, installing+Version); err != nil {
		return storage.LoadStats{}, err
	}
	l, err := g.NewLoader()
	if err != nil {
		return storage.LoadStats{}, err
	}
	for _, p := range Places() {
		if err := ctx.Err(); err != nil {
			l.Close()
			return l.Stats(), err
		}
		if err := l.Put(p); err != nil {
			l.Close()
			return l.Stats(), fmt.Errorf("builtin: %w", err)
		}
	}
	if err := l.Close(); err != nil {
		return l.Stats(), err
	}
	return l.Stats(), g.SetMeta(MetaKey, Version)
}

// EnsureInstalled installs the built-in gazetteer when the store holds no
// places, and reports whether it did.
func EnsureInstalled(ctx context.Context, g *storage.Gazetteer) (bool, error) {
	return ensureWith(ctx, g, "", Options{})
}

// ensureWith is EnsureInstalled with OpenWith's options o (Progress,
// Installed), in dir.
func ensureWith(ctx context.Context, g *storage.Gazetteer, dir string, o Options) (bool, error) {
	progress := o.Progress
	n, err := g.Count(ctx)
	if err != nil {
		return false, err
	}
	again := false
	if n > 0 {
		if again, err = Interrupted(g); err != nil {
			return false, err
		}
		if !again {
			return false, noteOlder(g, dir, progress)
		}
		// what the cut install wrote is dropped: the install starts over
		if err := g.Clear(); err != nil {
			return false, err
		}
	}
	if progress != nil {
		if again {
			progress(fmt.Sprintf("installing the built-in gazetteer in %s again: the last install did not finish...", dir))
		} else {
			progress(fmt.Sprintf("installing the built-in gazetteer in %s (first run)...", dir))
		}
	}
	start := time.Now()
	st, err := Install(ctx, g)
	if err != nil {
		return false, err
	}
	if o.Installed != nil {
		if err := o.Installed(ctx, g); err != nil {
			return false, err
		}
	}
	if progress != nil {
		progress(fmt.Sprintf("installed the built-in gazetteer in %s: %d places in %.1f s", dir, st.Written, time.Since(start).Seconds()))
	}
	return true, nil
}

// Options configure OpenWith.
type Options struct {
	// Storage are the options of the store, as Open takes them.
	Storage storage.Options
	// Progress, when set, is called with a line of what OpenWith does
	// when it installs the built-in gazetteer (the first run in an empty
	// directory takes a while, as does the install again of one that an
	// interrupted first run left unfinished): as it starts, and when it is
	// done. When the directory holds places, it is called only if they
	// are the built-in gazetteer of another version (noteOlder).
	Progress func(line string)
	// Installed, when set, is called after the built-in gazetteer is
	// installed, with the store still writable: for what a program keeps
	// beside the places (addrkit keeps its autocomplete index, which a
	// server opening the store read-only would otherwise build at every
	// start). Its error fails the open.
	Installed func(ctx context.Context, g *storage.Gazetteer) error
}

// Open opens the gazetteer in dir, first installing the built-in
// gazetteer when dir holds no places (creating dir if need be). With
// opts.ReadOnly, the store is then reopened read-only (and with
// opts.Preload, held in memory), so that other processes may read it too.
func Open(ctx context.Context, dir string, opts storage.Options) (*storage.Gazetteer, error) {
	return OpenWith(ctx, dir, Options{Storage: opts})
}

// OpenWith is Open with Options: o.Storage are Open's options.
func OpenWith(ctx context.Context, dir string, o Options) (*storage.Gazetteer, error) {
	opts := o.Storage
	empty, err := noDatabase(dir)
	if err != nil {
		return nil, err
	}
	if !empty && opts.ReadOnly {
		g, err := storage.Open(dir, opts)
		if err != nil {
			return nil, err
		}
		cut, err := Interrupted(g)
		if err != nil {
			g.Close()
			return nil, err
		}
		if !cut {
			if err := noteOlder(g, dir, o.Progress); err != nil {
				g.Close()
				return nil, err
			}
			return g, nil
		}
		// an install cut short: installed again below, then reopened
		if err := g.Close(); err != nil {
			return nil, err
		}
	}
	g, err := storage.Open(dir, storage.Options{Logger: opts.Logger})
	if err != nil {
		return nil, err
	}
	if _, err := ensureWith(ctx, g, dir, o); err != nil {
		g.Close()
		return nil, err
	}
	if !opts.ReadOnly {
		return g, nil
	}
	if err := g.Close(); err != nil {
		return nil, err
	}
	return storage.Open(dir, opts)
}

// noteOlder tells progress when the store holds the built-in gazetteer of
// another version than this package's: its places stay as installed (an
// update of the built-in data reaches a directory installed anew).
func noteOlder(g *storage.Gazetteer, dir string, progress func(string)) error {
	v, err := g.Meta(MetaKey)
	if err != nil || progress == nil || v == "" || v == Version {
		return err
	}
	progress(fmt.Sprintf("the built-in gazetteer in %s is %s; this addrkit carries %s, whose changes it lacks: install it into an empty directory to have them", dir, v, Version))
	return nil
}

// noDatabase reports whether dir holds no Badger database yet (it may hold
// other things: a server keeps its jobs and keys in subdirectories).
func noDatabase(dir string) (bool, error) {
	dir, err := storage.PlacesDir(dir)
	if err != nil {
		return false, err
	}
	_, err = os.Stat(filepath.Join(dir, "MANIFEST"))
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	return false, err
}

// OpenForUpdate is storage.OpenForUpdate (in place, or in a new generation
// while a server holds the places), with the built-in gazetteer installed
// first when dir holds no places yet.
func OpenForUpdate(ctx context.Context, dir string, o Options) (*storage.Gazetteer, func(commit bool) error, error) {
	g, done, err := storage.OpenForUpdate(dir, o.Storage)
	if err != nil {
		return nil, nil, err
	}
	if _, err := ensureWith(ctx, g, dir, o); err != nil {
		done(false)
		return nil, nil, err
	}
	return g, done, nil
}
