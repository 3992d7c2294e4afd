package batch

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
)

// Options configure Batch.
type Options struct {
	// Gazetteer places the addresses; required.
	Gazetteer address.Gazetteer
	// Region is the country the addresses belong to unless a row names
	// another (a name or ISO code). Empty, it is DefaultRegion read as the
	// default: a row that implies another country by weaker evidence than
	// its name (a city with its postcode, its street words' language) is
	// read as that country's, which a region given outweighs.
	Region string
	// Filename, when known, helps tell the format (".tsv").
	Filename string
	// Format, when set, is used instead of detecting it.
	Format Format
	// Workers standardize and geocode in parallel; GOMAXPROCS when 0.
	Workers int
	// MaxRows, when above 0, fails the batch (ErrTooManyRows) at the
	// first data row beyond it.
	MaxRows int
	// Progress, when set, is called from time to time with the data rows
	// written so far and their counts.
	Progress func(written int, counts Summary)
	// FirstRow is the row_number of the first data row (1 when 0): a
	// chunk of a larger input (see Split) numbers its rows as the whole.
	FirstRow int
	// NoHeader leaves the header row out of the output, for every chunk
	// of an input but the first.
	NoHeader bool
	// Header, when set, is the header row of an input that has none of
	// its own: a chunk of a larger input (see Split), whose start was
	// read, so no byte-order mark is looked for either.
	Header []string
	// LineEnd, when set ('\n' or '\r'), is the byte that ends lines,
	// instead of telling it from the start of the input (see Layout).
	LineEnd byte
	// Encoding, when set, is the input's encoding, instead of detecting
	// it (see DetectEncoding).
	Encoding Encoding
	// AddressColumn, when set, names the column of whole addresses (a
	// name of the header), instead of the header's names or the content
	// telling it; Layout.Options sets the column Split chose by content,
	// so that every chunk reads the same.
	AddressColumn string
	// Logger receives the panic, and its stack, of a record that made the
	// reader fail (a bug: the record is UNVERIFIED with that reason in
	// its error column, and the batch goes on); slog.Default() when nil.
	Logger *slog.Logger
}

// internalRowError is the reason of a record whose reading failed on a
// bug of addrkit.
const internalRowError = "internal error while reading this record (a bug, logged by the server); the record is kept as it was"

// Summary counts the rows of a batch, and says how its input was read.
// Rows = HighConfidence + Partial + Unverified.
type Summary struct {
	Format Format `json:"format"`
	// Encoding is the encoding the input was decoded from.
	Encoding       Encoding `json:"encoding,omitempty"`
	Rows           int      `json:"rowCount"`
	HighConfidence int      `json:"highConfidenceCount"`
	Partial        int      `json:"partialMatchCount"`
	Unverified     int      `json:"unverifiedCount"`
	// ValidatedRows counts the rows whose address is validated
	// (address.Result.Validated: confirmed as far as it was written).
	ValidatedRows int     `json:"validatedCount"`
	Validated     float64 `json:"validatedPercent"`
	// UnusedColumns names the input's columns that gave nothing to the
	// addresses (neither a part of them nor the record's id), in order:
	// they are in the output as they were, as input_<name>.
	UnusedColumns []string `json:"unusedColumns,omitempty"`
	// Warnings say what the reader decided that no header name told it:
	// the columns not used, a column of addresses chosen by its content,
	// cells joined for want of a known column.
	Warnings []string `json:"warnings,omitempty"`
}

// ValidatedPercent is the share of rows whose address is validated,
// confirmed by the gazetteer as far as it was written (not UNVERIFIED, no conflict, and
// no written street, estate, neighbourhood, city, LGA, state or postcode
// left unconfirmed: see address.Result.Validated): ValidatedRows / Rows ×
// 100, rounded to two decimals; 0 for no rows. A PARTIAL row whose street
// was not found is matched, not validated.
func (s *Summary) ValidatedPercent() float64 {
	if s.Rows == 0 {
		return 0
	}
	return float64(int(10000*float64(s.ValidatedRows)/float64(s.Rows)+0.5)) / 100
}

