package address

// Area search and scoring: the names of the address looked up, spelling
// searched, scored against each other, and the best area chosen.

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// TypoBudget is the number of edits a name of n characters may carry and
// still match: none under 5, one from 5 to 8, two from 9. n is counted by
// KeyLen (or is a sum of KeyLens).
func TypoBudget(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 9:
		return 1
	}
	return 2
}

// KeyLen is the length of a name key or a typed word as typo budgets
// count it: in characters, as the edits themselves are counted (see
// internal/edits). It is the one place that decides it: every budget is
// TypoBudget of a KeyLen, or of a sum of them.
func KeyLen(s string) int { return utf8.RuneCountInString(s) }

// mention is a name in the address that may be a gazetteer place.
type mention struct {
	field    string // the component it came from
	townOnly bool   // a state's name tried as its town: never the state itself
	country  bool   // the country's name tried as its city (Singapore)
	text     string
	key      string   // NameKey(text)
	weight   float64  // how much a place named only here is trusted
	places   []*Place // in the gazetteer's answers, which are not modified
	edits    []int    // spelling edits of each place, parallel to places
	// namedAfter is set when the places are the district the text is
	// named after ("Magodo" for "Magodo GRA Phase 2"), not the text's
	namedAfter bool
}

// namedAlone reports whether the address names the place best found and
// nothing inside it: no street, number, building or finer area
// ("Monguno, Borno"; see wardSeat).
func (g *geocoder) namedAlone(best scored) bool {
	a := &g.a
	return a.Street == "" && a.HouseNumber == "" && a.Organization == "" && len(a.Premises) == 0 &&
		a.Estate == "" && a.PlusCode == "" && (best.m.field != "city" || a.Neighbourhood == "")
}

// scored is a candidate place with its score.
type scored struct {
	p     *Place
	m     *mention
	edits int
	score float64
}

// findState takes the state the standardizer recognised.
func (g *geocoder) findState(ctx context.Context) error {
	if g.a.StateCode != "" {
		p, err := g.place(ctx, g.a.StateCode)
		if err != nil || p != nil {
			g.state = p
			return err
		}
	}
	if g.a.State == "" {
		return nil
	}
	names := []string{g.a.State}
	if sub, ok := subdivisionByCode(g.a.StateCode); ok {
		// the state's other names, one of which the gazetteer may file
		// it under: "Genève" as Geneva, "Wien" as Vienna
		names = append(names, sub.Aliases...)
	}
	for _, name := range names {
		ps, err := g.named(ctx, NameKey(name))
		if err != nil {
			return err
		}
		for _, p := range ps {
			if p.Kind == KindState && (name == g.a.State || g.a.StateCode == "" || p.Country == g.a.Country) {
				g.state = p
				if !namesPlace(g.a.State, p) || g.a.Country == "NG" {
					g.a.State = p.Name // (a state named in another of its names keeps it, as Standardize did)
				}
				return nil
			}
		}
	}
	return nil
}

// outranked reports whether a place as well supported as the one chosen
// is still no rival of it: a division of the city's name where the city
// was written as the city ("C1043 Buenos Aires": the capital, not the
// province), or a settlement of a fiftieth of its people or fewer ("72000
// Puebla": the city of 1.5 million, not the town of Baja California).
func outranked(best, c scored) bool {
	if best.m.field != "city" || best.p.Kind != KindCity {
		return false
	}
	return c.p.Kind == KindState || (c.p.Kind == KindCity || c.p.Kind == KindTown || c.p.Kind == KindVillage) && best.p.Rank >= 50*c.p.Rank && c.p.Rank > 0
}

