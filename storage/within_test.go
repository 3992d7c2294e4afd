package storage

import (
	"context"
	"slices"
	"testing"
)

// SimilarWithin finds what Similar finds, inside the area only: a state
// through its own table, any other area by leaving the rest out.
// Asked at once after StartWarm, it waits for the states' tables built in
// the background.
func TestSimilarWithin(t *testing.T) {
	t.Run("on first use", func(t *testing.T) {
		testSimilarWithin(t, newTestGazetteer(t, testPlaces()))
	})
	t.Run("after StartWarm", func(t *testing.T) {
		g := newTestGazetteer(t, testPlaces())
		if err := g.StartWarm(context.Background()); err != nil {
			t.Fatal(err)
		}
		testSimilarWithin(t, g)
	})
}

// TestStartWarmClosed: StartWarm on a closed store starts nothing and
// says so.
func TestStartWarmClosed(t *testing.T) {
	g, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	putPlaces(t, g, testPlaces())
	if err := g.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if err := g.StartWarm(context.Background()); err == nil {
		t.Error("StartWarm on a closed store: no error")
	}
}

func testSimilarWithin(t *testing.T, g *Gazetteer) {
	ctx := context.Background()
	for _, tt := range []struct {
		within, key string
		want        []string
	}{
		{"", "yabba", []string{"nb:yaba-fc", "nb:yaba-la"}}, // Similar
		{"NG-LA", "yabba", []string{"nb:yaba-la"}},
		{"NG-FC", "yabba", []string{"nb:yaba-fc"}},
		{"NG-FC", "victoriaislnd", nil},
		{"NG-LA", "victoriaislnd", []string{"nb:vi"}},
		{"lga:la:etiosa", "victoriaislnd", []string{"nb:vi"}}, // no state: filtered
		{"lga:la:etiosa", "yabba", nil},
		{"NG-LA", "qqqq", nil},
		{"NG-LA", "lagoss", []string{"NG-LA"}}, // the state itself
		{"NG-FC", "abuj", []string{"NG-FC"}},
	} {
		var got []string
		var err error
		if tt.within == "" {
			ps, e := g.Similar(ctx, "NG", tt.key, 1)
			got, err = placeIDs(ps), e
		} else {
			ps, e := g.SimilarWithin(ctx, "NG", tt.within, tt.key, 1)
			got, err = placeIDs(ps), e
		}
		slices.Sort(got)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("within %q, %q: %v, %v; want %v", tt.within, tt.key, got, err, tt.want)
		}
	}
	nt := mustNames(t, g)
	if states := g.stateTable(nt, nt.countries["NG"]); len(states) != 2 {
		t.Errorf("state tables: %d, want Lagos and the FCT", len(states))
	}
}

func mustNames(t *testing.T, g *Gazetteer) *nameTable {
	t.Helper()
	nt, err := g.nameTable()
	if err != nil {
		t.Fatal(err)
	}
	return nt
}
