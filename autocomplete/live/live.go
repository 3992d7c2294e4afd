// Package live serves the places of a data directory while they are
// updated: it answers from the current generation (see storage.PlacesDir)
// and, when an import or an index run publishes a new one
// (storage.OpenForUpdate), opens it beside the old, switches every new call
// to it at once, and closes and removes the old one once the calls in
// flight are done. No request fails and no process is restarted.
package live

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
)

// Options says how generations are opened and left.
type Options struct {
	// Storage opens each new generation (servers: ReadOnly and Preload).
	Storage storage.Options
	// Warm names the countries whose spelling tables a new generation
	// builds before it is switched to, so that no geocode in them waits
	// for them (storage.Gazetteer.Warm); nil warms none.
	Warm []string
	// Grace is how long a generation left stays open for the calls that
	// began before the switch; DefaultGrace when 0.
	Grace  time.Duration
	Logger *slog.Logger // nil: slog.Default()
}

// DefaultGrace is how long a generation left stays open.
const DefaultGrace = time.Minute

// Places is the current generation of a data directory's places and its
// autocomplete index. It is an address.Gazetteer (with the optional
// capabilities the geocoder uses) and answers Suggest; each call reads the
// generation current when it begins. Safe for concurrent use.
type Places struct {
	dir  string
	opts Options
	cur  atomic.Pointer[generation]

	mu      sync.Mutex
	leaving map[*generation]*time.Timer // generations left, until retired
}

type generation struct {
	dir string // where its places are
	gz  *storage.Gazetteer
	ix  *autocomplete.Index
}

// New serves gz, opened from the data directory dir, with its index ix.
func New(dir string, gz *storage.Gazetteer, ix *autocomplete.Index, opts Options) (*Places, error) {
	at := gz.Dir() // what was opened, whatever was published since
	if opts.Grace == 0 {
		opts.Grace = DefaultGrace
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	p := &Places{dir: filepath.Clean(dir), opts: opts, leaving: map[*generation]*time.Timer{}}
	p.cur.Store(&generation{dir: at, gz: gz, ix: ix})
	return p, nil
}

// Generation returns the directory of the places now served.
func (p *Places) Generation() string { return p.cur.Load().dir }

// Index returns the autocomplete index now served.
func (p *Places) Index() *autocomplete.Index { return p.cur.Load().ix }

// Watch checks every interval whether a new generation was published and
// switches to it, until ctx ends. Errors opening a generation are logged
// and the check is made again.
func (p *Places) Watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := p.Check(ctx); err != nil {
				p.opts.Logger.Warn("places: a new generation could not be opened; tried again", "err", err)
			}
		}
	}
}

// Check switches to the current generation when it is not the one
// served, and reports what kept it from doing so.
func (p *Places) Check(ctx context.Context) error {
	at, err := storage.PlacesDir(p.dir)
	if err != nil || at == p.cur.Load().dir {
		return err
	}
	start := time.Now()
	gz, err := storage.Open(at, p.opts.Storage)
	if err != nil {
		return err
	}
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	if err == nil && p.opts.Warm != nil {
		err = gz.Warm(ctx, p.opts.Warm...)
	}
	if err != nil {
		gz.Close()
		return err
	}
	old := p.cur.Swap(&generation{dir: at, gz: gz, ix: ix})
	p.opts.Logger.Info("places: switched to a new generation", "dir", at, "suggestions", ix.Len(), "ms", time.Since(start).Milliseconds())
	p.mu.Lock()
	p.leaving[old] = time.AfterFunc(p.opts.Grace, func() { p.retire(old) })
	p.mu.Unlock()
	return nil
}

// retire closes a generation left and removes its directory when it is
// one of the data directory's generations (not the directory itself).
func (p *Places) retire(g *generation) {
	p.mu.Lock()
	_, ok := p.leaving[g]
	delete(p.leaving, g)
	p.mu.Unlock()
	if !ok {
		return // retired by Close
	}
	if err := g.gz.Close(); err != nil {
		p.opts.Logger.Warn("places: closing a generation left", "dir", g.dir, "err", err)
	}
	if g.dir == p.dir {
		return // the places written before the first generation: left in place
	}
	if err := storage.RemoveGeneration(p.dir, g.dir); err != nil {
		p.opts.Logger.Warn("places: removing a generation left", "dir", g.dir, "err", err)
	}
}

