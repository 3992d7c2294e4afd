package address

import "unicode/utf8"

// Address holds the standardized components of one postal address. Empty
// strings mean "not given". Every name is in canonical casing; Country is the
// ISO 3166-1 alpha-2 code and StateCode the ISO 3166-2 code where known.
type Address struct {
	Organization  string     `json:"organization,omitempty"` // organization or building name
	Unit          Unit       `json:"unit,omitzero"`
	Level         string     `json:"level,omitempty"` // "2nd Floor", "Ground Floor"
	Premises      []Premise  `json:"premises,omitempty"`
	HouseNumber   string     `json:"house_number,omitempty"` // "12A", "60-66"
	Street        string     `json:"street,omitempty"`       // full street name, "Adeola Odeku Street"
	StreetName    string     `json:"street_name,omitempty"`  // "Adeola Odeku"
	StreetType    string     `json:"street_type,omitempty"`  // "Street"
	Landmarks     []Landmark `json:"landmarks,omitempty"`
	Estate        string     `json:"estate,omitempty"`         // "Sunview Estate"
	Phase         string     `json:"phase,omitempty"`          // "Phase 2"
	CadastralZone string     `json:"cadastral_zone,omitempty"` // Abuja cadastral zone, "A08"
	Neighbourhood string     `json:"neighbourhood,omitempty"`
	City          string     `json:"city,omitempty"`
	LGA           string     `json:"lga,omitempty"` // Local Government Area, county or district
	State         string     `json:"state,omitempty"`
	StateCode     string     `json:"state_code,omitempty"` // ISO 3166-2, "NG-LA"
	Postcode      string     `json:"postcode,omitempty"`
	POBox         string     `json:"po_box,omitempty"` // "P.O. Box 123", "PMB 1234"
	// PlusCode is an Open Location Code written in the address, full
	// ("6FR5JFM7+Q9") or short ("8JGR+PQW", to be recovered from the locality).
	PlusCode    string `json:"plus_code,omitempty"`
	Country     string `json:"country,omitempty"` // ISO 3166-1 alpha-2
	CountryName string `json:"country_name,omitempty"`
	// Removed holds the contact details pasted into the text (phone
	// numbers with the word that introduced them, e-mail and web
	// addresses), a caption that opened it ("Branch Address"), an
	// organization's short name in brackets after its name ("PDP"), a
	// description of its trade there ("Quantity Surveyors") and a
	// delivery instruction that ended it ("ask for Mama Chinedu"), as
	// written: they are no part of the address, and are kept here so that
	// nothing the user wrote is lost. The warnings contact_removed,
	// caption_removed, short_name_removed, description_removed and
	// instruction_removed name them.
	Removed []string `json:"removed,omitempty"`
}

// Unit is a unit inside a building: a flat, suite, shop or office.
type Unit struct {
	Type   string `json:"type,omitempty"`   // "Flat", "Suite", "Shop"
	Number string `json:"number,omitempty"` // "3B"
}

// String returns "Flat 3B"; a word written after the number in East
// Asia stays after it: "501号室", "1203호".
func (u Unit) String() string {
	if u.Type == "" {
		return u.Number
	}
	if u.Number == "" {
		return u.Type
	}
	if afterNumber(u.Type) {
		return u.Number + u.Type
	}
	return u.Type + " " + u.Number
}

// Premise is a plot, block, house or compound identifier ("Plot 339").
type Premise struct {
	Type   string `json:"type"`
	Number string `json:"number"`
}

// String returns "Plot 339".
func (p Premise) String() string {
	if afterNumber(p.Type) {
		return p.Number + p.Type // "3栋", "2单元": the word after the number, as East Asia writes it
	}
	return p.Type + " " + p.Number
}

// afterNumber reports whether a unit's or premise's type is a word written
// after its number in East Asia ("号室", "호", "栋").
func afterNumber(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return r >= 0x1100
}

// Landmark is a place the address is described relative to, as in
// "Off Allen Avenue" or "Opposite Crown Estate". Relation is empty for a
// second street named without one.
type Landmark struct {
	Relation string `json:"relation,omitempty"` // "Off", "Opposite", "Beside", "Close to"...
	Name     string `json:"name"`
}

