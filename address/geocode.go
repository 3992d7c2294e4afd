package address

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/addrkit/addrkit/address/pluscode"
	"github.com/agnivade/levenshtein"
)

// MatchLevel is the most precise component a geocode resolved.
type MatchLevel string

// The match levels, from the most precise.
const (
	LevelPremise       MatchLevel = "PREMISE"
	LevelStreet        MatchLevel = "STREET"
	LevelPostcode      MatchLevel = "POSTCODE"
	LevelNeighbourhood MatchLevel = "NEIGHBOURHOOD"
	LevelLocality      MatchLevel = "LOCALITY"
	LevelLGA           MatchLevel = "LGA"
	LevelState         MatchLevel = "STATE"
	LevelCountry       MatchLevel = "COUNTRY"
	LevelNone          MatchLevel = "NONE"
)

// Verdict says how far a geocode can be trusted.
type Verdict string

// The verdicts; the rule that gives them is documented on Geocode.
const (
	HighConfidence Verdict = "HIGH_CONFIDENCE"
	Partial        Verdict = "PARTIAL"
	Unverified     Verdict = "UNVERIFIED"
)

// NextAction is what the caller should do with the address.
type NextAction string

// The next actions: ACCEPT a HIGH_CONFIDENCE result, CONFIRM a PARTIAL one
// with the customer, FIX an UNVERIFIED one.
const (
	Accept  NextAction = "ACCEPT"
	Confirm NextAction = "CONFIRM"
	Fix     NextAction = "FIX"
)

// Correction is a misspelt place name replaced by the gazetteer's.
type Correction struct {
	Field string `json:"field"`
	From  string `json:"from"`
	To    string `json:"to"`
	Edits int    `json:"edits"`
}

// Conflict is a contradiction between components, such as a city that is
// not in the given state.
type Conflict struct {
	Code    string `json:"code"` // stable: place_state_conflict, postcode_state_conflict, pluscode_far, pluscode_guessed, ambiguous_place
	Message string `json:"message"`
}

// Result is the outcome of Geocode.
type Result struct {
	Latitude   float64    `json:"latitude"`
	Longitude  float64    `json:"longitude"`
	HasPoint   bool       `json:"has_point"`
	Level      MatchLevel `json:"match_level"`
	Confidence int        `json:"confidence"` // 0 to 100
	Verdict    Verdict    `json:"verdict"`
	NextAction NextAction `json:"next_action"`
	// PlaceIDs are the gazetteer places matched, the most precise first.
	PlaceIDs []string `json:"place_ids,omitempty"`
	// Address is the standardized address completed from the gazetteer.
	Address Address `json:"address"`
	// Inferred lists the components the gazetteer added or renamed.
	Inferred    []Change     `json:"inferred,omitempty"`
	Corrections []Correction `json:"corrections,omitempty"`
	Conflicts   []Conflict   `json:"conflicts,omitempty"`
	// Candidates is the number of places that matched equally well at the
	// chosen level; more than one means the choice was ambiguous.
	Candidates int `json:"candidates"`
	// Missing names the components a deliverable address lacks.
	Missing []string `json:"missing,omitempty"`
	// Reasons explain the verdict in words.
	Reasons []string `json:"reasons,omitempty"`
}

// TypoBudget is the number of edits a name of n characters may carry and
// still match: none under 5, one from 5 to 8, two from 9.
func TypoBudget(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 9:
		return 1
	}
	return 2
}

// mention is a name in the address that may be a gazetteer place.
type mention struct {
	field    string // the component it came from
	townOnly bool   // a state's name tried as its town: never the state itself
	text     string
	key      string   // NameKey(text)
	weight   float64  // how much a place named only here is trusted
	places   []*Place // in the gazetteer's answers, which are not modified
	edits    []int    // spelling edits of each place, parallel to places
}

// scored is a candidate place with its score.
type scored struct {
	p     *Place
	m     *mention
	edits int
	score float64
}

