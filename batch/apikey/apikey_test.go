package apikey_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
)

// badgerKeys returns the embedded driver, in a temporary directory.
func badgerKeys(t *testing.T) apikey.Driver {
	t.Helper()
	d, err := badgerkeys.Open(context.Background(), t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestStore(t *testing.T) {
	ctx := context.Background()
	s := apikey.NewStore(badgerKeys(t))
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
	// by the key itself, as well as by its id
	if k, err := s.Revoke(ctx, keyA); err != nil || k.ID != a.ID || k.Active() {
		t.Fatalf("Revoke(the key) = %+v, %v", k, err)
	}
	if k, err := s.Revoke(ctx, a.ID); err != nil || k.Active() {
		t.Fatalf("Revoke(its id) again = %+v, %v", k, err)
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

// TestRingReload checks that a Ring keeps its keys when a reload fails.
func TestRingReload(t *testing.T) {
	ctx := context.Background()
	m := badgerKeys(t)
	defer m.Close()
	_, key, err := apikey.NewStore(m).Create(ctx, "app")
	if err != nil {
		t.Fatal(err)
	}
	d := &failing{Driver: m}
	ring, err := apikey.NewRing(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	d.err = errors.New("unreachable")
	if err := ring.Reload(ctx); !errors.Is(err, d.err) {
		t.Errorf("Reload = %v, want %v", err, d.err)
	}
	if _, err := ring.Authenticate(ctx, key); err != nil {
		t.Errorf("after a failed reload: %v", err)
	}
	if _, err := apikey.NewRing(ctx, d); !errors.Is(err, d.err) {
		t.Errorf("NewRing over a failing driver = %v, want %v", err, d.err)
	}
}

// failing is a driver whose List fails with err when it is set.
type failing struct {
	apikey.Driver
	err error
}

func (f *failing) List(ctx context.Context) ([]apikey.Key, error) {
	if f.err != nil {
		return nil, f.err
	}
	return f.Driver.List(ctx)
}
