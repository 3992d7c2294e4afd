package address

// Geocode and its geocoder: the order of the search (state, area, street,
// postcode), the components the places found complete, and the point.
// The parts are in geocode_area.go, geocode_street.go, geocode_postcode.go,
// geocode_pluscode.go and geocode_verdict.go.

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

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
//
// A code of two or three letters that names another country than the
// region's ("No 10 Aba road, PH"; "Plot 27, Ajose Adeogun, VI") is read
// both ways: as the country, and as a word of the region. The region's
// reading is kept when its gazetteer knows a place by that short name
// (Port Harcourt's "PH", Victoria Island's "VI": alternate names, which
// imports can add) and it places the address at least as well (its
// confidence is not lower); a reason says so. A country's name written
// last ("22 Mission Rd, Benin") is read both ways too, and the region's
// reading kept on the same terms when, besides, the name is a city's or a
// town's of the region and every locality written is confirmed there
// ("Cotonou, Benin" stays in Benin).
//
// An address that names no country, whose region's reading confirms no
// locality, is read in the country whose postcode format fits a postcode
// written beside the name of one of its cities, towns or villages, that
// the region does not know ("Unter den Linden 77, 10117 Berlin" is in
// Germany): see foreignReading. So is one that names a city of 100,000
// people or more abroad that the region knows no place by ("12 rue de la
// Paix, Paris"): see cityAbroadReading; and one whose code of two or
// three letters, read as a country's or as the region's state, is a
// division of another country holding the city written ("Springfield,
// IL"): see stateCodeReading. One whose country only its script implied is
// read in the script's other countries when that one confirms nothing
// (scriptReading). And an address a street word's language placed abroad
// ("Lekki Tollgate, 1004 Estate": a Norwegian word and postcode) is read in
// the region too, whose reading is kept when it places the address better.
// Result.Reading carries that reading.
func Geocode(ctx context.Context, gz Gazetteer, s Standardized) (Result, error) {
	r, err := geocode(ctx, gz, s)
	if err != nil {
		return r, err
	}
	if s.regionalByLanguage {
		// "Lekki Tollgate, 1004 Estate, Victoria Island": the region's
		// reading, when it places the address better, outweighs the
		// language of a street word
		ra, err := geocode(ctx, gz, *s.regional)
		if err != nil {
			return r, err
		}
		if ra.Confidence > r.Confidence && (found(ra, "city") || found(ra, "neighbourhood") || found(ra, "lga")) {
			alt := *s.regional
			ra.Reading = &alt
			ra.Reasons = append(ra.Reasons, fmt.Sprintf("read in %s, whose places it names, not in %s, which a street word's language and a number implied",
				alt.Address.CountryName, s.Address.CountryName))
			return ra, nil
		}
	}
	if fr, ok, err := foreignReading(ctx, gz, s, r); err != nil || ok {
		return fr, err
	}
	if fr, ok, err := stateCodeReading(ctx, gz, s, r); err != nil || ok {
		return fr, err
	}
	if fr, ok, err := cityAbroadReading(ctx, gz, s, r); err != nil || ok {
		return fr, err
	}
	if fr, ok, err := scriptReading(ctx, gz, s, r); err != nil || ok {
		return fr, err
	}
	if s.regional == nil || s.regionalByLanguage {
		return r, nil
	}
	alt := *s.regional
	code := s.Address.Country
	for _, c := range s.Changes {
		if c.Field == "country" {
			code = c.From
		}
	}
	ps, err := gz.Named(ctx, alt.Address.Country, NameKey(code))
	// the country itself is no place of the country ("Manchester M16
	// 0RA, UK": the postcode made the other reading British too)
	ps = slices.DeleteFunc(slices.Clone(ps), func(p Place) bool { return p.Kind == KindCountry }) // (the gazetteer's own slice is shared)
	if err != nil || len(ps) == 0 {
		return r, err
	}
	ra, err := geocode(ctx, gz, alt)
	if err != nil || ra.Confidence < r.Confidence {
		return r, err
	}
	if s.regionalByName && !regionalNameFits(ps, ra) {
		// a district the region knows only with its city's name after
		// it: "GRA, Benin" is GRA Benin, in Benin City
		if alt.Address.Neighbourhood == "" || !regionalNameFits(ps, withChecked(ra, "neighbourhood")) {
			return r, nil
		}
		if joined, err := gz.Named(ctx, alt.Address.Country, NameKey(alt.Address.Neighbourhood+" "+alt.Address.City)); err != nil || len(joined) == 0 {
			return r, err
		}
	}
	ra.Reading = &alt
	ra.Reasons = append(ra.Reasons, fmt.Sprintf("%q read as a place of %s (%s), not as the country %s", code, alt.Address.CountryName, ps[0].Name, s.Address.CountryName))
	return ra, nil
}

