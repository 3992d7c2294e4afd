package live_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/autocomplete/live"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// places returns a data directory holding a few places: what the tests
// serve, small (the built-in gazetteer, the world's places, takes seconds
// to install and index, ten times as long under the race detector).
func places(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	g, err := storage.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	storetest.Load(t, g,
		address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9, Lon: 8, HasPoint: true},
		address.Place{ID: "NG-LA", Kind: address.KindState, Name: "Lagos", Country: "NG", Lat: 6.6, Lon: 3.35, HasPoint: true, Parents: []string{"NG"}},
		address.Place{ID: "t/ikeja", Kind: address.KindTown, Name: "Ikeja", Country: "NG", Lat: 6.6, Lon: 3.34, HasPoint: true, Parents: []string{"NG-LA", "NG"}})
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// serve opens the places of dir read-only, as addrkit serve does, and
// serves them with the given grace.
func serve(t *testing.T, dir string, grace time.Duration) *live.Places {
	t.Helper()
	ctx := context.Background()
	ro := storage.Options{ReadOnly: true, Preload: true}
	gz, err := builtin.OpenWith(ctx, dir, builtin.Options{Storage: ro})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	if err != nil {
		gz.Close()
		t.Fatal(err)
	}
	p, err := live.New(dir, gz, ix, live.Options{Storage: ro, Grace: grace, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		gz.Close()
		t.Fatal(err)
	}
	return p
}

// publish adds a place to the places of dir in a new generation, as
// addrkit import does while a server holds them, and returns the
// generation's directory.
func publish(t *testing.T, dir, id, name string) string {
	t.Helper()
	w, done, err := storage.OpenForUpdate(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.NewLoader()
	if err != nil {
		done(false)
		t.Fatal(err)
	}
	err = l.Put(address.Place{ID: id, Kind: address.KindNeighbourhood, Name: name,
		Country: "NG", Lat: 6.45, Lon: 3.4, HasPoint: true, Parents: []string{"NG-LA", "NG"}})
	if cerr := l.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		_, err = autocomplete.Rebuild(context.Background(), w)
	}
	if err != nil {
		done(false)
		t.Fatal(err)
	}
	if err := done(true); err != nil {
		t.Fatal(err)
	}
	gen, err := storage.PlacesDir(dir)
	if err != nil || gen == dir {
		t.Fatalf("no generation published: %q, %v", gen, err)
	}
	return gen
}

// switchTo makes p check for a new generation and fails unless it now
// serves gen.
func switchTo(t *testing.T, p *live.Places, gen string) {
	t.Helper()
	if err := p.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := p.Generation(); got != gen {
		t.Fatalf("Generation() = %s, want %s", got, gen)
	}
}

// suggests reports whether p suggests a place of the name.
func suggests(t *testing.T, p *live.Places, name string) bool {
	t.Helper()
	r, err := p.Suggest(context.Background(), autocomplete.Query{Text: name})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Suggestions {
		if s.MainText == name {
			return true
		}
	}
	return false
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestRetireAfterGrace: a generation left is closed and removed once its
// grace has passed; the places written before the first generation (the
// data directory's own) are closed but left in place; the generation
// served stays.
func TestRetireAfterGrace(t *testing.T) {
	dir := places(t)
	p := serve(t, dir, 50*time.Millisecond)
	defer p.Close()

	first := publish(t, dir, "t/zugarawa", "Zugarawa Quarters")
	switchTo(t, p, first)
	second := publish(t, dir, "t/kofar", "Kofar Mata Quarters")
	switchTo(t, p, second)

	for deadline := time.Now().Add(10 * time.Second); exists(first); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s, left, still there 10 s after its grace of 50 ms", filepath.Base(first))
		}
	}
	if !exists(filepath.Join(dir, "MANIFEST")) {
		t.Errorf("the data directory's own places were removed")
	}
	if !exists(second) {
		t.Errorf("%s, the generation served, was removed", filepath.Base(second))
	}
	for _, name := range []string{"Zugarawa Quarters", "Kofar Mata Quarters"} {
		if !suggests(t, p, name) {
			t.Errorf("%q is not suggested after the generation left was retired", name)
		}
	}
}

// TestRetireOnClose: a generation left stays, and answers, while its grace
// lasts; Close retires it at once without waiting for the grace, and
// leaves the generation served.
func TestRetireOnClose(t *testing.T) {
	dir := places(t)
	p := serve(t, dir, time.Hour)
	first := publish(t, dir, "t/zugarawa", "Zugarawa Quarters")
	switchTo(t, p, first)
	second := publish(t, dir, "t/kofar", "Kofar Mata Quarters")
	switchTo(t, p, second)

	if !exists(first) {
		t.Fatalf("%s, left, was removed before its grace of an hour", filepath.Base(first))
	}
	if !suggests(t, p, "Kofar Mata Quarters") {
		t.Errorf("the place of the new generation is not suggested")
	}
	start := time.Now()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Close took %v", took)
	}
	if exists(first) {
		t.Errorf("%s, left, is still there after Close", filepath.Base(first))
	}
	if !exists(second) || !exists(filepath.Join(dir, "MANIFEST")) {
		t.Errorf("Close removed the generation served or the data directory's own places")
	}
	// the generation served is closed: it opens again read-write
	g, err := storage.Open(second, storage.Options{})
	if err != nil {
		t.Fatalf("the generation served is still held after Close: %v", err)
	}
	g.Close()
}
