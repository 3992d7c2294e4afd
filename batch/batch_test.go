package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/storetest"
)

// gazetteer opens the built-in gazetteer in a temporary directory.
func gazetteer(t testing.TB) address.Gazetteer { return storetest.Shared(t) }

// run runs a batch and returns the output as records, with the header.
func run(t testing.TB, input string, opts batch.Options) ([][]string, batch.Summary) {
	t.Helper()
	opts.Gazetteer = gazetteer(t)
	var out bytes.Buffer
	sum, err := batch.Batch(context.Background(), strings.NewReader(input), &out, opts)
	if err != nil {
		t.Fatalf("Batch: %v", err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v\n%s", err, out.String())
	}
	return recs, sum
}

// col returns the value of a named column in a row.
func col(header, row []string, name string) string {
	i := slices.Index(header, name)
	if i < 0 {
		return "<no column " + name + ">"
	}
	return row[i]
}

func TestBatchRows(t *testing.T) {
	input := "\ufeffid,Street,Town,State,Postal_Code\r\n" +
		"1,12 Adeola Odeku Street,Victoria Island,Lagos,101241\r\n" +
		"2,\"5, Ogunsiji Close,\nOff Allen Avenue\",Ikeja,Lagos,\r\n" + // a quoted field with a newline
		"3,too,few\r\n" + // ragged
		"4,\xff\xfe bad bytes,Ikeja,Lagos,\r\n" + // invalid UTF-8
		",,,,\r\n" + // empty
		"6,=HYPERLINK(\"http://x\"),@SUM(A1),+1,-2\r\n" + // formulas
		"7,Plot 339 Cadastral Zone A08,Wuse 2,Abuja,\r\n"
	recs, sum := run(t, input, batch.Options{Filename: "clients.csv"})
	header, rows := recs[0], recs[1:]
	wantHeader := append([]string{"input_id", "input_Street", "input_Town", "input_State", "input_Postal_Code"}, batch.Columns...)
	if !slices.Equal(header, wantHeader) {
		t.Fatalf("header %q\nwant %q", header, wantHeader)
	}
	if len(batch.Columns) < 37 {
		t.Errorf("%d result columns, want at least 37", len(batch.Columns))
	}
	if len(rows) != 7 || sum.Rows != 7 || sum.HighConfidence+sum.Partial+sum.Unverified != 7 {
		t.Fatalf("%d rows, summary %+v; want 7", len(rows), sum)
	}
	for i, row := range rows {
		if len(row) != len(header) {
			t.Errorf("row %d has %d cells", i+1, len(row))
		}
		if got := col(header, row, "row_number"); got != fmt.Sprint(i+1) {
			t.Errorf("row %d numbered %s", i+1, got)
		}
	}
	r1 := rows[0]
	if col(header, r1, "state_code") != "NG-LA" || col(header, r1, "lga") != "Eti-Osa" || col(header, r1, "latitude") == "" ||
		col(header, r1, "status") == "UNVERIFIED" || col(header, r1, "error") != "" {
		t.Errorf("row 1: %q", r1)
	}
	if got := col(header, rows[1], "input_Street"); got != "5, Ogunsiji Close, Off Allen Avenue" {
		t.Errorf("row 2 street %q: the newline should be a space in the output", got)
	}
	for _, c := range []struct {
		row  int
		want string
	}{{2, "row has 3 fields, the header 5: the whole line is in the first column"}, {3, "invalid UTF-8"}, {4, "empty row"}} {
		row := rows[c.row]
		if col(header, row, "status") != "UNVERIFIED" || col(header, row, "error") != c.want || col(header, row, "next_action") != "FIX" {
			t.Errorf("row %d: status %s, error %q; want UNVERIFIED, %q", c.row+1, col(header, row, "status"), col(header, row, "error"), c.want)
		}
	}
	f := rows[5]
	for name, want := range map[string]string{
		"input_Street": `'=HYPERLINK("http://x")`, "input_Town": "'@SUM(A1)", "input_State": "+1", "input_Postal_Code": "-2",
	} {
		if got := col(header, f, name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	validated := 0
	for _, row := range rows {
		if col(header, row, "validated") == "true" {
			validated++
		}
	}
	if sum.ValidatedRows != validated || sum.ValidatedPercent() != float64(int(10000*float64(validated)/7+0.5))/100 || sum.Validated != sum.ValidatedPercent() {
		t.Errorf("validated %v (%d rows), want %d rows validated", sum.Validated, sum.ValidatedRows, validated)
	}
}

func TestBatchFormats(t *testing.T) {
	for _, tt := range []struct {
		name, filename, input string
		format                batch.Format
		rows                  int
		firstInput            string
	}{
		{"tsv", "a.tsv", "street\tcity\tstate\n12 Allen Avenue\tIkeja\tLagos\n3 Awolowo Road\tIkoyi\tLagos\n", batch.TSV, 2, "12 Allen Avenue"},
		{"tsv by content", "", "street\tcity\n12 Allen Avenue\tIkeja\n", batch.TSV, 1, "12 Allen Avenue"},
		{"semicolon", "", "address;zip\n12 Allen Avenue, Ikeja, Lagos;100271\n", batch.Semicolon, 1, "12 Allen Avenue, Ikeja, Lagos"},
		{"pipe", "", "ref|address\nA1|12 Allen Avenue, Ikeja\nA2|Wuse 2, Abuja\n", batch.Pipe, 2, "A1"},
		{"text", "list.txt", "12 Allen Avenue, Ikeja, Lagos\r\nPlot 5, Wuse 2, Abuja\n\nKano\n", batch.Text, 4, "12 Allen Avenue, Ikeja, Lagos"},
		{"text, commas on each line", "", "12 Allen Avenue, Ikeja, Lagos\nWuse 2, Abuja\n", batch.Text, 2, "12 Allen Avenue, Ikeja, Lagos"},
		{"csv, unknown column names", "x.csv", "a,b\n12 Allen Avenue,Ikeja\n", batch.CSV, 1, "12 Allen Avenue"},
		{"header only", "x.csv", "street,city\n", batch.CSV, 0, ""},
		{"nothing", "", "", batch.Text, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			recs, sum := run(t, tt.input, batch.Options{Filename: tt.filename})
			if sum.Format != tt.format || sum.Rows != tt.rows || len(recs)-1 != tt.rows {
				t.Fatalf("format %s, %d rows (%d output); want %s, %d", sum.Format, sum.Rows, len(recs)-1, tt.format, tt.rows)
			}
			if tt.rows > 0 && recs[1][0] != tt.firstInput {
				t.Errorf("first input cell %q, want %q", recs[1][0], tt.firstInput)
			}
		})
	}
	// the empty line of the text is a row of its own
	recs, _ := run(t, "Ikeja\n\nKano\n", batch.Options{Format: batch.Text})
	if h := recs[0]; col(h, recs[2], "error") != "empty row" || recs[0][0] != "input_address" {
		t.Errorf("text rows %q", recs)
	}
}

// TestBatchOrder runs many rows on several workers: the output keeps the
// input order.
func TestBatchOrder(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,address\n")
	towns := []string{"Ikeja, Lagos", "Wuse 2, Abuja", "Kano", "Nowhere at all", "Yaba, Lagos", "Port Harcourt"}
	for i := range 3000 {
		fmt.Fprintf(&b, "%d,%d Main Street, %s\n", i, i%90+1, towns[i%len(towns)])
	}
	var progress []int
	var counts batch.Summary
	recs, sum := run(t, b.String(), batch.Options{Workers: 4, Progress: func(n int, c batch.Summary) {
		progress, counts = append(progress, n), c
	}})
	if sum.Rows != 3000 || len(recs) != 3001 {
		t.Fatalf("%d rows", sum.Rows)
	}
	for i, row := range recs[1:] {
		if row[0] != fmt.Sprint(i) || row[1] != fmt.Sprintf("%d Main Street, %s", i%90+1, towns[i%len(towns)]) ||
			col(recs[0], row, "row_number") != fmt.Sprint(i+1) {
			t.Fatalf("row %d is %q", i, row[:3])
		}
	}
	if len(progress) == 0 || progress[len(progress)-1] != 3000 || !slices.IsSorted(progress) {
		t.Errorf("progress %v", progress)
	}
	if counts.Rows != sum.Rows || counts.HighConfidence != sum.HighConfidence || counts.Unverified != sum.Unverified {
		t.Errorf("last progress counts %+v, summary %+v", counts, sum)
	}
}

func TestBatchLimitsAndErrors(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	if _, err := batch.Batch(ctx, strings.NewReader("a\n"), &out, batch.Options{}); !errors.Is(err, batch.ErrNoGazetteer) {
		t.Errorf("no gazetteer: %v", err)
	}
	g := gazetteer(t)
	if _, err := batch.Batch(ctx, strings.NewReader("a\n"), &out, batch.Options{Gazetteer: g, Region: "Atlantis"}); err == nil {
		t.Error("unknown region: no error")
	}
	_, err := batch.Batch(ctx, strings.NewReader("street\na\nb\nc\n"), &out, batch.Options{Gazetteer: g, MaxRows: 2})
	if !errors.Is(err, batch.ErrTooManyRows) {
		t.Errorf("3 rows with MaxRows 2: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := batch.Batch(cctx, strings.NewReader("street\na\nb\n"), &out, batch.Options{Gazetteer: g}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// FirstRow numbers the rows of a chunk as the whole; NoHeader leaves
	// the header out
	out.Reset()
	sum, err := batch.Batch(ctx, strings.NewReader("street\nYaba\n"), &out, batch.Options{Gazetteer: g, FirstRow: 3, NoHeader: true})
	recs, _ := csv.NewReader(&out).ReadAll()
	if err != nil || sum.Rows != 1 || len(recs) != 1 || recs[0][0] != "Yaba" || recs[0][1] != "3" {
		t.Errorf("FirstRow 3, NoHeader: %v %+v %q", err, sum, recs)
	}
}

func FuzzBatch(f *testing.F) {
	for _, s := range []string{"street,city\nIkeja,Lagos\n", "a\tb\n1\t2\n", "\"unterminated\nx", "x;y\n;;;\n", "\ufeff=1\n@2\n",
		"Client,Deliver To\nAde,12 Allen Avenue, Ikeja\n", "\xff\xfea\x00\n\x00=\x001\x00", "Caf\xe9,Ikoyi\n=1,@2\n"} {
		f.Add(s)
	}
	g := gazetteer(f)
	f.Fuzz(func(t *testing.T, input string) {
		var out bytes.Buffer
		sum, err := batch.Batch(context.Background(), strings.NewReader(input), &out, batch.Options{Gazetteer: g, Workers: 2})
		if err != nil {
			t.Fatalf("Batch: %v", err)
		}
		recs, err := csv.NewReader(&out).ReadAll()
		if err != nil {
			t.Fatalf("output is not CSV: %v", err)
		}
		if len(recs) != sum.Rows+1 || sum.HighConfidence+sum.Partial+sum.Unverified != sum.Rows {
			t.Fatalf("%d output records for %+v", len(recs), sum)
		}
		for _, r := range recs {
			for _, c := range r {
				if c != "" && strings.ContainsRune("=@", rune(c[0])) {
					t.Fatalf("unsanitized cell %q", c)
				}
			}
		}
	})
}

func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1": "+1", "-2.5": "-2.5", "-2-": "'-2-", "@A1": "'@A1", "\t=x": "' =x", "\r1": "' 1",
		"a\x00b": "ab", "\x01=0": "'=0", "ok": "ok", "": "", "a\nb": "a b", "\xff": "\uFFFD",
	} {
		if got := batch.Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSanitize checks what Sanitize promises of any cell: valid UTF-8
// without control characters, no formula (a cell starting with =, +, - or
// @ is a number or is quoted), the same again when sanitized twice, and
// printable ASCII that starts with no formula character kept as it is.
// (FuzzSanitizeFast checks its fast path against the whole one.)
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"=1+1", "-2.5", "\t=x", "a\x00b", "\xff=", "ok", "", "12 Allen Avenue, Ikeja"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := batch.Sanitize(in)
		if !utf8.ValidString(out) || strings.ContainsFunc(out, func(r rune) bool { return r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0 }) {
			t.Fatalf("Sanitize(%q) = %q: invalid UTF-8 or a control character", in, out)
		}
		if out != "" && strings.ContainsRune("=+-@", rune(out[0])) {
			if _, err := strconv.ParseFloat(out, 64); err != nil {
				t.Fatalf("Sanitize(%q) = %q: a formula", in, out)
			}
		}
		if again := batch.Sanitize(out); again != out {
			t.Fatalf("Sanitize(%q) = %q, then %q", in, out, again)
		}
		plain := !strings.ContainsFunc(in, func(r rune) bool { return r < 0x20 || r >= 0x7f })
		if plain && (in == "" || !strings.ContainsRune("=+-@\t\r", rune(in[0]))) && out != in {
			t.Fatalf("Sanitize(%q) = %q, want it unchanged", in, out)
		}
	})
}

// TestBatchOneColumnHeader: a header of one column over rows with unquoted
// commas is a file of one address per line; the whole line is the address.
func TestBatchOneColumnHeader(t *testing.T) {
	for _, tt := range []struct{ name, filename, input string }{
		{"csv", "clients.csv", "address\n12 Adeola Odeku Street, Victoria Island, Lagos\n5 Allen Avenue, Ikeja, Lagos\n"},
		{"tsv", "clients.tsv", "address\n12 Adeola Odeku Street, Victoria Island, Lagos\n5 Allen Avenue\tIkeja, Lagos\n"},
		{"crlf and quotes", "", "Address\r\n12 Adeola Odeku Street, Victoria Island, Lagos\r\n\"5 Allen Avenue, Ikeja\", Lagos\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			recs, sum := run(t, tt.input, batch.Options{Filename: tt.filename})
			if sum.Rows != 2 || len(recs) != 3 {
				t.Fatalf("%d rows (%d output), want 2", sum.Rows, len(recs)-1)
			}
			h := recs[0]
			// the output turns tabs into spaces (see Sanitize)
			lines := strings.Split(strings.NewReplacer("\r", "", "\t", " ").Replace(tt.input), "\n")[1:]
			for i, row := range recs[1:] {
				if got := row[0]; got != lines[i] {
					t.Errorf("row %d input %q, want the whole line %q", i+1, got, lines[i])
				}
				if e := col(h, row, "error"); e != "" {
					t.Errorf("row %d error %q", i+1, e)
				}
			}
			if got := col(h, recs[1], "state"); got != "Lagos" {
				t.Errorf("row 1 state %q, want Lagos (the whole line geocoded)", got)
			}
			if got := col(h, recs[1], "lga"); got != "Eti-Osa" {
				t.Errorf("row 1 LGA %q, want Eti-Osa (Victoria Island's)", got)
			}
		})
	}
}