// regionalNameFits reports whether a country's name read as a place of
// the region ("22 Mission Rd, Benin") holds: the region's gazetteer knows
// a city or town by it (not a village: "Ghana" is one in Kano), and every
// locality written is confirmed there ("Cotonou, Benin" is not Benin
// City's).
func regionalNameFits(named []Place, r Result) bool {
	if !slices.ContainsFunc(named, func(p Place) bool { return p.Kind == KindCity || p.Kind == KindTown }) {
		return false
	}
	for _, f := range []string{"estate", "neighbourhood", "city", "lga"} {
		if r.Checks.Get(f) == Unconfirmed {
			return false
		}
	}
	return true
}

// withChecked returns r with the check of field set Confirmed (r's checks
// are a value: the caller's stay as they were).
func withChecked(r Result, field string) Result {
	*r.Checks.ref(field) = Confirmed
	return r
}

func geocode(ctx context.Context, gz Gazetteer, s Standardized) (Result, error) {
	g := newGeocoder(gz, s.Address)
	g.stateWritten = s.Address.StateCode != "" && !slices.ContainsFunc(s.Changes, func(c Change) bool { return c.Field == "state" && c.Kind == Added })
	g.saysState = saysState(s.Tokens)
	g.stateText = tokenText(s.Tokens, LabelState)
	g.stateFirst = stateBeforeCity(s.Tokens)
	g.areaFirst = len(s.Tokens) > 0 && s.Tokens[0].Label == LabelNeighbourhood
	g.orgFirst = s.orgFirst && g.areaFirst
	g.placeFirst = s.orgFirst && len(s.Tokens) > 0 && s.Tokens[0].Label == LabelOrganization
	g.streetText = tokenText(s.Tokens, LabelStreetName, LabelStreetType)
	if g.cc == "" {
		g.cc = DefaultCountry
		g.a.Country = g.cc
	}
	if err := g.run(ctx, s); err != nil {
		return Result{}, err
	}
	return g.finish(&s.Address), nil
}

// newGeocoder returns a geocoder of the address a over gz.
func newGeocoder(gz Gazetteer, a Address) geocoder {
	g := geocoder{gz: gz, a: a, cc: a.Country, cache: map[string]*Place{}, streetAt: map[string]*Place{}}
	g.res.Level = LevelNone
	return g
}

// finish gives the verdict, checks the components against those written
// and returns the result.
func (g *geocoder) finish(written *Address) Result {
	if g.state != nil && g.cc != "NG" && foldEqual(g.a.State, g.a.City) {
		// "Cairo, Egypt": the city was written, the state is its own
		// (Al Qahirah), not the city's name kept as the state's; by its
		// canonical name ("Dubai, UAE": Dubai, whatever an import calls it)
		if sub, ok := subdivisionByCode(g.a.StateCode); ok {
			g.a.State = sub.Name
		} else if g.a.State != g.state.Name {
			g.a.State = g.state.Name
		}
	}
	g.venueArea()
	g.verdict()
	g.check(written)
	if g.res.HasPoint {
		g.res.AccuracyM = accuracyOf(g.res.Level, g.res.PointSource)
	}
	g.res.Address = g.a
	return g.res
}

type geocoder struct {
	gz    Gazetteer
	cc    string
	a     Address
	res   Result
	cache map[string]*Place

	country, state, area, street, point, postcode *Place
	served                                        []*Place // the places with the postcode (its area among them)
	// seat is the settlement a ward found as the area is named after
	// (see wardSeat), or the city or town around an area without a
	// point (townAround, around set): its point places the address
	seat   *Place
	around bool
	// orgFirst is set when the neighbourhood opens the address before a
	// branch's caption that was set apart (see captionOrg)
	orgFirst bool
	// placeFirst is set when the organization opens the address before a
	// branch's caption that was set apart: it may be a place the
	// caption's branch is in ("Ikeja, Lagos State Command, ...")
	placeFirst bool
	// namedLGA is the LGA the name that found the area names as well,
	// around it ("Gashaka": the town and its LGA): a place matched
	namedLGA *Place
	// streetAt holds, for each street without a point of its own that was
	// considered, the place whose point stands in for it (nil when none
	// may): see streetArea.
	streetAt map[string]*Place
	// postcodeAt is the postcode area when it has a point, else the
	// nearest of its parents below the state that has one (an area whose
	// localities the sources could not place still names its LGA)
	postcodeAt   *Place
	ments        []*mention
	areaFrom     string // the component whose name found the area
	streetMissed bool
	// streetVariant: the street was found under another spelling and
	// kept as written (findStreet, writtenSpelling)
	streetVariant bool
	streetAtArea  bool   // the street has no point: its area's stands in (level STREET)
	stateWritten  bool   // the input named the state (not inferred from the postcode)
	saysState     bool   // and said "State" after its name ("Oyo State"; see saysState)
	stateText     string // the state as written ("Cairo": the state is Al Qahirah)
	stateFirst    bool   // the state was written before the city (see stateBeforeCity)
	areaFirst     bool   // the neighbourhood opens the address (see townBusiness)
	streetText    string // the street as written ("Cele St"), for streetAsPlace
	// streetPlace is the id of the place of the street's name that a
	// street not found is listed as (streetAsPlace): among the result's
	// places, and nothing more
	streetPlace string
	// stateOverruled is set when the places named replaced the written
	// state, stateContradicted when they contradict the state kept
	// (stateByEvidence).
	stateOverruled, stateContradicted bool
	// moved holds the components read from other words than the
	// standardizer gave them (unglue, cityIsLGA): they count as written.
	moved map[string]bool
	// confirmed holds the components confirmed by how they were read: an
	// LGA written as the city, with the area found inside it.
	confirmed map[string]bool
}

