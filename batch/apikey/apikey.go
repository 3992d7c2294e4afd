package apikey

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Key is the record of an API key. The key itself is not kept. Its JSON
// form is the one the drivers store.
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
	// ErrNotFound is returned for an id that names no key.
	ErrNotFound = errors.New("apikey: no such key")
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
	return verify(k, ok, key)
}

// verify compares key with the record k of its id in constant time; found
// is false when no key has the id, and the key is then compared with the
// dummy hash.
func verify(k Key, found bool, key string) (Key, error) {
	want := dummy
	if found {
		want = k.Hash
	}
	match := subtle.ConstantTimeCompare(hash(key), want) == 1
	if !found || !match || !k.Active() {
		return Key{}, ErrUnauthorized
	}
	return k, nil
}

// Store creates, lists, revokes and checks the keys kept by a Driver.
type Store struct{ d Driver }

// NewStore returns a Store over d, which it closes on Close.
func NewStore(d Driver) *Store { return &Store{d: d} }

// Close closes the driver.
func (s *Store) Close() error { return s.d.Close() }

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
	if err := s.d.Put(ctx, k); err != nil {
		return Key{}, "", err
	}
	return k, key, nil
}

// List returns every key, revoked ones included, oldest first.
func (s *Store) List(ctx context.Context) ([]Key, error) {
	keys, err := s.d.List(ctx)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(keys, func(a, b Key) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return keys, nil
}

// Revoke revokes the key with the id (or the key itself, whose id it
// reads); revoking a revoked key changes nothing. An unknown id is
// ErrNotFound.
func (s *Store) Revoke(ctx context.Context, id string) (Key, error) {
	if kid := keyID(id); kid != "" {
		id = kid
	}
	k, err := s.d.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Key{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	if err != nil {
		return Key{}, err
	}
	if k.Active() {
		k.Revoked = time.Now().UTC()
		err = s.d.Put(ctx, k)
	}
	return k, err
}

// Authenticate returns the record of an active key, ErrUnauthorized for any
// other. It asks the driver for the record each time; a server checks keys
// with a Ring.
func (s *Store) Authenticate(ctx context.Context, key string) (Key, error) {
	id := keyID(key)
	if id == "" {
		return verify(Key{}, false, key)
	}
	k, err := s.d.Get(ctx, id)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Key{}, err
	}
	return verify(k, err == nil, key)
}
