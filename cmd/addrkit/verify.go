package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/badgerx"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// errDamaged is the error of a verify that found damage (its lines say
// where).
var errDamaged = errors.New("verify: the data directory is damaged, or a part could not be checked (see its line)")

func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultData, "data directory to check (or ADDRKIT_DATA)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: addrkit verify [--data DIR]")
		fmt.Fprintln(stderr, "Checks every file of DIR's gazetteer, autocomplete index, job records and API keys against its checksums,")
		fmt.Fprintln(stderr, "one line each, without serving it; exits 1 when something is damaged. Stop a server on DIR first.")
		fs.PrintDefaults()
	}
	if help, err := parseNoArgs(fs, args); help || err != nil {
		return err
	}
	damaged := false
	report := func(what, dir string, err error, ok string) {
		if err != nil {
			// a stale index, or none, is rebuilt when served
			damaged = damaged || !errors.Is(err, autocomplete.ErrStale) && !errors.Is(err, autocomplete.ErrNone)
			fmt.Fprintf(stdout, "%-9s %s: %v\n", what, dir, err)
			return
		}
		fmt.Fprintf(stdout, "%-9s %s: ok, %s\n", what, dir, ok)
	}
	places, err := storage.PlacesDir(*data)
	switch {
	case err != nil:
		report("gazetteer", *data, err, "")
	case !exists(filepath.Join(places, "MANIFEST")):
		fmt.Fprintf(stdout, "%-9s %s: none (serve installs the built-in one)\n", "gazetteer", places)
	default:
		n, err := badgerx.Verify(places, badgerx.RemedyGazetteer)
		if err == nil {
			err = verifyInstall(places)
		}
		report("gazetteer", places, err, fmt.Sprintf("%d entries", n))
		if err == nil {
			verifyIndex(places, report)
		}
	}
	for _, c := range []struct{ what, dir, remedy string }{
		{"jobs", filepath.Join(*data, "jobs"), badgerx.RemedyJobs},
		{"keys", keysDir(*data), badgerx.RemedyKeys},
	} {
		if !exists(filepath.Join(c.dir, "MANIFEST")) {
			fmt.Fprintf(stdout, "%-9s %s: none yet\n", c.what, c.dir)
			continue
		}
		n, err := badgerx.Verify(c.dir, c.remedy)
		report(c.what, c.dir, err, fmt.Sprintf("%d entries", n))
	}
	if damaged {
		return errDamaged
	}
	return nil
}

// verifyInstall reports an install of the built-in gazetteer in dir that
// did not finish (an interrupted first run), which holds some places only.
func verifyInstall(dir string) error {
	gz, err := storage.Open(dir, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer gz.Close()
	cut, err := builtin.Interrupted(gz)
	if err == nil && cut {
		err = errors.New("the install of the built-in gazetteer did not finish (the first run was interrupted), so it holds only some places; the next command that opens it installs it again")
	}
	return err
}

// verifyIndex checks the autocomplete index kept with the places in dir.
func verifyIndex(dir string, report func(what, dir string, err error, ok string)) {
	gz, err := storage.Open(dir, storage.Options{ReadOnly: true})
	if err != nil {
		report("index", dir, err, "")
		return
	}
	defer gz.Close()
	ix, err := autocomplete.Verify(gz)
	if err != nil && !errors.Is(err, autocomplete.ErrStale) && !errors.Is(err, autocomplete.ErrNone) {
		err = fmt.Errorf("%w; run addrkit index --data to build it again", err)
	}
	n := 0
	if ix != nil {
		n = ix.Len()
	}
	report("index", dir, err, fmt.Sprintf("%d suggestions", n))
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
