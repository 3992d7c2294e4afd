package batch

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/addrkit/addrkit/address"
)

// ErrUnknownField is returned by Validate for a field whose name is no
// column name a batch input may use.
var ErrUnknownField = errors.New("batch: unknown field")

// ErrDuplicateField is returned by Validate for two fields that name the
// same component ("zip" and "postal_code").
var ErrDuplicateField = errors.New("batch: duplicate field")

// ErrFieldTooLong is returned by Validate for a field over 4 KB, the
// limit of a batch cell.
var ErrFieldTooLong = fmt.Errorf("batch: field longer than %d bytes", maxFieldBytes)

// Validate standardizes and geocodes one address given as fields named as
// the columns of a batch input ("address" for a whole address on one line,
// or "street", "city", "state", "postal_code", "country"...), with the
// Gazetteer and Region of opts, and returns its Row: the same result a
// batch row of those columns gives. A field of no known name is
// ErrUnknownField (the error names the known ones); no text at all is
// address.ErrEmpty; the standardizer's errors (address.ErrTooLong,
// address.ErrUnknownRegion) are returned as they are.
func Validate(ctx context.Context, fields map[string]string, opts Options) (Row, error) {
	if opts.Gazetteer == nil {
		return Row{}, ErrNoGazetteer
	}
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
			return Row{}, fmt.Errorf("%w: %s and %s name the same field", ErrDuplicateField, other, name)
		} else {
			roles[r] = name
		}
		if len(fields[name]) > maxFieldBytes {
			return Row{}, fmt.Errorf("%w: %s", ErrFieldTooLong, name)
		}
		rec[i] = fields[name]
	}
	if len(unknown) > 0 {
		return Row{}, fmt.Errorf("%w %s; the fields are the column names of a batch input: %s",
			ErrUnknownField, strings.Join(unknown, ", "), strings.Join(FieldNames(), ", "))
	}
	m := mapHeader(header)
	s, err := address.Standardize(ctx, m.input(rec, opts.Region))
	if err != nil {
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

// FieldNames returns the column names a batch input (and Validate) reads,
// in the customary spelling: one per role ("address", "street",
// "postal_code"...), though each role has other names too.
func FieldNames() []string {
	return []string{"address", "organization", "house_number", "street", "street2", "neighbourhood",
		"city", "lga", "state", "postal_code", "country", "id"}
}