// Add adds the counts of o to s (the summary of a chunk to the sum of the
// chunks before it) and works out Validated again. The format, encoding,
// unused columns and warnings of s are those of o when s has none.
func (s *Summary) Add(o Summary) {
	if s.Format == "" {
		s.Format = o.Format
	}
	if s.Encoding == "" {
		s.Encoding = o.Encoding
	}
	if s.UnusedColumns == nil {
		s.UnusedColumns = o.UnusedColumns
	}
	if s.Warnings == nil {
		s.Warnings = o.Warnings
	}
	s.Rows += o.Rows
	s.HighConfidence += o.HighConfidence
	s.Partial += o.Partial
	s.Unverified += o.Unverified
	s.ValidatedRows += o.ValidatedRows
	s.Validated = s.ValidatedPercent()
}

// Errors of Batch.
var (
	ErrNoGazetteer = errors.New("batch: no gazetteer")
	ErrTooManyRows = errors.New("batch: too many rows")
)

// maxFieldBytes bounds one field: longer is not an address.
const maxFieldBytes = 4 << 10

// chunkRows is the number of rows a worker takes at a time.
const chunkRows = 128

// chunk is a run of consecutive rows, processed by one worker.
type chunk struct {
	first int // row number of the first, from 1
	recs  [][]string
	bad   []string // per row: why it cannot be processed, or ""
	out   []outcome
	done  chan struct{}
}

// Batch standardizes and geocodes every data row of r and writes the
// output CSV to w: the input columns, each named input_<name> (for text
// input, input_address), then Columns. Every data row gives exactly one
// output row, in input order; a row that cannot be processed (invalid
// UTF-8, an empty row, a field over 4 KB, an address the standardizer
// refuses, a broken quote, a number of fields the header does not explain)
// gives a row with status UNVERIFIED and the reason in the error column.
// No input text is lost: a row that cannot be split as the header says
// keeps its whole line in the first input column. Cells are sanitized
// against CSV formula injection.
//
// The input is UTF-8, UTF-16 or Windows-1252, told by DetectEncoding
// unless Options.Encoding says it, and decoded as it is read; the output
// is UTF-8. The format is detected from the content and Options.Filename:
// CSV, TSV, semicolon- or pipe-separated with a header row, or text with
// one address per line. A byte-order mark is skipped; CRLF, LF and CR
// alone end lines. Commas left unquoted in addresses are common: with a
// header of one column, each whole line is the address; with one column
// of whole addresses among others ("address"), that column takes a row's
// extra fields. A quoted field may span lines; a quote that does not
// close into a well-formed row within 64 lines costs only its own line,
// which is a row with an error, and reading goes on at the next line.
//
// Header names are mapped to parts of the address by synonyms, whatever
// their case, spaces and punctuation, also after a qualifier ("Delivery
// Address", "Shipping City"; see docs/batch.md). When no name says which
// column holds the address or its street, a column of unknown name whose
// values look like addresses is read as whole addresses: one where more
// than half of the first 100 rows (in the first 64 KB) have, before the
// first comma, two words or more, a letter, and a digit or a street type,
// and no "@"; of several, the one with the longest values on average.
// The columns that give nothing to the address are named in
// Summary.UnusedColumns and a warning, and kept in the output like every
// input column. Rows are processed on Options.Workers goroutines while
// their order is kept and at most a few thousand rows are in memory.
//
// It returns an error only when reading or writing fails, ctx ends, or
// MaxRows is passed; the summary then counts the rows written.
func Batch(ctx context.Context, r io.Reader, w io.Writer, opts Options) (Summary, error) {
	var sum Summary
	if opts.Gazetteer == nil {
		return sum, ErrNoGazetteer
	}
	if _, ok := address.LookupCountry(opts.Region); !ok && opts.Region != "" {
		return sum, fmt.Errorf("batch: unknown region %q", opts.Region)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	in, err := openInput(r, opts, nil)
	if err != nil {
		return sum, err
	}
	rs, header, m := in.rs, in.header, in.m
	sum = summary(in.format, in.enc, header, &m)

	cw := csv.NewWriter(w)
	outHeader := make([]string, 0, len(header)+len(Columns))
	for _, h := range header {
		outHeader = append(outHeader, Sanitize("input_"+strings.TrimSpace(h)))
	}
	outHeader = append(outHeader, Columns...)
	if !opts.NoHeader {
		if err := cw.Write(outHeader); err != nil {
			return sum, err
		}
	}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan *chunk)
	order := make(chan *chunk, 2*workers) // bounds the rows in memory
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for c := range work {
				c.out = make([]outcome, len(c.recs))
				for i, rec := range c.recs {
					c.out[i] = process(ctx, opts, &m, rec, c.bad[i])
				}
				close(c.done)
			}
		})
	}
	readErr := make(chan error, 1)
	go func() {
		defer func() {
			// a bug: the batch fails, not the process (readChunks has
			// closed its channels on the way out)
			if p := recover(); p != nil {
				readErr <- fmt.Errorf("batch: the reader panicked: %v", p)
			}
		}()
		readErr <- readChunks(ctx, rs, opts, work, order)
	}()
	writeErr := writeChunks(ctx, cw, order, len(header), len(outHeader), &sum, opts.Progress)
	cancel()
	wg.Wait()
	for range order { // let the reader end
	}
	if writeErr == nil {
		cw.Flush()
		writeErr = cw.Error()
	}
	sum.Validated = sum.ValidatedPercent()
	if writeErr != nil {
		return sum, fmt.Errorf("batch: write: %w", writeErr)
	}
	if err := <-readErr; err != nil {
		return sum, err
	}
	return sum, parent.Err()
}

