package batch

import "testing"

// FuzzSanitizeFast: Sanitize's fast path for printable ASCII answers what
// the whole path (sanitize) does, for any cell.
func FuzzSanitizeFast(f *testing.F) {
	for _, s := range []string{"12 Allen Avenue, Ikeja", "=1+1", "-2.5", "+", "@", "a\tb", "'x", "~", "\x7f", "é", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		if got, want := Sanitize(cell), sanitize(cell); got != want {
			t.Fatalf("Sanitize(%q) = %q, sanitize = %q", cell, got, want)
		}
	})
}
