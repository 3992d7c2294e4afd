package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
)

func runSuggest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("suggest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger); the built-in gazetteer is installed when it is empty")
	country := fs.String("country", autocomplete.DefaultCountry, "ISO 3166-1 alpha-2 code of the country searched")
	limit := fs.Int("limit", autocomplete.DefaultLimit, fmt.Sprintf("number of suggestions, 1 to %d", autocomplete.MaxLimit))
	kinds := fs.String("kinds", "", "comma-separated place kinds to keep (city,street,...); all when empty")
	focus := fs.String("focus", "", "LAT,LON: raise places near this point (6 points of importance within 5 km, one less each doubling of the distance)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit suggest [--data DIR] [--country NG] [--limit 5] [--kinds K,...] [--focus LAT,LON] QUERY")
		fmt.Fprintln(stderr, "Prints the autocomplete response for QUERY (the words after the flags) as JSON.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	q := autocomplete.Query{Text: strings.Join(fs.Args(), " "), Country: *country, Limit: *limit}
	if *kinds != "" {
		for _, k := range strings.Split(*kinds, ",") {
			q.Kinds = append(q.Kinds, address.PlaceKind(strings.TrimSpace(k)))
		}
	}
	if *focus != "" {
		var p autocomplete.Point
		if _, err := fmt.Sscanf(*focus, "%g,%g", &p.Lat, &p.Lon); err != nil {
			return usageError{fmt.Sprintf("--focus %q is not LAT,LON", *focus)}
		}
		q.Focus = &p
	}
	ix, err := openIndex(ctx, *data, stderr)
	if err != nil {
		return err
	}
	resp, err := ix.Suggest(ctx, q)
	if err != nil {
		if ctx.Err() == nil {
			return usageError{err.Error()}
		}
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(resp)
}

// openIndex opens the gazetteer in dir (installing the built-in one when
// it is empty, saying so on stderr) and its autocomplete index, building and keeping the index
// when it is missing or stale.
func openIndex(ctx context.Context, dir string, stderr io.Writer) (*autocomplete.Index, error) {
	gz, err := openGazetteer(ctx, dir, storage.Options{}, stderr)
	if storage.IsLocked(err) {
		// a server holds the places: read them, the index built in memory
		gz, err = openGazetteer(ctx, dir, storage.Options{ReadOnly: true}, stderr)
	}
	if err != nil {
		return nil, err
	}
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	// the index holds all it needs: the store can close now
	if cerr := gz.Close(); err == nil {
		err = cerr
	}
	return ix, err
}

func runIndex(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("index", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit index [--data DIR]")
		fmt.Fprintln(stderr, "Rebuilds the autocomplete index from the places in DIR and keeps it there.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	gz, done, err := openForUpdate(ctx, *data, stderr)
	if err != nil {
		return err
	}
	if err := keepIndex(ctx, gz, true, stderr); err != nil {
		done(false)
		return err
	}
	return done(true)
}

// keepIndex builds the autocomplete index of a gazetteer and keeps it
// there: always with force, else only when the places changed since the
// kept one was built.
func keepIndex(ctx context.Context, gz *storage.Gazetteer, force bool, stderr io.Writer) error {
	start := time.Now()
	var ix *autocomplete.Index
	var err error
	if force {
		ix, err = autocomplete.Rebuild(ctx, gz)
	} else {
		ix, err = autocomplete.Open(ctx, gz, autocomplete.Options{})
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "autocomplete index: %d entries, %.1f MB, ready in %.1fs\n", ix.Len(), float64(ix.Size())/(1<<20), time.Since(start).Seconds())
	return nil
}
