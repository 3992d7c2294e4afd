package address

// Names read by evidence before the area search: two places written
// without a comma between them, and an LGA written where the city goes.

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// unglue splits a name that holds two places written without a comma
// ("Sabo Yaba", "Old Bodija Ibadan", "Oke-Afa Isolo") or a building before
// its town ("Computer Village Ikeja"), by evidence: only when the
// gazetteer knows no area by the whole name and knows one by its last
// words (exactly, inside the state when one was named). The longest such
// last words are taken. When the first words name a place too, the last
// must name one at least as large ("Ikeja GRA" stays whole: GRA is a part
// of Ikeja, not Ikeja of GRA). A locality beside a written LGA is left
// whole. The last words become the city and the first the neighbourhood
// (or stay the organization), when those fields are free; a reason
// records the split.
func (g *geocoder) unglue(ctx context.Context) error {
	if err := g.glueStreetArea(ctx); err != nil {
		return err
	}
	if err := g.townBusiness(ctx); err != nil {
		return err
	}
	if err := g.orgRunOn(ctx); err != nil {
		return err
	}
	// (names, not pointers into g: a pointer kept in the list would move
	// the geocoder to the heap)
	for _, f := range [...]struct{ field, headField string }{
		{"city", "neighbourhood"}, // headField: where the first words go
		{"neighbourhood", "neighbourhood"},
		{"organization", "organization"},
	} {
		whole := *g.field(f.field)
		if strings.IndexByte(whole, ' ') < 0 {
			continue // one word: nothing to split
		}
		words := strings.Fields(whole)
		if len(words) < 2 || len(words) > 6 {
			continue
		}
		if _, lga := beforeLGA(whole); lga {
			continue // "Abba Nwangele Local Government Area Owerri": lookup reads the LGA
		}
		tailField := "city"
		// a third area, between the neighbourhood and the city, typed
		// without a comma in Nigeria after a number or a street:
		// "kolapo ishola gra akobo ibadan" (only a city the tail names
		// exactly takes the field then, when the gazetteer does not
		// know the words before it or knows them within 20 km of that
		// city; they are kept in the change record)
		between := false
		switch {
		case f.field != "organization" && g.a.LGA != "":
			continue // a written LGA places the name; lookup reads it whole
		case f.field == "city" && g.a.Neighbourhood != "" && g.cc == "NG" && (g.a.Street != "" || g.a.HouseNumber != ""):
			between = true
		case f.field == "city" && g.a.Neighbourhood != "":
			continue
		case f.field == "neighbourhood" && g.a.City != "":
			continue
		case f.field == "organization" && (g.a.Street != "" || g.a.City != "" && g.a.Neighbourhood != ""):
			continue
		case f.field == "organization" && g.a.City != "":
			tailField = "neighbourhood"
		}
		if known, err := g.knownWhole(ctx, whole); err != nil || known {
			if err != nil {
				return err
			}
			continue
		}
		for k := 1; k < len(words); k++ {
			head, tail := strings.Join(words[:k], " "), strings.Join(words[k:], " ")
			if lowerWords[Fold(words[k-1])] {
				break // "University of Abuja" is one name
			}
			if w := Fold(words[k]); estateWords[w] != "" || w == "phase" {
				continue // "Kamozu GRA", "Gbagada Phase 1": a district so named, not a place in GRA
			}
			if f.field == "organization" && g.writtenArea(tail) {
				break // "Federal University Lokoja, ..., Lokoja": the place has its own part; the name keeps it
			}
			if f.field == "organization" && k == 1 && organizationWords[Fold(head)] {
				continue // "Radio Jigawa": a body's kind alone is no name of its own ("Hotel Presidential Port Harcourt" splits after two words)
			}
			if f.field == "organization" && k == len(words)-1 && organizationWords[Fold(tail)] {
				break // "Taraba State Specialist Hospital": the name ends in what it names, not a place called Hospital
			}
			tails, err := g.areasNamed(ctx, tail)
			if err != nil {
				return err
			}
			if f.field == "organization" && len(tails) > 0 {
				if tails, err = g.inCityState(ctx, tails); err != nil {
					return err
				}
			}
			if KeyLen(NameKey(tail)) < 3 {
				// two letters name a place only as its own short name
				// ("Oniru VI"), not as a misspelling of a longer one
				// ("bern be": Bex, a village GeoNames also calls Be), nor
				// as a division's code (Bern's canton, which the state's
				// reading takes)
				tails = slices.DeleteFunc(slices.Clone(tails), func(p *Place) bool {
					return !namedExactly(p, tail) || p.Kind == KindState || p.Kind == KindVillage
				})
			}
			if len(tails) == 0 {
				continue
			}
			heads, err := g.areasNamed(ctx, head)
			if err != nil {
				return err
			}
			if len(heads) > 0 && largest(tails) > largest(heads) {
				continue
			}
			if between {
				city := slices.IndexFunc(tails, func(p *Place) bool { return p.Kind == KindCity && namedExactly(p, tail) })
				if city < 0 || len(heads) > 0 && !slices.ContainsFunc(heads, func(h *Place) bool { return near(h, tails[city], 20000) }) {
					continue // (a middle area the gazetteer knows must lie by the city)
				}
				g.a.City = tail
				g.mark("city", false)
				g.res.Inferred = append(g.res.Inferred, Change{Field: "city", Kind: Alias, From: whole, To: tail,
					Reason: fmt.Sprintf("%q stands between the neighbourhood and %s", head, tail)})
				g.res.reasonf("%q read as %s, %q being an area between the neighbourhood and the city", whole, tail, head)
				break
			}
			headField := f.headField
			if g.a.Organization == "" && g.a.Street == "" && orgNamed(words[:k]) {
				headField = "organization" // a name an organization's word ends, before the town: "Mimi Guest House. Vandeikya"
			}
			*g.field(f.field) = ""
			*g.field(tailField) = tail
			g.mark(tailField, false)
			g.mark(headField, false)
			if headField == "organization" {
				g.a.Organization = head
			} else {
				g.a.Neighbourhood = head
			}
			g.res.reasonf("%q read as %s, in %s: the gazetteer knows %s and no place by the whole name", whole, head, tail, tail)
			break
		}
	}
	if err := g.captionOrg(ctx); err != nil {
		return err
	}
	if err := g.venueOrgArea(ctx); err != nil {
		return err
	}
	if err := g.unglueStreet(ctx); err != nil {
		return err
	}
	return g.unglueLandmark(ctx)
}

