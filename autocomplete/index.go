package autocomplete

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/blevesearch/vellum"
)

// kindOrder is the order of place kinds in the suggestions, other buckets
// being equal: the larger and better-known places first. A ward comes
// before a village: it is a division of an LGA that holds several
// villages (a Nigerian ward has some 25,000 people, a village a few
// hundred to a few thousand), and it is often named after its largest.
var kindOrder = []address.PlaceKind{
	address.KindCountry, address.KindState, address.KindCity, address.KindLGA, address.KindTown,
	address.KindNeighbourhood, address.KindWard, address.KindVillage, address.KindPostcode,
	address.KindStreet, address.KindAddress,
}

func kindIndex(k address.PlaceKind) (uint8, bool) {
	i := slices.Index(kindOrder, k)
	return uint8(i), i >= 0
}

// kindNames lists the kinds a query may keep, in the order of
// address.Kinds: "country, state, ...".
func kindNames() string {
	var names []string
	for _, k := range address.Kinds {
		if _, ok := kindIndex(k); ok {
			names = append(names, string(k))
		}
	}
	return strings.Join(names, ", ")
}

// topK is the length of the precomputed lists for prefixes of 1 to 3
// bytes: the largest limit a query may ask for.
const topK = MaxLimit

// maxTopPrefix is the longest prefix served from a precomputed list.
const maxTopPrefix = 3

// Index is the autocomplete index of a gazetteer: per country, a term
// dictionary (a vellum FST from each search token to its term number), the
// postings of each term, and the entries, in one compact columnar form.
// It is read-only once built and safe for concurrent use.
type Index struct {
	version   string // the store's places version it was built from
	countries map[string]*table
}

// Version is the version of the places the index was built from (see
// Store).
func (ix *Index) Version() string { return ix.version }

// Len returns the number of entries (places after merging duplicates).
func (ix *Index) Len() int {
	n := 0
	for _, t := range ix.countries {
		n += len(t.kind)
	}
	return n
}

// table is the index of one country. Entries are numbered best first
// (kind, then rank), so postings in entry order list the best first and a
// smaller entry number ranks higher, other buckets being equal.
type table struct {
	cc  string // ISO 3166-1 alpha-2
	fst *vellum.FST
	// fstBytes is the FST as stored; fst reads it.
	fstBytes []byte

	// term i is terms[termOff[i]:termOff[i+1]]
	terms   string
	termOff []uint32
	// the entries of term i are post[postOff[i]:postOff[i+1]], ascending
	postOff []uint32
	post    []uint32

	// per entry
	kind   []uint8   // index in kindOrder
	rank   []float32 // population or importance
	parent []int32   // the nearest enclosing entry, or -1
	lat    []float32 // NaN without a point
	lon    []float32
	// entry i's record is rec[recOff[i]:recOff[i+1]]: its fields (see
	// recField) separated by fieldSep
	rec    string
	recOff []uint32
	// entry i's terms are et[etOff[i]:etOff[i+1]]: the tokens of its
	// name in order (the first nname[i]), then those of its other names
	et    []uint32
	etOff []uint32
	nname []uint8

	// joined terms: two neighbouring words of a name run together (see
	// joinedTerm), in an FST of their own, so that the walks of ordinary
	// searches never meet them, to their entries (see jpostings): the
	// entries of a joined term of several are a list,
	// jpost[jpostOff[i]:jpostOff[i+1]], ascending
	jfst      *vellum.FST
	jfstBytes []byte
	jpostOff  []uint32
	jpost     []uint32

	// sfst maps the name keys of the places a full list makes room for
	// to the most important place of each (see buildStandout); built, not
	// stored
	sfst      *vellum.FST
	sfstBytes []byte

	// top lists the best entries with a term that starts with each
	// prefix of 1 to maxTopPrefix bytes.
	top map[string][]uint32
}

// The fields of an entry's record.
const (
	recID = iota
	recName
	recHouseNumber
	recStreet
	recPostcode
	recCode // ISO 3166-2 code of a state
	recFields
)

const fieldSep = '\x1f'

func (t *table) term(i uint32) string { return t.terms[t.termOff[i]:t.termOff[i+1]] }

func (t *table) field(e uint32, f int) string {
	r := t.rec[t.recOff[e]:t.recOff[e+1]]
	for ; f > 0; f-- {
		i := strings.IndexByte(r, fieldSep)
		if i < 0 {
			return ""
		}
		r = r[i+1:]
	}
	if i := strings.IndexByte(r, fieldSep); i >= 0 {
		r = r[:i]
	}
	return r
}

