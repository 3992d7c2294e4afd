package autocomplete_test

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/edits"
	"github.com/addrkit/addrkit/internal/shareddata"
)

// ceilingFloors are the least TestEvalSuggestCeiling accepts, in per cent,
// for the ceilings docs/figures.md gives ("Autocomplete"): each the figure
// less half a point. A ceiling that falls means the queries drawn or the
// names of the gazetteer changed, and every recall figure with them.
var ceilingFloors = shareddata.Floors{
	"prefixes":  77.4,
	"one edit":  95.5,
	"two edits": 96.7,
}

// TestEvalSuggestCeiling measures how far the evaluation's targets can be
// reached at all, on its own queries (evalQueries): the recall@5 of
// rankers that know every name and how many places bear it, but not which
// place the query was drawn from.
//
//   - Prefixes: the best any ranking can do. A name's weight, for a query,
//     is the chance that a draw gives that query: the places that bear it,
//     each over the number of cuts its name allows; the five heaviest names
//     are proposed.
//   - Typos: the best a ranking can do that puts fewer typos first and
//     exact before prefix, as the buckets do: names within two
//     edits of the query (edits over the whole name), ordered by edits,
//     then whole before prefix, then by the places that bear them.
//
// It fails when a ceiling falls under its floor in ceilingFloors.
func TestEvalSuggestCeiling(t *testing.T) {
	_, names, rep := evaluation(t)
	prefixes, typos := evalQueries(names)

	// by the folded name as drawn, for prefixes
	type drawn struct {
		folded, key string
		cuts        int
	}
	all := make([]drawn, 0, len(names))
	bearers := map[string]int{}
	for _, x := range names {
		key := address.NameKey(x.name)
		all = append(all, drawn{address.Fold(x.name), key, len([]rune(x.name)) - 2})
		bearers[key]++
	}
	slices.SortFunc(all, func(a, b drawn) int { return strings.Compare(a.folded, b.folded) })
	best5 := func(weight map[string]float64) []string {
		keys := make([]string, 0, len(weight))
		for k := range weight {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(weight[b], weight[a]), strings.Compare(a, b)) })
		return keys[:min(5, len(keys))]
	}
	hits := 0
	for _, q := range prefixes {
		f := address.Fold(q.text)
		i := sort.Search(len(all), func(i int) bool { return all[i].folded >= f })
		weight := map[string]float64{}
		for ; i < len(all) && strings.HasPrefix(all[i].folded, f); i++ {
			weight[all[i].key] += 1 / float64(all[i].cuts)
		}
		if slices.Contains(best5(weight), address.NameKey(q.want.name)) {
			hits++
		}
	}
	rep.Logf("ceiling of recall@5, %d prefixes: %.2f%% (any ranking)", len(prefixes), pct(hits, len(prefixes)))
	got := map[string]float64{"prefixes": pct(hits, len(prefixes))}

	within := typoCeiling(t, names)
	for i, qs := range typos {
		hits := 0
		for _, q := range qs {
			if within(q) {
				hits++
			}
		}
		rep.Logf("ceiling of recall@5, %d names with %d random edits: %.2f%% (fewer typos first, exact before prefix)", len(qs), i+1, pct(hits, len(qs)))
		got[[]string{"one edit", "two edits"}[i]] = pct(hits, len(qs))
	}
	ceilingFloors.Check(t, got)
}

// typoCeiling returns the ranker of TestEvalSuggestCeiling for queries
// with typos: whether the name a query was drawn from is among the five
// first of the names within two edits of it (edits over the whole name),
// ordered by edits, then whole before prefix, then by the places of names
// that bear them.
func typoCeiling(t *testing.T, names []named) func(query) bool {
	bearers := map[string]int{}
	for _, x := range names {
		bearers[address.NameKey(x.name)]++
	}
	keys := make([]string, 0, len(bearers))
	for k := range bearers {
		keys = append(keys, k)
	}
	// the names in an FST, walked with two edits for each query
	fst := autocomplete.FSTOf(t, keys)
	var a edits.Automaton
	type ranked struct {
		key          string
		edits, start int
	}
	var found []ranked
	return func(q query) bool {
		word := address.NameKey(q.text)
		a.Reset(word, 2, true)
		found = found[:0]
		it, err := fst.Search(&a, nil, nil)
		for err == nil {
			k, _ := it.Current()
			if ok, d, whole := edits.OSA(word, string(k), 2, true); ok {
				start := 1
				if whole {
					start = 0
				}
				found = append(found, ranked{string(k), d, start})
			}
			err = it.Next()
		}
		slices.SortFunc(found, func(a, b ranked) int {
			return cmp.Or(cmp.Compare(a.edits, b.edits), cmp.Compare(a.start, b.start),
				cmp.Compare(bearers[b.key], bearers[a.key]), strings.Compare(a.key, b.key))
		})
		want := address.NameKey(q.want.name)
		for _, r := range found[:min(5, len(found))] {
			if r.key == want {
				return true
			}
		}
		return false
	}
}
