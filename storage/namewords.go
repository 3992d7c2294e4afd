package storage

import (
	"context"
	"strings"
	"sync"

	"github.com/addrkit/addrkit/address"
)

// nameWords holds, by country, how many names of the country's places hold
// each word (address.Fold's words): built on the first NameWordCount in
// the country, from the preloaded places (a store is read-only when
// preloaded, so the counts never go stale).
type nameWords struct {
	mu sync.Mutex
	by map[string]map[string]int32
}

// NameWordCount reports how many names (names and alternate names) of the
// country's places hold word, a word as address.Fold writes it: the
// evidence that a word is spelt as places are named. ok is false when the
// store was not preloaded (Options.Preload), which holds the counts'
// source in memory; the geocoder then does without.
func (g *Gazetteer) NameWordCount(ctx context.Context, country, word string) (n int, ok bool, err error) {
	if g.all == nil {
		return 0, false, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	g.words.mu.Lock()
	defer g.words.mu.Unlock()
	counts, built := g.words.by[country]
	if !built {
		counts = map[string]int32{}
		for _, p := range g.all {
			if p.Country != country || p.Kind == address.KindAddress {
				continue
			}
			for _, name := range p.Names() {
				for _, w := range strings.Fields(address.Fold(name)) {
					counts[w]++
				}
			}
		}
		if g.words.by == nil {
			g.words.by = map[string]map[string]int32{}
		}
		g.words.by[country] = counts
	}
	return int(counts[word]), true, nil
}
