package address

// Streets and address points: the street looked up (by its key, by
// spelling among its area's streets, or among bare names), its area, and
// the address point of the house number.

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/addrkit/addrkit/internal/edits"
	"github.com/agnivade/levenshtein"
)

// pointOf returns p, or for a street without a point the place whose
// point stands in for it, when streetArea found one.
func (g *geocoder) pointOf(p *Place) *Place {
	if q := g.streetAt[p.ID]; !p.HasPoint && q != nil {
		return q
	}
	return p
}

// streetArea finds the place whose point stands in for a street known by
// name and area but without a point of its own (NIPOST lists streets so):
// the nearest of its parents that has a point, when that is a settlement or
// a part of one. An LGA's or a state's point can lie tens of kilometres
// from the street: none stands in for it. The answer is kept in
// g.streetAt, for fits, pick and locate.
func (g *geocoder) streetArea(ctx context.Context, p *Place) error {
	if p.HasPoint || p.Kind != KindStreet {
		return nil
	}
	if _, done := g.streetAt[p.ID]; done {
		return nil
	}
	g.streetAt[p.ID] = nil
	for _, id := range p.Parents {
		q, err := g.place(ctx, id)
		if err != nil {
			return err
		}
		if q == nil || !q.HasPoint {
			continue
		}
		if q.Kind.locality() {
			g.streetAt[p.ID] = q
		}
		return nil
	}
	return nil
}

// streetStandIn returns the place whose point stands in for the street
// found when it has none: the settlement or part of one that the address
// names, when the street lies in it, within 3 km of it or in its LGA (see
// areaFit), else the street's own area (streetArea), else nil. A
// settlement the address names is nearer the truth more often than the
// street's area: a source may know the street only in its town ("Lagos"),
// and the address names its district.
func (g *geocoder) streetStandIn() *Place {
	if g.street == nil || g.street.HasPoint {
		return nil
	}
	if g.area != nil && g.area.HasPoint && g.area.Kind.locality() {
		if score, in := g.areaFit(g.street); in && score > 1 {
			// (in the area or near it: an LGA is no street's
			// neighbourhood)
			return g.area
		}
	}
	return g.streetAt[g.street.ID]
}

