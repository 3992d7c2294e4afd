package address_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// typedFloors guards the figures of TestEvalTyped: for each gazetteer and
// half of the corpus, the share of labelled components and of states that
// must come out right, in per cent. Each was set 2 points below the figure
// measured when it was last raised (docs/typed-corpus.md); raise them when
// the parser gets better.
var typedFloors = []typedFloor{
	// the figures of docs/typed-corpus.md measured in its fourth round
	{"builtin", "tune", 92.7, 95.5},
	{"builtin", "held", 92.5, 95.9},
	{"nigeria", "tune", 90.7, 95.5},
	{"nigeria", "held", 92.0, 97.1},
}

// writtenFloors guards the figures of TestEvalTyped on writtenCorpus,
// each 3 points below the figure measured when it was written (more
// room than typedFloors': its halves are 80 lines).
var writtenFloors = []typedFloor{
	// measured when the corpus was written (docs/typed-corpus.md):
	// 97.67 / 97.32% components built-in, 96.51 / 96.55% Nigerian, every
	// state right
	{"builtin", "tune", 94.6, 97.0},
	{"builtin", "held", 94.3, 97.0},
	{"nigeria", "tune", 93.5, 97.0},
	{"nigeria", "held", 93.5, 97.0},
}

// blindFloors guards the figures of TestEvalTyped on blindCorpus, each 3
// points below the figure of its first change (its halves are about 100
// lines). Measured blind, before any change it showed: 93.71 / 93.23%
// components built-in, 90.86 / 92.31% Nigerian; states 100 / 97.87% and
// 100 / 98.94%.
var blindFloors = []typedFloor{
	// after the first change: 95.14 / 94.77% built-in, 93.71 / 94.15%
	// Nigerian; states unchanged
	{"builtin", "tune", 92.1, 97.0},
	{"builtin", "held", 91.7, 94.8},
	{"nigeria", "tune", 90.7, 97.0},
	{"nigeria", "held", 91.1, 95.9},
}

// blind2Floors guards the figures of TestEvalTyped on blind2Corpus, each
// 3 points below the figure measured after the changes its tuning half
// led to. Unseen, it measured 94.81 / 94.22% components built-in, 91.70 /
// 93.14% Nigerian (states 100 / 98.81%) before the changes blindCorpus led
// to, and 95.16 / 95.31%, 93.77 / 94.95% after them; then its tuning half
// was read: 97.23 / 95.31%, 96.19 / 94.95%.
var blind2Floors = []typedFloor{
	{"builtin", "tune", 94.2, 97.0},
	{"builtin", "held", 92.3, 95.8},
	{"nigeria", "tune", 93.1, 97.0},
	{"nigeria", "held", 91.9, 95.8},
}

// blind3Floors guards the figures of TestEvalTyped on blind3Corpus,
// each 3 points below the figure measured blind, before any change:
// 95.08 / 94.59% components built-in, 93.56 / 94.59% Nigerian; states
// 97.37 / 98.20% and 98.68 / 98.20%. After orgRunOn, the one change of
// its tuning half a review left standing: 96.21 / 94.59% and 94.70 /
// 94.59%; states 98.68 / 98.20% and 100 / 98.20%.
var blind3Floors = []typedFloor{
	{"builtin", "tune", 92.0, 94.3},
	{"builtin", "held", 91.5, 95.2},
	{"nigeria", "tune", 90.5, 95.6},
	{"nigeria", "held", 91.5, 95.2},
}

// blind4Floors guards the figures of TestEvalTyped on blind4Corpus,
// each 3 points below the figure measured blind, before any change (at
// ccea172): 93.82 / 95.82% components built-in, 93.54 / 95.18% Nigerian;
// states 100% on both halves and both gazetteers.
var blind4Floors = []typedFloor{
	{"builtin", "tune", 90.8, 97.0},
	{"builtin", "held", 92.8, 97.0},
	{"nigeria", "tune", 90.5, 97.0},
	{"nigeria", "held", 92.1, 97.0},
}

