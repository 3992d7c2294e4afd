package autocomplete

import (
	"bytes"
	"slices"
	"strings"
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

// LabelPoints returns, for each label the entries of a country's index
// bear, the points of those entries (those without one left out): the
// places a label may mean, which one answer lists once.
func (ix *Index) LabelPoints(cc string) map[string][][2]float64 {
	t := ix.countries[cc]
	if t == nil {
		return nil
	}
	out := map[string][][2]float64{}
	var b strings.Builder
	for e := range uint32(len(t.kind)) {
		b.Reset()
		b.WriteString(t.field(e, recName))
		t.secondary(&b, e)
		lat, lon, pt := t.point(e)
		if pt != PointNone {
			out[b.String()] = append(out[b.String()], [2]float64{lat, lon})
		}
	}
	return out
}