// Close closes the generation served, and retires at once those left
// that were waiting for their grace to end.
func (p *Places) Close() error {
	p.mu.Lock()
	var left []*generation
	for g, t := range p.leaving {
		if t.Stop() {
			left = append(left, g)
		}
	}
	p.mu.Unlock()
	for _, g := range left {
		p.retire(g)
	}
	return p.cur.Load().gz.Close()
}

var _ address.Gazetteer = (*Places)(nil)

// Place implements address.Gazetteer.
func (p *Places) Place(ctx context.Context, id string) (address.Place, bool, error) {
	return p.cur.Load().gz.Place(ctx, id)
}

// PlaceRef hands out the places of a store held in memory (see
// storage.Gazetteer.PlaceRef).
func (p *Places) PlaceRef(id string) (*address.Place, bool) { return p.cur.Load().gz.PlaceRef(id) }

// Named implements address.Gazetteer.
func (p *Places) Named(ctx context.Context, country, key string) ([]address.Place, error) {
	return p.cur.Load().gz.Named(ctx, country, key)
}

// Similar implements address.Gazetteer.
func (p *Places) Similar(ctx context.Context, country, key string, maxEdits int) ([]address.Place, error) {
	return p.cur.Load().gz.Similar(ctx, country, key, maxEdits)
}

// the geocoder finds SimilarWithin by its signature (an interface of
// its own): Places must keep offering it
var _ interface {
	SimilarWithin(ctx context.Context, country, within, key string, maxEdits int) ([]address.Place, error)
} = (*Places)(nil)

// SimilarWithin is storage.Gazetteer.SimilarWithin on the current
// generation.
func (p *Places) SimilarWithin(ctx context.Context, country, within, key string, maxEdits int) ([]address.Place, error) {
	return p.cur.Load().gz.SimilarWithin(ctx, country, within, key, maxEdits)
}

// the geocoder finds NamedRefs and PostcodeRefs by their signatures:
// Places must keep offering them
var _ interface {
	NamedRefs(ctx context.Context, country, key string) ([]*address.Place, bool, error)
	PostcodeRefs(ctx context.Context, country, postcode string) ([]*address.Place, bool, error)
} = (*Places)(nil)

// NearRefs is storage.Gazetteer.NearRefs on the current generation.
func (p *Places) NearRefs(ctx context.Context, lat, lon, radius float64, limit int, kinds ...address.PlaceKind) ([]*address.Place, bool, error) {
	return p.cur.Load().gz.NearRefs(ctx, lat, lon, radius, limit, kinds...)
}

// NamedRefs is storage.Gazetteer.NamedRefs on the current generation.
func (p *Places) NamedRefs(ctx context.Context, country, key string) ([]*address.Place, bool, error) {
	return p.cur.Load().gz.NamedRefs(ctx, country, key)
}

// PostcodeRefs is storage.Gazetteer.PostcodeRefs on the current
// generation.
func (p *Places) PostcodeRefs(ctx context.Context, country, postcode string) ([]*address.Place, bool, error) {
	return p.cur.Load().gz.PostcodeRefs(ctx, country, postcode)
}

// Postcode implements address.Gazetteer.
func (p *Places) Postcode(ctx context.Context, country, postcode string) ([]address.Place, error) {
	return p.cur.Load().gz.Postcode(ctx, country, postcode)
}

// Near implements address.Gazetteer.
func (p *Places) Near(ctx context.Context, lat, lon, radius float64, limit int, kinds ...address.PlaceKind) ([]address.Place, error) {
	return p.cur.Load().gz.Near(ctx, lat, lon, radius, limit, kinds...)
}

// Children lists the places whose nearest parent is id.
func (p *Places) Children(ctx context.Context, id string) ([]address.Place, error) {
	return p.cur.Load().gz.Children(ctx, id)
}

// NameWordCount is storage.Gazetteer.NameWordCount on the current
// generation.
func (p *Places) NameWordCount(ctx context.Context, country, word string) (int, bool, error) {
	return p.cur.Load().gz.NameWordCount(ctx, country, word)
}

// StreetKeys lists the street keys of an area (see
// storage.Gazetteer.StreetKeys).
func (p *Places) StreetKeys(ctx context.Context, id string) (keys, ids []string, err error) {
	return p.cur.Load().gz.StreetKeys(ctx, id)
}

// Suggest answers an autocomplete query from the current index.
func (p *Places) Suggest(ctx context.Context, q autocomplete.Query) (autocomplete.Response, error) {
	return p.cur.Load().ix.Suggest(ctx, q)
}
