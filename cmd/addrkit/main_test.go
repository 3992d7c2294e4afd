package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/storetest"
)

func TestRunStandardize(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		stdin   string
		want    []string // substrings of stdout, in order
		wantErr string
	}{
		{
			name: "argument, line format",
			args: []string{"standardize", "--format", "line", "12 Adeola Odeku St, V.I, Lagos"},
			want: []string{"12 Adeola Odeku Street, V.I, Lagos, Nigeria\n"},
		},
		{
			name:  "stdin, one result per line, bad line reported in place",
			args:  []string{"standardize", "--format", "line"},
			stdin: "5 Allen Ave, Ikeja, Lagos\n,,,\nHauptstr. 5, 69117 Heidelberg, Germany\n",
			want:  []string{"5 Allen Avenue, Ikeja, Lagos, Nigeria\n", "error: address: empty input\n", "Hauptstraße 5, 69117 Heidelberg, Germany\n"},
		},
		{
			name: "region flag",
			args: []string{"standardize", "--region", "US", "--format", "line", "350 5th Ave, New York, NY 10118"},
			want: []string{"350 5th Avenue, New York, NY 10118, United States\n"},
		},
		{name: "unknown region", args: []string{"standardize", "--region", "Narnia", "x"}, wantErr: `unknown --region "Narnia"`},
		{name: "unknown format", args: []string{"standardize", "--format", "xml", "x"}, wantErr: `unknown --format "xml"`},
		{name: "unknown command", args: []string{"frobnicate"}, wantErr: `unknown command "frobnicate"`},
		{name: "unknown flag", args: []string{"geocode", "--bogus", "x"}, wantErr: "flag provided but not defined: -bogus (addrkit geocode -h lists its flags)"},
		{name: "no command", args: nil, wantErr: "no command given"},
		{name: "keys help", args: []string{"keys", "-h"}, want: []string{"usage: addrkit keys create"}},
		{name: "keys, unknown command", args: []string{"keys", "rotate"}, wantErr: `keys: unknown command "rotate"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := Run(context.Background(), tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Run(%q) error = %v, want %q", tt.args, err, tt.wantErr)
				}
				if exitCode(err) != 2 {
					t.Errorf("exitCode(%v) = %d, want 2", err, exitCode(err))
				}
				if strings.Contains(stderr.String(), "not defined") {
					t.Errorf("Run(%q) wrote the error to stderr as well (main reports it): %q", tt.args, stderr.String())
				}
				return
			}
			if err != nil {
				t.Fatalf("Run(%q) error = %v", tt.args, err)
			}
			out := stdout.String()
			for _, w := range tt.want {
				i := strings.Index(out, w)
				if i < 0 {
					t.Fatalf("Run(%q) output %q does not hold %q", tt.args, stdout.String(), w)
				}
				out = out[i+len(w):]
			}
		})
	}
}

func TestRunStandardizeJSON(t *testing.T) {
	var stdout bytes.Buffer
	err := Run(context.Background(), []string{"standardize", "NO. 11, ROAD 7, SUNVIEW ESTATE, OPPOSITE CROWN ESTATE, SANGOTEDO-AJAH, LAGOS STATE"},
		strings.NewReader(""), &stdout, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Input   string `json:"input"`
		Address struct {
			HouseNumber string `json:"house_number"`
			Street      string `json:"street"`
			Estate      string `json:"estate"`
			StateCode   string `json:"state_code"`
		} `json:"address"`
		Tokens []struct{ Text, Label string } `json:"tokens"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("output %q is not JSON: %v", stdout.String(), err)
	}
	a := got.Address
	if a.HouseNumber != "11" || a.Street != "Road 7" || a.Estate != "Sunview Estate" || a.StateCode != "NG-LA" {
		t.Errorf("standardize JSON address = %+v", a)
	}
	if len(got.Tokens) != 12 {
		t.Errorf("standardize JSON has %d tokens, want 12", len(got.Tokens))
	}
}

