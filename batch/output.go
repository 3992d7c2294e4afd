package batch

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/address/pluscode"
)

// Columns are the result columns of the output, in order, after the input
// columns (each named input_<name>).
var Columns = []string{
	"row_number", "status", "confidence", "match_level", "next_action", "formatted_address",
	"address_line1", "address_line2", "organization", "unit", "level", "premise_type", "house_number",
	"street_name", "street_type", "estate", "neighbourhood", "landmark_relation", "landmark", "city", "lga",
	"state", "state_code", "postcode", "po_box", "country", "country_code", "latitude", "longitude",
	"plus_code", "place_id", "candidate_count", "changes", "missing_components", "unresolved_tokens",
	"warnings", "error", "validated", "removed", "accuracy_m",
}

// outcome is what one record gave.
type outcome struct {
	s   address.Standardized
	r   address.Result
	err string // why the record could not be processed, or ""
}

// Row is the result of one record: the result columns of a batch output
// row as a value, with lists as lists and numbers as numbers. Its JSON
// names are the column names.
type Row struct {
	Status           address.Verdict    `json:"status"`
	Confidence       int                `json:"confidence"`
	MatchLevel       address.MatchLevel `json:"match_level"`
	NextAction       address.NextAction `json:"next_action"`
	FormattedAddress string             `json:"formatted_address"`
	AddressLine1     string             `json:"address_line1"`
	AddressLine2     string             `json:"address_line2"`
	Organization     string             `json:"organization"`
	Unit             string             `json:"unit"`
	Level            string             `json:"level"`
	PremiseType      string             `json:"premise_type"`
	HouseNumber      string             `json:"house_number"`
	StreetName       string             `json:"street_name"`
	StreetType       string             `json:"street_type"`
	Estate           string             `json:"estate"`
	Neighbourhood    string             `json:"neighbourhood"`
	LandmarkRelation string             `json:"landmark_relation"`
	Landmark         string             `json:"landmark"`
	City             string             `json:"city"`
	LGA              string             `json:"lga"`
	State            string             `json:"state"`
	StateCode        string             `json:"state_code"`
	Postcode         string             `json:"postcode"`
	POBox            string             `json:"po_box"`
	Country          string             `json:"country"`
	CountryCode      string             `json:"country_code"`
	// Latitude and Longitude are nil when the address was not placed.
	Latitude       *float64 `json:"latitude"`
	Longitude      *float64 `json:"longitude"`
	PlusCode       string   `json:"plus_code"`
	PlaceID        string   `json:"place_id"`
	CandidateCount int      `json:"candidate_count"`
	// Alternatives are the other places that matched as well, when the
	// choice was ambiguous (address.Result.Alternatives); the CSV has
	// only their count.
	Alternatives []address.Alternative `json:"alternatives,omitempty"`
	// Changes are the change records of the standardization; the CSV
	// cell writes each as "field:kind" (with the evidence of an implied
	// country).
	Changes           []address.Change `json:"changes"`
	MissingComponents []string         `json:"missing_components"`
	UnresolvedTokens  []string         `json:"unresolved_tokens"`
	// Warnings are the codes of the standardizer's warnings and of the
	// geocoder's conflicts; Reasons say why the verdict is what it is.
	// The CSV's warnings cell holds both.
	Warnings []string `json:"warnings"`
	Reasons  []string `json:"reasons"`
	// Error says why the record could not be processed.
	Error string `json:"error,omitempty"`
	// Checks say what the gazetteer made of each component (confirmed,
	// corrected, inferred, unconfirmed: address.Check); the CSV's changes
	// cell ends with them, as "street=confirmed".
	Checks address.Checks `json:"checks"`
	// Validated is true when the address is confirmed as far as it was
	// written (address.Result.Validated).
	Validated bool `json:"validated"`
	// Removed holds the contact details set apart from the address
	// (address.Address.Removed).
	Removed []string `json:"removed"`
	// AccuracyM is the radius in metres around the point that held the
	// true location for 90% of results of its kind
	// (address.Result.AccuracyM); 0 without a point.
	AccuracyM float64 `json:"accuracy_m"`
}

