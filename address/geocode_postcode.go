package address

// Postcodes: the postcode area looked up, its point, and checked against
// the state.

import (
	"context"
	"strings"
)

// findPostcode looks up the postcode area and checks it against the state.
func (g *geocoder) findPostcode(ctx context.Context) error {
	if g.a.Postcode == "" {
		return nil
	}
	ps, err := g.postcodePlaces(ctx, g.a.Postcode)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if p.Kind == KindPostcode {
			g.postcode = p
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
		if g.postcodeStateOnly() {
			// no state was written, and the postcode's own record lies
			// in another state than its prefix's postal region: the
			// record says where it is ("Tudun Wada, Gusau 860231": a
			// Zamfara postcode with a prefix of Kebbi's region)
			for _, id := range g.postcode.Parents {
				if st, err := g.place(ctx, id); err != nil {
					return err
				} else if st != nil && st.Kind == KindState {
					g.res.reasonf("postcode %s lies in %s, although its prefix is of %s's postal region", g.a.Postcode, st.Name, g.state.Name)
					g.state = st
					g.a.State, g.a.StateCode = st.Name, st.ID
					return nil
				}
			}
		}
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

// postcodeStateOnly reports whether the state in effect is the one the
// postcode's prefix gave, no state having been written.
func (g *geocoder) postcodeStateOnly() bool {
	if g.stateWritten || g.state == nil {
		return false
	}
	sub, ok := PostcodeState(g.cc, g.a.Postcode)
	return ok && sub.Code == g.state.ID
}

// minorPlace reports whether p is a village or a ward: not a
// neighbourhood, which a postcode's state places ("Dutse 901101" is the
// district of Bwari, FCT, not Jigawa's capital).
func minorPlace(p *Place) bool {
	return p.Kind == KindVillage || p.Kind == KindWard
}

// cityOverPrefix returns the candidate to take instead of best when the
// state in effect is only the postcode prefix's and best, in it, is a
// village or a ward: a city of that name elsewhere, named exactly,
// outweighs the prefix ("Gusau 860211": Zamfara's capital, not a village
// of Kebbi, whose postal region the prefix is; a town does not: polling
// units' villages are more often those of their postcode's state).
func (g *geocoder) cityOverPrefix(cands []scored, best scored) scored {
	if !g.postcodeStateOnly() || !minorPlace(best.p) {
		return best
	}
	for _, c := range cands {
		if c.m == best.m && c.edits == 0 && c.p.Kind == KindCity && !c.p.Within(g.state.ID) {
			return c
		}
	}
	return best
}

// prefixYields reports whether the state in effect, only the postcode
// prefix's, yields to the place chosen: a city or town named exactly in
// another state ("Tudun Wada, Gusau 860231": Zamfara, not Kebbi's postal
// region), as a written state does (stateByEvidence); not an LGA, whose
// names ("Sabon Gari", "Fagge") name districts of many towns elsewhere
// (INEC (b): states agreeing 93.27% with cities only, 93.55% with towns,
// 93.56% with LGAs too).
func (g *geocoder) prefixYields(best scored) bool {
	return g.postcodeStateOnly() && best.p.Kind != KindState && !best.p.Within(g.state.ID) && best.edits == 0 && importance(best.p) >= 2
}

// stateOfPlace takes the state of the place chosen, over the postcode
// prefix's, with the conflict postcode_state_conflict.
func (g *geocoder) stateOfPlace(ctx context.Context, best scored) error {
	theirs, err := g.place(ctx, stateOf(best.p))
	if err != nil || theirs == nil {
		return err
	}
	g.conflict("postcode_state_conflict", "postcode %s is of %s's postal region, but %s lies in %s: took %s, where the places named lie",
		g.a.Postcode, g.state.Name, best.p.Name, theirs.Name, theirs.Name)
	g.state = theirs
	g.a.State, g.a.StateCode = theirs.Name, theirs.ID
	return nil
}