// TestRunGeocodeAndImport geocodes on an empty data directory (the
// built-in gazetteer is installed), imports a table, and geocodes again.
func TestRunGeocodeAndImport(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir() + "/data"
	run := func(stdin string, args ...string) (string, error) {
		var stdout, stderr bytes.Buffer
		err := Run(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
		return stdout.String(), err
	}
	out, err := run("", "geocode", "--data", dir, "12 Adeola Odeku Street, Victoria Island, Lagos")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Level   string `json:"match_level"`
		Verdict string `json:"verdict"`
		Address struct {
			LGA   string `json:"lga"`
			State string `json:"state"`
		} `json:"address"`
		Lat float64 `json:"latitude"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r.Address.State != "Lagos" || r.Address.LGA != "Eti-Osa" || r.Lat < 6.4 || r.Lat > 6.45 {
		t.Errorf("geocode: %s", out)
	}
	// garbage and empty lines are answered in place, never an error
	out, err = run("asdf qwer\n\n+++\n", "geocode", "--data", dir)
	if err != nil || strings.Count(out, `"verdict":"UNVERIFIED"`) != 3 {
		t.Errorf("garbage: %v\n%s", err, out)
	}
	out, err = run("", "import", "--data", dir, "--format", "openaddresses", "../../storage/importer/testdata/openaddresses.csv")
	if err != nil || !strings.Contains(out, `"places":2`) {
		t.Fatalf("import: %v\n%s", err, out)
	}
	out, err = run("", "geocode", "--data", dir, "12 Adeola Odeku St, Victoria Island, Lagos")
	if err != nil || !strings.Contains(out, `"match_level":"PREMISE"`) || !strings.Contains(out, `"verdict":"HIGH_CONFIDENCE"`) {
		t.Errorf("geocode after import: %v\n%s", err, out)
	}
	for _, args := range [][]string{
		{"import", "--data", dir, "x.csv"},
		{"import", "--data", dir, "--format", "csv", "x.csv"},
		{"import", "--data", dir, "--format", "geonames"},
		{"geocode", "--region", "Narnia", "x"},
	} {
		if _, err := run("", args...); err == nil || exitCode(err) != 2 {
			t.Errorf("Run(%q) = %v, want a usage error", args, err)
		}
	}
}

// TestRunInstallSaid checks that the first run in an empty data directory
// says on stderr that it installs the built-in gazetteer, and when it is
// done; the next run says nothing.
func TestRunInstallSaid(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	for i, want := range []string{"installing the built-in gazetteer in " + dir, ""} {
		var stdout, stderr bytes.Buffer
		if err := Run(context.Background(), []string{"geocode", "--data", dir, "Ikeja, Lagos"}, strings.NewReader(""), &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		if want == "" {
			if stderr.Len() != 0 {
				t.Errorf("run %d: stderr %q, want nothing", i+1, stderr.String())
			}
			continue
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "addrkit: "+want) || !strings.HasPrefix(lines[1], "addrkit: installed the built-in gazetteer") {
			t.Errorf("run %d: stderr %q, want %q and that it is installed", i+1, stderr.String(), want)
		}
	}
}

func TestRunSuggest(t *testing.T) {
	ctx := context.Background()
	dir := storetest.BuiltinDir(t) // the first run's install: TestRunInstallSaid
	run := func(args ...string) (string, error) {
		var stdout, stderr bytes.Buffer
		err := Run(ctx, args, strings.NewReader(""), &stdout, &stderr)
		return stdout.String(), err
	}
	for _, tt := range []struct{ query, first string }{
		{"ikej", "Ikeja, Lagos, Nigeria"},
		{"surulere lagos", "Surulere, Lagos, Nigeria"},
		{"ikejja", "Ikeja, Lagos, Nigeria"},
		{"victoira island", "Victoria Island, Eti-Osa, Lagos, Nigeria"},
	} {
		out, err := run("suggest", "--data", dir, "--limit", "3", tt.query)
		if err != nil {
			t.Fatalf("suggest %q: %v", tt.query, err)
		}
		var r struct {
			Query struct {
				Text  string `json:"text"`
				Limit int    `json:"limit"`
			} `json:"query"`
			Suggestions []struct {
				Label string `json:"label"`
			} `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if r.Query.Text != tt.query || r.Query.Limit != 3 || len(r.Suggestions) == 0 || len(r.Suggestions) > 3 || r.Suggestions[0].Label != tt.first {
			t.Errorf("suggest %q: %s", tt.query, out)
		}
	}
	// the index was kept in the data directory by the first run
	if _, err := run("index", "--data", dir); err != nil {
		t.Fatal(err)
	}
	if _, err := run("suggest", "--data", dir, "--limit", "21", "ikeja"); exitCode(err) != 2 {
		t.Errorf("limit 21: %v, want a usage error", err)
	}
	if _, err := run("suggest", "--data", dir, "--country", "XX", "ikeja"); exitCode(err) != 2 {
		t.Errorf("country XX: %v, want a usage error", err)
	}
}

