package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/fault"
)

// internalWords are what a detail written for a client never holds: a Go
// package's prefix, a server path, a driver's or the system's words.
var internalWords = regexp.MustCompile(`^(jobs|batch|address|autocomplete|apikey|httpapi|storage|natsdriver):|/tmp/|uploads/|processed/|no such file|no space left|nats:|badger`)

// TestProblemsForClients sends the bad requests of issue 33 and checks
// that each answer is a problem of its own code whose detail is a
// sentence for a client.
func TestProblemsForClients(t *testing.T) {
	r := newRig(t, nil, nil)
	file := "street,city\nBode Thomas Street,Surulere\n"
	for _, tc := range []struct {
		name, method, target, body string
		status                     int
		code                       string
	}{
		{"a path in the filename", "POST", "/v1/batch/process", `{"filename":"../etc/a.csv","fileContent":` + quote(file) + `}`, 400, CodeInvalidFilename},
		{"an unknown region", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":` + quote(file) + `,"region":"Atlantis"}`, 400, CodeInvalidRegion},
		{"a region with a NUL", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":` + quote(file) + `,"region":"NG\u0000"}`, 400, CodeInvalidRegion},
		{"a region as a number", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":` + quote(file) + `,"region":566}`, 400, CodeInvalidField},
		{"a header-only file", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":"street,city\n"}`, 422, CodeNoRecords},
		{"a bogus validationScope", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":` + quote(file) + `,"validationScope":"partial"}`, 400, CodeInvalidValidationScope},
		{"an empty filename", "POST", "/v1/batch/process", `{"filename":"","fileContent":` + quote(file) + `}`, 400, CodeMissingField},
		{"a number as fileContent", "POST", "/v1/batch/process", `{"filename":"a.csv","fileContent":12}`, 400, CodeInvalidField},
		{"broken JSON", "POST", "/v1/batch/process", `{"filename":"a.csv",`, 400, CodeMalformedJSON},
		{"a number as address", "POST", "/v1/address/validate", `{"address":12}`, 400, CodeInvalidField},
		{"an unknown field", "POST", "/v1/address/validate", `{"stret":"12 Allen Avenue"}`, 400, CodeUnknownField},
		{"a validate region with a NUL", "POST", "/v1/address/validate", `{"address":"12 Allen Avenue","region":"NG\u0000"}`, 400, CodeInvalidRegion},
		{"no letter or digit", "POST", "/v1/address/validate", `{"address":"-- ,"}`, 422, CodeNoAddress},
		{"an empty query", "GET", "/v1/address/autocomplete?query=", "", 400, CodeInvalidQuery},
		{"a focus of NaN", "GET", "/v1/address/autocomplete?query=ikeja&focus=NaN,NaN", "", 400, CodeInvalidParameter},
		{"an infinite focus", "GET", "/v1/address/autocomplete?query=ikeja&focus=" + url.QueryEscape("+Inf,3"), "", 400, CodeInvalidParameter},
		{"an unknown kind", "GET", "/v1/address/autocomplete?query=ikeja&kinds=planet", "", 400, CodeInvalidParameter},
		{"an unknown job", "GET", "/v1/batch/job_batch_nosuchjob", "", 404, CodeJobNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader
			if tc.body != "" {
				body = strings.NewReader(tc.body)
			}
			resp := r.do(tc.method, tc.target, r.keyA, body)
			if resp.StatusCode != tc.status {
				t.Fatalf("%s %s: %d %s, want %d", tc.method, tc.target, resp.StatusCode, resp.body, tc.status)
			}
			p := resp.problem(t)
			if p.Code != tc.code {
				t.Errorf("code %q, want %q (%s)", p.Code, tc.code, p.Detail)
			}
			if !forClient(p.Detail) {
				t.Errorf("detail %q is not a sentence for a client", p.Detail)
			}
		})
	}
}

// forClient reports whether a detail reads as a sentence for a client: it
// ends with a full stop, its first word is no prefix ("jobs:"), and it
// holds nothing internal.
func forClient(detail string) bool {
	first, _, _ := strings.Cut(detail, " ")
	return strings.HasSuffix(detail, ".") && !strings.HasSuffix(first, ":") && !internalWords.MatchString(detail)
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// fullDisk is the job service with a disk that is full: a Submit fails as
// Manager.Submit does when its bucket's write gets ENOSPC.
type fullDisk struct{ Jobs }

func (fullDisk) Submit(context.Context, jobs.SubmitRequest, io.Reader) (jobs.Job, error) {
	err := fmt.Errorf("jobs: store the input: %w", &fs.PathError{Op: "write", Path: "/tmp/blobs/uploads/x/input.tmp", Err: syscall.ENOSPC})
	return jobs.Job{}, fault.Storage(err, "The server has no room to store the file now; retry later.")
}

// TestFullDisk: a full disk is 507 insufficient_storage with Retry-After,
// and its detail names no path; the log keeps the cause.
func TestFullDisk(t *testing.T) {
	rig := newRig(t, func(o *Options) { o.Jobs = fullDisk{o.Jobs} }, nil)
	resp := rig.submit(rig.keyA, SubmitRequest{Filename: "a.csv", FileContent: "street\nIkeja\n"})
	if resp.StatusCode != http.StatusInsufficientStorage || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("%d (Retry-After %q) %s, want 507 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), resp.body)
	}
	if p := resp.problem(t); p.Code != CodeInsufficientStorage || strings.Contains(p.Detail, "/tmp") || strings.Contains(p.Detail, "space left") {
		t.Errorf("problem %+v", p)
	}
}

// TestReadyWithoutBroker: /readyz answers 503 unavailable while the job
// service's backend is unreachable; autocomplete still answers.
func TestReadyWithoutBroker(t *testing.T) {
	down := errors.New("natsdriver: the connection to NATS is RECONNECTING")
	r := newRig(t, func(o *Options) { o.Healthy = func() error { return down } }, nil)
	resp := r.do("GET", "/readyz", "", nil)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("/readyz: %d (Retry-After %q) %s", resp.StatusCode, resp.Header.Get("Retry-After"), resp.body)
	}
	if p := resp.problem(t); p.Code != CodeUnavailable || strings.Contains(p.Detail, "natsdriver") {
		t.Errorf("problem %+v", p)
	}
	if resp := r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA, nil); resp.StatusCode != http.StatusOK {
		t.Errorf("autocomplete while the broker is down: %d", resp.StatusCode)
	}
}
