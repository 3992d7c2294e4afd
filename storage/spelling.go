package storage

// Spelling searches over the name tables: Similar and Prefixed (and
// SimilarWithin, in within.go), and the automata that walk them.

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/blevesearch/vellum"
	"github.com/blevesearch/vellum/levenshtein"
)

// automata are the edit automata of ASCII keys, reused.
var automata = sync.Pool{New: func() any { return new(edits.Automaton) }}

// Levenshtein automaton builders, for keys with characters of more than one
// byte, are costly to make and safe to share.
var (
	lbOnce    sync.Once
	lbuilders [3]*levenshtein.LevenshteinAutomatonBuilder
	lbuildErr error
)

func automatonBuilder(edits int) (*levenshtein.LevenshteinAutomatonBuilder, error) {
	lbOnce.Do(func() {
		for d := 1; d <= 2; d++ {
			if lbuilders[d], lbuildErr = levenshtein.NewLevenshteinAutomatonBuilder(uint8(d), true); lbuildErr != nil {
				return
			}
		}
	})
	return lbuilders[edits], lbuildErr
}

// Similar returns the places of the country whose name key is within
// maxEdits (at most 2) edits of key, a transposition counting as one, and
// starts with the same character; key itself is left out.
func (g *Gazetteer) Similar(ctx context.Context, country, key string, maxEdits int) ([]address.Place, error) {
	if key == "" || maxEdits <= 0 {
		return nil, nil
	}
	maxEdits = min(maxEdits, 2)
	ck := fmt.Sprintf("s\x00%s\x00%s\x00%d", country, key, maxEdits)
	t, fst, err := g.countryTable(country)
	if err != nil {
		return nil, err
	}
	keys, err := g.similarKeys(t, fst, ck, country, key, maxEdits)
	if err != nil {
		return nil, err
	}
	return g.namedPlaces(ctx, country, keys, nil)
}

// similarKeys returns the keys of fst (the country's, or a part of it)
// within maxEdits of key that start with its first character, remembered
// under ck. The country's deletion filter is asked first: a key no key
// of the country is near is near none of a part of it.
func (g *Gazetteer) similarKeys(t *nameTable, fst *vellum.FST, ck, country, key string, maxEdits int) ([]string, error) {
	if keys, ok := g.walks.Get(ck); ok {
		return keys, nil
	}
	if fst == nil || !t.mayHave(country, key, maxEdits) {
		if fst != nil {
			// kept as well: a name the filter rules out, often the
			// same unknown word on many rows of a file, is not hashed
			// again
			g.walks.Set(ck, nil, keysCost(ck, nil))
		}
		return nil, nil
	}
	var err error
	// Only keys with the same first character are searched: a misspelt
	// first letter is rare, and the bound makes the search far cheaper.
	var it *vellum.FSTIterator
	if edits.Bytewise(key) {
		// bytes are characters: the edit rows computed as the walk goes,
		// not a DFA compiled first for every word searched
		a := automata.Get().(*edits.Automaton)
		defer automata.Put(a)
		a.Reset(key, maxEdits, false)
		it, err = fst.Search(a, []byte{key[0]}, []byte{key[0] + 1})
	} else {
		// characters of more than one byte: vellum's automaton counts
		// characters (see internal/edits)
		lb, berr := automatonBuilder(maxEdits)
		if berr != nil {
			return nil, berr
		}
		dfa, berr := lb.BuildDfa(key, uint8(maxEdits))
		if berr != nil {
			return nil, berr
		}
		it, err = fst.Search(dfa, []byte{key[0]}, []byte{key[0] + 1})
	}
	keys, err := walkKeys(it, err, key)
	if err != nil {
		return nil, err
	}
	g.walks.Set(ck, keys, keysCost(ck, keys))
	// Sets are applied by ristretto's goroutine, later: without waiting,
	// the same word, often asked again at once (the lines of a batch come
	// in order), is searched again until the set lands.
	g.walks.Wait()
	return keys, nil
}

// walkKeys reads the keys of an FST iterator, up to maxPerKey, leaving out
// skip.
func walkKeys(it *vellum.FSTIterator, err error, skip string) ([]string, error) {
	var keys []string
	for err == nil && len(keys) < maxPerKey {
		k, _ := it.Current()
		if string(k) != skip {
			keys = append(keys, string(k))
		}
		err = it.Next()
	}
	if err != nil && !errors.Is(err, vellum.ErrIteratorDone) {
		return nil, err
	}
	return keys, nil
}

// namedPlaces returns the places named by the keys that keep accepts
// (all, when nil), stopping after the key that brings them to maxPerKey.
func (g *Gazetteer) namedPlaces(ctx context.Context, country string, keys []string, keep func(*address.Place) bool) ([]address.Place, error) {
	var out []address.Place
	for _, k := range keys {
		ps, err := g.Named(ctx, country, k)
		if err != nil {
			return nil, err
		}
		for i := range ps {
			if keep == nil || keep(&ps[i]) {
				out = append(out, ps[i])
			}
		}
		if len(out) >= maxPerKey {
			break
		}
	}
	return out, nil
}

// Prefixed returns the places of the country with a name key that starts
// with prefix, for sources that cut names short ("EnuguSou" for "Enugu
// South").
func (g *Gazetteer) Prefixed(ctx context.Context, country, prefix string) ([]address.Place, error) {
	if prefix == "" {
		return nil, nil
	}
	_, fst, err := g.countryTable(country)
	if fst == nil {
		return nil, err
	}
	end := []byte(prefix)
	end[len(end)-1]++
	it, err := fst.Iterator([]byte(prefix), end)
	keys, err := walkKeys(it, err, "")
	if err != nil {
		return nil, err
	}
	return g.namedPlaces(ctx, country, keys, nil)
}
