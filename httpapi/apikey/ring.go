package apikey

import (
	"context"
	"fmt"
	"hash/fnv"
	"log/slog"
	"os"
	"sync"
	"time"
)

// Ring is a server's copy of the keys of a directory. It opens the database
// read-only only to load it, so that `addrkit keys` can change the keys
// while the server runs; Reload loads it again when the directory's files
// changed.
type Ring struct {
	dir string

	mu   sync.RWMutex
	keys map[string]Key
	seen uint64 // fingerprint of the directory when keys were loaded
}

// Load loads the keys of dir, creating an empty database there when there
// is none.
func Load(ctx context.Context, dir string) (*Ring, error) {
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		s, err := Open(ctx, dir)
		if err != nil {
			return nil, err
		}
		if err := s.Close(); err != nil {
			return nil, err
		}
	}
	r := &Ring{dir: dir}
	if err := r.Reload(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

// fingerprint sums the names, sizes and times of the directory's files.
func fingerprint(dir string) (uint64, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	h := fnv.New64a()
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile: the next look sees the change
		}
		fmt.Fprintf(h, "%s %d %d\n", e.Name(), info.Size(), info.ModTime().UnixNano())
	}
	return h.Sum64(), nil
}

// Reload loads the keys again if the directory changed since they were
// loaded. On an error the keys loaded before are kept.
func (r *Ring) Reload(ctx context.Context) error {
	fp, err := fingerprint(r.dir)
	if err != nil {
		return fmt.Errorf("apikey: %w", err)
	}
	r.mu.RLock()
	same := r.keys != nil && fp == r.seen
	r.mu.RUnlock()
	if same {
		return nil
	}
	// no waiting: while `addrkit keys` holds the database, the next
	// reload gets the keys
	db, err := open(ctx, options(r.dir).WithReadOnly(true), 0)
	if err != nil {
		return fmt.Errorf("apikey: open %s: %w", r.dir, err)
	}
	keys, err := load(db)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("apikey: load %s: %w", r.dir, err)
	}
	r.mu.Lock()
	r.keys, r.seen = keys, fp
	r.mu.Unlock()
	return nil
}

// Watch reloads the keys every interval until ctx ends, logging failures.
func (r *Ring) Watch(ctx context.Context, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := r.Reload(ctx); err != nil && ctx.Err() == nil {
				log.Warn("reload API keys", "err", err)
			}
		case <-ctx.Done():
			return
		}
	}
}

// Authenticate returns the record of an active key, ErrUnauthorized for any
// other.
func (r *Ring) Authenticate(ctx context.Context, key string) (Key, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return check(r.keys, key)
}
