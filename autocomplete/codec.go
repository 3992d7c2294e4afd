package autocomplete

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/blevesearch/vellum"
	"github.com/klauspost/compress/zstd"
)

// magic starts an encoded index; the digit is the format version (2:
// entries of one kind and rank ordered by the places bearing their name;
// 3: joined terms; 4: wards before villages in kindOrder), so that an
// index kept by an older version is built again.
const magic = "addrkit-autocomplete-4\n"

// ErrFormat is returned by Decode for data that is not an index of this
// version.
var ErrFormat = errors.New("autocomplete: not an index, or one of another format version")

// Encode writes the index, zstd-compressed.
func (ix *Index) Encode(w io.Writer) error {
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(zw, 1<<16)
	e := &encoder{w: bw}
	e.str(magic)
	e.str(ix.version)
	ccs := slices.Sorted(maps.Keys(ix.countries))
	e.uvarint(uint64(len(ccs)))
	for _, cc := range ccs {
		t := ix.countries[cc]
		e.str(cc)
		e.str(string(t.fstBytes))
		e.str(t.terms)
		e.str(t.rec)
		e.str(string(t.jfstBytes))
		for _, s := range []any{t.termOff, t.postOff, t.post, t.kind, t.rank, t.parent, t.lat, t.lon, t.recOff, t.et, t.etOff, t.nname, t.jpostOff, t.jpost} {
			e.slice(s)
		}
	}
	if e.err == nil {
		e.err = bw.Flush()
	}
	if err := zw.Close(); e.err == nil {
		e.err = err
	}
	return e.err
}

type encoder struct {
	w   *bufio.Writer
	err error
}

func (e *encoder) uvarint(v uint64) {
	if e.err == nil {
		_, e.err = e.w.Write(binary.AppendUvarint(nil, v))
	}
}

func (e *encoder) str(s string) {
	e.uvarint(uint64(len(s)))
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

// slice writes a slice of fixed-size numbers, its length first.
func (e *encoder) slice(s any) {
	e.uvarint(uint64(binary.Size(s) / max(1, elemSize(s))))
	if e.err == nil {
		e.err = binary.Write(e.w, binary.LittleEndian, s)
	}
}

func elemSize(s any) int {
	switch s.(type) {
	case []uint8:
		return 1
	}
	return 4
}

// Decode reads an index written by Encode.
func Decode(r io.Reader) (*Index, error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	d := &decoder{r: bufio.NewReaderSize(zr, 1<<16)}
	if d.str() != magic {
		if d.err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, d.err)
		}
		return nil, ErrFormat
	}
	ix := &Index{version: d.str(), countries: map[string]*table{}}
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		t := &table{cc: d.str()}
		t.fstBytes = []byte(d.str())
		t.terms, t.rec = d.str(), d.str()
		t.jfstBytes = []byte(d.str())
		d.u32(&t.termOff)
		d.u32(&t.postOff)
		d.u32(&t.post)
		d.u8(&t.kind)
		d.f32(&t.rank)
		d.i32(&t.parent)
		d.f32(&t.lat)
		d.f32(&t.lon)
		d.u32(&t.recOff)
		d.u32(&t.et)
		d.u32(&t.etOff)
		d.u8(&t.nname)
		d.u32(&t.jpostOff)
		d.u32(&t.jpost)
		if d.err != nil {
			break
		}
		if err := t.check(); err != nil {
			return nil, err
		}
		if t.fst, err = vellum.Load(t.fstBytes); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, err)
		}
		if t.jfst, err = vellum.Load(t.jfstBytes); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, err)
		}
		t.buildTop()
		if err := t.buildStandout(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, err)
		}
		ix.countries[t.cc] = t
	}
	if d.err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, d.err)
	}
	// read to the end of the zstd frame, whose checksum (XXH64 of the
	// whole index, written by Encode) is checked there: vellum checks only
	// an FST's header and footer, and a flipped byte inside one would
	// send a look-up astray
	if n, err := io.Copy(io.Discard, d.r); err != nil || n > 0 {
		if err == nil {
			err = fmt.Errorf("%d bytes after the index", n)
		}
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	return ix, nil
}

