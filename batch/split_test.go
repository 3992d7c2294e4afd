package batch_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
)

// splitCases are inputs whose records are hard to find: quoted fields
// across lines, broken quotes, blank lines, byte-order marks, CR and CRLF
// line ends, text, ragged rows, a last line without its end.
var splitCases = map[string]string{
	"csv":        "street,city\nIkeja,Lagos\nYaba,Lagos\nKano,Kano\nWuse,Abuja\nBodija,Ibadan\n",
	"multiline":  "name,address\na,\"12 Allen Avenue\nIkeja\"\nb,\"3 Broad Street,\nLagos\"\nc,Yaba\nd,\"x\"\"y\nz\"\n",
	"broken":     "id,address\ne1,\"unterminated, Ikeja\ne2,Yaba\ne3,\"Kano\ne4,Wuse\n",
	"blank":      "street,city\n\nIkeja,Lagos\n\n\nYaba,Lagos\n\nKano,Kano\n",
	"bom-crlf":   "\ufeffstreet,city\r\nIkeja,Lagos\r\nYaba,Lagos\r\nKano,Kano\r\n",
	"cr":         "street,city\rIkeja,Lagos\rYaba,Lagos\rKano,Kano\r",
	"cr-then-lf": "street,city\rIkeja,Lagos\rYaba,Lagos\nKano,Kano\r",
	"text":       "12 Allen Avenue, Ikeja\n\n3 Broad Street, Lagos\nYaba\n\ufeffKano\n",
	"bom-text":   "\ufeff12 Allen Avenue, Ikeja\n3 Broad Street, Lagos\nYaba\n",
	"ragged":     "id,street,city\n1,Ikeja,Lagos\n2,Yaba\n3,a,b,c,d\n4,Kano,Kano,\n",
	"one-column": "address\n12 Adeola Odeku Street, Victoria Island, Lagos\n3 Broad Street, Lagos\n",
	"no-end":     "street\nIkeja\nYaba",
	"tsv":        "street\tcity\nIkeja\tLagos\nYaba\tLagos\n",
	"header":     "street,city\n",
	"by-content": "Client,Deliver To,Tel\nAde,12 Allen Avenue, Ikeja,0803\nMusa,Plot 5 Wuse 2,0802\nEze,3 Broad Street, Lagos,0805\n",
	"empty":      "",
}

// chunked runs each chunk of l through Batch on its own, as workers do,
// and joins their outputs.
func chunked(t testing.TB, g address.Gazetteer, input string, l batch.Layout, every int) string {
	t.Helper()
	var out bytes.Buffer
	for k := range l.Chunks() {
		start, end := l.Chunk(k)
		if _, err := batch.Batch(context.Background(), strings.NewReader(input[start:end]), &out, l.Options(batch.Options{Gazetteer: g, Workers: 2}, k, every)); err != nil {
			t.Fatalf("chunk %d: %v", k, err)
		}
	}
	return out.String()
}

// decoded returns the text Split cut into chunks: the input itself when
// it is UTF-8, else the input decoded.
func decoded(t testing.TB, input string, l batch.Layout) string {
	t.Helper()
	if l.Encoding == batch.UTF8 {
		return input
	}
	r, _, err := batch.Decode(strings.NewReader(input), l.Encoding)
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestSplitChunksJoinToTheWhole(t *testing.T) {
	g := gazetteer(t)
	for name, input := range splitCases {
		var whole bytes.Buffer
		sum, err := batch.Batch(context.Background(), strings.NewReader(input), &whole, batch.Options{Gazetteer: g, Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for every := 1; every <= 4; every++ {
			l, err := batch.Split(strings.NewReader(input), "", "", every)
			if err != nil {
				t.Fatalf("%s: Split: %v", name, err)
			}
			if l.Rows != sum.Rows || l.Format != sum.Format || l.Size != int64(len(input)) {
				t.Errorf("%s every %d: layout %+v; Batch read %d rows as %s of %d bytes", name, every, l, sum.Rows, sum.Format, len(input))
			}
			if want := max(1, (l.Rows+every-1)/every); l.Chunks() != want {
				t.Errorf("%s every %d: %d chunks, want %d", name, every, l.Chunks(), want)
			}
			if got := chunked(t, g, input, l, every); got != whole.String() {
				t.Errorf("%s every %d: chunks joined\n%s\nwant\n%s", name, every, got, whole.String())
			}
		}
	}
}

func TestSplitText(t *testing.T) {
	for _, c := range []struct {
		input string
		text  bool
	}{
		{"street,city\nIkeja,Lagos\n", true},
		{"street,city\n", false},
		{"street,city\n,\n;\n", false},
		{"", false},
		{"Ìbàdàn\n", true},
	} {
		l, err := batch.Split(strings.NewReader(c.input), "", "", 10)
		if err != nil || l.Text != c.text {
			t.Errorf("Split(%q): Text %v, %v; want %v", c.input, l.Text, err, c.text)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range splitCases {
		f.Add(s, 2)
	}
	g := gazetteer(f)
	f.Fuzz(func(t *testing.T, input string, every int) {
		every = 1 + (every%5+5)%5
		var whole bytes.Buffer
		if _, err := batch.Batch(context.Background(), strings.NewReader(input), &whole, batch.Options{Gazetteer: g, Workers: 2}); err != nil {
			return
		}
		l, err := batch.Split(strings.NewReader(input), "", "", every)
		if err != nil {
			t.Fatal(err)
		}
		if got := chunked(t, g, decoded(t, input, l), l, every); got != whole.String() {
			t.Errorf("every %d: chunks joined\n%q\nwant\n%q", every, got, whole.String())
		}
	})
}