// blind5Floors guards the figures of TestEvalTyped on blind5Corpus, each 3
// points below the figure measured blind, before any change (at 093e9a4):
// 91.01 / 93.27% components built-in, 90.65 / 92.95% Nigerian; states
// 98.91 / 99.07% built-in, 98.91 / 100% Nigerian.
var blind5Floors = []typedFloor{
	{"builtin", "tune", 88.0, 95.9},
	{"builtin", "held", 90.2, 96.0},
	{"nigeria", "tune", 87.6, 95.9},
	{"nigeria", "held", 89.9, 97.0},
}

// blind6Floors guards the figures of TestEvalTyped on blind6Corpus, each 3
// points below the figure measured blind, before any change (at 48b4346):
// 96.84 / 96.43% components built-in, 96.26 / 95.13% Nigerian; states
// 100 / 98.94% on both gazetteers.
var blind6Floors = []typedFloor{
	{"builtin", "tune", 93.8, 97.0},
	{"builtin", "held", 93.4, 95.9},
	{"nigeria", "tune", 93.2, 97.0},
	{"nigeria", "held", 92.1, 95.9},
}

// blind7Floors guards the figures of TestEvalTyped on blind7Corpus, each 3
// points below the figure measured blind, before any change (at 0721add):
// 93.93 / 94.62% components built-in, 93.67 / 93.28% Nigerian; states
// 99.01 / 97.98% built-in, 100 / 100% Nigerian.
var blind7Floors = []typedFloor{
	{"builtin", "tune", 90.9, 96.0},
	{"builtin", "held", 91.6, 94.9},
	{"nigeria", "tune", 90.6, 97.0},
	{"nigeria", "held", 90.2, 97.0},
}

// blind8Floors guards the figures of TestEvalTyped on blind8Corpus, each 3
// points below the figure measured blind, before any change (at 8744760):
// 94.95 / 96.00% components built-in, 93.94 / 95.47% Nigerian; states
// 98.06 / 98.97% built-in, 100 / 98.97% Nigerian.
var blind8Floors = []typedFloor{
	{"builtin", "tune", 91.9, 95.0},
	{"builtin", "held", 93.0, 95.9},
	{"nigeria", "tune", 90.9, 97.0},
	{"nigeria", "held", 92.4, 95.9},
}

// blind9Floors guards the figures of TestEvalTyped on blind9Corpus, each 3
// points below the figure measured blind, before any change for it (at
// ca580a2, whose changes of the day were for other countries and moved no
// Nigerian figure): 94.95 / 95.80% components built-in, 93.18 / 94.29%
// Nigerian; states 100% on both halves and gazetteers.
var blind9Floors = []typedFloor{
	{"builtin", "tune", 91.9, 97.0},
	{"builtin", "held", 92.8, 97.0},
	{"nigeria", "tune", 90.1, 97.0},
	{"nigeria", "held", 91.2, 97.0},
}

// blind10Floors guards the figures of TestEvalTyped on blind10Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// d655532, whose changes of the day were for speed and other countries):
// 94.65 / 96.06% components built-in, 94.65 / 94.93% Nigerian; states
// 100 / 98.11% on both gazetteers.
var blind10Floors = []typedFloor{
	{"builtin", "tune", 91.6, 97.0},
	{"builtin", "held", 93.0, 95.1},
	{"nigeria", "tune", 91.6, 97.0},
	{"nigeria", "held", 91.9, 95.1},
}

// blind11Floors guards the figures of TestEvalTyped on blind11Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// b4aa012): 89.61 / 88.47% components built-in, 89.13 / 87.58% Nigerian;
// states 89.52 / 82.61% built-in, 90.48 / 88.70% Nigerian.
var blind11Floors = []typedFloor{
	{"builtin", "tune", 86.6, 86.5},
	{"builtin", "held", 85.4, 79.6},
	{"nigeria", "tune", 86.1, 87.4},
	{"nigeria", "held", 84.5, 85.7},
}

// blind13Floors guards the figures of TestEvalTyped on blind13Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 9317647): 94.41 / 93.66% components built-in, 94.41 / 93.19% Nigerian;
// states 94.34 / 96.49% built-in, 97.17 / 95.61% Nigerian (96.49% after
// the revert of the road-end rule it showed wrong).
var blind13Floors = []typedFloor{
	{"builtin", "tune", 91.4, 91.3},
	{"builtin", "held", 90.6, 93.4},
	{"nigeria", "tune", 91.4, 94.1},
	{"nigeria", "held", 90.1, 92.6},
}

