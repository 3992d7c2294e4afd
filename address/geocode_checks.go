package address

// What the reference data made of each component: the checks of a result
// and whether the address is validated.

import (
	"iter"
	"slices"
)

// Check says what the gazetteer made of one component of an address.
type Check string

// The checks.
const (
	// Confirmed: written, and the gazetteer knows it where the address
	// lies (a locality the area found is, lies in or lies beside; a street
	// or postcode found there; a house number at an address point).
	Confirmed Check = "confirmed"
	// Corrected: written with a mistake that the gazetteer put right (a
	// misspelling, or a state the places named contradict).
	Corrected Check = "corrected"
	// Inferred: not written; added from the gazetteer.
	Inferred Check = "inferred"
	// Unconfirmed: written, and the gazetteer does not confirm it (not
	// found, found elsewhere, or not covered: a house number where the
	// gazetteer has no address points).
	Unconfirmed Check = "unconfirmed"
)

// Checks holds the Check of each component a result has, by the
// component's JSON name; a component the result lacks has none ("").
type Checks struct {
	HouseNumber   Check `json:"house_number,omitempty"`
	Street        Check `json:"street,omitempty"`
	Estate        Check `json:"estate,omitempty"`
	Neighbourhood Check `json:"neighbourhood,omitempty"`
	City          Check `json:"city,omitempty"`
	LGA           Check `json:"lga,omitempty"`
	State         Check `json:"state,omitempty"`
	Postcode      Check `json:"postcode,omitempty"`
}

// ref returns the Check of a component named by its JSON name, or nil.
func (c *Checks) ref(field string) *Check {
	switch field {
	case "house_number":
		return &c.HouseNumber
	case "street":
		return &c.Street
	case "estate":
		return &c.Estate
	case "neighbourhood":
		return &c.Neighbourhood
	case "city":
		return &c.City
	case "lga":
		return &c.LGA
	case "state":
		return &c.State
	case "postcode":
		return &c.Postcode
	}
	return nil
}

// Get returns the Check of a component named by its JSON name ("street"),
// or "" when the result has no such component.
func (c Checks) Get(field string) Check {
	if p := c.ref(field); p != nil {
		return *p
	}
	return ""
}

// All yields the components checked, by JSON name, with their Check, in
// the order of an address (house number first, postcode last).
func (c Checks) All() iter.Seq2[string, Check] {
	return func(yield func(string, Check) bool) {
		for _, f := range checkedFields {
			if v := c.Get(f); v != "" && !yield(f, v) {
				return
			}
		}
	}
}

// checkedFields are the components Result.Checks covers, by their JSON
// names; validatedFields are those a validated address must have
// confirmed, corrected or inferred (a house number is confirmed only by an
// address point, which few gazetteers hold: it does not count).
var (
	checkedFields   = []string{"house_number", "street", "estate", "neighbourhood", "city", "lga", "state", "postcode"}
	validatedFields = []string{"street", "estate", "neighbourhood", "city", "lga", "state", "postcode"}
)

// component returns the text component of a named by its JSON name
// ("city", "state_code"), or nil for a name of no such component.
func (a *Address) component(name string) *string {
	switch name {
	case "organization":
		return &a.Organization
	case "house_number":
		return &a.HouseNumber
	case "street":
		return &a.Street
	case "estate":
		return &a.Estate
	case "neighbourhood":
		return &a.Neighbourhood
	case "city":
		return &a.City
	case "lga":
		return &a.LGA
	case "state":
		return &a.State
	case "state_code":
		return &a.StateCode
	case "postcode":
		return &a.Postcode
	}
	return nil
}

// check fills in Result.Checks and Result.Validated: written is the
// address as the standardizer read it.
func (g *geocoder) check(written *Address) {
	r := &g.res
	for _, f := range checkedFields {
		w, v := *written.component(f), *g.a.component(f)
		if g.moved[f] {
			w = v // read from other words of the address (unglue, cityIsLGA)
		}
		switch {
		case v == "":
			continue
		case w == "":
			*r.Checks.ref(f) = Inferred
			continue
		}
		*r.Checks.ref(f) = g.checkWritten(f)
	}
	r.Validated = r.Verdict != Unverified && len(r.Conflicts) == 0
	for _, f := range validatedFields {
		if r.Checks.Get(f) == Unconfirmed {
			r.Validated = false
		}
	}
}

// checkWritten checks one written component.
func (g *geocoder) checkWritten(f string) Check {
	corrected := slices.ContainsFunc(g.res.Corrections, func(c Correction) bool { return c.Field == f })
	if g.confirmed[f] {
		return Confirmed
	}
	switch f {
	case "house_number":
		if g.point != nil {
			return Confirmed
		}
	case "street":
		if g.street != nil || g.point != nil {
			if corrected {
				return Corrected
			}
			return Confirmed
		}
	case "postcode":
		if g.postcode != nil && !slices.ContainsFunc(g.res.Conflicts, func(c Conflict) bool { return c.Code == "postcode_state_conflict" }) {
			return Confirmed
		}
	case "state":
		switch {
		case g.stateOverruled:
			return Corrected
		case g.state != nil && !g.stateContradicted:
			return Confirmed
		}
	default: // the localities and the LGA
		if g.area == nil {
			return Unconfirmed
		}
		for _, m := range g.ments {
			if m.field != f {
				continue
			}
			for _, p := range m.places {
				if agrees(p, g.area) {
					if corrected {
						return Corrected
					}
					return Confirmed
				}
			}
		}
	}
	return Unconfirmed
}

// agrees reports whether a place a component named agrees with the area
// found: the same place, one inside the other, or within 10 km.
func agrees(p, area *Place) bool {
	return p.ID == area.ID || area.Within(p.ID) || p.Within(area.ID) || near(p, area, 10000)
}
