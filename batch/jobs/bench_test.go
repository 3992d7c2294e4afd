package jobs_test

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/internal/procstat"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
	"gocloud.dev/blob/fileblob"
)

// realAddresses returns the Nigerian address strings of the shared data:
// the INEC polling units as "pu_name, ward, lga, state" and their
// Google-formatted addresses, and the NIPOST rural villages.
func realAddresses(b *testing.B, shared string) []string {
	var out []string
	shareddata.ReadCSV(b, filepath.Join(shared, "ng-inec-polling-units", "polling_units.csv"), func(row map[string]string) {
		out = append(out, strings.Join([]string{row["pu_name"], row["ward"], row["lga"], row["state"]}, ", "))
		if g := row["google_formatted_address"]; g != "" {
			out = append(out, g)
		}
	})
	shareddata.ReadCSV(b, filepath.Join(shared, "ng-nipost-postcodes", "rural_postcodes.csv"), func(row map[string]string) {
		out = append(out, strings.Join([]string{row["town"], row["district"], row["lga"], row["state"]}, ", "))
	})
	return out
}

// writeInput writes a CSV file of n rows (id, address), the addresses
// repeated in turn.
func writeInput(path string, addrs []string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(f) // buffered: one write call per 4 KB
	cw.Write([]string{"id", "address"})
	for i := range n {
		cw.Write([]string{strconv.Itoa(i), addrs[i%len(addrs)]})
	}
	cw.Flush()
	return errors.Join(cw.Error(), f.Close())
}

// BenchmarkJob runs jobs of 50,000 and 500,000 rows of real Nigerian
// address strings end to end (Submit to COMPLETED, the output written to a
// file:// bucket) with the gazetteer of scripts/import-nigeria.sh, and
// reports rows/s, the heap the job adds at its peak and the process's peak
// RSS. With -short (as CI runs every benchmark once, to see that it
// works), one job of 5,000 rows.
func BenchmarkJob(b *testing.B) {
	shared := shareddata.Dir(b)
	gz := storetest.Nigeria(b, shared)
	// The input files are written before the jobs run, so that the
	// benchmark holds no address in memory while they do.
	sizes := []int{50_000, 500_000}
	if testing.Short() {
		sizes = []int{5_000}
	}
	inputs := map[int]string{}
	func() {
		addrs := realAddresses(b, shared)
		for _, n := range sizes {
			inputs[n] = filepath.Join(b.TempDir(), "input.csv")
			if err := writeInput(inputs[n], addrs, n); err != nil {
				b.Fatal(err)
			}
		}
	}()
	// The gazetteer builds its spelling tables on first use: start-up
	// work, left out of the job's memory and time.
	if err := gz.Warm(context.Background()); err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for range b.N {
				store, err := badgerjobs.Open(b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				bucket, err := fileblob.OpenBucket(b.TempDir(), nil)
				if err != nil {
					b.Fatal(err)
				}
				m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: gz, Store: store, Queue: jobs.NewMemoryQueue(0), Bucket: bucket})
				if err != nil {
					b.Fatal(err)
				}
				in, err := os.Open(inputs[n])
				if err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				procstat.ResetPeakRSS(0)
				ctx, cancel := context.WithCancel(context.Background())
				start := time.Now()
				j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "bench", Filename: "bench.csv", Region: "Nigeria"}, in)
				in.Close()
				if err != nil {
					b.Fatal(err)
				}
				var wg sync.WaitGroup
				wg.Add(1)
				go func() { defer wg.Done(); m.Run(ctx) }()
				var peak uint64
				for {
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapInuse)
					j, err = m.Job(ctx, "bench", j.ID)
					if err != nil {
						b.Fatal(err)
					}
					if j.State.Final() {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				elapsed := time.Since(start)
				cancel()
				wg.Wait()
				if j.State != jobs.Completed || j.Summary.Rows != n {
					b.Fatalf("job %s, %d rows: %s", j.State, j.Summary.Rows, j.Reason)
				}
				b.ReportMetric(float64(n)/elapsed.Seconds(), "rows/s")
				b.ReportMetric(elapsed.Seconds(), "s/job")
				b.ReportMetric(float64(peak-min(peak, base.HeapInuse))/(1<<20), "job-heap-MB")
				b.ReportMetric(procstat.PeakRSS(0), "peak-RSS-MB")
				b.ReportMetric(j.Summary.Validated, "validated-%")
				store.Close()
				bucket.Close()
			}
		})
	}
}