func (t *table) entryTerms(e uint32) []uint32 { return t.et[t.etOff[e]:t.etOff[e+1]] }

func (t *table) postings(term uint64) []uint32 { return t.post[t.postOff[term]:t.postOff[term+1]] }

// Source is what an index is built from: every place of a gazetteer.
// *storage.Gazetteer is one.
type Source interface {
	Scan(ctx context.Context, fn func(address.Place) error) error
}

// draft is a place on its way into the index.
type draft struct {
	p       address.Place
	kind    uint8
	tokens  []string // of the name
	alt     []string // of the other names, not among tokens
	merged  bool
	bearers int // the places that bear its name (after merging)
}

// Build builds the index from every place of src; version is recorded as
// the version of the places (see Store).
func Build(ctx context.Context, src Source, version string) (*Index, error) {
	byCountry := map[string][]*draft{}
	err := src.Scan(ctx, func(p address.Place) error {
		k, ok := kindIndex(p.Kind)
		if !ok || len(p.Country) != 2 {
			return nil
		}
		d := &draft{p: p, kind: k, tokens: address.TokensIn(p.Name, p.Country)}
		if len(d.tokens) == 0 {
			return nil
		}
		for _, n := range p.AltNames {
			for _, tok := range address.TokensIn(n, p.Country) {
				if !slices.Contains(d.tokens, tok) && !slices.Contains(d.alt, tok) {
					d.alt = append(d.alt, tok)
				}
			}
		}
		byCountry[p.Country] = append(byCountry[p.Country], d)
		return ctx.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("autocomplete: read the places: %w", err)
	}
	ix := &Index{version: version, countries: map[string]*table{}}
	for cc, ds := range byCountry {
		t, err := buildTable(ds)
		if err != nil {
			return nil, fmt.Errorf("autocomplete: %s: %w", cc, err)
		}
		t.cc = cc
		ix.countries[cc] = t
	}
	return ix, nil
}

// mergeRadius is how near two places with the same name, kind class and
// enclosing area must be to be one: segments of one street, one town
// from several sources.
func mergeRadius(kind uint8) float64 {
	switch kindOrder[kind] {
	case address.KindStreet:
		return 3000
	case address.KindAddress:
		return 100
	}
	return 10000
}

// kindClass groups the kinds whose places of one name are one place to a
// user: a settlement known as a city in one source and a town in another.
func kindClass(kind uint8) string {
	switch kindOrder[kind] {
	case address.KindCity, address.KindTown, address.KindVillage, address.KindNeighbourhood:
		return "settlement"
	}
	return string(kindOrder[kind])
}

// buildTable builds the index of the drafts: duplicates merged, entries
// ordered, then the term dictionary (an FST), the entries, their postings,
// the joined terms and the top entries.
func buildTable(ds []*draft) (*table, error) {
	// (of duplicates, the one kept is one with a point: its id validates
	// to a place that has one)
	slices.SortFunc(ds, func(a, b *draft) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(b.p.Rank, a.p.Rank), cmp.Compare(b2f(b.p.HasPoint), b2f(a.p.HasPoint)), strings.Compare(a.p.ID, b.p.ID))
	})
	alias := mergeDrafts(ds)
	ds = slices.DeleteFunc(ds, func(d *draft) bool { return d.merged })
	orderDrafts(ds)
	t := &table{}
	termSet, err := t.buildTerms(ds)
	if err != nil {
		return nil, err
	}
	counts := t.buildEntries(ds, alias, termSet)
	t.buildPostings(counts, len(ds))
	if err := t.buildJoined(); err != nil {
		return nil, err
	}
	t.buildTop()
	if err := t.buildStandout(); err != nil {
		return nil, err
	}
	return t, nil
}

