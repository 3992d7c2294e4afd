package autocomplete

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
)

// blobName is the name under which the index is kept in its Store.
const blobName = "autocomplete"

// Store is a gazetteer that keeps its autocomplete index beside the
// places: *storage.Gazetteer is one. Version changes whenever places are
// written, so a kept index built from an older version is known stale.
type Store interface {
	Source
	Version() (string, error)
	Blob(name string) (data []byte, ok bool, err error)
	SetBlob(name string, data []byte) error
}

// buildRules names the rules Build follows; change it whenever the same
// places would give another index (a kept index is then rebuilt, as after
// an import). "2": a place that one source lists without its point takes
// the point of the duplicate merged into it. "3": "-str" at the end of a
// name is a street only in the countries that fuse it (address.TokensIn).
// "5": a settlement listed without a point under its LGA or state only
// is the first namesake with a point in that LGA or state, and of two
// duplicates the one kept has a point (mergeDrafts; "4", a draft of it,
// merged a ward's settlements into their LGA's).
const buildRules = "5"

// placesVersion is the version an index of the store's places records:
// the places' version and the build rules.
func placesVersion(st Store) (string, error) {
	v, err := st.Version()
	if err != nil {
		return "", fmt.Errorf("autocomplete: %w", err)
	}
	return v + "/rules-" + buildRules, nil
}

// Options configure Open.
type Options struct {
	// Logger receives a line when the index is rebuilt; nil is silent.
	Logger *slog.Logger
}

// Open returns the index kept in the store when it was built from the
// places stored now; otherwise (never built, stale after an import, or
// unreadable) it builds the index and keeps it in the store, unless the
// store reports ReadOnly() true: then the index built serves this process
// only.
func Open(ctx context.Context, st Store, opts Options) (*Index, error) {
	version, err := placesVersion(st)
	if err != nil {
		return nil, err
	}
	data, ok, err := st.Blob(blobName)
	reason, damaged := "none kept", false
	switch {
	case err != nil:
		reason, damaged = err.Error(), true
	case ok:
		ix, err := Decode(bytes.NewReader(data))
		if err == nil && ix.version == version {
			return ix, nil
		}
		reason = "stale"
		if err != nil {
			reason, damaged = err.Error(), true
		}
	}
	if opts.Logger != nil {
		if damaged {
			opts.Logger.Warn("the stored autocomplete index cannot be read: building it anew (addrkit index keeps a good one)", "reason", reason)
		} else {
			opts.Logger.Info("building the autocomplete index", "reason", reason)
		}
	}
	ix, err := Build(ctx, st, version)
	if err != nil {
		return nil, err
	}
	if ro, ok := st.(interface{ ReadOnly() bool }); ok && ro.ReadOnly() {
		return ix, nil
	}
	return ix, ix.save(st)
}

// Verify reads the index kept in the store and checks it (its checksum,
// the bounds of its tables): nil for a good index of the places stored
// now; ErrStale for a good one of other places (Open rebuilds it); the
// error of Decode for a damaged one; ErrNone when none is kept.
func Verify(st Store) (*Index, error) {
	version, err := placesVersion(st)
	if err != nil {
		return nil, err
	}
	data, ok, err := st.Blob(blobName)
	switch {
	case err != nil:
		return nil, fmt.Errorf("autocomplete: read the index: %w", err)
	case !ok:
		return nil, ErrNone
	}
	ix, err := Decode(bytes.NewReader(data))
	switch {
	case err != nil:
		return nil, err
	case ix.version != version:
		return ix, ErrStale
	}
	return ix, nil
}

// Errors of Verify.
var (
	ErrStale = errors.New("autocomplete: the index kept was built from other places; it is rebuilt when served")
	ErrNone  = errors.New("autocomplete: no index is kept; it is built when served")
)

// Rebuild builds the index from the places stored now and keeps it in
// the store: run it after an import.
func Rebuild(ctx context.Context, st Store) (*Index, error) {
	version, err := placesVersion(st)
	if err != nil {
		return nil, err
	}
	ix, err := Build(ctx, st, version)
	if err != nil {
		return nil, err
	}
	return ix, ix.save(st)
}

func (ix *Index) save(st Store) error {
	var buf bytes.Buffer
	if err := ix.Encode(&buf); err != nil {
		return fmt.Errorf("autocomplete: encode the index: %w", err)
	}
	if err := st.SetBlob(blobName, buf.Bytes()); err != nil {
		return fmt.Errorf("autocomplete: keep the index: %w", err)
	}
	return nil
}