// venueOrgArea reads as a place an organization written before the venue
// it lies in (a landmark without a relation that holds shops and offices)
// when the gazetteer knows an area of its name: "Wuse II, Banex Plaza,
// Abuja" names the district, "Ibadan, Dugbe Market" the city; "Chicken
// Republic, Jabi Lake Mall" stays the organization. It fills the city when
// none was written and a city or town bears the name, else the
// neighbourhood when none was written.
func (g *geocoder) venueOrgArea(ctx context.Context) error {
	a := &g.a
	if a.Organization == "" || len(a.Landmarks) == 0 || a.Landmarks[0].Relation != "" || !containerVenue(a.Landmarks[0].Name) {
		return nil
	}
	ps, err := g.areasNamed(ctx, a.Organization)
	if err != nil || len(ps) == 0 {
		return err
	}
	switch {
	case a.City == "" && slices.ContainsFunc(ps, cityOrTown):
		a.City = a.Organization
		g.mark("city", false)
	case a.Neighbourhood == "":
		a.Neighbourhood = a.Organization
		g.mark("neighbourhood", false)
	default:
		return nil
	}
	g.res.reasonf("%q read as a place, before the venue it names (%s): the gazetteer knows an area of the name", a.Organization, a.Landmarks[0].Name)
	a.Organization = ""
	return nil
}

