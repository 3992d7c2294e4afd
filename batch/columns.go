package batch

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/addrkit/addrkit/address"
)

// role is what an input column holds.
type role int

const (
	roleNone role = iota
	roleText      // a whole address on one line
	roleStreet
	roleStreet2
	roleHouseNumber
	roleOrganization
	roleNeighbourhood
	roleCity
	roleLGA
	roleState
	rolePostcode
	roleCountry
	roleLandmark
	roleID
	roleLocation // a whole address, or else the locality: see mapHeader
	roleLat      // a point's latitude: a file of points is reverse geocoded
	roleLon
	roleCount
)

// synonyms maps column names, as keys (see columnKey), to their roles.
// Documented in docs/batch.md.
var synonyms = map[string]role{
	"address": roleText, "fulladdress": roleText, "addressline": roleText, "formattedaddress": roleText,
	"singleline": roleText, "completeaddress": roleText,
	"location": roleLocation,
	"addr":     roleStreet, "street": roleStreet, "streetaddress": roleStreet, "address1": roleStreet,
	"addressline1": roleStreet, "addr1": roleStreet, "addrline1": roleStreet, "line1": roleStreet,
	"street1": roleStreet, "streetaddress1": roleStreet, "streetline1": roleStreet,
	"address2": roleStreet2, "addressline2": roleStreet2, "addr2": roleStreet2, "addrline2": roleStreet2,
	"line2": roleStreet2, "street2": roleStreet2, "streetaddress2": roleStreet2, "streetline2": roleStreet2,
	"housenumber": roleHouseNumber, "houseno": roleHouseNumber, "number": roleHouseNumber,
	"buildingnumber": roleHouseNumber, "buildingno": roleHouseNumber,
	"organization": roleOrganization, "organisation": roleOrganization, "company": roleOrganization,
	"business": roleOrganization, "building": roleOrganization, "buildingname": roleOrganization,
	"neighbourhood": roleNeighbourhood, "neighborhood": roleNeighbourhood, "area": roleNeighbourhood,
	"district": roleNeighbourhood, "suburb": roleNeighbourhood, "estate": roleNeighbourhood, "ward": roleNeighbourhood,
	"city": roleCity, "town": roleCity, "locality": roleCity, "village": roleCity, "citytown": roleCity,
	"towncity": roleCity,
	"lga":      roleLGA, "localgovernment": roleLGA, "localgovernmentarea": roleLGA, "localgovt": roleLGA,
	"localgovtarea": roleLGA, "county": roleLGA,
	"state": roleState, "region": roleState, "province": roleState, "stateprovince": roleState,
	"postalcode": rolePostcode, "postcode": rolePostcode, "zip": rolePostcode, "zipcode": rolePostcode,
	"zippostalcode": rolePostcode,
	"country":       roleCountry, "countrycode": roleCountry,
	"landmark": roleLandmark, "landmarks": roleLandmark, "nearestlandmark": roleLandmark,
	"closestlandmark": roleLandmark, "busstop": roleLandmark, "nearestbusstop": roleLandmark,
	"lat": roleLat, "latitude": roleLat, "lon": roleLon, "lng": roleLon, "long": roleLon, "longitude": roleLon,
	"id": roleID, "ref": roleID, "reference": roleID, "recordid": roleID, "customerid": roleID,
}

// qualifiers are the words before a name that say whose or which address
// a column holds ("Delivery Address", "Shipping City"), with their rank:
// of two columns for one part, the one of lower rank is read (then the
// one further left), and the other is not used.
var qualifiers = map[string]int{
	"delivery": 0, "deliver": 0, "deliverto": 0, "shipping": 0, "shipto": 0, "customer": 0, "client": 0,
	"recipient": 0, "receiver": 0, "consignee": 0, "residential": 0, "residence": 0, "home": 0, "house": 0,
	"physical": 0, "contact": 0, "current": 0, "present": 0, "primary": 0, "main": 0,
	"billing": 1, "billto": 1, "mailing": 1, "postal": 1, "office": 1, "work": 1, "business": 1,
	"permanent": 1, "previous": 1, "old": 1, "secondary": 1, "alternative": 1, "alternate": 1, "alt": 1,
	"other": 1,
}

