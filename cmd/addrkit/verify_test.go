package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/internal/storetest"
)

// flip inverts the byte at off of the file (off < 0: from the end).
func flip(t *testing.T, path string, off int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if off < 0 {
		off += int64(len(b))
	}
	b[off] ^= 0xff
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// largest returns the largest file of dir whose name ends with ext.
func largest(t *testing.T, dir, ext string) (string, int64) {
	t.Helper()
	var best string
	var size int64
	matches, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.Size() > size {
			best, size = m, fi.Size()
		}
	}
	if best == "" {
		t.Fatalf("no %s file in %s", ext, dir)
	}
	return best, size
}

// TestDamagedData flips one byte in each kind of file of a data
// directory (the built-in gazetteer, its autocomplete index kept): verify
// finds every damage, and serve refuses a damaged gazetteer at start-up
// with an error that names the damage and what to do, never a panic; a
// damaged index is built anew, with a warning.
func TestDamagedData(t *testing.T) {
	ctx := context.Background()
	clean := storetest.BuiltinDir(t) // the built-in gazetteer, its index kept
	var out bytes.Buffer
	if err := Run(ctx, []string{"verify", "--data", clean}, nil, &out, &out); err != nil {
		t.Fatalf("verify of the clean directory: %v\n%s", err, out.String())
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		starts bool // serve starts anyway (and says what it rebuilt)
		want   string
	}{
		{"a block of the largest table", func(t *testing.T, dir string) {
			p, n := largest(t, dir, ".sst")
			flip(t, p, n/2)
		}, false, "is damaged"},
		{"the index of the largest table", func(t *testing.T, dir string) {
			p, _ := largest(t, dir, ".sst")
			flip(t, p, -60)
		}, false, "checksum"},
		{"the manifest", func(t *testing.T, dir string) {
			p, n := largest(t, dir, "MANIFEST")
			flip(t, p, n/2)
		}, false, "manifest"},
		{"the value log (the kept index)", func(t *testing.T, dir string) {
			p, n := largest(t, dir, ".vlog")
			flip(t, p, n/2)
		}, true, "autocomplete index cannot be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if raceDetector && (strings.HasPrefix(c.name, "the index") || c.name == "the manifest") {
				// Badger v4.9.6 races with itself when a table cannot be
				// opened (a damaged index, or one the manifest names and
				// the directory lacks): the goroutines opening the others
				// write while closeAllTables reads (levels.go:153 and
				// :188). These cases run in the pass without the race
				// detector.
				t.Skip("Badger's own data race on a table that fails to open (levels.go:153/188)")
			}
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(clean)); err != nil {
				t.Fatal(err)
			}
			c.damage(t, dir)
			var out bytes.Buffer
			err := Run(ctx, []string{"verify", "--data", dir}, nil, &out, &out)
			if !errors.Is(err, errDamaged) {
				t.Errorf("verify: %v, want the damage found\n%s", err, out.String())
			}
			cctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(cctx, exe, "serve", "--data", dir, "--listen", "127.0.0.1:0")
			cmd.Env = append(os.Environ(), asMain+"=1")
			logs := &lockedBuffer{}
			cmd.Stderr = logs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var werr error
			// a wait, not a timing: under the race detector on two busy
			// cores, rebuilding the index and starting take tens of seconds
			for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
				select {
				case werr = <-done:
				default:
					if !strings.Contains(logs.String(), "msg=listening") && time.Now().Before(deadline) {
						continue
					}
					cmd.Process.Kill()
					werr = <-done
				}
				break
			}
			log := logs.String()
			switch {
			case strings.Contains(log, "panic"):
				t.Fatalf("serve panicked:\n%s", log)
			case c.starts != strings.Contains(log, "msg=listening"):
				t.Errorf("serve started: %v, want %v (%v)\n%s", !c.starts, c.starts, werr, log)
			case !strings.Contains(log, c.want):
				t.Errorf("serve's log does not say %q:\n%s", c.want, log)
			case !c.starts && (!strings.Contains(log, "is damaged") || !strings.Contains(log, "addrkit import")):
				t.Errorf("serve's error does not say what is damaged and what to do:\n%s", log)
			}
		})
	}
}

// lockedBuffer is a buffer a process's output is copied into while the
// test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