// readChunks reads the rows into chunks of chunkRows, in order, and hands
// each to the writer (order) and to a worker (work); it closes both when
// the rows end, reading fails, MaxRows is passed or ctx ends.
func readChunks(ctx context.Context, rs *records, opts Options, work, order chan<- *chunk) (err error) {
	defer close(work)
	defer close(order)
	first := max(opts.FirstRow, 1)
	row := 0
	c := newChunk(first)
	send := func() bool {
		select {
		case order <- c:
		case <-ctx.Done():
			return false
		}
		select {
		case work <- c:
		case <-ctx.Done():
			return false
		}
		c = newChunk(first + row)
		return true
	}
	for {
		rec, rerr := rs.next()
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return fmt.Errorf("batch: read row %d: %w", first+row, rerr)
		}
		row++
		if opts.MaxRows > 0 && row > opts.MaxRows {
			return fmt.Errorf("%w: more than %d", ErrTooManyRows, opts.MaxRows)
		}
		bad := rec.bad
		if bad == "" {
			bad = check(rec.fields)
		}
		c.recs, c.bad = append(c.recs, rec.fields), append(c.bad, bad)
		if len(c.recs) == chunkRows && !send() {
			return nil
		}
	}
	if len(c.recs) > 0 {
		send()
	}
	return nil
}

