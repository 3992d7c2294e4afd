package badgerx

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// writerEnv names the directory the test binary, run again as a helper,
// writes to and then leaves without closing the database.
const writerEnv = "BADGERX_TEST_WRITER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(writerEnv); dir != "" {
		db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil))
		if err == nil {
			err = db.Update(func(txn *badger.Txn) error { return txn.Set([]byte("k"), []byte("committed")) })
		}
		if err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(2)
		}
		os.Exit(0) // as a process killed or cut off by a closed pipe: no Close
	}
	os.Exit(m.Run())
}

// TestOpenAfterWriterDied: a writer that exits without closing leaves a
// torn write-ahead log, which Badger refuses to open read-only. Verify
// reports it (and writes nothing); Open recovers what was committed.
func TestOpenAfterWriterDied(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), writerEnv+"="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("writer: %v: %s", err, out)
	}
	ro := badger.DefaultOptions(dir).WithReadOnly(true).WithLogger(nil)
	if db, err := badger.Open(ro); err == nil {
		db.Close()
		t.Skip("Badger opened the writer's directory read-only: no torn log to recover here")
	}

	_, err := Verify(dir, RemedyGazetteer)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "stopped without closing") {
		t.Fatalf("Verify = %v, want the writer that stopped without closing", err)
	}
	db, err := Open(ro, RemedyGazetteer)
	if err != nil {
		t.Fatalf("Open read-only: %v", err)
	}
	defer db.Close()
	var v []byte
	if err := db.View(func(txn *badger.Txn) error {
		item, err := txn.Get([]byte("k"))
		if err != nil {
			return err
		}
		v, err = item.ValueCopy(nil)
		return err
	}); err != nil || string(v) != "committed" {
		t.Errorf("the committed value: %q, %v", v, err)
	}
}