// mergeDrafts marks the drafts that duplicate a better one (sorted first)
// as merged, giving it their other names, and returns the merged ids with
// the id each was merged into.
func mergeDrafts(ds []*draft) map[string]string {
	// Merge duplicates into the best of them: same kind class, same
	// tokens, same enclosing area (the first parent that is not itself a
	// settlement or street), and near each other.
	alias := map[string]string{} // merged id -> kept id
	kinds := make(map[string]uint8, len(ds))
	for _, d := range ds {
		kinds[d.p.ID] = d.kind
	}
	area := func(d *draft) string {
		for _, id := range d.p.Parents {
			if k, ok := kinds[id]; ok && kindClass(k) != "settlement" && kindOrder[k] != address.KindStreet {
				return id
			}
		}
		return ""
	}
	kept := map[string][]*draft{}
	// the settlements with a point, by name and LGA and by name and
	// state: a settlement that one source lists without a point under the
	// LGA only ("Jamisu, Ganye"; another files it under its ward) or the
	// state only (a post office: "Ilutitun, Ondo") is the first of them,
	// as the geocoder reads it (address: pointedNamesake)
	located := map[string]*draft{}
	type listing struct {
		d   *draft
		key string // its name and area, a key of located
	}
	var pointless []listing
	for _, d := range ds {
		a := area(d)
		name := kindClass(d.kind) + "\x00" + strings.Join(d.tokens, " ")
		key := name + "\x00" + a
		for _, k := range kept[key] {
			if !k.p.HasPoint || !d.p.HasPoint || address.Distance(k.p.Lat, k.p.Lon, d.p.Lat, d.p.Lon) < mergeRadius(d.kind) {
				merge(k, d, alias)
				break
			}
		}
		if d.merged {
			continue
		}
		kept[key] = append(kept[key], d)
		if kindClass(d.kind) != "settlement" {
			continue
		}
		lga, st := enclosing(d, kinds, address.KindLGA), enclosing(d, kinds, address.KindState)
		switch {
		case !d.p.HasPoint && (a == lga || a == st) && a != "":
			pointless = append(pointless, listing{d, name + "\x00" + a})
		case d.p.HasPoint:
			for _, in := range []string{lga, st} {
				if in != "" && located[name+"\x00"+in] == nil {
					located[name+"\x00"+in] = d
				}
			}
		}
	}
	for _, l := range pointless {
		if k := located[l.key]; k != nil && !k.merged && !l.d.merged {
			merge(k, l.d, alias)
		}
	}
	for id, to := range alias {
		for n := 0; n < 8; n++ { // (a chain is one or two long)
			next, ok := alias[to]
			if !ok {
				break
			}
			to = next
		}
		alias[id] = to
	}
	return alias
}

// merge merges draft d into k, which is kept. When only d has a point,
// the two trade places: the place kept, whose id a suggestion gives (and
// validates), is the one with a point.
// (An id merged into a place that later traded its place keeps pointing
// at the id that left: mergeDrafts follows the aliases to the end.)
func merge(k, d *draft, alias map[string]string) {
	if !k.p.HasPoint && d.p.HasPoint {
		k.p, d.p = d.p, k.p
		k.kind, d.kind = d.kind, k.kind
	}
	d.merged = true
	alias[d.p.ID] = k.p.ID
	for _, a := range d.alt {
		if !slices.Contains(k.tokens, a) && !slices.Contains(k.alt, a) {
			k.alt = append(k.alt, a)
		}
	}
}

// enclosing returns the id of the place of a kind that a draft lies in,
// or "".
func enclosing(d *draft, kinds map[string]uint8, kind address.PlaceKind) string {
	for _, id := range d.p.Parents {
		if k, ok := kinds[id]; ok && kindOrder[k] == kind {
			return id
		}
	}
	return ""
}

// orderDrafts sorts the drafts by kind, then rank, then the places that
// bear their name.
func orderDrafts(ds []*draft) {
	// Entries of one kind and rank (most villages have none) in the order
	// of the places that bear their name, most first: of two names a
	// query matches equally, the one more places bear is likelier meant.
	bearers := make(map[string]int, len(ds))
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = strings.Join(d.tokens, " ")
		bearers[names[i]]++
	}
	for i, d := range ds {
		d.bearers = bearers[names[i]]
	}
	slices.SortStableFunc(ds, func(a, b *draft) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(b.p.Rank, a.p.Rank), cmp.Compare(b.bearers, a.bearers))
	})
}

// buildTerms numbers the terms of the drafts in byte order, and builds
// their FST and the terms' text. It returns the number of each term.
func (t *table) buildTerms(ds []*draft) (map[string]uint32, error) {
	termSet := map[string]uint32{}
	for _, d := range ds {
		for _, tok := range d.tokens {
			termSet[tok] = 0
		}
		for _, tok := range d.alt {
			termSet[tok] = 0
		}
	}
	terms := make([]string, 0, len(termSet))
	for tok := range termSet {
		terms = append(terms, tok)
	}
	slices.Sort(terms)
	t.termOff = make([]uint32, 0, len(terms)+1)
	var sb strings.Builder
	var err error
	t.fstBytes, t.fst, err = buildFST(terms, func(i int, tok string) uint64 {
		termSet[tok] = uint32(i)
		t.termOff = append(t.termOff, uint32(sb.Len()))
		sb.WriteString(tok)
		return uint64(i)
	})
	t.termOff = append(t.termOff, uint32(sb.Len()))
	t.terms = sb.String()
	if err != nil {
		return nil, err
	}
	return termSet, nil
}

