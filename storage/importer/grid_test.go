package importer

import (
	"math/rand/v2"
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestPointGridNearest checks the grid against every place measured with
// address.Distance, for random points around a cluster of places, with
// and without a filter.
func TestPointGridNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []float64{0.05, 0.25} {
		g := newPointGrid(size)
		for range 2000 {
			g.add(address.Place{Lat: 6 + rng.Float64()*2, Lon: 3 + rng.Float64()*2})
		}
		even := func(i int) bool { return i%2 == 0 }
		for range 500 {
			lat, lon := 5.9+rng.Float64()*2.2, 2.9+rng.Float64()*2.2
			for _, radius := range []float64{2000, 10000, 30000} {
				for _, accept := range []func(int) bool{nil, even} {
					want, wantD := -1, radius
					for i, p := range g.places {
						if d := address.Distance(lat, lon, p.Lat, p.Lon); d < wantD && (accept == nil || accept(i)) {
							want, wantD = i, d
						}
					}
					if got := g.nearest(lat, lon, radius, accept); got != want {
						t.Fatalf("cells of %g°, %.4f,%.4f within %g m (filtered %v): place %d, want %d", size, lat, lon, radius, accept != nil, got, want)
					}
				}
			}
		}
	}
}
