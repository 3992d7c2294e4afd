package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/storage"
	"github.com/schollz/progressbar/v3"
)

func runBatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("batch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory (Badger); the built-in gazetteer is installed when it is empty")
	region := fs.String("region", "", regionHelp)
	out := fs.String("out", "", "output CSV (default: INPUT's name with _validated.csv, beside it; - for standard output)")
	workers := fs.Int("workers", 0, "parallel workers (default: the number of CPUs)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit batch [--data DIR] [--region COUNTRY] [--out FILE] INPUT")
		fmt.Fprintln(stderr, "Standardizes and geocodes every row of INPUT (CSV, TSV, ;- or |-separated with a header, or one address a line; - for standard input)")
		fmt.Fprintln(stderr, "into an output CSV, and prints the summary as one JSON line.")
		fs.PrintDefaults()
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return usageError{"batch: give one INPUT file"}
	}
	if _, ok := address.LookupCountry(*region); !ok && *region != "" {
		return usageError{fmt.Sprintf("unknown --region %q", *region)}
	}
	path := fs.Arg(0)
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	outPath := *out
	if outPath == "" {
		if path == "-" {
			outPath = "-"
		} else {
			outPath = strings.TrimSuffix(path, filepath.Ext(path)) + "_validated.csv"
		}
	}
	var w io.Writer = stdout
	var closeOut func() error
	if outPath != "-" {
		f, err := os.Create(outPath)
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(f, 1<<16)
		w, closeOut = bw, func() error {
			if err := bw.Flush(); err != nil {
				f.Close()
				return err
			}
			return f.Close()
		}
	}
	loaded := loading()
	gz, err := openGazetteer(ctx, *data, storage.Options{ReadOnly: true, Preload: true}, stderr)
	if err != nil {
		loaded()
		return err
	}
	defer gz.Close()
	// the name table, built now rather than on the first row, and the
	// region's deletion filter, allocated now, count in what is live when
	// the memory limit is set; the filter is filled, and the states'
	// spelling tables built, while the first rows are read (another
	// country's, on its first row)
	warm := address.DefaultCountry
	if c, ok := address.LookupCountry(*region); ok {
		warm = c.Alpha2
	}
	err = gz.StartWarm(ctx, warm)
	loaded()
	if err != nil {
		return err
	}
	limit, restore := setMemoryLimit()
	defer restore()
	if limit > 0 && os.Getenv("ADDRKIT_DEBUG_MEMORY") != "" {
		fmt.Fprintf(stderr, "memory limit %d MiB\n", limit>>20)
	}
	opts := batch.Options{Gazetteer: gz, Region: *region, Filename: filepath.Base(path), Workers: *workers}
	var bar *progressbar.ProgressBar
	if outPath != "-" {
		bar = progressBar(stderr, filepath.Base(path))
	}
	if bar != nil {
		opts.Progress = func(rows int, _ batch.Summary) { bar.Set(rows) }
	}
	sum, err := batch.Batch(ctx, in, w, opts)
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(stderr)
	}
	if closeOut != nil {
		if cerr := closeOut(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	if outPath != "-" {
		fmt.Fprintf(stderr, "%s: %d rows to %s\n", path, sum.Rows, outPath)
		return json.NewEncoder(stdout).Encode(sum)
	}
	return json.NewEncoder(stderr).Encode(sum)
}
