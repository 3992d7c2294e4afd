// Package shareddata finds the public datasets that tests, evaluations and
// benchmarks read: ../shared/data beside the repository, or the folder named
// by $ADDRKIT_SHARED_DATA. Tests that need it skip when it is absent, and
// fail instead when $ADDRKIT_REQUIRE_DATA is set (as CI sets it).
package shareddata

import (
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the shared data folder, skipping the test or benchmark with a
// clear message when it is absent (see Missing).
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := Find()
	if err != nil {
		Missing(tb, "shared data not found (set ADDRKIT_SHARED_DATA): %v", err)
	}
	return dir
}

// Missing skips the test or benchmark for want of data, saying what is
// missing, or fails it when $ADDRKIT_REQUIRE_DATA is set: CI sets it, so
// that an evaluation cannot pass there by not running.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if os.Getenv("ADDRKIT_REQUIRE_DATA") != "" {
		tb.Fatalf("ADDRKIT_REQUIRE_DATA is set: "+format, args...)
		return
	}
	tb.Skipf(format, args...)
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

// ReadCSV streams the records of a CSV file with a header row to fn, by
// column name. The map is reused between calls.
func ReadCSV(tb testing.TB, path string, fn func(row map[string]string)) {
	tb.Helper()
	ReadDelimited(tb, path, ',', fn)
}

// ReadDelimited is ReadCSV for a file whose fields are separated by sep
// (';', '|'); a byte-order mark and spaces around the header's names are
// dropped.
func ReadDelimited(tb testing.TB, path string, sep rune, fn func(row map[string]string)) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = sep
	r.LazyQuotes = true
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		tb.Fatal(err)
	}
	header = append([]string(nil), header...)
	for i, h := range header {
		header[i] = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
	}
	row := make(map[string]string, len(header))
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		for i, h := range header {
			row[h] = ""
			if i < len(rec) {
				row[h] = rec[i]
			}
		}
		fn(row)
	}
}

// Report collects evaluation figures: it logs them and, when
// $ADDRKIT_EVAL_REPORT names a file, appends them to it on Flush, so that
// CI shows them without -v.
type Report struct {
	T     testing.TB
	lines []string
}

// Logf logs one figure.
func (r *Report) Logf(format string, args ...any) {
	r.T.Helper()
	line := fmt.Sprintf(format, args...)
	r.T.Log(line)
	r.lines = append(r.lines, line)
}

// Flush appends the figures to $ADDRKIT_EVAL_REPORT.
func (r *Report) Flush() {
	path := os.Getenv("ADDRKIT_EVAL_REPORT")
	if path == "" || len(r.lines) == 0 {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		r.T.Errorf("evaluation report: %v", err)
		return
	}
	fmt.Fprintf(f, "%s\n", r.T.Name())
	for _, l := range r.lines {
		fmt.Fprintf(f, "  %s\n", l)
	}
	if err := f.Close(); err != nil {
		r.T.Errorf("evaluation report: %v", err)
	}
}

// PollingUnit is one row of the INEC polling-unit file.
type PollingUnit struct {
	Name, Ward, LGA, State string
	Google                 string // the Google-formatted address, or ""
}

// PollingUnits draws n rows at random (a fixed seed, the same rows every
// run) from the whole polling-unit file of dir, and n of the rows that
// have a Google-formatted address.
func PollingUnits(tb testing.TB, dir string, n int) (rows, google []PollingUnit) {
	tb.Helper()
	var all, withGoogle []PollingUnit
	ReadCSV(tb, filepath.Join(dir, "ng-inec-polling-units", "polling_units.csv"), func(row map[string]string) {
		p := PollingUnit{row["pu_name"], row["ward"], row["lga"], row["state"], row["google_formatted_address"]}
		all = append(all, p)
		if p.Google != "" {
			withGoogle = append(withGoogle, p)
		}
	})
	rng := rand.New(rand.NewPCG(18, 20))
	for range n {
		rows = append(rows, all[rng.IntN(len(all))])
		google = append(google, withGoogle[rng.IntN(len(withGoogle))])
	}
	return rows, google
}