// TestBatchCRLineEnds: a file whose lines end with CR alone (the "CSV
// (Macintosh)" of old spreadsheets) has a row per line.
func TestBatchCRLineEnds(t *testing.T) {
	recs, sum := run(t, "id,address\r1,\"12 Allen Avenue,\rIkeja\"\r2,Wuse 2, Abuja\r", batch.Options{Filename: "mac.csv"})
	if sum.Rows != 2 || recs[1][1] != "12 Allen Avenue, Ikeja" || recs[2][1] != "Wuse 2, Abuja" {
		t.Errorf("%d rows: %q", sum.Rows, recs[1:])
	}
}

// TestBatchQuotesKept: quotes that do not quote a field are text, and
// stay in the output.
func TestBatchQuotesKept(t *testing.T) {
	for _, tt := range []struct{ input, want string }{
		{"address\n\"Wuse\" Abuja\n", `"Wuse" Abuja`},
		{"id,address\n1,\"Wuse\" 2, Abuja\n", `"Wuse" 2, Abuja`},
		{"id,address\n1,12 \"Zone\" A8 Wuse\n", `12 "Zone" A8 Wuse`},
		{"id,address\n1,\"Plot 5, Wuse 2\"\n", `Plot 5, Wuse 2`},
	} {
		recs, _ := run(t, tt.input, batch.Options{})
		if got := recs[1][len(recs[0])-len(batch.Columns)-1]; got != tt.want {
			t.Errorf("%q: address %q, want %q", tt.input, got, tt.want)
		}
	}
}