// blind12Floors guards the figures of TestEvalTyped on blind12Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 46e14bd): 96.08 / 97.99% components built-in, 96.31 / 97.49% Nigerian;
// states 95.45 / 100% built-in, 97.27 / 100% Nigerian.
var blind12Floors = []typedFloor{
	{"builtin", "tune", 93.0, 92.4},
	{"builtin", "held", 94.9, 97.0},
	{"nigeria", "tune", 93.3, 94.2},
	{"nigeria", "held", 94.4, 97.0},
}

// typedFloor is the least share of labelled components and of states, in
// per cent, one half of a corpus must get right on one gazetteer.
type typedFloor struct {
	gazetteer, half   string
	components, state float64
}

// ngCorpora are the Nigerian corpora TestEvalTyped scores, each with its
// floors, the most lines whose state the imported gazetteer may lose where
// the built-in gets it right, and the least lines TestTypedCorpus accepts.
var ngCorpora = []struct {
	file         string
	floors       []typedFloor
	maxStateLost int
	minLines     int
}{
	{typedCorpus, typedFloors, maxStateLost, 450},
	{writtenCorpus, writtenFloors, 0, 150},
	{blind2Corpus, blind2Floors, 0, 150},
	{blindCorpus, blindFloors, 0, 180},
	{blind3Corpus, blind3Floors, 0, 170},
	{blind4Corpus, blind4Floors, 0, 180},
	{blind5Corpus, blind5Floors, 0, 180},
	{blind6Corpus, blind6Floors, 0, 180},
	{blind7Corpus, blind7Floors, 0, 180},
	{blind8Corpus, blind8Floors, 0, 180},
	{blind9Corpus, blind9Floors, 0, 180},
	{blind10Corpus, blind10Floors, 0, 180},
	{blind11Corpus, blind11Floors, 0, 200},
	{blind12Corpus, blind12Floors, 0, 200},
	{blind13Corpus, blind13Floors, 0, 200},
}

// typedAll makes TestEvalTyped log every wrong component instead of the
// first 5 of each field: go test ./address -run TestEvalTyped -v -args -typed.all
var typedAll = flag.Bool("typed.all", false, "TestEvalTyped: log every wrong component, not the first 5 of each field")

// typedCorpus is the corpus of Nigerian addresses typed the way people
// type them, labelled by hand (docs/typed-corpus.md).
const typedCorpus = "testdata/ng-typed.txt"

// writtenCorpus is the corpus of Nigerian addresses as company contact
// pages, branch lists and footers write them, labelled by hand by the
// rules of typedCorpus (docs/typed-corpus.md).
const writtenCorpus = "testdata/ng-written.txt"

// blindCorpus is a third corpus of Nigerian addresses as public web
// sources write them, written and labelled by the rules of typedCorpus by
// someone who had never run addrkit, and scored before any change was
// made for it (docs/typed-corpus.md).
const blindCorpus = "testdata/ng-blind.txt"

// blind2Corpus is a second blind corpus, written like blindCorpus and
// scored before the changes blindCorpus led to; only its tuning half has
// been read since (docs/typed-corpus.md).
const blind2Corpus = "testdata/ng-blind2.txt"

// blind3Corpus is a third blind corpus, written like blindCorpus by a
// session that never ran addrkit (docs/typed-corpus.md), and scored before
// any change was made for it.
const blind3Corpus = "testdata/ng-blind3.txt"

// blind4Corpus is a fourth blind corpus, written like blind3Corpus
// (docs/typed-corpus.md), and scored before any change was made for it.
const blind4Corpus = "testdata/ng-blind4.txt"

// blind5Corpus is a fifth blind corpus, written like blind4Corpus with the
// state left out of 40% of its lines and written in a short form in a
// fifth (docs/typed-corpus.md), and scored before any change for it.
const blind5Corpus = "testdata/ng-blind5.txt"

// blind6Corpus is a sixth blind corpus, written like blind5Corpus from
// footers, pickup stations, courier hubs and agents' shops, 62% of its
// lines outside the state capitals (docs/typed-corpus.md), and scored
// before any change for it.
const blind6Corpus = "testdata/ng-blind6.txt"

