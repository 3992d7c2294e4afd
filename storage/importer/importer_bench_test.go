package importer

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// BenchmarkImport imports the 2019 OSM place nodes of Nigeria (51,000
// places with coordinates, attached to the nearest ward or LGA) into a
// store with the built-in gazetteer, and reports places per second.
func BenchmarkImport(b *testing.B) {
	path := filepath.Join(shareddata.Dir(b), "ng-osm-nodes-2019", "nigeria_osm_nodes.csv")
	m, err := ParseMapping("id=osm_node_id,name=name,alt_names=name_en,kind=value,lat=lat,lon=lon,rank=population,?tag=place")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	places := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := storage.Open(b.TempDir(), storage.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := builtin.Install(ctx, g); err != nil {
			b.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := Table(ctx, g, f, 0, "csv", Options{Mapping: m, Source: "osm"})
		if err != nil {
			b.Fatal(err)
		}
		places += st.Places
		// (closing flushes the memtable: the places are on disk once it
		// returns, and the import is done)
		if err := g.Close(); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	b.ReportMetric(float64(places)/b.Elapsed().Seconds(), "places/s")
}