// streetAreas runs streetArea on each street of ps.
func (g *geocoder) streetAreas(ctx context.Context, ps []*Place) error {
	for _, p := range ps {
		if err := g.streetArea(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// findStreet finds the street, and the address point when a house number
// is given.
func (g *geocoder) findStreet(ctx context.Context) error {
	if g.a.Street == "" {
		return g.bareStreet(ctx)
	}
	if g.a.HouseNumber != "" {
		ps, err := g.named(ctx, AddressKey(g.a.HouseNumber, g.a.Street))
		if err != nil {
			return err
		}
		if p, _ := g.pick(ps, KindAddress); p != nil {
			g.point = p
		}
	}
	key := StreetKey(g.a.Street)
	ps, err := g.named(ctx, key)
	if err != nil {
		return err
	}
	if err := g.streetAreas(ctx, ps); err != nil {
		return err
	}
	p, n := g.pick(ps, KindStreet)
	edits := 0
	if p == nil && len(key) >= 8 {
		if p, edits, err = g.similarStreet(ctx, key); err != nil {
			return err
		}
		n = 1
	}
	if p == nil {
		if p, n, err = g.streetAfterName(ctx); err != nil {
			return err
		}
	}
	if p == nil {
		g.streetMissed = true
		q, err := g.streetAsPlace(ctx)
		if err != nil {
			return err
		}
		if q != nil {
			// listed among the places matched, and nothing more: the
			// place gives no point, component nor verdict
			g.streetPlace = q.ID
			g.res.reasonf("street %q was not found as a street%s; a place of its name without a point (%s) is listed there", g.a.Street, g.areaSuffix(), q.Name)
			return nil
		}
		g.res.reasonf("street %q was not found%s", g.a.Street, g.areaSuffix())
		return nil
	}
	if g.area == nil && n > 1 {
		g.conflict("ambiguous_place", "street %q exists in %d places and no locality says which", g.a.Street, n)
	}
	g.street = p
	if edits > 0 {
		keep, err := g.writtenSpelling(ctx, g.a.Street, p.Name)
		if err != nil {
			return err
		}
		if keep {
			g.streetVariant = true
			g.res.reasonf("street %q is recorded here as %q", g.a.Street, p.Name)
			return nil
		}
		g.res.Corrections = append(g.res.Corrections, Correction{Field: "street", From: g.a.Street, To: p.Name, Edits: edits})
		g.res.Inferred = append(g.res.Inferred, Change{Field: "street", Kind: Spelling, From: g.a.Street, To: p.Name})
		g.a.Street = p.Name
	}
	return nil
}

// streetAfterName finds the street that a street not found ends in, when
// a name without a comma stood before it and no house number: "fcmb
// barde way jalingo", "national college gbagada rd". The gazetteer knows
// the street without its first one to three words, in the area found, and
// those words name an organization (orgLike): they are its name. ("Shehu
// Laminu Way" is a street whose first name the gazetteer left out, not
// Shehu's.)
func (g *geocoder) streetAfterName(ctx context.Context) (*Place, int, error) {
	f := strings.Fields(g.a.Street)
	if g.a.Organization != "" || g.a.HouseNumber != "" || g.area == nil {
		return nil, 0, nil
	}
	for i := 1; i <= 3 && len(f)-i >= 2; i++ {
		if !orgLike(f[:i]) {
			continue
		}
		rest := strings.Join(f[i:], " ")
		ps, err := g.named(ctx, StreetKey(rest))
		if err != nil {
			return nil, 0, err
		}
		if err := g.streetAreas(ctx, ps); err != nil {
			return nil, 0, err
		}
		p, n := g.pick(ps, KindStreet)
		if p == nil {
			continue
		}
		org := strings.Join(f[:i], " ")
		g.infer("organization", org)
		g.a.Street = rest
		if name := strings.Fields(g.a.StreetName); len(name) > i {
			g.a.StreetName = strings.Join(name[i:], " ")
		}
		g.res.reasonf("%q read as the organization: the street %q is known%s", org, rest, g.areaSuffix())
		return p, n, nil
	}
	return nil, 0, nil
}

// streetAsPlace returns the place a street not found is listed as: a
// village or neighbourhood named as the street was written, without a
// point, in the area found or in the LGA the area is or its name names
// (NIPOST's rural list holds streets so: "Cele St", "Obaduodu Cl" in Ojo
// LGA), and not filed under another postcode than the one written; nil
// when there is none. ("Church Street, Ijanikin" is not the "Church
// Street" the list files under Ojo LGA: Ijanikin names no LGA.)
func (g *geocoder) streetAsPlace(ctx context.Context) (*Place, error) {
	if g.area == nil || g.streetText == "" {
		return nil, nil
	}
	ps, err := g.named(ctx, NameKey(g.streetText))
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if p.HasPoint || p.Kind != KindVillage && p.Kind != KindNeighbourhood {
			continue
		}
		if g.a.Postcode != "" && len(p.Postcodes) > 0 && !slices.Contains(p.Postcodes, g.a.Postcode) {
			continue
		}
		if p.Within(g.area.ID) || g.namedLGA != nil && p.Within(g.namedLGA.ID) {
			return p, nil
		}
	}
	return nil, nil
}

// bareStreet looks for a street among the names that placed nothing else:
// "Mühlegass, Balzers" names a street without a street type.
func (g *geocoder) bareStreet(ctx context.Context) error {
	for _, m := range g.ments {
		if g.area != nil && len(m.places) > 0 || m.field == "organization" && g.area == nil {
			// (an organization's name is a street only where the
			// address names the area: "Main Market" alone is no
			// street of one town)
			continue
		}
		ps, err := g.named(ctx, StreetKey(m.text))
		if err != nil {
			return err
		}
		if err := g.streetAreas(ctx, ps); err != nil {
			return err
		}
		if p, n := g.pick(ps, KindStreet); p != nil && (g.area != nil || n == 1) {
			g.street = p
			g.res.Inferred = append(g.res.Inferred, Change{Field: "street", Kind: Added, From: m.text, To: p.Name})
			g.a.Street = p.Name
			if m.field == "neighbourhood" && g.a.Neighbourhood == m.text {
				g.a.Neighbourhood = ""
			}
			return nil
		}
	}
	return nil
}

// childLister is the optional capability of a gazetteer to list the
// places whose nearest parent is a place.
type childLister interface {
	Children(ctx context.Context, id string) ([]Place, error)
}

// streetKeyLister is the optional capability of a gazetteer to list the
// StreetKeys and ids of an area's streets, in the order of Children,
// without reading their places.
type streetKeyLister interface {
	StreetKeys(ctx context.Context, areaID string) (keys, ids []string, err error)
}

// nameWordCounter is the optional capability of a gazetteer to count the
// names of a country's places that hold a word (as Fold writes it); ok is
// false when it cannot say.
type nameWordCounter interface {
	NameWordCount(ctx context.Context, country, word string) (n int, ok bool, err error)
}

// writtenSpelling reports whether a street the spelling search found under
// another spelling was written as the country's places are named, so that
// the name written is kept: every word of it that differs from the
// record's is a word of some place's name, and of at least as many names
// as the record's word. The gazetteer's street lists hold misspellings of
// their own ("Adetokumbo Ademola Street", "Eta Agbor Road" beside many
// names with Adetokunbo and Etta); a user's typo is the word no name
// holds ("Adeola Odekku Street": Odeku). A record's word that no other
// name holds is no more evidence than the word written, which is kept:
// "Louis Solomon Close" against the record's "Loius Solomon Close", "Lobito
// Crescent" against "Lubito" (the street is found all the same; a typo of
// a rare name then keeps its typo). Names of other word counts, and
// gazetteers that cannot count, keep the correction.
func (g *geocoder) writtenSpelling(ctx context.Context, written, record string) (bool, error) {
	wc, ok := g.gz.(nameWordCounter)
	if !ok {
		return false, nil
	}
	ws, rs := strings.Fields(Fold(written)), strings.Fields(Fold(record))
	if len(ws) != len(rs) {
		return false, nil
	}
	differ := false
	for i := range ws {
		if ws[i] == rs[i] {
			continue
		}
		differ = true
		nw, ok, err := wc.NameWordCount(ctx, g.cc, ws[i])
		if err != nil || !ok {
			return false, err
		}
		nr, _, err := wc.NameWordCount(ctx, g.cc, rs[i])
		if err != nil || nw < nr && !(nw == 0 && nr <= 1) {
			return false, err
		}
	}
	return differ, nil
}

// similarStreet looks for a misspelt street among the streets of the area
// found, or, when the gazetteer cannot list them, among all streets of the
// country.
//
// The budget of edits is the name's, without its type: "Tombia Street"
// may not become "Gambia Street" because "tombiastreet" is long.
func (g *geocoder) similarStreet(ctx context.Context, key string) (*Place, int, error) {
	n := KeyLen(key)
	if g.a.StreetName != "" && g.a.StreetType != "" {
		n = KeyLen(NameKey(g.a.StreetName))
	}
	budget := TypoBudget(n)
	if budget == 0 {
		return nil, 0, nil
	}
	keys, ids, err := g.streetCandidates(ctx, key, budget)
	if err != nil {
		return nil, 0, err
	}
	var best *Place
	bestD := budget + 1
	ascii := edits.Bytewise(key)
	for i, sk := range keys {
		// At least bestD edits apart by length alone: sk has no more
		// characters than bytes, key (ASCII) exactly as many, so a
		// shorter sk is skipped unread; a longer one when it is ASCII.
		if ascii && len(key)-len(sk) >= bestD {
			continue
		}
		if ascii && edits.Bytewise(sk) {
			if len(sk)-len(key) >= bestD {
				continue
			}
			// Bounded first: the distance that counts a transposition as
			// one edit is never more than Levenshtein's, and stops at the
			// first bytes of most keys. (OSA measures up to 2 edits,
			// which TypoBudget never passes: the guard is for safety.)
			if bestD-1 <= 2 {
				if ok, _, _ := edits.OSA(key, sk, bestD-1, false); !ok {
					continue
				}
			}
		}
		d := levenshtein.ComputeDistance(key, sk) // exact, in characters (see internal/edits)
		if d >= bestD {
			continue
		}
		p, err := g.place(ctx, ids[i])
		if err != nil {
			return nil, 0, err
		}
		if p == nil {
			continue
		}
		if err := g.streetArea(ctx, p); err != nil {
			return nil, 0, err
		}
		if g.fits(p) >= 0 {
			best, bestD = p, d
		}
	}
	return best, bestD, nil
}

// streetCandidates returns the StreetKeys and ids of the streets the
// spelling search compares: the area's, from a gazetteer that lists them
// (by key, or as places, which are then kept for place), or the country's
// streets within the budget of the key.
func (g *geocoder) streetCandidates(ctx context.Context, key string, budget int) (keys, ids []string, err error) {
	if kl, ok := g.gz.(streetKeyLister); ok {
		if g.area == nil {
			return nil, nil, nil
		}
		return kl.StreetKeys(ctx, g.area.ID)
	}
	var ps []Place
	if cl, ok := g.gz.(childLister); ok {
		if g.area == nil {
			return nil, nil, nil
		}
		ps, err = cl.Children(ctx, g.area.ID)
	} else {
		ps, err = g.gz.Similar(ctx, g.cc, key, budget)
	}
	for i := range ps {
		if ps[i].Kind == KindStreet {
			keys = append(keys, streetKeyOf(ps[i].Name))
			ids = append(ids, ps[i].ID)
			if _, ok := g.cache[ps[i].ID]; !ok {
				g.cache[ps[i].ID] = &ps[i]
			}
		}
	}
	return keys, ids, err
}

// streetKeys caches the StreetKey of the street names similarStreet
// compares, the streets of the areas an address file names again and
// again; it is emptied when it holds maxStreetKeys.
var streetKeys struct {
	sync.Mutex
	m map[string]string
}

const maxStreetKeys = 1 << 16

func streetKeyOf(name string) string {
	streetKeys.Lock()
	k, ok := streetKeys.m[name]
	streetKeys.Unlock()
	if ok {
		return k
	}
	k = StreetKey(name)
	streetKeys.Lock()
	if streetKeys.m == nil || len(streetKeys.m) >= maxStreetKeys {
		streetKeys.m = make(map[string]string, 1024)
	}
	streetKeys.m[name] = k
	streetKeys.Unlock()
	return k
}

func (g *geocoder) areaSuffix() string {
	if g.area != nil {
		return " in " + g.area.Name
	}
	return ""
}

// streetAtAreaCost is what a street placed at its area's point loses
// against one with its own point: 85 - 7 = 78 stays above a postcode area
// (72) or a neighbourhood (68), whose point it shares, and below the 80 of
// HIGH_CONFIDENCE: the name is verified, the point is not the street's.
const streetAtAreaCost = 7

// orgLike reports whether words name an organization: one acronym (two to
// four capitals: "FCMB", "UBA"), or two words or more that an organization
// word ends ("National College", "Health Centre"). Streets bear such words
// too: one word alone ("Hotel Presidential Road", "Church Mission Road")
// and a bank after a name ("Mobolaji Bank Anthony Way") are streets.
func orgLike(words []string) bool {
	if len(words) == 1 {
		return isCapsAcronym(words[0])
	}
	last := Fold(words[len(words)-1])
	return organizationWords[last] && last != "bank"
}
