package address_test

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
)

// worldCorpora are the corpora of addresses of other countries, labelled
// by hand, with the least share of labelled components (country included)
// TestEvalWorldTyped accepts on each half, in per cent: the lower figure
// of the two halves measured, less three points.
var worldCorpora = []struct {
	name  string
	floor float64
}{
	// typed as people type them into a search box: lower case, no
	// commas, often no country or postcode
	{"testdata/world-typed.txt", 95.2},
	// written as on contact pages and shop fronts: a venue first, a flat
	// or floor, a district, the country in its own language
	{"testdata/world-written.txt", 88.0},
	// both kinds, written blind by someone who never ran addrkit, in 33
	// countries; scored before any change for it: 84.47 / 82.59%. Its
	// failures were then read (both halves): 89.71 / 91.08% after
	{"testdata/world-blind.txt", 86.7},
	// a second blind set, 47 countries, scored before the changes the
	// first one led to (82.33 / 79.88%) and after them (86.74 / 84.62%),
	// then read on its tuning half only: its held half stays unseen
	{"testdata/world-blind2.txt", 81.6},
	// a third blind set, 49 countries, written on 2026-11-27 and scored
	// before any change for it: 85.87 / 90.37%; then read on its tuning
	// half only
	{"testdata/world-blind3.txt", 84.6},
	// a fourth blind set, 73 countries, written on 2026-11-27 for search-box
	// typing (half lower case without commas, venues first, Cyrillic and
	// Greek), scored before any change for it: 80.22 / 80.31% (79.33 /
	// 78.74% at the day's start); then read on its tuning half only
	{"testdata/world-blind4.txt", 79.6},
	// a fifth blind set, 31 countries, written on 2026-11-27 as formal
	// postal addresses (a contact page, a letterhead: commas, each
	// country's order, boxes, units and floors), scored before any change
	// for it: 92.63 / 87.63%; then read on its tuning half only
	{"testdata/world-blind5.txt", 84.6},
	// a sixth blind set, 49 countries, written on 2026-11-27 like a
	// worldwide map search (venues first, search-box typing, postal forms,
	// eight scripts), scored before any change for it: 82.76 / 87.37%;
	// then read on its tuning half only
	{"testdata/world-blind6.txt", 79.7},
	// a seventh blind set, 31 countries, written on 2026-11-27 as a
	// parser's test suite would pick them (venues first, half of them
	// lower case without commas; neighbourhoods with city districts,
	// counties and provinces), scored before any change for it: 82.48 /
	// 77.34%; then read on its tuning half only
	{"testdata/world-blind7.txt", 74.3},
	// an eighth blind set, 26 countries, written on 2026-11-27 after the
	// day's changes for world-blind7 to measure them on lines nobody had
	// seen, scored before any change for it: 91.37 / 91.06% (90.11 /
	// 91.06% at the day's start, 143cccc); then read on its tuning half
	// only
	{"testdata/world-blind8.txt", 88.0},
	// a ninth blind set, 35 countries, written on 2026-11-27 to stress
	// exonyms and cities in their own language, number suffixes and
	// ranges, buildings and institutions, and five scripts; scored before
	// any change for it: 91.75 / 86.12% at the day's start (07d9f8a),
	// 91.75 / 86.47% after the changes made before it was written; then
	// read on its tuning half only
	{"testdata/world-blind9.txt", 83.6},
	// a tenth blind set, 47 countries, half of them countries the others
	// hold few of (Africa, the Gulf, South and Southeast Asia, Latin
	// America, Eastern Europe), written on 2026-11-27 by a helper that
	// never ran addrkit; scored before any change for it: 87.37 / 85.96%
	// (at 730464f); then read on its tuning half only
	{"testdata/world-blind10.txt", 83.0},
	// an eleventh blind set, 27 countries weighted to those people parse
	// most, two thirds venues first, written on 2026-11-27 after the
	// session's changes to measure them on lines nobody had seen; scored
	// before any change for it: 89.85 / 89.43%, the same at the
	// session's start (730464f) and end (fb0e1a2)
	{"testdata/world-blind11.txt", 86.4},
	// a twelfth blind set, 44 countries, most of them ones the others
	// hold few of, half venues first (48 lines in lower case without a
	// comma, many venues without a kind word and streets without a
	// type), written on 2026-11-27 by a helper that never ran addrkit;
	// scored before any change for it: 77.96 / 85.33% (at b4aa012)
	{"testdata/world-blind12.txt", 74.9},
	// a thirteenth blind set, the 26 countries of a parser's test suite,
	// two fifths venues first, half the lines in lower case without a
	// comma, written on 2026-11-28 by a helper that never ran addrkit;
	// scored before any change for it: 89.56 / 88.89% (at 46e14bd)
	{"testdata/world-blind13.txt", 85.8},
	// a fourteenth blind set, the same 26 countries, stressing districts
	// between street and city, lines in capitals, country names in their
	// own language, numbers with letters and ranges and lines without
	// one, written on 2026-11-28 by a helper that never ran addrkit;
	// scored before any change for it: 84.58 / 84.26% (at bc98ff7); then
	// read on its tuning half only
	{"testdata/world-blind14.txt", 82.2},
	// a fifteenth blind set, the same 26 countries as shipping labels
	// and order exports write them: a person first in 32 lines, old
	// European country prefixes on postcodes, units and floors in each
	// country's words, rural boxes and routes, towns rather than
	// capitals; written on 2026-11-28 by a helper that never ran addrkit;
	// scored before any change for it: 84.71 / 88.43% (at 8e61ea3); then
	// read on its tuning half only
	{"testdata/world-blind15.txt", 86.4},
	// a sixteenth blind set, the same 26 countries from university,
	// hospital, hotel, museum and government pages, trade-fair and
	// marketplace listings and customer-typed lines (half without the
	// country, 43 in lower case without a comma, four scripts), written
	// on 2026-11-28 by a helper that never ran addrkit; scored before any
	// change for it: 91.38 / 88.51% (at 694b668); then read on its tuning
	// half only
	{"testdata/world-blind16.txt", 85.5},
	// a seventeenth blind set, the same 26 countries as people write
	// them on forms and parcels: PO boxes and rural routes, flats and
	// floors in each country's notation, building names, corners, East
	// Asian block-and-flat numbers, Indian landmarks; written on
	// 2026-11-28 by a helper that never ran addrkit; scored before any
	// change for it: 81.61 / 84.02% (at 84d4b19); then read on its
	// tuning half only
	{"testdata/world-blind17.txt", 78.6},
	// an eighteenth blind set, the same 26 countries: landmarks, museums,
	// stations, airports, embassies and chain stores as their pages give
	// them, and a third typed into a map's search box (venue first, lower
	// case, misspelt now and then); four scripts; written on 2026-11-28 by
	// a helper that never ran addrkit, after the session's changes for
	// world-blind17; scored before any change for it: 79.38 / 86.64% (at
	// 84a28ee); then read on its tuning half only
	{"testdata/world-blind18.txt", 76.3},
	// a nineteenth blind set, the same 26 countries: restaurant and
	// hotel listings, university departments, clinics, law firms,
	// checkout lines (flats and floors in each country's notation) and
	// rural addresses (RR, RMB, RD, farms, km markers); written on
	// 2026-11-28 by a helper that never ran addrkit; scored before any
	// change for it: 88.97 / 87.93% (at aa5e938); then read on its
	// tuning half only
	{"testdata/world-blind19.txt", 84.9},
	// a twentieth blind set, the same 26 countries: half typed as map
	// searches (93 lines without a comma, 20 a venue and its town only),
	// half as offices, libraries, theatres, clubs, factories, churches,
	// chain stores and homes write them; written on 2026-11-28 by a
	// helper that never ran addrkit; scored before any change for it:
	// 77.26 / 89.07% (at 4ca6b49); then read on its tuning half only
	{"testdata/world-blind20.txt", 74.2},
	// a twenty-first blind set, the same 26 countries: cemeteries,
	// ferry terminals, courts, police and fire stations, ski lodges,
	// student residences, bus stations, wineries, vets, marinas,
	// florists and record shops (45 lower-case map searches, 59 without
	// the country, four scripts); written on 2026-11-28 by a helper that
	// never ran addrkit; scored before any change for it: 88.50 / 88.24%
	// (at de92d00); then read on its tuning half only
	{"testdata/world-blind21.txt", 85.2},
	// a twenty-second blind set, the same 26 countries: cinemas, news
	// and broadcast offices, pools and baths, small offices with suites
	// and floors, distilleries, bicycle shops, language schools,
	// charities, homes with staircase, floor and door, poste restante and
	// military post (42 lower-case lines without a comma, 59 without the
	// country, four scripts); written on 2026-11-28 by a helper that never
	// ran addrkit; scored before any change for it: 85.79 / 91.76% (at
	// a0ceeee, after the session's changes for world-blind21); then read on
	// its tuning half only
	{"testdata/world-blind22.txt", 82.7},
}

