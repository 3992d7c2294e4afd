package autocomplete

import (
	"testing"

	"github.com/addrkit/addrkit/address"
)

// TestRankInvariants checks the order of the packed buckets that the
// passes and respond rely on (see rank.go): each bucket outweighs every
// bucket after it, whatever their values.
func TestRankInvariants(t *testing.T) {
	worst := cand{typos: 15, prefix: true, covered: 0, rest: 15, dist: 1 << 38}
	best := cand{}
	kindWorst, kindBest := uint8(len(kindOrder)-1), uint8(0)
	// one bucket at a time better by one step, every later one at its worst
	steps := []struct {
		name          string
		better, worse cand
		kb, kw        uint8 // kinds
	}{
		{"uncovered", cand{uncovered: 0, typos: 15, prefix: true, rest: 15, dist: 1 << 38}, cand{uncovered: 1}, kindWorst, kindBest},
		{"typos", cand{typos: 1, prefix: true, rest: 15, dist: 1 << 38}, cand{typos: 2, covered: 15}, kindWorst, kindBest},
		{"words covered", cand{covered: 3, prefix: true, rest: 15, dist: 1 << 38}, cand{covered: 2, weight: 15}, kindWorst, kindBest},
		{"importance", cand{weight: 1, prefix: true, rest: 15, dist: 1 << 38}, cand{weight: 0}, kindWorst, kindBest},
		{"exact before prefix", cand{prefix: false, rest: 15, dist: 1 << 38}, cand{prefix: true}, kindWorst, kindBest},
		{"name words left", cand{rest: 1, dist: 1 << 38}, cand{rest: 2}, kindWorst, kindBest},
		{"kind", cand{dist: 1 << 38}, cand{}, kindBest, kindBest + 1},
	}
	for _, s := range steps {
		b, w := s.better, s.worse
		b.pack(s.kb, 0)
		w.pack(s.kw, 9)
		if b.key >= w.key {
			t.Errorf("%s: a candidate better in it sorts after one worse in it (keys %x, %x)", s.name, b.key, w.key)
		}
	}
	// with typos: exact before prefix, then words covered, then nearness
	for _, s := range []struct {
		name          string
		better, worse cand
	}{
		{"typos: exact before prefix", cand{typos: 1, prefix: false, rest: 15}, cand{typos: 1, prefix: true, covered: 15, weight: 15}},
		{"typos: words covered", cand{typos: 1, covered: 3, rest: 15}, cand{typos: 1, covered: 2, weight: 15}},
		{"typos: nearness", cand{typos: 1, weight: 1, rest: 15}, cand{typos: 1}},
	} {
		b, w := s.better, s.worse
		b.pack(kindWorst, 0)
		w.pack(kindBest, 9)
		if b.key >= w.key {
			t.Errorf("%s: a candidate better in it sorts after one worse in it (keys %x, %x)", s.name, b.key, w.key)
		}
	}
	// typos right after the words not accounted for: the early stop
	for typos := range 15 {
		a := cand{typos: typos, prefix: true, rest: 15, dist: 1 << 38}
		z := cand{typos: typos + 1}
		a.pack(kindWorst, 0)
		z.pack(kindBest, 15)
		if a.key >= z.key {
			t.Errorf("a place with %d typos sorts after one with %d", typos, typos+1)
		}
	}
	worst.pack(kindWorst, 0)
	best.pack(kindBest, 15)
	if best.key >= worst.key {
		t.Error("the best candidate sorts after the worst")
	}
	// kindOrder: larger places first, address points last
	if kindOrder[0] != address.KindCountry || kindOrder[len(kindOrder)-1] != address.KindAddress {
		t.Errorf("kindOrder is %v", kindOrder)
	}
}

// TestAddTypo: a key packed without typos, with a typo added, is the key
// of the same candidate packed with one typo: its importance dropped,
// its nearness kept.
func TestAddTypo(t *testing.T) {
	for _, c := range []struct {
		kind          address.PlaceKind
		mag, near     int
		covered, rest int
		prefix        bool
	}{
		{address.KindCity, 7, 0, 2, 1, true},
		{address.KindVillage, 0, 3, 1, 0, false},
		{address.KindNeighbourhood, 2, 6, 3, 2, true},
	} {
		k, _ := kindIndex(c.kind)
		a := cand{covered: c.covered, rest: c.rest, prefix: c.prefix, weight: importance(c.kind, c.mag) + c.near, dist: 1234}
		a.pack(k, c.mag)
		b := cand{typos: 1, covered: c.covered, rest: c.rest, prefix: c.prefix, weight: c.near, dist: 1234}
		b.pack(k, c.mag)
		if got := addTypo(a.key); got != b.key {
			t.Errorf("%+v: addTypo gives %x, packing with a typo %x", c, got, b.key)
		}
	}
}
