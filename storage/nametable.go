package storage

// The spelling tables: the name keys of each country as a vellum FST, the
// postcode and parent indexes held in memory, and the deletion filter that
// rules out a search; built on first use or by Warm, dropped on writes.

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
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
// call (the name automata, the deletion filter and the states' tables),
// so that the first addresses a server is asked about do not wait for it.
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
// while they are built, instead of waiting for them at a job's start.
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
// background, once: filling it takes longer than the first searches
// should wait.
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

// mayHave reports whether a key of the country may lie within maxEdits (1
// or 2) of key. Only the query's variants up to maxEdits deletions are
// probed: each probe is a chance of a false positive.
// Until the filter is filled, every key may; so may every key for a key
// that is not Bytewise: its search counts edits in characters, the filter
// in bytes, and one Cyrillic letter changed is two bytes.
func (t *nameTable) mayHave(country, key string, maxEdits int) bool {
	t.startNear()
	if !t.nearReady.Load() || !edits.Bytewise(key) {
		return true
	}
	found := false
	q := country + "\x00" + key
	forDeletions(q, nearPrefix(q), maxEdits, make([]byte, 0, len(q)), func(v []byte) bool {
		found = t.near.Has(z.MemHash(v))
		return !found // one variant known is enough
	})
	return found
}
