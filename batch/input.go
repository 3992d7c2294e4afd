package batch

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"strings"

	"github.com/addrkit/addrkit/address"
)

// Format is how an input file is laid out.
type Format string

// The input formats. Delimited formats have a header row; Text has one
// address per line and no header.
const (
	CSV       Format = "csv"
	TSV       Format = "tsv"
	Semicolon Format = "semicolon"
	Pipe      Format = "pipe"
	Text      Format = "text"
)

func (f Format) comma() rune {
	switch f {
	case TSV:
		return '\t'
	case Semicolon:
		return ';'
	case Pipe:
		return '|'
	}
	return ','
}

// SniffBytes is how much of the start of an input Detect needs.
const SniffBytes = 64 << 10

// sniffBytes is how much of the input detection reads.
const sniffBytes = SniffBytes

// Detect returns the format Batch reads an input as, from its first
// SniffBytes (head) and its file name.
func Detect(head []byte, filename string) Format {
	if LineEnd(head) == '\r' {
		head = bytes.ReplaceAll(head, []byte{'\r'}, []byte{'\n'})
	}
	return detect(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), filename)
}

// detect decides the format from the start of the content and the file
// name: a delimiter that splits the header row into known column names, or
// that splits the first lines into the same number of fields, makes a
// delimited file; a ".tsv" name makes TSV; anything else is text, one
// address per line (an address has commas in it, but not the same number
// on every line, nor a header of column names).
func detect(head []byte, filename string) Format {
	lines := firstLines(head, 20)
	if len(lines) == 0 {
		return Text
	}
	ext := strings.ToLower(filepath.Ext(filename))
	if ext == ".tsv" || ext == ".tab" {
		return TSV
	}
	best, bestKnown := Text, 0
	if _, ok := columnRole(lines[0]); ok {
		return CSV // one column, with a header: "address"
	}
	for _, f := range []Format{CSV, TSV, Semicolon, Pipe} {
		fields := splitLine(lines[0], f.comma())
		if len(fields) < 2 {
			continue
		}
		known := 0
		for _, h := range fields {
			if _, ok := columnRole(h); ok {
				known++
			}
		}
		if known > bestKnown {
			best, bestKnown = f, known
		}
	}
	if bestKnown > 0 {
		return best
	}
	// no column names known: a delimiter that gives every line as many
	// fields (and at least two) is a table with a header of other names
	if len(lines) >= 2 {
		for _, f := range []Format{TSV, Semicolon, Pipe, CSV} {
			n := len(splitLine(lines[0], f.comma()))
			same := n >= 2
			for _, l := range lines[1:] {
				same = same && len(splitLine(l, f.comma())) == n
			}
			if same && (f != CSV || ext == ".csv") {
				return f
			}
		}
	}
	if ext == ".csv" {
		return CSV
	}
	return Text
}

// firstLines returns up to n complete, non-empty lines of head (quotes are
// not followed: detection needs only a sample).
func firstLines(head []byte, n int) []string {
	var out []string
	for len(head) > 0 && len(out) < n {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			break // an incomplete last line is left out
		}
		if l := strings.TrimRight(string(head[:i]), "\r"); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
		head = head[i+1:]
	}
	if len(out) == 0 && len(head) > 0 {
		out = append(out, strings.TrimRight(string(head), "\r"))
	}
	return out
}

func splitLine(line string, comma rune) []string {
	r := csv.NewReader(strings.NewReader(line))
	r.Comma, r.LazyQuotes, r.FieldsPerRecord = comma, true, -1
	rec, err := r.Read()
	if err != nil {
		return nil
	}
	return rec
}

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
	roleID
)

// synonyms maps folded column names to their roles. Documented in the
// README.
var synonyms = map[string]role{
	"address": roleText, "full address": roleText, "fulladdress": roleText, "address line": roleText,
	"formatted address": roleText, "single line": roleText, "addr": roleStreet,
	"street": roleStreet, "street address": roleStreet, "streetaddress": roleStreet, "address1": roleStreet,
	"address 1": roleStreet, "address line 1": roleStreet, "addressline1": roleStreet, "line1": roleStreet,
	"line 1": roleStreet, "street1": roleStreet,
	"address2": roleStreet2, "address 2": roleStreet2, "address line 2": roleStreet2, "addressline2": roleStreet2,
	"line2": roleStreet2, "line 2": roleStreet2, "street2": roleStreet2,
	"house number": roleHouseNumber, "housenumber": roleHouseNumber, "house no": roleHouseNumber,
	"number": roleHouseNumber, "building number": roleHouseNumber,
	"organization": roleOrganization, "organisation": roleOrganization, "company": roleOrganization,
	"business": roleOrganization, "building": roleOrganization,
	"neighbourhood": roleNeighbourhood, "neighborhood": roleNeighbourhood, "area": roleNeighbourhood,
	"district": roleNeighbourhood, "suburb": roleNeighbourhood, "estate": roleNeighbourhood, "ward": roleNeighbourhood,
	"city": roleCity, "town": roleCity, "locality": roleCity, "village": roleCity,
	"lga": roleLGA, "local government": roleLGA, "local government area": roleLGA, "county": roleLGA,
	"state": roleState, "region": roleState, "province": roleState, "state province": roleState,
	"postal code": rolePostcode, "postalcode": rolePostcode, "postcode": rolePostcode, "post code": rolePostcode,
	"zip": rolePostcode, "zipcode": rolePostcode, "zip code": rolePostcode,
	"country": roleCountry, "country code": roleCountry, "countrycode": roleCountry,
	"id": roleID, "ref": roleID, "reference": roleID, "record id": roleID, "customer id": roleID,
}

// columnRole returns the role of a header name.
func columnRole(name string) (role, bool) {
	r, ok := synonyms[address.Fold(strings.ReplaceAll(name, "_", " "))]
	return r, ok
}

// mapping is which column holds each role (-1 for none).
type mapping struct {
	cols  [roleID + 1]int
	known bool // some column has a role
}

func mapHeader(header []string) mapping {
	var m mapping
	for i := range m.cols {
		m.cols[i] = -1
	}
	for i, h := range header {
		if r, ok := columnRole(h); ok && m.cols[r] < 0 {
			m.cols[r], m.known = i, true
		}
	}
	return m
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