// namedExactly reports whether one of p's names is name, as NameKey
// writes both.
func namedExactly(p *Place, name string) bool {
	k := NameKey(name)
	return slices.ContainsFunc(p.Names(), func(n string) bool { return NameKey(n) == k })
}

// orgNamed reports whether words name an organization: two words or more
// that an organization word ("Inn", "Lodge") or "House" ends.
func orgNamed(words []string) bool {
	if len(words) < 2 {
		return false
	}
	last := Fold(words[len(words)-1])
	return organizationWords[last] || last == "house"
}

// inCityState returns the places of ps that lie in a state where a place
// named as the address's city lies, when no state is known and the city
// names one: an organization's last word is a place of the address only
// in its region ("Kogi State Polytechnic, Lokoja" is no place called
// Polytechnic, which lies in another state).
func (g *geocoder) inCityState(ctx context.Context, ps []*Place) ([]*Place, error) {
	if g.state != nil || g.a.City == "" {
		return ps, nil
	}
	cities, err := g.areasNamed(ctx, g.a.City)
	if err != nil || len(cities) == 0 {
		return ps, err
	}
	return slices.DeleteFunc(ps, func(p *Place) bool {
		return !slices.ContainsFunc(cities, func(c *Place) bool { return stateOf(c) == stateOf(p) })
	}), nil
}

// writtenArea reports whether name is one of the address's written
// neighbourhood, city or LGA (by Fold).
func (g *geocoder) writtenArea(name string) bool {
	return foldEqual(name, g.a.Neighbourhood) || foldEqual(name, g.a.City) || foldEqual(name, g.a.LGA)
}

// glueStreetArea reads a place whose name holds a street type ("Half Way
// Tree, Kingston 10": read as the street "Half Way" and the neighbourhood
// "Tree") as the place: when no house number or premises were written and
// the street and the neighbourhood joined name an area the gazetteer
// knows, they are that neighbourhood.
func (g *geocoder) glueStreetArea(ctx context.Context) error {
	if g.a.HouseNumber != "" || len(g.a.Premises) > 0 || g.a.Street == "" || g.a.Neighbourhood == "" {
		return nil
	}
	joined := g.a.Street + " " + g.a.Neighbourhood
	areas, err := g.areasNamed(ctx, joined)
	if err != nil || len(areas) == 0 {
		return err
	}
	g.res.reasonf("%q and %q read as one place, %s: the gazetteer knows it", g.a.Street, g.a.Neighbourhood, areas[0].Name)
	g.a.Neighbourhood, g.a.Street, g.a.StreetName, g.a.StreetType = areas[0].Name, "", "", ""
	g.mark("neighbourhood", true)
	return nil
}

// unglueStreet takes the place that ends a street after its type when no
// comma set it apart and the address names no area otherwise ("14 idowu
// taylor st VI": Victoria Island, of which VI is the short name in the
// gazetteer): only when the words after the street type name an area
// the gazetteer knows (inside the state when one was named) and the
// street keeps a name before its type. A street without a type, or with
// its type before the name ("Rue de la Gauchetiere Montreal"), ends where
// the name of a city or town begins.
func (g *geocoder) unglueStreet(ctx context.Context) error {
	if g.a.Street == "" || g.a.City != "" || g.a.Neighbourhood != "" || g.a.LGA != "" {
		return nil
	}
	words := strings.Fields(g.a.Street)
	for k := len(words) - 2; k >= 1; k-- {
		t, ok := streetTypes[Fold(words[k])]
		if !ok || t.Prefix {
			continue
		}
		tail := strings.Join(words[k+1:], " ")
		tails, err := g.areasNamed(ctx, tail)
		if err != nil || len(tails) == 0 {
			return err
		}
		name := strings.Join(words[:k], " ")
		street := name + " " + t.Canonical
		g.res.reasonf("%q read as %s, in %s: the gazetteer knows %s", g.a.Street, street, tail, tail)
		g.a.Street, g.a.StreetName, g.a.StreetType, g.a.City = street, name, t.Canonical, tail
		g.mark("city", false)
		return nil
	}
	// A street without a type, or with its type before the name, ends
	// where a city or town of the country begins: "45 deansgate
	// manchester m3 2ay", "1000 rue de la gauchetiere montreal qc",
	// unless the words before name one too.
	opening := 0 // words of the type before the name
	if g.a.StreetType != "" {
		if len(words) < 3 || !strings.EqualFold(words[0], g.a.StreetType) {
			return nil
		}
		opening = 1
	}
	for n := min(2, len(words)-1-opening); n >= 1; n-- {
		tail := strings.Join(words[len(words)-n:], " ")
		if KeyLen(NameKey(tail)) < 4 {
			continue
		}
		tails, err := g.areasNamed(ctx, tail)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(tails, cityOrTown) {
			continue
		}
		name := strings.Join(words[:len(words)-n], " ")
		// a road named after the two towns it joins: "20 Lagos Abeokuta"
		heads, err := g.areasNamed(ctx, name)
		if err != nil || slices.ContainsFunc(heads, cityOrTown) {
			return err
		}
		g.res.reasonf("%q read as %s, in %s: the gazetteer knows %s", g.a.Street, name, tail, tail)
		g.a.Street, g.a.StreetName, g.a.City = name, strings.Join(words[opening:len(words)-n], " "), tail
		g.mark("city", false)
		return nil
	}
	return nil
}