// placeRoles may be named with "name" after them ("State Name", "LGA
// Name"); "Company Name", "Customer Name" are no part of an address.
var placeRoles = map[role]bool{roleStreet: true, roleNeighbourhood: true, roleCity: true, roleLGA: true,
	roleState: true, roleCountry: true, roleLandmark: true}

// columnKey returns the key of a header name: its letters and digits,
// lower case and without accents, so that case, spaces, underscores and
// punctuation do not count ("Address_Line 1", "address-line-1" and
// "ADDRESS LINE #1" are all "addressline1").
func columnKey(name string) string {
	return strings.ReplaceAll(address.Fold(name), " ", "")
}

// classify returns the role of a header name and its rank, roleNone for
// a name no part of an address goes by. A name is a synonym, or a
// synonym after one qualifier ("Delivery Address", "Shipping State"), or
// a place's synonym before "name" ("LGA Name").
func classify(name string) (role, int) {
	k := columnKey(name)
	if r, ok := synonyms[k]; ok {
		return r, 0
	}
	if base, ok := strings.CutSuffix(k, "name"); ok && placeRoles[synonyms[base]] {
		return synonyms[base], 0
	}
	// the longest qualifier that leaves a name decides, whatever the
	// map's order ("deliverto", not "deliver")
	best, rank, bestQ := roleNone, 0, ""
	for q, qr := range qualifiers {
		rest, ok := strings.CutPrefix(k, q)
		if !ok || len(q) <= len(bestQ) {
			continue
		}
		if r, _ := classify(rest); r != roleNone {
			best, rank, bestQ = r, qr, q
		}
	}
	return best, rank
}

// columnRole returns the role of a header name, and whether it has one.
func columnRole(name string) (role, bool) {
	r, _ := classify(name)
	return r, r != roleNone
}

// mapping is which column holds each role (-1 for none).
type mapping struct {
	cols  [roleCount]int
	known bool // some column has a role
	// byContent reports that the column of whole addresses was chosen by
	// its content (see pickByContent): no header name said it
	byContent bool
}

// mapHeader maps the columns of a header to roles. Of two columns for one
// role, the one of lower rank is read, then the one further left. A
// location column is the whole address when no column holds it or its
// street; otherwise it is the city, or else the neighbourhood, when no
// other column holds that.
func mapHeader(header []string) mapping {
	var m mapping
	for i := range m.cols {
		m.cols[i] = -1
	}
	for rank := range 2 {
		for i, h := range header {
			if r, rk := classify(h); r != roleNone && rk == rank && m.cols[r] < 0 {
				m.cols[r] = i
			}
		}
	}
	if loc := m.cols[roleLocation]; loc >= 0 {
		m.cols[roleLocation] = -1
		switch {
		case m.cols[roleText] < 0 && m.cols[roleStreet] < 0:
			m.cols[roleText] = loc
		case m.cols[roleCity] < 0:
			m.cols[roleCity] = loc
		case m.cols[roleNeighbourhood] < 0:
			m.cols[roleNeighbourhood] = loc
		}
	}
	for _, c := range m.cols {
		m.known = m.known || c >= 0
	}
	return m
}

// mapColumns maps the columns of a header (see mapHeader), with the
// column named addressColumn, when set, as the column of whole addresses
// (the first of that name, trimmed; "column N" for a column without one).
func mapColumns(header []string, addressColumn string) (mapping, error) {
	m := mapHeader(header)
	if addressColumn == "" {
		return m, nil
	}
	for i := range header {
		if columnName(header, i) == addressColumn {
			m.setAddressColumn(i)
			return m, nil
		}
	}
	return m, fmt.Errorf("batch: no column %q in the header", addressColumn)
}

// setAddressColumn makes column c the column of whole addresses, and of
// nothing else.
func (m *mapping) setAddressColumn(c int) {
	for r, col := range m.cols {
		if col == c {
			m.cols[r] = -1
		}
	}
	m.cols[roleText], m.known = c, true
}