// blind7Corpus is a seventh blind corpus, written like blind6Corpus from
// branch lists and store locators (table rows joined with " | ", branch
// captions), by a helper that never ran addrkit.
const blind7Corpus = "testdata/ng-blind7.txt"

// blind8Corpus is an eighth blind corpus, written like blind7Corpus from
// directory listings, registers and shop bios: chained directions ("Off
// X, off Y", "beside X, opposite Y"), addresses without a house number,
// full stops and doubled commas, by a helper that never ran addrkit.
const blind8Corpus = "testdata/ng-blind8.txt"

// blind9Corpus is a ninth blind corpus, written like blind8Corpus from
// organisations' own pages: contact pages and footers, branch lists of
// banks, pharmacies and couriers, ministries and agencies (branch
// captions, head offices in named towers, plots, industrial estates), by
// a helper that never ran addrkit.
const blind9Corpus = "testdata/ng-blind9.txt"

// blind10Corpus is a tenth blind corpus, written like blind9Corpus from
// the pages of state ministries, hospitals, colleges, LGA secretariats,
// emirate councils and branches in LGA seats, weighted away from Lagos and
// Abuja to the North, the Middle Belt and the small towns of the South
// (P.M.B.s, "Along"/"Off" roads, Km markers, Sabon Gari and Tudun Wada),
// by a helper that never ran addrkit.
const blind10Corpus = "testdata/ng-blind10.txt"

// blind11Corpus is an eleventh blind corpus: addresses as customers type
// them into delivery and checkout forms and order messages (lower case,
// no commas, shorthand, Pidgin directions, pasted phones, typos), by a
// helper that never ran addrkit.
const blind11Corpus = "testdata/ng-blind11.txt"

// blind12Corpus is a twelfth blind corpus, written like blind9Corpus from
// company contact pages, branch lists and footers in every state (branch
// captions, the state left out or named by a city, towns and streets
// whose names other states share), by a helper that never ran addrkit.
const blind12Corpus = "testdata/ng-blind12.txt"

// blind13Corpus is a thirteenth blind corpus, written from the pages of
// government agencies and parastatals, LGA secretariats, hospitals,
// campuses, hotels and factories in every state (P.M.B.s, Km markers,
// "along" roads, letterheads flattened with bars and dashes), by a helper
// that never ran addrkit.
const blind13Corpus = "testdata/ng-blind13.txt"

// typedLine is one block of the corpus: its input and its labels, by the
// JSON names of address.Address (and "removed").
type typedLine struct {
	in     string
	labels map[string]string
	line   int // the line of "in:" in the file
}

// half says which half of the corpus the line is in: "tune" when the
// FNV-1a 32 hash of its input is even, "held" when it is odd.
func (l typedLine) half() string {
	h := fnv.New32a()
	h.Write([]byte(l.in))
	if h.Sum32()%2 == 0 {
		return "tune"
	}
	return "held"
}

// typedKeys are the label keys a block may use besides "in": the JSON
// names of address.Address and "removed" (phone numbers, e-mails and URLs
// pasted into the line).
func typedKeys() map[string]bool {
	keys := map[string]bool{"removed": true}
	rt := reflect.TypeFor[address.Address]()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}

// readTyped parses the corpus: blocks separated by blank lines, "#"
// comment lines, each line of a block "key: value". It reports the first
// malformed line.
func readTyped(r io.Reader) ([]typedLine, error) {
	var out []typedLine
	var cur *typedLine
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			cur = nil
			continue
		case strings.HasPrefix(text, "#"):
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			return nil, fmt.Errorf("%s:%d: want \"key: value\", got %q", typedCorpus, n, text)
		}
		if cur == nil {
			out = append(out, typedLine{labels: map[string]string{}, line: n})
			cur = &out[len(out)-1]
		}
		if key == "in" {
			if cur.in != "" {
				return nil, fmt.Errorf("%s:%d: a second \"in:\" in the block of line %d", typedCorpus, n, cur.line)
			}
			cur.in, cur.line = value, n
			continue
		}
		if _, dup := cur.labels[key]; dup {
			return nil, fmt.Errorf("%s:%d: %q twice in one block", typedCorpus, n, key)
		}
		cur.labels[key] = value
	}
	return out, sc.Err()
}

