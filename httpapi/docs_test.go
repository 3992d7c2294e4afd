package httpapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the answers in testdata/docs, which docs/http-api.md shows")

// The parts of an answer that change from run to run, and what the
// documents show instead.
var docVariables = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`job_batch_[a-z2-7]{26}`), "job_batch_oixezczmodsfpgmi5n3sylpnqu"},
	{regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`), "2026-11-24T10:00:00Z"},
	{regexp.MustCompile(`http://127\.0\.0\.1:\d+`), "http://localhost:8080"},
	{regexp.MustCompile(`expires=\d+`), "expires=1795600000"},
	{regexp.MustCompile(`signature=[0-9a-f]{64}`), "signature=" + strings.Repeat("0", 64)},
	{regexp.MustCompile(`"requestId": "[^"]+"`), `"requestId": "01JD5Q3Z8M0000000000000000"`},
}

// TestDocsAnswers makes the answers docs/http-api.md shows, from the
// request it shows, and compares them with testdata/docs (-update rewrites
// them; TestDocs in cmd/addrkit checks that the document shows these files).
func TestDocsAnswers(t *testing.T) {
	r := newRig(t, nil, nil)
	request, err := os.ReadFile(filepath.Join("testdata", "docs", "submit-request.json"))
	if err != nil {
		t.Fatal(err)
	}
	sub := r.do("POST", "/v1/batch/process", r.keyA, bytes.NewReader(request))
	var s SubmitResponse
	sub.decode(t, &s)
	r.waitFinal(r.keyA, s.JobID)
	status := r.do("GET", "/v1/batch/"+s.JobID, r.keyA, nil)
	bad := r.do("POST", "/v1/batch/process", r.keyA, strings.NewReader(`{"filename": "clients.csv", "fileContent": "address\n"}`))
	vreq, err := os.ReadFile(filepath.Join("testdata", "docs", "validate-request.json"))
	if err != nil {
		t.Fatal(err)
	}
	valid := r.do("POST", "/v1/address/validate", r.keyA, bytes.NewReader(vreq))
	unknown := r.do("POST", "/v1/address/validate", r.keyA, strings.NewReader(`{"stret": "12 Allen Avenue"}`))
	for name, body := range map[string][]byte{
		"submit-answer.json": sub.body, "status-completed.json": status.body, "problem-no-records.json": bad.body,
		"validate-answer.json": valid.body, "problem-unknown-field.json": unknown.body,
	} {
		var b bytes.Buffer
		if err := json.Indent(&b, body, "", "  "); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := b.String() + "\n"
		for _, v := range docVariables {
			got = v.re.ReplaceAllString(got, v.with)
		}
		path := filepath.Join("testdata", "docs", name)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./httpapi -run TestDocsAnswers -update writes it)", err)
		}
		if got != string(want) {
			t.Errorf("%s is\n%s\nthe answer is now\n%s", path, want, got)
		}
	}
}
