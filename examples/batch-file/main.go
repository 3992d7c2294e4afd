// Command batch-file validates an address file through the addrkit library
// alone, with no server: the way to clean a customer list in a script or a
// nightly job.
//
//	go run ./examples/batch-file --data ./addrkit-data customers.csv
//
// It writes customers_validated.csv beside the input and prints the
// counts. The data directory gets the built-in gazetteer on first use;
// point it at one built by scripts/import-nigeria.sh for street-level
// results.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("batch-file", flag.ContinueOnError)
	data := fs.String("data", "addrkit-data", "addrkit data directory")
	region := fs.String("region", "Nigeria", "country of the addresses")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: batch-file [--data DIR] [--region COUNTRY] FILE")
	}
	path := fs.Arg(0)

	gz, err := builtin.Open(ctx, *data, storage.Options{})
	if err != nil {
		return err
	}
	defer gz.Close()
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	outPath := strings.TrimSuffix(path, ".csv") + "_validated.csv"
	out, err := os.Create(outPath)
	if err != nil {
		return err
	}
	sum, err := batch.Batch(ctx, in, out, batch.Options{Gazetteer: gz, Region: *region, Filename: path})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d rows, %d high confidence, %d partial, %d unverified (%.2f%% validated)\n",
		outPath, sum.Rows, sum.HighConfidence, sum.Partial, sum.Unverified, sum.Validated)
	return nil
}
