package address_test

import (
	"maps"
	"testing"

	"github.com/addrkit/addrkit/address"
)

func TestGeocodeChecks(t *testing.T) {
	gz := builtinGazetteer(t)
	tests := []struct {
		in        string
		checks    map[string]address.Check // a subset of the result's
		validated bool
	}{
		{"Plot 339 Cadastral Zone A08, Wuse 2, Abuja", map[string]address.Check{"neighbourhood": address.Confirmed, "city": address.Confirmed, "lga": address.Inferred}, true},
		{"12 Adeola Odeku Street, Victoria Island, Lagos", map[string]address.Check{"street": address.Unconfirmed, "house_number": address.Unconfirmed, "city": address.Confirmed, "lga": address.Inferred, "state": address.Confirmed}, false},
		{"Ikorodo, Lagos", map[string]address.Check{"city": address.Corrected, "state": address.Confirmed}, true},
		{"45 Bode Thomas Street, Surulere, Lagos, Kano State", map[string]address.Check{"state": address.Corrected, "neighbourhood": address.Confirmed}, false},
		{"Ikeja, Ogun State", map[string]address.Check{"city": address.Confirmed, "state": address.Corrected}, false},
		{"Sabo Yaba Lagos", map[string]address.Check{"neighbourhood": address.Unconfirmed, "city": address.Confirmed}, false},
		{"5 Osuntokun Avenue, Old Bodija Ibadan", map[string]address.Check{"neighbourhood": address.Confirmed, "city": address.Confirmed, "street": address.Unconfirmed}, false},
		{"Victoria Island, Eti-Osa, Lagos", map[string]address.Check{"lga": address.Confirmed}, true},
		{"Qwxyz Town", map[string]address.Check{"city": address.Unconfirmed}, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			r := geocode(t, gz, tc.in)
			got := map[string]address.Check{}
			for f := range tc.checks {
				if c := r.Checks.Get(f); c != "" {
					got[f] = c
				}
			}
			if !maps.Equal(got, tc.checks) || r.Validated != tc.validated {
				t.Errorf("Geocode(%q): checks %v, validated %v; want %v, %v (verdict %s, reasons %q)", tc.in, r.Checks, r.Validated, tc.checks, tc.validated, r.Verdict, r.Reasons)
			}
		})
	}
}
