// Package storetest opens real gazetteers for tests: a Badger store in a
// temporary directory holding the built-in gazetteer.
package storetest

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

var (
	builtinOnce sync.Once
	builtinDir  string // the built-in gazetteer installed, its index kept
	builtinErr  error
)

// Builtin opens a store in a temporary directory with the built-in
// gazetteer installed (and its autocomplete index kept), closed when the
// test ends. The gazetteer is installed once per test binary, in a
// directory Main removes, and copied for each test: installing the world's
// places and building their index takes seconds.
func Builtin(t testing.TB) *storage.Gazetteer {
	t.Helper()
	g, err := storage.Open(BuiltinDir(t), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

var (
	sharedOnce sync.Once
	sharedGz   *storage.Gazetteer
	sharedErr  error
)

// Shared returns one store of the built-in gazetteer for every test of
// the binary that only reads it: opened read-only with its places
// preloaded, as a server opens them, and closed by Main. Opening a copy
// for each test (Builtin) verifies and loads the world's places again.
func Shared(t testing.TB) *storage.Gazetteer {
	t.Helper()
	builtinOnce.Do(installBuiltin)
	if builtinErr != nil {
		t.Fatalf("install the built-in gazetteer: %v", builtinErr)
	}
	sharedOnce.Do(func() {
		sharedGz, sharedErr = storage.Open(builtinDir, storage.Options{ReadOnly: true, Preload: true})
	})
	if sharedErr != nil {
		t.Fatalf("open the built-in gazetteer: %v", sharedErr)
	}
	return sharedGz
}

var (
	indexOnce sync.Once
	sharedIx  *autocomplete.Index
	indexErr  error
)

// SharedIndex returns the autocomplete index of Shared's store, read once
// per test binary.
func SharedIndex(t testing.TB) *autocomplete.Index {
	t.Helper()
	g := Shared(t)
	indexOnce.Do(func() {
		sharedIx, indexErr = autocomplete.Open(context.Background(), g, autocomplete.Options{})
	})
	if indexErr != nil {
		t.Fatalf("the built-in gazetteer's index: %v", indexErr)
	}
	return sharedIx
}

// BuiltinDir returns a temporary data directory that holds the built-in
// gazetteer and its autocomplete index, as the first run of addrkit leaves
// it: a copy of the one Builtin installs once per test binary.
func BuiltinDir(t testing.TB) string {
	t.Helper()
	builtinOnce.Do(installBuiltin)
	if builtinErr != nil {
		t.Fatalf("install the built-in gazetteer: %v", builtinErr)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(builtinDir)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func installBuiltin() {
	builtinDir, builtinErr = os.MkdirTemp("", "addrkit-builtin-*")
	if builtinErr != nil {
		return
	}
	ctx := context.Background()
	g, err := builtin.Open(ctx, builtinDir, storage.Options{})
	if err != nil {
		builtinErr = err
		return
	}
	if _, err := autocomplete.Rebuild(ctx, g); err != nil {
		builtinErr = err
	}
	if err := g.Close(); builtinErr == nil {
		builtinErr = err
	}
}

// Load puts places into a store through a Loader.
func Load(t testing.TB, g *storage.Gazetteer, places ...address.Place) {
	t.Helper()
	l, err := g.NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range places {
		if err := l.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}
