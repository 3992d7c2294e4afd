package batch

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/fault"
)

// The errors of Validate are *fault.Error values (internal/fault), each
// with a message for a client; these are the codes callers test for.
var (
	// ErrUnknownField is of the code of the error for a field whose name
	// is no column name a batch input may use (the error names them).
	ErrUnknownField = fault.New(fault.UnknownField, "A field is no column name of a batch input.")
	// ErrDuplicateField and ErrFieldTooLong are of the code of the errors
	// for two fields that name the same component ("zip" and
	// "postal_code") and for a field over 4 KB, the limit of a batch cell.
	ErrDuplicateField = fault.New(fault.InvalidField, "Two fields name the same component.")
	ErrFieldTooLong   = fault.New(fault.InvalidField, "A field is longer than %d bytes.", maxFieldBytes)
)

// DefaultRegion is the region of a request that names none: its addresses
// are read as this country's unless one implies another (a city with a
// postcode of its country, the language of its street words), which a
// region given explicitly outweighs (address.Input.Region).
const DefaultRegion = "Nigeria"

// ResolveRegion checks the region of a request and returns the one to
// apply: region, or "" when it is empty, which is DefaultRegion read as
// the default (see RegionName). A region that names no country the service
// knows, or holds a control character, is an invalid_region fault.
func ResolveRegion(region string) (string, error) {
	if region == "" {
		return "", nil
	}
	if strings.IndexFunc(region, unicode.IsControl) >= 0 {
		return "", fault.New(fault.InvalidRegion, "region has a control character; send a country name or ISO 3166-1 code.")
	}
	if _, ok := address.LookupCountry(region); !ok {
		return "", fault.New(fault.InvalidRegion, "region %q is not a country name or ISO 3166-1 code the service knows.", region)
	}
	return region, nil
}

// RegionName is the region a response echoes: region, or DefaultRegion
// when the request named none.
func RegionName(region string) string {
	if region == "" {
		return DefaultRegion
	}
	return region
}

// Validate standardizes and geocodes one address given as fields named as
// the columns of a batch input ("address" for a whole address on one line,
// or "street", "city", "state", "postal_code", "country"...), with the
// Gazetteer and Region of opts, and returns its Row: the same result a
// batch row of those columns gives. Every request it refuses is a
// *fault.Error: a field of no known name (of ErrUnknownField's code; the
// error names the known ones), two fields of one component, a field too
// long, a region it does not know (see ResolveRegion), a country field
// naming no country, an address too long, or no text at all (no_address).
func Validate(ctx context.Context, fields map[string]string, opts Options) (Row, error) {
	if opts.Gazetteer == nil {
		return Row{}, ErrNoGazetteer
	}
	region, err := ResolveRegion(opts.Region)
	if err != nil {
		return Row{}, err
	}
	opts.Region = region
	header := make([]string, 0, len(fields))
	for name := range fields {
		header = append(header, name)
	}
	slices.Sort(header) // one order, whatever the map's
	rec := make([]string, len(header))
	var unknown []string
	roles := map[role]string{}
	for i, name := range header {
		r, ok := columnRole(name)
		if !ok {
			unknown = append(unknown, name)
		} else if other, dup := roles[r]; dup {
			return Row{}, fault.New(fault.InvalidField, "%s and %s name the same field.", other, name)
		} else {
			roles[r] = name
		}
		if len(fields[name]) > maxFieldBytes {
			return Row{}, fault.New(fault.InvalidField, "%s is longer than %d bytes.", name, maxFieldBytes)
		}
		rec[i] = fields[name]
	}
	if len(unknown) > 0 {
		return Row{}, fault.New(fault.UnknownField, "Unknown field %s; the fields are the column names of a batch input: %s.",
			strings.Join(unknown, ", "), strings.Join(FieldNames(), ", "))
	}
	m := mapHeader(header)
	s, err := address.Standardize(ctx, m.input(rec, opts.Region))
	switch {
	case errors.Is(err, address.ErrEmpty):
		return Row{}, fault.Wrap(err, fault.NoAddress, "The address has no letter or digit.")
	case errors.Is(err, address.ErrTooLong):
		return Row{}, fault.Wrap(err, fault.InvalidField, "The address is longer than %d bytes.", address.MaxInputBytes)
	case errors.Is(err, address.ErrUnknownRegion):
		return Row{}, fault.Wrap(err, fault.InvalidField, "The country field names no country the service knows.")
	case err != nil:
		return Row{}, err
	}
	r, err := address.Geocode(ctx, opts.Gazetteer, s)
	if err != nil {
		return Row{}, err
	}
	if r.Reading != nil {
		s = *r.Reading
	}
	o := outcome{s: s, r: r}
	return o.row(), nil
}

// ValidatePlace answers for exactly the gazetteer's place with the id (an
// autocomplete suggestion's; see address.GeocodePlace), with the house
// number and unit carried when given. A fault of code place_not_found
// when the gazetteer holds no such place.
func ValidatePlace(ctx context.Context, id, houseNumber string, unit address.Unit, opts Options) (Row, error) {
	if opts.Gazetteer == nil {
		return Row{}, ErrNoGazetteer
	}
	r, err := address.GeocodePlace(ctx, opts.Gazetteer, id, houseNumber, unit)
	if errors.Is(err, address.ErrNoPlace) {
		return Row{}, fault.Wrap(err, fault.PlaceNotFound, "No place has the id %q: send an id of a suggestion of this service.", id)
	}
	if err != nil {
		return Row{}, err
	}
	o := placed(r)
	return o.row(), nil
}

// ReversePoint answers for the place at a point (address.Reverse) as a
// row of a batch output, with what Reverse found (the distance to the
// place, the Plus Code of the point). A fault of code invalid_parameter
// for coordinates that are no point, nothing_near when the gazetteer holds
// no place near it.
func ReversePoint(ctx context.Context, lat, lon float64, opts Options) (Row, address.Reversed, error) {
	if opts.Gazetteer == nil {
		return Row{}, address.Reversed{}, ErrNoGazetteer
	}
	r, err := address.Reverse(ctx, opts.Gazetteer, lat, lon)
	switch {
	case errors.Is(err, address.ErrBadPoint):
		return Row{}, r, fault.Wrap(err, fault.InvalidParameter, "lat must be a latitude from -90 to 90 and lon a longitude from -180 to 180, in degrees.")
	case errors.Is(err, address.ErrNothingNear):
		return Row{}, r, fault.Wrap(err, fault.NothingNear, "The gazetteer holds no place within %d km of %g,%g.", address.ReverseFarthest/1000, lat, lon)
	case err != nil:
		return Row{}, r, err
	}
	o := placed(r.Result)
	return o.row(), r, nil
}

// placed is the outcome of a result that no text was read for (a place
// chosen by its id, or found at a point): its address, written in its
// country's order, stands as the standardized address.
func placed(r address.Result) outcome {
	s := address.Standardized{Address: r.Address}
	s.Line, s.Line1, s.Line2 = r.Address.Lines()
	return outcome{s: s, r: r}
}

// FieldNames returns the column names a batch input (and Validate) reads,
// in the customary spelling: one per role ("address", "street",
// "postal_code"...), though each role has other names too.
func FieldNames() []string {
	return []string{"address", "organization", "house_number", "street", "street2", "neighbourhood",
		"city", "lga", "state", "postal_code", "country", "id"}
}