// Geocode places a standardized address with the gazetteer. It returns an
// error only when the gazetteer fails or ctx ends; an address it cannot
// place comes back with level NONE and the verdict UNVERIFIED, with reasons.
//
// The verdict rule: the confidence starts from the match level (PREMISE 95,
// STREET 85, POSTCODE 72, NEIGHBOURHOOD 68, LOCALITY 60, LGA 45, STATE 30,
// COUNTRY 10, NONE 0) and loses 20 for each conflict, 12 when the choice
// was ambiguous, 4 for each spelling correction, 10 when a street was
// given but not found, and 7 when the street was found without a point of
// its own (below). HIGH_CONFIDENCE needs a confidence of at least 80 and
// no conflict (ACCEPT); PARTIAL needs at least 40 (CONFIRM); anything else
// is UNVERIFIED (FIX).
//
// Streets without a point (docs/geocoding.md): a gazetteer may know a
// street by name and area only (NIPOST lists streets with their town,
// area and postcode, without coordinates). Such a street is still
// reference data. It is matched by its StreetKey like any street, judged
// at the point of its own area (the nearest of its parents with a point,
// when a settlement or a part of one), and taken only when it lies in the
// area the address names, within 3 km of it or in its LGA, or carries the
// address's postcode; an address that names no area takes the street
// anywhere in the state it names (or the country), the best-ranked when
// several fit alike. It then fills in its postcode and LGA. The address
// is placed at the point of the area it names when the street lies there,
// else at that of the street's own area, with the level STREET, a
// confidence of 78 (PARTIAL: the name was verified, the point is an
// area's) and a reason saying whose point it is. When no settlement around
// the street has a point, the address is placed as without it, with a
// reason, and the street does not count as missing.
func Geocode(ctx context.Context, gz Gazetteer, s Standardized) (Result, error) {
	g := geocoder{gz: gz, a: s.Address, cache: map[string]*Place{}, streetAt: map[string]*Place{}}
	g.stateWritten = s.Address.StateCode != "" && !slices.ContainsFunc(s.Changes, func(c Change) bool { return c.Field == "state" && c.Kind == Added })
	g.res.Level = LevelNone
	g.cc = s.Address.Country
	if g.cc == "" {
		g.cc = DefaultCountry
		g.a.Country = g.cc
	}
	if err := g.run(ctx, s); err != nil {
		return Result{}, err
	}
	g.verdict()
	g.res.Address = g.a
	return g.res, nil
}

type geocoder struct {
	gz    Gazetteer
	cc    string
	a     Address
	res   Result
	cache map[string]*Place

	country, state, area, street, point, postcode *Place
	served                                        []Place // the places with the postcode (its area among them)
	// streetAt holds, for each street without a point of its own that was
	// considered, the place whose point stands in for it (nil when none
	// may): see streetArea.
	streetAt map[string]*Place
	// postcodeAt is the postcode area when it has a point, else the
	// nearest of its parents below the state that has one (an area whose
	// localities the sources could not place still names its LGA)
	postcodeAt   *Place
	ments        []*mention
	streetMissed bool
	streetAtArea bool // the street has no point: its area's stands in (level STREET)
	stateWritten bool // the input named the state (not inferred from the postcode)
}

func (g *geocoder) place(ctx context.Context, id string) (*Place, error) {
	if p, ok := g.cache[id]; ok {
		return p, nil
	}
	p, ok, err := g.gz.Place(ctx, id)
	if err != nil {
		return nil, err
	}
	var pp *Place
	if ok {
		pp = &p
	}
	g.cache[id] = pp
	return pp, nil
}

func (g *geocoder) conflict(code, format string, args ...any) {
	g.res.Conflicts = append(g.res.Conflicts, Conflict{Code: code, Message: fmt.Sprintf(format, args...)})
}

func (g *geocoder) run(ctx context.Context, s Standardized) error {
	var err error
	if g.country, err = g.place(ctx, g.cc); err != nil {
		return err
	}
	if err := g.findState(ctx); err != nil {
		return err
	}
	if err := g.findPostcode(ctx); err != nil {
		return err
	}
	if err := g.findArea(ctx, s); err != nil {
		return err
	}
	if err := g.findStreet(ctx); err != nil {
		return err
	}
	if err := g.complete(ctx); err != nil {
		return err
	}
	g.locate()
	return nil
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
	ps, err := g.gz.Named(ctx, g.cc, NameKey(g.a.State))
	if err != nil {
		return err
	}
	for i := range ps {
		if ps[i].Kind == KindState {
			g.state = &ps[i]
			g.a.State = ps[i].Name
			return nil
		}
	}
	return nil
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
			if m.key == key {
				return
			}
		}
		ms = append(ms, &mention{field: field, text: text, key: key, weight: weight})
	}
	add("neighbourhood", g.a.Neighbourhood, 0)
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
	if g.a.Street == "" && g.a.Organization != "" {
		add("organization", g.a.Organization, -1.5)
	}
	if g.a.City == "" && g.a.Neighbourhood == "" && g.a.State != "" && !saysState(s.Tokens) {
		// "Oyo, Nigeria": a state named alone may mean its town of that name
		add("city", g.a.State, -0.5)
		if m := ms[len(ms)-1]; m.text == g.a.State {
			m.townOnly = true
		}
	}
	return ms
}

