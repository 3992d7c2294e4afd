package httpapi

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// BenchmarkAutocompleteHTTP sends autocomplete requests over loopback from
// concurrent clients (keep-alive connections, 4 and 8 per core) to the whole
// stack: gzhttp, request log, metrics, key check, rate limiter (off), the
// Nigerian gazetteer of scripts/import-nigeria.sh. The queries are the way
// people type: a prefix of 3 or more characters of a place's name, or the
// whole name. Clients and server share the machine's cores.
func BenchmarkAutocompleteHTTP(b *testing.B) {
	for _, perCore := range []int{4, 8} {
		b.Run(fmt.Sprintf("clients=%d", perCore*runtime.GOMAXPROCS(0)), func(b *testing.B) { benchAutocompleteHTTP(b, perCore) })
	}
}

func benchAutocompleteHTTP(b *testing.B, perCore int) {
	gz := storetest.Nigeria(b, shareddata.Dir(b))
	r := newRig(b, nil, func(o *jobs.ManagerOptions) { o.Gazetteer = gz })
	var names []string
	gz.Scan(context.Background(), func(p address.Place) error {
		if p.Country == "NG" && p.Kind != address.KindPostcode && len([]rune(p.Name)) >= 3 {
			names = append(names, p.Name)
		}
		return nil
	})
	rng := rand.New(rand.NewSource(3))
	targets := make([]string, 20000)
	for i := range targets {
		name := []rune(names[rng.Intn(len(names))])
		q := string(name)
		if rng.Intn(2) == 0 {
			q = string(name[:3+rng.Intn(len(name)-2)])
		}
		targets[i] = r.srv.URL + "/v1/address/autocomplete?query=" + url.QueryEscape(q)
	}
	clients := perCore * runtime.GOMAXPROCS(0)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: false}}
	get := func(target string) error {
		req, err := http.NewRequest("GET", target, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+r.keyA)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return fmt.Errorf("%s: %d", target, resp.StatusCode)
		}
		return err
	}
	for _, t := range targets[:2000] { // warm up the connections and caches
		if err := get(t); err != nil {
			b.Fatal(err)
		}
	}
	var mu sync.Mutex
	var lat []time.Duration
	var seed atomic.Int64 // each client draws where it starts from a rand of its own
	b.SetParallelism(perCore)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		local := make([]time.Duration, 0, 1024)
		i := rand.New(rand.NewSource(seed.Add(1))).Int()
		for pb.Next() {
			i++
			start := time.Now()
			if err := get(targets[i%len(targets)]); err != nil {
				// Fatal may only be called from the benchmark's goroutine:
				// report, and stop this client (the others take its share)
				b.Error(err)
				return
			}
			local = append(local, time.Since(start))
		}
		mu.Lock()
		lat = append(lat, local...)
		mu.Unlock()
	})
	b.StopTimer()
	if b.Failed() || len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Microseconds())/1000, "p99-ms")
}