// unglueLandmark takes the places that end the last landmark when the
// address names no city, neighbourhood or LGA, as when no comma ended the
// landmark ("opp kano pillars stadium sabon gari kano": Kano, then Sabon
// Gari), the longest known name (of four letters or more) first, leaving
// the landmark a word at least.
func (g *geocoder) unglueLandmark(ctx context.Context) error {
	n := len(g.a.Landmarks)
	if n == 0 || g.a.Street == "" && g.a.Organization == "" || g.a.City != "" || g.a.Neighbourhood != "" || g.a.LGA != "" {
		return nil
	}
	if g.a.Organization != "" {
		// "Choba, opposite Uniport main gate, East-West road": a name
		// read as the organization that the gazetteer knows as an area
		// is the place, before any word of the landmark
		ps, err := g.areasNamed(ctx, g.a.Organization)
		if err != nil {
			return err
		}
		if len(ps) > 0 {
			g.res.reasonf("%q read as the neighbourhood: the gazetteer knows an area of the name", g.a.Organization)
			g.a.Neighbourhood, g.a.Organization = g.a.Organization, ""
			g.mark("neighbourhood", false)
			return nil
		}
	}
	// the landmarks are the caller's (the Standardized given to Geocode):
	// changed on a copy
	g.a.Landmarks = slices.Clone(g.a.Landmarks)
	for range 2 {
		l := &g.a.Landmarks[n-1]
		dst, field := &g.a.City, "city"
		switch {
		case g.a.City == "":
		case g.a.Neighbourhood == "":
			dst, field = &g.a.Neighbourhood, "neighbourhood"
		default:
			return nil
		}
		if hasStreetType(l.Name) {
			return nil // a street, which areaFromStreets reads
		}
		words := strings.Fields(l.Name)
		taken := false
		for k := 1; k < len(words) && !taken; k++ {
			tail := strings.Join(words[k:], " ")
			if len(NameKey(tail)) < 4 || lexWords[Fold(words[k])] || Fold(tail) == "gate" {
				continue // "Ikotun Market" names no place "Market", "Lekki Phase 1 Gate" none "Gate"
			}
			ps, err := g.areasNamed(ctx, tail)
			if err != nil {
				return err
			}
			if len(ps) == 0 {
				continue
			}
			g.res.reasonf("%q read as %s, then %s", l.Name, strings.Join(words[:k], " "), tail)
			l.Name, *dst = strings.Join(words[:k], " "), tail
			g.mark(field, false)
			taken = true
		}
		if !taken {
			return nil
		}
	}
	return nil
}

