package autocomplete

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/edits"
)

// standoutKinds are the kinds of place a full list makes room for when
// the text matches others better (see standout): the places a search box
// is most often typed for. A town stands out too with 100,000 people or
// more (standoutMagnitude): a review of 400 queries typed as Nigerians
// type found every town it had added implausible ("yaba" gave Yabo,
// Sokoto; "ogudu" Obudu), every city right.
var standoutKinds = []address.PlaceKind{address.KindCountry, address.KindState, address.KindCity, address.KindTown}

// standoutMagnitude is the least magnitude (see magnitude) of a town that
// stands out: 100,000 people.
const standoutMagnitude = 6

// standsOut reports whether entry e may take a full list's last place.
func (t *table) standsOut(e uint32) bool {
	k := kindOrder[t.kind[e]]
	return slices.Contains(standoutKinds, k) && (k != address.KindTown || magnitude(t.rank[e]) >= standoutMagnitude)
}

// buildStandout builds sfst, from the name key (address.NameKey) of every
// place of standoutKinds to the most important place of that name
// (importance, then rank). It is built from the entries, when the index is
// built and when it is decoded.
func (t *table) buildStandout() error {
	best := map[string]uint32{}
	for e := range t.kind {
		if !t.standsOut(uint32(e)) {
			continue
		}
		k := address.NameKey(t.field(uint32(e), recName))
		if o, ok := best[k]; !ok || t.standsAbove(uint32(e), o) {
			best[k] = uint32(e)
		}
	}
	var err error
	t.sfstBytes, t.sfst, err = buildFST(slices.Sorted(maps.Keys(best)), func(_ int, k string) uint64 { return uint64(best[k]) })
	return err
}

// standsAbove reports whether entry a is more important than entry b
// (importance of its kind and rank, then rank).
func (t *table) standsAbove(a, b uint32) bool {
	ia := importance(kindOrder[t.kind[a]], magnitude(t.rank[a]))
	ib := importance(kindOrder[t.kind[b]], magnitude(t.rank[b]))
	return cmp.Or(cmp.Compare(ia, ib), cmp.Compare(t.rank[a], t.rank[b])) > 0
}

// standout gives the last place of a full list to the city or large town
// (or state, or country) whose whole name the query's words are with one
// typo of the kinds people make (edits.Unlikely), when the list holds no
// place of those kinds, nor a neighbourhood or an LGA typed right: "kani"
// lists the villages named Kani, then Kano; "owerre" the villages named
// Owerre, then Owerri; "wari" Warri.
// What the text matches better keeps its order above it: a typo the
// query may not have made does not put a city before a place typed right,
// but one of five places of a search box is the place most people typing
// those letters mean. Queries of 4 letters or more only (a shorter one
// allows no typo), with no kinds asked for, and lists of 3 or more.
func (s *scratch) standout(ix *Index, t *table, words []string, q Query, limit int, resp *Response) {
	if limit < 3 || len(q.Kinds) > 0 || len(resp.Suggestions) == 0 || t.sfst == nil {
		return
	}
	for _, w := range words {
		if strings.ContainsAny(w, "0123456789") {
			return // an address, or a numbered place, is typed
		}
	}
	typed := address.NameKey(strings.Join(words, " "))
	if len([]rune(typed)) < 4 || slices.ContainsFunc(resp.Suggestions, func(sg Suggestion) bool {
		// a place of those kinds listed already, or a neighbourhood or
		// an LGA typed right: "yaba", "ogudu" are what was meant
		return slices.Contains(standoutKinds, sg.Kind) ||
			sg.Match.Type == "exact" && (sg.Kind == address.KindNeighbourhood || sg.Kind == address.KindLGA)
	}) {
		return
	}
	s.sa.Reset(typed, 1, false)
	it, err := t.sfst.Search(&s.sa, nil, nil)
	best := int64(-1)
	for err == nil {
		k, v := it.Current()
		name := string(k)
		if ok, d, whole := edits.OSA(typed, name, 1, false); ok && d == 1 && whole && edits.Unlikely(typed, name, false) == 0 &&
			v < uint64(len(t.kind)) && (best < 0 || t.standsAbove(uint32(v), uint32(best))) {
			best = int64(v)
		}
		err = it.Next()
	}
	if best < 0 {
		return
	}
	e := uint32(best)
	id := t.field(e, recID)
	if slices.ContainsFunc(resp.Suggestions, func(sg Suggestion) bool { return sg.ID == id }) {
		return
	}
	c := cand{e: e, typos: 1, covered: len(words)}
	c.pack(t.kind[e], magnitude(t.rank[e]))
	s.found = append(s.found[:0], c)
	var one Response
	ix.respond(t, s, &one, 1)
	if len(one.Suggestions) == 0 {
		return
	}
	if len(resp.Suggestions) < limit {
		resp.Suggestions = append(resp.Suggestions, one.Suggestions[0])
	} else {
		resp.Suggestions[limit-1] = one.Suggestions[0]
	}
}
