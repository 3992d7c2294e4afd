package storage

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/badgerx"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/ristretto/v2"
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
	// many look-ups (a batch, a server): a look-up then copies no place
	// from Badger, and the name table lists the places of each name and
	// postcode as well as their ids, for NamedRefs and PostcodeRefs. The
	// memory it takes is in docs/figures.md.
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
	pts   pointIndex                // the points of all, for Near
	words nameWords                 // word counts of all's names, for NameWordCount

	// streets holds, by area id, the StreetKeys and ids of the area's
	// streets that StreetKeys gave; cleared when places are written.
	streetsMu  sync.Mutex
	streets    map[string]areaStreets
	streetsGen uint64 // counts invalidations: keys read before one are not kept

	warming sync.WaitGroup // StartWarm's build of the states' tables; Close waits
}

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
	// skiplist is shallower and fits the caches better (BenchmarkImport in
	// docs/figures.md).
	bo = bo.WithValueThreshold(1 << 10).WithNumVersionsToKeep(1).WithDetectConflicts(false).WithMemTableSize(4 << 20)
	if opts.Preload {
		// every place is held in memory: Badger's block cache (256 MB by
		// default) would only hold them a second time
		bo = bo.WithBlockCacheSize(4 << 20)
	}
	db, err := badgerx.Open(bo, badgerx.RemedyGazetteer)
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

// Clear removes every place and every value stored beside them (metadata,
// blobs), leaving an empty store: what a writer does before it loads a
// store again from nothing (the built-in gazetteer after an interrupted
// install).
func (g *Gazetteer) Clear() error {
	if g.readOnly {
		return ErrReadOnly
	}
	if err := g.db.DropAll(); err != nil {
		return fmt.Errorf("storage: clear: %w", err)
	}
	g.invalidate()
	return nil
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
