//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"gocloud.dev/blob/fileblob"
)

// TestPrivateFiles: with the umask serve sets, a file:// bucket's files
// are 0600 and its directories 0700: no other local user reads a
// tenant's upload.
func TestPrivateFiles(t *testing.T) {
	dir := t.TempDir()
	defer restoreUmask(privateFiles())
	b, err := fileblob.OpenBucket(dir, &fileblob.Options{NoTempDir: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.WriteAll(context.Background(), "uploads/job_x/input", []byte("street\nIkeja\n"), nil); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{
		filepath.Join(dir, "uploads"):                   0o700,
		filepath.Join(dir, "uploads", "job_x"):          0o700,
		filepath.Join(dir, "uploads", "job_x", "input"): 0o600,
	} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", path, got, want)
		}
	}
}