// TestEvalWorldTyped standardizes and geocodes the lines of each of
// worldCorpora on the built-in gazetteer and scores their labelled
// components, the country among them, on each half.
func TestEvalWorldTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	gz := builtinGazetteer(t)
	for _, c := range worldCorpora {
		t.Run(filepath.Base(c.name), func(t *testing.T) { evalWorldCorpus(t, gz, c.name, c.floor) })
	}
}

// evalWorldCorpus scores one corpus of worldCorpora on gz, each half
// against floor.
func evalWorldCorpus(t *testing.T, gz address.Gazetteer, worldTypedCorpus string, floor float64) {
	lines := openTypedFile(t, worldTypedCorpus)
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	type score struct{ lines, country, labelled, right int }
	scores := map[string]*score{"tune": {}, "held": {}}
	for _, l := range lines {
		if l.labels["country"] == "" {
			t.Fatalf("%s:%d: no country label", worldTypedCorpus, l.line)
		}
		got := typedResult(t, gz, l.in)
		sc := scores[l.half()]
		sc.lines++
		for _, key := range slices.Sorted(maps.Keys(l.labels)) {
			want := l.labels[key]
			ok := typedRight(key, want, got)
			sc.labelled++
			if ok {
				sc.right++
				if key == "country" {
					sc.country++
				}
				continue
			}
			t.Logf("%s:%d (%s): %q: %s = %q, want %q", worldTypedCorpus, l.line, l.half(), l.in, key, got[key], want)
		}
	}
	for _, half := range []string{"tune", "held"} {
		sc := scores[half]
		got := pct(sc.right, sc.labelled)
		rep.Logf("%s, built-in gazetteer, %s half: %d lines, components right %.2f%% (%d of %d), country right %.2f%%",
			filepath.Base(worldTypedCorpus), half, sc.lines, got, sc.right, sc.labelled, pct(sc.country, sc.lines))
		if got < floor {
			t.Errorf("%s half: components right %.2f%%, below its floor %.1f%%", half, got, floor)
		}
	}
}
