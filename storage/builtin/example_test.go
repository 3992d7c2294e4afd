package builtin_test

import (
	"context"
	"fmt"
	"os"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

func ExampleOpen() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "addrkit-example")
	defer os.RemoveAll(dir)
	// The directory is empty: the built-in gazetteer is installed, then the
	// store is reopened read-only.
	g, err := builtin.Open(ctx, dir, storage.Options{ReadOnly: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close()
	ps, _ := g.Named(ctx, "NG", address.NameKey("Eti Osa"))
	fmt.Println(ps[0].ID, ps[0].Name, ps[0].Parents)
	// Output: NG-LA/lga/etiosa Eti-Osa [NG-LA NG]
}

func ExamplePlaces() {
	n := map[address.PlaceKind]int{}
	for _, p := range builtin.Places() {
		if p.Country == "NG" {
			n[p.Kind]++
		}
	}
	fmt.Println(n[address.KindState], "states,", n[address.KindLGA], "LGAs")
	// Output: 37 states, 774 LGAs
}
