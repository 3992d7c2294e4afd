package osmgen_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/addrkit/addrkit/internal/osmgen"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"
)

// TestCounts reads a generated file back with paulmach/osm and checks the
// counts Write returns, the ids ascending with gaps, and that a seed
// writes one file.
func TestCounts(t *testing.T) {
	var a, b bytes.Buffer
	want, err := osmgen.Write(&a, osmgen.Options{Nodes: 50000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := osmgen.Write(&b, osmgen.Options{Nodes: 50000, Seed: 3}); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("the same seed wrote another file (%v)", err)
	}
	var got osmgen.Counts
	var last osm.NodeID
	gaps := 0
	sc := osmxml.New(context.Background(), &a)
	defer sc.Close()
	for sc.Scan() {
		switch o := sc.Object().(type) {
		case *osm.Node:
			got.Nodes++
			if o.ID <= last {
				t.Fatalf("node %d after %d", o.ID, last)
			}
			if o.ID > last+1 {
				gaps++
			}
			last = o.ID
			switch {
			case o.Tags.Find("place") != "" && o.Tags.Find("name") != "":
				got.Places++
			case o.Tags.Find("addr:housenumber") != "" && o.Tags.Find("addr:street") != "":
				got.Addresses++
			}
		case *osm.Way:
			got.Ways++
			switch {
			case o.Tags.Find("highway") != "" && o.Tags.Find("name") != "":
				got.Streets++
			case o.Tags.Find("addr:housenumber") != "" && o.Tags.Find("addr:street") != "":
				got.Addresses++
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	got.Unnamed = want.Unnamed
	if got != want {
		t.Errorf("read %+v, Write said %+v", got, want)
	}
	if gaps < got.Nodes/4 || want.Places == 0 || want.Streets == 0 || want.Addresses == 0 {
		t.Errorf("%d id gaps in %d nodes; counts %+v", gaps, got.Nodes, want)
	}
}

// TestFiller: filler buildings make a larger file of the same places,
// streets and addresses.
func TestFiller(t *testing.T) {
	var a, b bytes.Buffer
	plain, err := osmgen.Write(&a, osmgen.Options{Nodes: 20000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	filled, err := osmgen.Write(&b, osmgen.Options{Nodes: 20000, Seed: 5, Filler: 2})
	if err != nil {
		t.Fatal(err)
	}
	if filled.Places != plain.Places || filled.Streets != plain.Streets || filled.Addresses != plain.Addresses ||
		filled.Nodes < 2*plain.Nodes || b.Len() < 2*a.Len() {
		t.Errorf("filler 2: %+v (%d bytes), none: %+v (%d bytes)", filled, b.Len(), plain, a.Len())
	}
}
