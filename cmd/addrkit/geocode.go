package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// defaultData is the data directory used when --data is not given.
const defaultData = "addrkit-data"

// openForUpdate opens the gazetteer in dir for writing, in a new
// generation when a server holds it (see storage.OpenForUpdate), saying
// so on stderr; done closes it and publishes the generation.
func openForUpdate(ctx context.Context, dir string, stderr io.Writer) (*storage.Gazetteer, func(commit bool) error, error) {
	before, _ := storage.PlacesDir(dir)
	g, done, err := builtin.OpenForUpdate(ctx, dir, builtin.Options{Progress: func(line string) {
		fmt.Fprintln(stderr, "addrkit:", line)
	}})
	if err != nil {
		return nil, nil, err
	}
	return g, func(commit bool) error {
		err := done(commit)
		if cur, _ := storage.PlacesDir(dir); err == nil && commit && cur == g.Dir() && cur != before {
			fmt.Fprintf(stderr, "addrkit: the places of %s are now %s (servers switch to them)\n", dir, cur)
		}
		return err
	}, nil
}

// openGazetteer opens the gazetteer in dir, installing the built-in one
// when dir holds none and saying so on stderr (it takes a while).
func openGazetteer(ctx context.Context, dir string, opts storage.Options, stderr io.Writer) (*storage.Gazetteer, error) {
	return builtin.OpenWith(ctx, dir, builtin.Options{Storage: opts, Progress: func(line string) {
		fmt.Fprintln(stderr, "addrkit:", line)
	}, Installed: indexInstalled})
}

// indexInstalled builds the autocomplete index of a store just installed
// and keeps it there, for the servers and suggest commands that open it
// read-only later.
func indexInstalled(ctx context.Context, g *storage.Gazetteer) error {
	_, err := autocomplete.Rebuild(ctx, g)
	return err
}

func runGeocode(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("geocode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger); the built-in gazetteer is installed when it is empty")
	region := fs.String("region", "", regionHelp)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit geocode [--data DIR] [--region COUNTRY] [ADDRESS ...]")
		fmt.Fprintln(stderr, "With no ADDRESS, reads one address per line from standard input; prints one JSON result per address.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if _, ok := address.LookupCountry(*region); !ok && *region != "" {
		return usageError{fmt.Sprintf("unknown --region %q", *region)}
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
			Line  string `json:"line,omitempty"`
			Error string `json:"error,omitempty"`
			*address.Result
		}
		s, err := address.Standardize(ctx, address.Input{Text: text, Region: *region})
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			// Input that cannot be standardized is unverified, in place.
			return enc.Encode(output{Input: text, Error: err.Error(), Result: &address.Result{
				Level: address.LevelNone, Verdict: address.Unverified, NextAction: address.Fix,
				Reasons: []string{err.Error()},
			}})
		}
		r, err := address.Geocode(ctx, gz, s)
		if err != nil {
			return err
		}
		if r.Reading != nil {
			s = *r.Reading
		}
		return enc.Encode(output{Input: text, Line: s.Line, Result: &r})
	}
	return eachAddress(fs.Args(), stdin, w, one)
}