// TestBatchRagged: extra fields go to the one column of whole addresses;
// a row that cannot be split as the header says keeps its whole line in
// the first input column.
func TestBatchRagged(t *testing.T) {
	recs, _ := run(t, "id,address,zip\n7,12 Adeola Odeku Street, Victoria Island, Lagos,101241\n8,Wuse 2,\n", batch.Options{})
	h := recs[0]
	if got := recs[1][:3]; !slices.Equal(got, []string{"7", "12 Adeola Odeku Street, Victoria Island, Lagos", "101241"}) || col(h, recs[1], "error") != "" {
		t.Errorf("row with unquoted commas in its address: %q, error %q", got, col(h, recs[1], "error"))
	}
	// a delimiter that ends a row is not a field
	recs, _ = run(t, "id,address,city\n7,Wuse 2,Abuja,\n8,Kano,Kano, ,\n", batch.Options{})
	for i, want := range [][]string{{"7", "Wuse 2", "Abuja"}, {"8", "Kano", "Kano"}} {
		if got := recs[i+1][:3]; !slices.Equal(got, want) || col(recs[0], recs[i+1], "error") != "" {
			t.Errorf("row ending in a delimiter: %q, error %q; want %q", got, col(recs[0], recs[i+1], "error"), want)
		}
	}
	for _, line := range []string{"7,12 Adeola Odeku Street,Victoria Island,Lagos,101241", "8,Wuse 2"} {
		recs, _ := run(t, "id,street,city\n"+line+"\n9,Wuse 2,Abuja\n", batch.Options{})
		h := recs[0]
		if got := strings.Join(recs[1][:3], ""); got != line {
			t.Errorf("ragged row's input cells %q, want the whole line %q", recs[1][:3], line)
		}
		if e := col(h, recs[1], "error"); !strings.HasPrefix(e, "row has ") || col(h, recs[1], "status") != "UNVERIFIED" {
			t.Errorf("ragged row %q: status %s, error %q", line, col(h, recs[1], "status"), e)
		}
		if got := recs[2][:3]; !slices.Equal(got, []string{"9", "Wuse 2", "Abuja"}) {
			t.Errorf("row after the ragged one: %q", got)
		}
	}
}

