package address

// The result and its verdict: match levels, verdicts, next actions, and
// how the verdict and confidence are decided.

import (
	"fmt"
	"strings"
)

// MatchLevel is the most precise component a geocode resolved.
type MatchLevel string

// Verdict says how far a geocode can be trusted.
type Verdict string

// NextAction is what the caller should do with the address.
type NextAction string

// Correction is a misspelt place name replaced by the gazetteer's.
type Correction struct {
	Field string `json:"field"`
	From  string `json:"from"`
	To    string `json:"to"`
	Edits int    `json:"edits"`
}

// Alternative is a place that matched as well as the one a result chose:
// where else the address may be.
type Alternative struct {
	PlaceID string    `json:"place_id"`
	Kind    PlaceKind `json:"kind"`
	// Label is the place's name and the names of up to two places
	// around it ("Bassa, Kokona, Nasarawa").
	Label     string  `json:"label"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
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
	// Alternatives are the other places that matched as well as the one
	// chosen (at most MaxAlternatives, those with a point), when the
	// choice was ambiguous.
	Alternatives []Alternative `json:"alternatives,omitempty"`
	// Missing names the components a deliverable address lacks.
	Missing []string `json:"missing,omitempty"`
	// Reasons explain the verdict in words.
	Reasons []string `json:"reasons,omitempty"`
	// AccuracyM is the radius in metres around the point that holds the
	// true location for 90% of the results of its kind (its match level
	// and PointSource), measured on the INEC evaluation (docs/figures.md);
	// 0 when there is no point.
	AccuracyM float64 `json:"accuracy_m,omitempty"`
	// PointSource says where the point comes from: "pluscode" (a full
	// code), "pluscode-recovered" (a short one), the gazetteer source of
	// the place whose point it is ("geonames", "osm-ng-2019"...), or
	// "area:" and that source when a street without a point of its own
	// is placed at its area's.
	PointSource string `json:"point_source,omitempty"`
	// Checks say, for each component among house_number, street, estate,
	// neighbourhood, city, lga, state and postcode that the result has,
	// whether the gazetteer confirmed it, corrected it, inferred it or did
	// not confirm it (see Check).
	Checks Checks `json:"checks,omitzero"`
	// Validated is true when the address is confirmed as far as it was
	// written: the verdict is not UNVERIFIED, there is no conflict, and
	// no written component
	// among street, estate, neighbourhood, city, lga, state and postcode
	// is unconfirmed (a street written and not found is not validated).
	// A house number does not count: only an address point confirms it.
	Validated bool `json:"validated"`
	// Reading is the reading of the text that the result places, when
	// Geocode kept another than the one it was given (a code read as a
	// place of the region: see Geocode); callers show its line, changes
	// and warnings. It is nil otherwise.
	Reading *Standardized `json:"-"`
}

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
	if g.streetVariant {
		c -= 4
	}
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

// The verdicts; the rule that gives them is documented on Geocode.
const (
	HighConfidence Verdict = "HIGH_CONFIDENCE"
	Partial        Verdict = "PARTIAL"
	Unverified     Verdict = "UNVERIFIED"
)

// The next actions: ACCEPT a HIGH_CONFIDENCE result, CONFIRM a PARTIAL one
// with the customer, FIX an UNVERIFIED one.
const (
	Accept  NextAction = "ACCEPT"
	Confirm NextAction = "CONFIRM"
	Fix     NextAction = "FIX"
)

var levelConfidence = map[MatchLevel]int{
	LevelPremise: 95, LevelStreet: 85, LevelPostcode: 72, LevelNeighbourhood: 68, LevelLocality: 60,
	LevelLGA: 45, LevelState: 30, LevelCountry: 10, LevelNone: 0,
}
