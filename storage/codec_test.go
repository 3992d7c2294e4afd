package storage

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/addrkit/addrkit/address"
)

func TestCodecRoundTrip(t *testing.T) {
	for _, p := range testPlaces() {
		var q address.Place
		if err := decodePlace(encodePlace(&p), &q); err != nil || !reflect.DeepEqual(p, q) {
			t.Errorf("round trip of %s: %+v, %v", p.ID, q, err)
		}
	}
}

// FuzzDecodePlace checks that no stored bytes, however corrupt, make the
// decoder panic, and that what it accepts encodes back the same.
func FuzzDecodePlace(f *testing.F) {
	for _, p := range testPlaces() {
		f.Add(encodePlace(&p))
	}
	f.Add([]byte{codecVersion, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		var p address.Place
		if err := decodePlace(b, &p); err != nil {
			return
		}
		var q address.Place
		if err := decodePlace(encodePlace(&p), &q); err != nil || !bytes.Equal(encodePlace(&p), encodePlace(&q)) {
			t.Fatalf("re-encoding %+v gives %+v, %v", p, q, err)
		}
	})
}
