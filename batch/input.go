package batch

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"strings"
)

// Format is how an input file is laid out.
type Format string

// The input formats. Delimited formats have a header row; Text has one
// address per line and no header.
const (
	CSV       Format = "csv"
	TSV       Format = "tsv"
	Semicolon Format = "semicolon"
	Pipe      Format = "pipe"
	Text      Format = "text"
)

func (f Format) comma() rune {
	switch f {
	case TSV:
		return '\t'
	case Semicolon:
		return ';'
	case Pipe:
		return '|'
	}
	return ','
}

// SniffBytes is how much of the start of an input Detect needs.
const SniffBytes = 64 << 10

// sniffBytes is how much of the input detection reads.
const sniffBytes = SniffBytes

// Detect returns the format Batch reads an input as, from its first
// SniffBytes (head) and its file name. A head in another encoding than
// UTF-8 (see DetectEncoding) is decoded first.
func Detect(head []byte, filename string) Format {
	if d, _ := DetectEncoding(head).decoder(); d != nil {
		if text, err := d.NewDecoder().Bytes(head); err == nil {
			head = text
		}
	}
	if LineEnd(head) == '\r' {
		head = bytes.ReplaceAll(head, []byte{'\r'}, []byte{'\n'})
	}
	return detect(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), filename)
}

// detect decides the format from the start of the content and the file
// name: a delimiter that splits the header row into known column names, or
// that splits the first lines into the same number of fields, makes a
// delimited file; a ".tsv" name makes TSV; anything else is text, one
// address per line (an address has commas in it, but not the same number
// on every line, nor a header of column names).
func detect(head []byte, filename string) Format {
	lines := firstLines(head, 20)
	if len(lines) == 0 {
		return Text
	}
	ext := strings.ToLower(filepath.Ext(filename))
	if ext == ".tsv" || ext == ".tab" {
		return TSV
	}
	best, bestKnown := Text, 0
	if _, ok := columnRole(lines[0]); ok {
		return CSV // one column, with a header: "address"
	}
	for _, f := range []Format{CSV, TSV, Semicolon, Pipe} {
		fields := splitLine(lines[0], f.comma())
		if len(fields) < 2 {
			continue
		}
		known := 0
		for _, h := range fields {
			if _, ok := columnRole(h); ok {
				known++
			}
		}
		if known > bestKnown {
			best, bestKnown = f, known
		}
	}
	if bestKnown > 0 {
		return best
	}
	// no column names known: a delimiter that gives every line as many
	// fields (and at least two) is a table with a header of other names
	if len(lines) >= 2 {
		for _, f := range []Format{TSV, Semicolon, Pipe, CSV} {
			n := len(splitLine(lines[0], f.comma()))
			same := n >= 2
			for _, l := range lines[1:] {
				same = same && len(splitLine(l, f.comma())) == n
			}
			if same && (f != CSV || ext == ".csv") {
				return f
			}
		}
	}
	if ext == ".csv" {
		return CSV
	}
	return Text
}

// firstLines returns up to n complete, non-empty lines of head (quotes are
// not followed: detection needs only a sample).
func firstLines(head []byte, n int) []string {
	var out []string
	for len(head) > 0 && len(out) < n {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			break // an incomplete last line is left out
		}
		if l := strings.TrimRight(string(head[:i]), "\r"); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
		head = head[i+1:]
	}
	if len(out) == 0 && len(head) > 0 {
		out = append(out, strings.TrimRight(string(head), "\r"))
	}
	return out
}

func splitLine(line string, comma rune) []string {
	r := csv.NewReader(strings.NewReader(line))
	r.Comma, r.LazyQuotes, r.FieldsPerRecord = comma, true, -1
	rec, err := r.Read()
	if err != nil {
		return nil
	}
	return rec
}
