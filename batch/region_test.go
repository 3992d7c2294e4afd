package batch_test

import (
	"context"
	"testing"

	"github.com/addrkit/addrkit/batch"
)

// TestDefaultRegion: a request that names no region reads an address that
// implies another country by its street words and a postcode of that
// country as that country's (as address.Standardize does with no region),
// and echoes Nigeria; a region given outweighs that evidence, unless the
// gazetteer knows the city written with the postcode, which says where as
// "10117 Berlin" does.
func TestDefaultRegion(t *testing.T) {
	ctx := context.Background()
	gz, done := builtinGazetteer(ctx)
	defer done()
	const (
		known   = "Galleria dell'Accademia, Via Ricasoli 58/60, 50122 Firenze" // a city of the built-in gazetteer
		unknown = "Via Roma 12, 50022 Montefioralle"                           // a hamlet it does not know
	)
	for _, tt := range []struct{ text, region, country, city, echo string }{
		{known, "", "IT", "Firenze", "Nigeria"},
		{known, "Nigeria", "IT", "Firenze", "Nigeria"},
		{known, "IT", "IT", "Firenze", "IT"},
		{unknown, "", "IT", "", "Nigeria"},
		{unknown, "Nigeria", "NG", "", "Nigeria"},
		{unknown, "IT", "IT", "", "IT"},
	} {
		region, err := batch.ResolveRegion(tt.region)
		if err != nil {
			t.Fatal(err)
		}
		row, err := batch.Validate(ctx, map[string]string{"address": tt.text}, batch.Options{Gazetteer: gz, Region: region})
		if err != nil {
			t.Fatal(err)
		}
		if row.CountryCode != tt.country || tt.city != "" && row.City != tt.city || batch.RegionName(region) != tt.echo {
			t.Errorf("%q, region %q: country %s, city %q, echoed %q; want %s, %q, %q", tt.text, tt.region, row.CountryCode, row.City,
				batch.RegionName(region), tt.country, tt.city, tt.echo)
		}
	}
}
