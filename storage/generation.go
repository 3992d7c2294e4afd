package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// A data directory's places live in the directory itself, or, once an
// update has been published while a server held them, in a generation
// beside it: DIR/gen-000001, DIR/gen-000002..., the current one named in
// DIR/CURRENT. A server holds the current generation read-only; a writer
// that finds it held copies it into a new generation, writes there, and
// publishes it by renaming a new CURRENT into place (atomic); servers
// watching the file switch to it (package live) and remove the one they
// leave. Open follows CURRENT, so every command reads the current
// generation.

// currentFile names the current generation in a data directory.
const currentFile = "CURRENT"

// genPrefix starts the name of a generation directory.
const genPrefix = "gen-"

// PlacesDir returns the directory that holds the places of the data
// directory dir: the generation named in dir/CURRENT, or dir itself.
func PlacesDir(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, currentFile))
	if errors.Is(err, os.ErrNotExist) {
		return dir, nil
	}
	if err != nil {
		return "", fmt.Errorf("storage: read the current generation: %w", err)
	}
	name := strings.TrimSpace(string(b))
	if !strings.HasPrefix(name, genPrefix) || strings.ContainsAny(name, `/\`) {
		return "", fmt.Errorf("storage: %s names no generation: %q", filepath.Join(dir, currentFile), name)
	}
	gen := filepath.Join(dir, name)
	if _, err := os.Stat(filepath.Join(gen, "MANIFEST")); err != nil {
		// not an empty store to fill: the places are missing
		return "", fmt.Errorf("storage: the current generation %s: %w", gen, err)
	}
	return gen, nil
}

// IsLocked reports whether err is Badger's refusal to open a directory
// that another process (or another Open in this one) holds.
func IsLocked(err error) bool {
	return errors.Is(err, syscall.EWOULDBLOCK) || err != nil && strings.Contains(err.Error(), "Cannot acquire directory lock")
}

// NewGeneration copies the current places of the data directory dir into
// a new generation directory beside them and returns its path. The copy
// is consistent while no process writes the places (a server holds them
// read-only; a writer holds them exclusively and is refused).
func NewGeneration(dir string) (string, error) {
	from, err := PlacesDir(dir)
	if err != nil {
		return "", err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	next := 1
	for _, e := range entries {
		if n, err := strconv.Atoi(strings.TrimPrefix(e.Name(), genPrefix)); err == nil && strings.HasPrefix(e.Name(), genPrefix) {
			next = max(next, n+1)
		}
	}
	to := filepath.Join(dir, fmt.Sprintf("%s%06d", genPrefix, next))
	if err := os.Mkdir(to, 0o755); err != nil {
		return "", err
	}
	files, err := os.ReadDir(from)
	if err != nil {
		return "", err
	}
	for _, f := range files {
		if !f.Type().IsRegular() || !badgerFile(f.Name()) {
			continue // the lock, and in a data directory's root its other files
		}
		if err := copyFile(filepath.Join(from, f.Name()), filepath.Join(to, f.Name())); err != nil {
			os.RemoveAll(to)
			return "", fmt.Errorf("storage: copy the places into %s: %w", to, err)
		}
	}
	return to, nil
}

// badgerFile reports whether a file name is one of a Badger directory's
// (its LOCK aside).
func badgerFile(name string) bool {
	switch filepath.Ext(name) {
	case ".sst", ".vlog", ".mem":
		return true
	}
	return name == "MANIFEST" || name == "KEYREGISTRY" || name == "DISCARD"
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// syncDir makes a directory's entries (renames, new files) durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Publish makes the generation at gen (from NewGeneration) the current
// places of the data directory dir, atomically.
func Publish(dir, gen string) error {
	if err := syncDir(gen); err != nil {
		return err
	}
	tmp := filepath.Join(dir, currentFile+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = f.WriteString(filepath.Base(gen) + "\n")
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, currentFile)); err != nil {
		return err
	}
	return syncDir(dir)
}

// RemoveGeneration removes a generation directory of the data directory
// dir that is no longer current; it refuses the current one and any
// directory that is not a generation.
func RemoveGeneration(dir, gen string) error {
	cur, err := PlacesDir(dir)
	if err != nil {
		return err
	}
	if filepath.Dir(gen) != filepath.Clean(dir) || !strings.HasPrefix(filepath.Base(gen), genPrefix) || gen == cur {
		return fmt.Errorf("storage: %s is not a generation to remove", gen)
	}
	return os.RemoveAll(gen)
}

// OpenForUpdate opens the places of the data directory dir for writing:
// in place when no other process holds them, else, when only readers hold
// them (a server), in a new generation copied from the current one. done
// closes the gazetteer and, for a new generation, publishes it when commit
// is set (or removes it); call it once, instead of Close. A writer that
// holds the places is not waited for: its lock error is returned. Updates
// by new generations run one at a time (DIR/UPDATE.lock): the next copies
// what the one before published.
func OpenForUpdate(dir string, opts Options) (g *Gazetteer, done func(commit bool) error, err error) {
	opts.ReadOnly = false
	g, err = Open(dir, opts)
	if err == nil {
		return g, func(bool) error { return g.Close() }, nil
	}
	if !IsLocked(err) {
		return nil, nil, err
	}
	unlock, lerr := lockFile(filepath.Join(dir, "UPDATE.lock"))
	if lerr != nil {
		return nil, nil, lerr
	}
	fail := func(err error) (*Gazetteer, func(bool) error, error) {
		unlock()
		return nil, nil, err
	}
	// readers only: a writer's data is not at rest, and is not copied
	from, perr := PlacesDir(dir)
	if perr != nil {
		return fail(perr)
	}
	shared, serr := readersOnly(from)
	if serr != nil {
		return fail(err) // Badger's refusal: a writer holds the places
	}
	gen, err := NewGeneration(dir)
	shared()
	if err != nil {
		return fail(err)
	}
	if g, err = Open(gen, opts); err != nil {
		os.RemoveAll(gen)
		return fail(err)
	}
	return g, func(commit bool) error {
		defer unlock()
		if err := g.Close(); err != nil || !commit {
			os.RemoveAll(gen)
			return err
		}
		return Publish(dir, gen)
	}, nil
}
