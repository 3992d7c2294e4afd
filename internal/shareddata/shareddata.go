// Package shareddata finds the public datasets that tests, evaluations and
// benchmarks read: ../shared/data beside the repository, or the folder named
// by $ADDRKIT_SHARED_DATA. Tests that need it skip when it is absent.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the shared data folder, skipping the test or benchmark with a
// clear message when it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := Find()
	if err != nil {
		tb.Skipf("shared data not found (set ADDRKIT_SHARED_DATA): %v", err)
	}
	return dir
}

// Find looks for the shared data folder: $ADDRKIT_SHARED_DATA, else
// ../shared/data beside the module root found above the working directory.
func Find() (string, error) {
	if dir := os.Getenv("ADDRKIT_SHARED_DATA"); dir != "" {
		return check(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return check(filepath.Join(d, "..", "shared", "data"))
		}
		if filepath.Dir(d) == d {
			return check(filepath.Join(wd, "..", "..", "shared", "data"))
		}
	}
}

func check(dir string) (string, error) {
	if _, err := os.Stat(filepath.Join(dir, "SOURCES.md")); err != nil {
		return "", err
	}
	return filepath.Abs(dir)
}
