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
//
// Put prepares a place (encoding, index keys, the comparison with the
// stored one) and hands its writes to a goroutine of the Loader's own,
// which alone calls the WriteBatch: each time the batch's transaction
// fills, WriteBatch commits it and waits for the commit to be applied
// before it starts the next, and the next places are prepared meanwhile.
type Loader struct {
	g       *Gazetteer
	pending map[string][][]byte // index keys written since the last flush, by place id
	// read looks up the stored places until the next flush (what was
	// put since is in pending): a transaction per place would wait each
	// time for the commits in flight to be applied.
	read    *badger.Txn
	ops     chan loaderOp
	flushes chan error // the writer's answer to each flush
	closed  bool
	stats   LoadStats
	flushed int // stats.Written at the last flush
}

// loaderOp is what the writer does for one place, or a flush.
type loaderOp struct {
	del      [][]byte // index keys the place no longer has
	key, val []byte
	index    [][]byte
	flush    bool
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
	l := &Loader{g: g, pending: map[string][][]byte{}, ops: make(chan loaderOp, 1024), flushes: make(chan error)}
	go l.write()
	return l, nil
}

// write applies the operations in order. The first error is kept; what
// follows is dropped and each flush reports the error.
func (l *Loader) write() {
	wb := l.g.db.NewWriteBatch()
	var err error
	for op := range l.ops {
		switch {
		case op.flush:
			if err == nil {
				if err = wb.Flush(); err != nil {
					err = fmt.Errorf("storage: flush places: %w", err)
				}
				wb = l.g.db.NewWriteBatch()
			}
			l.flushes <- err
		case err == nil:
			err = apply(wb, op)
		}
	}
	wb.Cancel()
}

func apply(wb *badger.WriteBatch, op loaderOp) error {
	for _, k := range op.del {
		if err := wb.Delete(k); err != nil {
			return err
		}
	}
	if err := wb.Set(op.key, op.val); err != nil {
		return err
	}
	for _, k := range op.index {
		if err := wb.Set(k, nil); err != nil {
			return err
		}
	}
	return nil
}

// Put stores a place, replacing the one with the same id.
func (l *Loader) Put(p address.Place) error {
	if l.closed {
		return errLoaderClosed
	}
	if err := validate(&p); err != nil {
		return err
	}
	val := encodePlace(&p)
	keys := indexKeys(&p)
	old := l.pending[p.ID]
	if l.read == nil {
		l.read = l.g.db.NewTransaction(false)
	}
	var oldVal []byte
	item, err := l.read.Get(placeKey(p.ID))
	switch {
	case errors.Is(err, badger.ErrKeyNotFound): // not stored yet
	case err != nil:
		return err
	default:
		if oldVal, err = item.ValueCopy(nil); err != nil {
			return err
		}
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
	op := loaderOp{key: placeKey(p.ID), val: val, index: keys}
	for _, k := range old {
		if !slices.ContainsFunc(keys, func(x []byte) bool { return bytes.Equal(x, k) }) {
			op.del = append(op.del, k)
		}
	}
	l.ops <- op
	l.pending[p.ID] = keys
	l.stats.Written++
	if len(l.pending) >= loaderBatch {
		return l.Flush()
	}
	return nil
}

var errLoaderClosed = errors.New("storage: the loader is closed")

// Flush commits what was put so far, and returns when it is stored.
func (l *Loader) Flush() error {
	if l.closed {
		return errLoaderClosed
	}
	l.ops <- loaderOp{flush: true}
	err := <-l.flushes
	if l.read != nil { // the next Put reads what the flush stored
		l.read.Discard()
		l.read = nil
	}
	if err != nil {
		return err
	}
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
	if l.closed {
		return nil
	}
	err := l.Flush()
	l.closed = true
	close(l.ops)
	return err
}

// Stats returns the counts so far.
func (l *Loader) Stats() LoadStats { return l.stats }
