package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/addrkit/addrkit/address"
)

// regionHelp describes the --region flag of the commands that read
// addresses.
const regionHelp = "country the addresses belong to unless they name another (name or ISO code); " +
	"without it, Nigeria unless an address implies another country (a city with its postcode, the language of its street)"

func runStandardize(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("standardize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	region := fs.String("region", "", regionHelp)
	format := fs.String("format", "json", "output: json (one object per address) or line (the formatted one-line address)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit standardize [--region COUNTRY] [--format json|line] [ADDRESS ...]")
		fmt.Fprintln(stderr, "With no ADDRESS, reads one address per line from standard input.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *format != "json" && *format != "line" {
		return usageError{fmt.Sprintf("unknown --format %q (want json or line)", *format)}
	}
	if _, ok := address.LookupCountry(*region); !ok && *region != "" {
		return usageError{fmt.Sprintf("unknown --region %q", *region)}
	}
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	one := func(text string) error {
		s, err := address.Standardize(ctx, address.Input{Text: text, Region: *region})
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			// Bad input is reported in place; the stream goes on.
			if *format == "line" {
				_, err = fmt.Fprintf(w, "error: %v\n", err)
				return err
			}
			return enc.Encode(struct {
				Input string `json:"input"`
				Error string `json:"error"`
			}{text, err.Error()})
		}
		if *format == "line" {
			_, err = fmt.Fprintln(w, s.Line)
			return err
		}
		return enc.Encode(struct {
			Input string `json:"input"`
			address.Standardized
		}{text, s})
	}
	return eachAddress(fs.Args(), stdin, w, one)
}
