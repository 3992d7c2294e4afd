package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

func runReverse(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("reverse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger); the built-in gazetteer is installed when it is empty")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit reverse [--data DIR] [LAT LON | LAT,LON ...]")
		fmt.Fprintln(stderr, "Reverse geocodes points: prints one JSON result per point, the place it is at. With no point, reads one")
		fmt.Fprintln(stderr, "\"LAT,LON\" (or \"LAT LON\") per line from standard input; a line that is no point gets an error, in order.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	points := fs.Args()
	if len(points) == 2 && !strings.Contains(points[0], ",") {
		points = []string{points[0] + "," + points[1]} // LAT LON
	}
	gz, err := openGazetteer(ctx, *data, storage.Options{ReadOnly: true, Preload: true}, stderr)
	if err != nil {
		return err
	}
	defer gz.Close()
	w, enc := jsonLines(stdout)
	one := func(text string) error {
		type output struct {
			Input string `json:"input"`
			Error string `json:"error,omitempty"`
			*address.Reversed
		}
		lat, lon, err := parsePoint(text)
		if err == nil {
			var r address.Reversed
			if r, err = address.Reverse(ctx, gz, lat, lon); err == nil {
				return enc.Encode(output{Input: text, Reversed: &r})
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return enc.Encode(output{Input: text, Error: err.Error()})
	}
	return eachAddress(points, stdin, w, one)
}

// parsePoint reads "LAT,LON" or "LAT LON" (decimal degrees).
func parsePoint(s string) (lat, lon float64, err error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ';' })
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("%q is not a point: write LAT,LON in decimal degrees", s)
	}
	if lat, err = strconv.ParseFloat(f[0], 64); err == nil {
		lon, err = strconv.ParseFloat(f[1], 64)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%q is not a point: write LAT,LON in decimal degrees", s)
	}
	return lat, lon, nil
}
