package address

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected results in testdata/standardize.txt")

// A case in testdata/standardize.txt is a block of "key: value" lines
// separated by blank lines. "in:" is the free-text input and "in.FIELD:" a
// structured field; "region:" sets the region. Every other line is an
// expected result, written by render; a block lists all non-empty results,
// so a component that appears, disappears or changes fails the case.
type testCase struct {
	line   int
	in     Input
	inKeys []string // input lines, kept as written for -update
	want   []string
	notes  []string // comment lines
}

func readCases(t *testing.T, path string) []testCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []testCase
	var cur *testCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			cur = nil
			continue
		}
		if cur == nil {
			cases = append(cases, testCase{line: n})
			cur = &cases[len(cases)-1]
		}
		if strings.HasPrefix(line, "#") {
			cur.notes = append(cur.notes, line)
			continue
		}
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			k, v = strings.TrimSuffix(line, ":"), ""
		}
		switch {
		case k == "in":
			cur.in.Text = v
		case k == "region":
			cur.in.Region = v
		case strings.HasPrefix(k, "in."):
			setInputField(t, &cur.in, strings.TrimPrefix(k, "in."), v)
		default:
			cur.want = append(cur.want, line)
			continue
		}
		cur.inKeys = append(cur.inKeys, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func setInputField(t *testing.T, in *Input, k, v string) {
	m := map[string]*string{
		"organization": &in.Organization, "house_number": &in.HouseNumber, "street": &in.Street,
		"street2": &in.Street2, "neighbourhood": &in.Neighbourhood, "city": &in.City, "lga": &in.LGA,
		"state": &in.State, "postcode": &in.Postcode, "country": &in.Country,
	}
	p, ok := m[k]
	if !ok {
		t.Fatalf("unknown input field %q", k)
	}
	*p = v
}

// render lists the non-empty results of s as "key: value" lines.
func render(s Standardized) []string {
	a := s.Address
	var out []string
	add := func(k, v string) {
		if v != "" {
			out = append(out, k+": "+v)
		}
	}
	add("organization", a.Organization)
	add("unit", a.Unit.String())
	add("level", a.Level)
	var ps, ls []string
	for _, p := range a.Premises {
		ps = append(ps, p.String())
	}
	for _, l := range a.Landmarks {
		ls = append(ls, l.String())
	}
	add("premises", strings.Join(ps, "; "))
	add("house_number", a.HouseNumber)
	add("street", a.Street)
	add("landmarks", strings.Join(ls, "; "))
	add("estate", a.Estate)
	add("phase", a.Phase)
	add("cadastral_zone", a.CadastralZone)
	add("po_box", a.POBox)
	add("plus_code", a.PlusCode)
	add("neighbourhood", a.Neighbourhood)
	add("city", a.City)
	add("lga", a.LGA)
	add("state", strings.TrimSpace(a.State+" "+a.StateCode))
	add("postcode", a.Postcode)
	add("country", a.Country)
	add("unresolved", strings.Join(s.Unresolved, " | "))
	var ws, cs []string
	for _, w := range s.Warnings {
		ws = append(ws, w.Code)
	}
	for _, c := range s.Changes {
		if c.Kind != Unchanged {
			cs = append(cs, c.Field+"="+string(c.Kind))
		}
	}
	add("warnings", strings.Join(ws, " "))
	add("changes", strings.Join(cs, " "))
	add("line", s.Line)
	return out
}

func TestStandardizeCases(t *testing.T) {
	const path = "testdata/standardize.txt"
	cases := readCases(t, path)
	if len(cases) < 150 {
		t.Errorf("%s has %d cases, want at least 150", path, len(cases))
	}
	var rewritten strings.Builder
	for _, tc := range cases {
		name := fmt.Sprintf("line%d", tc.line)
		got := []string{"error: " + "none"}
		s, err := Standardize(context.Background(), tc.in)
		if err != nil {
			got = []string{"error: " + err.Error()}
		} else {
			got = render(s)
		}
		t.Run(name, func(t *testing.T) {
			if *update {
				return
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tc.want, "\n"); g != w {
				t.Errorf("Standardize(%+v)\n got:\n%s\nwant:\n%s", tc.in, g, w)
			}
		})
		for _, l := range tc.notes {
			rewritten.WriteString(l + "\n")
		}
		for _, l := range tc.inKeys {
			rewritten.WriteString(l + "\n")
		}
		for _, l := range got {
			rewritten.WriteString(l + "\n")
		}
		rewritten.WriteString("\n")
	}
	if *update {
		if err := os.WriteFile(path, []byte(rewritten.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStandardizeRegionGiven checks the weakest evidence of a country,
// street words with a postcode: a region given turns it off (the batch,
// the HTTP API and the command line give "Nigeria" when the caller names
// none); without a region a number after a unit, box or plot word, or
// the house number opening a text typed without commas, is no postcode
// for it, a type written after the name counts only before the number,
// a name before an English type is none ("Quai Street"), and a state of
// the region ending the text keeps the region.
func TestStandardizeRegionGiven(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		text, region, country string
	}{
		{"Café de Flore 172 Boulevard Saint-Germain 75006 Paris", "", "FR"},
		{"Café de Flore 172 Boulevard Saint-Germain 75006 Paris", "Nigeria", "NG"},
		{"Tejuosho Plaza, Shop 2011, Yaba", "", "NG"},
		{"Allen Plaza, PO Box 5678, Ikeja", "", "NG"},
		{"Plaza Hotel, Room 1234, Kano", "", "NG"},
		{"Main Gate, 1004 Estate, Victoria Island, Lagos", "Nigeria", "NG"},
		{"Main Gate, 1004 Estate, Victoria Island, Lagos", "", "NG"},
		{"Alausa Gate, 2000 Units, Ikeja", "", "NG"},
		{"Quai Street 1234 Lagos", "", "NG"},
		{"Weg Road 2000 Jos", "", "NG"},
		{"Karl Johans gate 22, 0159 Oslo", "", "NO"},
		{"Corso Buenos Aires 10, 20124 Milano", "", "IT"},
		{"Passeig de Gràcia 92, 08008 Barcelona", "", "ES"},
		{"Alaba Plaza 12345 Ojo", "", "NG"},
		{"Ikoyi 2000 VI", "", "NG"},
		{"1000 rue de la gauchetiere montreal", "", "NG"},
		{"1500 via appia roma", "", "NG"},
		// letters after a number: a country's code where the street is
		// of its language, a Dutch postcode where it may be Dutch
		{"szeged kárász utca 8 6720 hu", "", "HU"},
		{"Kröller-Müller Museum, Houtkampweg 6, 6731 AW Otterlo", "", "NL"},
	} {
		s, err := Standardize(ctx, Input{Text: tt.text, Region: tt.region})
		if err != nil {
			t.Fatal(err)
		}
		if s.Address.Country != tt.country {
			t.Errorf("%q (region %q): %s, want %s", tt.text, tt.region, s.Address.Country, tt.country)
		}
	}
}
