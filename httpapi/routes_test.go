package httpapi

import (
	"net/url"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/testfiles"
)

// TestLiteralRoutes checks that a route's literal path is not taken for a
// variable of another: /v1/batch/process is not the job "process" for
// any method, and a method a route does not take answers 405 with the
// methods it takes.
func TestLiteralRoutes(t *testing.T) {
	r := newRig(t, nil, nil)
	cases := []struct{ method, path, allow string }{
		{"GET", "/v1/batch/process", "POST"},
		{"DELETE", "/v1/batch/process", "POST"},
		{"PUT", "/v1/batch/process", "POST"},
		{"POST", "/v1/batch/job_batch_x", "GET, DELETE"},
		{"GET", "/v1/batch/job_batch_x/cancel", "POST"},
		{"GET", "/v1/batch/process/cancel", "POST"},
		{"POST", "/v1/address/autocomplete", "GET"},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			resp := r.do(c.method, c.path, r.keyA, nil)
			if resp.StatusCode != 405 || resp.problem(t).Code != CodeMethodNotAllowed || resp.Header.Get("Allow") != c.allow {
				t.Errorf("%d, Allow %q, want 405 with Allow %q: %s", resp.StatusCode, resp.Header.Get("Allow"), c.allow, resp.body)
			}
		})
	}
}

// TestUncleanPaths sends paths with . and .. segments (also encoded) and
// empty ones: each is answered 404 not_found, a problem, and none is
// redirected or reaches a handler; a download link stays good only as it
// was signed.
func TestUncleanPaths(t *testing.T) {
	r := newRig(t, nil, nil)
	resp := r.submit(r.keyA, job{"filename": "a.csv", "fileContent": testfiles.AddressCSV(3)})
	var sub SubmitResponse
	resp.decode(t, &sub)
	link, err := url.Parse(r.waitFinal(r.keyA, sub.JobID).DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	dir, file, _ := strings.Cut(strings.TrimPrefix(link.Path, "/processed/"), "/")
	for _, target := range []string{
		"/v1/batch/..%2F..%2Fetc",
		"/v1/../x",
		"/v1/../v1/batch/" + sub.JobID,
		"/v1/batch/%2E%2E",
		"/v1/batch/./" + sub.JobID,
		"/v1//batch/" + sub.JobID,
		"/v1/batch/" + sub.JobID + "/..",
		"/processed/" + dir + "/..%2F..%2Fsigning.key?" + link.RawQuery,
		"/processed/" + dir + "/./" + file + "?" + link.RawQuery,
		"/processed/x/../" + dir + "/" + file + "?" + link.RawQuery,
		"/processed/" + dir + "/%2E%2E?" + link.RawQuery,
	} {
		resp := r.do("GET", target, r.keyA, nil)
		if resp.StatusCode != 404 || resp.problem(t).Code != CodeNotFound || resp.Header.Get("Location") != "" {
			t.Errorf("GET %s: %d %v %s", target, resp.StatusCode, resp.Header, resp.body)
		}
	}
	if resp := r.do("GET", link.RequestURI(), "", nil); resp.StatusCode != 200 {
		t.Errorf("the link as signed: %d %s", resp.StatusCode, resp.body)
	}
	if resp := r.do("GET", link.Path+"?"+link.RawQuery+"0", "", nil); resp.StatusCode != 403 || resp.problem(t).Code != CodeInvalidSignature {
		t.Errorf("the link with another signature: %d %s", resp.StatusCode, resp.body)
	}
}
