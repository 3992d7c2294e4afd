package address_test

import (
	"context"
	"errors"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

// TestReverse reads points of the built-in gazetteer back to places: a
// neighbourhood of Lagos, the centres of cities abroad (their
// neighbourhood when GeoNames has one), a point far from any settlement,
// the open ocean, and coordinates that are no point.
func TestReverse(t *testing.T) {
	g := storetest.Shared(t)
	ctx := context.Background()
	for _, tt := range []struct {
		what          string
		lat, lon      float64
		want          string // the components, "|"-joined: neighbourhood, city, LGA, state code or state, country
		level         address.MatchLevel
		maxDistanceKm float64
	}{
		{"Victoria Island, Lagos", 6.4281, 3.4219, "Victoria Island||Eti-Osa|NG-LA|NG", address.LevelNeighbourhood, 1},
		{"Allen Avenue, Ikeja", 6.6018, 3.3515, "Allen|Ikeja|Ikeja|NG-LA|NG", address.LevelNeighbourhood, 1},
		{"Trans Amadi, Port Harcourt", 4.8156, 7.0498, "Trans Amadi|Port Harcourt|Port Harcourt|NG-RI|NG", address.LevelNeighbourhood, 2},
		{"Westminster, London", 51.5007, -0.1246, "Lambeth|London||England|GB", address.LevelNeighbourhood, 2},
		{"the Eiffel Tower, Paris", 48.8584, 2.2945, "|Paris||Île-de-France|FR", address.LevelLocality, 5},
		{"the centre of Nairobi", -1.2864, 36.8172, "|Nairobi||Nairobi County|KE", address.LevelLocality, 1},
		{"Manhattan", 40.7128, -74.006, "Financial District|New York City||US-NY|US", address.LevelNeighbourhood, 1},
		{"8 km from the centre of Kano", 12.0022, 8.592, "|Kano|Kano Municipal|NG-KN|NG", address.LevelLocality, 9},
	} {
		r, err := address.Reverse(ctx, g, tt.lat, tt.lon)
		if err != nil {
			t.Errorf("%s: %v", tt.what, err)
			continue
		}
		a := r.Address
		state := a.StateCode
		if state == "" {
			state = a.State
		}
		got := strings.Join([]string{a.Neighbourhood, a.City, a.LGA, state, a.Country}, "|")
		if got != tt.want || r.Level != tt.level || r.DistanceM > tt.maxDistanceKm*1000 || !r.HasPoint || len(r.Reasons) == 0 {
			t.Errorf("%s: %s, %s, %.0f m, %v; want %s, %s, within %.0f km", tt.what, got, r.Level, r.DistanceM, r.Reasons, tt.want, tt.level, tt.maxDistanceKm)
		}
		if want := address.Distance(tt.lat, tt.lon, r.Latitude, r.Longitude); math.Abs(want-r.DistanceM) > 1 {
			t.Errorf("%s: distance_m %.0f, but the point answered is %.0f m away", tt.what, r.DistanceM, want)
		}
		if len(r.PlusCode) != 11 || r.PlusCode[8] != '+' {
			t.Errorf("%s: Plus Code %q", tt.what, r.PlusCode)
		}
	}
	if _, err := address.Reverse(ctx, g, 0, -30); !errors.Is(err, address.ErrNothingNear) {
		t.Errorf("the middle of the Atlantic: %v, want ErrNothingNear", err)
	}
	for _, p := range [][2]float64{{91, 0}, {-90.5, 0}, {0, 180.1}, {0, -181}, {math.NaN(), 3}, {6, math.Inf(1)}} {
		if _, err := address.Reverse(ctx, g, p[0], p[1]); !errors.Is(err, address.ErrBadPoint) {
			t.Errorf("%v: %v, want ErrBadPoint", p, err)
		}
	}
}

// TestReverseAddressPoints: where the gazetteer has address points and
// streets (an import's), the nearest address point within 100 m answers,
// else the nearest street within 250 m, else the neighbourhood.
func TestReverseAddressPoints(t *testing.T) {
	g, err := storage.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	storetest.Load(t, g,
		address.Place{ID: "NG", Kind: address.KindCountry, Name: "Nigeria", Country: "NG", Lat: 9, Lon: 8, HasPoint: true},
		address.Place{ID: "NG-LA", Kind: address.KindState, Name: "Lagos", Country: "NG", Parents: []string{"NG"}},
		address.Place{ID: "nb:vi", Kind: address.KindNeighbourhood, Name: "Victoria Island", Country: "NG", Parents: []string{"NG-LA", "NG"},
			Lat: 6.4281, Lon: 3.4219, HasPoint: true},
		address.Place{ID: "st:adeola", Kind: address.KindStreet, Name: "Adeola Odeku Street", Country: "NG", Parents: []string{"nb:vi", "NG-LA", "NG"},
			Lat: 6.4310, Lon: 3.4170, HasPoint: true},
		address.Place{ID: "ad:12", Kind: address.KindAddress, Name: "12 Adeola Odeku Street", HouseNumber: "12", Street: "Adeola Odeku Street",
			Country: "NG", Parents: []string{"st:adeola", "nb:vi", "NG-LA", "NG"}, Lat: 6.4303, Lon: 3.4160, HasPoint: true},
	)
	ctx := context.Background()
	for _, tt := range []struct {
		lat, lon float64
		want     string // the first place id
	}{
		{6.4305, 3.4161, "ad:12"},     // 25 m from the address point
		{6.4318, 3.4178, "st:adeola"}, // 125 m from the street's point, 240 m from the address
		{6.4250, 3.4230, "nb:vi"},     // 360 m from Victoria Island's point, 600 m from the street
		{6.5200, 3.5200, "nb:vi"},     // nothing reaches it: the nearest for its size
		{8.9, 8.1, "NG"},              // 15 km from the country's point, no settlement near
	} {
		r, err := address.Reverse(ctx, g, tt.lat, tt.lon)
		if tt.want == "NG" {
			if !errors.Is(err, address.ErrNothingNear) {
				t.Errorf("%v: %v %v, want ErrNothingNear (a country is no answer)", tt, r.PlaceIDs, err)
			}
			continue
		}
		if err != nil || len(r.PlaceIDs) == 0 || r.PlaceIDs[0] != tt.want {
			t.Errorf("%v: %v %v, want %s first", tt, r.PlaceIDs, err, tt.want)
		}
	}
}

// BenchmarkReverse reverse geocodes points of the gazetteer of
// scripts/import-nigeria.sh (its places' points moved by up to about
// 2 km, so that every tier is met: address points, streets, settlements),
// on one goroutine: look-ups a second, p50 and p99.
func BenchmarkReverse(b *testing.B) {
	gz := storetest.Nigeria(b, shareddata.Dir(b))
	ctx := context.Background()
	rng := rand.New(rand.NewSource(1))
	var pts [][2]float64
	err := gz.Scan(ctx, func(p address.Place) error {
		if p.HasPoint && p.Country == "NG" && rng.Intn(20) == 0 {
			pts = append(pts, [2]float64{p.Lat + rng.NormFloat64()*0.01, p.Lon + rng.NormFloat64()*0.01})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	rng.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
	for _, p := range pts[:min(len(pts), 2000)] { // the point index, the caches
		address.Reverse(ctx, gz, p[0], p[1])
	}
	lat := make([]time.Duration, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pts[i%len(pts)]
		start := time.Now()
		if _, err := address.Reverse(ctx, gz, p[0], p[1]); err != nil && !errors.Is(err, address.ErrNothingNear) {
			b.Fatal(err)
		}
		lat[i] = time.Since(start)
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[b.N/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[min(b.N-1, b.N*99/100)].Microseconds()), "p99-µs")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
