package address

import (
	"context"
	"reflect"
	"testing"
)

// checkIdempotent standardizes the formatted line of s again and reports a
// difference in the line or the components.
func checkIdempotent(t *testing.T, in Input, s Standardized) {
	t.Helper()
	if s.Line == "" || len(s.Line) > MaxInputBytes {
		return
	}
	again, err := Standardize(context.Background(), Input{Text: s.Line, Region: s.Address.Country})
	if err != nil {
		t.Fatalf("Standardize(%q) (the line of %q) failed: %v", s.Line, in.Text, err)
	}
	if again.Line != s.Line {
		t.Errorf("Standardize(%q).Line = %q, want it unchanged (input %q)", s.Line, again.Line, in.Text)
	}
	want := s.Address
	want.Removed = nil // contact details are not part of the line
	if !reflect.DeepEqual(again.Address, want) {
		t.Errorf("Standardize(%q).Address = %+v, want %+v (input %q)", s.Line, again.Address, want, in.Text)
	}
}

func TestStandardizeIdempotent(t *testing.T) {
	for _, tc := range readCases(t, "testdata/standardize.txt") {
		if tc.in.Text == "" {
			continue // structured input may hold values a line cannot say
		}
		s, err := Standardize(context.Background(), tc.in)
		if err != nil {
			continue
		}
		checkIdempotent(t, tc.in, s)
	}
}

func FuzzStandardize(f *testing.F) {
	for _, tc := range readCases(&testing.T{}, "testdata/standardize.txt") {
		f.Add(tc.in.Text, tc.in.Region)
	}
	f.Fuzz(func(t *testing.T, text, region string) {
		in := Input{Text: text, Region: region}
		s, err := Standardize(context.Background(), in)
		if err != nil {
			return
		}
		checkIdempotent(t, in, s)
	})
}
