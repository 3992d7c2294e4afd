package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"

	badger "github.com/dgraph-io/badger/v4"
)

// prefixBlob keys hold derived data kept beside the places (the
// autocomplete index): b name 0 -> header, b name 0 chunk(4) -> bytes.
const prefixBlob = 'b'

// blobChunk is the size of one stored piece of a blob: Badger bounds the
// size of one transaction, so a large blob is written in pieces.
const blobChunk = 1 << 20

// ReadOnly reports whether the gazetteer was opened read-only.
func (g *Gazetteer) ReadOnly() bool { return g.readOnly }

// metaVersion is the metadata that Loader bumps whenever it writes places.
const metaVersion = "places.version"

// Version identifies the places stored: it changes whenever a Loader
// writes a new or changed place, so data derived from the places (an
// autocomplete index) can tell whether it is stale. It is "" for a store
// never written to.
func (g *Gazetteer) Version() (string, error) {
	return g.Meta(metaVersion)
}

// bumpVersion records that the places changed.
func (g *Gazetteer) bumpVersion() error {
	return g.db.Update(func(txn *badger.Txn) error {
		key := append([]byte{prefixMeta}, metaVersion...)
		n := 0
		item, err := txn.Get(key)
		switch {
		case err == nil:
			if err := item.Value(func(v []byte) error {
				n, _ = strconv.Atoi(string(v))
				return nil
			}); err != nil {
				return err
			}
		case !errors.Is(err, badger.ErrKeyNotFound):
			return err
		}
		return txn.Set(key, []byte(strconv.Itoa(n+1)))
	})
}

func blobKey(name string, chunk int) []byte {
	k := append([]byte{prefixBlob}, name...)
	k = append(k, 0)
	if chunk >= 0 {
		k = binary.BigEndian.AppendUint32(k, uint32(chunk))
	}
	return k
}

// SetBlob stores data under a name, replacing what was there. The pieces
// are written first and the header (length and checksum) last, so a write
// cut short leaves a blob that Blob reports as corrupt, never a wrong one.
func (g *Gazetteer) SetBlob(name string, data []byte) error {
	if g.readOnly {
		return ErrReadOnly
	}
	if err := g.db.Update(func(txn *badger.Txn) error { return txn.Delete(blobKey(name, -1)) }); err != nil {
		return fmt.Errorf("storage: blob %s: %w", name, err)
	}
	wb := g.db.NewWriteBatch()
	defer wb.Cancel()
	n := 0
	for off := 0; off < len(data) || n == 0; off += blobChunk {
		if err := wb.Set(blobKey(name, n), data[off:min(off+blobChunk, len(data))]); err != nil {
			return fmt.Errorf("storage: blob %s: %w", name, err)
		}
		n++
	}
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("storage: blob %s: %w", name, err)
	}
	hdr := binary.BigEndian.AppendUint64(nil, uint64(len(data)))
	hdr = binary.BigEndian.AppendUint32(hdr, crc32.ChecksumIEEE(data))
	return g.db.Update(func(txn *badger.Txn) error {
		// pieces left from a longer blob stored before
		for i := n; ; i++ {
			k := blobKey(name, i)
			if _, err := txn.Get(k); errors.Is(err, badger.ErrKeyNotFound) {
				break
			}
			if err := txn.Delete(k); err != nil {
				return err
			}
		}
		return txn.Set(blobKey(name, -1), hdr)
	})
}

// ErrCorruptBlob is returned by Blob when the stored pieces do not add up
// to what the header records: a write was cut short.
var ErrCorruptBlob = errors.New("storage: blob is incomplete or corrupt")

// Blob returns the data stored under a name with SetBlob; ok is false
// when there is none.
func (g *Gazetteer) Blob(name string) (data []byte, ok bool, err error) {
	err = g.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(blobKey(name, -1))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		hdr, err := item.ValueCopy(nil)
		if err != nil {
			return err
		}
		if len(hdr) != 12 {
			return ErrCorruptBlob
		}
		size := binary.BigEndian.Uint64(hdr)
		buf := make([]byte, 0, size)
		for i := 0; uint64(len(buf)) < size || i == 0; i++ {
			item, err := txn.Get(blobKey(name, i))
			if err != nil {
				return fmt.Errorf("%w: piece %d: %v", ErrCorruptBlob, i, err)
			}
			if err := item.Value(func(v []byte) error {
				buf = append(buf, v...)
				return nil
			}); err != nil {
				return err
			}
		}
		if uint64(len(buf)) != size || crc32.ChecksumIEEE(buf) != binary.BigEndian.Uint32(hdr[8:]) {
			return ErrCorruptBlob
		}
		data = buf
		return nil
	})
	return data, data != nil, err
}
