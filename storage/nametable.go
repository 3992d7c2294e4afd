package storage

// The spelling tables: the name keys of each country as a vellum FST, the
// postcode and parent indexes held in memory, and the deletion filter that
// rules out a search; built on first use or by Warm, dropped on writes.

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/blevesearch/vellum"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/ristretto/v2/z"
)

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
	// countries holds what each country's spelling searches use besides
	// its FST, made on first use (see forCountry): the deletion filter
	// and the states' tables. A store of the whole world answers most
	// addresses in a few countries; building these for every country at
	// start took seconds of a server's start for nothing.
	countries map[string]*countryTables
	// byPrefix holds the postcode and parent indexes: index key without
	// the place id -> place ids.
	byPrefix map[string][]string
}

// countryTables are the spelling tables of one country besides its FST.
type countryTables struct {
	fst *vellum.FST // the country's name keys (as nameTable.fsts)
	// near holds every name key of the country with one and two
	// characters deleted (after the first), so that Similar knows
	// without a search when no key is within two edits: two strings
	// within d edits have a common string d deletions away from each.
	// Most misspelt names that are no place at all stop here.
	near      *z.Bloom
	nearOnce  sync.Once     // allocates near and starts filling it
	nearReady atomic.Bool   // near is filled (until then it rules nothing out)
	nearDone  chan struct{} // closed when near is filled
	// states holds, by state id, the name keys of the places inside
	// each state of the country (see SimilarWithin).
	states     map[string]*vellum.FST
	statesOnce sync.Once
}

func (g *Gazetteer) nameTable() (*nameTable, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.names != nil {
		return g.names, nil
	}
	t := &nameTable{fsts: map[string]*vellum.FST{}, countries: map[string]*countryTables{}}
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
		t.countries[cc] = &countryTables{fst: fst, nearDone: make(chan struct{})}
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
		// the places of every name and postcode, listed once here so
		// that NamedRefs and PostcodeRefs copy nothing
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
// for each: a new builder allocates a large registry, and the countries and
// subdivisions of the built-in gazetteer, one FST each, made that a great
// deal of garbage at every start (docs/figures.md).
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
// call in a country (the name automata; the deletion filter and the
// states' tables of the country), so that the first addresses a server is
// asked about do not wait for it: for the countries named, or for every
// country of the store when none is. A country not warmed has its tables
// built on its first search: its filter in the background (searches run
// without it meanwhile: the same answers), its states' tables by the first
// SimilarWithin, which waits for them.
func (g *Gazetteer) Warm(ctx context.Context, countries ...string) error {
	t, err := g.nameTable()
	if err != nil {
		return err
	}
	if _, err := automatonBuilder(2); err != nil {
		return err
	}
	for _, ct := range t.warming(countries) {
		t.startNear(ct)
		g.stateTable(t, ct)
		select {
		case <-ct.nearDone:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// StartWarm is Warm without waiting: the name automata are built before
// it returns, and the countries' deletion filters allocated (they count in
// the memory in use); the filters are filled, and the states' tables
// built, in the background. Until a filter is filled, spelling searches
// run without it: the same answers, with a search where it would have
// said none is needed; the first SimilarWithin of a country waits for its
// states' tables. addrkit batch starts so: its first rows are read,
// standardized and looked up while they are built, instead of waiting for
// them at a job's start.
func (g *Gazetteer) StartWarm(ctx context.Context, countries ...string) error {
	t, err := g.nameTable()
	if err != nil {
		return err
	}
	if _, err := automatonBuilder(2); err != nil {
		return err
	}
	cts := t.warming(countries)
	for _, ct := range cts {
		t.startNear(ct)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errClosed
	}
	g.warming.Go(func() {
		for _, ct := range cts {
			g.stateTable(t, ct)
		}
	})
	return nil
}

var errClosed = errors.New("storage: the gazetteer is closed")

// warming returns the tables of the countries named that the store has
// names in, or of all its countries when none is named.
func (t *nameTable) warming(countries []string) map[string]*countryTables {
	if len(countries) == 0 {
		return t.countries
	}
	out := map[string]*countryTables{}
	for _, cc := range countries {
		if ct := t.countries[cc]; ct != nil {
			out[cc] = ct
		}
	}
	return out
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

// startNear allocates the deletion filter of the country with the tables
// ct and fills it in the background, once: filling it takes longer than
// the first searches should wait.
func (t *nameTable) startNear(ct *countryTables) {
	ct.nearOnce.Do(func() {
		fst := ct.fst
		// sized for the variants added below (45 a key for Nigeria, 8
		// bytes after the first letter on average): sized by the whole
		// key, the prefix counted, it was twice as large, for no use, and
		// took twice as long to fill for its cache misses
		n := 0
		eachFSTKey(fst, func(k []byte) {
			m := len(k) - 1
			n += 1 + m + m*(m-1)/2
		})
		ct.near = z.NewBloomFilter(float64(max(n, 1)), 0.01)
		go func() {
			var buf []byte
			eachFSTKey(fst, func(k []byte) {
				buf = forDeletions(string(k), 1, 2, buf, func(v []byte) bool { ct.near.Add(z.MemHash(v)); return true })
			})
			ct.nearReady.Store(true)
			close(ct.nearDone)
		}()
	})
}

// eachFSTKey calls fn with every key of fst, in order (k is reused).
func eachFSTKey(fst *vellum.FST, fn func(k []byte)) {
	it, err := fst.Iterator(nil, nil)
	for err == nil {
		k, _ := it.Current()
		fn(k)
		err = it.Next()
	}
}

// mayHave reports whether a key of the country may lie within maxEdits (1
// or 2) of key. Only the query's variants up to maxEdits deletions are
// probed: each probe is a chance of a false positive. The country's filter
// is started by its first call.
// Until the filter is filled, every key may; so may every key for a key
// that is not Bytewise: its search counts edits in characters, the filter
// in bytes, and one Cyrillic letter changed is two bytes.
func (t *nameTable) mayHave(country, key string, maxEdits int) bool {
	ct := t.countries[country]
	if ct == nil {
		return false // the country has no names
	}
	t.startNear(ct)
	if !ct.nearReady.Load() || !edits.Bytewise(key) {
		return true
	}
	found := false
	// the first letter is kept: Similar requires it to be right
	forDeletions(key, 1, maxEdits, make([]byte, 0, len(key)), func(v []byte) bool {
		found = ct.near.Has(z.MemHash(v))
		return !found // one variant known is enough
	})
	return found
}
