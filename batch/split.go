package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"golang.org/x/text/transform"
)

// input is an input opened for reading records: its format and
// encoding, its header and how the header maps to address parts.
type input struct {
	rs     *records
	format Format
	enc    Encoding
	header []string
	m      mapping
	eol    byte
}

// openInput opens r for reading records as Batch does: decoded to UTF-8
// (the encoding given, or detected), a byte-order mark skipped, lines
// ending with CR alone read as lines, the format detected (unless given),
// the header read and mapped (with the column of whole addresses chosen
// by content when no name says it). c, when set, counts the bytes read,
// so that each record knows its offset: the bytes of the input as
// decoded, which are the input's own for UTF-8.
func openInput(r io.Reader, opts Options, c *counter) (*input, error) {
	br := bufio.NewReaderSize(r, sniffBytes)
	head, _ := br.Peek(sniffBytes)
	enc := opts.Encoding
	if enc == "" {
		enc = DetectEncoding(head)
	}
	d, err := enc.decoder()
	if err != nil {
		return nil, err
	}
	var src io.Reader
	if d != nil {
		// the decoder drops a byte-order mark
		br = bufio.NewReaderSize(transform.NewReader(br, d.NewDecoder()), sniffBytes)
		head, _ = br.Peek(sniffBytes)
	}
	eol := opts.LineEnd
	if eol == 0 {
		eol = LineEnd(head)
	}
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
	in := &input{rs: rs, format: format, enc: enc, header: []string{"address"}, eol: eol}
	switch {
	case format == Text:
	case opts.Header != nil:
		rs.comma, rs.fields = format.comma(), len(opts.Header)
		in.header = opts.Header
	default:
		// what the head holds is read again (records of its own) if the
		// content must choose the address column: kept from the reads
		// of the header, which may refill the buffers it is in
		head = bytes.Clone(head)
		rs.comma = format.comma()
		h, err := rs.next()
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("batch: read the header: %w", err)
		}
		in.header = h.fields
	}
	if in.m, err = mapColumns(in.header, opts.AddressColumn); err != nil {
		return nil, err
	}
	if opts.AddressColumn == "" && format != Text && opts.Header == nil && in.m.cols[roleText] < 0 && in.m.cols[roleStreet] < 0 {
		if i := pickByContent(head, rs.comma, in.header); i >= 0 {
			in.m.setAddressColumn(i)
			in.m.byContent = true
		}
	}
	rs.spill = in.m.cols[roleText]
	return in, nil
}

// summary returns the summary of an input before its rows are counted:
// its format and encoding, the columns not used, and the warnings.
func summary(format Format, enc Encoding, header []string, m *mapping) Summary {
	return Summary{Format: format, Encoding: enc, UnusedColumns: m.unused(header), Warnings: m.warnings(header, format)}
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
	// Encoding is the encoding the input was decoded from (see Decode).
	// Starts and Size count the bytes of the input decoded to UTF-8,
	// which are its own bytes for UTF-8 (a byte-order mark included):
	// the chunks of an input in another encoding are cut from its decoded
	// text.
	Encoding Encoding `json:"encoding,omitempty"`
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
	// AddressColumn is the column read as whole addresses for its
	// content, when no name in the header says which (see Batch).
	AddressColumn string `json:"addressColumn,omitempty"`
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
// layout cut into chunks of every records: the format, the line end, the
// header and the column of whole addresses, UTF-8 (a chunk's bytes are
// decoded text), the first row's number, and NoHeader past the first
// chunk.
func (l *Layout) Options(o Options, k, every int) Options {
	o.Format, o.LineEnd, o.Header, o.AddressColumn, o.Encoding = l.Format, l.LineEnd, l.Header, l.AddressColumn, UTF8
	o.FirstRow, o.NoHeader = k*every+1, k > 0
	return o
}

// Summary returns the summary of the input before its rows are counted,
// as Batch gives it over the whole input: its format and encoding, the
// columns not used for the address, and the warnings.
func (l *Layout) Summary() Summary {
	m, err := mapColumns(l.Header, l.AddressColumn)
	m.byContent = err == nil && l.AddressColumn != ""
	return summary(l.Format, l.Encoding, l.Header, &m)
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
	l := Layout{Format: in.format, Encoding: in.enc, LineEnd: in.eol, Header: in.header}
	if in.m.byContent {
		l.AddressColumn = columnName(in.header, in.m.cols[roleText])
	}
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
