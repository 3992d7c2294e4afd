package apikey_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/addrkit/addrkit/httpapi/apikey"
	"github.com/addrkit/addrkit/httpapi/apikey/drivertest"
)

// memory is a driver in a map, for the tests of the portable types and of
// the suite itself.
type memory struct {
	mu   sync.Mutex
	keys map[string]apikey.Key
}

func newMemory() *memory { return &memory{keys: map[string]apikey.Key{}} }

func (m *memory) Put(ctx context.Context, k apikey.Key) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k.Hash = slices.Clone(k.Hash)
	m.keys[k.ID] = k
	return nil
}

func (m *memory) Get(ctx context.Context, id string) (apikey.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.keys[id]
	if !ok {
		return apikey.Key{}, apikey.ErrNotFound
	}
	return k, nil
}

func (m *memory) List(ctx context.Context) ([]apikey.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Collect(maps.Values(m.keys)), nil
}

func (m *memory) Close() error { return nil }

func TestMemoryDriver(t *testing.T) {
	drivertest.RunDriver(t, func(t *testing.T) apikey.Driver { return newMemory() })
}

func TestStore(t *testing.T) {
	ctx := context.Background()
	s := apikey.NewStore(newMemory())
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

// TestRingReload checks that a Ring keeps its keys when a reload fails.
func TestRingReload(t *testing.T) {
	ctx := context.Background()
	m := newMemory()
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
