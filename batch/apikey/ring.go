package apikey

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Ring is a server's copy of every key of a Driver, checked in memory.
// Reload loads the keys again, and Watch does so on an interval: a key
// created or revoked through any Store over the same records (another
// process, another node) takes effect within that interval.
type Ring struct {
	d Driver

	mu   sync.RWMutex
	keys map[string]Key
}

// NewRing loads the keys of d and returns a Ring over them; the Ring
// closes d on Close. Only d's List is called.
func NewRing(ctx context.Context, d Driver) (*Ring, error) {
	r := &Ring{d: d}
	if err := r.Reload(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

// Close closes the driver.
func (r *Ring) Close() error { return r.d.Close() }

// Reload loads the keys again. On an error the keys loaded before are
// kept.
func (r *Ring) Reload(ctx context.Context) error {
	list, err := r.d.List(ctx)
	if err != nil {
		return fmt.Errorf("apikey: load keys: %w", err)
	}
	keys := make(map[string]Key, len(list))
	for _, k := range list {
		keys[k.ID] = k
	}
	r.mu.Lock()
	r.keys = keys
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
