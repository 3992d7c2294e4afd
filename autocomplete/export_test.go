package autocomplete

import (
	"bytes"
	"slices"
	"testing"

	"github.com/blevesearch/vellum"
)

// FSTOf builds an FST of the keys, each mapped to its number in byte
// order, for tests of either package.
func FSTOf(tb testing.TB, keys []string) *vellum.FST {
	tb.Helper()
	keys = slices.Sorted(slices.Values(keys))
	var buf bytes.Buffer
	b, err := vellum.New(&buf, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for i, k := range keys {
		if err := b.Insert([]byte(k), uint64(i)); err != nil {
			tb.Fatal(err)
		}
	}
	if err := b.Close(); err != nil {
		tb.Fatal(err)
	}
	fst, err := vellum.Load(buf.Bytes())
	if err != nil {
		tb.Fatal(err)
	}
	return fst
}
