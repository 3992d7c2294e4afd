package batch_test

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

func ExampleBatch() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "addrkit-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	gz, err := builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer gz.Close()

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
	// A2: UNVERIFIED   "address: empty input"
	// 2 rows, 1 unverified
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
	dir, err := os.MkdirTemp("", "addrkit-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	gz, err := builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer gz.Close()

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