// buildEntries writes the entries of the drafts (kind, rank, parent,
// point, record, terms), and returns the counts of each term's postings,
// each at the index after the term's.
func (t *table) buildEntries(ds []*draft, alias map[string]string, termSet map[string]uint32) []uint32 {
	num := make(map[string]int32, len(ds))
	for i, d := range ds {
		num[d.p.ID] = int32(i)
	}
	n := len(ds)
	t.kind, t.rank, t.parent = make([]uint8, n), make([]float32, n), make([]int32, n)
	t.lat, t.lon = make([]float32, n), make([]float32, n)
	t.recOff, t.etOff, t.nname = make([]uint32, 0, n+1), make([]uint32, 0, n+1), make([]uint8, n)
	counts := make([]uint32, len(termSet)+1)
	var rec strings.Builder
	for i, d := range ds {
		p := &d.p
		t.kind[i], t.rank[i], t.parent[i] = d.kind, float32(p.Rank), -1
		for _, id := range p.Parents {
			if a, ok := alias[id]; ok {
				id = a
			}
			if j, ok := num[id]; ok && j != int32(i) {
				t.parent[i] = j
				break
			}
		}
		t.lat[i], t.lon[i] = float32(math.NaN()), float32(math.NaN())
		if p.HasPoint {
			t.lat[i], t.lon[i] = float32(p.Lat), float32(p.Lon)
		}
		t.recOff = append(t.recOff, uint32(rec.Len()))
		code := ""
		if kindOrder[d.kind] == address.KindState {
			if s, ok := address.LookupSubdivision(p.Country, p.Name); ok {
				code = s.Code
			} else if len(p.ID) > 3 && p.ID[:3] == p.Country+"-" {
				code = p.ID
			}
		}
		postcode := ""
		if len(p.Postcodes) > 0 {
			postcode = p.Postcodes[0]
		}
		for f, v := range [recFields]string{p.ID, p.Name, p.HouseNumber, p.Street, postcode, code} {
			if f > 0 {
				rec.WriteByte(fieldSep)
			}
			rec.WriteString(strings.ReplaceAll(v, string(fieldSep), " "))
		}
		t.etOff = append(t.etOff, uint32(len(t.et)))
		t.nname[i] = uint8(min(len(d.tokens), 255))
		for j, tok := range d.tokens {
			id := termSet[tok]
			t.et = append(t.et, id)
			if !slices.Contains(d.tokens[:j], tok) {
				counts[id+1]++
			}
		}
		for _, tok := range d.alt {
			id := termSet[tok]
			t.et = append(t.et, id)
			counts[id+1]++
		}
	}
	t.recOff = append(t.recOff, uint32(rec.Len()))
	t.etOff = append(t.etOff, uint32(len(t.et)))
	t.rec = rec.String()
	return counts
}

// buildPostings lists the entries of each term, from the counts of
// buildEntries: entries are visited in order, so each list is ascending.
func (t *table) buildPostings(counts []uint32, n int) {
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	t.postOff = slices.Clone(counts)
	t.post = make([]uint32, counts[len(counts)-1])
	for e := range n {
		ts := t.entryTerms(uint32(e))
		for j, id := range ts {
			if j < int(t.nname[e]) && slices.Contains(ts[:j], id) {
				continue
			}
			t.post[counts[id]] = uint32(e)
			counts[id]++
		}
	}
}

// joinedTerm appends to b the words k and k+1 of entry e's name run
// together, as people type "Port Harcourt" on phones ("portharcourt"),
// and reports whether there is one: not when both are single characters
// (initials: "M. O. A."). See Suggest: a word boundary left out counts as
// one edit.
func (t *table) joinedTerm(b []byte, e uint32, k int) ([]byte, bool) {
	ts := t.entryTerms(e)
	if k+1 >= int(t.nname[e]) {
		return b, false
	}
	a, z := t.term(ts[k]), t.term(ts[k+1])
	if utf8.RuneCountInString(a) < 2 && utf8.RuneCountInString(z) < 2 {
		return b, false
	}
	return append(append(b, a...), z...), true
}

