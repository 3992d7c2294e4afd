// Package drivertest is the conformance suite of the apikey drivers: every
// apikey.Driver passes RunDriver, which defines their behaviour (records
// kept by id and replaced whole, ErrNotFound, a listing of every record),
// and the behaviour of apikey.Store and apikey.Ring over them.
package drivertest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
)

// RunDriver runs the suite against the drivers open returns: a new, empty
// store for each call. The suite closes every driver it opens.
func RunDriver(t *testing.T, open func(t *testing.T) apikey.Driver) {
	ctx := context.Background()
	openT := func(t *testing.T) apikey.Driver {
		d := open(t)
		t.Cleanup(func() {
			if err := d.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		return d
	}
	// the times have a zone and nanoseconds, as Store makes them
	created := time.Date(2025, 3, 1, 9, 30, 0, 123456789, time.UTC)
	key := func(id, name string) apikey.Key {
		h := sha256.Sum256([]byte("ak_" + id + "_secret"))
		return apikey.Key{ID: id, Name: name, Hash: h[:], Created: created}
	}
	a, b := key("aaaaaaaaaaaaa", "checkout"), key("bbbbbbbbbbbbb", "warehouse, Lagos")
	b.Revoked = created.Add(90 * time.Minute)

	t.Run("Empty", func(t *testing.T) {
		d := openT(t)
		list, err := d.List(ctx)
		if err != nil || len(list) != 0 {
			t.Errorf("List of an empty store = %+v, %v; want none", list, err)
		}
		for _, id := range []string{a.ID, "", "not an id", "key/x"} {
			if k, err := d.Get(ctx, id); !errors.Is(err, apikey.ErrNotFound) {
				t.Errorf("Get(%q) = %+v, %v; want ErrNotFound", id, k, err)
			}
		}
	})
	t.Run("PutGetList", func(t *testing.T) {
		d := openT(t)
		for _, k := range []apikey.Key{a, b} {
			if err := d.Put(ctx, k); err != nil {
				t.Fatalf("Put(%s): %v", k.ID, err)
			}
		}
		for _, want := range []apikey.Key{a, b} {
			got, err := d.Get(ctx, want.ID)
			if err != nil || !same(got, want) {
				t.Errorf("Get(%q) = %+v, %v; want %+v", want.ID, got, err, want)
			}
		}
		if got, err := d.Get(ctx, "ccccccccccccc"); !errors.Is(err, apikey.ErrNotFound) {
			t.Errorf("Get of no key = %+v, %v; want ErrNotFound", got, err)
		}
		list, err := d.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(list, func(x, y apikey.Key) int { return strings.Compare(x.ID, y.ID) })
		if len(list) != 2 || !same(list[0], a) || !same(list[1], b) {
			t.Errorf("List = %+v; want %+v and %+v", list, a, b)
		}
		if !list[0].Active() || list[1].Active() {
			t.Errorf("List: revoked times %v, %v", list[0].Revoked, list[1].Revoked)
		}
	})
	t.Run("PutReplaces", func(t *testing.T) {
		d := openT(t)
		if err := d.Put(ctx, a); err != nil {
			t.Fatal(err)
		}
		changed := a
		changed.Name = "checkout (old)"
		changed.Revoked = created.Add(time.Hour)
		if err := d.Put(ctx, changed); err != nil {
			t.Fatal(err)
		}
		if got, err := d.Get(ctx, a.ID); err != nil || !same(got, changed) {
			t.Errorf("Get after a replace = %+v, %v; want %+v", got, err, changed)
		}
		if list, err := d.List(ctx); err != nil || len(list) != 1 || !same(list[0], changed) {
			t.Errorf("List after a replace = %+v, %v; want only %+v", list, err, changed)
		}
	})
	t.Run("Store", func(t *testing.T) { runStore(t, openT(t)) })
	t.Run("Ring", func(t *testing.T) { runRing(t, openT(t)) })
}

// same reports whether two records are equal, times by Equal.
func same(x, y apikey.Key) bool {
	return x.ID == y.ID && x.Name == y.Name && bytes.Equal(x.Hash, y.Hash) &&
		x.Created.Equal(y.Created) && x.Revoked.Equal(y.Revoked)
}

// runStore checks apikey.Store over d: create, check, revoke, list.
func runStore(t *testing.T, d apikey.Driver) {
	ctx := context.Background()
	s := apikey.NewStore(d)
	a, keyA, err := s.Create(ctx, "checkout")
	if err != nil {
		t.Fatal(err)
	}
	b, keyB, err := s.Create(ctx, "warehouse")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Authenticate(ctx, keyA); err != nil || got.ID != a.ID {
		t.Errorf("Authenticate(key of %s) = %+v, %v", a.ID, got, err)
	}
	for _, w := range []string{"", "ak_", keyA + "x", "ak_" + a.ID + keyB[len("ak_"+b.ID):], "ak_ccccccccccccc" + keyA[len("ak_"+a.ID):]} {
		if _, err := s.Authenticate(ctx, w); !errors.Is(err, apikey.ErrUnauthorized) {
			t.Errorf("Authenticate(%q) = %v, want ErrUnauthorized", w, err)
		}
	}
	r, err := s.Revoke(ctx, a.ID)
	if err != nil || r.Active() {
		t.Fatalf("Revoke = %+v, %v", r, err)
	}
	if again, err := s.Revoke(ctx, a.ID); err != nil || !again.Revoked.Equal(r.Revoked) {
		t.Errorf("Revoke of a revoked key = %+v, %v; want it unchanged, %v", again, err, r.Revoked)
	}
	if _, err := s.Authenticate(ctx, keyA); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("Authenticate of a revoked key = %v, want ErrUnauthorized", err)
	}
	if _, err := s.Revoke(ctx, "nosuchkey0000"); !errors.Is(err, apikey.ErrNotFound) {
		t.Errorf("Revoke of no key = %v, want ErrNotFound", err)
	}
	list, err := s.List(ctx)
	if err != nil || len(list) != 2 || list[0].ID != a.ID || list[0].Active() || list[1].ID != b.ID || !list[1].Active() {
		t.Errorf("List = %+v, %v; want %s revoked, then %s", list, err, a.ID, b.ID)
	}
}

// runRing checks an apikey.Ring over d: it has the keys of its last load.
func runRing(t *testing.T, d apikey.Driver) {
	ctx := context.Background()
	s := apikey.NewStore(d)
	k, key, err := s.Create(ctx, "app")
	if err != nil {
		t.Fatal(err)
	}
	ring, err := apikey.NewRing(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ring.Authenticate(ctx, key); err != nil || got.ID != k.ID {
		t.Fatalf("Authenticate = %+v, %v", got, err)
	}
	k2, key2, err := s.Create(ctx, "app 2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Revoke(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := ring.Authenticate(ctx, key2); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("a key made after the load = %v, want ErrUnauthorized until a reload", err)
	}
	if err := ring.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := ring.Authenticate(ctx, key); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("a key revoked before the reload = %v, want ErrUnauthorized", err)
	}
	if got, err := ring.Authenticate(ctx, key2); err != nil || got.ID != k2.ID {
		t.Errorf("a key made before the reload = %+v, %v", got, err)
	}
}
