// Package badgerjobs keeps the records of batch jobs in a Badger database:
// the embedded driver of jobs.Store.
package badgerjobs

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/badgerx"
	badger "github.com/dgraph-io/badger/v4"
)

// Store is a jobs.Store in a Badger database. A record is kept with its
// revision in front of it; Update checks the revision inside a Badger
// transaction, whose conflict detection stops two writers of one record.
type Store struct{ db *badger.DB }

var _ jobs.Store = (*Store)(nil)

// Open opens (creating) the job store in dir; an empty dir keeps it in
// memory.
func Open(dir string) (*Store, error) {
	// job records are small and few: small tables and caches, not
	// Badger's 64 MB memtables and 256 MB block cache
	opts := badger.DefaultOptions(dir).WithLogger(nil).WithNumVersionsToKeep(1).
		WithMemTableSize(2 << 20).WithValueThreshold(64 << 10).WithBlockCacheSize(1 << 20).WithIndexCacheSize(1 << 20).
		WithValueLogFileSize(16 << 20).WithNumMemtables(2).WithNumLevelZeroTables(2).WithNumLevelZeroTablesStall(4)
	if dir == "" {
		opts = opts.WithInMemory(true)
	}
	db, err := badgerx.Open(opts, badgerx.RemedyJobs)
	if err != nil {
		return nil, fmt.Errorf("badgerjobs: open: %w", err)
	}
	return &Store{db: db}, nil
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

func jobKey(id string) []byte { return []byte("job/" + id) }

// get reads a record and its revision in txn.
func get(txn *badger.Txn, id string) (jobs.Job, uint64, error) {
	var j jobs.Job
	var rev uint64
	item, err := txn.Get(jobKey(id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return j, 0, jobs.ErrNotFound
	}
	if err != nil {
		return j, 0, err
	}
	err = item.Value(func(v []byte) error {
		if len(v) < 8 {
			return fmt.Errorf("badgerjobs: record %s is %d bytes", id, len(v))
		}
		rev = binary.BigEndian.Uint64(v)
		return json.Unmarshal(v[8:], &j)
	})
	return j, rev, err
}

// put writes a record at a revision in txn.
func put(txn *badger.Txn, j jobs.Job, rev uint64) error {
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	return txn.Set(jobKey(j.ID), append(binary.BigEndian.AppendUint64(nil, rev), b...))
}

// update runs fn in a read-write transaction; a conflict with another
// transaction is ErrConflict.
func (s *Store) update(fn func(txn *badger.Txn) error) error {
	err := s.db.Update(fn)
	if errors.Is(err, badger.ErrConflict) {
		return jobs.ErrConflict
	}
	return err
}

// Create implements jobs.Store.
func (s *Store) Create(ctx context.Context, j jobs.Job) (uint64, error) {
	return 1, s.update(func(txn *badger.Txn) error {
		if _, _, err := get(txn, j.ID); !errors.Is(err, jobs.ErrNotFound) {
			if err == nil {
				return jobs.ErrExists
			}
			return err
		}
		return put(txn, j, 1)
	})
}

// Get implements jobs.Store.
func (s *Store) Get(ctx context.Context, id string) (j jobs.Job, rev uint64, err error) {
	err = s.db.View(func(txn *badger.Txn) error {
		j, rev, err = get(txn, id)
		return err
	})
	return j, rev, err
}

// Update implements jobs.Store.
func (s *Store) Update(ctx context.Context, j jobs.Job, rev uint64) (uint64, error) {
	return rev + 1, s.update(func(txn *badger.Txn) error {
		_, now, err := get(txn, j.ID)
		switch {
		case err != nil:
			return err
		case now != rev:
			return jobs.ErrConflict
		}
		return put(txn, j, rev+1)
	})
}

// Delete implements jobs.Store.
func (s *Store) Delete(ctx context.Context, id string) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Delete(jobKey(id)) })
}

// List implements jobs.Store.
func (s *Store) List(ctx context.Context) ([]jobs.Job, error) {
	var out []jobs.Job
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte("job/"), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			j, _, err := get(txn, string(it.Item().Key()[len("job/"):]))
			if err != nil {
				return err
			}
			out = append(out, j)
		}
		return nil
	})
	return out, err
}

func idemKey(owner, key string) []byte {
	return []byte("idem/" + owner + "\x00" + key)
}

// Remember implements jobs.Store.
func (s *Store) Remember(ctx context.Context, owner, key string, rec jobs.Idempotency, ttl time.Duration) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error {
		return txn.SetEntry(badger.NewEntry(idemKey(owner, key), b).WithTTL(ttl))
	})
}

// Claim implements jobs.Store: Badger's transactions detect the write of
// a key another transaction read, so one of two concurrent claims fails
// its commit and, tried again, finds the other's.
func (s *Store) Claim(ctx context.Context, owner, key string, rec jobs.Idempotency, ttl time.Duration) (jobs.Idempotency, error) {
	b, err := json.Marshal(rec)
	if err != nil {
		return jobs.Idempotency{}, err
	}
	for {
		var held jobs.Idempotency
		err := s.db.Update(func(txn *badger.Txn) error {
			item, err := txn.Get(idemKey(owner, key))
			switch {
			case err == nil:
				if err := item.Value(func(v []byte) error { return json.Unmarshal(v, &held) }); err != nil {
					return err
				}
				return jobs.ErrExists
			case !errors.Is(err, badger.ErrKeyNotFound):
				return err
			}
			return txn.SetEntry(badger.NewEntry(idemKey(owner, key), b).WithTTL(ttl))
		})
		if errors.Is(err, badger.ErrConflict) {
			if ctx.Err() != nil {
				return jobs.Idempotency{}, ctx.Err()
			}
			continue
		}
		return held, err
	}
}

// Forget implements jobs.Store.
func (s *Store) Forget(ctx context.Context, owner, key string) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Delete(idemKey(owner, key)) })
}

// Recall implements jobs.Store.
func (s *Store) Recall(ctx context.Context, owner, key string) (jobs.Idempotency, error) {
	var rec jobs.Idempotency
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(idemKey(owner, key))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return jobs.ErrNotFound
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error { return json.Unmarshal(v, &rec) })
	})
	return rec, err
}
