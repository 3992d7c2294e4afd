package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Encoding is the character encoding of an input. Batch writes UTF-8
// whatever it reads.
type Encoding string

// The encodings an input is read in: UTF-8 (with or without a byte-order
// mark); UTF-16, what Excel saves as "Unicode Text"; Windows-1252, what
// Excel saves as "CSV (Comma delimited)" on a Western Windows.
const (
	UTF8        Encoding = "utf-8"
	UTF16LE     Encoding = "utf-16le"
	UTF16BE     Encoding = "utf-16be"
	Windows1252 Encoding = "windows-1252"
)

// ErrUnknownEncoding is returned for an Encoding that is none of the
// encodings above.
var ErrUnknownEncoding = errors.New("batch: unknown encoding")

// decoder returns the decoding of enc to UTF-8; nil for UTF-8, which is
// read as it is.
func (enc Encoding) decoder() (encoding.Encoding, error) {
	switch enc {
	case UTF8:
		return nil, nil
	case UTF16LE:
		return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), nil // a BOM is dropped
	case UTF16BE:
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM), nil
	case Windows1252:
		return charmap.Windows1252, nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownEncoding, string(enc))
}

// DetectEncoding returns the encoding of an input from its first bytes
// (head; SniffBytes of them are enough):
//
//   - a byte-order mark says it: EF BB BF UTF-8, FF FE UTF-16LE, FE FF
//     UTF-16BE;
//   - NUL bytes at every other position, in at least a quarter of the
//     characters and at most an eighth as many at the other positions,
//     are UTF-16 without a mark (NULs at odd offsets: little-endian, as
//     "A\x00"; at even offsets: big-endian);
//   - a head that is valid UTF-8 (a character cut at its end aside) is
//     UTF-8;
//   - one with bytes that are not UTF-8 and no NUL is Windows-1252, unless
//     it holds at least as many well-formed multi-byte UTF-8 characters as
//     such bytes (a UTF-8 file with stray bytes: it is read as UTF-8, and
//     the rows that hold them are errors);
//   - anything else is read as UTF-8.
//
// A file whose first non-UTF-8 byte comes after the head is read as
// UTF-8: the rows that hold such bytes are rows with the error "invalid
// UTF-8".
func DetectEncoding(head []byte) Encoding {
	switch {
	case bytes.HasPrefix(head, []byte{0xef, 0xbb, 0xbf}):
		return UTF8
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return UTF16LE
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return UTF16BE
	}
	var nul [2]int // NULs at even and odd offsets
	for i, b := range head {
		if b == 0 {
			nul[i&1]++
		}
	}
	chars := len(head) / 2
	switch {
	case chars > 0 && nul[1] >= (chars+3)/4 && nul[0]*8 <= nul[1]:
		return UTF16LE
	case chars > 0 && nul[0] >= (chars+3)/4 && nul[1]*8 <= nul[0]:
		return UTF16BE
	case nul[0]+nul[1] > 0:
		return UTF8
	}
	multi, invalid := 0, 0
	for i := 0; i < len(head); {
		if head[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(head[i:])
		switch {
		case r != utf8.RuneError || n > 1:
			multi++
		case !utf8.FullRune(head[i:]):
			n = len(head) - i // a character cut at the end of the head
		default:
			invalid++
		}
		i += n
	}
	if invalid > multi {
		return Windows1252
	}
	return UTF8
}

// Decode returns r read as UTF-8 text without a byte-order mark, and the
// encoding it was read from: enc, or when enc is empty the encoding
// DetectEncoding finds in the first SniffBytes of r (looked at with
// bufio.Reader.Peek: nothing is read twice, and no more than that is held
// in memory). Bytes the encoding cannot decode become U+FFFD (for UTF-8
// they are left as they are). Only an unknown enc is an error.
func Decode(r io.Reader, enc Encoding) (io.Reader, Encoding, error) {
	br := bufio.NewReaderSize(r, sniffBytes)
	if enc == "" {
		head, _ := br.Peek(sniffBytes)
		enc = DetectEncoding(head)
	}
	d, err := enc.decoder()
	if err != nil {
		return nil, enc, err
	}
	if d == nil {
		if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
			br.Discard(3)
		}
		return br, enc, nil
	}
	return transform.NewReader(br, d.NewDecoder()), enc, nil
}
