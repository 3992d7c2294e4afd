package jobs_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
)

// TestSweep: the files a killed process left half-written (.tmp) that
// nothing wrote for longer than the lease are deleted, with the
// directories they leave empty; a fresh one, being written, stays.
func TestSweep(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	old := time.Now().Add(-time.Hour)
	plant := func(rel string, at time.Time) string {
		p := filepath.Join(r.bucketDir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("rows of a tenant\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plant("uploads/job_batch_a/input.18a2b3c4d5e6f708.tmp", old)
	plant("processed/job_batch_b/parts/00003.csv.18a2b3c4d5e6f709.tmp", old)
	fresh := plant("processed/job_batch_c/parts/00001.csv.18a2b3c4d5e6f70a.tmp", time.Now())
	kept := plant("processed/job_batch_d/validated.csv", old) // a finished output
	n, err := m.Sweep(context.Background(), time.Now())
	if err != nil || n != 2 {
		t.Fatalf("Sweep: %d, %v; want 2", n, err)
	}
	for _, gone := range []string{"uploads/job_batch_a", "processed/job_batch_b"} {
		if _, err := os.Stat(filepath.Join(r.bucketDir, gone)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is left: %v", gone, err)
		}
	}
	for _, p := range []string{fresh, kept} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was swept: %v", p, err)
		}
	}
	// uploads/ itself stays, emptied: another node may be making a job's
	// directory in it (a worker's sweep at start had raced an API node's
	// upload, which failed "no such file or directory")
	if fi, err := os.Stat(filepath.Join(r.bucketDir, "uploads")); err != nil || !fi.IsDir() {
		t.Errorf("uploads/ was pruned: %v", err)
	}
}