// TestBatchUnterminatedQuote: a quote that never closes costs only its
// own row; the rows after it are rows of their own.
func TestBatchUnterminatedQuote(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,address\n")
	for i := 1; i <= 12; i++ {
		switch i {
		case 11:
			b.WriteString("e11,\"unterminated quote, 5 Allen Avenue, Ikeja\n")
		case 7:
			b.WriteString("e7,\"2 Awolowo Road,\nIkoyi, Lagos\"\n") // a quoted field over two lines
		default:
			fmt.Fprintf(&b, "e%d,%d Allen Avenue, Ikeja\n", i, i)
		}
	}
	b.WriteString("e13,\"Wuse 2, Abuja\" and more\"\ne14,\"Kano\"\n") // a broken quote, then a good one
	recs, sum := run(t, b.String(), batch.Options{Filename: "x.csv"})
	if sum.Rows != 14 || len(recs) != 15 {
		t.Fatalf("%d rows (%d output) for 14 records", sum.Rows, len(recs)-1)
	}
	h := recs[0]
	for i, row := range recs[1:] {
		if want := fmt.Sprintf("e%d", i+1); row[0] != want && !strings.HasPrefix(row[0], want+",") {
			t.Errorf("row %d starts %q, want %s", i+1, row[0], want)
		}
	}
	if got := recs[7][1]; got != "2 Awolowo Road, Ikoyi, Lagos" {
		t.Errorf("row 7 address %q: a quoted field may span lines", got)
	}
	e11 := recs[11]
	if e := col(h, e11, "error"); !strings.Contains(e, "quote") || col(h, e11, "status") != "UNVERIFIED" {
		t.Errorf("row 11: status %s, error %q; want UNVERIFIED and a quote error", col(h, e11, "status"), e)
	}
	if got := e11[0] + "," + e11[1]; !strings.Contains(got, "unterminated quote, 5 Allen Avenue, Ikeja") {
		t.Errorf("row 11 lost its text: %q", e11[:2])
	}
	if strings.Contains(strings.Join(e11, ","), "e12") {
		t.Errorf("row 11 swallowed row 12: %q", e11)
	}
	if recs[14][1] != "Kano" || col(h, recs[14], "error") != "" {
		t.Errorf("row 14 %q, error %q", recs[14][:2], col(h, recs[14], "error"))
	}
}