// openTypedFile reads a corpus in the format of typedCorpus.
func openTypedFile(t testing.TB, name string) []typedLine {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := readTyped(f)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestTypedCorpus checks the Nigerian corpora themselves: every block has
// an input and a canonical state, uses only known keys, no input repeats,
// and every state is there (in the typed corpus, at least 6 lines for the
// states of the big cities).
func TestTypedCorpus(t *testing.T) {
	for _, c := range ngCorpora {
		t.Run(filepath.Base(c.file), func(t *testing.T) { checkTypedCorpus(t, c.file, c.minLines) })
	}
}

func checkTypedCorpus(t *testing.T, corpus string, minLines int) {
	lines := openTypedFile(t, corpus)
	if len(lines) < minLines {
		t.Errorf("%s: %d lines, want at least %d", corpus, len(lines), minLines)
	}
	keys := typedKeys()
	seen := map[string]int{}
	byState := map[string]int{}
	for _, l := range lines {
		if l.in == "" {
			t.Errorf("%s:%d: a block without \"in:\"", corpus, l.line)
			continue
		}
		if prev, ok := seen[l.in]; ok {
			t.Errorf("%s:%d: input %q already at line %d", corpus, l.line, l.in, prev)
		}
		seen[l.in] = l.line
		for k := range l.labels {
			if !keys[k] {
				t.Errorf("%s:%d: unknown key %q", corpus, l.line, k)
			}
		}
		state, ok := l.labels["state"]
		if !ok {
			t.Errorf("%s:%d: %q has no \"state:\"", corpus, l.line, l.in)
			continue
		}
		if sub, ok := address.LookupSubdivision("NG", state); !ok || sub.Name != state {
			t.Errorf("%s:%d: state %q is not the canonical name of a Nigerian state", corpus, l.line, state)
		}
		byState[state]++
	}
	for _, sub := range address.Subdivisions("NG") {
		if byState[sub.Name] == 0 {
			t.Errorf("%s: no line for %s", corpus, sub.Name)
		}
	}
	for _, s := range []string{"Lagos", "Federal Capital Territory", "Rivers", "Oyo", "Kano", "Kaduna", "Enugu", "Anambra", "Edo", "Delta"} {
		if byState[s] < 6 && corpus == typedCorpus {
			t.Errorf("%s: %d lines for %s, want at least 6", corpus, byState[s], s)
		}
	}
}

// typedNorm is the comparison key of a component: Fold (case, accents,
// punctuation, hyphens as spaces) without a leading "No" before a number.
func typedNorm(s string) string {
	s = address.Fold(s)
	if rest, ok := strings.CutPrefix(s, "no"); ok {
		if r := strings.TrimPrefix(rest, " "); r != "" && '0' <= r[0] && r[0] <= '9' {
			s = r
		}
	}
	return s
}

// flattenAddress turns an address into its components as strings, by
// their JSON names, so that fields added later are scored as they come:
// an object's values are joined with spaces (Premise "Plot 27", Landmark
// "Off Allen Avenue"), an array's elements with "; "; the unit is as its
// String method writes it ("Flat 2", "1203호").
func flattenAddress(a address.Address) (map[string]string, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	out := map[string]string{}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, err
		}
		v, err := flattenJSON(dec)
		if err != nil {
			return nil, err
		}
		if v != "" {
			out[key.(string)] = v
		}
	}
	if a.Unit != (address.Unit{}) {
		out["unit"] = a.Unit.String() // in the order written: "Flat 2", "1203호"
	}
	return out, nil
}

func flattenJSON(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		switch v := tok.(type) {
		case string:
			return v, nil
		case json.Number:
			return v.String(), nil
		}
		return "", nil // true, false, null
	}
	sep := " "
	if delim == '[' {
		sep = "; "
	}
	var parts []string
	for dec.More() {
		if delim == '{' {
			if _, err := dec.Token(); err != nil { // the key
				return "", err
			}
		}
		v, err := flattenJSON(dec)
		if err != nil {
			return "", err
		}
		if v != "" {
			parts = append(parts, v)
		}
	}
	if _, err := dec.Token(); err != nil { // } or ]
		return "", err
	}
	return strings.Join(parts, sep), nil
}