func TestRunBatch(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	in := filepath.Join(dir, "clients.csv")
	if err := os.WriteFile(in, []byte("id,street,city,state\n1,12 Allen Avenue,Ikeja,Lagos\n2,=cmd,,\n3,,,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := Run(ctx, []string{"batch", "--data", storetest.BuiltinDir(t), in}, strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	var sum struct {
		Rows       int     `json:"rowCount"`
		High       int     `json:"highConfidenceCount"`
		Partial    int     `json:"partialMatchCount"`
		Unverified int     `json:"unverifiedCount"`
		Validated  float64 `json:"validatedPercent"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil || sum.Rows != 3 || sum.High+sum.Partial+sum.Unverified != 3 {
		t.Fatalf("summary %s (%v)", stdout.String(), err)
	}
	out, err := os.ReadFile(filepath.Join(dir, "clients_validated.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 4 || recs[2][1] != "'=cmd" {
		t.Fatalf("output %q (%v)", recs, err)
	}
	if err := Run(ctx, []string{"batch", "--data", filepath.Join(dir, "data")}, strings.NewReader(""), &stdout, &stderr); exitCode(err) != 2 {
		t.Errorf("no input: %v, want a usage error", err)
	}
}

// TestRunReverse: addrkit reverse takes LAT LON, LAT,LON or lines of
// points on standard input, and answers each in order, a line that is no
// point with its error.
func TestRunReverse(t *testing.T) {
	dir := storetest.BuiltinDir(t)
	var stdout, stderr bytes.Buffer
	if err := Run(context.Background(), []string{"reverse", "--data", dir, "6.4281", "3.4219"}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	in := strings.NewReader("51.5007,-0.1246\nnorth east\n95 3\n")
	if err := Run(context.Background(), []string{"reverse", "--data", dir}, in, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	want := []struct{ input, neighbourhood, country, err string }{
		{"6.4281,3.4219", "Victoria Island", "NG", ""},
		{"51.5007,-0.1246", "Lambeth", "GB", ""},
		{"north east", "", "", `"north east" is not a point: write LAT,LON in decimal degrees`},
		{"95 3", "", "", "address: not a point on Earth: the latitude must be within ±90 and the longitude within ±180"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i, w := range want {
		var v struct {
			Input     string  `json:"input"`
			Error     string  `json:"error"`
			DistanceM float64 `json:"distance_m"`
			PlusCode  string  `json:"plus_code"`
			Address   struct {
				Neighbourhood string `json:"neighbourhood"`
				Country       string `json:"country"`
			} `json:"address"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &v); err != nil {
			t.Fatal(err)
		}
		if v.Input != w.input || v.Address.Neighbourhood != w.neighbourhood || v.Address.Country != w.country || v.Error != w.err ||
			w.err == "" && v.PlusCode == "" {
			t.Errorf("line %d: %s\nwant %+v", i+1, lines[i], w)
		}
	}
}