// TestBatchCountryReason checks that a row whose text implies another
// country than the region says, in its changes, what implied it.
func TestBatchCountryReason(t *testing.T) {
	rows, _ := run(t, "address\n\"742 Evergreen Terrace NE, Olympia, WA 98501-2200\"\n\"12 Adeola Odeku Street, Victoria Island, Lagos\"\n", batch.Options{})
	if len(rows) != 3 {
		t.Fatalf("%d rows, want a header and 2", len(rows))
	}
	us, ng := col(rows[0], rows[1], "changes"), col(rows[0], rows[2], "changes")
	if !strings.Contains(us, "country:added (implied by the postcode 98501-2200, a shape used only in US)") { // as docs/batch.md shows
		t.Errorf("US row changes %q, want the evidence for the country", us)
	}
	if strings.Contains(ng, "implied") {
		t.Errorf("NG row changes %q: the default country needs no evidence", ng)
	}
	if c := col(rows[0], rows[1], "country_code"); c != "US" {
		t.Errorf("US row country %q", c)
	}
}

// TestBatchAreaWithAddress checks that an area column beside an address
// column is read, not dropped.
func TestBatchAreaWithAddress(t *testing.T) {
	rows, _ := run(t, "address,area,lga,state\n12 Adeola Odeku Street,Victoria Island,Eti-Osa,Lagos\n", batch.Options{})
	if got := col(rows[0], rows[1], "formatted_address"); !strings.Contains(got, "Victoria Island") {
		t.Errorf("formatted address %q has no area", got)
	}
}