// writeChunks writes the rows of the chunks in order, each chunk once its
// worker is done, as the input columns (inputs of them) and the output
// columns, width in all; it counts them in sum and reports progress after
// each chunk. It returns the first error of writing, or nil when the
// chunks end or ctx does.
func writeChunks(ctx context.Context, cw *csv.Writer, order <-chan *chunk, inputs, width int, sum *Summary, progress func(int, Summary)) error {
	cells := make([]string, width)
	for c := range order {
		select {
		case <-c.done:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			return nil
		}
		for i, rec := range c.recs {
			o := &c.out[i]
			for j := range inputs {
				cells[j] = ""
				if j < len(rec) {
					cells[j] = Sanitize(rec[j])
				}
			}
			row := o.row()
			row.cells(c.first+i, cells[inputs:])
			for j := inputs; j < len(cells); j++ {
				cells[j] = Sanitize(cells[j])
			}
			if err := cw.Write(cells); err != nil {
				return err
			}
			sum.count(o)
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
		if progress != nil {
			progress(sum.Rows, *sum)
		}
	}
	return nil
}

func newChunk(first int) *chunk {
	return &chunk{first: first, done: make(chan struct{})}
}

// check returns why the fields of a row cannot be processed, or "".
func check(rec []string) string {
	empty := true
	for _, f := range rec {
		switch {
		case !utf8.ValidString(f):
			return "invalid UTF-8"
		case len(f) > maxFieldBytes:
			return fmt.Sprintf("field longer than %d bytes", maxFieldBytes)
		case strings.TrimSpace(f) != "":
			empty = false
		}
	}
	if empty {
		return "empty row"
	}
	return ""
}

// rowReason says why a row could not be read, in the words of the output
// file's reason column: for the client, without a package's prefix or a
// driver's words.
func rowReason(err error) string {
	switch {
	case errors.Is(err, address.ErrEmpty):
		return "no letter or digit of address"
	case errors.Is(err, address.ErrTooLong):
		return fmt.Sprintf("the address is longer than %d bytes", address.MaxInputBytes)
	case errors.Is(err, address.ErrUnknownRegion):
		return "the country names no country the service knows"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "the job stopped before this row was read"
	}
	return "the gazetteer could not be read for this row"
}

// process standardizes and geocodes one row.
func process(ctx context.Context, opts Options, m *mapping, rec []string, bad string) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			log := opts.Logger
			if log == nil {
				log = slog.Default()
			}
			log.Error("batch: a record made the reader panic", "panic", p, "stack", string(debug.Stack()))
			o = outcome{err: internalRowError, r: unverified()}
		}
	}()
	if bad != "" {
		return outcome{err: bad, r: unverified()}
	}
	if m.points() {
		lat, lon, err := m.point(rec)
		if err != nil {
			return outcome{err: "the latitude and longitude must be numbers, in decimal degrees", r: unverified()}
		}
		return reverse(ctx, opts, lat, lon)
	}
	s, err := address.Standardize(ctx, m.input(rec, opts.Region))
	if err != nil {
		return outcome{err: rowReason(err), r: unverified()}
	}
	r, err := address.Geocode(ctx, opts.Gazetteer, s)
	if err != nil {
		return outcome{s: s, err: rowReason(err), r: unverified()}
	}
	if r.Reading != nil {
		s = *r.Reading
	}
	return outcome{s: s, r: r}
}

// reverse reverse geocodes one point (address.Reverse): the outcome of
// the place found, its address written as the address.
func reverse(ctx context.Context, opts Options, lat, lon float64) outcome {
	r, err := address.Reverse(ctx, opts.Gazetteer, lat, lon)
	switch {
	case errors.Is(err, address.ErrBadPoint):
		return outcome{err: "the latitude must be within ±90 and the longitude within ±180", r: unverified()}
	case errors.Is(err, address.ErrNothingNear):
		return outcome{err: fmt.Sprintf("the gazetteer holds no place within %d km of the point", address.ReverseFarthest/1000), r: unverified()}
	case err != nil:
		return outcome{err: rowReason(err), r: unverified()}
	}
	return placed(r.Result)
}

func unverified() address.Result {
	return address.Result{Level: address.LevelNone, Verdict: address.Unverified, NextAction: address.Fix}
}

func (s *Summary) count(o *outcome) {
	s.Rows++
	switch o.r.Verdict {
	case address.HighConfidence:
		s.HighConfidence++
	case address.Partial:
		s.Partial++
	default:
		s.Unverified++
	}
	if o.r.Validated && o.err == "" {
		s.ValidatedRows++
	}
}
