package batch

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestQuoteOpen(t *testing.T) {
	for _, tt := range []struct {
		text string
		open bool // at the start
		want bool
	}{
		{`a,b,c`, false, false},
		{`a,"b,c`, false, true},
		{`a,"b",c`, false, false},
		{`a,"b""c`, false, true},
		{`a,"b""",c`, false, false},
		{`a,b"c,d`, false, false}, // a quote inside an unquoted field opens nothing
		{`,"`, false, true},
		{`"",x`, false, false},
		{`c",d`, true, false}, // the quote closes the field open at the start
		{`c""d`, true, true},
		{`no quote here`, true, true},
	} {
		if got := quoteOpen(tt.text, ',', tt.open); got != tt.want {
			t.Errorf("quoteOpen(%q, %v) = %v, want %v", tt.text, tt.open, got, tt.want)
		}
	}
}

// benchInput is a CSV of n rows, a tenth of them quoted.
func benchInput(n int) string {
	var b strings.Builder
	b.WriteString("id,address,state\n")
	for i := range n {
		if i%10 == 0 {
			fmt.Fprintf(&b, "%d,\"%d Allen Avenue, Ikeja\",Lagos\n", i, i)
		} else {
			fmt.Fprintf(&b, "%d,%d Allen Avenue,Lagos\n", i, i)
		}
	}
	return b.String()
}

// BenchmarkRecords compares the line-by-line reader with encoding/csv
// reading the same rows.
func BenchmarkRecords(b *testing.B) {
	const n = 100_000
	in := benchInput(n)
	b.Run("records", func(b *testing.B) {
		for b.Loop() {
			rs := &records{r: bufio.NewReader(strings.NewReader(in)), comma: ',', spill: -1}
			rows := 0
			for {
				if _, err := rs.next(); errors.Is(err, io.EOF) {
					break
				}
				rows++
			}
			if rows != n+1 {
				b.Fatalf("%d rows", rows)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "records/s")
	})
	b.Run("encoding-csv", func(b *testing.B) {
		for b.Loop() {
			cr := csv.NewReader(strings.NewReader(in))
			cr.FieldsPerRecord, cr.LazyQuotes = -1, true
			rows := 0
			for {
				if _, err := cr.Read(); errors.Is(err, io.EOF) {
					break
				}
				rows++
			}
			if rows != n+1 {
				b.Fatalf("%d rows", rows)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "records/s")
	})
}