// saysState reports whether the input said "State" ("Oyo State").
func saysState(tokens []Token) bool {
	for _, t := range tokens {
		if strings.EqualFold(t.Text, "state") {
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
		ps, err := g.gz.Named(ctx, g.cc, k)
		if err != nil {
			return err
		}
		for i := range ps {
			if p := &ps[i]; areaKind(p.Kind) && g.townFits(m, p) && (ki < lgaFrom || p.Kind == KindLGA) {
				m.places = append(m.places, p)
				m.edits = append(m.edits, 0)
			}
		}
		if len(m.places) > 0 {
			return nil
		}
	}
	if m.weight < 0 {
		// Free text that no component took is matched exactly only: its
		// near misses are more often other words than misspelt places.
		return nil
	}
	k := keys[min(len(keys), lgaFrom)-1] // the whole name, not its last words
	budget := TypoBudget(len(k))
	if budget == 0 {
		return nil
	}
	// One edit first: most misspellings are one, and its automaton is far
	// cheaper to build; two only when one finds nothing.
	for edits := 1; edits <= budget && len(m.places) == 0; edits++ {
		ps, err := g.gz.Similar(ctx, g.cc, k, edits)
		if err != nil {
			return err
		}
		for i := range ps {
			p := &ps[i]
			if !areaKind(p.Kind) || !g.townFits(m, p) {
				continue
			}
			best := edits + 1
			for _, n := range p.Names() {
				best = min(best, levenshtein.ComputeDistance(k, NameKey(n)))
			}
			if best <= edits {
				m.places = append(m.places, p)
				m.edits = append(m.edits, best)
			}
		}
	}
	return nil
}

// townFits reports whether p may be what a mention names: a state's name
// tried as a town takes only a settlement inside that state.
func (g *geocoder) townFits(m *mention, p *Place) bool {
	return !m.townOnly || p.Kind.locality() && g.state != nil && p.Within(g.state.ID)
}

// genericWords are words that name the kind of an area rather than the
// area: "Ikeja LGA", "Wuse Ward", "Ogun State".
var genericWords = map[string]bool{
	"lga": true, "local": true, "government": true, "area": true, "council": true, "ward": true,
	"state": true, "town": true, "village": true, "district": true,
}

// beforeLGA returns the words before "LGA" or "local government" in s,
// when there are some.
func beforeLGA(s string) ([]string, bool) {
	f := strings.Fields(Fold(s))
	for i, w := range f {
		if i > 0 && (w == "lga" || w == "local" && i+1 < len(f) && strings.HasPrefix(f[i+1], "gov")) {
			return f[:i], true
		}
	}
	return nil, false
}

func stripGeneric(s string) string {
	f := strings.Fields(Fold(s))
	out := f[:0]
	for _, w := range f {
		if !genericWords[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
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

// findArea picks the most precise area (LGA, city, town, ward,
// neighbourhood...) that the names of the address agree on.
func (g *geocoder) findArea(ctx context.Context, s Standardized) error {
	ms := g.mentions(s)
	g.ments = ms
	for _, m := range ms {
		if err := g.lookup(ctx, m); err != nil {
			return err
		}
	}
	var cands []scored
	for _, m := range ms {
		for i, p := range m.places {
			c := scored{p: p, m: m, edits: m.edits[i], score: m.weight - 1.5*float64(m.edits[i])}
			if g.state != nil && p.Kind != KindState {
				if p.Within(g.state.ID) {
					c.score += 4
				} else {
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
			for _, o := range ms {
				if o != m {
					c.score += support(p, o.places)
				}
			}
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		if len(ms) > 0 {
			var names []string
			for _, m := range ms {
				names = append(names, m.text)
			}
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
		if x.p.HasPoint != y.p.HasPoint {
			if x.p.HasPoint {
				return -1
			}
			return 1
		}
		return cmp.Compare(y.p.Rank, x.p.Rank)
	})
	best := g.plusCodeChoice(cands)
	if best.score < -3 {
		g.res.reasonf("the places named (%s) are not in %s", best.m.text, g.a.State)
		if g.state != nil && !best.p.Within(g.state.ID) {
			g.conflict("place_state_conflict", "%s is not in %s", best.p.Name, g.state.Name)
		}
	}
	rivals := map[string]bool{}
	for _, c := range cands {
		// Any place as well supported lying far away is a rival, whatever
		// its kind: "Bassa" is a town in Plateau and an LGA in Kogi too.
		if c.score == best.score && (c.p.ID == best.p.ID || !near(c.p, best.p, 20000)) {
			rivals[c.p.ID] = true
		}
	}
	n := len(rivals)
	g.res.Candidates = n
	if n > 1 {
		g.conflict("ambiguous_place", "%q names %d places that the other components do not tell apart; took the most important", best.m.text, n)
	}
	p := *best.p
	g.area = &p
	if best.edits > 0 {
		g.res.Corrections = append(g.res.Corrections, Correction{Field: best.m.field, From: best.m.text, To: p.Name, Edits: best.edits})
	}
	g.rename(best.m.field, best.m.text, p, best.edits)
	return nil
}

// postcodeAgrees scores how well a candidate place agrees with the postcode
// area of the address: in the same LGA or within 15 km of it (of its LGA,
// when the area has no point), or at least in its state when the address
// names no state.
func (g *geocoder) postcodeAgrees(p *Place) float64 {
	pc := g.postcode
	if pc == nil {
		return 0
	}
	if len(pc.Parents) > 0 && !strings.HasPrefix(pc.Parents[0], g.cc+"-") && p.Within(pc.Parents[0]) || near(p, g.postcodeAt, 15000) {
		return 2
	}
	if g.state == nil {
		for _, id := range pc.Parents {
			if strings.HasPrefix(id, g.cc+"-") && p.Within(id) {
				return 1
			}
		}
	}
	return 0
}

// plusCodeChoice returns the best candidate, unless the address carries a
// short Plus Code: then, among the candidates that score nearly as well,
// the one the code recovers nearest to, when that is within 15 km. A short
// code recovered near the wrong one of two same-named towns lands up to
// 55 km from it; near the right one, a few km.
func (g *geocoder) plusCodeChoice(cands []scored) scored {
	best := cands[0]
	code := g.a.PlusCode
	if code == "" || !pluscode.IsShort(code) {
		return best
	}
	short, err := pluscode.ParseShort(code)
	if err != nil {
		return best
	}
	bestD := math.Inf(1)
	choice := best
	for i, c := range cands {
		if i >= 40 || c.score < best.score-4 {
			break
		}
		if !c.p.HasPoint {
			continue
		}
		clat, clon, _ := short.Nearest(c.p.Lat, c.p.Lon)
		if d := Distance(clat, clon, c.p.Lat, c.p.Lon); d < bestD {
			choice, bestD = c, d
		}
	}
	if bestD > 15000 || choice.p.ID == best.p.ID {
		return best
	}
	// the code settled it: the rivals of the choice are no longer tied
	choice.score = best.score + 0.5
	return choice
}

// support scores how well the places another name of the address matched
// agree with p: 3 when one of them encloses p. (Nearness alone was tried as
// support and lost more wards than it placed localities.)
func support(p *Place, others []*Place) float64 {
	for _, o := range others {
		if o.ID != p.ID && p.Within(o.ID) {
			return 3
		}
	}
	return 0
}

// rename puts the gazetteer's name of a place in the field that named it.
func (g *geocoder) rename(field, from string, p Place, edits int) {
	kind := Alias
	if edits > 0 {
		kind = Spelling
	}
	dst := g.field(field)
	if p.Kind == KindLGA && field != "lga" {
		// an LGA written where the city goes: it is the LGA
		if g.a.LGA == "" {
			g.infer("lga", p.Name)
		}
		return
	}
	if dst == nil || *dst == p.Name {
		return
	}
	if Fold(*dst) == Fold(p.Name) {
		*dst = p.Name
		return
	}
	*dst = p.Name
	g.res.Inferred = append(g.res.Inferred, Change{Field: field, Kind: kind, From: from, To: p.Name})
}

// field returns the address component named as in Change.Field, or nil.
func (g *geocoder) field(name string) *string {
	switch name {
	case "city":
		return &g.a.City
	case "neighbourhood":
		return &g.a.Neighbourhood
	case "lga":
		return &g.a.LGA
	case "estate":
		return &g.a.Estate
	case "state":
		return &g.a.State
	case "state_code":
		return &g.a.StateCode
	case "postcode":
		return &g.a.Postcode
	}
	return nil
}

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

// near reports whether two places lie within d metres of each other.
func near(p, q *Place, d float64) bool {
	return p.HasPoint && q.HasPoint && Distance(p.Lat, p.Lon, q.Lat, q.Lon) <= d
}

// Distance returns the great-circle distance in metres between two points.
func Distance(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371008.8
	φ1, φ2 := lat1*math.Pi/180, lat2*math.Pi/180
	dφ, dλ := φ2-φ1, (lon2-lon1)*math.Pi/180
	h := math.Sin(dφ/2)*math.Sin(dφ/2) + math.Cos(φ1)*math.Cos(φ2)*math.Sin(dλ/2)*math.Sin(dλ/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}

// fits scores how well a street or address point agrees with the area and
// state found: below zero when it contradicts them. A street without a
// point is judged at the point of its area (see streetArea), and fits only
// when it lies in the area the address names, within 3 km of it or in its
// LGA, or has its postcode: its name alone elsewhere in the state verifies
// nothing (the streets of a metropolis repeat their names a few km apart).
func (g *geocoder) fits(p *Place) float64 {
	score, in := g.areaFit(p)
	postcode := g.a.Postcode != "" && slices.Contains(p.Postcodes, g.a.Postcode)
	if !p.HasPoint && g.area != nil && !in && !postcode {
		return -1
	}
	if g.state != nil {
		if p.Within(g.state.ID) {
			score += 1
		} else {
			score -= 5
		}
	}
	if postcode {
		score += 2
	}
	return score
}

// areaFit scores how well a street or address point agrees with the area
// found: 4 inside it, 2 to 3 within 3 km of it, 1 within 15 km or in the
// same LGA, else 0. in reports whether it is inside the area, within 3 km
// of it or in the same LGA.
func (g *geocoder) areaFit(p *Place) (score float64, in bool) {
	if g.area == nil {
		return 0, false
	}
	at := g.pointOf(p)
	switch {
	case p.Within(g.area.ID):
		return 4, true
	case near(at, g.area, 3000):
		// the nearer the better: two streets of one name in one town
		return 3 - Distance(at.Lat, at.Lon, g.area.Lat, g.area.Lon)/3000, true
	}
	for _, id := range g.area.Parents {
		if p.Within(id) && !strings.HasPrefix(id, g.cc+"-") && id != g.cc {
			return 1, true
		}
	}
	if near(at, g.area, 15000) {
		return 1, false
	}
	return 0, false
}

// pick returns the place of ps that fits best, and how many fit as well.
func (g *geocoder) pick(ps []Place, kind PlaceKind) (*Place, int) {
	var best *Place
	bestScore, n := math.Inf(-1), 0
	for i := range ps {
		if ps[i].Kind != kind {
			continue
		}
		s := g.fits(&ps[i])
		switch {
		case s > bestScore:
			best, bestScore, n = &ps[i], s, 1
		case s == bestScore && !near(g.pointOf(&ps[i]), g.pointOf(best), 1000):
			n++
			if ps[i].Rank > best.Rank {
				best = &ps[i]
			}
		}
	}
	if best == nil || bestScore < 0 {
		return nil, 0
	}
	return best, n
}

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
		if _, in := g.areaFit(g.street); in {
			return g.area
		}
	}
	return g.streetAt[g.street.ID]
}

// streetAreas runs streetArea on each street of ps.
func (g *geocoder) streetAreas(ctx context.Context, ps []Place) error {
	for i := range ps {
		if err := g.streetArea(ctx, &ps[i]); err != nil {
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
		ps, err := g.gz.Named(ctx, g.cc, AddressKey(g.a.HouseNumber, g.a.Street))
		if err != nil {
			return err
		}
		if p, _ := g.pick(ps, KindAddress); p != nil {
			g.point = p
		}
	}
	key := StreetKey(g.a.Street)
	ps, err := g.gz.Named(ctx, g.cc, key)
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
		g.streetMissed = true
		g.res.reasonf("street %q was not found%s", g.a.Street, g.areaSuffix())
		return nil
	}
	if g.area == nil && n > 1 {
		g.conflict("ambiguous_place", "street %q exists in %d places and no locality says which", g.a.Street, n)
	}
	g.street = p
	if edits > 0 {
		g.res.Corrections = append(g.res.Corrections, Correction{Field: "street", From: g.a.Street, To: p.Name, Edits: edits})
		g.res.Inferred = append(g.res.Inferred, Change{Field: "street", Kind: Spelling, From: g.a.Street, To: p.Name})
		g.a.Street = p.Name
	}
	return nil
}

// bareStreet looks for a street among the names that placed nothing else:
// "Mühlegass, Balzers" names a street without a street type.
func (g *geocoder) bareStreet(ctx context.Context) error {
	for _, m := range g.ments {
		if g.area != nil && len(m.places) > 0 {
			continue
		}
		ps, err := g.gz.Named(ctx, g.cc, StreetKey(m.text))
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

// similarStreet looks for a misspelt street among the streets of the area
// found, or, when the gazetteer cannot list them, among all streets of the
// country.
func (g *geocoder) similarStreet(ctx context.Context, key string) (*Place, int, error) {
	budget := TypoBudget(len(key))
	var ps []Place
	var err error
	if cl, ok := g.gz.(childLister); ok {
		if g.area == nil {
			return nil, 0, nil
		}
		ps, err = cl.Children(ctx, g.area.ID)
	} else {
		ps, err = g.gz.Similar(ctx, g.cc, key, budget)
	}
	if err != nil {
		return nil, 0, err
	}
	var best *Place
	bestD := budget + 1
	for i := range ps {
		if ps[i].Kind != KindStreet {
			continue
		}
		sk := streetKeyOf(ps[i].Name)
		if abs(len(sk)-len(key)) >= bestD {
			continue // at least that many edits apart
		}
		d := levenshtein.ComputeDistance(key, sk)
		if d >= bestD {
			continue
		}
		if err := g.streetArea(ctx, &ps[i]); err != nil {
			return nil, 0, err
		}
		if g.fits(&ps[i]) >= 0 {
			best, bestD = &ps[i], d
		}
	}
	return best, bestD, nil
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

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (g *geocoder) areaSuffix() string {
	if g.area != nil {
		return " in " + g.area.Name
	}
	return ""
}

// findPostcode looks up the postcode area and checks it against the state.
func (g *geocoder) findPostcode(ctx context.Context) error {
	if g.a.Postcode == "" {
		return nil
	}
	ps, err := g.gz.Postcode(ctx, g.cc, g.a.Postcode)
	if err != nil {
		return err
	}
	for i := range ps {
		if ps[i].Kind == KindPostcode {
			g.postcode = &ps[i]
			break
		}
	}
	g.served = ps
	if g.postcode == nil {
		return nil
	}
	g.postcodeAt = g.postcode
	for i := 0; i < len(g.postcode.Parents) && !g.postcodeAt.HasPoint; i++ {
		q, err := g.place(ctx, g.postcode.Parents[i])
		if err != nil {
			return err
		}
		if q != nil && q.HasPoint && q.Kind != KindState && q.Kind != KindCountry {
			g.postcodeAt = q
		}
	}
	if g.state != nil && !g.postcode.Within(g.state.ID) && hasStateParent(*g.postcode, g.cc) {
		g.conflict("postcode_state_conflict", "postcode %s is not in %s", g.a.Postcode, g.state.Name)
	}
	return nil
}

func hasStateParent(p Place, cc string) bool {
	for _, id := range p.Parents {
		if strings.HasPrefix(id, cc+"-") {
			return true
		}
	}
	return false
}

// complete fills in the components that the matched places imply: a
// locality's LGA and state, a street's postcode.
func (g *geocoder) complete(ctx context.Context) error {
	deepest := g.area
	for _, p := range []*Place{g.street, g.point} {
		if p != nil {
			deepest = p
		}
	}
	if deepest == nil && g.postcode != nil {
		deepest = g.postcode
	}
	if deepest == nil {
		return nil
	}
	var chain []*Place
	// withParents adds a place and the parents the gazetteer has.
	withParents := func(p *Place) error {
		chain = append(chain, p)
		for _, id := range p.Parents {
			q, err := g.place(ctx, id)
			if err != nil {
				return err
			}
			if q != nil {
				chain = append(chain, q)
			}
		}
		return nil
	}
	if err := withParents(deepest); err != nil {
		return err
	}
	if g.area != nil && g.area != deepest && !slices.ContainsFunc(chain, func(p *Place) bool { return p.ID == g.area.ID }) {
		if err := withParents(g.area); err != nil {
			return err
		}
	}
	for _, p := range chain {
		switch {
		case p.Kind == KindLGA && g.a.LGA == "":
			g.infer("lga", p.Name)
		case p.Kind == KindState && (g.a.StateCode == "" || g.state == nil):
			if g.state == nil {
				g.state = p
			}
			g.infer("state", p.Name)
			if strings.HasPrefix(p.ID, g.cc+"-") {
				g.infer("state_code", p.ID)
			}
		case (p.Kind == KindCity || p.Kind == KindTown || p.Kind == KindVillage) && g.a.City == "":
			g.infer("city", p.Name)
		}
	}
	if g.a.LGA == "" {
		g.lgaFromMentions(chain)
	}
	if g.a.Postcode == "" {
		for _, p := range []*Place{g.point, g.street} {
			if p != nil && len(p.Postcodes) == 1 {
				g.infer("postcode", p.Postcodes[0])
				break
			}
		}
	}
	return nil
}

// lgaFromMentions takes the LGA from a name of the address that matched
// one, when the places found say nothing of their LGA (a source that left
// it out) and it lies in the state found.
func (g *geocoder) lgaFromMentions(chain []*Place) {
	for _, p := range chain {
		if p.Kind == KindLGA {
			return
		}
	}
	for _, m := range g.ments {
		for _, p := range m.places {
			if p.Kind == KindLGA && (g.state == nil || p.Within(g.state.ID)) {
				g.infer("lga", p.Name)
				return
			}
		}
	}
}

// locate chooses the point and the match level.
func (g *geocoder) locate() {
	set := func(p *Place, level MatchLevel) bool {
		if p == nil || !p.HasPoint {
			return false
		}
		g.res.Latitude, g.res.Longitude, g.res.HasPoint, g.res.Level = p.Lat, p.Lon, true, level
		g.res.PlaceIDs = append(g.res.PlaceIDs, p.ID)
		return true
	}
	if g.plusCode() {
		return
	}
	switch {
	case set(g.point, LevelPremise):
	case set(g.street, LevelStreet):
	case g.street != nil && g.streetStandIn() != nil:
		// a street known by name and area, without a point of its own
		at := g.streetStandIn()
		g.res.PlaceIDs = append(g.res.PlaceIDs, g.street.ID)
		set(at, LevelStreet)
		g.streetAtArea = true
		g.res.reasonf("street %q is known but has no point of its own: placed at the point of %s", g.a.Street, at.Name)
	// A postcode area is placed at the mean of the localities it serves:
	// a settlement named in the address is nearer the truth.
	case g.postcode != nil && g.postcode.HasPoint && (g.area == nil || kindDepth(g.area.Kind) < kindDepth(KindCity) && near(g.postcode, g.area, 30000)):
		set(g.postcode, LevelPostcode)
	case g.area != nil && set(g.area, areaLevel(g.area.Kind)):
	case set(g.postcode, LevelPostcode):
	case g.postcodeAt != nil && set(g.postcodeAt, areaLevel(g.postcodeAt.Kind)):
	case set(g.state, LevelState):
	case set(g.country, LevelCountry):
	}
	if g.street != nil && !g.street.HasPoint && g.point == nil && !g.streetAtArea {
		g.res.reasonf("street %q is known but has no point of its own, nor a locality around it that has one: placed at %s level", g.a.Street, strings.ToLower(string(g.res.Level)))
	}
	if g.area != nil && len(g.res.PlaceIDs) > 0 && !slices.Contains(g.res.PlaceIDs, g.area.ID) {
		g.res.PlaceIDs = append(g.res.PlaceIDs, g.area.ID)
	}
}

// plusCode places the address at its Plus Code, recovering a short code
// from the nearest place the address names.
func (g *geocoder) plusCode() bool {
	code := g.a.PlusCode
	if code == "" {
		return false
	}
	full := code
	if pluscode.IsShort(code) {
		var ok bool
		if full, ok = g.recoverPlusCode(code); !ok {
			return false
		}
	}
	area, err := pluscode.Decode(full)
	if err != nil {
		g.res.reasonf("the Plus Code %s cannot be decoded", code)
		return false
	}
	lat, lon := area.Center()
	for _, p := range []*Place{g.area, g.state} {
		if p != nil && p.HasPoint && p.Kind != KindState && Distance(lat, lon, p.Lat, p.Lon) > 50000 {
			g.conflict("pluscode_far", "Plus Code %s lies %.0f km from %s", code, Distance(lat, lon, p.Lat, p.Lon)/1000, p.Name)
			break
		}
	}
	g.res.Latitude, g.res.Longitude, g.res.HasPoint = lat, lon, true
	g.res.Level = LevelPremise
	if area.Len < 10 {
		g.res.Level = LevelNeighbourhood
	}
	for _, p := range []*Place{g.point, g.street, g.area} {
		if p != nil {
			g.res.PlaceIDs = append(g.res.PlaceIDs, p.ID)
		}
	}
	return true
}

// recoverPlusCode recovers a short Plus Code from the places the address
// names. A short code drops the 1-degree cell, so each reference recovers
// it in the cell nearest itself: near the right reference the code lands
// within a few km of it; near a wrong one (a postcode area placed at the
// mean of villages some of which are misplaced, a town Google names for a
// whole district) tens of km away. So each reference votes for the code it
// recovers within plusVoteRadius of itself: the street, the locality and
// the postcode area (its LGA when no source could place it) twice, each
// place the postcode serves once, and, for each name of the address, the
// most important city or town it may mean three times (inside the state, when the input names one), whatever the
// other components chose: Google shortens a code against a locality it
// knows, most often the best known of its name ("110115, Ibadan" is the
// city, though the postcode's villages are in Ogun State). The code with
// the most votes wins, then the one landing nearest its reference. The
// state or the country is the reference only when nothing finer has a
// point, and then the code is flagged as a guess.
// (Tried and dropped: preferring recoveries in the named state, by the
// nearest LGA seat; votes from every place a name of the address may mean,
// which sources that list one village three times outvote; the most
// important town only inside the state when the state is one the
// postcode implies, which is often wrong.)
func (g *geocoder) recoverPlusCode(code string) (string, bool) {
	type vote struct {
		n     int     // votes
		nearD float64 // the distance to the nearest reference
		code  string  // the full code, written when it is needed
		lat   float64 // its centre
		lon   float64
	}
	short, err := pluscode.ParseShort(code)
	if err != nil {
		return "", false
	}
	votes := map[[2]int64]*vote{}
	cast := func(ref *Place, weight int) {
		if ref == nil || !ref.HasPoint || ref.Kind == KindState || ref.Kind == KindCountry {
			return
		}
		clat, clon, cell := short.Nearest(ref.Lat, ref.Lon)
		d := Distance(clat, clon, ref.Lat, ref.Lon)
		v := votes[cell]
		if v == nil {
			v = &vote{nearD: d, lat: clat, lon: clon}
			votes[cell] = v
		}
		if d < plusVoteRadius {
			v.n += weight
		}
		v.nearD = min(v.nearD, d)
	}
	for _, ref := range []*Place{g.street, g.area, g.postcodeAt} {
		cast(ref, 2)
	}
	for i := range g.served[:min(len(g.served), maxServedVotes)] {
		if p := &g.served[i]; p != g.postcode {
			cast(p, 1)
		}
	}
	for _, m := range g.ments {
		if top := g.topTown(m.places); top != nil {
			cast(top, 3)
		}
	}
	var best *vote
	for _, v := range votes {
		v.code = short.Code(v.lat, v.lon)
		if best == nil || v.n > best.n || v.n == best.n && (v.nearD < best.nearD || v.nearD == best.nearD && v.code < best.code) {
			best = v
		}
	}
	if best != nil {
		return best.code, true
	}
	for _, ref := range []*Place{g.state, g.country} {
		if ref == nil || !ref.HasPoint {
			continue
		}
		full, err := pluscode.RecoverNearest(code, ref.Lat, ref.Lon)
		if err != nil {
			return "", false
		}
		g.conflict("pluscode_guessed", "the short Plus Code %s was recovered from %s alone; it may lie in another cell", code, ref.Name)
		return full, true
	}
	g.res.reasonf("the short Plus Code %s has no locality to recover it from", code)
	return "", false
}

// topTown returns the city or town with a point of the highest rank among
// places, inside the state when the input named it, nil when there is
// none.
func (g *geocoder) topTown(places []*Place) *Place {
	var top *Place
	for _, p := range places {
		if (p.Kind == KindCity || p.Kind == KindTown) && p.HasPoint && (!g.stateWritten || g.state == nil || p.Within(g.state.ID)) && (top == nil || p.Rank > top.Rank) {
			top = p
		}
	}
	return top
}

// plusVoteRadius is how near its reference a recovered code must land to
// count as a vote: a locality named beside a short code lies within a few
// km of it, a wrong one anywhere up to 78 km away.
const plusVoteRadius = 20000

// maxServedVotes bounds the places of a postcode area that vote.
const maxServedVotes = 200

func areaLevel(k PlaceKind) MatchLevel {
	switch k {
	case KindState:
		return LevelState
	case KindLGA:
		return LevelLGA
	case KindCity, KindTown, KindVillage:
		return LevelLocality
	case KindPostcode:
		return LevelPostcode
	}
	return LevelNeighbourhood
}

// streetAtAreaCost is what a street placed at its area's point loses
// against one with its own point: 85 - 7 = 78 stays above a postcode area
// (72) or a neighbourhood (68), whose point it shares, and below the 80 of
// HIGH_CONFIDENCE: the name is verified, the point is not the street's.
const streetAtAreaCost = 7

var levelConfidence = map[MatchLevel]int{
	LevelPremise: 95, LevelStreet: 85, LevelPostcode: 72, LevelNeighbourhood: 68, LevelLocality: 60,
	LevelLGA: 45, LevelState: 30, LevelCountry: 10, LevelNone: 0,
}

// verdict applies the rule documented on Geocode.
func (g *geocoder) verdict() {
	r := &g.res
	c := levelConfidence[r.Level]
	for _, x := range r.Conflicts {
		if x.Code == "ambiguous_place" {
			c -= 12
		} else {
			c -= 20
		}
	}
	c -= 4 * len(r.Corrections)
	if g.streetMissed && r.Level != LevelPremise {
		c -= 10
	}
	if g.streetAtArea {
		c -= streetAtAreaCost
	}
	r.Confidence = max(0, min(100, c))
	switch {
	case r.Confidence >= 80 && len(r.Conflicts) == 0:
		r.Verdict, r.NextAction = HighConfidence, Accept
	case r.Confidence >= 40:
		r.Verdict, r.NextAction = Partial, Confirm
	default:
		r.Verdict, r.NextAction = Unverified, Fix
	}
	switch r.Level {
	case LevelNone:
		r.reasonf("nothing in the address was found in the gazetteer")
	case LevelCountry, LevelState, LevelLGA:
		r.reasonf("placed only at %s level", strings.ToLower(string(r.Level)))
	}
	a := g.a
	if a.Street == "" && a.POBox == "" && a.PlusCode == "" {
		r.Missing = append(r.Missing, "street")
	}
	if a.HouseNumber == "" && len(a.Premises) == 0 && a.Organization == "" && a.POBox == "" && a.PlusCode == "" {
		r.Missing = append(r.Missing, "house_number")
	}
	if a.City == "" && a.Neighbourhood == "" && a.LGA == "" {
		r.Missing = append(r.Missing, "locality")
	}
	if a.State == "" && countryHasStates(a.Country) {
		r.Missing = append(r.Missing, "state")
	}
	if r.Verdict != HighConfidence && len(r.Reasons)+len(r.Conflicts)+len(r.Missing)+len(r.Corrections) == 0 {
		// nothing is wrong or missing, yet the point is an area's: say so
		level := strings.ToLower(string(r.Level))
		if a.POBox != "" {
			r.reasonf("a P.O. box is placed at its locality (%s level), not at a street", level)
		} else {
			r.reasonf("placed at %s level, not at a street or premises", level)
		}
	}
}

func (r *Result) reasonf(format string, args ...any) {
	r.Reasons = append(r.Reasons, fmt.Sprintf(format, args...))
}

func countryHasStates(cc string) bool {
	_, ok := data().subs[cc]
	return ok
}
