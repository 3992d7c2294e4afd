package badgerkeys_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
	"github.com/addrkit/addrkit/batch/apikey/drivertest"
)

func TestDriver(t *testing.T) {
	drivertest.RunDriver(t, func(t *testing.T) apikey.Driver {
		s, err := badgerkeys.Open(context.Background(), filepath.Join(t.TempDir(), "keys"), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestRing changes the keys while a Ring is loaded from the same
// directory, read-only, as `addrkit keys` does while the server runs.
func TestRing(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "keys")
	ro, err := badgerkeys.Open(ctx, dir, &badgerkeys.Options{ReadOnly: true}) // creates the database
	if err != nil {
		t.Fatal(err)
	}
	ring, err := apikey.NewRing(ctx, ro)
	if err != nil {
		t.Fatal(err)
	}
	defer ring.Close()
	if err := ro.Put(ctx, apikey.Key{ID: "aaaaaaaaaaaaa"}); !errors.Is(err, badgerkeys.ErrReadOnly) {
		t.Errorf("Put on a read-only store = %v, want ErrReadOnly", err)
	}
	open := func() *apikey.Store {
		t.Helper()
		d, err := badgerkeys.Open(ctx, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		return apikey.NewStore(d)
	}
	s := open()
	k, key, err := s.Create(ctx, "app")
	if err != nil {
		t.Fatal(err)
	}
	// held open by the store: the ring keeps what it has
	if err := ring.Reload(ctx); err == nil {
		t.Error("the ring opened the database while the store held it")
	}
	if _, err := ring.Authenticate(ctx, key); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("a key the ring has not loaded: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ring.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got, err := ring.Authenticate(ctx, key); err != nil || got.ID != k.ID {
		t.Fatalf("after the reload: %+v, %v", got, err)
	}
	if got, err := ro.Get(ctx, k.ID); err != nil || got.Name != "app" {
		t.Errorf("Get on the read-only store = %+v, %v", got, err)
	}
	s = open()
	if _, err := s.Revoke(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ring.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := ring.Authenticate(ctx, key); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("revoked, after the reload: %v", err)
	}
}

// TestWriterWaits opens the store for a change while a reader holds the
// directory: the writer waits for it instead of failing.
func TestWriterWaits(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "keys")
	w, err := badgerkeys.Open(ctx, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		// a second writer stands for the reader: it holds the lock
		time.Sleep(300 * time.Millisecond)
		done <- w.Close()
	}()
	start := time.Now()
	w2, err := badgerkeys.Open(ctx, dir, nil)
	if err != nil {
		t.Fatalf("Open while another holds the directory: %v", err)
	}
	if waited := time.Since(start); waited < 200*time.Millisecond {
		t.Errorf("Open waited %v, want about 300ms", waited)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
}
