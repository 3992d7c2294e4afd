package autocomplete_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// The index is opened once, from a gazetteer (here the built-in one in a
// fresh directory), and answers queries as they are typed: with typos, a
// space left out or one added.
func ExampleIndex_Suggest() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "addrkit-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	gz, err := builtin.Open(ctx, dir, storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer gz.Close()
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, text := range []string{"ikej", "victoira island", "surulere lagos", "portharcourt", "iba dan"} {
		r, err := ix.Suggest(ctx, autocomplete.Query{Text: text, Limit: 1})
		if err != nil {
			log.Fatal(err)
		}
		s := r.Suggestions[0]
		fmt.Printf("%s: %s (%s, %d typos)\n", text, s.Label, s.Match.Type, s.Match.Typos)
	}
	// Output:
	// ikej: Ikeja, Lagos, Nigeria (prefix, 0 typos)
	// victoira island: Victoria Island, Eti-Osa, Lagos, Nigeria (fuzzy, 1 typos)
	// surulere lagos: Surulere, Lagos, Nigeria (exact, 0 typos)
	// portharcourt: Port Harcourt, Rivers, Nigeria (fuzzy, 1 typos)
	// iba dan: Ibadan, Ibadan North-West, Oyo, Nigeria (fuzzy, 1 typos)
}
