package shareddata

import (
	"fmt"
	"slices"
	"testing"
)

// recorder is a testing.TB that keeps its errors.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestFloorsCheck(t *testing.T) {
	floors := Floors{"recall": 90, "held-aside half": 88.5}
	tests := []struct {
		name string
		got  map[string]float64
		want []string
	}{
		{"at and above", map[string]float64{"recall": 90, "held-aside half": 99}, nil},
		{"one figure only", map[string]float64{"recall": 91}, nil},
		{"below", map[string]float64{"recall": 89.99, "held-aside half": 88.5},
			[]string{"recall: 89.99%, below its floor 90.00%"}},
		{"no floor of the name", map[string]float64{"recal": 95},
			[]string{"recal: 95.00%, but no floor of that name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			floors.Check(r, tt.got)
			if !slices.Equal(r.errors, tt.want) {
				t.Errorf("Check(%v) = %q, want %q", tt.got, r.errors, tt.want)
			}
		})
	}
}
