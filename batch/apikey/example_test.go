package apikey_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
)

func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "keys")
	defer os.RemoveAll(dir)
	dir = filepath.Join(dir, "keys")

	// the command line creates a key and shows it once
	d, err := badgerkeys.Open(ctx, dir, nil)
	if err != nil {
		panic(err)
	}
	s := apikey.NewStore(d)
	k, key, _ := s.Create(ctx, "checkout service")
	s.Close()

	// the server checks the keys it loaded, and loads them again on an
	// interval (ring.Watch)
	d, err = badgerkeys.Open(ctx, dir, &badgerkeys.Options{ReadOnly: true})
	if err != nil {
		panic(err)
	}
	ring, err := apikey.NewRing(ctx, d)
	if err != nil {
		panic(err)
	}
	defer ring.Close()
	got, err := ring.Authenticate(ctx, key)
	fmt.Println(got.ID == k.ID, got.Name, err)
	_, err = ring.Authenticate(ctx, "ak_guess")
	fmt.Println(err)
	// Output:
	// true checkout service <nil>
	// apikey: invalid API key
}