// TestBatchColumns: columns named in a customer's own words feed the
// address; every column that does not is named in the summary and a
// warning, and kept in the output.
func TestBatchColumns(t *testing.T) {
	customers, err := os.ReadFile(filepath.Join("testdata", "customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, input string
		opts        batch.Options
		unused      []string
		warnings    []string // what each warning holds
		want        map[string]string
	}{
		{"the issue's header", string(customers), batch.Options{},
			[]string{"Customer Name", "Phone"}, []string{`not used for the address, copied to the output as input_<name>: "Customer Name", "Phone"`},
			map[string]string{"input_Customer Name": "Adaeze Okafor", "input_Phone": "08031234567", "street_name": "Adeola Odeku",
				"neighbourhood": "Victoria Island", "lga": "Eti-Osa", "state_code": "NG-LA"}},
		{"chosen by content", "Client,Deliver To,Tel\nAde Okafor,12 Adeola Odeku Street, Victoria Island, Lagos,0803\n", batch.Options{Filename: "clients.csv"},
			[]string{"Client", "Tel"}, []string{`"Deliver To" was read as the whole address`, `"Client", "Tel"`},
			map[string]string{"input_Deliver To": "12 Adeola Odeku Street, Victoria Island, Lagos", "input_Tel": "0803", "lga": "Eti-Osa"}},
		{"named by the caller", "Client,Deliver To,Tel\nAde Okafor,12 Allen Avenue Ikeja,0803\n", batch.Options{Filename: "clients.csv", AddressColumn: "Deliver To"},
			[]string{"Client", "Tel"}, []string{`"Client", "Tel"`},
			map[string]string{"street_name": "Allen", "city": "Ikeja"}},
		{"landmark, LGA and area", "Address,Landmark,L.G.A,Area,State\n5 Awolowo Road,Falomo Shopping Centre,Eti-Osa,Ikoyi,Lagos\n", batch.Options{},
			nil, nil,
			map[string]string{"landmark_relation": "Near", "landmark": "Falomo Shopping Centre", "lga": "Eti-Osa", "neighbourhood": "Ikoyi"}},
		{"billing after delivery", "Billing Address,Delivery Address\n1 Broad Street Lagos,12 Allen Avenue Ikeja\n", batch.Options{},
			[]string{"Billing Address"}, []string{`"Billing Address"`},
			map[string]string{"street_name": "Allen"}},
		{"nothing known, nothing like addresses", "a,b\nIkeja,Lagos\n", batch.Options{Filename: "x.csv"},
			nil, []string{"the cells of each row were joined"},
			map[string]string{"city": "Ikeja", "state": "Lagos"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			recs, sum := run(t, tt.input, tt.opts)
			if !slices.Equal(sum.UnusedColumns, tt.unused) {
				t.Errorf("unused columns %q, want %q", sum.UnusedColumns, tt.unused)
			}
			if len(sum.Warnings) != len(tt.warnings) {
				t.Errorf("warnings %q, want %d", sum.Warnings, len(tt.warnings))
			}
			for i, w := range tt.warnings {
				if i < len(sum.Warnings) && !strings.Contains(sum.Warnings[i], w) {
					t.Errorf("warning %q, want it to hold %q", sum.Warnings[i], w)
				}
			}
			for name, want := range tt.want {
				if got := col(recs[0], recs[1], name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
			if e := col(recs[0], recs[1], "error"); e != "" {
				t.Errorf("error %q", e)
			}
		})
	}
	_, err = batch.Batch(context.Background(), strings.NewReader("a,b\n1,2\n"), io.Discard, batch.Options{Gazetteer: gazetteer(t), AddressColumn: "c"})
	if err == nil {
		t.Error("AddressColumn of no column: no error")
	}
}

// boom is a gazetteer that panics when asked for the name "boom".
type boom struct{ address.Gazetteer }

func (b boom) Named(ctx context.Context, country, key string) ([]address.Place, error) {
	if key == "boom" {
		panic("a bug, planted")
	}
	return b.Gazetteer.Named(ctx, country, key)
}

// TestBatchRowPanic: a record that makes the reader panic (a bug) is
// UNVERIFIED with a reason, logged with its stack, and every other
// record is read.
func TestBatchRowPanic(t *testing.T) {
	var logs bytes.Buffer
	var out bytes.Buffer
	input := "street,city\n12 Allen Avenue,Ikeja\n1 Boom Street,Boom\n7 Ogui Road,Enugu\n"
	sum, err := batch.Batch(context.Background(), strings.NewReader(input), &out, batch.Options{
		Gazetteer: boom{gazetteer(t)}, Region: "NG", Filename: "a.csv", Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(recs) != 4 || sum.Rows != 3 {
		t.Fatalf("%d records, %v, summary %+v", len(recs), err, sum)
	}
	header := recs[0]
	if got := col(header, recs[2], "error"); !strings.Contains(got, "internal error") || col(header, recs[2], "status") != "UNVERIFIED" {
		t.Errorf("the record that panicked: status %s, error %q", col(header, recs[2], "status"), got)
	}
	for _, r := range []int{1, 3} {
		if col(header, recs[r], "error") != "" || col(header, recs[r], "latitude") == "" {
			t.Errorf("record %d was not read: %q", r, recs[r])
		}
	}
	if !strings.Contains(logs.String(), "a bug, planted") || !strings.Contains(logs.String(), "goroutine") {
		t.Errorf("the panic was not logged with its stack: %s", logs.String())
	}
}

// TestBatchPoints: a file whose columns are a latitude and a longitude,
// and no address, is reverse geocoded row by row; a row that is no point
// is kept with its reason; a file with an address as well is geocoded by
// its address.
func TestBatchPoints(t *testing.T) {
	input := "id,Latitude,Lng\n" +
		"1,6.4281,3.4219\n" +
		"2,51.5007,-0.1246\n" +
		"3,north,east\n" +
		"4,95,3\n" +
		"5,0,-30\n"
	recs, sum := run(t, input, batch.Options{})
	header, rows := recs[0], recs[1:]
	if len(rows) != 5 || sum.Rows != 5 {
		t.Fatalf("%d rows, summary %+v; want 5", len(rows), sum)
	}
	for i, want := range []struct{ neighbourhood, city, cc, err string }{
		{"Victoria Island", "", "NG", ""},
		{"Lambeth", "London", "GB", ""},
		{"", "", "", "the latitude and longitude must be numbers, in decimal degrees"},
		{"", "", "", "the latitude must be within ±90 and the longitude within ±180"},
		{"", "", "", "the gazetteer holds no place within 300 km of the point"},
	} {
		row := rows[i]
		got := []string{col(header, row, "neighbourhood"), col(header, row, "city"), col(header, row, "country_code"), col(header, row, "error")}
		if !slices.Equal(got, []string{want.neighbourhood, want.city, want.cc, want.err}) || col(header, row, "input_id") != fmt.Sprint(i+1) {
			t.Errorf("row %d: %q, want %v", i+1, got, want)
		}
		if want.err == "" && (col(header, row, "latitude") == "" || !strings.Contains(col(header, row, "warnings"), "from the point")) {
			t.Errorf("row %d: no point or reason: %q", i+1, row)
		}
	}
	recs, _ = run(t, "address,lat,lon\n\"12 Adeola Odeku Street, Victoria Island, Lagos\",51.5,-0.12\n", batch.Options{})
	if got := col(recs[0], recs[1], "country_code"); got != "NG" {
		t.Errorf("a file with addresses and points: country %s, want the address's (NG)", got)
	}
}
