package importer_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// TestNigeriaStreetTypes checks the name of every street of the gazetteer
// that scripts/import-nigeria.sh builds from ../shared/data (or the one in
// $ADDRKIT_EVAL_GAZETTEER), which begins its autocomplete label, and the
// street of every address point: the type that ends it must be written once
// and in canonical form. The NIPOST street list appends a type to names
// that already carry one ("Adeola Odeku St St.", "Allen Ave St.").
func TestNigeriaStreetTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("the Nigerian gazetteer: skipped in -short mode")
	}
	g := storetest.Nigeria(t, shareddata.Dir(t))
	checked := 0
	found := map[string][]string{} // problem: the names that have it
	err := g.Scan(context.Background(), func(p address.Place) error {
		name := p.Name
		switch p.Kind {
		case address.KindStreet:
		case address.KindAddress:
			name = p.Street
		default:
			return nil
		}
		checked++
		if problem := streetTypeProblem(name); problem != "" {
			found[problem] = append(found[problem], fmt.Sprintf("%s %q", p.ID, name))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("the gazetteer has no streets: the NIPOST street list was not imported")
	}
	t.Logf("%d street names checked", checked)
	problems := make([]string, 0, len(found))
	for pr := range found {
		problems = append(problems, pr)
	}
	sort.Strings(problems)
	for _, pr := range problems {
		names := found[pr]
		t.Errorf("%d streets with a %s, such as %s", len(names), pr, strings.Join(names[:min(5, len(names))], ", "))
	}
}

// streetTypeProblem says what is wrong with the street type that ends
// name, or returns "" when nothing is.
func streetTypeProblem(name string) string {
	w := strings.Fields(name)
	n := len(w)
	if n == 0 {
		return ""
	}
	last, ok := address.StreetType(w[n-1])
	if !ok {
		return ""
	}
	if n >= 2 {
		prev, ok := address.StreetType(w[n-2])
		switch {
		case !ok:
		case prev == last:
			return "repeated type"
		case n >= 3 && (last == "Street" || address.Fold(w[n-2]) != address.Fold(prev)):
			// "Allen Avenue Street", "Ikorodu Rd Close": a name that
			// carried its type was given another
			return "type after the name's own"
		}
	}
	if w[n-1] != last {
		return "type not in canonical form"
	}
	return ""
}
