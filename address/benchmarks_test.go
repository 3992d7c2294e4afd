package address

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// benchAddresses loads up to max real address strings from the shared
// data: Google-formatted addresses and "pu_name, ward, lga, state" lines of
// the INEC polling units, and "street, area, town, state" lines of the NIPOST
// urban postcodes, interleaved.
func benchAddresses(b *testing.B, max int) []string {
	dir := sharedData(b)
	var google, inec, nipost []string
	readCSV(b, filepath.Join(dir, "ng-inec-polling-units", "polling_units.csv"), func(r map[string]string) {
		if len(inec) < max {
			inec = append(inec, strings.Join([]string{r["pu_name"], r["ward"], r["lga"], r["state"]}, ", "))
		}
		if g := r["google_formatted_address"]; g != "" && len(google) < max {
			google = append(google, g)
		}
	})
	readCSV(b, filepath.Join(dir, "ng-nipost-postcodes", "urban_postcodes.csv"), func(r map[string]string) {
		if len(nipost) < max {
			nipost = append(nipost, strings.Join([]string{r["street"], r["area"], r["town"], r["state"]}, ", "))
		}
	})
	var out []string
	for i := 0; len(out) < max && (i < len(google) || i < len(inec) || i < len(nipost)); i++ {
		for _, src := range [][]string{google, inec, nipost} {
			if i < len(src) && len(out) < max {
				out = append(out, src[i])
			}
		}
	}
	return out
}

// BenchmarkStandardize standardizes real Nigerian address strings on one
// goroutine and reports addresses per second.
func BenchmarkStandardize(b *testing.B) {
	addrs := benchAddresses(b, 30000)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Standardize(ctx, Input{Text: addrs[i%len(addrs)]}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "addresses/s")
}

// BenchmarkStandardizeInternational standardizes the addresses of
// TestEvalInternational (many countries and scripts, no region) in turn.
func BenchmarkStandardizeInternational(b *testing.B) {
	dir := sharedData(b)
	cases := openCageCases(b, filepath.Join(dir, "intl-address-formatting-testcases", "countries"))
	cases = append(cases, openAddressesCases(b, filepath.Join(dir, "intl-openaddresses-excerpts"))...)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Standardize(ctx, Input{Text: cases[i%len(cases)].text}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "addresses/s")
}
