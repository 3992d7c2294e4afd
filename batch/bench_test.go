package batch_test

import (
	"context"
	"encoding/csv"
	"io"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// BenchmarkBatchShapes runs the batch path (reading, standardizing,
// geocoding, formatting, sanitizing and writing rows) on one worker over
// the rows of address.BenchmarkGeocode: 20,000 polling units drawn at random
// from the whole file, as a file of each shape (one address column; street,
// area, lga and state columns; the Google-formatted address). Set beside
// BenchmarkGeocode, it shows what the batch path costs apart from
// geocoding. It reports rows/s.
func BenchmarkBatchShapes(b *testing.B) {
	shared := shareddata.Dir(b)
	gz := storetest.Nigeria(b, shared)
	rows, google := shareddata.PollingUnits(b, shared, 20000)
	files := map[string]string{}
	write := func(shape string, header []string, rec func(i int) []string) {
		var s strings.Builder
		w := csv.NewWriter(&s)
		w.Write(header)
		for i := range rows {
			w.Write(rec(i))
		}
		w.Flush()
		files[shape] = s.String()
	}
	write("joined", []string{"address"}, func(i int) []string {
		p := rows[i]
		return []string{strings.Join([]string{p.Name, p.Ward, p.LGA, p.State}, ", ")}
	})
	write("split", []string{"street", "area", "lga", "state"}, func(i int) []string {
		p := rows[i]
		return []string{p.Name, p.Ward, p.LGA, p.State}
	})
	write("google", []string{"address"}, func(i int) []string { return []string{google[i].Google} })
	ctx := context.Background()
	if err := gz.Warm(ctx); err != nil { // start-up work, as serve does it
		b.Fatal(err)
	}
	for _, shape := range []string{"joined", "split", "google"} {
		b.Run(shape, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sum, err := batch.Batch(ctx, strings.NewReader(files[shape]), io.Discard, batch.Options{Gazetteer: gz, Region: "Nigeria", Workers: 1})
				if err != nil || sum.Rows != len(rows) {
					b.Fatalf("%v, %d rows", err, sum.Rows)
				}
			}
			b.ReportMetric(float64(b.N*len(rows))/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