// buildJoined builds the FST and postings of the joined terms.
func (t *table) buildJoined() error {
	byTerm := map[string][]uint32{}
	bounds := map[string]uint8{} // the bytes of its first word
	var b []byte
	for e := range t.kind {
		for k := 0; k+1 < int(t.nname[e]); k++ {
			var ok bool
			if b, ok = t.joinedTerm(b[:0], uint32(e), k); ok {
				// the shortest first word, of several names joined alike
				n := uint8(min(len(t.term(t.entryTerms(uint32(e))[k])), 255))
				if m, ok := bounds[string(b)]; !ok || n < m {
					bounds[string(b)] = n
				}
				l := byTerm[string(b)]
				if len(l) == 0 || l[len(l)-1] != uint32(e) {
					byTerm[string(b)] = append(l, uint32(e))
				}
			}
		}
	}
	t.jpostOff = []uint32{0}
	t.jpost = t.jpost[:0]
	var err error
	t.jfstBytes, t.jfst, err = buildFST(slices.Sorted(maps.Keys(byTerm)), func(_ int, k string) uint64 {
		// most joined terms name one place: the entry itself is the
		// value, without a list
		es := byTerm[k]
		v := uint64(es[0])<<9 | 1<<8
		if len(es) > 1 {
			v = uint64(len(t.jpostOff)-1) << 9
			t.jpost = append(t.jpost, es...)
			t.jpostOff = append(t.jpostOff, uint32(len(t.jpost)))
		}
		return v | uint64(bounds[k])
	})
	return err
}

// buildFST builds a vellum FST from keys, sorted, each to value(i, key),
// called in order, and returns it as stored and loaded.
func buildFST(keys []string, value func(i int, key string) uint64) ([]byte, *vellum.FST, error) {
	var buf bytes.Buffer
	fb, err := vellum.New(&buf, nil)
	if err != nil {
		return nil, nil, err
	}
	for i, k := range keys {
		if err := fb.Insert([]byte(k), value(i, k)); err != nil {
			return nil, nil, err
		}
	}
	if err := fb.Close(); err != nil {
		return nil, nil, err
	}
	fst, err := vellum.Load(buf.Bytes())
	return buf.Bytes(), fst, err
}

// jpostings returns the entries of the joined term whose value in jfst
// is v (see joinedTerm): v>>9 is its entry when bit 8 is set, else the
// number of its list (none for a number out of range: the FST is read
// from storage); v&0xff is the bytes of its first word.
func (t *table) jpostings(v uint64, one *[1]uint32) []uint32 {
	i := v >> 9
	if v&(1<<8) != 0 {
		if i >= uint64(len(t.kind)) {
			return nil
		}
		one[0] = uint32(i)
		return one[:]
	}
	if i+1 >= uint64(len(t.jpostOff)) {
		return nil
	}
	return t.jpost[t.jpostOff[i]:t.jpostOff[i+1]]
}

// broadTerms is the number of terms above which a prefix longer than
// maxTopPrefix gets a precomputed list too, instead of having its terms
// enumerated on each query.
const broadTerms = 48

// buildTop precomputes the best entries for every prefix of 1 to
// maxTopPrefix bytes of a term, and for the longer prefixes of more than
// broadTerms terms.
func (t *table) buildTop() {
	// terms are sorted: the terms with a prefix are a run
	long := map[string]bool{}
	for i := 0; i+broadTerms < len(t.termOff)-1; i++ {
		a, b := t.term(uint32(i)), t.term(uint32(i+broadTerms))
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		// the prefixes a shares with the term broadTerms further on
		for l := maxTopPrefix + 1; l <= n; l++ {
			long[a[:l]] = true
		}
	}
	t.top = map[string][]uint32{}
	for e := range t.kind {
		for _, id := range t.entryTerms(uint32(e)) {
			term := t.term(id)
			for n := 1; n <= len(term); n++ {
				p := term[:n]
				if n > maxTopPrefix && !long[p] {
					break
				}
				l := t.top[p]
				if len(l) < topK && (len(l) == 0 || l[len(l)-1] != uint32(e)) {
					t.top[p] = append(l, uint32(e))
				}
			}
		}
	}
}

// Size returns the bytes the index holds in memory, near enough: its
// arrays, strings and FSTs, and the precomputed prefix lists.
func (ix *Index) Size() int {
	n := 0
	for _, t := range ix.countries {
		n += len(t.fstBytes) + len(t.terms) + len(t.rec) + len(t.kind) + len(t.nname) + len(t.jfstBytes) + len(t.sfstBytes) + 4*(len(t.jpostOff)+len(t.jpost))
		n += 4 * (len(t.termOff) + len(t.postOff) + len(t.post) + len(t.rank) + len(t.parent) +
			len(t.lat) + len(t.lon) + len(t.recOff) + len(t.et) + len(t.etOff))
		for p, l := range t.top {
			n += len(p) + 16 + 24 + 4*cap(l) // key, slice header, list
		}
	}
	return n
}
