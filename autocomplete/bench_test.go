package autocomplete_test

import (
	"context"
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
)

// queries draws the benchmark's queries from names (fixed seed), the way
// people type into a search box: a prefix of a name (3 characters or
// more), a whole name with a typo, a whole name.
func queries(names []string, n int) []string {
	rng := rand.New(rand.NewSource(7))
	out := make([]string, 0, n)
	for len(out) < n {
		name := names[rng.Intn(len(names))]
		r := []rune(name)
		if len(r) < 3 {
			continue
		}
		switch rng.Intn(3) {
		case 0:
			out = append(out, string(r[:3+rng.Intn(len(r)-2)]))
		case 1:
			out = append(out, edit(rng, name, 1))
		default:
			out = append(out, name+" ")
		}
	}
	return out
}

// runQueries runs b.N queries on one goroutine and reports the rate and
// the 50th and 99th percentiles of the latency.
func runQueries(b *testing.B, ix *autocomplete.Index, country string, qs []string) {
	ctx := context.Background()
	// warm up: the pooled scratch memory, the caches
	for _, q := range qs[:min(len(qs), 1000)] {
		if _, err := ix.Suggest(ctx, autocomplete.Query{Text: q, Country: country}); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := ix.Suggest(ctx, autocomplete.Query{Text: qs[i%len(qs)], Country: country}); err != nil {
			b.Fatal(err)
		}
		lat[i] = time.Since(start)
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[b.N/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[min(b.N-1, b.N*99/100)].Microseconds()), "p99-µs")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

// BenchmarkSuggestNigeria queries the index of the gazetteer of
// scripts/import-nigeria.sh.
func BenchmarkSuggestNigeria(b *testing.B) {
	ix, names := nigeriaNames(b)
	var ns []string
	for _, x := range names {
		ns = append(ns, x.name)
	}
	runQueries(b, ix, "NG", queries(ns, 20000))
	b.ReportMetric(float64(ix.Len()), "entries")
}

// generated is a Source of a million generated places: 37 states, 774
// LGAs, 20,000 towns, and streets and villages in them, with names made of
// syllables.
type generated struct{ n int }

var syllables = strings.Fields("a ba be bi bo da de di do e fa fe fo ga gi gu ha i ja je ji jo ka ke ki ko ku la le " +
	"li lo lu ma me mi mo mu na ne ni no nu o ola ade ike oku ra re ri ro ru sa se si so su ta te ti to tu wa we " +
	"wu ya ye yo yu za zi zo")

func genName(rng *rand.Rand, words int) string {
	var b strings.Builder
	for w := range words {
		if w > 0 {
			b.WriteByte(' ')
		}
		for s := range 2 + rng.Intn(3) {
			syl := syllables[rng.Intn(len(syllables))]
			if s == 0 {
				syl = strings.ToUpper(syl[:1]) + syl[1:]
			}
			b.WriteString(syl)
		}
	}
	return b.String()
}

var streetTypes = []string{"Street", "Road", "Avenue", "Close", "Crescent", "Way", "Lane"}

func (g generated) Scan(ctx context.Context, fn func(address.Place) error) error {
	rng := rand.New(rand.NewSource(1))
	emit := func(p address.Place) error {
		p.Country, p.HasPoint = "NG", true
		p.Lat, p.Lon = 4+rng.Float64()*9, 3+rng.Float64()*11
		return fn(p)
	}
	if err := emit(address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria"}); err != nil {
		return err
	}
	count := 1
	var lgas, towns [][]string // parent chains
	for s := range 37 {
		id := fmt.Sprintf("s%d", s)
		if err := emit(address.Place{ID: id, Kind: address.KindState, Name: genName(rng, 1), Parents: []string{"NG"}, Rank: 1e6}); err != nil {
			return err
		}
		count++
		for l := range 21 {
			lid := fmt.Sprintf("%s-l%d", id, l)
			if err := emit(address.Place{ID: lid, Kind: address.KindLGA, Name: genName(rng, 1+rng.Intn(2)), Parents: []string{id, "NG"}}); err != nil {
				return err
			}
			count++
			lgas = append(lgas, []string{lid, id, "NG"})
		}
	}
	for t := range 20000 {
		parents := lgas[rng.Intn(len(lgas))]
		id := fmt.Sprintf("t%d", t)
		if err := emit(address.Place{ID: id, Kind: address.KindTown, Name: genName(rng, 1+rng.Intn(2)), Parents: parents, Rank: float64(rng.Intn(100000))}); err != nil {
			return err
		}
		count++
		towns = append(towns, append([]string{id}, parents...))
	}
	for i := 0; count < g.n; i, count = i+1, count+1 {
		parents := towns[rng.Intn(len(towns))]
		p := address.Place{ID: fmt.Sprintf("p%d", i), Parents: parents}
		if i%4 == 0 {
			p.Kind, p.Name = address.KindVillage, genName(rng, 1+rng.Intn(2))
		} else {
			p.Kind, p.Name = address.KindStreet, genName(rng, 1+rng.Intn(2))+" "+streetTypes[rng.Intn(len(streetTypes))]
		}
		if err := emit(p); err != nil {
			return err
		}
	}
	return nil
}

var (
	millionOnce  sync.Once
	million      *autocomplete.Index
	millionNames []string
	millionHeap  uint64
)

// BenchmarkSuggestMillion queries a generated index of 1,000,000 names and
// reports the heap the index holds.
func BenchmarkSuggestMillion(b *testing.B) {
	millionOnce.Do(func() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ix, err := autocomplete.Build(context.Background(), generated{n: 1_000_000}, "")
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		million, millionHeap = ix, after.HeapAlloc-before.HeapAlloc
		i := 0
		if err := (generated{n: 1_000_000}).Scan(context.Background(), func(p address.Place) error {
			if i++; i%100 == 0 {
				millionNames = append(millionNames, p.Name)
			}
			return nil
		}); err != nil {
			b.Fatal(err)
		}
	})
	runQueries(b, million, "NG", queries(millionNames, 20000))
	b.ReportMetric(float64(million.Len()), "entries")
	b.ReportMetric(float64(millionHeap)/(1<<20), "heap-MB")
	b.ReportMetric(float64(million.Size())/(1<<20), "index-MB")
}
