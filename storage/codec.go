package storage

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/addrkit/addrkit/address"
)

// Places are stored in a compact binary form: a version byte, then the
// fields in a fixed order, strings and lists prefixed with their uvarint
// length, coordinates and rank as IEEE 754 bits. It decodes far faster than
// JSON, which matters on every cache miss of a look-up.
const codecVersion = 1

var errCorrupt = errors.New("storage: corrupt place record")

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendFloat(b []byte, f float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
}

// encodePlace returns the stored form of a place.
func encodePlace(p *address.Place) []byte {
	b := make([]byte, 0, 128)
	b = append(b, codecVersion)
	for _, s := range []string{p.ID, string(p.Kind), p.Name, p.Country, p.HouseNumber, p.Street, p.Source} {
		b = appendString(b, s)
	}
	b = appendStrings(b, p.AltNames)
	b = appendStrings(b, p.Parents)
	b = appendStrings(b, p.Postcodes)
	has := byte(0)
	if p.HasPoint {
		has = 1
	}
	b = append(b, has)
	b = appendFloat(b, p.Lat)
	b = appendFloat(b, p.Lon)
	return appendFloat(b, p.Rank)
}

// decoder reads the fields of a stored place.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() int {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)) {
		d.err = errCorrupt
		d.b = nil
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > len(d.b) {
		d.err, d.b = errCorrupt, nil
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) strings() []string {
	n := d.uvarint()
	if n == 0 {
		return nil
	}
	out := make([]string, 0, min(n, len(d.b)))
	for i := 0; i < n && d.err == nil; i++ {
		out = append(out, d.string())
	}
	return out
}

func (d *decoder) float() float64 {
	if len(d.b) < 8 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	f := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
	d.b = d.b[8:]
	return f
}

// decodePlace reads a place stored by encodePlace.
func decodePlace(b []byte, p *address.Place) error {
	if len(b) == 0 || b[0] != codecVersion {
		return errCorrupt
	}
	d := decoder{b: b[1:]}
	p.ID = d.string()
	p.Kind = address.PlaceKind(d.string())
	p.Name = d.string()
	p.Country = d.string()
	p.HouseNumber = d.string()
	p.Street = d.string()
	p.Source = d.string()
	p.AltNames = d.strings()
	p.Parents = d.strings()
	p.Postcodes = d.strings()
	if len(d.b) < 1 {
		return errCorrupt
	}
	p.HasPoint = d.b[0] == 1
	d.b = d.b[1:]
	p.Lat = d.float()
	p.Lon = d.float()
	p.Rank = d.float()
	return d.err
}
