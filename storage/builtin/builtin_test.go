package builtin

import (
	"context"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

func TestPlaces(t *testing.T) {
	ps := Places()
	byKind := map[address.PlaceKind]int{}
	perState := map[string]int{}
	var noPoint []string
	for _, p := range ps {
		byKind[p.Kind]++
		if p.Kind == address.KindLGA {
			perState[p.Parents[0]]++
		}
		if !p.HasPoint && p.Country == "NG" {
			noPoint = append(noPoint, p.ID)
		}
	}
	t.Logf("places by kind: %v", byKind)
	if byKind[address.KindLGA] != 774 {
		t.Errorf("%d LGAs, want 774", byKind[address.KindLGA])
	}
	for code, want := range lgasPerState {
		if perState[code] != want {
			t.Errorf("%s has %d LGAs, want %d", code, perState[code], want)
		}
	}
	if n := len(address.Countries()); byKind[address.KindCountry] != n {
		t.Errorf("%d countries, want %d", byKind[address.KindCountry], n)
	}
	if len(noPoint) > 0 {
		t.Errorf("%d Nigerian places have no point: %v", len(noPoint), noPoint)
	}
}

func TestInstall(t *testing.T) {
	ctx := context.Background()
	g, err := storage.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if ok, err := EnsureInstalled(ctx, g); err != nil || !ok {
		t.Fatalf("EnsureInstalled = %v, %v", ok, err)
	}
	if ok, err := EnsureInstalled(ctx, g); err != nil || ok {
		t.Fatalf("second EnsureInstalled = %v, %v", ok, err)
	}
	st, err := Install(ctx, g)
	if err != nil || st.Written != 0 {
		t.Errorf("reinstall wrote %+v, %v", st, err)
	}
	if v, _ := g.Meta(MetaKey); v != Version {
		t.Errorf("meta %q", v)
	}
}

func TestOpenWithProgress(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for i, want := range []int{2, 0} {
		var lines []string
		g, err := OpenWith(ctx, dir, Options{Storage: storage.Options{ReadOnly: true}, Progress: func(l string) { lines = append(lines, l) }})
		if err != nil {
			t.Fatal(err)
		}
		g.Close()
		if len(lines) != want {
			t.Errorf("open %d: progress %q, want %d lines", i+1, lines, want)
		}
	}
}