// orgRunOn splits off, when the address names no street nor area, the
// words an organization's name runs on into after its last organization
// word ("A.Y.M. Shafa Filling Station Makera Kaduna South", without a
// comma): they become the city, which unglue then splits, when the
// gazetteer knows a city, town or LGA by their last words and an area by
// the words before those.
func (g *geocoder) orgRunOn(ctx context.Context) error {
	a := &g.a
	if a.Organization == "" || a.Street != "" || a.City != "" || a.Neighbourhood != "" || a.LGA != "" {
		return nil
	}
	words := strings.Fields(a.Organization)
	last := -1
	for i, w := range words {
		if organizationWords[Fold(w)] {
			last = i
		}
	}
	if last < 1 || last == len(words)-1 {
		return nil // no organization word, or nothing after it
	}
	tail := words[last+1:]
	for k := range tail {
		if lowerWords[Fold(tail[k])] {
			return nil // "Bank of Industry": one name
		}
	}
	// every word of the tail placed: the whole an area, or its first words
	// an area and its last a city, town or LGA ("Annex Ikeja" is no
	// place: "Access Bank Plc Annex Ikeja" stays whole)
	for k := range tail {
		ps, err := g.areasNamed(ctx, strings.Join(tail[k:], " "))
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(ps, func(p *Place) bool {
			return p.Kind == KindCity || p.Kind == KindTown || p.Kind == KindLGA
		}) {
			continue
		}
		if k > 0 {
			head, err := g.areasNamed(ctx, strings.Join(tail[:k], " "))
			if err != nil {
				return err
			}
			if len(head) == 0 {
				return nil
			}
		}
		whole := a.Organization
		a.Organization, a.City = strings.Join(words[:last+1], " "), strings.Join(tail, " ")
		g.mark("city", false)
		g.res.reasonf("%q read as %s, in %s: the organization's name ends at %q", whole, a.Organization, a.City, words[last])
		return nil
	}
	return nil
}

// knownWhole reports whether the gazetteer knows an area by the whole name,
// or by it with a saint's word in full ("St Pölten": Sankt Pölten).
func (g *geocoder) knownWhole(ctx context.Context, name string) (bool, error) {
	for _, n := range append([]string{name}, saintInFull(name)...) {
		if ps, err := g.areasNamed(ctx, n); err != nil || len(ps) > 0 {
			return err == nil, err
		}
	}
	return false, nil
}

// areasNamed returns the areas (states, LGAs, localities) with the name,
// inside the state when the address names one.
func (g *geocoder) areasNamed(ctx context.Context, name string) ([]*Place, error) {
	ps, err := g.named(ctx, NameKey(name))
	if err != nil {
		return nil, err
	}
	var out []*Place
	for _, p := range ps {
		if areaKind(p.Kind) && p.Kind != KindState && (g.state == nil || p.Within(g.state.ID)) {
			out = append(out, p)
		}
	}
	return out, nil
}

// largest returns the depth of the largest of the places (kindDepth: the
// smaller, the larger the place).
func largest(ps []*Place) int {
	d := kindDepth(KindAddress)
	for _, p := range ps {
		d = min(d, kindDepth(p.Kind))
	}
	return d
}

