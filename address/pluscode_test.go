package address

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIsPlusCode(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{"8JGR+PQW", true},     // short, as Google writes it beside a locality
		{"6FR5JFM7+Q9", true},  // full
		{"8FWC0000+", true},    // full, padded
		{"9C3W9QCJ+2VX", true}, // full, extra precision
		{"CFX3+X2", true},
		{"+G6", true}, // valid, but plusCodeWord refuses it in an address
		{"00+22", false},
		{"8FWC00+", false},
		{"X2000000+", false}, // latitude out of range
		{"ABCD+EF", false},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			if got := isPlusCode(tt.code); got != tt.want {
				t.Errorf("isPlusCode(%q) = %v, want %v", tt.code, got, tt.want)
			}
		})
	}
}

// TestPlusCodeVectors checks the shape test against the official validity
// vectors of Open Location Code.
func TestPlusCodeVectors(t *testing.T) {
	dir := sharedData(t)
	f, err := os.Open(filepath.Join(dir, "olc-test-vectors", "validityTests.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) < 4 {
			continue
		}
		n++
		if got, want := isPlusCode(f[0]), f[1] == "true"; got != want {
			t.Errorf("isPlusCode(%q) = %v, want %v", f[0], got, want)
		}
	}
	if n == 0 {
		t.Fatal("no vectors read")
	}
}
