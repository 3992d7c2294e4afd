// Command osmgen writes a synthetic OpenStreetMap XML file shaped like a
// large country's extract (see package osmgen) and prints its counts as
// JSON on standard error.
//
//	go run ./internal/osmgen/cmd/osmgen -nodes 50000000 -o big.osm
//	osmium cat big.osm -o big.osm.pbf
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/addrkit/addrkit/internal/osmgen"
)

func main() {
	var opts osmgen.Options
	flag.IntVar(&opts.Nodes, "nodes", 50_000_000, "number of nodes, about")
	flag.Int64Var(&opts.Seed, "seed", 1, "the same seed writes the same file")
	flag.IntVar(&opts.Filler, "filler", 0, "plain buildings added after each unit, beyond -nodes (the same places, a larger file)")
	out := flag.String("o", "", "output file (standard output when empty)")
	flag.Parse()
	w := os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "osmgen:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	c, err := osmgen.Write(w, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "osmgen:", err)
		os.Exit(1)
	}
	json.NewEncoder(os.Stderr).Encode(c)
}
