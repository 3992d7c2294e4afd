package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/blevesearch/vellum"
	"github.com/blevesearch/vellum/levenshtein"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/ristretto/v2"
	"github.com/dgraph-io/ristretto/v2/z"
	"github.com/mmcloughlin/geohash"
)

// Key prefixes of the gazetteer in Badger. Every index key ends with the
// place id after a zero byte, and has no value.
const (
	prefixPlace    = 'p' // p id -> JSON place
	prefixName     = 'n' // n country 0 key 0 id
	prefixPostcode = 'c' // c country 0 postcode 0 id
	prefixParent   = 'a' // a parent 0 id
	prefixGeo      = 'g' // g geohash(7) 0 id
	prefixMeta     = 'm' // m name -> value
)

const geoPrecision = 7 // geohash characters: cells of about 150 m

// ErrReadOnly is returned by writes to a gazetteer opened read-only.
var ErrReadOnly = errors.New("storage: gazetteer is open read-only")

// Options configure Open.
type Options struct {
	// ReadOnly opens an existing gazetteer for reading only; several
	// processes may read one directory at a time.
	ReadOnly bool
	// InMemory keeps everything in memory (the directory is ignored): for
	// tests and throw-away use.
	InMemory bool
	// Logger receives Badger's log lines; nil silences them.
	Logger badger.Logger
	// Preload holds every place in memory, for read-only stores that answer
	// many look-ups (a batch, a server): about 400 bytes a place, 60 MB for
	// the Nigerian gazetteer of scripts/import-nigeria.sh, and the name
	// table then lists the places of each name and postcode as well as
	// their ids (4.4 MB more), for NamedRefs and PostcodeRefs.
	Preload bool
}

// Gazetteer is a place store over Badger. It implements address.Gazetteer
// and is safe for concurrent use. The places it returns share memory with
// its caches and, preloaded, with one another (the lists of their parents
// and postcodes): callers read them and do not modify them.
type Gazetteer struct {
	db       *badger.DB
	readOnly bool
	dir      string // where its places are (see PlacesDir)

	mu     sync.Mutex
	names  *nameTable // for Similar; built on first use, dropped on writes
	closed bool       // Close was called: StartWarm starts nothing more

	// cache holds recent index look-ups (by index prefix) and places (by
	// place key); cleared when places are written.
	cache *ristretto.Cache[string, []address.Place]
	// walks holds the name keys that recent spelling searches found: the
	// search is what costs (up to a millisecond), and its keys are small
	// beside their places; cleared with cache.
	walks *ristretto.Cache[string, []string]
	all   map[string]*address.Place // every place, with Options.Preload

	// streets holds, by area id, the StreetKeys and ids of the area's
	// streets that StreetKeys gave; cleared when places are written.
	streetsMu  sync.Mutex
	streets    map[string]areaStreets
	streetsGen uint64 // counts invalidations: keys read before one are not kept

	warming sync.WaitGroup // StartWarm's build of the states' tables; Close waits
}

// maxAreaStreets bounds the areas whose street keys are kept.
const maxAreaStreets = 1 << 16

// areaStreets are the streets of one area: their StreetKeys and ids.
type areaStreets struct{ keys, ids []string }

// cacheBytes and walkBytes bound the memory of cached look-ups and
// spelling searches, counted by cost and keysCost (within a fifth of the
// heap they take). A larger look-up cache made a batch no faster; the
// spelling searches are kept generously because a file's names without a
// state are searched across the country and come back often (measured in
// docs/figures.md).
const (
	cacheBytes = 16 << 20
	walkBytes  = 4 << 20
)

var _ address.Gazetteer = (*Gazetteer)(nil)

