// Command addrkit standardizes, geocodes and imports postal address data
// from the command line.
//
//	addrkit standardize [--region Nigeria] [--format json|line] ["ADDRESS" ...]
//	addrkit geocode [--data DIR] [--region Nigeria] ["ADDRESS" ...]
//	addrkit import --data DIR --format geonames|osm|openaddresses|csv|json [--map MAPPING] FILE...
//	addrkit suggest [--data DIR] [--country NG] [--limit 5] QUERY
//	addrkit index [--data DIR]
//	addrkit batch [--data DIR] [--region Nigeria] [--out FILE] INPUT
//	addrkit serve [--data DIR] [--listen ADDR] [--blob URL] [--queue URL]
//	addrkit keys create --name NAME | list | revoke ID [--data DIR]
//
// With no address arguments, standardize and geocode read one address per
// line from standard input and write one result per line, so that they
// stream files of any size. geocode, import and suggest install the
// built-in gazetteer in an empty data directory (./addrkit-data by
// default), saying so on stderr; import rebuilds the autocomplete index unless --index=false.
// serve runs the /v1 HTTP API (package httpapi) with its batch workers;
// keys manages its API keys. serve and keys also read their flags from
// ADDRKIT_<FLAG> environment variables.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// gcPercent is the collector's target unless GOGC says otherwise: the
// gazetteer held in memory is most of the live heap, and at Go's default
// (100) the heap grows to twice it between collections. 70 keeps a
// 500,000-row batch under 300 MB for a few percent more collector time
// (see the README).
const gcPercent = 70

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "addrkit:", err)
		os.Exit(exitCode(err))
	}
}

const usage = `usage: addrkit <command> [flags] [args]

commands:
  standardize   parse and standardize addresses (arguments, or one per line on stdin)
  geocode       standardize and place addresses with the gazetteer in --data
  reverse       reverse geocode points (LAT,LON) to the places they are at
  import        load places into the gazetteer in --data (geonames, osm, openaddresses, csv, json)
  suggest       autocomplete: suggest places for a partial address
  batch         standardize and geocode a whole file (CSV, TSV, text) into an output CSV
  index         rebuild the autocomplete index of the gazetteer in --data
  serve         serve the /v1 HTTP API (batch jobs, autocomplete)
  keys          create, list and revoke the API keys of the server
  verify        check a data directory (gazetteer, index, jobs, keys) for damage, without serving it

Run "addrkit <command> -h" for the flags of a command.
`

// usageError is an error in how the command was called.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// Run runs the command line args (without the program name).
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{"no command given"}
	}
	switch args[0] {
	case "standardize":
		return runStandardize(ctx, args[1:], stdin, stdout, stderr)
	case "geocode":
		return runGeocode(ctx, args[1:], stdin, stdout, stderr)
	case "reverse":
		return runReverse(ctx, args[1:], stdin, stdout, stderr)
	case "import":
		return runImport(ctx, args[1:], stdout, stderr)
	case "suggest":
		return runSuggest(ctx, args[1:], stdout, stderr)
	case "batch":
		return runBatch(ctx, args[1:], stdin, stdout, stderr)
	case "index":
		return runIndex(ctx, args[1:], stderr)
	case "serve":
		return runServe(ctx, args[1:], stdout, stderr)
	case "keys":
		return runKeys(ctx, args[1:], stdout, stderr)
	case "verify":
		return runVerify(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Sprintf("unknown command %q", args[0])}
}

// parseFlags parses the flags of a subcommand: -h prints its usage and
// ends it (help is true), a bad flag is a usage error, reported once (by
// main) with a pointer to the usage, which the flag package would
// otherwise print after its own copy of the error.
func parseFlags(fs *flag.FlagSet, args []string) (help bool, err error) {
	out := fs.Output()
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	err = fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		out.Write(buf.Bytes())
		return true, nil
	case err != nil:
		return false, usageError{fmt.Sprintf("%v (addrkit %s -h lists its flags)", err, fs.Name())}
	}
	return false, nil
}

// parseNoArgs reads a command's flags from the environment and args, as
// parseFlags does, for a command that takes no arguments.
func parseNoArgs(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := applyEnv(fs); err != nil {
		return false, err
	}
	if help, err := parseFlags(fs, args); help || err != nil {
		return help, err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return false, usageError{fs.Name() + " takes no arguments"}
	}
	return false, nil
}

// jsonLines returns a buffered writer on stdout and an encoder of one
// JSON value a line into it, HTML left unescaped.
func jsonLines(stdout io.Writer) (*bufio.Writer, *json.Encoder) {
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return w, enc
}

// eachAddress calls fn with each address argument or, with none, each line
// of stdin, so that files of any size stream through; w is flushed at the
// end.
func eachAddress(args []string, stdin io.Reader, w *bufio.Writer, fn func(string) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := fn(a); err != nil {
				return err
			}
		}
		return w.Flush()
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if err := fn(sc.Text()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return w.Flush()
}
