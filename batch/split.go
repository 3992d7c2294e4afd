package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// input is an input opened for reading records: its format, its header
// and how the header maps to address parts.
type input struct {
	rs     *records
	format Format
	header []string
	m      mapping
	eol    byte
}

// openInput opens r for reading records as Batch does: a byte-order mark
// skipped, lines ending with CR alone read as lines, the format detected
// (unless given), and the header read. c, when set, counts the bytes read,
// so that each record knows its offset.
func openInput(r io.Reader, opts Options, c *counter) (*input, error) {
	br := bufio.NewReaderSize(r, sniffBytes)
	head, _ := br.Peek(sniffBytes)
	eol := opts.LineEnd
	if eol == 0 {
		eol = LineEnd(head)
	}
	var src io.Reader
	if eol == '\r' {
		// CR → LF keeps every byte where it was, so offsets hold
		src = crToLF{br}
		head = bytes.ReplaceAll(head, []byte{'\r'}, []byte{'\n'})
	}
	if c != nil {
		if src == nil {
			src = br
		}
		c.r, src = src, c
	}
	if src != nil {
		br = bufio.NewReaderSize(src, sniffBytes)
	}
	format := opts.Format
	if bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) && opts.Header == nil {
		br.Discard(3)
		head = head[3:]
	}
	if format == "" {
		format = detect(head, opts.Filename)
	}
	rs := &records{r: br, spill: -1}
	if c != nil {
		rs.offset = func() int64 { return c.n - int64(br.Buffered()) }
	}
	in := &input{rs: rs, format: format, header: []string{"address"}, eol: eol}
	switch {
	case format == Text:
	case opts.Header != nil:
		rs.comma, rs.fields = format.comma(), len(opts.Header)
		in.header = opts.Header
	default:
		rs.comma = format.comma()
		h, err := rs.next()
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("batch: read the header: %w", err)
		}
		in.header = h.fields
	}
	in.m = mapHeader(in.header)
	rs.spill = in.m.cols[roleText]
	return in, nil
}

// counter counts the bytes read through it.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Layout is where the data records of an input are, as Split finds them.
type Layout struct {
	Format Format `json:"format"`
	// Rows is the number of data records: the rows Batch writes.
	Rows int `json:"rows"`
	// Text reports whether a data record holds address text (a letter or
	// a digit): an input without is a header alone, or delimiters.
	Text bool `json:"text"`
	// Starts holds the byte offset of the first record of each chunk of
	// the input; Starts[0] is where the data records start (after the
	// byte-order mark and the header row).
	Starts []int64 `json:"starts"`
	// Size is the input's length in bytes.
	Size int64 `json:"size"`
	// LineEnd is the byte that ends its lines (see the function LineEnd).
	LineEnd byte `json:"lineEnd"`
	// Header is its header row (["address"] for Text).
	Header []string `json:"header"`
}

// Chunks is the number of chunks.
func (l *Layout) Chunks() int { return len(l.Starts) }

// Chunk returns the byte range of chunk k's records: from Starts[k] to
// the next chunk's start, or Size.
func (l *Layout) Chunk(k int) (start, end int64) {
	end = l.Size
	if k+1 < len(l.Starts) {
		end = l.Starts[k+1]
	}
	return l.Starts[k], end
}

// Options sets in o what Batch needs to read chunk k's bytes alone, of a
// layout cut into chunks of every records: the format, the line end and
// the header, the first row's number, and NoHeader past the first chunk.
func (l *Layout) Options(o Options, k, every int) Options {
	o.Format, o.LineEnd, o.Header = l.Format, l.LineEnd, l.Header
	o.FirstRow, o.NoHeader = k*every+1, k > 0
	return o
}

// Split reads an input as Batch reads it (format given, or detected with
// the help of filename) and returns its Layout, the data records cut into
// chunks of every records (the last holds the rest). Chunk k is the bytes
// Layout.Chunk(k) returns; Batch reads them on their own with
// Layout.Options. The chunks' outputs, joined in order, are Batch's output
// of the whole input, row for row: a record is read from its own lines,
// so a chunk that starts at a record's start reads the same records.
// An input without records has one empty chunk.
func Split(r io.Reader, format Format, filename string, every int) (Layout, error) {
	if every <= 0 {
		return Layout{}, errors.New("batch: Split needs a chunk size above 0")
	}
	c := &counter{}
	in, err := openInput(r, Options{Format: format, Filename: filename}, c)
	if err != nil {
		return Layout{}, err
	}
	l := Layout{Format: in.format, LineEnd: in.eol, Header: in.header}
	rs := in.rs
	for {
		rec, err := rs.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return l, fmt.Errorf("batch: read row %d: %w", l.Rows+1, err)
		}
		if l.Rows%every == 0 {
			l.Starts = append(l.Starts, rec.start)
		}
		l.Rows++
		if !l.Text {
			l.Text = hasText(rec.raw)
		}
	}
	l.Size = c.n
	if len(l.Starts) == 0 {
		l.Starts = []int64{l.Size}
	}
	return l, nil
}

// hasText reports whether s has a letter or a digit (any non-ASCII byte
// is taken as one).
func hasText(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 0x80 || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z' {
			return true
		}
	}
	return false
}
