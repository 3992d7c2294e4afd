package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/addrkit/addrkit/batch"
)

func TestDetectEncoding(t *testing.T) {
	long := strings.Repeat("12 Allen Avenue, Ikeja\n", 3000) // past SniffBytes
	for _, tt := range []struct {
		name string
		head string
		want batch.Encoding
	}{
		{"empty", "", batch.UTF8},
		{"ascii", "street,city\nIkeja,Lagos\n", batch.UTF8},
		{"utf-8 accents", "name\nCafé Nero, Ìbàdàn\n", batch.UTF8},
		{"utf-8 bom", "\xef\xbb\xbfstreet\n", batch.UTF8},
		{"utf-16le bom", "\xff\xfes\x00t\x00", batch.UTF16LE},
		{"utf-16be bom", "\xfe\xff\x00s\x00t", batch.UTF16BE},
		{"utf-16le without bom", "s\x00t\x00r\x00e\x00e\x00t\x00\n\x00", batch.UTF16LE},
		{"utf-16be without bom", "\x00s\x00t\x00r\x00e\x00e\x00t\x00\n", batch.UTF16BE},
		{"windows-1252", "name\nCaf\xe9 Nero \x97 Ikoyi\n", batch.Windows1252},
		{"nul bytes, not alternating", "a\x00\x00b\xe9\x00\x00\x00c", batch.UTF8},
		{"utf-8 with a stray byte", "Café, Ìbàdàn, Ọ̀yọ́\xe9\n", batch.UTF8},
		{"a character cut at the end", long[:batch.SniffBytes-2] + "\xe2\x80", batch.UTF8},
		{"windows-1252 after the head", long + "Caf\xe9\n", batch.UTF8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			head := []byte(tt.head)
			if len(head) > batch.SniffBytes {
				head = head[:batch.SniffBytes]
			}
			if got := batch.DetectEncoding(head); got != tt.want {
				t.Errorf("DetectEncoding(%.40q) = %s, want %s", tt.head, got, tt.want)
			}
		})
	}
}

// fixture opens a file of testdata, closed when the test ends.
func fixture(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestBatchEncodings reads files as Excel saves them: every row is read,
// its accents decoded, and the output is UTF-8.
func TestBatchEncodings(t *testing.T) {
	for _, tt := range []struct {
		file   string
		enc    batch.Encoding
		format batch.Format
		inputs [][]string // the input cells of each row
	}{
		{"excel-windows-1252.csv", batch.Windows1252, batch.CSV, [][]string{
			{"Café Nero", "5 Awolowo Road, Ikoyi, Lagos — Café Nero", "Opposite Falomo Shopping Centre", "Eti-Osa", "Ikoyi"},
			{"Chez Rémi", "12 Allen Avenue, Ikeja, Lagos", "Shoprite", "Ikeja", "Allen"},
			{"Zoë Adébayo", "3 Bódé Thomas Street, Surulere, Lagos", "", "Surulere", ""},
		}},
		{"excel-unicode.txt", batch.UTF16LE, batch.TSV, [][]string{
			{"Adéọlá Ògúnníyì", "15 Ọbáfẹ́mi Awólọ́wọ̀ Way, Ìkẹjà", "Lagos", "08031234567"},
			{"Ngozi Nwosu", "7 Aba Road, Port Harcourt", "Rivers", "08091234567"},
		}},
		{"customers.csv", batch.UTF8, batch.CSV, [][]string{
			{"Adaeze Okafor", "12 Adeola Odeku Street, Victoria Island", "Lagos", "Lagos", "08031234567"},
			{"Musa Bello", "Plot 339 Cadastral Zone A08, Wuse 2", "Abuja", "FCT", "+2348021234567"},
			{"Chinedu Eze", "", "Ikeja", "Lagos", "08051234567"},
		}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			var out bytes.Buffer
			sum, err := batch.Batch(context.Background(), fixture(t, tt.file), &out, batch.Options{Gazetteer: gazetteer(t), Filename: tt.file})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Encoding != tt.enc || sum.Format != tt.format || sum.Rows != len(tt.inputs) {
				t.Fatalf("Batch(%s) read %s %s, %d rows; want %s %s, %d", tt.file, sum.Encoding, sum.Format, sum.Rows, tt.enc, tt.format, len(tt.inputs))
			}
			if !utf8.Valid(out.Bytes()) {
				t.Errorf("the output is not UTF-8")
			}
			recs, err := csv.NewReader(&out).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			h := recs[0]
			for i, row := range recs[1:] {
				want := tt.inputs[i]
				if got := row[:len(want)]; !slices.Equal(got, want) {
					t.Errorf("row %d input %q, want %q", i+1, got, want)
				}
				if e := col(h, row, "error"); e != "" {
					t.Errorf("row %d error %q", i+1, e)
				}
			}
		})
	}
}