// String returns "Off Allen Avenue".
func (l Landmark) String() string {
	if l.Relation == "" {
		return l.Name
	}
	return l.Relation + " " + l.Name
}

// Label names what a token of the input is.
type Label string

// The labels of parsed tokens.
const (
	LabelOrganization     Label = "organization"
	LabelUnitType         Label = "unit_type"
	LabelUnitNumber       Label = "unit_number"
	LabelLevel            Label = "level"
	LabelPremiseType      Label = "premise_type"
	LabelPremiseNumber    Label = "premise_number"
	LabelHouseNumber      Label = "house_number"
	LabelStreetName       Label = "street_name"
	LabelStreetType       Label = "street_type"
	LabelLandmarkRelation Label = "landmark_relation"
	LabelLandmark         Label = "landmark"
	LabelEstate           Label = "estate"
	LabelPhase            Label = "phase"
	LabelCadastralZone    Label = "cadastral_zone"
	LabelNeighbourhood    Label = "neighbourhood"
	LabelCity             Label = "city"
	LabelLGA              Label = "lga"
	LabelState            Label = "state"
	LabelPostcode         Label = "postcode"
	LabelPOBox            Label = "po_box"
	LabelPlusCode         Label = "plus_code"
	LabelCountry          Label = "country"
	LabelUnresolved       Label = "unresolved"
)

// Token is one word of the input with the label the parser gave it.
type Token struct {
	Text  string `json:"text"`
	Label Label  `json:"label"`
}

// ChangeKind says how standardization changed one field.
type ChangeKind string

// The kinds of change, in the spirit of Smarty's change records.
const (
	Unchanged ChangeKind = "unchanged" // same text, perhaps recased or repunctuated
	Alias     ChangeKind = "alias"     // an abbreviation or alias replaced by the canonical name
	Spelling  ChangeKind = "spelling"  // a misspelling corrected
	Added     ChangeKind = "added"     // not in the input; inferred or defaulted
	Removed   ChangeKind = "removed"   // in the input but invalid or redundant; see Unresolved
)

// Change records what standardization did to one field.
type Change struct {
	Field string     `json:"field"`
	Kind  ChangeKind `json:"kind"`
	From  string     `json:"from,omitempty"`
	To    string     `json:"to,omitempty"`
	// Reason says why, where the change needs one: for the country, whether
	// the address named it, implied it (and by what), or the region or the
	// default gave it.
	Reason string `json:"reason,omitempty"`
}

// Warning is a problem found while standardizing that does not stop it,
// such as a postcode that contradicts the state.
type Warning struct {
	Field   string `json:"field"`
	Code    string `json:"code"` // stable: postcode_invalid, postcode_state_mismatch, state_unknown, country_mismatch, contact_removed, caption_removed, short_name_removed, description_removed, instruction_removed
	Message string `json:"message"`
}

// Standardized is the result of Standardize.
type Standardized struct {
	Address Address `json:"address"`
	// Tokens are the input words, in order, each with its label.
	Tokens []Token `json:"tokens"`
	// Unresolved holds the parts of the input that no component took.
	Unresolved []string  `json:"unresolved,omitempty"`
	Changes    []Change  `json:"changes,omitempty"`
	Warnings   []Warning `json:"warnings,omitempty"`
	// Line is the address on one line in the country's customary order;
	// Line1 and Line2 split it into the delivery line and the last line.
	Line  string `json:"line"`
	Line1 string `json:"line1"`
	Line2 string `json:"line2"`

	// regional is the reading of the text in its region when this one
	// took a code of two or three letters ("PH") or a name ("Benin") for
	// another country: Geocode keeps it when the region's gazetteer
	// confirms the code as a place and places the address better
	// (regionalByName: see Geocode).
	regional           *Standardized
	regionalByName     bool
	regionalByLanguage bool // the country came from a street word's language
	// script are the countries that write the script that implied the
	// country (see scriptReading).
	script []string
	// input is what was read, kept when the text wrote no country, for
	// Geocode to read it in another country (see foreignReading)
	input *Input
	// orgFirst is set when a branch's caption after the first part was
	// set apart (takeBranchCaption): the first part names the
	// organization, unless it is a place the gazetteer knows.
	orgFirst bool
}