// addressRoles are the roles of the columns that hold an address.
var addressRoles = []role{roleText, roleStreet, roleStreet2, roleHouseNumber, roleOrganization, roleNeighbourhood,
	roleCity, roleLGA, roleState, rolePostcode, roleLandmark}

// points reports whether the rows are points to reverse geocode: a
// latitude and a longitude column, and no column of an address (a file
// with both is geocoded by its addresses; its points are passed on).
func (m *mapping) points() bool {
	if m.cols[roleLat] < 0 || m.cols[roleLon] < 0 {
		return false
	}
	for _, r := range addressRoles {
		if m.cols[r] >= 0 {
			return false
		}
	}
	return true
}

// point reads the latitude and longitude of a row of points.
func (m *mapping) point(rec []string) (lat, lon float64, err error) {
	get := func(r role) string {
		if i := m.cols[r]; i >= 0 && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	if lat, err = strconv.ParseFloat(get(roleLat), 64); err == nil {
		lon, err = strconv.ParseFloat(get(roleLon), 64)
	}
	return lat, lon, err
}

// used reports whether column c gives something to the address (or is the
// record's id). Every column does when no column is known: the cells of
// a row are then joined into its address.
func (m *mapping) used(c int) bool {
	if !m.known {
		return true
	}
	for _, col := range m.cols {
		if col == c {
			return true
		}
	}
	return false
}

// unused returns the names of the header's columns that give nothing to
// the address, in order; a column without a name is "column N".
func (m *mapping) unused(header []string) []string {
	var out []string
	for i := range header {
		if !m.used(i) {
			out = append(out, columnName(header, i))
		}
	}
	return out
}

// columnName returns the name of column i, or "column N" (from 1) for a
// column without a name.
func columnName(header []string, i int) string {
	if h := strings.TrimSpace(header[i]); h != "" {
		return h
	}
	return "column " + strconv.Itoa(i+1)
}

// warnings says what the reader did with the columns that it was not told
// to: a column chosen by its content, columns it did not use, and cells
// joined when no column is known.
func (m *mapping) warnings(header []string, format Format) []string {
	var out []string
	if m.byContent {
		out = append(out, fmt.Sprintf("no column is named as an address: %q was read as the whole address, its values looking most like addresses",
			columnName(header, m.cols[roleText])))
	}
	if unused := m.unused(header); len(unused) > 0 {
		q := make([]string, len(unused))
		for i, u := range unused {
			q[i] = strconv.Quote(u)
		}
		out = append(out, "columns not used for the address, copied to the output as input_<name>: "+strings.Join(q, ", "))
	}
	if !m.known && format != Text && len(header) > 1 {
		out = append(out, "no column is named as part of an address and none looks like addresses: the cells of each row were joined as its address")
	}
	return out
}

// maxSampleRows bounds the records pickByContent reads.
const maxSampleRows = 100

// pickByContent returns the column of unknown name whose values look most
// like whole addresses in the first records of head (the start of the
// input, its header first), or -1. A value looks like an address when,
// before its first comma, it has two words or more, a letter, and a digit
// or a street type ("12 Allen Avenue", "Plot 5 Lekki Phase 1", "Adeola
// Odeku Street"), and no "@" (an e-mail address) anywhere: see
// looksLikeAddress. A column qualifies when more than half of the
// records read look like addresses in it; of those that qualify, the one
// with the longest values on average is chosen (the further left on a
// tie). A record with more fields than the header is read as if the
// column looked at took the extra ones, as Batch reads it once chosen.
func pickByContent(head []byte, comma rune, header []string) int {
	if len(head) == sniffBytes {
		if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
			head = head[:i+1] // the last line may be cut
		}
	}
	best, bestLen := -1, 0.0
	for c, h := range header {
		if r, _ := classify(h); r != roleNone {
			continue
		}
		rs := &records{r: bufio.NewReader(bytes.NewReader(head)), comma: comma, fields: len(header), spill: c}
		rows, looks, size, filled := 0, 0, 0, 0
		for rows <= maxSampleRows {
			rec, err := rs.next()
			if err != nil {
				break
			}
			if rows++; rows == 1 || rec.bad != "" {
				continue // the header, or a record that cannot be split
			}
			v := ""
			if c < len(rec.fields) {
				v = strings.TrimSpace(rec.fields[c])
			}
			if v != "" {
				size += len(v)
				filled++
			}
			if looksLikeAddress(v, comma) {
				looks++
			}
		}
		rows-- // the header
		if rows <= 0 || 2*looks <= rows {
			continue
		}
		if avg := float64(size) / float64(filled); avg > bestLen {
			best, bestLen = c, avg
		}
	}
	return best
}

