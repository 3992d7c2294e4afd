package live_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/autocomplete/live"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

// A server holds the places read-only; a writer, refused the directory,
// writes a new generation and publishes it; the server switches to it.
func ExamplePlaces() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "addrkit-live")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	// the server's side
	ro := storage.Options{ReadOnly: true, Preload: true}
	gz, err := builtin.OpenWith(ctx, dir, builtin.Options{Storage: ro})
	if err != nil {
		log.Fatal(err)
	}
	ix, err := autocomplete.Open(ctx, gz, autocomplete.Options{})
	if err != nil {
		log.Fatal(err)
	}
	places, err := live.New(dir, gz, ix, live.Options{Storage: ro})
	if err != nil {
		log.Fatal(err)
	}
	defer places.Close()

	// the writer's side (addrkit import)
	w, done, err := storage.OpenForUpdate(dir, storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	l, err := w.NewLoader()
	if err != nil {
		log.Fatal(err)
	}
	if err := l.Put(address.Place{ID: "t/zugarawa", Kind: address.KindNeighbourhood, Name: "Zugarawa Quarters",
		Country: "NG", Lat: 6.45, Lon: 3.4, HasPoint: true, Parents: []string{"NG-LA", "NG"}}); err != nil {
		log.Fatal(err)
	}
	if err := l.Close(); err != nil {
		log.Fatal(err)
	}
	if _, err := autocomplete.Rebuild(ctx, w); err != nil {
		log.Fatal(err)
	}
	if err := done(true); err != nil {
		log.Fatal(err)
	}

	// the server's next check (Watch makes one each interval)
	if err := places.Check(ctx); err != nil {
		log.Fatal(err)
	}
	r, err := places.Suggest(ctx, autocomplete.Query{Text: "zugarawa"})
	if err != nil || len(r.Suggestions) == 0 {
		log.Fatal("not found", err)
	}
	fmt.Println(filepath.Base(places.Generation()), r.Suggestions[0].Label)
	// Output: gen-000001 Zugarawa Quarters, Lagos, Nigeria
}