// mentions collects the names of the address that may be places.
func (g *geocoder) mentions(s Standardized) []*mention {
	var ms []*mention
	add := func(field, text string, weight float64) {
		if strings.TrimSpace(text) == "" {
			return
		}
		key := NameKey(text)
		for _, m := range ms {
			if m.key == key && (field != "lga" || m.field == "lga") {
				// (an LGA written with the city's name is looked up as
				// an LGA too: "Gwaram, Gwaram LGA" is the Gwaram of
				// Jigawa, whose LGA it is, not Bauchi's)
				return
			}
		}
		ms = append(ms, &mention{field: field, text: text, key: key, weight: weight})
	}
	add("neighbourhood", g.a.Neighbourhood, 0)
	if g.a.Estate != "" && g.a.Phase != "" {
		// "Lekki Phase 1", "Gbagada Phase 2": a district so named
		add("estate_phase", g.a.Estate+" "+g.a.Phase, 0)
	}
	add("estate", g.a.Estate, 0)
	add("city", g.a.City, 0)
	if g.a.Neighbourhood != "" && g.a.City != "" {
		// one name split by a comma: "Ikpoba, Okha" is Ikpoba-Okha;
		// matched exactly only, as free text is
		add("joined", g.a.Neighbourhood+" "+g.a.City, -1)
	}
	add("lga", g.a.LGA, 0)
	for _, u := range s.Unresolved {
		add("unresolved", u, -1)
	}
	for _, l := range g.a.Landmarks {
		if l.Relation == "" && l.Name != "" && !hasStreetType(l.Name) {
			// a venue the organization lies in ("Alaba International
			// Market") may name a place, as text left over does
			add("unresolved", l.Name, -1)
		} else if l.Relation != "" && g.a.City == "" && g.a.Neighbourhood == "" && !hasStreetType(l.Name) {
			// and where no place is written, a landmark named after
			// one, its last word left out when that is a gate, a
			// junction, a roundabout or a market: "opposite Lekki
			// Phase 1 Gate"
			if f := strings.Fields(l.Name); len(f) > 1 && (Fold(f[len(f)-1]) == "gate" || landmarkEnds[Fold(f[len(f)-1])] != "") {
				add("unresolved", strings.Join(f[:len(f)-1], " "), -1)
			}
		}
	}
	if slices.ContainsFunc(s.Warnings, func(w Warning) bool { return w.Code == "caption_removed" }) {
		// "Aba Branch: Asa Road": the branch's place, as weak as text
		// left over
		for _, r := range g.a.Removed {
			if c := captionPlace(r); c != "" {
				add("unresolved", c, -1)
			}
		}
	}
	if g.a.Street == "" && g.a.Organization != "" {
		add("organization", g.a.Organization, -1.5)
	}
	if g.a.City == "" && g.a.Neighbourhood == "" && g.a.State != "" && !g.saysState && !stateCodeWritten(g.a.StateCode, g.stateText) {
		// "Oyo, Nigeria": a state named alone may mean its town of that
		// name; "Cairo, Egypt": or its city named as the state was
		// written (the state is Al Qahirah)
		g.addTownOnly(add, &ms, false, g.a.State, g.stateText)
	}
	if g.a.City == "" && g.a.Neighbourhood == "" && g.a.State == "" {
		// "10 Bayfront Avenue, Singapore 018956": a country named after
		// its city, and no other place named
		g.addTownOnly(add, &ms, true, tokenText(s.Tokens, LabelCountry))
	}
	return ms
}

// addTownOnly adds the names as city mentions that take only a town (see
// townFits); country says they are the country's name.
func (g *geocoder) addTownOnly(add func(field, text string, weight float64), ms *[]*mention, country bool, names ...string) {
	for _, name := range names {
		add("city", name, -0.5)
		if n := len(*ms); n > 0 && (*ms)[n-1].text == name {
			(*ms)[n-1].townOnly, (*ms)[n-1].country = true, country
		}
	}
}

// tokenText returns the words of tokens labelled with one of labels, in
// order, joined by spaces.
func tokenText(tokens []Token, labels ...Label) string {
	var words []string
	for _, t := range tokens {
		if slices.Contains(labels, t.Label) {
			words = append(words, t.Text)
		}
	}
	return strings.Join(words, " ")
}

// saysState reports whether the input said "State" of the state ("Oyo
// State"; not "Gombe State University, ..., Gombe").
func saysState(tokens []Token) bool {
	for _, t := range tokens {
		if t.Label == LabelState && strings.EqualFold(t.Text, "state") {
			return true
		}
	}
	return false
}

