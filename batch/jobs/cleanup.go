package jobs

// The files of jobs removed: a deleted or expired job's, and what a killed
// process left half-written; and the directories a file:// bucket leaves
// empty.

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// remove deletes the input, output, parts and record of a finished job.
func (m *Manager) remove(ctx context.Context, j Job) error {
	keys := []string{j.InputKey, j.OutputKey}
	for k := range j.Parts {
		keys = append(keys, PartKey(j.ID, k))
	}
	for _, key := range keys {
		if err := m.o.Bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return err
		}
	}
	// and whatever else lies under the job's prefixes: the temporary
	// file of a part whose worker was killed while writing it
	for _, prefix := range []string{"uploads/" + j.ID + "/", "processed/" + j.ID + "/"} {
		if err := m.deleteUnder(ctx, prefix); err != nil {
			return err
		}
	}
	// an update in flight meets ErrNotFound: it does not write the record
	// back
	return m.o.Store.Delete(ctx, j.ID)
}

// deleteUnder deletes every file of the bucket under prefix, and the
// directories of a file:// bucket left empty.
func (m *Manager) deleteUnder(ctx context.Context, prefix string) error {
	return m.deleteWhere(ctx, prefix, func(*blob.ListObject) bool { return true })
}

// deleteWhere deletes the files of the bucket under prefix that del
// chooses, then prunes the directories left empty.
func (m *Manager) deleteWhere(ctx context.Context, prefix string, del func(*blob.ListObject) bool) error {
	it := m.o.Bucket.List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			m.prune(prefix)
			return nil
		}
		if err != nil {
			return err
		}
		if obj.IsDir || !del(obj) {
			continue
		}
		if err := m.o.Bucket.Delete(ctx, obj.Key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return err
		}
	}
}

// prune removes the empty directories of a file:// bucket under prefix,
// deepest first, and the prefix's own directories up to the bucket's
// uploads/ or processed/, which stay. A directory a node is writing into
// meanwhile is not empty, and stays (fileblob makes the directories of a
// key when it writes one); one a node has just made for a key and not yet
// written into may go, and newWriter makes it again.
func (m *Manager) prune(prefix string) {
	if m.o.Dir == "" {
		return
	}
	root := filepath.Join(m.o.Dir, filepath.FromSlash(prefix))
	var dirs []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	for _, d := range slices.Backward(dirs) {
		if filepath.Dir(d) == filepath.Clean(m.o.Dir) {
			continue // uploads/ and processed/ themselves stay: another node may be making a job's directory in them
		}
		os.Remove(d) // fails, as it should, on one that is not empty
	}
	for d := filepath.Dir(root); strings.Count(strings.TrimPrefix(d, m.o.Dir), string(filepath.Separator)) > 1; d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			break
		}
	}
}

// tmpSuffix ends the name of a file a bucket writer is writing (fileblob
// with no_tmp_dir writes "<key>.<hex>.tmp" beside the key).
const tmpSuffix = ".tmp"

// Sweep deletes the files a killed process left half-written in the
// bucket (uploads and parts whose name ends in .tmp) that nothing has
// written for longer than the lease, and prunes the directories left
// empty; it returns how many it deleted. Run calls it at start and every
// hour.
func (m *Manager) Sweep(ctx context.Context, now time.Time) (int, error) {
	n := 0
	for _, prefix := range []string{"uploads/", "processed/"} {
		err := m.deleteWhere(ctx, prefix, func(obj *blob.ListObject) bool {
			stale := strings.HasSuffix(obj.Key, tmpSuffix) && obj.ModTime.Before(now.Add(-m.o.Lease))
			if stale {
				n++
			}
			return stale
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Expire deletes the inputs, outputs and records of the jobs that finished
// more than Retention before now, and returns how many.
func (m *Manager) Expire(ctx context.Context, now time.Time) (int, error) {
	before := now.Add(-m.o.Retention)
	old, err := m.jobsWhere(ctx, func(j *Job) bool { return j.State.Final() && j.Finished.Before(before) })
	if err != nil {
		return 0, err
	}
	for _, j := range old {
		if err := m.remove(ctx, j); err != nil {
			return 0, err
		}
	}
	return len(old), nil
}
