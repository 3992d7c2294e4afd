// Package storetest opens real gazetteers for tests: a Badger store in a
// temporary directory holding the built-in gazetteer.
package storetest

import (
	"context"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// Builtin opens a store in a temporary directory with the built-in
// gazetteer installed, closed when the test ends.
func Builtin(t testing.TB) *storage.Gazetteer {
	t.Helper()
	g, err := builtin.Open(context.Background(), t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
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