// cityIsLGA moves a city that names the LGA of the smaller area found
// (and is neither that area nor a town within 12 km of it) to the LGA
// field: in "Victoria Island, Eti-Osa,
// Lagos" Eti-Osa is the LGA, not the city.
func (g *geocoder) cityIsLGA() {
	if g.area == nil || g.a.City == "" {
		return
	}
	if slices.Contains(g.area.Names(), g.a.City) {
		return // the city is the area found
	}
	for _, m := range g.ments {
		if m.field != "city" || len(m.places) == 0 || m.key != NameKey(g.a.City) {
			continue
		}
		var lga *Place
		for _, p := range m.places {
			if p.Kind == KindLGA && g.area.Within(p.ID) {
				lga = p
			}
		}
		if lga == nil {
			return
		}
		for i, p := range m.places {
			if p == g.seat && p.Kind == KindCity {
				// the city around an area without a point (townAround),
				// by its name: "Amarata, Yenagoa" is a district of the
				// city (a town's is a village of its LGA: "Dumburi
				// Fulani, Numan")
				g.rename("city", m.text, *p, m.edits[i])
				return
			}
			if p.ID == g.area.ID || cityOrTown(p) && near(p, g.area, 12000) {
				return // the city is the area found, or a town beside it ("Opolo, Yenagoa")
			}
		}
		if g.a.LGA == "" || NameKey(g.a.LGA) == NameKey(lga.Name) {
			g.a.LGA = lga.Name
			g.mark("lga", true)
			g.res.Inferred = append(g.res.Inferred, Change{Field: "lga", Kind: Alias, From: g.a.City, To: lga.Name, Reason: "the city field named the LGA of the area found"})
			g.a.City = ""
		}
		return
	}
}

// townBeforeDivision reads "Guildford, Surrey", "Truro, Cornwall":
// when the area was found by the neighbourhood written and is a city or
// town, and the city written names no place of the country (not even
// with a typo), the neighbourhood is the city and the "city" the second-
// level division it lies in (a county), kept unconfirmed in the LGA
// component when that is empty.
func (g *geocoder) townBeforeDivision() {
	if g.area == nil || g.areaFrom != "neighbourhood" || g.a.City == "" || g.a.LGA != "" ||
		g.area.Kind != KindCity && g.area.Kind != KindTown {
		return
	}
	for _, m := range g.ments {
		if m.field == "city" && len(m.places) > 0 {
			return // the city names a place: the reading stands
		}
	}
	county, town := g.a.City, g.a.Neighbourhood
	g.a.City, g.a.Neighbourhood, g.a.LGA = town, "", county
	g.areaFrom = "city"
	g.mark("city", true)
	g.mark("lga", false)
	g.res.Reasons = append(g.res.Reasons, fmt.Sprintf("%s is a town the gazetteer knows and %s no place of it: read as the town and the division it lies in", town, county))
}

