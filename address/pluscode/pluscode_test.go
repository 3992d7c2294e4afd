package pluscode

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/shareddata"
)

// vectors streams the comma-separated rows of an official test file.
func vectors(t *testing.T, name string, fields int, fn func(f []string)) {
	t.Helper()
	f, err := os.Open(filepath.Join(shareddata.Dir(t), "olc-test-vectors", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		row := strings.Split(line, ",")
		if len(row) != fields {
			t.Fatalf("%s: %q has %d fields, want %d", name, line, len(row), fields)
		}
		fn(row)
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	t.Logf("%s: %d vectors", name, n)
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestValidityVectors(t *testing.T) {
	vectors(t, "validityTests.csv", 4, func(f []string) {
		code := f[0]
		if got := IsValid(code); got != (f[1] == "true") {
			t.Errorf("IsValid(%q) = %v", code, got)
		}
		if got := IsShort(code); got != (f[2] == "true") {
			t.Errorf("IsShort(%q) = %v", code, got)
		}
		if got := IsFull(code); got != (f[3] == "true") {
			t.Errorf("IsFull(%q) = %v", code, got)
		}
	})
}

func TestEncodingVectors(t *testing.T) {
	vectors(t, "encoding.csv", 6, func(f []string) {
		lat, lng, length := num(t, f[0]), num(t, f[1]), int(num(t, f[4]))
		got, err := Encode(lat, lng, length)
		if f[5] == "" {
			if err == nil {
				t.Errorf("Encode(%v, %v, %d) = %q, want an error", lat, lng, length, got)
			}
			return
		}
		if err != nil || got != f[5] {
			t.Errorf("Encode(%v, %v, %d) = %q, %v; want %q", lat, lng, length, got, err, f[5])
		}
	})
}

func TestDecodingVectors(t *testing.T) {
	const eps = 1e-10
	vectors(t, "decoding.csv", 6, func(f []string) {
		a, err := Decode(f[0])
		if err != nil {
			t.Errorf("Decode(%q): %v", f[0], err)
			return
		}
		want := Area{num(t, f[2]), num(t, f[3]), num(t, f[4]), num(t, f[5]), int(num(t, f[1]))}
		if a.Len != want.Len || math.Abs(a.LatLo-want.LatLo) > eps || math.Abs(a.LngLo-want.LngLo) > eps ||
			math.Abs(a.LatHi-want.LatHi) > eps || math.Abs(a.LngHi-want.LngHi) > eps {
			t.Errorf("Decode(%q) = %+v, want %+v", f[0], a, want)
		}
	})
}

func TestShortCodeVectors(t *testing.T) {
	vectors(t, "shortCodeTests.csv", 5, func(f []string) {
		full, lat, lng, short, kind := f[0], num(t, f[1]), num(t, f[2]), f[3], f[4]
		if kind == "S" || kind == "B" {
			if got, err := Shorten(full, lat, lng); err != nil || got != short {
				t.Errorf("Shorten(%q, %v, %v) = %q, %v; want %q", full, lat, lng, got, err, short)
			}
		}
		if kind == "R" || kind == "B" {
			if got, err := RecoverNearest(short, lat, lng); err != nil || got != full {
				t.Errorf("RecoverNearest(%q, %v, %v) = %q, %v; want %q", short, lat, lng, got, err, full)
			}
		}
	})
}

// TestRoundTrip needs no shared data: codes of Nigerian points decode to
// cells holding the point, and short codes recover from a nearby town.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		lat, lng float64
		length   int
	}{
		{6.4281, 3.4219, 10}, {9.0579, 7.4951, 11}, {-33.8688, 151.2093, 10}, {51.5007, -0.1246, 12}, {0, 0, 8},
	}
	for _, tt := range tests {
		code, err := Encode(tt.lat, tt.lng, tt.length)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Decode(code)
		if err != nil {
			t.Fatalf("Decode(%q): %v", code, err)
		}
		if tt.lat < a.LatLo || tt.lat >= a.LatHi || tt.lng < a.LngLo || tt.lng >= a.LngHi {
			t.Errorf("%q = %+v does not hold (%v, %v)", code, a, tt.lat, tt.lng)
		}
		short, err := Shorten(code, tt.lat+0.01, tt.lng-0.01)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := RecoverNearest(short, tt.lat+0.01, tt.lng-0.01); err != nil || back != code {
			t.Errorf("RecoverNearest(%q) = %q, %v; want %q", short, back, err, code)
		}
	}
	for _, bad := range []string{"", "+", "8FWC2345", "8FWC2345+G", "8FWC2_45+G6", "WWWWWWWW+WW", "CAONE+1000", "8FWC2345+00"} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode(%q) succeeded", bad)
		}
	}
}

// FuzzIsValid checks that the validity test never panics and that every
// full code it accepts decodes, and every decoded cell encodes back to the
// same code.
func FuzzIsValid(f *testing.F) {
	for _, s := range []string{"8FWC2345+G6", "8FWC0000+", "CAONE+1000", "+", "8JGR+PQW", "9C3W9QCJ+2VXGJQ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if !IsFull(code) || strings.IndexByte(code, padding) >= 0 {
			IsValid(code)
			IsShort(code)
			return
		}
		a, err := Decode(code)
		if err != nil {
			t.Fatalf("Decode(%q): %v", code, err)
		}
		if a.Len < pairLen && a.Len%2 == 1 {
			return // an odd pair section is valid but no Encode length
		}
		lat, lon := (a.LatLo+a.LatHi)/2, (a.LngLo+a.LngHi)/2
		if back, err := Encode(lat, lon, a.Len); err != nil || back != strings.ToUpper(code[:min(len(code), maxLen+1)]) {
			if a.LatHi <= 90 && a.Len <= maxLen {
				t.Fatalf("Encode(Decode(%q)) = %q, %v", code, back, err)
			}
		}
	})
}
