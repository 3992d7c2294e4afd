package address

import "testing"

// TestPlusCodeWord checks which words of an address are read as Plus Codes;
// the codes themselves are tested against the official vectors in package
// pluscode.
func TestPlusCodeWord(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{"8JGR+PQW", true},     // short, as Google writes it beside a locality
		{"6FR5JFM7+Q9", true},  // full
		{"8FWC0000+", true},    // full, padded
		{"9C3W9QCJ+2VX", true}, // full, extra precision
		{"CFX3+X2", true},
		{"8jgr+pqw", true},
		{"+G6", false}, // valid, but too short to be told from punctuation
		{"CF+", false}, // valid short code with nothing after the "+"
		{"00+22", false},
		{"8FWC00+", false},
		{"X2000000+", false}, // latitude out of range
		{"ABCD+EF", false},
		{"C++", false},
	}
	for _, tt := range tests {
		if got := plusCodeWord(tt.code); got != tt.want {
			t.Errorf("plusCodeWord(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}
