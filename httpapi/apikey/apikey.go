// Package apikey issues, keeps and checks the API keys of the HTTP API.
//
// A key is "ak_<id>_<secret>": the id (13 characters) names the key in
// lists, logs and job records; the secret is 256 random bits. Only the
// SHA-256 of the whole key is stored, in a Badger database, and a presented
// key is compared with it in constant time: the key itself is shown once,
// when it is created. (A fast hash is enough for secrets of 256 random
// bits; password hashes are for secrets people choose.)
//
// Store is the read-write side used by the command line; Ring is the
// server's read-only copy, loaded from the same directory and loaded again
// when the directory changes, so that keys created or revoked while the
// server runs take effect within its reload interval.
package apikey

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	badger "github.com/dgraph-io/badger/v4"
)

// Key is the record of an API key. The key itself is not kept.
type Key struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Hash    []byte    `json:"hash"` // SHA-256 of the whole key
	Created time.Time `json:"created"`
	Revoked time.Time `json:"revoked,omitzero"`
}

// Active reports whether the key has not been revoked.
func (k Key) Active() bool { return k.Revoked.IsZero() }

// Errors.
var (
	// ErrUnauthorized is returned for a key that is malformed, unknown,
	// wrong or revoked: the cases are not told apart.
	ErrUnauthorized = errors.New("apikey: invalid API key")
	ErrNotFound     = errors.New("apikey: no such key")
)

const prefix = "ak_"

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

func random(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return strings.ToLower(b32.EncodeToString(b))
}

func hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// keyID returns the id part of a key, "" when it is not shaped as one.
func keyID(key string) string {
	rest, ok := strings.CutPrefix(key, prefix)
	if !ok {
		return ""
	}
	id, secret, ok := strings.Cut(rest, "_")
	if !ok || len(id) != 13 || len(secret) != 52 {
		return ""
	}
	return id
}

// dummy is compared with when no key has the presented id, so that an
// unknown id costs the same time as a wrong secret.
var dummy = hash(prefix + "dummy")

// check verifies key against the keys by id in constant time.
func check(keys map[string]Key, key string) (Key, error) {
	k, ok := keys[keyID(key)]
	want := dummy
	if ok {
		want = k.Hash
	}
	match := subtle.ConstantTimeCompare(hash(key), want) == 1
	if !ok || !match || !k.Active() {
		return Key{}, ErrUnauthorized
	}
	return k, nil
}

// Store is the database of API keys, opened read-write.
type Store struct{ db *badger.DB }

// lockWait is how long Open waits for a server that is reading the
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
		db, err := badger.Open(opts)
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

// Open opens (creating) the key database in dir for changes.
func Open(ctx context.Context, dir string) (*Store, error) {
	db, err := open(ctx, options(dir), lockWait)
	if err != nil {
		return nil, fmt.Errorf("apikey: open %s: %w", dir, err)
	}
	return &Store{db: db}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

func recordKey(id string) []byte { return []byte("key/" + id) }

// Create makes a new key named name and returns its record and the key,
// which is not kept anywhere and cannot be shown again.
func (s *Store) Create(ctx context.Context, name string) (Key, string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Key{}, "", errors.New("apikey: a key needs a name")
	}
	id := random(8)
	key := prefix + id + "_" + random(32)
	k := Key{ID: id, Name: name, Hash: hash(key), Created: time.Now().UTC()}
	return k, key, s.put(k)
}

func (s *Store) put(k Key) error {
	b, err := json.Marshal(k)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(recordKey(k.ID), b) })
}

// List returns every key, revoked ones included, oldest first.
func (s *Store) List(ctx context.Context) ([]Key, error) {
	keys, err := load(s.db)
	if err != nil {
		return nil, err
	}
	out := make([]Key, 0, len(keys))
	for _, k := range keys {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b Key) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// Revoke revokes the key with the id; revoking a revoked key changes
// nothing.
func (s *Store) Revoke(ctx context.Context, id string) (Key, error) {
	keys, err := load(s.db)
	if err != nil {
		return Key{}, err
	}
	k, ok := keys[id]
	if !ok {
		return Key{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	if k.Active() {
		k.Revoked = time.Now().UTC()
		err = s.put(k)
	}
	return k, err
}

// Authenticate returns the record of an active key.
func (s *Store) Authenticate(ctx context.Context, key string) (Key, error) {
	keys, err := load(s.db)
	if err != nil {
		return Key{}, err
	}
	return check(keys, key)
}

// load reads every key record by id.
func load(db *badger.DB) (map[string]Key, error) {
	keys := map[string]Key{}
	err := db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte("key/"), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var k Key
			if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &k) }); err != nil {
				return err
			}
			keys[k.ID] = k
		}
		return nil
	})
	return keys, err
}