// mark records a component read from other words than the standardizer
// gave it, and whether that reading confirmed it; the maps are made on
// first use (most addresses need neither).
func (g *geocoder) mark(field string, confirmed bool) {
	if g.moved == nil {
		g.moved, g.confirmed = map[string]bool{}, map[string]bool{}
	}
	g.moved[field] = true
	if confirmed {
		g.confirmed[field] = true
	}
}

func (g *geocoder) place(ctx context.Context, id string) (*Place, error) {
	if p, ok := g.cache[id]; ok {
		return p, nil
	}
	p, err := placeOf(ctx, g.gz, id)
	if err != nil {
		return nil, err
	}
	g.cache[id] = p // shared, never modified; nil when there is none
	return p, nil
}

// placeOf returns the place of the id, shared when the gazetteer hands
// places out without copies (placeRefs: the geocoder never modifies the
// places it holds), nil when there is none.
func placeOf(ctx context.Context, gz Gazetteer, id string) (*Place, error) {
	if pr, ok := gz.(placeRefs); ok {
		if p, ok := pr.PlaceRef(id); ok {
			return p, nil
		}
	}
	p, ok, err := gz.Place(ctx, id)
	if err != nil || !ok {
		return nil, err
	}
	return &p, nil
}

// named returns the places under a name key, shared when the gazetteer
// can hand them out without copying (refLister).
func (g *geocoder) named(ctx context.Context, key string) ([]*Place, error) {
	if rl, ok := g.gz.(refLister); ok {
		if ps, ok, err := rl.NamedRefs(ctx, g.cc, key); ok || err != nil {
			return ps, err
		}
	}
	ps, err := g.gz.Named(ctx, g.cc, key)
	return refsOf(ps), err
}

// postcodePlaces returns the places that carry the postcode, as named does.
func (g *geocoder) postcodePlaces(ctx context.Context, postcode string) ([]*Place, error) {
	if rl, ok := g.gz.(refLister); ok {
		if ps, ok, err := rl.PostcodeRefs(ctx, g.cc, postcode); ok || err != nil {
			return ps, err
		}
	}
	ps, err := g.gz.Postcode(ctx, g.cc, postcode)
	return refsOf(ps), err
}

