package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// builtinGazetteer installs the built-in gazetteer in a temporary
// directory; done closes it and removes the directory.
func builtinGazetteer(ctx context.Context) (gz *storage.Gazetteer, done func()) {
	dir, err := os.MkdirTemp("", "addrkit-example")
	if err != nil {
		log.Fatal(err)
	}
	gz, err = builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		os.RemoveAll(dir)
		log.Fatal(err)
	}
	return gz, func() {
		gz.Close()
		os.RemoveAll(dir)
	}
}

func ExampleBatch() {
	ctx := context.Background()
	gz, done := builtinGazetteer(ctx)
	defer done()

	in := strings.NewReader("ref,street,city,state\nA1,12 Allen Avenue,Ikeja,Lagos\nA2,,,\n")
	var out strings.Builder
	sum, err := batch.Batch(ctx, in, &out, batch.Options{Gazetteer: gz, Region: "Nigeria"})
	if err != nil {
		log.Fatal(err)
	}
	rows, _ := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	h := rows[0]
	at := func(row []string, name string) string {
		for i, c := range h {
			if c == name {
				return row[i]
			}
		}
		return ""
	}
	for _, row := range rows[1:] {
		fmt.Printf("%s: %s %s %s %q\n", at(row, "input_ref"), at(row, "status"), at(row, "lga"), at(row, "state_code"), at(row, "error"))
	}
	fmt.Printf("%d rows, %d unverified\n", sum.Rows, sum.Unverified)
	// Output:
	// A1: PARTIAL Ikeja NG-LA ""
	// A2: UNVERIFIED   "no letter or digit of address"
	// 2 rows, 1 unverified
}

// A file with a header that names its address column in its own words:
// the columns that give nothing to the address are named, and kept in the
// output.
func ExampleBatch_columns() {
	ctx := context.Background()
	gz, done := builtinGazetteer(ctx)
	defer done()

	in := strings.NewReader(`"Customer Name","Delivery Address","City","State","Phone"` + "\n" +
		`"Adaeze Okafor","12 Allen Avenue","Ikeja","Lagos","08031234567"` + "\n")
	var out strings.Builder
	sum, err := batch.Batch(ctx, in, &out, batch.Options{Gazetteer: gz, Region: "Nigeria"})
	if err != nil {
		log.Fatal(err)
	}
	rows, _ := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	fmt.Println(rows[0][:5])
	fmt.Println(rows[1][slices.Index(rows[0], "formatted_address")])
	fmt.Printf("%q\n", sum.UnusedColumns)
	for _, w := range sum.Warnings {
		fmt.Println(w)
	}
	// Output:
	// [input_Customer Name input_Delivery Address input_City input_State input_Phone]
	// 12 Allen Avenue, Ikeja, Lagos, Nigeria
	// ["Customer Name" "Phone"]
	// columns not used for the address, copied to the output as input_<name>: "Customer Name", "Phone"
}

// Text that Excel saved as "CSV (Comma delimited)", in Windows-1252, read
// as UTF-8.
func ExampleDecode() {
	saved := []byte("name,address\r\nCaf\xe9 Nero,\"5 Awolowo Road, Ikoyi \x97 Lagos\"\r\n")
	r, enc, err := batch.Decode(bytes.NewReader(saved), "")
	if err != nil {
		log.Fatal(err)
	}
	text, err := io.ReadAll(r)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(enc)
	fmt.Print(strings.ReplaceAll(string(text), "\r\n", "\n"))
	// Output:
	// windows-1252
	// name,address
	// Café Nero,"5 Awolowo Road, Ikoyi — Lagos"
}

func ExampleSanitize() {
	fmt.Println(batch.Sanitize(`=HYPERLINK("http://example.com")`))
	fmt.Println(batch.Sanitize("-3.3792"))
	// Output:
	// '=HYPERLINK("http://example.com")
	// -3.3792
}

func ExampleValidate() {
	ctx := context.Background()
	gz, done := builtinGazetteer(ctx)
	defer done()

	row, err := batch.Validate(ctx, map[string]string{"street": "12 Allen Avenue", "city": "Ikeja", "state": "Lagos"},
		batch.Options{Gazetteer: gz, Region: "Nigeria"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(row.Status, row.MatchLevel, row.FormattedAddress)
	fmt.Println(row.LGA, row.StateCode, *row.Latitude != 0)
	_, err = batch.Validate(ctx, map[string]string{"stret": "12 Allen Avenue"}, batch.Options{Gazetteer: gz})
	fmt.Println(errors.Is(err, batch.ErrUnknownField))
	// Output:
	// PARTIAL LOCALITY 12 Allen Avenue, Ikeja, Lagos, Nigeria
	// Ikeja NG-LA true
	// true
}
