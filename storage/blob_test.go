package storage

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	badger "github.com/dgraph-io/badger/v4"
)

func TestBlobRoundTrip(t *testing.T) {
	g := newTestGazetteer(t, nil)
	if _, ok, err := g.Blob("x"); ok || err != nil {
		t.Fatalf("Blob of nothing = %v, %v; want not found", ok, err)
	}
	rng := rand.New(rand.NewSource(1))
	for _, size := range []int{0, 10, blobChunk, 3*blobChunk + 17, 5} {
		data := make([]byte, size)
		rng.Read(data)
		if err := g.SetBlob("x", data); err != nil {
			t.Fatal(err)
		}
		got, ok, err := g.Blob("x")
		if err != nil || !ok || !bytes.Equal(got, data) {
			t.Fatalf("size %d: Blob = %d bytes, %v, %v", size, len(got), ok, err)
		}
	}
	// the pieces of the longer blob before are gone
	n := 0
	if err := g.db.View(func(txn *badger.Txn) error {
		eachKey(txn, blobKey("x", -1), func([]byte) bool { n++; return true })
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("%d keys under the blob, want the header and one piece", n)
	}
}

func TestBlobCorrupt(t *testing.T) {
	g := newTestGazetteer(t, nil)
	if err := g.SetBlob("x", bytes.Repeat([]byte("a"), 2*blobChunk+1)); err != nil {
		t.Fatal(err)
	}
	// a write cut short after its first piece
	wb := g.db.NewWriteBatch()
	if err := wb.Set(blobKey("x", 0), []byte("b")); err != nil {
		t.Fatal(err)
	}
	if err := wb.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Blob("x"); !errors.Is(err, ErrCorruptBlob) {
		t.Fatalf("Blob of a torn write: %v, want ErrCorruptBlob", err)
	}
}

func TestVersionChangesOnWrites(t *testing.T) {
	g := newTestGazetteer(t, nil)
	v0, err := g.Version()
	if err != nil {
		t.Fatal(err)
	}
	load := func() string {
		l, err := g.NewLoader()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range testPlaces() {
			if err := l.Put(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		v, err := g.Version()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v1 := load()
	if v1 == v0 {
		t.Fatalf("version %q unchanged by a load", v1)
	}
	if v2 := load(); v2 != v1 {
		t.Fatalf("loading the same places again changed the version: %q -> %q", v1, v2)
	}
}