// TestBatchInvalidUTF8AfterTheHead: a byte that is not UTF-8 past the
// head of a file read as UTF-8 is an error of its own row.
func TestBatchInvalidUTF8AfterTheHead(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,address\n")
	n := 0
	for b.Len() < batch.SniffBytes+100 {
		n++
		b.WriteString("r,12 Allen Avenue, Ikeja\n")
	}
	b.WriteString("bad,Caf\xe9 Nero, Ikoyi\nlast,Wuse 2, Abuja\n")
	recs, sum := run(t, b.String(), batch.Options{})
	if sum.Encoding != batch.UTF8 || sum.Rows != n+2 {
		t.Fatalf("read %s, %d rows; want utf-8, %d", sum.Encoding, sum.Rows, n+2)
	}
	h := recs[0]
	if bad := recs[n+1]; bad[0] != "bad" || col(h, bad, "error") != "invalid UTF-8" || col(h, bad, "status") != "UNVERIFIED" {
		t.Errorf("row %d: %q, error %q; want invalid UTF-8", n+1, bad[:2], col(h, bad, "error"))
	}
	if last := recs[n+2]; last[0] != "last" || col(h, last, "error") != "" {
		t.Errorf("row %d: %q, error %q", n+2, last[:2], col(h, last, "error"))
	}
}

// TestSplitDecoded: an input in another encoding than UTF-8 is cut into
// chunks of its decoded text, which Batch reads on their own as it reads
// the whole.
func TestSplitDecoded(t *testing.T) {
	g := gazetteer(t)
	for _, file := range []string{"excel-windows-1252.csv", "excel-unicode.txt"} {
		raw, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		var whole bytes.Buffer
		if _, err := batch.Batch(context.Background(), bytes.NewReader(raw), &whole, batch.Options{Gazetteer: g, Filename: file}); err != nil {
			t.Fatal(err)
		}
		l, err := batch.Split(bytes.NewReader(raw), "", file, 1)
		if err != nil {
			t.Fatal(err)
		}
		text := decoded(t, string(raw), l)
		if l.Encoding == batch.UTF8 || l.Size != int64(len(text)) {
			t.Errorf("%s: layout %s of %d bytes; decoded, %d bytes", file, l.Encoding, l.Size, len(text))
		}
		if got := chunked(t, g, text, l, 1); got != whole.String() {
			t.Errorf("%s: chunks joined\n%s\nwant\n%s", file, got, whole.String())
		}
	}
}

// FuzzDecode checks what Decode promises of any input: text in another
// encoding than UTF-8 comes out as UTF-8; UTF-8 comes out as it went in,
// without its byte-order mark; Detect reads the head without failing.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "street\nIkeja\n", "\xef\xbb\xbfa", "\xff\xfea\x00", "\xfe\xff\x00a", "Caf\xe9", "a\x00b\x00", "\xff\xfe\x00\xd8"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		r, enc, err := batch.Decode(bytes.NewReader(in), "")
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if want := batch.DetectEncoding(in[:min(len(in), batch.SniffBytes)]); enc != want {
			t.Fatalf("Decode(%q) read %s, DetectEncoding says %s", in, enc, want)
		}
		switch {
		case enc == batch.UTF8 && !bytes.Equal(out, bytes.TrimPrefix(in, []byte("\xef\xbb\xbf"))):
			t.Fatalf("Decode(%q) = %q as UTF-8: changed", in, out)
		case enc != batch.UTF8 && !utf8.Valid(out):
			t.Fatalf("Decode(%q) = %q as %s: not UTF-8", in, out, enc)
		}
		batch.Detect(in, "")
	})
}

func TestDecodeUnknown(t *testing.T) {
	if _, _, err := batch.Decode(strings.NewReader("a"), "latin-9"); err == nil {
		t.Error("Decode with an unknown encoding: no error")
	}
	_, err := batch.Batch(context.Background(), strings.NewReader("a"), io.Discard, batch.Options{Gazetteer: gazetteer(t), Encoding: "ebcdic"})
	if err == nil {
		t.Error("Batch with an unknown encoding: no error")
	}
}
