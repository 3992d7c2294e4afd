package apikey_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/addrkit/addrkit/httpapi/apikey"
)

func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "keys")
	defer os.RemoveAll(dir)
	dir = filepath.Join(dir, "keys")

	// the command line creates a key and shows it once
	s, err := apikey.Open(ctx, dir)
	if err != nil {
		panic(err)
	}
	k, key, _ := s.Create(ctx, "checkout service")
	s.Close()

	// the server checks the keys it loaded
	ring, err := apikey.Load(ctx, dir)
	if err != nil {
		panic(err)
	}
	got, err := ring.Authenticate(ctx, key)
	fmt.Println(got.ID == k.ID, got.Name, err)
	_, err = ring.Authenticate(ctx, "ak_guess")
	fmt.Println(err)
	// Output:
	// true checkout service <nil>
	// apikey: invalid API key
}
