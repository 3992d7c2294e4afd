package batch

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// record is one record of the input: its fields, the text it was read
// from, and why it cannot be used as the header says.
type record struct {
	fields []string
	raw    string // the line (or the lines of a quoted field) without line ends
	bad    string // why the record cannot be processed, or ""
	start  int64  // the offset of its first line, when counted
}

// line is one physical line of the input.
type line struct {
	text  string // without the line end
	long  bool   // cut at maxLineBytes
	start int64  // its offset in the input, when counted
}

// maxLineBytes bounds one line: a longer one is cut there and flagged.
const maxLineBytes = 64 << 10

// Bounds of a quoted field that spans lines: beyond them its quote is
// taken as unterminated.
const (
	maxRecordLines = 64
	maxRecordBytes = maxLineBytes
)

// records reads the records of an input line by line, so that a broken
// record costs only its own row. Delimited records are split by
// encoding/csv; a quoted field may span lines, but when its quote does not
// close into a well-formed record within maxRecordLines lines, the record
// is its first line alone (with an error), and reading resumes at the
// next line. Text input has one record per line, its whole text.
type records struct {
	r      *bufio.Reader
	comma  rune // 0 for Text
	fields int  // the header's fields; 0 until the header is read
	spill  int  // the one column of whole addresses, which takes a row's extra fields; -1 for none
	ahead  []line
	// offset, when set, returns the input offset of the next byte r reads
	offset func() int64

	cr   *csv.Reader    // splits one line, read from line
	line strings.Reader // the line being split
}

// readLine returns the next physical line, one read ahead first.
func (rs *records) readLine() (line, error) {
	if len(rs.ahead) > 0 {
		l := rs.ahead[0]
		rs.ahead = rs.ahead[1:]
		return l, nil
	}
	var b []byte
	var l line
	if rs.offset != nil {
		l.start = rs.offset()
	}
	for {
		part, isPrefix, err := rs.r.ReadLine()
		if err != nil {
			if err == io.EOF && (b != nil || l.long) {
				break
			}
			return l, err
		}
		if !l.long && len(b)+len(part) <= maxLineBytes {
			b = append(b, part...)
		} else {
			l.long = true
		}
		if !isPrefix {
			break
		}
	}
	l.text = string(b)
	return l, nil
}

// next returns the next record; io.EOF at the end. Empty lines of a
// delimited input are skipped, as encoding/csv does.
func (rs *records) next() (record, error) {
	l, err := rs.readLine()
	for err == nil && rs.comma != 0 && l.text == "" && !l.long {
		l, err = rs.readLine()
	}
	if err != nil {
		return record{}, err
	}
	rec := record{raw: l.text, start: l.start}
	switch {
	case l.long:
		rec.fields, rec.bad = []string{l.text}, fmt.Sprintf("line longer than %d bytes", maxLineBytes)
		return rec, nil
	case rs.comma == 0:
		rec.fields = []string{l.text}
		return rec, nil
	case !strings.Contains(l.text, `"`):
		rec.fields = strings.Split(l.text, string(rs.comma))
	case quoteOpen(l.text, rs.comma, false):
		if joined, fields, ok := rs.quotedAcross(l.text); ok {
			rec.raw, rec.fields = joined, fields
			break
		}
		rec.fields = rs.split(l.text)
		rec.bad = "unterminated quote: the row was read as its own line, and the next line as the next row"
	default:
		rec.fields = rs.split(l.text)
	}
	rs.fit(&rec)
	return rec, nil
}

