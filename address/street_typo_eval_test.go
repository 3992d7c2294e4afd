package address_test

import (
	"context"
	"encoding/csv"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// streetTypoFloor is the least share, in per cent, of the streets of
// TestEvalStreetTypos that must come back with the name the gazetteer
// records: the figure measured when a record's word that no other name
// holds stopped replacing the word written (37.67%; 47.67% while that
// held at two edits or more only), less two points. The typo of a rare
// name is then kept (the street found all the same, the record's spelling
// in the reasons); the correct name against a record's misspelling
// ("Louis Solomon Close", recorded "Loius") is kept too, which put eleven
// halves of the Nigerian corpora up on the imported gazetteer and none
// down.
const streetTypoFloor = 35.6

// TestEvalStreetTypos measures how often a street typed with one letter
// changed is put back to the name the gazetteer records: 300 streets of
// NIPOST's urban list (fixed seed), each written "5 <street>, <area>,
// <town>, <state>" with one letter replaced by a random one, geocoded on
// the imported Nigerian gazetteer. The rest keep the name as typed (the
// street found all the same, or not found).
func TestEvalStreetTypos(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	shared := shareddata.Dir(t)
	gz := storetest.Nigeria(t, shared)
	f, err := os.Open(filepath.Join(shared, "ng-nipost-postcodes", "urban_postcodes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rng := rand.New(rand.NewSource(7))
	back, kept, n := 0, 0, 0
	for n < 300 {
		r := rows[1+rng.Intn(len(rows)-1)] // town, state, street, postcode, area
		street := strings.Join(strings.Fields(r[2]), " ")
		if len(street) < 10 {
			continue
		}
		rs := []rune(street)
		i := rng.Intn(len(rs))
		if rs[i] == ' ' {
			continue
		}
		rs[i] = rune('a' + rng.Intn(26))
		typo := string(rs)
		if strings.EqualFold(typo, street) {
			continue
		}
		s, err := address.Standardize(ctx, address.Input{Text: "5 " + typo + ", " + r[4] + ", " + r[0] + ", " + r[1]})
		if err != nil {
			t.Fatal(err)
		}
		res, err := address.Geocode(ctx, gz, s)
		if err != nil {
			t.Fatal(err)
		}
		n++
		switch got := address.StreetKey(res.Address.Street); {
		case strings.HasPrefix(got, address.StreetKey(street)):
			back++
		case strings.HasPrefix(got, address.StreetKey(typo)):
			kept++
		}
	}
	pct := 100 * float64(back) / float64(n)
	t.Logf("of %d NIPOST streets with a letter changed: %d (%.2f%%) put back to the gazetteer's name, %d kept as typed", n, back, pct, kept)
	if pct < streetTypoFloor {
		t.Errorf("%.2f%% of the streets put back, below the floor %.1f%%", pct, streetTypoFloor)
	}
}
