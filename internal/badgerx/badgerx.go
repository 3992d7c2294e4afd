// Package badgerx opens the Badger databases of addrkit (the gazetteer,
// the job store, the key store) the one way: every table's blocks checked
// against their checksums before the database is used, every value read
// from the value log checked, and a damaged directory reported as an
// error that names it and says what to do, never a panic.
package badgerx

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/y"
)

// What to do about a damaged database of each kind: the end of its
// error.
const (
	RemedyGazetteer = "import the gazetteer again (addrkit import, or an empty --data for the built-in one), or restore the directory from a backup"
	RemedyJobs      = "move the directory aside to start with no jobs (their files stay in the bucket), or restore it from a backup"
	RemedyKeys      = "restore the directory from a backup, or move it aside and create the keys again (addrkit keys create)"
)

// ErrCorrupt is wrapped by the errors of a database whose files fail
// their checksums or cannot be decoded.
var ErrCorrupt = errors.New("corrupt")

// Open opens the database of o and verifies it: Badger's checksum of
// every block of every table (DB.VerifyChecksum, run here, where a panic
// of Badger's on a block that cannot be decoded is recovered), and from
// then on the checksum of every value read from the value log. remedy
// says what to do about a damaged directory ("import it again", "restore
// it from a backup"); it ends the error.
//
// Badger's own OnTableRead mode is not used: on a bad block it panics in a
// goroutine of its own (table.VerifyChecksum dereferences the block it
// failed to read), which nothing can recover.
//
// A read-only open of a database whose last writer stopped without closing
// it (killed, or cut off by a closed pipe) finds the end of its write-ahead
// log torn, which Badger replays and truncates only when it may write:
// Open then opens it for writing once, which recovers what the writer had
// committed, and opens it read-only again. A writer still running holds
// the directory's lock, so this is never done under one.
func Open(o badger.Options, remedy string) (*badger.DB, error) {
	db, err := open(o, remedy)
	if err == nil || !o.ReadOnly || !truncateNeeded(err) {
		return db, err
	}
	w, werr := open(o.WithReadOnly(false), remedy)
	if werr != nil {
		return nil, err
	}
	if werr := w.Close(); werr != nil {
		return nil, err
	}
	return open(o, remedy)
}

// truncateNeeded reports whether err is Badger's refusal to open a torn
// write-ahead log read-only (its wrapping drops the error chain).
func truncateNeeded(err error) bool {
	return errors.Is(err, badger.ErrTruncateNeeded) || strings.Contains(err.Error(), badger.ErrTruncateNeeded.Error())
}

func open(o badger.Options, remedy string) (db *badger.DB, err error) {
	o = o.WithVerifyValueChecksum(true)
	defer func() {
		if p := recover(); p != nil {
			if db != nil {
				closeQuietly(db)
			}
			db, err = nil, Corrupt(o.Dir, fmt.Errorf("a file could not be decoded: %v", p), remedy)
		}
	}()
	db, err = badger.Open(o)
	if err != nil {
		if truncateNeeded(err) {
			return nil, fmt.Errorf("%w: the database in %s was left by a writer that stopped without closing it (%v); "+
				"opening it for writing recovers what that writer had committed (any addrkit command that opens it does)", ErrCorrupt, o.Dir, err)
		}
		if IsCorrupt(err) {
			return nil, Corrupt(o.Dir, err, remedy)
		}
		return nil, err
	}
	if err := db.VerifyChecksum(); err != nil {
		closeQuietly(db)
		return nil, Corrupt(o.Dir, err, remedy)
	}
	return db, nil
}

// closeQuietly closes a database found damaged; a panic of the close is
// the same damage.
func closeQuietly(db *badger.DB) {
	defer func() { recover() }()
	db.Close()
}

// IsCorrupt reports whether err is Badger's word for a file that fails
// its checksum or cannot be decoded, or for a manifest that names a table
// the directory does not hold (a damaged manifest, or a file lost).
func IsCorrupt(err error) bool {
	return errors.Is(err, ErrCorrupt) || errors.Is(err, y.ErrChecksumMismatch) || truncateNeeded(err) ||
		strings.Contains(err.Error(), "checksum") || strings.Contains(err.Error(), "file does not exist for table")
}

// Corrupt is the error of a damaged database in dir.
func Corrupt(dir string, err error, remedy string) error {
	return fmt.Errorf("%w: the database in %s is damaged (%v); %s", ErrCorrupt, dir, err, remedy)
}

// Verify opens the database in dir read-only, as Open verifies it, and
// reads every entry, so that every value of the value log is checked as
// well; it returns the number of entries. It writes nothing: a torn
// write-ahead log, which Open would recover, is reported. A database another process
// holds open for writing cannot be verified (Badger's directory lock).
func Verify(dir, remedy string) (entries int, err error) {
	db, err := open(badger.DefaultOptions(dir).WithReadOnly(true).WithLogger(nil), remedy)
	if err != nil {
		return 0, err
	}
	defer closeQuietly(db)
	defer func() {
		if p := recover(); p != nil {
			entries, err = 0, Corrupt(dir, fmt.Errorf("a file could not be decoded: %v", p), remedy)
		}
	}()
	err = db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{AllVersions: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := it.Item().Value(func([]byte) error { return nil }); err != nil {
				return fmt.Errorf("the value of %q: %w", it.Item().Key(), err)
			}
			entries++
		}
		return nil
	})
	if err != nil {
		return entries, Corrupt(dir, err, remedy)
	}
	return entries, nil
}