// quotedAcross reads the lines after first while a quoted field is open.
// When the quote closes into a record of the header's fields, it returns
// the joined lines and the fields; otherwise it gives the lines back to be
// read as records of their own.
func (rs *records) quotedAcross(first string) (string, []string, bool) {
	var read []line
	joined := first
	open := true
	for open && len(read) < maxRecordLines && len(joined) <= maxRecordBytes {
		l, err := rs.readLine()
		if err != nil {
			break // the end (or a read error, met again by the next read)
		}
		read = append(read, l)
		if l.long {
			break
		}
		joined += "\n" + l.text
		open = quoteOpen(l.text, rs.comma, true)
	}
	if !open {
		cr := csv.NewReader(strings.NewReader(joined))
		cr.Comma, cr.FieldsPerRecord = rs.comma, -1
		fields, err := cr.Read()
		if _, end := cr.Read(); err == nil && errors.Is(end, io.EOF) && (rs.fields <= 1 || len(fields) == rs.fields || len(fields) > rs.fields && rs.spill >= 0) {
			return joined, fields, true
		}
	}
	rs.ahead = append(read, rs.ahead...)
	return "", nil, false
}

// split splits one line. A line that is not well-formed as RFC 4180 quotes
// fields (a quote inside an unquoted field, a quoted field with text after
// its closing quote, a quote that never closes) is split at its commas
// with its quotes kept as text, so that no character of it is lost.
func (rs *records) split(text string) []string {
	// one csv.Reader over a reset source for every line: a new one costs
	// a 4 KB buffer, 2 GB over 500,000 lines
	if rs.cr == nil {
		rs.cr = csv.NewReader(&rs.line)
		rs.cr.Comma, rs.cr.FieldsPerRecord = rs.comma, -1
	}
	rs.line.Reset(text)
	fields, err := rs.cr.Read()
	if err == nil && rs.line.Len() == 0 {
		return fields
	}
	rs.cr = nil // not read whole, or broken: its state is not trusted again
	return strings.Split(text, string(rs.comma))
}

// fit makes a record's fields fit the header. The first record is the
// header and fixes their number. Empty fields past the header's end are
// dropped (exports often end rows with a delimiter). A record with more
// fields has commas
// that were not quoted: in a file of one column, the whole line is the
// one field; with one column of whole addresses (see Options), that
// column takes the extra fields. Otherwise a record of another number of
// fields is an error, and its whole line is kept in the first field so
// that no text is lost.
func (rs *records) fit(rec *record) {
	// delimiters that end a row and hold nothing are not fields
	for len(rec.fields) > rs.fields && rs.fields > 0 && strings.TrimSpace(rec.fields[len(rec.fields)-1]) == "" {
		rec.fields = rec.fields[:len(rec.fields)-1]
	}
	extra := len(rec.fields) - rs.fields
	switch {
	case rs.fields == 0:
		rs.fields = len(rec.fields)
	case extra == 0:
	case extra > 0 && rs.fields == 1:
		rec.fields = []string{rec.raw}
	case extra > 0 && rs.spill >= 0:
		f := rec.fields
		joined := strings.Join(f[rs.spill:rs.spill+extra+1], string(rs.comma))
		rec.fields = append(append(f[:rs.spill:rs.spill], joined), f[rs.spill+extra+1:]...)
	default:
		if rec.bad == "" {
			rec.bad = fmt.Sprintf("row has %d fields, the header %d: the whole line is in the first column", len(rec.fields), rs.fields)
		}
		rec.fields = []string{rec.raw}
	}
}

// quoteOpen reports whether a quoted field is open at the end of text,
// given whether one was open at its start. As in RFC 4180, a quote opens a
// field only as its first character, and two quotes inside one stand for
// one.
func quoteOpen(text string, comma rune, open bool) bool {
	start := !open // at the start of a field
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case open && c == '"' && i+1 < len(text) && text[i+1] == '"':
			i++
		case open:
			open = c != '"'
		case c == byte(comma):
			start = true
		case start && c == '"':
			open, start = true, false
		default:
			start = false
		}
	}
	return open
}

// LineEnd returns the byte that ends the lines of an input, from its
// start: '\r' for one whose lines end with a carriage return alone (the
// "CSV (Macintosh)" of old spreadsheets: a CR and no LF), '\n' otherwise.
func LineEnd(head []byte) byte {
	if bytes.IndexByte(head, '\r') >= 0 && bytes.IndexByte(head, '\n') < 0 {
		return '\r'
	}
	return '\n'
}

// crToLF reads a CR-only input as LF-ended lines.
type crToLF struct{ r io.Reader }

func (c crToLF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}
