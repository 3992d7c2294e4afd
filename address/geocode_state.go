package address

// The state of an address when its places disagree: a written state the
// places contradict, and places of one name in different states.

import (
	"context"
	"slices"
	"strings"
)

// stateByEvidence settles a written state that the places named
// contradict ("45 Bode Thomas Street, Surulere, Lagos, Kano State"): the
// best place lies outside it. The state is chosen by the stronger
// evidence. When no place named lies inside the written state and the
// best was matched exactly and is a city, town, LGA or a major
// neighbourhood (rank 50 or more), the places win (a village or ward of the
// name in the written state, less important than the best, does not
// count: "Onitsha, Delta" is Anambra's city, not a village of Delta; the
// state's own name written without "State" counts when a city or town of
// that state bears it and the best is no city or town: "Tudun Wada,
// Gombe", an LGA of Kano, is in Gombe; "Gombi, Gombe" is Adamawa's town,
// "Kaduna, Kano" Kaduna): the state becomes
// theirs, a state picked from a list being more often wrong than a town
// typed. Otherwise (a place named lies in it, or the best is a village,
// a misspelling or a minor place; or the postcode lies in the written
// state) the written state is kept. Either way
// the conflict state_conflict says which was taken and why, and keeps
// the verdict below HIGH_CONFIDENCE.
func (g *geocoder) stateByEvidence(ctx context.Context, cands []scored, best scored) error {
	written := g.state
	// the most important of the places as well supported as the best
	// speaks for them ("Onitsha": the city, not a post office of its name)
	for _, c := range cands {
		if c.score == best.score && importance(c.p) > importance(best.p) && c.edits == 0 {
			best = c
		}
	}
	if importance(best.p) == 0 {
		// a district known to few sources, and beside it a city of its
		// state written exactly ("Azuiyiokwu Layout, Abakaliki, Enugu
		// State"): the city speaks for them, when no place of its name
		// lies in the written state
		for _, c := range cands {
			if c.m != best.m && c.edits == 0 && cityOrTown(c.p) && importance(c.p) > 0 &&
				stateOf(c.p) == stateOf(best.p) && !slices.ContainsFunc(cands, func(d scored) bool { return d.m == c.m && d.p.Within(written.ID) }) {
				best = c
				break
			}
		}
	}
	inState := slices.ContainsFunc(cands, func(c scored) bool {
		return c.p.Kind != KindState && c.p.Within(written.ID) && importance(c.p) >= importance(best.p)
	})
	postcodeIn := false
	if sub, ok := PostcodeState(g.cc, g.a.Postcode); ok && !inState && sub.Code == written.ID {
		// "Gombe State University, Tudun Wada, Gombe 760211": the
		// postcode is the written state's
		inState, postcodeIn = true, true
	}
	codeWritten := false
	if !inState && layoutOf(g.cc).stateCode && g.a.Postcode != "" {
		// "Frenchtown NJ 08825", "Eureka SD 57437", "Amherst, New
		// Hampshire 03031": a state and the postcode, as the country
		// writes them, outweigh a place of the name elsewhere (the town
		// written is too small for the gazetteer, which knows a
		// namesake: Amherst in New York)
		inState, codeWritten = true, true
	}
	var townWritten *Place
	if !inState && !g.saysState {
		// "Tudun Wada, Gombe": the state's name, written
		// without "State", names a city of that state as well
		town, err := g.townOfState(ctx, written)
		if err != nil {
			return err
		}
		if town != nil && best.p.Kind != KindCity && best.p.Kind != KindTown {
			inState, townWritten = true, town
		}
	}
	strong := best.edits == 0 && (importance(best.p) > 0 || best.p.Kind == KindLGA || best.p.Kind == KindNeighbourhood && best.p.Rank >= 50)
	var theirs *Place
	if id := stateOf(best.p); id != "" && !inState && strong {
		var err error
		if theirs, err = g.place(ctx, id); err != nil {
			return err
		}
	}
	if theirs == nil {
		why := "the place is matched too weakly to outweigh it"
		switch {
		case postcodeIn:
			why = "the postcode " + g.a.Postcode + " lies in it"
		case codeWritten:
			why = "it is written with the postcode, as the country writes them"
		case townWritten != nil:
			why = "its name names " + townWritten.Name + " there too"
		case inState:
			why = "another place named lies in it"
		}
		g.stateContradicted = true
		g.res.reasonf("the places named (%s) are not in %s", best.m.text, written.Name)
		g.conflict("state_conflict", "%s lies in %s, not in %s as written: kept the state written (%s)", best.p.Name, g.stateName(ctx, best.p), written.Name, why)
		return nil
	}
	g.conflict("state_conflict", "the address names %s, but %s lies in %s: took %s, where the places named lie", written.Name, best.p.Name, theirs.Name, theirs.Name)
	g.res.Inferred = append(g.res.Inferred, Change{Field: "state", Kind: Alias, From: g.a.State, To: theirs.Name,
		Reason: "the places named lie in " + theirs.Name + ", none in " + written.Name})
	g.state = theirs
	g.stateOverruled = true
	g.a.State, g.a.StateCode = theirs.Name, theirs.ID
	if g.stateFirst && !g.saysState && g.a.Neighbourhood == "" && best.m.field == "city" && cityOrTown(best.p) {
		// "Sharia Court, Nassarawa, Birnin Kebbi": a state's name
		// written before a city of another state names a district of
		// it, as many northern towns have one called Nassarawa, when
		// the gazetteer knows a place of that name in the city's state
		// ("Kano, Ikeja" stays a contradiction)
		ps, err := g.areasNamed(ctx, g.stateText)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(ps, func(p *Place) bool { return p.Kind != KindState && p.Within(theirs.ID) }) {
			g.a.Neighbourhood = g.stateText
			g.mark("neighbourhood", false)
			g.res.reasonf("%q, written before %s, read as a district of it, not as the state: a place of that name lies in %s", g.stateText, best.p.Name, theirs.Name)
		}
	}
	return nil
}

