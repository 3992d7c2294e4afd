package storage

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/addrkit/addrkit/address"
	badger "github.com/dgraph-io/badger/v4"
)

// loaderBatch is the number of places a Loader holds before it flushes.
const loaderBatch = 50000

// Loader writes places in bulk through Badger's WriteBatch. Putting a place
// that is already stored unchanged writes nothing, and a place stored again
// with other names, postcodes or point loses its old index entries, so
// importing a file twice leaves the store as once. A Loader is not safe for
// concurrent use; call Close when done, which flushes.
type Loader struct {
	g       *Gazetteer
	wb      *badger.WriteBatch
	pending map[string][][]byte // index keys written since the last flush, by place id
	stats   LoadStats
	flushed int // stats.Written at the last flush
}

// LoadStats counts what a Loader did.
type LoadStats struct {
	Written   int // places new or changed
	Unchanged int // places already stored as given
}

// NewLoader starts a bulk load.
func (g *Gazetteer) NewLoader() (*Loader, error) {
	if g.readOnly {
		return nil, ErrReadOnly
	}
	return &Loader{g: g, wb: g.db.NewWriteBatch(), pending: map[string][][]byte{}}, nil
}

// Put stores a place, replacing the one with the same id.
func (l *Loader) Put(p address.Place) error {
	if err := validate(&p); err != nil {
		return err
	}
	val := encodePlace(&p)
	keys := indexKeys(&p)
	old := l.pending[p.ID]
	var oldVal []byte
	err := l.g.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(placeKey(p.ID))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil // not stored yet
		}
		if err != nil {
			return err
		}
		oldVal, err = item.ValueCopy(nil)
		return err
	})
	if err != nil {
		return err
	}
	if old == nil && bytes.Equal(oldVal, val) {
		l.stats.Unchanged++
		return nil
	}
	if oldVal != nil {
		var q address.Place
		if err := decodePlace(oldVal, &q); err == nil {
			old = append(old, indexKeys(&q)...)
		}
	}
	for _, k := range old {
		if !slices.ContainsFunc(keys, func(x []byte) bool { return bytes.Equal(x, k) }) {
			if err := l.wb.Delete(k); err != nil {
				return err
			}
		}
	}
	if err := l.wb.Set(placeKey(p.ID), val); err != nil {
		return err
	}
	for _, k := range keys {
		if err := l.wb.Set(k, nil); err != nil {
			return err
		}
	}
	l.pending[p.ID] = keys
	l.stats.Written++
	if len(l.pending) >= loaderBatch {
		return l.Flush()
	}
	return nil
}

// Flush commits what was put so far.
func (l *Loader) Flush() error {
	if err := l.wb.Flush(); err != nil {
		return fmt.Errorf("storage: flush places: %w", err)
	}
	l.wb = l.g.db.NewWriteBatch()
	clear(l.pending)
	l.g.invalidate()
	if l.stats.Written > l.flushed {
		l.flushed = l.stats.Written
		if err := l.g.bumpVersion(); err != nil {
			return fmt.Errorf("storage: record the places version: %w", err)
		}
	}
	return nil
}

// Close flushes and ends the load.
func (l *Loader) Close() error {
	err := l.Flush()
	l.wb.Cancel()
	return err
}

// Stats returns the counts so far.
func (l *Loader) Stats() LoadStats { return l.stats }
