package importer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/osmgen"
)

// TestOSMGenerated imports a synthetic extract shaped like a large
// country's (internal/osmgen: about 2 million nodes, ADDRKIT_OSM_NODES to
// change it, most of them corners of buildings without an address) and
// checks the places imported against the generator's own counts: every
// named place node, every named highway as one street (each has a name of
// its own), every address point, and nothing of the unnamed roads and
// plain buildings. The file is converted to PBF with osmium-tool when it
// is installed (ADDRKIT_REQUIRE_OSMIUM=1 makes its absence a failure, as
// in CI), and read as XML otherwise.
func TestOSMGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("a 2-million-node import: skipped in -short mode")
	}
	nodes := 2_000_000
	if v := os.Getenv("ADDRKIT_OSM_NODES"); v != "" {
		var err error
		if nodes, err = strconv.Atoi(v); err != nil {
			t.Fatalf("ADDRKIT_OSM_NODES=%q: %v", v, err)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "country.osm")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := osmgen.Write(f, osmgen.Options{Nodes: nodes, Seed: 7})
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if osmium, err := exec.LookPath("osmium"); err == nil {
		pbf := path + ".pbf"
		if out, err := exec.Command(osmium, "cat", path, "-o", pbf).CombinedOutput(); err != nil {
			t.Fatalf("osmium cat: %v\n%s", err, out)
		}
		os.Remove(path)
		path = pbf
	} else if os.Getenv("ADDRKIT_REQUIRE_OSMIUM") != "" {
		t.Fatal("osmium-tool is not installed (apt-get install osmium-tool)")
	} else {
		t.Log("osmium-tool is not installed: the XML file is imported")
	}
	g := newStore(t)
	start := time.Now()
	st, err := OSM(context.Background(), g, path, Options{Country: "NG"})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("%d nodes, %d ways: %d places in %v (%.0f places/s, %.0f nodes/s)", want.Nodes, want.Ways, st.Places, took.Round(time.Millisecond),
		float64(st.Places)/took.Seconds(), float64(want.Nodes)/took.Seconds())
	var places, streets, addresses, other int
	err = g.Scan(context.Background(), func(p address.Place) error {
		switch {
		case !strings.HasPrefix(p.ID, "osm:"):
		case p.Kind == address.KindStreet:
			streets++
		case p.Kind == address.KindAddress:
			addresses++
		case p.Kind == address.KindTown || p.Kind == address.KindVillage || p.Kind == address.KindNeighbourhood:
			places++
		default:
			other++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if places != want.Places || streets != want.Streets || addresses != want.Addresses || other != 0 {
		t.Errorf("imported %d places, %d streets, %d addresses, %d others; the file has %d, %d, %d",
			places, streets, addresses, other, want.Places, want.Streets, want.Addresses)
	}
	if st.Places != want.Places+want.Streets+want.Addresses || st.Skipped != 0 {
		t.Errorf("stats %+v, want %d places", st, want.Places+want.Streets+want.Addresses)
	}
}
