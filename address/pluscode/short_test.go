package pluscode

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestShortNearest checks ParseShort and Nearest against RecoverNearest and
// Decode, on random codes shortened by 2, 4 and 6 digits and random
// references near and far.
func TestShortNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		lat, lng := rng.Float64()*170-85, rng.Float64()*360-180
		full, err := Encode(lat, lng, 10+rng.IntN(2))
		if err != nil {
			t.Fatal(err)
		}
		drop := []int{2, 4, 6}[rng.IntN(3)]
		short := full[drop:]
		s, err := ParseShort(short)
		if err != nil {
			t.Fatalf("%s: %v", short, err)
		}
		for j := 0; j < 5; j++ {
			spread := []float64{0.01, 0.5, 3, 40, 200}[j]
			rlat := math.Max(-90, math.Min(90, lat+(rng.Float64()-0.5)*spread))
			rlng := lng + (rng.Float64()-0.5)*spread
			want, err := RecoverNearest(short, rlat, rlng)
			if err != nil {
				t.Fatal(err)
			}
			clat, clng, _ := s.Nearest(rlat, rlng)
			if got := s.Code(clat, clng); got != want {
				t.Fatalf("%s near %f,%f: %s, want %s", short, rlat, rlng, got, want)
			}
			a, _ := Decode(want)
			wlat, wlng := a.Center()
			if math.Abs(wlat-clat) > 1e-9 || math.Abs(wlng-clng) > 1e-9 {
				t.Fatalf("%s near %f,%f: centre %f,%f, want %f,%f", short, rlat, rlng, clat, clng, wlat, wlng)
			}
		}
	}
}
