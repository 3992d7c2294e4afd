package address

import (
	"context"
	"github.com/addrkit/addrkit/internal/shareddata"
	"path/filepath"
	"strings"
	"testing"
)

// sharedData returns the folder of the shared public datasets, skipping
// the test when it is absent.
func sharedData(tb testing.TB) string { return shareddata.Dir(tb) }

// readCSV streams the records of a CSV file with a header row to fn.
func readCSV(tb testing.TB, path string, fn func(row map[string]string)) {
	tb.Helper()
	shareddata.ReadCSV(tb, path, fn)
}

// tally counts how many of a set of distinct inputs resolved.
type tally struct{ n, ok int }

func (t tally) share() float64 {
	if t.n == 0 {
		return 0
	}
	return 100 * float64(t.ok) / float64(t.n)
}

// nigeriaFloors are the least TestEvalNigeria accepts, in per cent, for the
// figures of docs/figures.md ("Quality: TestEvalNigeria") that have no
// target: each the figure less half a point. (Each state figure has its
// own check: every state string, and 99% of each source's lines.)
var nigeriaFloors = shareddata.Floors{
	"NIPOST street strings read as a street":        80.7,
	"NIPOST postcodes fitting their state's region": 99.4,
}

// TestEvalNigeria standardizes every distinct state, town and street string
// of the NIPOST postcode files and every distinct polling-unit line of the
// INEC file, and reports how many resolve to the state they are labelled
// with. Run it with -v to see the figures.
func TestEvalNigeria(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation skipped in -short mode")
	}
	dir := sharedData(t)
	ctx := context.Background()
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	wantState := func(label string) (string, bool) {
		m, ok := lookupSubdivision("NG", Fold(label))
		if !ok {
			return "", false
		}
		return m.sub.Code, true
	}

	// 1. Every distinct state string, as a structured field.
	states := map[string]bool{}
	// 2. Free text lines built the way people write them, each labelled.
	type line struct{ text, state string }
	var lines = map[string][]line{}
	seen := map[string]bool{}
	addLine := func(source, text, state string) {
		k := source + "\x00" + text + "\x00" + state
		if text == "" || seen[k] {
			return
		}
		seen[k] = true
		lines[source] = append(lines[source], line{text, state})
	}
	pc := tally{}
	pcMismatch := map[string]int{}
	checkPostcode := func(code, state string) {
		code = strings.TrimSpace(code)
		want, ok := wantState(state)
		if !ok || len(code) != 6 || !isDigits(code) {
			return
		}
		pc.n++
		m, _ := lookupSubdivision("NG", Fold(want[3:]))
		if postcodeFitsState(code, m.sub) {
			pc.ok++
		} else {
			pcMismatch[want+" "+code[:2]]++
		}
	}
	nipost := filepath.Join(dir, "ng-nipost-postcodes")
	streets, towns := map[string]bool{}, map[string]bool{}
	readCSV(t, filepath.Join(nipost, "urban_postcodes.csv"), func(r map[string]string) {
		states[r["state"]] = true
		streets[r["street"]] = true
		towns[r["town"]] = true
		addLine("nipost-urban street, area, town, state", strings.Join([]string{r["street"], r["area"], r["town"], r["state"]}, ", "), r["state"])
		checkPostcode(r["postcode"], r["state"])
	})
	readCSV(t, filepath.Join(nipost, "rural_postcodes.csv"), func(r map[string]string) {
		states[r["state"]] = true
		towns[r["town"]] = true
		addLine("nipost-rural town, district, lga, state", strings.Join([]string{r["town"], r["district"], r["lga"], r["state"]}, ", "), r["state"])
		checkPostcode(r["postcode"], r["state"])
	})
	readCSV(t, filepath.Join(nipost, "facility_postcodes.csv"), func(r map[string]string) {
		states[r["state"]] = true
		addLine("nipost-facility facility, lga, state", strings.Join([]string{r["facility"], r["lga"], r["state"]}, ", "), r["state"])
		checkPostcode(r["postcode"], r["state"])
	})
	readCSV(t, filepath.Join(dir, "ng-inec-polling-units", "polling_units.csv"), func(r map[string]string) {
		states[r["state"]] = true
		addLine("inec pu_name, ward, lga, state", strings.Join([]string{r["pu_name"], r["ward"], r["lga"], r["state"]}, ", "), r["state"])
	})

	st := tally{}
	for s := range states {
		if Fold(s) == "state" {
			t.Logf("skipping %q: a header row repeated inside the data", s)
			continue
		}
		st.n++
		res, err := Standardize(ctx, Input{State: s})
		want, _ := wantState(s)
		if err == nil && res.Address.StateCode != "" && (want == "" || res.Address.StateCode == want) {
			st.ok++
		} else {
			t.Logf("state string %q did not resolve", s)
		}
	}
	rep.Logf("distinct state strings: %d, resolved to a known state: %d (%.2f%%)", st.n, st.ok, st.share())
	if st.ok != st.n {
		t.Errorf("%d state strings did not resolve", st.n-st.ok)
	}

	for _, source := range []string{"nipost-urban street, area, town, state", "nipost-rural town, district, lga, state", "nipost-facility facility, lga, state", "inec pu_name, ward, lga, state"} {
		var all, right, wrong, none, abroad tally
		for _, l := range lines[source] {
			all.n++
			res, err := Standardize(ctx, Input{Text: l.text})
			if err != nil {
				none.ok++
				continue
			}
			want, _ := wantState(l.state)
			if res.Address.Country != "NG" {
				abroad.ok++
				if abroad.ok <= 5 {
					t.Errorf("  %s: %q moved to %s", source, l.text, res.Address.Country)
				}
			}
			switch got := res.Address.StateCode; {
			case got == want:
				right.ok++
			case got == "":
				none.ok++
				if none.ok <= 5 {
					t.Logf("  %s: %q -> no state (%s), want %s", source, l.text, res.Address.Country, want)
				}
			default:
				wrong.ok++
				if wrong.ok <= 3 {
					t.Logf("  %s: %q -> %s, want %s", source, l.text, got, want)
				}
			}
		}
		right.n, wrong.n, none.n, abroad.n = all.n, all.n, all.n, all.n
		rep.Logf("%s: %d distinct lines; labelled state %.2f%%, other state %.2f%%, no state %.2f%%, another country %.2f%%",
			source, all.n, right.share(), wrong.share(), none.share(), abroad.share())
		if right.share() < 99 {
			t.Errorf("%s: only %.2f%% resolved to the labelled state, want at least 99%%", source, right.share())
		}
	}
	// share standardizes each string of set with in and counts those for
	// which ok holds.
	share := func(set map[string]bool, in func(string) Input, ok func(Address) bool) tally {
		var c tally
		for s := range set {
			c.n++
			if res, err := Standardize(ctx, in(s)); err == nil && ok(res.Address) {
				c.ok++
			}
		}
		return c
	}
	street := share(streets, func(s string) Input { return Input{Street: s} }, func(a Address) bool { return a.Street != "" })
	rep.Logf("distinct NIPOST street strings: %d, standardized as a street: %.2f%%", street.n, street.share())
	// A town alone names a state only when it is a state or the capital that
	// stands for one ("Abuja"); the rest is for the gazetteer (Geocode).
	town := share(towns, func(s string) Input { return Input{Text: s} }, func(a Address) bool { return a.StateCode != "" })
	rep.Logf("distinct NIPOST town strings: %d, naming a state by themselves: %.2f%% (the others need the gazetteer)", town.n, town.share())
	rep.Logf("NIPOST 6-digit postcodes consistent with their state's postal region: %d of %d (%.2f%%)", pc.ok, pc.n, pc.share())
	nigeriaFloors.Check(t, map[string]float64{
		"NIPOST street strings read as a street":        street.share(),
		"NIPOST postcodes fitting their state's region": pc.share(),
	})
	for k, n := range pcMismatch {
		if n >= 20 {
			rep.Logf("  frequent mismatch: %s (%d rows)", k, n)
		}
	}
}