// row makes the Row of an outcome.
func (o *outcome) row() Row {
	r := &o.r
	a := &o.s.Address
	if r.Address.Country != "" {
		a = &r.Address // completed from the gazetteer
	}
	out := Row{
		Status: r.Verdict, Confidence: r.Confidence, MatchLevel: r.Level, NextAction: r.NextAction,
		FormattedAddress: o.s.Line, AddressLine1: o.s.Line1, AddressLine2: o.s.Line2,
		Organization: a.Organization, Unit: a.Unit.String(), Level: a.Level, HouseNumber: a.HouseNumber,
		StreetName: a.StreetName, StreetType: a.StreetType, Estate: a.Estate, Neighbourhood: a.Neighbourhood,
		City: a.City, LGA: a.LGA, State: a.State, StateCode: a.StateCode, Postcode: a.Postcode, POBox: a.POBox,
		Country: a.CountryName, CountryCode: a.Country, CandidateCount: r.Candidates,
		Alternatives: r.Alternatives,
		Changes:      nonNil(o.s.Changes), MissingComponents: nonNil(r.Missing), UnresolvedTokens: nonNil(o.s.Unresolved),
		Reasons: nonNil(r.Reasons), Warnings: []string{}, Error: o.err,
		Checks: r.Checks, Validated: r.Validated && o.err == "", Removed: nonNil(a.Removed), AccuracyM: r.AccuracyM,
	}
	if out.Status == "" {
		out.Status = address.Unverified
	}
	if out.NextAction == "" {
		out.NextAction = address.Fix
	}
	if out.MatchLevel == "" {
		out.MatchLevel = address.LevelNone
	}
	if len(a.Premises) > 0 {
		out.PremiseType = a.Premises[0].String()
	}
	if len(a.Landmarks) > 0 {
		out.LandmarkRelation, out.Landmark = a.Landmarks[0].Relation, a.Landmarks[0].Name
	}
	if r.HasPoint {
		lat, lon := r.Latitude, r.Longitude
		out.Latitude, out.Longitude = &lat, &lon
		if code, err := pluscode.Encode(r.Latitude, r.Longitude, 10); err == nil {
			out.PlusCode = code
		}
	}
	if len(r.PlaceIDs) > 0 {
		out.PlaceID = r.PlaceIDs[0]
	}
	for _, w := range o.s.Warnings {
		out.Warnings = append(out.Warnings, w.Code)
	}
	for _, c := range r.Conflicts {
		out.Warnings = append(out.Warnings, c.Code)
	}
	return out
}

// nonNil makes a nil list empty, so that JSON shows [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// cells writes the row's result columns, numbered row, into cells, which
// has len(Columns) room.
func (w *Row) cells(row int, cells []string) {
	var lat, lon string
	if w.Latitude != nil {
		lat, lon = strconv.FormatFloat(*w.Latitude, 'f', 6, 64), strconv.FormatFloat(*w.Longitude, 'f', 6, 64)
	}
	var accuracy string
	if w.Latitude != nil {
		accuracy = strconv.FormatFloat(w.AccuracyM, 'f', -1, 64)
	}
	changes := make([]string, 0, len(w.Changes)+8)
	for _, c := range w.Changes {
		ch := c.Field + ":" + string(c.Kind)
		if c.Field == "country" && strings.HasPrefix(c.Reason, "implied") {
			ch += " (" + c.Reason + ")" // the evidence, when the text did not name it
		}
		changes = append(changes, ch)
	}
	for f, c := range w.Checks.All() {
		changes = append(changes, f+"="+string(c))
	}
	copy(cells, []string{
		strconv.Itoa(row), string(w.Status), strconv.Itoa(w.Confidence), string(w.MatchLevel), string(w.NextAction),
		w.FormattedAddress, w.AddressLine1, w.AddressLine2, w.Organization, w.Unit, w.Level, w.PremiseType,
		w.HouseNumber, w.StreetName, w.StreetType, w.Estate, w.Neighbourhood, w.LandmarkRelation, w.Landmark,
		w.City, w.LGA, w.State, w.StateCode, w.Postcode, w.POBox, w.Country, w.CountryCode, lat, lon,
		w.PlusCode, w.PlaceID, strconv.Itoa(w.CandidateCount), strings.Join(changes, "; "),
		strings.Join(w.MissingComponents, "; "), strings.Join(w.UnresolvedTokens, "; "),
		strings.Join(append(w.Warnings[:len(w.Warnings):len(w.Warnings)], w.Reasons...), "; "), w.Error,
		strconv.FormatBool(w.Validated), strings.Join(w.Removed, "; "), accuracy,
	})
}

// Sanitize makes a cell safe to open in a spreadsheet, as OWASP's CSV
// injection guidance recommends: a cell that starts with =, +, -, @, a tab
// or a carriage return, and is not a plain number, is prefixed with a
// single quote so that it is read as text, not run as a formula; control
// characters are removed and invalid UTF-8 is replaced.
func Sanitize(cell string) string {
	if printableASCII(cell) && !startsFormula(cell) {
		return cell // most cells: what sanitize would return, found sooner
	}
	return sanitize(cell)
}

// sanitize is Sanitize for any cell.
func sanitize(cell string) string {
	if !utf8.ValidString(cell) {
		cell = strings.ToValidUTF8(cell, "\uFFFD")
	}
	if cell == "" {
		return cell
	}
	formula := startsFormula(cell) || cell[0] == '\t' || cell[0] == '\r'
	if strings.IndexFunc(cell, isControl) >= 0 {
		cell = strings.Map(func(r rune) rune {
			if isControl(r) {
				if r == '\t' || r == '\n' || r == '\r' {
					return ' '
				}
				return -1
			}
			return r
		}, cell)
	}
	formula = formula || startsFormula(cell)
	if formula {
		if _, err := strconv.ParseFloat(cell, 64); err != nil {
			cell = "'" + cell
		}
	}
	return cell
}

// startsFormula reports whether a spreadsheet would read the cell as a
// formula: it starts with =, +, - or @.
func startsFormula(cell string) bool {
	return cell != "" && strings.IndexByte("=+-@", cell[0]) >= 0
}

// printableASCII reports whether s is printable ASCII only.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0 }