// ErrDamaged is returned by Decode for an index whose checksum does not
// match its content.
var ErrDamaged = errors.New("autocomplete: the index is damaged (its checksum does not match)")

// check verifies that the arrays of a decoded table fit each other, so
// that no look-up can run out of bounds.
func (t *table) check() error {
	n := len(t.kind)
	ok := len(t.termOff) > 0 && len(t.postOff) == len(t.termOff) &&
		len(t.rank) == n && len(t.parent) == n && len(t.lat) == n && len(t.lon) == n &&
		len(t.recOff) == n+1 && len(t.etOff) == n+1 && len(t.nname) == n &&
		ascending(t.termOff, len(t.terms)) && ascending(t.postOff, len(t.post)) &&
		ascending(t.recOff, len(t.rec)) && ascending(t.etOff, len(t.et)) && ascending(t.jpostOff, len(t.jpost))
	for i := 0; ok && i < n; i++ {
		ok = t.parent[i] >= -1 && t.parent[i] < int32(n) && int(t.kind[i]) < len(kindOrder) && int(t.nname[i]) <= int(t.etOff[i+1]-t.etOff[i])
	}
	terms := uint32(len(t.termOff) - 1)
	for i := 0; ok && i < len(t.et); i++ {
		ok = t.et[i] < terms
	}
	for i := 0; ok && i < len(t.post); i++ {
		ok = t.post[i] < uint32(n)
	}
	for i := 0; ok && i < len(t.jpost); i++ {
		ok = t.jpost[i] < uint32(n)
	}
	if !ok {
		return fmt.Errorf("%w: inconsistent table %s", ErrFormat, t.cc)
	}
	return nil
}

// ascending reports whether offsets start at 0, never decrease and end at
// size.
func ascending(off []uint32, size int) bool {
	if len(off) == 0 || off[0] != 0 || int(off[len(off)-1]) != size {
		return false
	}
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return false
		}
	}
	return true
}

type decoder struct {
	r   *bufio.Reader
	err error
}

// maxLen bounds one decoded length, against corrupt data.
const maxLen = 1 << 32

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, err := binary.ReadUvarint(d.r)
	if err == nil && v > maxLen {
		err = errors.New("length out of range")
	}
	d.err = err
	return v
}

func (d *decoder) str() string {
	n := d.uvarint()
	if d.err != nil {
		return ""
	}
	b := make([]byte, 0, min(n, 1<<20))
	for uint64(len(b)) < n && d.err == nil {
		chunk := min(n-uint64(len(b)), 1<<20)
		b = slices.Grow(b, int(chunk))
		_, d.err = io.ReadFull(d.r, b[len(b):len(b)+int(chunk)])
		b = b[:len(b)+int(chunk)]
	}
	return string(b)
}

// read decodes a slice written by encoder.slice into *p.
func read[T uint8 | uint32 | int32 | float32](d *decoder, p *[]T) {
	n := d.uvarint()
	if d.err != nil {
		return
	}
	// grown as read, so that a corrupt length fails on a short read
	// instead of allocating it
	s := make([]T, 0, min(n, 1<<16))
	for uint64(len(s)) < n && d.err == nil {
		chunk := int(min(n-uint64(len(s)), 1<<16))
		s = slices.Grow(s, chunk)
		d.err = binary.Read(d.r, binary.LittleEndian, s[len(s):len(s)+chunk])
		s = s[:len(s)+chunk]
	}
	*p = s
}

func (d *decoder) u8(p *[]uint8)    { read(d, p) }
func (d *decoder) u32(p *[]uint32)  { read(d, p) }
func (d *decoder) i32(p *[]int32)   { read(d, p) }
func (d *decoder) f32(p *[]float32) { read(d, p) }
