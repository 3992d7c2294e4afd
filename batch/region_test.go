package batch_test

import (
	"context"
	"testing"

	"github.com/addrkit/addrkit/batch"
)

// TestDefaultRegion: a request that names no region reads an address that
// implies another country by its street words and a postcode and city of
// that country as that country's (as address.Standardize does with no
// region), and echoes Nigeria; a region given outweighs that evidence.
func TestDefaultRegion(t *testing.T) {
	ctx := context.Background()
	gz, done := builtinGazetteer(ctx)
	defer done()
	for _, tt := range []struct{ region, country, city, echo string }{
		{"", "IT", "Firenze", "Nigeria"},
		{"Nigeria", "NG", "", "Nigeria"},
		{"IT", "IT", "Firenze", "IT"},
	} {
		region, err := batch.ResolveRegion(tt.region)
		if err != nil {
			t.Fatal(err)
		}
		row, err := batch.Validate(ctx, map[string]string{"address": "Galleria dell'Accademia, Via Ricasoli 58/60, 50122 Firenze"},
			batch.Options{Gazetteer: gz, Region: region})
		if err != nil {
			t.Fatal(err)
		}
		if row.CountryCode != tt.country || tt.city != "" && row.City != tt.city || batch.RegionName(region) != tt.echo {
			t.Errorf("region %q: country %s, city %q, echoed %q; want %s, %q, %q", tt.region, row.CountryCode, row.City,
				batch.RegionName(region), tt.country, tt.city, tt.echo)
		}
	}
}
