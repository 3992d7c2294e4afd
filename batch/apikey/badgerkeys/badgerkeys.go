// Package badgerkeys keeps the records of API keys in a Badger database in a
// directory: the embedded driver of apikey.Store and apikey.Ring.
//
// The command line opens the database read-write, for the moment of one
// change; a server opens it with Options.ReadOnly, which holds the
// database only while reading it, and reads it again only when the
// directory's files changed. So `addrkit keys` can change the keys while
// a server runs: each waits briefly for the other to let the directory go.
package badgerkeys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/internal/badgerx"
	badger "github.com/dgraph-io/badger/v4"
)

// ErrReadOnly is returned by Put on a store opened read-only.
var ErrReadOnly = errors.New("badgerkeys: the store is read-only")

// Options are the options of Open; nil means defaults.
type Options struct {
	// ReadOnly makes a store for a server: it opens the database
	// read-only, only for the time of a read and without waiting for a
	// writer, and only when the directory's files changed since the last
	// read; otherwise it answers from what it read then. While a writer
	// holds the database, reads fail (an apikey.Ring keeps the keys it
	// has and gets the changes on its next reload). Put fails with
	// ErrReadOnly.
	ReadOnly bool
}

// Store is an apikey.Driver over a Badger database in a directory.
type Store struct {
	dir string
	db  *badger.DB // nil when read-only

	// read-only: the keys last read, and the fingerprint of the
	// directory then
	mu   sync.Mutex
	keys map[string]apikey.Key
	seen uint64
}

var _ apikey.Driver = (*Store)(nil)

// lockWait is how long a writer waits for a server that is reading the
// directory to let it go.
const lockWait = 5 * time.Second

func options(dir string) badger.Options {
	// a handful of small records: small tables and caches
	return badger.DefaultOptions(dir).WithLogger(nil).WithNumVersionsToKeep(1).
		WithMemTableSize(4 << 20).WithValueThreshold(4 << 10).WithBlockCacheSize(256 << 10).WithIndexCacheSize(256 << 10).
		WithValueLogFileSize(1 << 20).WithNumMemtables(1).WithNumLevelZeroTables(1).WithNumLevelZeroTablesStall(2)
}

// open opens the database, waiting up to wait while another process holds
// it.
func open(ctx context.Context, opts badger.Options, wait time.Duration) (*badger.DB, error) {
	deadline := time.Now().Add(wait)
	for {
		db, err := badgerx.Open(opts, badgerx.RemedyKeys)
		if err == nil || !strings.Contains(err.Error(), "directory lock") || time.Now().After(deadline) {
			return db, err
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Open opens the key database in dir, creating it when there is none. A
// read-write store holds the database until Close, waiting first (up to 5
// seconds) for a server that is reading it.
func Open(ctx context.Context, dir string, opts *Options) (*Store, error) {
	if opts == nil {
		opts = &Options{}
	}
	s := &Store{dir: dir}
	if opts.ReadOnly {
		if _, err := os.Stat(dir); err == nil || !errors.Is(err, os.ErrNotExist) {
			return s, nil // an error of Stat is the first read's
		}
		// no database yet: make an empty one to read
	}
	db, err := open(ctx, options(dir), lockWait)
	if err != nil {
		return nil, fmt.Errorf("badgerkeys: open %s: %w", dir, err)
	}
	if opts.ReadOnly {
		if err := db.Close(); err != nil {
			return nil, fmt.Errorf("badgerkeys: create %s: %w", dir, err)
		}
		return s, nil
	}
	s.db = db
	return s, nil
}

// Close closes the database of a read-write store; it does nothing for a
// read-only one, which holds nothing between reads.
func (s *Store) Close() error {
	if s.db == nil {
		return nil
	}
	return s.db.Close()
}

func recordKey(id string) []byte { return []byte("key/" + id) }

// Put creates or replaces the record of k.ID.
func (s *Store) Put(ctx context.Context, k apikey.Key) error {
	if s.db == nil {
		return ErrReadOnly
	}
	b, err := json.Marshal(k)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(recordKey(k.ID), b) })
}

// Get returns the record with the id; apikey.ErrNotFound when there is
// none.
func (s *Store) Get(ctx context.Context, id string) (apikey.Key, error) {
	if s.db == nil {
		keys, err := s.read(ctx)
		if err != nil {
			return apikey.Key{}, err
		}
		k, ok := keys[id]
		if !ok {
			return apikey.Key{}, apikey.ErrNotFound
		}
		return k, nil
	}
	var k apikey.Key
	if id == "" {
		return k, apikey.ErrNotFound
	}
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(recordKey(id))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return apikey.ErrNotFound
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error { return json.Unmarshal(v, &k) })
	})
	if err != nil {
		return apikey.Key{}, err
	}
	return k, nil
}

// List returns every record, in no particular order.
func (s *Store) List(ctx context.Context) ([]apikey.Key, error) {
	keys := map[string]apikey.Key{}
	var err error
	if s.db == nil {
		keys, err = s.read(ctx)
	} else {
		err = load(s.db, keys)
	}
	if err != nil {
		return nil, err
	}
	out := make([]apikey.Key, 0, len(keys))
	for _, k := range keys {
		out = append(out, k)
	}
	return out, nil
}

// read returns the keys of a read-only store, reading the database again
// if the directory changed since it was last read. The map is not to be
// changed.
func (s *Store) read(ctx context.Context) (map[string]apikey.Key, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fp, err := fingerprint(s.dir)
	if err != nil {
		return nil, fmt.Errorf("badgerkeys: %w", err)
	}
	if s.keys != nil && fp == s.seen {
		return s.keys, nil
	}
	// no waiting: while `addrkit keys` holds the database, the next read
	// gets the keys
	db, err := open(ctx, options(s.dir).WithReadOnly(true), 0)
	if err != nil {
		return nil, fmt.Errorf("badgerkeys: open %s: %w", s.dir, err)
	}
	keys := map[string]apikey.Key{}
	err = load(db, keys)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("badgerkeys: load %s: %w", s.dir, err)
	}
	s.keys, s.seen = keys, fp
	return keys, nil
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

// load reads every key record into keys, by id.
func load(db *badger.DB, keys map[string]apikey.Key) error {
	return db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte("key/"), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var k apikey.Key
			if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &k) }); err != nil {
				return err
			}
			keys[k.ID] = k
		}
		return nil
	})
}