// cityAround completes an address that names a district and, after it,
// a state written as its capital is named, without the word "State" ("12
// Zoo Road, Gyadi-Gyadi, Kano"; "9 Kenyatta St Uwani Enugu"; "Malali GRA,
// Kaduna"), and no city besides: the last word named the city as well as
// the state. The capital becomes the city (and a district read as the
// city, the neighbourhood) when the gazetteer places the district within
// 15 km of the capital (its own point, or its LGA's when it has none: a
// neighbourhood, a ward, or one of the capital's LGAs, "Fagge, Kano"; or
// the LGA written beside it, "Barnawa GRA, Kaduna South, Kaduna"), or
// knows no place of its name in that state (districts are what a
// gazetteer knows least; a town it knows elsewhere in the state, "Wudil,
// Kano", stays the city), or knows it as a town or village within 10 km of
// the capital ("Tudun Wada, Kaduna"; one that names its own LGA within 8
// km: "Batagarawa, Katsina" stays the city). The point stays that of what
// was found. Where the capital has another name than its state (Lagos:
// Ikeja), nothing changes.
func (g *geocoder) cityAround(ctx context.Context) error {
	if g.state == nil || !g.stateWritten || g.saysState {
		return nil
	}
	district := "city"
	switch {
	case g.a.City != "" && g.a.Neighbourhood == "" && NameKey(g.a.City) != NameKey(g.state.Name):
	case g.a.City == "" && g.a.Neighbourhood != "":
		district = "neighbourhood"
	default:
		return nil
	}
	// the capital named after its state (Kano), or, where package address
	// knows no capitals (of the countries but Nigeria and a few) or the
	// state is a city (Seoul), the city named as the state was written ("Zamalek, Cairo": the state
	// is Al Qahirah), whose districts GeoNames may list as towns
	// ("Khlong Toei, Bangkok")
	m, ok := lookupSubdivision(g.cc, Fold(g.state.Name))
	capital, towns := "", false
	switch {
	case ok && NameKey(m.sub.Capital) == NameKey(g.state.Name):
		capital = m.sub.Capital
	case ok && g.stateText != "" && (m.sub.Capital == "" || selfCapital(g.cc, m.sub)):
		capital, towns = g.stateText, true
	default:
		return nil
	}
	if district == "city" && NameKey(g.a.City) == NameKey(capital) {
		return nil // "9 Dutse Alhaji, Bwari Road, Abuja": the city is the capital already
	}
	// (or the streets written placed the address in the capital itself:
	// "Ahmadu Bello Way, GRA, Gombe", the gazetteer knowing no GRA there)
	fromStreets := g.area != nil && g.areaFrom == "" && (g.area.Kind == KindCity || g.area.Kind == KindTown || g.area.Kind == KindLGA) && NameKey(g.area.Name) == NameKey(capital)
	// (a town or village of the gazetteer's within 10 km of the capital
	// is one of its districts: "Tudun Wada, Kaduna", "Wuntin Dada,
	// Bauchi")
	suburb := g.area != nil && (g.area.Kind == KindTown || g.area.Kind == KindVillage)
	if g.area != nil && !fromStreets && (g.areaFrom != district && g.areaFrom != "lga" || !g.area.Within(g.state.ID) ||
		g.area.Kind != KindNeighbourhood && g.area.Kind != KindWard && g.area.Kind != KindLGA && !towns && !suburb) {
		return nil
	}
	namesake := false // a town that gives its name to its own LGA
	if suburb && !fromStreets && NameKey(g.area.Name) != NameKey(capital) {
		for _, id := range g.area.Parents {
			p, err := g.place(ctx, id)
			if err != nil {
				return err
			}
			namesake = namesake || p != nil && p.Kind == KindLGA && strings.HasPrefix(NameKey(p.Name), NameKey(g.area.Name))
		}
	}
	at := g.area
	for i := 0; at != nil && !at.HasPoint && i < len(g.area.Parents); i++ {
		p, err := g.place(ctx, g.area.Parents[i])
		if err != nil {
			return err
		}
		if p != nil && p.Kind == KindLGA {
			at = p
		}
	}
	ps, err := g.named(ctx, NameKey(capital))
	if err != nil {
		return err
	}
	for _, c := range ps {
		if c.Kind != KindCity || at != nil && !near(c, at, 15000) || suburb && !towns && !near(c, at, 10000) ||
			namesake && !near(c, g.area, 8000) {
			// (a town that gives its name to its own LGA is a district
			// of the capital only within 8 km: "Nassarawa, Kano", not
			// "Batagarawa, Katsina")
			continue
		}
		if !c.Within(g.state.ID) {
			if !towns || !c.Within(g.cc) {
				continue
			}
			// "Miraflores, Lima": Lima Metropolitana, not the region
			if err := g.cityNamedAsState(ctx, c); err != nil {
				return err
			}
		}
		if district == "city" {
			g.a.Neighbourhood = g.a.City
			g.mark("neighbourhood", at != nil && g.areaFrom == "city")
		}
		g.a.City = c.Name
		why := g.a.Neighbourhood + " is a district of " + c.Name + ", which the state's name names too"
		if at == nil || fromStreets {
			why = "no place named " + g.a.Neighbourhood + " is known: taken for a district of " + c.Name + ", which the state's name names too"
		}
		g.res.Inferred = append(g.res.Inferred, Change{Field: "city", Kind: Added, To: c.Name, Reason: why})
		return nil
	}
	return nil
}

// selfCapital reports whether a state is a city, its capital one of its
// own names (Seoul, whose capital is 서울특별시).
func selfCapital(cc string, sub *Subdivision) bool {
	m, ok := lookupSubdivision(cc, Fold(sub.Capital))
	return ok && m.sub == sub
}

// cityOrTown reports whether p is a city or a town.
func cityOrTown(p *Place) bool { return p.Kind == KindCity || p.Kind == KindTown }
