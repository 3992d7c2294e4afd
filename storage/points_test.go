package storage

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestNearInMemory: Near on a preloaded store (the point index in memory)
// answers as Near on the store's geohash keys, for random points around
// places spread over clusters, cell edges, the antimeridian and the poles.
func TestNearInMemory(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	centres := [][2]float64{{6.45, 3.39}, {51.5, -0.12}, {0.0, 0.0}, {-16.5, 179.9}, {-16.5, -179.9}, {89.5, 10}, {-89.5, -10}}
	kinds := []address.PlaceKind{address.KindAddress, address.KindStreet, address.KindNeighbourhood, address.KindTown, address.KindCity}
	var places []address.Place
	for i := 0; i < 3000; i++ {
		c := centres[i%len(centres)]
		lat := max(-90, min(90, c[0]+rng.NormFloat64()*0.3))
		lon := c[1] + rng.NormFloat64()*0.3
		if lon > 180 {
			lon -= 360
		} else if lon < -180 {
			lon += 360
		}
		places = append(places, address.Place{ID: fmt.Sprintf("p%04d", i), Kind: kinds[i%len(kinds)], Name: fmt.Sprintf("Place %d", i),
			Country: "NG", Lat: lat, Lon: lon, HasPoint: true})
	}
	dir := t.TempDir()
	w, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	putPlaces(t, w, places)
	ctx := context.Background()
	type ask struct {
		lat, lon, radius float64
		kinds            []address.PlaceKind
	}
	var asks []ask
	for i := 0; i < 400; i++ {
		p := places[rng.Intn(len(places))]
		a := ask{p.Lat + rng.NormFloat64()*0.02, p.Lon + rng.NormFloat64()*0.02, []float64{100, 800, 5000, 30000}[i%4], nil}
		if i%3 == 0 {
			a.kinds = kinds[i%len(kinds) : i%len(kinds)+1]
		}
		asks = append(asks, a)
	}
	want := make([][]string, len(asks))
	for i, a := range asks {
		ps, err := w.Near(ctx, a.lat, a.lon, a.radius, 0, a.kinds...)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = placeIDs(ps)
		slices.Sort(want[i])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pre, err := Open(dir, Options{ReadOnly: true, Preload: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pre.Close()
	found := 0
	for i, a := range asks {
		ps, err := pre.Near(ctx, a.lat, a.lon, a.radius, 0, a.kinds...)
		if err != nil {
			t.Fatal(err)
		}
		for j := 1; j < len(ps); j++ {
			if address.Distance(a.lat, a.lon, ps[j-1].Lat, ps[j-1].Lon) > address.Distance(a.lat, a.lon, ps[j].Lat, ps[j].Lon) {
				t.Fatalf("%+v: not nearest first: %v", a, placeIDs(ps))
			}
		}
		got := placeIDs(ps)
		slices.Sort(got)
		if !slices.Equal(got, want[i]) {
			t.Errorf("%+v: in memory %v, from the store %v", a, got, want[i])
		}
		found += len(got)
	}
	if found < len(asks) {
		t.Errorf("%d places found for %d points: the test asks too little", found, len(asks))
	}
}
