package storage_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

// TestGenerations: a writer refused by a reader writes a new generation,
// which Publish makes current and Open then follows; CURRENT naming
// anything but a generation is refused, and so is removing the current
// generation or a directory that is none.
func TestGenerations(t *testing.T) {
	dir := t.TempDir()
	g, err := storage.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := g.NewLoader()
	l.Put(address.Place{ID: "a", Kind: address.KindTown, Name: "Alpha", Country: "NG"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	g.Close()
	reader, err := storage.Open(dir, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	if _, err := storage.Open(dir, storage.Options{}); !storage.IsLocked(err) {
		t.Fatalf("a writer beside a reader: %v, want the lock refused", err)
	}
	w, done, err := storage.OpenForUpdate(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, _ = w.NewLoader()
	l.Put(address.Place{ID: "b", Kind: address.KindTown, Name: "Beta", Country: "NG"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := done(true); err != nil {
		t.Fatal(err)
	}
	gen, err := storage.PlacesDir(dir)
	if err != nil || gen != filepath.Join(dir, "gen-000001") {
		t.Fatalf("current generation %q, %v", gen, err)
	}
	next, err := storage.Open(dir, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"a", "b"} {
		if _, ok, _ := next.Place(t.Context(), id); !ok {
			t.Errorf("place %s missing from the new generation", id)
		}
	}
	next.Close()
	if _, ok, _ := reader.Place(t.Context(), "b"); ok {
		t.Error("the generation held read-only changed")
	}
	// a writer holding the places is not copied around: its lock error
	held, err := storage.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := storage.OpenForUpdate(dir, storage.Options{}); !storage.IsLocked(err) {
		t.Errorf("beside a writer: %v, want its lock error", err)
	}
	held.Close()
	if err := storage.RemoveGeneration(dir, gen); err == nil {
		t.Error("the current generation was removed")
	}
	if err := storage.RemoveGeneration(dir, filepath.Join(dir, "keys")); err == nil {
		t.Error("a directory that is no generation was removed")
	}
	for _, bad := range []string{"../elsewhere", "keys", "gen-1/../../x"} {
		os.WriteFile(filepath.Join(dir, "CURRENT"), []byte(bad), 0o644)
		if _, err := storage.PlacesDir(dir); err == nil {
			t.Errorf("CURRENT %q accepted", bad)
		}
	}
}