// looksLikeAddress reports whether a value looks like a whole address:
// no "@", and before its first comma (or delimiter) two words or more, a
// letter, and a digit or a street type. The first part is what says it:
// of a row with commas left unquoted, a column read as taking the extra
// fields starts with its own value ("Ade Okafor,12 Allen Avenue" is no
// address, "12 Allen Avenue, Ikeja" is).
func looksLikeAddress(v string, comma rune) bool {
	if strings.IndexByte(v, '@') >= 0 {
		return false
	}
	if i := strings.IndexFunc(v, func(r rune) bool { return r == ',' || r == comma }); i >= 0 {
		v = v[:i]
	}
	words := strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) < 2 {
		return false
	}
	letter, digit, street := false, false, false
	for _, w := range words {
		for _, r := range w {
			letter = letter || unicode.IsLetter(r)
			digit = digit || unicode.IsDigit(r)
		}
		if !street {
			_, street = address.StreetType(w)
		}
	}
	return letter && (digit || street)
}

// relationWords start a landmark ("Opposite Crown Estate", "Off Allen
// Avenue"): the first words of the standardizer's landmark relations.
var relationWords = map[string]bool{
	"off": true, "opposite": true, "opp": true, "oppo": true, "beside": true, "behind": true, "by": true,
	"along": true, "near": true, "close": true, "adjacent": true, "adj": true, "next": true, "after": true,
	"before": true, "inside": true, "within": true, "directly": true,
}

// landmarkText returns a landmark column's value as the standardizer reads
// a landmark: as it is when it starts with a relation ("Opposite
// Shoprite"), else after "Near" ("Near Shoprite").
func landmarkText(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	first, _, _ := strings.Cut(address.Fold(v), " ")
	if relationWords[first] {
		return v
	}
	return "Near " + v
}

// input builds the address of one record.
func (m *mapping) input(rec []string, region string) address.Input {
	get := func(r role) string {
		if i := m.cols[r]; i >= 0 && i < len(rec) {
			return rec[i]
		}
		return ""
	}
	in := address.Input{
		Organization: get(roleOrganization), HouseNumber: get(roleHouseNumber), Street: get(roleStreet),
		Street2: get(roleStreet2), Neighbourhood: get(roleNeighbourhood), City: get(roleCity), LGA: get(roleLGA),
		State: get(roleState), Postcode: get(rolePostcode), Country: get(roleCountry), Region: region,
	}
	if lm := landmarkText(get(roleLandmark)); lm != "" {
		// after the street, where addresses name their landmarks
		in.Street2 = strings.Join(nonEmpty(in.Street2, lm), ", ")
	}
	if t := get(roleText); t != "" {
		// the other columns complete the line in the order addresses are
		// written ("address, area, lga, state": the area is kept)
		in.Text = strings.Join(nonEmpty(in.Organization, t, in.Street, in.Street2, in.Neighbourhood, in.City, in.LGA, in.State, in.Postcode), ", ")
		in.Organization, in.Street, in.Street2, in.Neighbourhood, in.City, in.LGA, in.State, in.Postcode = "", "", "", "", "", "", "", ""
	}
	if !m.known {
		in.Text = strings.Join(nonEmpty(rec...), ", ")
	}
	return in
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