// Open opens (creating it unless read-only) the gazetteer in dir: its
// current generation when dir names one (see PlacesDir).
func Open(dir string, opts Options) (*Gazetteer, error) {
	if !opts.InMemory {
		var err error
		if dir, err = PlacesDir(dir); err != nil {
			return nil, err
		}
	}
	bo := badger.DefaultOptions(dir).WithLogger(opts.Logger).WithReadOnly(opts.ReadOnly)
	if opts.InMemory {
		bo = bo.WithDir("").WithValueDir("").WithInMemory(true)
	}
	// Places are small: keep values in the LSM tree, beside their keys.
	// Memtables of 4 MB, not 64: a bulk load inserts every key into the
	// memtable's skiplist from Badger's one write goroutine, and a smaller
	// skiplist is shallower and fits the caches better (BenchmarkImport,
	// in runs side by side: 53,000 to 62,000 places/s with 64 MB, 77,000
	// to 100,000 with 8, 88,000 to 104,000 with 4; 2 MB is no better).
	bo = bo.WithValueThreshold(1 << 10).WithNumVersionsToKeep(1).WithDetectConflicts(false).WithMemTableSize(4 << 20)
	if opts.Preload {
		// every place is held in memory: Badger's block cache (256 MB by
		// default) would only hold them a second time
		bo = bo.WithBlockCacheSize(4 << 20)
	}
	db, err := badger.Open(bo)
	if err != nil {
		return nil, fmt.Errorf("storage: open gazetteer %s: %w", dir, err)
	}
	// Costs count whole entries, so ristretto's own estimate of 56 bytes
	// an item is not added (IgnoreInternalCost): added to a bound counted
	// in places, it let the cache hold about a thousand look-ups.
	cache, err := ristretto.NewCache(&ristretto.Config[string, []address.Place]{
		NumCounters: cacheBytes / 32, MaxCost: cacheBytes, BufferItems: 64, IgnoreInternalCost: true,
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	walks, err := ristretto.NewCache(&ristretto.Config[string, []string]{
		NumCounters: walkBytes / 16, MaxCost: walkBytes, BufferItems: 64, IgnoreInternalCost: true,
	})
	if err != nil {
		cache.Close()
		db.Close()
		return nil, err
	}
	g := &Gazetteer{db: db, readOnly: opts.ReadOnly, dir: dir, cache: cache, walks: walks}
	if opts.Preload {
		if !opts.ReadOnly {
			g.Close()
			return nil, errors.New("storage: Preload needs a read-only store")
		}
		g.all = map[string]*address.Place{}
		var in interner
		err := g.Scan(context.Background(), func(p address.Place) error {
			in.place(&p)
			g.all[p.ID] = &p
			return nil
		})
		if err != nil {
			g.Close()
			return nil, err
		}
	}
	return g, nil
}

// interner shares the strings and lists that many places repeat (kinds,
// countries, sources, parent chains, postcodes): about a third of the
// memory of the preloaded places.
type interner struct {
	strs  map[string]string
	lists map[string][]string
}

func (in *interner) str(s string) string {
	if in.strs == nil {
		in.strs = map[string]string{}
	}
	if c, ok := in.strs[s]; ok {
		return c
	}
	in.strs[s] = s
	return s
}

func (in *interner) list(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	if in.lists == nil {
		in.lists = map[string][]string{}
	}
	k := strings.Join(l, "\x00")
	if c, ok := in.lists[k]; ok {
		return c
	}
	for i, s := range l {
		l[i] = in.str(s)
	}
	l = slices.Clip(l)
	in.lists[k] = l
	return l
}

func (in *interner) place(p *address.Place) {
	p.Kind = address.PlaceKind(in.str(string(p.Kind)))
	p.Country = in.str(p.Country)
	p.Source = in.str(p.Source)
	p.Parents = in.list(p.Parents)
	p.Postcodes = in.list(p.Postcodes)
}

// Close closes the store.
func (g *Gazetteer) Close() error {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.warming.Wait() // StartWarm's build may read places
	g.cache.Close()
	g.walks.Close()
	return g.db.Close()
}

// Dir returns the directory its places were opened from: the generation
// the data directory named when it was opened (see PlacesDir).
func (g *Gazetteer) Dir() string { return g.dir }

// invalidate drops what was derived from the stored places.
func (g *Gazetteer) invalidate() {
	g.mu.Lock()
	g.names = nil
	g.mu.Unlock()
	g.cache.Clear()
	g.walks.Clear()
	g.streetsMu.Lock()
	g.streets = nil
	g.streetsGen++
	g.streetsMu.Unlock()
}

// DB returns the Badger database, for packages that keep their own keys
// beside the gazetteer's (under prefixes other than p, n, c, a, g and m).
func (g *Gazetteer) DB() *badger.DB { return g.db }

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

// Children returns the places whose nearest parent is id.
func (g *Gazetteer) Children(ctx context.Context, id string) ([]address.Place, error) {
	return g.fromTable(ctx, indexPrefix(prefixParent, id), 0)
}

// geohash cell sizes by precision, in metres (the smaller side).
var cellSize = [...]float64{0, 5000e3, 625e3, 156e3, 19.5e3, 4.9e3, 610, 153}

// Near returns up to limit places within radius metres of the point, the
// nearest first, of the given kinds (any when none is given). It reads the
// geohash cell of the point and its eight neighbours, at a precision whose
// cells are at least radius wide.
func (g *Gazetteer) Near(ctx context.Context, lat, lon, radius float64, limit int, kinds ...address.PlaceKind) ([]address.Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prec := uint(geoPrecision)
	for prec > 1 && cellSize[prec] < radius {
		prec--
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

// nameTable holds, per country, the name keys of the store as a
// finite-state transducer (vellum), searched with Levenshtein automata for
// spelling corrections. It is built on the first Similar and dropped when
// places are written.
type nameTable struct {
	fsts map[string]*vellum.FST // country -> name key -> index in ids
	ids  [][]string             // the place ids of each name key, at most maxPerKey
	// refs holds, when the store was preloaded, the places of ids, and
	// prefixRefs those of the postcode index: what NamedRefs and
	// PostcodeRefs hand out without a copy (nil otherwise).
	refs       [][]*address.Place
	prefixRefs map[string][]*address.Place
	// near holds every key with one and two characters deleted, so that
	// Similar knows without a search when no key is within two edits: two
	// strings within d edits have a common string d deletions away from
	// each. Most misspelt names that are no place at all stop here.
	near      *z.Bloom
	nearOnce  sync.Once     // allocates near and starts filling it
	nearReady atomic.Bool   // near is filled (until then it rules nothing out)
	nearDone  chan struct{} // closed when near is filled
	// states holds, by "country 0 state id", the name keys of the places
	// inside each state (see SimilarWithin), built on first use.
	states     map[string]*vellum.FST
	statesOnce sync.Once
	// byPrefix holds the postcode and parent indexes: index key without
	// the place id -> place ids.
	byPrefix map[string][]string
	nkeys    []string // country 0 key, for building near
}

// automata are the edit automata of ASCII keys, reused.
var automata = sync.Pool{New: func() any { return new(edits.Automaton) }}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Levenshtein automaton builders, for keys with characters of more than one
// byte, are costly to make and safe to share.
var (
	lbOnce    sync.Once
	lbuilders [3]*levenshtein.LevenshteinAutomatonBuilder
	lbuildErr error
)

func automatonBuilder(edits int) (*levenshtein.LevenshteinAutomatonBuilder, error) {
	lbOnce.Do(func() {
		for d := 1; d <= 2; d++ {
			if lbuilders[d], lbuildErr = levenshtein.NewLevenshteinAutomatonBuilder(uint8(d), true); lbuildErr != nil {
				return
			}
		}
	})
	return lbuilders[edits], lbuildErr
}

func (g *Gazetteer) nameTable() (*nameTable, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.names != nil {
		return g.names, nil
	}
	t := &nameTable{fsts: map[string]*vellum.FST{}, nearDone: make(chan struct{})}
	// The postcode and parent indexes (keys without the place id) are
	// read beside the names, in a transaction of their own: on a writable
	// store a flush between the two may show in the table until the
	// flush's invalidate drops it (a preloaded store is read-only).
	prefixes := make(chan error, 1)
	go func() {
		prefixes <- g.db.View(func(txn *badger.Txn) error {
			t.byPrefix = map[string][]string{}
			for _, prefix := range []byte{prefixPostcode, prefixParent} {
				eachKey(txn, []byte{prefix}, func(k []byte) bool {
					cut := bytes.LastIndexByte(k, 0)
					t.byPrefix[string(k[:cut+1])] = append(t.byPrefix[string(k[:cut+1])], g.id(k[cut+1:]))
					return true
				})
			}
			return nil
		})
	}()
	var (
		cc   string
		fw   fstWriter
		open bool // fw holds a country's keys
		last []byte
	)
	finish := func() error {
		if !open {
			return nil
		}
		fst, err := fw.finish()
		if err != nil {
			return err
		}
		t.fsts[cc] = fst
		open = false
		return nil
	}
	// add takes one name key: "country 0 key 0 id".
	add := func(k []byte) error {
		parts := bytes.SplitN(k[1:], []byte{0}, 3)
		if len(parts) != 3 || len(parts[1]) == 0 || bytes.IndexByte(parts[1], '|') >= 0 {
			return nil // address points are found by number and street only
		}
		if string(parts[0]) != cc || !open {
			if err := finish(); err != nil {
				return err
			}
			cc = string(parts[0])
			if err := fw.start(); err != nil {
				return err
			}
			open, last = true, nil
		}
		if bytes.Equal(parts[1], last) {
			if n := len(t.ids) - 1; len(t.ids[n]) < maxPerKey {
				t.ids[n] = append(t.ids[n], g.id(parts[2]))
			}
			return nil
		}
		last = append(last[:0], parts[1]...)
		if err := fw.b.Insert(parts[1], uint64(len(t.ids))); err != nil {
			return err
		}
		t.ids = append(t.ids, []string{g.id(parts[2])})
		t.nkeys = append(t.nkeys, cc+"\x00"+string(parts[1]))
		return nil
	}
	err := g.db.View(func(txn *badger.Txn) error {
		var err error
		eachKey(txn, []byte{prefixName}, func(k []byte) bool {
			err = add(k)
			return err == nil
		})
		if err == nil {
			err = finish()
		}
		return err
	})
	if perr := <-prefixes; err == nil {
		err = perr
	}
	if err != nil {
		return nil, err
	}
	if g.all != nil {
		// 4.4 MB more for Nigeria
		t.refs = make([][]*address.Place, len(t.ids))
		for i, ids := range t.ids {
			t.refs[i] = g.refs(ids)
		}
		t.prefixRefs = map[string][]*address.Place{}
		for k, ids := range t.byPrefix {
			if k[0] == prefixPostcode {
				// cut before the places are looked up, as Postcode does
				t.prefixRefs[k] = g.refs(ids[:min(len(ids), maxPerKey)])
			}
		}
	}
	g.names = t
	return t, nil
}

// fstWriter builds FSTs one after another, with one vellum builder reset
// for each: a new builder allocates a 320 KB registry, which the 249
// countries and 1,028 subdivisions of the built-in gazetteer made a third
// of a gigabyte at every start.
type fstWriter struct {
	buf bytes.Buffer
	b   *vellum.Builder
}

// start begins an FST; its keys go to w.b.Insert, in order.
func (w *fstWriter) start() error {
	w.buf.Reset()
	if w.b == nil {
		var err error
		w.b, err = vellum.New(&w.buf, nil)
		return err
	}
	return w.b.Reset(&w.buf)
}

// finish closes the FST begun and loads it (from a copy: the buffer is
// reused).
func (w *fstWriter) finish() (*vellum.FST, error) {
	if err := w.b.Close(); err != nil {
		return nil, err
	}
	return vellum.Load(slices.Clone(w.buf.Bytes()))
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

// entryBytes is about what ristretto keeps for an entry beside its key
// and value: its item, map entry and key hashes.
const entryBytes = 150

// cost is what a cached look-up counts against cacheBytes: its key, the
// copies of its places (their strings are the preloaded places' own, or
// few) and the entry.
func cost(key string, ps []address.Place) int64 {
	return int64(len(key)) + entryBytes + int64(len(ps))*int64(unsafe.Sizeof(address.Place{}))
}

// keysCost is what a cached spelling search counts against walkBytes.
func keysCost(key string, keys []string) int64 {
	n := int64(len(key)) + entryBytes
	for _, k := range keys {
		n += int64(len(k)) + int64(unsafe.Sizeof(k))
	}
	return n
}

// countryTable returns the name table and the FST of a country's name
// keys (nil when the country has none).
func (g *Gazetteer) countryTable(country string) (*nameTable, *vellum.FST, error) {
	t, err := g.nameTable()
	if err != nil {
		return nil, nil, err
	}
	return t, t.fsts[country], nil
}

// Warm builds now what Similar and SimilarWithin build on their first
// call (the name automata, the deletion filter and the states' tables,
// about a second for a country's worth of places), so that the first
// addresses a server is asked about do not wait for it.
func (g *Gazetteer) Warm(ctx context.Context) error {
	t, err := g.startWarm()
	if err != nil {
		return err
	}
	g.stateTable(t)
	select {
	case <-t.nearDone:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// StartWarm is Warm without waiting: the name automata are built before
// it returns, and the deletion filter allocated (it counts in the memory
// in use); the filter is filled, and the states' tables built, in the
// background. Until the filter is filled, spelling searches run without
// it: the same answers, with a search where it would have said none is
// needed; the first SimilarWithin waits for the states' tables. addrkit
// batch starts so: its first rows are read, standardized and looked up
// while they are built (the two took 0.5 s of a job's start).
func (g *Gazetteer) StartWarm(ctx context.Context) error {
	t, err := g.startWarm()
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errClosed
	}
	g.warming.Go(func() { g.stateTable(t) })
	return nil
}

var errClosed = errors.New("storage: the gazetteer is closed")

// startWarm builds the name table and starts filling its deletion filter.
func (g *Gazetteer) startWarm() (*nameTable, error) {
	t, err := g.nameTable()
	if err != nil {
		return nil, err
	}
	t.startNear()
	_, err = automatonBuilder(2)
	return t, err
}

// forDeletions calls fn with s and every string made by deleting up to
// depth (1 or 2) of its bytes after the first prefix bytes, in a reused
// buffer, until fn returns false.
func forDeletions(s string, prefix, depth int, buf []byte, fn func([]byte) bool) []byte {
	buf = append(buf[:0], s...)
	if !fn(buf) {
		return buf
	}
	for i := prefix; i < len(s); i++ {
		buf = append(append(buf[:0], s[:i]...), s[i+1:]...)
		if !fn(buf) {
			return buf
		}
		for j := i + 1; j < len(s) && depth > 1; j++ {
			buf = append(append(append(buf[:0], s[:i]...), s[i+1:j]...), s[j+1:]...)
			if !fn(buf) {
				return buf
			}
		}
	}
	return buf
}

// startNear allocates the deletion filter and fills it in the
// background, once (0.3 to 0.4 s for the 104,570 name keys of Nigeria).
func (t *nameTable) startNear() {
	t.nearOnce.Do(func() {
		// sized for the variants added below (45 a key for Nigeria, 8
		// bytes after the prefix on average): sized by the whole key, the
		// prefix counted, it was twice as large, for no use, and took
		// twice as long to fill for its cache misses
		n := 0
		for _, k := range t.nkeys {
			m := len(k) - nearPrefix(k)
			n += 1 + m + m*(m-1)/2
		}
		t.near = z.NewBloomFilter(float64(max(n, 1)), 0.01)
		go func() {
			var buf []byte
			for _, k := range t.nkeys {
				buf = forDeletions(k, nearPrefix(k), 2, buf, func(v []byte) bool { t.near.Add(z.MemHash(v)); return true })
			}
			t.nkeys = nil
			t.nearReady.Store(true)
			close(t.nearDone)
		}()
	})
}

// nearPrefix is the length of what the deletion filter's variants of a
// "country 0 key" keep: the country, its separator and the key's first
// letter, which Similar requires to be right.
func nearPrefix(k string) int { return strings.IndexByte(k, 0) + 2 }

// mayHave reports whether a key of the country may lie within edits (1 or
// 2) of key. Only the query's variants up to edits deletions are probed:
// each probe is a chance of a false positive.
// Until the filter is filled, every key may; so may every key for a key
// that is not ASCII: its search counts edits in characters, the filter in
// bytes, and one Cyrillic letter changed is two bytes.
func (t *nameTable) mayHave(country, key string, edits int) bool {
	t.startNear()
	if !t.nearReady.Load() || !isASCII(key) {
		return true
	}
	found := false
	q := country + "\x00" + key
	forDeletions(q, nearPrefix(q), edits, make([]byte, 0, len(q)), func(v []byte) bool {
		found = t.near.Has(z.MemHash(v))
		return !found // one variant known is enough
	})
	return found
}

// Similar returns the places of the country whose name key is within
// maxEdits (at most 2) edits of key, a transposition counting as one, and
// starts with the same character; key itself is left out.
func (g *Gazetteer) Similar(ctx context.Context, country, key string, maxEdits int) ([]address.Place, error) {
	if key == "" || maxEdits <= 0 {
		return nil, nil
	}
	maxEdits = min(maxEdits, 2)
	ck := fmt.Sprintf("s\x00%s\x00%s\x00%d", country, key, maxEdits)
	t, fst, err := g.countryTable(country)
	if err != nil {
		return nil, err
	}
	keys, err := g.similarKeys(t, fst, ck, country, key, maxEdits)
	if err != nil {
		return nil, err
	}
	return g.namedPlaces(ctx, country, keys, nil)
}

// similarKeys returns the keys of fst (the country's, or a part of it)
// within maxEdits of key that start with its first character, remembered
// under ck. The country's deletion filter is asked first: a key no key
// of the country is near is near none of a part of it.
func (g *Gazetteer) similarKeys(t *nameTable, fst *vellum.FST, ck, country, key string, maxEdits int) ([]string, error) {
	if keys, ok := g.walks.Get(ck); ok {
		return keys, nil
	}
	if fst == nil || !t.mayHave(country, key, maxEdits) {
		if fst != nil {
			// kept as well: a name the filter rules out, often the
			// same unknown word on many rows of a file, is not hashed
			// again
			g.walks.Set(ck, nil, keysCost(ck, nil))
		}
		return nil, nil
	}
	var err error
	// Only keys with the same first character are searched: a misspelt
	// first letter is rare, and the bound makes the search far cheaper.
	var it *vellum.FSTIterator
	if isASCII(key) {
		// bytes are characters: the edit rows computed as the walk goes,
		// not a DFA compiled first (which cost a third of the batch's
		// allocations)
		a := automata.Get().(*edits.Automaton)
		defer automata.Put(a)
		a.Reset(key, maxEdits, false)
		it, err = fst.Search(a, []byte{key[0]}, []byte{key[0] + 1})
	} else {
		lb, berr := automatonBuilder(maxEdits)
		if berr != nil {
			return nil, berr
		}
		dfa, berr := lb.BuildDfa(key, uint8(maxEdits))
		if berr != nil {
			return nil, berr
		}
		it, err = fst.Search(dfa, []byte{key[0]}, []byte{key[0] + 1})
	}
	keys, err := walkKeys(it, err, key)
	if err != nil {
		return nil, err
	}
	g.walks.Set(ck, keys, keysCost(ck, keys))
	// Sets are applied by ristretto's goroutine, later: without waiting,
	// the same word, often asked again at once (the lines of a batch come
	// in order), was searched again up to 30 times.
	g.walks.Wait()
	return keys, nil
}

// walkKeys reads the keys of an FST iterator, up to maxPerKey, leaving out
// skip.
func walkKeys(it *vellum.FSTIterator, err error, skip string) ([]string, error) {
	var keys []string
	for err == nil && len(keys) < maxPerKey {
		k, _ := it.Current()
		if string(k) != skip {
			keys = append(keys, string(k))
		}
		err = it.Next()
	}
	if err != nil && !errors.Is(err, vellum.ErrIteratorDone) {
		return nil, err
	}
	return keys, nil
}

// namedPlaces returns the places named by the keys that keep accepts
// (all, when nil), stopping after the key that brings them to maxPerKey.
func (g *Gazetteer) namedPlaces(ctx context.Context, country string, keys []string, keep func(*address.Place) bool) ([]address.Place, error) {
	var out []address.Place
	for _, k := range keys {
		ps, err := g.Named(ctx, country, k)
		if err != nil {
			return nil, err
		}
		for i := range ps {
			if keep == nil || keep(&ps[i]) {
				out = append(out, ps[i])
			}
		}
		if len(out) >= maxPerKey {
			break
		}
	}
	return out, nil
}

// Prefixed returns the places of the country with a name key that starts
// with prefix, for sources that cut names short ("EnuguSou" for "Enugu
// South").
func (g *Gazetteer) Prefixed(ctx context.Context, country, prefix string) ([]address.Place, error) {
	if prefix == "" {
		return nil, nil
	}
	_, fst, err := g.countryTable(country)
	if fst == nil {
		return nil, err
	}
	end := []byte(prefix)
	end[len(end)-1]++
	it, err := fst.Iterator([]byte(prefix), end)
	keys, err := walkKeys(it, err, "")
	if err != nil {
		return nil, err
	}
	return g.namedPlaces(ctx, country, keys, nil)
}

// Count returns the number of places.
func (g *Gazetteer) Count(ctx context.Context) (int, error) {
	n := 0
	err := g.db.View(func(txn *badger.Txn) error {
		eachKey(txn, []byte{prefixPlace}, func([]byte) bool { n++; return true })
		return ctx.Err()
	})
	return n, err
}

// Scan calls fn with every place, in id order, until fn returns an error.
func (g *Gazetteer) Scan(ctx context.Context, fn func(address.Place) error) error {
	return g.db.View(func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.Prefix = []byte{prefixPlace}
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Seek(opts.Prefix); it.ValidForPrefix(opts.Prefix); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			var p address.Place
			if err := it.Item().Value(func(v []byte) error { return decodePlace(v, &p) }); err != nil {
				return err
			}
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	})
}

// Meta returns a value stored with SetMeta.
func (g *Gazetteer) Meta(name string) (string, error) {
	var v string
	err := g.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(append([]byte{prefixMeta}, name...))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		b, err := item.ValueCopy(nil)
		v = string(b)
		return err
	})
	return v, err
}

// SetMeta stores a named value beside the places (the version of the
// built-in gazetteer, the files imported).
func (g *Gazetteer) SetMeta(name, value string) error {
	if g.readOnly {
		return ErrReadOnly
	}
	return g.db.Update(func(txn *badger.Txn) error {
		return txn.Set(append([]byte{prefixMeta}, name...), []byte(value))
	})
}

// validate checks a place before it is stored.
func validate(p *address.Place) error {
	switch {
	case p.ID == "" || strings.IndexByte(p.ID, 0) >= 0:
		return fmt.Errorf("place %q: invalid id", p.ID)
	case !p.Kind.Valid():
		return fmt.Errorf("place %s: unknown kind %q", p.ID, p.Kind)
	case strings.TrimSpace(p.Name) == "":
		return fmt.Errorf("place %s: no name", p.ID)
	case len(p.Country) != 2:
		return fmt.Errorf("place %s: country %q is not an ISO alpha-2 code", p.ID, p.Country)
	case p.HasPoint && (math.IsNaN(p.Lat) || math.IsNaN(p.Lon) || math.Abs(p.Lat) > 90 || math.Abs(p.Lon) > 180):
		return fmt.Errorf("place %s: point (%v, %v) is off the earth", p.ID, p.Lat, p.Lon)
	}
	return nil
}