// typedRight reports whether the labelled component key = want is right
// in the flattened result got: the same after typedNorm; a street also
// when it is the result's street_name (the type was not written); a
// neighbourhood or a city when it is the result's neighbourhood or city;
// a removed piece when one of the result's ends with it.
func typedRight(key, want string, got map[string]string) bool {
	w := typedNorm(want)
	switch key {
	case "street":
		return w == typedNorm(got["street"]) || w == typedNorm(got["street_name"])
	case "neighbourhood", "city":
		return w == typedNorm(got["neighbourhood"]) || w == typedNorm(got["city"])
	case "removed":
		// each piece as written, perhaps after the word that introduced
		// it, which is kept with it ("call 0803 123 4567")
		pieces := strings.Split(got["removed"], "; ")
		for _, piece := range strings.Split(want, "; ") {
			if !slices.ContainsFunc(pieces, func(g string) bool { return strings.HasSuffix(g, piece) }) {
				return false
			}
		}
		return true
	}
	return w == typedNorm(got[key])
}

// typedScore holds the figures of one half on one gazetteer.
type typedScore struct {
	lines, stateRight        int
	components, componentsOK int
	labelled, wrong          map[string]int // by field
}

func (s *typedScore) componentsPct() float64 { return pct(s.componentsOK, s.components) }
func (s *typedScore) statePct() float64      { return pct(s.stateRight, s.lines) }

// topWrong lists the fields most often wrong, "street 40/300".
func (s *typedScore) topWrong(n int) string {
	fields := make([]string, 0, len(s.wrong))
	for f := range s.wrong {
		fields = append(fields, f)
	}
	slices.SortFunc(fields, func(a, b string) int {
		return cmp.Or(cmp.Compare(s.wrong[b], s.wrong[a]), cmp.Compare(a, b))
	})
	var parts []string
	for _, f := range fields[:min(n, len(fields))] {
		parts = append(parts, fmt.Sprintf("%s %d/%d", f, s.wrong[f], s.labelled[f]))
	}
	return strings.Join(parts, ", ")
}

// TestEvalTyped standardizes and geocodes every line of the Nigerian
// corpora (ngCorpora) on the built-in gazetteer and on the imported
// Nigerian one ($ADDRKIT_EVAL_GAZETTEER), and scores the labelled
// components and the state on each half of each corpus against its floors.
//
//	ADDRKIT_EVAL_GAZETTEER=/tmp/ng go test ./address -run TestEvalTyped -v
func TestEvalTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluation: skipped in -short mode")
	}
	for _, c := range ngCorpora {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			evalTypedCorpus(t, c.file, c.floors, c.maxStateLost)
		})
	}
}

// evalTypedCorpus scores one corpus of ngCorpora on both gazetteers
// against its floors, and fails when more than maxLost lines lose their
// state with the imported gazetteer.
func evalTypedCorpus(t *testing.T, corpus string, floors []typedFloor, maxLost int) {
	lines := openTypedFile(t, corpus)
	var builtinRight, nigeriaRight map[int]bool
	t.Run("builtin", func(t *testing.T) {
		builtinRight = evalTyped(t, "builtin", builtinGazetteer(t), corpus, lines, floors)
	})
	t.Run("nigeria", func(t *testing.T) {
		if os.Getenv("ADDRKIT_EVAL_GAZETTEER") == "" {
			shareddata.Missing(t, "set ADDRKIT_EVAL_GAZETTEER=DIR, the gazetteer of scripts/import-nigeria.sh, to score the imported Nigerian gazetteer")
		}
		shared, _ := shareddata.Find() // needed only to build DIR when it is empty
		nigeriaRight = evalTyped(t, "nigeria", storetest.Nigeria(t, shared), corpus, lines, floors)
	})
	if builtinRight == nil || nigeriaRight == nil {
		return
	}
	// More data may not make an answer worse: the lines whose state the
	// built-in gazetteer reads right and the imported one wrong.
	var lost []string
	for _, l := range lines {
		if builtinRight[l.line] && !nigeriaRight[l.line] {
			lost = append(lost, fmt.Sprintf("%s:%d %q", corpus, l.line, l.in))
		}
	}
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	rep.Logf("%s: %d lines whose state the built-in gazetteer reads right and the imported one wrong", corpus, len(lost))
	for _, l := range lost {
		t.Logf("state lost with the imported gazetteer: %s", l)
	}
	if len(lost) > maxLost {
		t.Errorf("%d lines lose their state with the imported gazetteer, more than %d", len(lost), maxLost)
	}
}