// stateBeforeCity reports whether the words read as the state all come
// before those read as the city ("Nassarawa, Birnin Kebbi").
func stateBeforeCity(tokens []Token) bool {
	lastState, firstCity := -1, -1
	for i, t := range tokens {
		switch {
		case t.Label == LabelState:
			lastState = i
		case t.Label == LabelCity && firstCity < 0:
			firstCity = i
		}
	}
	return lastState >= 0 && firstCity > lastState
}

// cityNamedAsState settles an address whose only place name named a state
// and, exactly, a city of the country outside that state: "Calle Florida
// 537, Buenos Aires" is the capital (in the Autonomous City), not the
// province; "Av. Larco, Lima" the capital, in Lima Metropolitana, not the
// region. The words meant the city: the state becomes the city's, without
// a conflict (nothing else was written that the city contradicts).
func (g *geocoder) cityNamedAsState(ctx context.Context, city *Place) error {
	for _, id := range city.Parents {
		st, err := g.place(ctx, id)
		if err != nil {
			return err
		}
		if st == nil || st.Kind != KindState {
			continue
		}
		g.res.Inferred = append(g.res.Inferred, Change{Field: "state", Kind: Alias, From: g.a.State, To: st.Name,
			Reason: "the name written is that of " + city.Name + ", which lies in " + st.Name})
		g.state = st
		g.a.State, g.a.StateCode = st.Name, ""
		if id == stateOf(city) {
			g.a.StateCode = id // an ISO 3166-2 code, not GeoNames' "adm1:AR.07"
		}
		return nil
	}
	return nil
}

// townOfState returns the city or town of a state that bears the state's
// name (Lagos, Kano, Oyo), or the name the state was written by (Lima of
// "Lima Province"), or nil.
func (g *geocoder) townOfState(ctx context.Context, st *Place, written ...string) (*Place, error) {
	for _, name := range append([]string{st.Name}, written...) {
		ps, err := g.named(ctx, NameKey(name))
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			if cityOrTown(p) && p.Within(st.ID) {
				return p, nil
			}
		}
	}
	return nil, nil
}

// stateName names the state a place lies in, or "another state".
func (g *geocoder) stateName(ctx context.Context, p *Place) string {
	if id := stateOf(p); id != "" {
		if st, _ := g.place(ctx, id); st != nil {
			return st.Name
		}
	}
	return "another state"
}

// importantChoice returns the best candidate, unless another as well
// supported lies in another state and is a more important settlement: a city before a town, a town before any other kind, the
// most populous first. A name alone, or after a street, then lands in
// the state whose city it is ("Yola" is Adamawa's capital, not a ward of
// Kano; "Jalingo" Taraba's, not a neighbourhood in Adamawa), however many
// smaller places an import adds under that name. Inside one state the
// sort's order (the most precise first) stands: the INEC evaluation's
// wards are named beside towns of their name.
func importantChoice(cands []scored) scored {
	top := cands[0]
	for _, c := range cands[1:] {
		if c.score < cands[0].score {
			break
		}
		if i, j := importance(c.p), importance(top.p); i > j || i == j && c.p.Rank > top.p.Rank {
			top = c
		}
	}
	if importance(top.p) > importance(cands[0].p) && stateOf(top.p) != stateOf(cands[0].p) {
		return top
	}
	return cands[0]
}

// stateOf returns the id of the first-level division a place lies in (an
// ISO 3166-2 code among its parents), or "".
func stateOf(p *Place) string {
	if p.Kind == KindState {
		return p.ID
	}
	for _, id := range p.Parents {
		if len(id) >= 4 && len(id) <= 6 && id[2] == '-' && id[:2] == p.Country {
			return id
		}
	}
	return ""
}

// importance orders places by what they stand for: cities, then towns,
// then LGAs, then the rest (villages, wards, neighbourhoods).
func importance(p *Place) int {
	switch p.Kind {
	case KindCity:
		return 3
	case KindTown:
		return 2
	case KindLGA:
		return 1
	}
	return 0
}

// lgaByPart adds to a mention's places the LGAs of the written state whose
// name joins the text to another by a slash, when no place found lies in
// that state: "Koko, Kebbi State" is Koko/Besse, an LGA named after its
// two towns, not the town Koko in Delta (the built-in gazetteer knows
// Besse, not Kebbi's Koko). The state written and the LGA's own name are
// the evidence.
func (g *geocoder) lgaByPart(ctx context.Context, m *mention) error {
	if g.cc != "NG" || g.state == nil || slices.ContainsFunc(m.places, func(p *Place) bool { return p.Within(g.state.ID) }) {
		// (Nigeria's LGAs are named so; the states of other countries
		// hold thousands of places each, which would be read for every
		// such mention)
		return nil
	}
	cl, ok := g.gz.(childLister)
	if !ok {
		return nil
	}
	ps, err := cl.Children(ctx, g.state.ID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if p.Kind != KindLGA || !strings.Contains(p.Name, "/") {
			continue
		}
		if slices.ContainsFunc(strings.Split(p.Name, "/"), func(part string) bool { return NameKey(part) == m.key }) {
			m.places = append(m.places, &p) // (a copy: ps may be the store's cache)
			m.edits = append(m.edits, 0)
		}
	}
	return nil
}
