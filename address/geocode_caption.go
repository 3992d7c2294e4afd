package address

// The name before a branch's caption set apart: the organization, or the
// place the branch is in, as the gazetteer knows it.

import "context"

// captionOrg reads as the organization a neighbourhood that opened the
// address before a branch's caption, which was set apart, when the
// gazetteer knows no area of its name: "Ebube Agu Security Network, Abia
// State Command, Umuahia" (the caption says the part before it names
// whom the branch is of; "Ikeja, Lagos State Command, ..." stays a place).
func (g *geocoder) captionOrg(ctx context.Context) error {
	a := &g.a
	if g.placeFirst && a.Organization != "" && a.Neighbourhood == "" {
		// and the other way: a name the gazetteer knows as an area before
		// the caption is the place ("Ikeja, Lagos State Command, Obafemi
		// Awolowo Way"), not the organization
		if ps, err := g.areasNamed(ctx, a.Organization); err != nil || len(ps) == 0 {
			return err
		}
		g.res.reasonf("%q read as the neighbourhood, before a branch's caption: the gazetteer knows an area of the name", a.Organization)
		a.Neighbourhood, a.Organization = a.Organization, ""
		g.mark("neighbourhood", false)
		return nil
	}
	if !g.orgFirst || a.Organization != "" || a.Street != "" || a.Neighbourhood == "" {
		return nil
	}
	if ps, err := g.areasNamed(ctx, a.Neighbourhood); err != nil || len(ps) > 0 {
		return err
	}
	g.res.reasonf("%q read as the organization, before its branch's caption: the gazetteer knows no place by the name", a.Neighbourhood)
	a.Organization, a.Neighbourhood = a.Neighbourhood, ""
	return nil
}
