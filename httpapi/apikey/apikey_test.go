package apikey_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/httpapi/apikey"
)

func TestStore(t *testing.T) {
	ctx := context.Background()
	s, err := apikey.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, keyA, err := s.Create(ctx, "checkout")
	if err != nil {
		t.Fatal(err)
	}
	b, keyB, err := s.Create(ctx, "warehouse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(keyA, "ak_"+a.ID+"_") || len(keyA) != 3+13+1+52 || keyA == keyB || a.ID == b.ID {
		t.Fatalf("keys %q (%s) and %q (%s)", keyA, a.ID, keyB, b.ID)
	}
	if strings.Contains(string(a.Hash), keyA) {
		t.Fatal("the key is stored")
	}
	if _, _, err := s.Create(ctx, "  "); err == nil {
		t.Error("a key without a name was made")
	}
	if k, err := s.Authenticate(ctx, keyA); err != nil || k.ID != a.ID || k.Name != "checkout" {
		t.Fatalf("Authenticate: %+v, %v", k, err)
	}
	// one character changed, another key's secret, junk: all refused alike
	wrong := []string{
		keyA[:len(keyA)-1] + map[bool]string{true: "b", false: "a"}[keyA[len(keyA)-1] == 'a'],
		"ak_" + a.ID + keyB[len("ak_"+b.ID):],
		"", "ak_", "Bearer " + keyA, keyA + "x", strings.ToUpper(keyA),
	}
	for _, w := range wrong {
		if _, err := s.Authenticate(ctx, w); !errors.Is(err, apikey.ErrUnauthorized) {
			t.Errorf("Authenticate(%q): %v", w, err)
		}
	}
	if _, err := s.Revoke(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Authenticate(ctx, keyA); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("a revoked key: %v", err)
	}
	if _, err := s.Revoke(ctx, "nosuchkey0000"); !errors.Is(err, apikey.ErrNotFound) {
		t.Errorf("revoke an unknown key: %v", err)
	}
	list, err := s.List(ctx)
	if err != nil || len(list) != 2 || list[0].ID != a.ID || list[0].Active() || !list[1].Active() {
		t.Fatalf("List: %+v, %v", list, err)
	}
}

// TestRing changes the keys while a Ring is loaded from the same
// directory, as `addrkit keys` does while the server runs.
func TestRing(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "keys")
	ring, err := apikey.Load(ctx, dir) // creates the database
	if err != nil {
		t.Fatal(err)
	}
	s, err := apikey.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
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
	s, err = apikey.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Revoke(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := ring.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := ring.Authenticate(ctx, key); !errors.Is(err, apikey.ErrUnauthorized) {
		t.Errorf("revoked, after the reload: %v", err)
	}
}