// areaKind reports whether a named area may be of kind k.
func areaKind(k PlaceKind) bool {
	return k == KindState || k == KindLGA || k.locality()
}

// lookup finds the places a mention names: exactly, then without generic
// words ("Ward", "LGA"), then, when it names an LGA (in the LGA field or
// before "LGA" or "local government"), an LGA named by its last two words
// or its last one ("Elizabeth Yala local government", "Kwami Local
// Government Secretariat"), then with spelling mistakes.
func (g *geocoder) lookup(ctx context.Context, m *mention) error {
	keys := []string{m.key}
	lgaFrom := math.MaxInt // keys from here on may name LGAs only
	if k := NameKey(stripGeneric(m.text)); k != keys[0] && k != "" {
		keys = append(keys, k)
	}
	if k := NameKey(withoutArticle(m.text)); m.field == "city" && !slices.Contains(keys, k) {
		keys = append(keys, k) // "La Habana": Habana
	}
	if m.field == "city" || m.field == "neighbourhood" {
		for _, n := range saintInFull(m.text) {
			if k := NameKey(n); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	if f := strings.Fields(m.text); m.field == "city" && len(f) > 1 && (districtLetters(f[len(f)-1]) || districtOrdinal(strings.ToLower(f[len(f)-1]))) {
		// "2200 København N", "8000 Aarhus C": a postal district's
		// letters after the city; "Paris 11e", its number
		if k := NameKey(strings.Join(f[:len(f)-1], " ")); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	namedAfter := math.MaxInt // keys from here on name the district the text is named after
	if m.field == "estate" || m.field == "neighbourhood" {
		// "Elekahia Housing Estate", "Gwarinpa Estate", "Magodo GRA
		// Phase 2": the district an estate is named after
		if k := NameKey(stripEstate(m.text)); k != "" && !slices.Contains(keys, k) {
			namedAfter = len(keys)
			keys = append(keys, k)
		}
	}
	w, ok := beforeLGA(m.text)
	if m.field == "lga" {
		w, ok = strings.Fields(stripGeneric(m.text)), true
	}
	if ok {
		lgaFrom = len(keys)
		for n := min(2, len(w)); n >= 1; n-- {
			if k := NameKey(strings.Join(w[len(w)-n:], " ")); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	for ki, k := range keys {
		ps, err := g.named(ctx, k)
		if err != nil {
			return err
		}
		if len(ps) > 0 && m.places == nil {
			m.places, m.edits = make([]*Place, 0, len(ps)), make([]int, 0, len(ps))
		}
		for _, p := range ps {
			if areaKind(p.Kind) && g.townFits(m, p, true) && (ki < lgaFrom || p.Kind == KindLGA) {
				m.places = append(m.places, p)
				m.edits = append(m.edits, 0)
			}
		}
		if len(m.places) > 0 {
			m.namedAfter = ki >= namedAfter
			return g.lgaByPart(ctx, m)
		}
	}
	if err := g.lgaByPart(ctx, m); err != nil || len(m.places) > 0 {
		return err
	}
	if m.weight < 0 {
		// Free text that no component took is matched exactly only: its
		// near misses are more often other words than misspelt places.
		return nil
	}
	k := keys[min(len(keys), lgaFrom)-1] // the whole name, not its last words
	budget := TypoBudget(KeyLen(k))
	if budget == 0 {
		return nil
	}
	// One edit first: most misspellings are one, and its automaton is far
	// cheaper to build; two only when one finds nothing.
	scoped, _ := g.gz.(similarWithin)
	for edits := 1; edits <= budget && len(m.places) == 0; edits++ {
		var ps []Place
		var err error
		if scoped != nil && g.state != nil {
			// A place found by its spelling outside the state (named,
			// or implied by the postcode) scores 10 below one inside
			// it: only the state is searched. Nor is the country when
			// the state has nothing: a misspelt name of another state's
			// place is then not found (no place_state_conflict), and
			// the address stays in the state it names, which the INEC
			// evaluation (b) finds nearer the truth than searching the
			// country after, as well as faster (docs/geocoding.md).
			ps, err = scoped.SimilarWithin(ctx, g.cc, g.state.ID, k, edits)
		} else {
			ps, err = g.gz.Similar(ctx, g.cc, k, edits)
		}
		if err != nil {
			return err
		}
		for i := range ps {
			p := &ps[i]
			if !areaKind(p.Kind) || !g.townFits(m, p, false) {
				continue
			}
			// the exact edits, in characters (agnivade's job, see
			// internal/edits), of the name that comes nearest
			best := edits + 1
			for _, n := range p.Names() {
				best = min(best, levenshtein.ComputeDistance(k, NameKey(n)))
			}
			if best <= edits {
				m.places = append(m.places, p)
				m.edits = append(m.edits, best)
				m.namedAfter = len(keys) > namedAfter // k is the district's name ("Ikenegbu" for "Ikenegbu Layout")
			}
		}
	}
	return nil
}

// similarWithin is what a gazetteer offers when it can search spellings
// among the places inside a state only, far cheaper than among a
// country's (storage.Gazetteer does).
type similarWithin interface {
	SimilarWithin(ctx context.Context, country, within, key string, maxEdits int) ([]Place, error)
}

// townFits reports whether p may be what a mention names: a state's name
// tried as its town takes only a city or town inside that state, or, named
// exactly, a city of the country ("Buenos Aires" names a province and
// the capital, which is not in it; "Lima" too).
func (g *geocoder) townFits(m *mention, p *Place, exact bool) bool {
	if !m.townOnly {
		return true
	}
	if m.country {
		// named exactly after its country, and a city of some size:
		// Singapore, Luxembourg, Djibouti (not Mexico City, which
		// Mexico names only as another name, nor a village Nicaragua)
		return p.Kind == KindCity && NameKey(p.Name) == m.key && p.Rank >= 20000
	}
	town := cityOrTown(p) // "Imo, Nigeria" is the state, not a village of its name
	return town && g.state != nil && p.Within(g.state.ID) || exact && p.Kind == KindCity && p.Within(g.cc)
}

// kindDepth orders kinds from the largest to the most precise.
func kindDepth(k PlaceKind) int {
	switch k {
	case KindCountry:
		return 1
	case KindState:
		return 2
	case KindLGA:
		return 3
	case KindCity, KindTown, KindVillage:
		return 4
	case KindWard, KindNeighbourhood:
		return 5
	case KindPostcode:
		return 6
	case KindStreet:
		return 7
	case KindAddress:
		return 8
	}
	return 0
}

// settlementOrder orders settlements of one name equally supported: a
// city, then a town, then a village (other kinds 0: kindDepth parts them).
func settlementOrder(k PlaceKind) int {
	switch k {
	case KindTown:
		return 1
	case KindVillage:
		return 2
	}
	return 0
}

// findArea picks the most precise area (LGA, city, town, ward,
// neighbourhood...) that the names of the address agree on. It is left at
// about 120 lines: its steps (look up, score, choose, confirm) share the
// candidates and their scores, and read as one sequence.
func (g *geocoder) findArea(ctx context.Context, s Standardized) error {
	ms := g.mentions(s)
	g.ments = ms
	for _, m := range ms {
		if err := g.lookup(ctx, m); err != nil {
			return err
		}
	}
	total := 0
	for _, m := range ms {
		total += len(m.places)
	}
	orgSt, err := g.orgState(ctx)
	if err != nil {
		return err
	}
	cands := make([]scored, 0, total)
	named := 0 // the mentions that found places
	for _, m := range ms {
		if len(m.places) > 0 {
			named++
		}
	}
	for _, m := range ms {
		for i, p := range m.places {
			c := scored{p: p, m: m, edits: m.edits[i], score: m.weight - 1.5*float64(m.edits[i])}
			if g.state != nil && p.Kind != KindState {
				switch {
				case p.Within(g.state.ID):
					c.score += 4
				case !m.townOnly:
					// (a city named as the state was written is the other
					// reading of the same words: see cityNamedAsState)
					c.score -= 6
				}
			}
			if p.Kind == KindState && g.state != nil && p.ID != g.state.ID {
				c.score -= 6
			}
			if m.field == "lga" && p.Kind == KindLGA {
				c.score += 1
			}
			c.score += g.postcodeAgrees(p)
			if named == 1 {
				c.score += g.lgaNamesake(m, p)
			}
			for _, o := range ms {
				if o != m {
					c.score += support(p, o.places)
				}
			}
			if orgSt != nil && g.state == nil && p.Within(orgSt.ID) {
				c.score += 2 // "KWARA STATE COLLEGE OF EDUCATION, P.M.B. 1010, ORO": Kwara's Oro
			}
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		var names []string
		for _, m := range ms {
			if !m.country {
				names = append(names, m.text)
			}
		}
		if len(names) > 0 {
			g.res.reasonf("no place named %s was found", strings.Join(names, ", "))
		}
		return nil
	}
	slices.SortStableFunc(cands, func(x, y scored) int {
		if x.score != y.score {
			return cmp.Compare(y.score, x.score)
		}
		if dx, dy := kindDepth(x.p.Kind), kindDepth(y.p.Kind); dx != dy {
			return dy - dx
		}
		if sx, sy := settlementOrder(x.p.Kind), settlementOrder(y.p.Kind); sx != sy {
			// one settlement that two sources list as a town and a
			// village: the town ("Banki, Bama, Borno")
			return sx - sy
		}
		if x.p.HasPoint != y.p.HasPoint {
			if x.p.HasPoint {
				return -1
			}
			return 1
		}
		return cmp.Compare(y.p.Rank, x.p.Rank)
	})
	pointed(cands)
	best := g.plusCodeChoice(cands)
	if best.p == cands[0].p {
		best = importantChoice(cands)
	}
	best = g.cityOverPrefix(cands, best)
	district := false // the city written is a district of the state's city
	if town, err := g.districtOfStateTown(ctx, cands, &best); err != nil {
		return err
	} else if town != nil {
		best, district = g.stateTown(town), true
	}
	switch {
	case best.m.townOnly && g.state != nil && !best.p.Within(g.state.ID):
		if err := g.cityNamedAsState(ctx, best.p); err != nil {
			return err
		}
	case g.stateWritten && g.state != nil && best.p.Kind != KindState && !best.p.Within(g.state.ID):
		if err := g.stateByEvidence(ctx, cands, best); err != nil {
			return err
		}
		if g.stateContradicted {
			// the state written was kept: the area is the best place
			// named inside it, if any (never one the state excludes)
			i := slices.IndexFunc(cands, func(c scored) bool { return c.p.Kind != KindState && c.p.Within(g.state.ID) })
			if i < 0 {
				return nil
			}
			best = cands[i]
		}
	case g.prefixYields(best):
		if err := g.stateOfPlace(ctx, best); err != nil {
			return err
		}
	case best.score < -3:
		g.res.reasonf("the places named (%s) are not in %s", best.m.text, g.a.State)
		if g.state != nil && !best.p.Within(g.state.ID) {
			g.conflict("place_state_conflict", "%s is not in %s", best.p.Name, g.state.Name)
		}
	}
	rivals := map[string]bool{}
	for _, c := range cands {
		// Any place as well supported lying far away is a rival, whatever
		// its kind: "Bassa" is a town in Plateau and an LGA in Kogi too.
		// An LGA around the place chosen is not one: "Gashaka, Taraba" is
		// the town in the LGA of its name.
		if c.score == best.score && (c.p.ID == best.p.ID || !near(c.p, best.p, 20000) && !best.p.Within(c.p.ID) && !outranked(best, c)) {
			rivals[c.p.ID] = true
		}
	}
	n := len(rivals)
	g.res.Candidates = n
	if n > 1 {
		g.conflict("ambiguous_place", "%q names %d places that the other components do not tell apart; took the most important", best.m.text, n)
		if err := g.alternatives(ctx, cands, best, rivals); err != nil {
			return err
		}
	}
	p := *best.p
	g.area, g.areaFrom = &p, best.m.field
	g.namedLGA = namesakeOf(best)
	g.seat = wardSeat(cands, best, g.namedAlone(best))
	if g.seat == nil {
		g.seat = townAround(cands, best)
		if g.seat != nil && g.seat.Kind != KindCity && g.postcode != nil && g.postcode.HasPoint {
			// a postcode with a point places a village better than the
			// town of its LGA: a rural postcode's villages lie around it
			g.seat = nil
		}
		g.around = g.seat != nil
	}
	if best.edits > 0 {
		// (recorded even when the name written is kept, "Dublin 8": a
		// reading abroad that matched exactly must outweigh "Sala 2", a
		// Nigerian Sala with a number)
		g.res.Corrections = append(g.res.Corrections, Correction{Field: best.m.field, From: best.m.text, To: p.Name, Edits: best.edits})
	}
	g.renameEnclosing(best)
	if best.m.field == "estate_phase" {
		// the estate and its phase named the district: it is the
		// neighbourhood
		g.res.Inferred = append(g.res.Inferred, Change{Field: "neighbourhood", Kind: Alias, From: best.m.text, To: p.Name})
		if g.a.Neighbourhood == "" {
			g.a.Neighbourhood, g.a.Estate, g.a.Phase = p.Name, "", ""
			g.mark("neighbourhood", true)
		}
		return nil
	}
	if district {
		// "Bela Vista, São Paulo": the city is the one the state is
		// named after, the name before it a district of it (which
		// the gazetteer does not know in that state)
		g.res.Inferred = append(g.res.Inferred, Change{Field: "neighbourhood", Kind: Alias, From: g.a.City, To: g.a.City,
			Reason: "written before " + p.Name + ", the city of the state's name, and known in no other place of the state"})
		g.a.Neighbourhood, g.a.City = g.a.City, ""
		g.mark("neighbourhood", false)
	}
	if !best.m.namedAfter || p.Kind == KindLGA {
		// (an estate keeps its name: "Gwarinpa Estate" is not Gwarinpa)
		g.rename(best.m.field, best.m.text, p, best.edits)
	}
	return nil
}

// field returns the address component named as in Change.Field, or nil.
func (g *geocoder) field(name string) *string { return g.a.component(name) }

// infer sets a component from the gazetteer and records the change.
func (g *geocoder) infer(field, value string) {
	dst := g.field(field)
	if *dst == value {
		return
	}
	kind := Added
	from := *dst
	if from != "" {
		kind = Alias
	}
	*dst = value
	g.res.Inferred = append(g.res.Inferred, Change{Field: field, Kind: kind, From: from, To: value})
}

// genericWords are words that name the kind of an area rather than the
// area: "Ikeja LGA", "Wuse Ward", "Ogun State".
var genericWords = map[string]bool{
	"lga": true, "local": true, "government": true, "area": true, "council": true, "ward": true,
	"state": true, "town": true, "village": true, "district": true,
}

// MaxAlternatives is the most Alternatives a result lists.
const MaxAlternatives = 5

// alternatives lists the rivals of the best place that have a point, in
// the order of the candidates (the best supported first), each labelled
// with the names of the two largest places around it below the country
// (its LGA and state, its county and state).
func (g *geocoder) alternatives(ctx context.Context, cands []scored, best scored, rivals map[string]bool) error {
	for _, c := range cands {
		if len(g.res.Alternatives) == MaxAlternatives {
			break
		}
		if c.p.ID == best.p.ID || !rivals[c.p.ID] || !c.p.HasPoint ||
			slices.ContainsFunc(g.res.Alternatives, func(a Alternative) bool { return a.PlaceID == c.p.ID }) {
			continue
		}
		label := []string{c.p.Name}
		parents := slices.DeleteFunc(slices.Clone(c.p.Parents), func(id string) bool { return id == c.p.Country })
		for _, id := range parents[max(0, len(parents)-2):] {
			p, err := g.place(ctx, id)
			if err != nil {
				return err
			}
			if p != nil && p.Name != label[len(label)-1] {
				label = append(label, p.Name)
			}
		}
		g.res.Alternatives = append(g.res.Alternatives, Alternative{
			PlaceID: c.p.ID, Label: strings.Join(label, ", "), Kind: c.p.Kind, Latitude: c.p.Lat, Longitude: c.p.Lon,
		})
	}
	return nil
}
