package storage_test

import (
	"context"
	"fmt"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

func ExampleOpen() {
	// An in-memory store; pass a directory (and Options{ReadOnly: true}
	// for readers) to keep it.
	g, err := storage.Open("", storage.Options{InMemory: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close()
	n, _ := g.Count(context.Background())
	fmt.Println(n, "places")
	// Output: 0 places
}

func ExampleGazetteer_NewLoader() {
	ctx := context.Background()
	g, _ := storage.Open("", storage.Options{InMemory: true})
	defer g.Close()
	l, _ := g.NewLoader()
	l.Put(address.Place{ID: "NG-LA", Kind: address.KindState, Name: "Lagos", Country: "NG"})
	l.Put(address.Place{ID: "vi", Kind: address.KindNeighbourhood, Name: "Victoria Island", AltNames: []string{"VI"},
		Country: "NG", Parents: []string{"NG-LA"}, Lat: 6.4281, Lon: 3.4219, HasPoint: true})
	if err := l.Close(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", l.Stats())
	ps, _ := g.Named(ctx, "NG", address.NameKey("V.I."))
	fmt.Println(ps[0].Name)
	near, _ := g.Near(ctx, 6.43, 3.42, 500, 5)
	fmt.Println(len(near), "place within 500 m")
	fixed, _ := g.Similar(ctx, "NG", address.NameKey("Victoria Islnd"), 1)
	fmt.Println(fixed[0].Name)
	// Output:
	// {Written:2 Unchanged:0}
	// Victoria Island
	// 1 place within 500 m
	// Victoria Island
}

func ExampleGazetteer_Warm() {
	ctx := context.Background()
	g, _ := storage.Open("", storage.Options{InMemory: true})
	defer g.Close()
	l, _ := g.NewLoader()
	l.Put(address.Place{ID: "kano", Kind: address.KindCity, Name: "Kano", Country: "NG", Lat: 12, Lon: 8.5, HasPoint: true})
	l.Close()
	// a server builds the spelling tables before its first request
	if err := g.Warm(ctx); err != nil {
		fmt.Println(err)
		return
	}
	fixed, _ := g.Similar(ctx, "NG", address.NameKey("Knao"), 1)
	fmt.Println(fixed[0].Name)
	// Output: Kano
}
