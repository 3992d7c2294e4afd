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
	"warnings", "error",
}

// outcome is what one record gave.
type outcome struct {
	s   address.Standardized
	r   address.Result
	err string // why the record could not be processed, or ""
}

// resultCells writes the result columns of a record into cells, which
// has len(Columns) room.
func (o *outcome) resultCells(row int, cells []string) {
	r := &o.r
	a := &o.s.Address
	if r.Address.Country != "" {
		a = &r.Address // completed from the gazetteer
	}
	var premiseType, landmarkRel, landmark, plus string
	if len(a.Premises) > 0 {
		premiseType = a.Premises[0].String()
	}
	if len(a.Landmarks) > 0 {
		landmarkRel, landmark = a.Landmarks[0].Relation, a.Landmarks[0].Name
	}
	var lat, lon string
	if r.HasPoint {
		lat, lon = strconv.FormatFloat(r.Latitude, 'f', 6, 64), strconv.FormatFloat(r.Longitude, 'f', 6, 64)
		if code, err := pluscode.Encode(r.Latitude, r.Longitude, 10); err == nil {
			plus = code
		}
	}
	placeID := ""
	if len(r.PlaceIDs) > 0 {
		placeID = r.PlaceIDs[0]
	}
	status := string(r.Verdict)
	if status == "" {
		status = string(address.Unverified)
	}
	nextAction := string(r.NextAction)
	if nextAction == "" {
		nextAction = string(address.Fix)
	}
	level := string(r.Level)
	if level == "" {
		level = string(address.LevelNone)
	}
	var changes, warnings []string
	for _, c := range o.s.Changes {
		ch := c.Field + ":" + string(c.Kind)
		if c.Field == "country" && strings.HasPrefix(c.Reason, "implied") {
			ch += " (" + c.Reason + ")" // the evidence, when the text did not name it
		}
		changes = append(changes, ch)
	}
	for _, w := range o.s.Warnings {
		warnings = append(warnings, w.Code)
	}
	for _, c := range r.Conflicts {
		warnings = append(warnings, c.Code)
	}
	country := a.CountryName
	copy(cells, []string{
		strconv.Itoa(row), status, strconv.Itoa(r.Confidence), level, nextAction, o.s.Line,
		o.s.Line1, o.s.Line2, a.Organization, a.Unit.String(), a.Level, premiseType, a.HouseNumber,
		a.StreetName, a.StreetType, a.Estate, a.Neighbourhood, landmarkRel, landmark, a.City, a.LGA,
		a.State, a.StateCode, a.Postcode, a.POBox, country, a.Country, lat, lon,
		plus, placeID, strconv.Itoa(r.Candidates), strings.Join(changes, "; "), strings.Join(r.Missing, "; "),
		strings.Join(o.s.Unresolved, "; "), strings.Join(append(warnings, r.Reasons...), "; "), o.err,
	})
}

// Sanitize makes a cell safe to open in a spreadsheet, as OWASP's CSV
// injection guidance recommends: a cell that starts with =, +, -, @, a tab
// or a carriage return, and is not a plain number, is prefixed with a
// single quote so that it is read as text, not run as a formula; control
// characters are removed and invalid UTF-8 is replaced.
func Sanitize(cell string) string {
	if !utf8.ValidString(cell) {
		cell = strings.ToValidUTF8(cell, "\uFFFD")
	}
	if cell == "" {
		return cell
	}
	formula := strings.ContainsRune("=+-@\t\r", rune(cell[0]))
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
	formula = formula || cell != "" && strings.ContainsRune("=+-@", rune(cell[0]))
	if formula {
		if _, err := strconv.ParseFloat(cell, 64); err != nil {
			cell = "'" + cell
		}
	}
	return cell
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0 }
