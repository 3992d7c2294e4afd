package address

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestNearBound checks near's shortcut by latitude against Distance itself,
// on random pairs at every scale, and at the boundary along a meridian.
func TestNearBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 200000 {
		lat := rng.Float64()*180 - 90
		lon := rng.Float64()*360 - 180
		spread := []float64{0.001, 0.05, 0.3, 3, 90}[i%5]
		p := &Place{Lat: lat, Lon: lon, HasPoint: true}
		q := &Place{Lat: max(-90, min(90, lat+(rng.Float64()*2-1)*spread)), Lon: lon + (rng.Float64()*2-1)*spread, HasPoint: true}
		for _, d := range []float64{1000, 15000, 20000} {
			if got, want := near(p, q, d), Distance(p.Lat, p.Lon, q.Lat, q.Lon) <= d; got != want {
				t.Fatalf("near(%v,%v %v,%v, %v) = %v, Distance %v", p.Lat, p.Lon, q.Lat, q.Lon, d, got, Distance(p.Lat, p.Lon, q.Lat, q.Lon))
			}
		}
	}
	// along a meridian the distance is the latitudes' arc itself
	p := &Place{Lat: 6.5, Lon: 3.4, HasPoint: true}
	for _, d := range []float64{1000, 15000, 20000} {
		dlat := d / EarthRadius * 180 / math.Pi
		for _, f := range []float64{1 - 1e-12, 1, 1 + 1e-12} {
			q := &Place{Lat: p.Lat + dlat*f, Lon: p.Lon, HasPoint: true}
			if got, want := near(p, q, d), Distance(p.Lat, p.Lon, q.Lat, q.Lon) <= d; got != want {
				t.Errorf("near(%v,%v %v,%v, %v) = %v, want %v", p.Lat, p.Lon, q.Lat, q.Lon, d, got, want)
			}
		}
	}
	if near(p, &Place{Lat: 6.5, Lon: 3.4}, 1000) {
		t.Error("near a place without a point")
	}
}