// maxStateLost is the most lines of the typed corpus whose state the
// imported gazetteer may get wrong where the built-in gets it right: the
// number measured when it was set (issue 30: four lines whose written
// state contradicts the rest, where the import adds a place of the name
// inside the written state, so that the state written is kept: "12 Allen
// Avenue, Ikeja, Ogun State", "25 Zik Avenue, Uwani, Enugu, Anambra
// State", "Azuiyiokwu layout, Abakaliki, Enugu State", "Geidam, Yobe,
// Borno State").
const maxStateLost = 4

// typedResult standardizes and geocodes one line and returns the
// components of the result, flattened (none when it does not standardize).
func typedResult(t *testing.T, gz address.Gazetteer, in string) map[string]string {
	t.Helper()
	ctx := context.Background()
	s, err := address.Standardize(ctx, address.Input{Text: in})
	if err != nil {
		return map[string]string{}
	}
	r, err := address.Geocode(ctx, gz, s)
	if err != nil {
		t.Fatalf("Geocode(%q): %v", in, err)
	}
	got, err := flattenAddress(r.Address)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// evalTyped scores the corpus on one gazetteer and returns, by line
// number, whether the state came out right.
func evalTyped(t *testing.T, name string, gz address.Gazetteer, corpus string, lines []typedLine, floors []typedFloor) map[int]bool {
	stateRight := map[int]bool{}
	rep := &shareddata.Report{T: t}
	defer rep.Flush()
	scores := map[string]*typedScore{}
	examples := map[string]int{} // failures logged by field
	for _, half := range []string{"tune", "held", "all"} {
		scores[half] = &typedScore{labelled: map[string]int{}, wrong: map[string]int{}}
	}
	for _, l := range lines {
		got := typedResult(t, gz, l.in)
		stateRight[l.line] = typedNorm(got["state"]) == typedNorm(l.labels["state"])
		for _, sc := range []*typedScore{scores[l.half()], scores["all"]} {
			sc.lines++
			if stateRight[l.line] {
				sc.stateRight++
			}
		}
		for _, key := range slices.Sorted(maps.Keys(l.labels)) {
			want := l.labels[key]
			ok := key == "state" && typedNorm(got["state"]) == typedNorm(want) ||
				key != "state" && typedRight(key, want, got)
			for _, sc := range []*typedScore{scores[l.half()], scores["all"]} {
				sc.labelled[key]++
				if key != "state" {
					sc.components++
					if ok {
						sc.componentsOK++
					}
				}
				if !ok {
					sc.wrong[key]++
				}
			}
			if !ok && (*typedAll || examples[key] < 5) {
				examples[key]++
				gotText := got[key]
				if key == "neighbourhood" || key == "city" {
					gotText = fmt.Sprintf("neighbourhood %q, city %q", got["neighbourhood"], got["city"])
				} else {
					gotText = fmt.Sprintf("%q", gotText)
				}
				t.Logf("%s:%d (%s): %q: %s = %s, want %q", corpus, l.line, l.half(), l.in, key, gotText, want)
			}
		}
	}
	for _, half := range []string{"tune", "held", "all"} {
		sc := scores[half]
		what := half + " half"
		if half == "all" {
			what = "both halves"
		}
		rep.Logf("%s, %s gazetteer, %s: %d lines, components right %.2f%% (%d of %d), state right %.2f%%; most wrong: %s",
			filepath.Base(corpus), name, what, sc.lines, sc.componentsPct(), sc.componentsOK, sc.components, sc.statePct(), sc.topWrong(8))
	}
	for _, f := range floors {
		if f.gazetteer != name {
			continue
		}
		sc := scores[f.half]
		if got := sc.componentsPct(); got < f.components {
			t.Errorf("%s gazetteer, %s half: components right %.2f%%, below its floor %.2f%%", name, f.half, got, f.components)
		}
		if got := sc.statePct(); got < f.state {
			t.Errorf("%s gazetteer, %s half: state right %.2f%%, below its floor %.2f%%", name, f.half, got, f.state)
		}
	}
	return stateRight
}