// refsOf points at each place of a gazetteer's answer.
func refsOf(ps []Place) []*Place {
	if len(ps) == 0 {
		return nil
	}
	out := make([]*Place, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out
}

// refLister is the optional capability of a gazetteer held in memory to
// hand out the places under a name key or a postcode without copying
// them (shared: the geocoder never modifies a gazetteer's answers); ok is
// false when it cannot for that key, and Named or Postcode answers.
type refLister interface {
	NamedRefs(ctx context.Context, country, key string) (ps []*Place, ok bool, err error)
	PostcodeRefs(ctx context.Context, country, postcode string) (ps []*Place, ok bool, err error)
}

// placeRefs is the optional capability of a gazetteer to hand out its
// places without copying them (a store held in memory and never written).
type placeRefs interface {
	PlaceRef(id string) (*Place, bool)
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
	if err := g.unglue(ctx); err != nil {
		return err
	}
	if err := g.findPostcode(ctx); err != nil {
		return err
	}
	if err := g.findArea(ctx, s); err != nil {
		return err
	}
	g.cityIsLGA()
	g.townBeforeDivision()
	if err := g.wardBeforeCity(ctx); err != nil {
		return err
	}
	if err := g.areaFromStreets(ctx); err != nil {
		return err
	}
	if err := g.stateInOrganization(ctx); err != nil {
		return err
	}
	if err := g.findStreet(ctx); err != nil {
		return err
	}
	if err := g.cityAround(ctx); err != nil {
		return err
	}
	if err := g.complete(ctx); err != nil {
		return err
	}
	g.locate()
	return nil
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
	if g.point == nil && g.street != nil && !g.street.HasPoint && g.area != nil && g.streetStandIn() == g.area {
		// a street without a point, in the area the address names: the
		// area speaks for the LGA ("3 Zoo Rd, Nassarawa GRA, Kano": the
		// source files the street under Kano, the district says Nasarawa)
		deepest = g.area
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
		case p.Kind == KindState && (g.a.StateCode == "" || g.state == nil) && p == outermostState(chain):
			if g.state == nil && g.a.State != "" && g.a.StateCode == "" && g.res.Candidates > 1 && !namesPlace(g.a.State, p) {
				// a state written that addrkit does not know, and the
				// place found, one of several, lies in another: the
				// state written stays ("Каменка, Пензенская область":
				// one of six Kamenkas, in Voronezh Oblast)
				g.conflict("state_unknown", "the state written (%s) is none the gazetteer knows; the place found lies in %s", g.a.State, p.Name)
				continue
			}
			if g.state == nil {
				g.state = p
			}
			g.infer("state", g.writtenState(p))
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

// outermostState returns the last state of the chain, the first-level
// division: a place lists its parents the most precise first, and an
// Italian or Spanish place lists its province before its region, which is
// the state of an address that names neither ("Via Roma 10, 21052 Busto
// Arsizio": Lombardy, not Varese).
func outermostState(chain []*Place) *Place {
	var out *Place
	for _, p := range chain {
		if p.Kind == KindState {
			out = p
		}
	}
	return out
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

// seatLevel is the match level of the seat's point: its own, but for a
// town around an area without a point, only the LGA's (a village in the
// LGA of a town lies anywhere in it; a district of a city, in the city).
func (g *geocoder) seatLevel() MatchLevel {
	if g.around && g.seat.Kind != KindCity {
		return LevelLGA
	}
	return areaLevel(g.seat.Kind)
}

// locate chooses the point and the match level.
func (g *geocoder) locate() {
	set := func(p *Place, level MatchLevel) bool {
		if p == nil || !p.HasPoint {
			return false
		}
		g.res.Latitude, g.res.Longitude, g.res.HasPoint, g.res.Level = p.Lat, p.Lon, true, level
		g.res.PointSource = p.Source
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
		g.res.PointSource = "area:" + at.Source
		g.streetAtArea = true
		g.res.reasonf("street %q is known but has no point of its own: placed at the point of %s", g.a.Street, at.Name)
	// A postcode area is placed at the mean of the localities it serves:
	// a settlement named in the address is nearer the truth.
	case g.postcode != nil && g.postcode.HasPoint && (g.area == nil || kindDepth(g.area.Kind) < kindDepth(KindCity) && near(g.postcode, g.area, 30000)):
		set(g.postcode, LevelPostcode)
	case g.seat != nil && set(g.seat, g.seatLevel()):
	case g.area != nil && set(g.area, areaLevel(g.area.Kind)):
	case set(g.postcode, LevelPostcode):
	case g.postcodeAt != nil && set(g.postcodeAt, areaLevel(g.postcodeAt.Kind)):
	case set(g.state, LevelState):
	case set(g.country, LevelCountry):
	}
	if g.street != nil && !g.street.HasPoint && g.point == nil && !g.streetAtArea {
		g.res.reasonf("street %q is known but has no point of its own, nor a locality around it that has one: placed at %s level", g.a.Street, strings.ToLower(string(g.res.Level)))
	}
	if g.streetPlace != "" && !slices.Contains(g.res.PlaceIDs, g.streetPlace) {
		g.res.PlaceIDs = append(g.res.PlaceIDs, g.streetPlace)
	}
	if g.area != nil && len(g.res.PlaceIDs) > 0 && !slices.Contains(g.res.PlaceIDs, g.area.ID) {
		g.res.PlaceIDs = append(g.res.PlaceIDs, g.area.ID)
	}
	if g.namedLGA != nil && len(g.res.PlaceIDs) > 0 && !slices.Contains(g.res.PlaceIDs, g.namedLGA.ID) {
		g.res.PlaceIDs = append(g.res.PlaceIDs, g.namedLGA.ID)
	}
}

// writtenState returns the name to give the state st: outside Nigeria, the
// text of a mention that named it in full in another of its names
// ("Steiermark" for Styria, "Bayern"), else the gazetteer's name.
func (g *geocoder) writtenState(st *Place) string {
	if g.cc == "NG" {
		return st.Name
	}
	for _, m := range g.ments {
		if namesPlace(m.text, st) && writtenInFull(m.text) && !shortFormOf(m.text, st.Name) && !foldEqual(m.text, g.a.City) && !foldEqual(m.text, g.a.Neighbourhood) {
			// (not the city named like its state: "Cairo" is the city,
			// its state Al Qahirah)
			return caseName(m.text)
		}
	}
	return st.Name
}
