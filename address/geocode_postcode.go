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
