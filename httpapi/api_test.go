package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/testfiles"
	"github.com/gorilla/mux"
	"github.com/klauspost/compress/zstd"
)

// job is a submitted body.
type job map[string]any

// TestBatchINEC submits the shared INEC polling-unit file over HTTP, polls
// it to COMPLETED, downloads the output through its signed link and checks
// every row and column; then refuses tampered and expired links and
// another client's key.
func TestBatchINEC(t *testing.T) {
	path := filepath.Join(shareddata.Dir(t), "ng-inec-polling-units", "polling_units.csv")
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := csv.NewReader(bytes.NewReader(content)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, nil, nil)
	resp := r.submit(r.keyA, job{"filename": "polling_units.csv", "fileContent": string(content), "region": "Nigeria",
		"enhancedMatching": true, "validationScope": "full"})
	if resp.StatusCode != 202 {
		t.Fatalf("submit: %d %s", resp.StatusCode, resp.body)
	}
	var sub SubmitResponse
	resp.decode(t, &sub)
	if !sub.Success || sub.Status != "QUEUED" || sub.Filename != "polling_units.csv" || sub.Region != "Nigeria" ||
		resp.Header.Get("Location") != "/v1/batch/"+sub.JobID || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("submit answered %+v, %v", sub, resp.Header)
	}
	// another client sees nothing of it
	for _, m := range [][2]string{{"GET", ""}, {"POST", "/cancel"}, {"DELETE", ""}} {
		if resp := r.do(m[0], "/v1/batch/"+sub.JobID+m[1], r.keyB, nil); resp.StatusCode != 404 || resp.problem(t).Code != CodeJobNotFound {
			t.Errorf("%s by another key: %d %s", m[0], resp.StatusCode, resp.body)
		}
	}
	st := r.waitFinal(r.keyA, sub.JobID)
	rows := len(in) - 1
	if st.Status != "COMPLETED" || st.RowCount != rows || st.ProcessedCount != rows || st.Progress != 100 ||
		st.HighConfidenceCount+st.PartialMatchCount+st.UnverifiedCount != rows || st.FinishedAt == "" {
		t.Fatalf("completed: %+v", st)
	}
	t.Logf("%d rows: %d high confidence, %d partial, %d unverified, %.2f%% validated",
		rows, st.HighConfidenceCount, st.PartialMatchCount, st.UnverifiedCount, st.ValidatedPercent)

	link, err := url.Parse(st.DownloadURL)
	if err != nil || link.Path != "/processed/"+sub.JobID+"/polling_units_validated.csv" || link.Query().Get("signature") == "" {
		t.Fatalf("downloadUrl %q", st.DownloadURL)
	}
	resp = r.do("GET", link.RequestURI(), "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "polling_units_validated.csv") {
		t.Fatalf("download: %d %v", resp.StatusCode, resp.Header)
	}
	out, err := csv.NewReader(bytes.NewReader(resp.body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var header []string
	for _, h := range in[0] {
		header = append(header, "input_"+h)
	}
	header = append(header, batch.Columns...)
	if !slices.Equal(out[0], header) || len(out) != len(in) {
		t.Fatalf("output: %d rows, header %v", len(out)-1, out[0])
	}
	status := slices.Index(header, "status")
	for i, row := range out[1:] {
		if len(row) != len(header) || row[len(in[0])] != strconv.Itoa(i+1) {
			t.Fatalf("output row %d: %q", i+1, row)
		}
		for j, cell := range in[i+1] {
			if row[j] != batch.Sanitize(cell) {
				t.Fatalf("output row %d, column %s: %q, input %q", i+1, header[j], row[j], cell)
			}
		}
		switch row[status] {
		case "HIGH_CONFIDENCE", "PARTIAL", "UNVERIFIED":
		default:
			t.Fatalf("output row %d: status %q", i+1, row[status])
		}
	}

	// tampered links are refused
	q := link.Query()
	sig := q.Get("signature")
	flip := map[bool]string{true: "1", false: "0"}[sig[0] == '0'] + sig[1:]
	exp, _ := strconv.ParseInt(q.Get("expires"), 10, 64)
	tampered := map[string]string{
		"signature changed": link.Path + "?expires=" + q.Get("expires") + "&signature=" + flip,
		"expiry moved":      link.Path + "?expires=" + strconv.FormatInt(exp+3600, 10) + "&signature=" + sig,
		"no signature":      link.Path + "?expires=" + q.Get("expires"),
		"no query":          link.Path,
		"another file":      "/processed/" + sub.JobID + "/other_validated.csv?" + link.RawQuery,
	}
	for name, target := range tampered {
		if resp := r.do("GET", target, "", nil); resp.StatusCode != 403 || resp.problem(t).Code != CodeInvalidSignature {
			t.Errorf("%s: %d %s", name, resp.StatusCode, resp.body)
		}
	}
	// an expired link is refused; a fresh status gives a new one
	r.now.Store(exp + 1)
	if resp := r.do("GET", link.RequestURI(), "", nil); resp.StatusCode != 403 || resp.problem(t).Code != CodeLinkExpired {
		t.Errorf("expired link: %d %s", resp.StatusCode, resp.body)
	}
	st = r.waitFinal(r.keyA, sub.JobID)
	if resp := r.do("HEAD", strings.TrimPrefix(st.DownloadURL, r.srv.URL), "", nil); resp.StatusCode != 200 {
		t.Errorf("the fresh link: %d", resp.StatusCode)
	}
}

// TestBatchLifecycle runs small jobs through submit, status, download,
// cancel and delete.
func TestBatchLifecycle(t *testing.T) {
	r := newRig(t, nil, nil)
	content := "street,city,state\n12 Allen Avenue,Ikeja,Lagos\n=HYPERLINK(\"http://x\"),Yaba,Lagos\n\"Plot 5, Wuse 2\",Abuja,FCT\n"
	resp := r.submit(r.keyA, job{"filename": "my clients.csv", "fileContent": content})
	if resp.StatusCode != 202 {
		t.Fatalf("submit: %d %s", resp.StatusCode, resp.body)
	}
	var sub SubmitResponse
	resp.decode(t, &sub)
	if sub.Region != DefaultRegion {
		t.Errorf("default region %q", sub.Region)
	}
	st := r.waitFinal(r.keyA, sub.JobID)
	if st.Status != "COMPLETED" || st.RowCount != 3 {
		t.Fatalf("%+v", st)
	}
	link, _ := url.Parse(st.DownloadURL)
	resp = r.do("GET", link.RequestURI(), "", nil)
	out, err := csv.NewReader(bytes.NewReader(resp.body)).ReadAll()
	if resp.StatusCode != 200 || err != nil || len(out) != 4 {
		t.Fatalf("download %q: %d %v %d rows", link.Path, resp.StatusCode, err, len(out))
	}
	if cell := out[2][0]; !strings.HasPrefix(cell, "'=") {
		t.Errorf("a formula reached the output: %q", cell)
	}
	if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, "my clients_validated.csv") {
		t.Errorf("Content-Disposition %q", cd)
	}
	// a range
	if resp := r.do("GET", link.RequestURI(), "", nil, "Range", "bytes=0-9", "Accept-Encoding", "identity"); resp.StatusCode != 206 || string(resp.body) != "input_stre" {
		t.Errorf("range: %d %q", resp.StatusCode, resp.body)
	}

	if resp := r.do("GET", link.RequestURI(), "", nil, "Range", "bytes=999999-"); resp.StatusCode != 416 ||
		resp.problem(t).Code != CodeRangeNotSatisfiable || !strings.HasPrefix(resp.Header.Get("Content-Range"), "bytes */") {
		t.Errorf("a range past the end: %d %v %s", resp.StatusCode, resp.Header, resp.body)
	}

	// delete: the job and its link are gone
	if resp := r.do("DELETE", "/v1/batch/"+sub.JobID, r.keyA, nil); resp.StatusCode != 204 {
		t.Fatalf("delete: %d %s", resp.StatusCode, resp.body)
	}
	if resp := r.do("GET", "/v1/batch/"+sub.JobID, r.keyA, nil); resp.StatusCode != 404 {
		t.Errorf("after delete: %d", resp.StatusCode)
	}
	if resp := r.do("GET", link.RequestURI(), "", nil); resp.StatusCode != 404 || resp.problem(t).Code != CodeFileNotFound {
		t.Errorf("the link after delete: %d %s", resp.StatusCode, resp.body)
	}

	// cancel a big job while it runs
	resp = r.submit(r.keyA, job{"filename": "big.csv", "fileContent": testfiles.AddressCSV(200000), "region": "NG"})
	resp.decode(t, &sub)
	for deadline := time.Now().Add(2 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the big job was not seen processing within 2 minutes: %+v", st)
		}
		resp = r.do("GET", "/v1/batch/"+sub.JobID, r.keyA, nil)
		st = JobStatus{}
		resp.decode(t, &st)
		if st.Status == "PROCESSING" && st.ProcessedCount > 0 {
			break
		}
		if st.Status != "QUEUED" && st.Status != "PROCESSING" {
			t.Fatalf("before cancel: %+v", st)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if c := st.HighConfidenceCount + st.PartialMatchCount + st.UnverifiedCount; c != st.ProcessedCount || st.RowCount != 200000 || st.Progress != float64(int(10000*float64(st.ProcessedCount)/200000))/100 {
		t.Errorf("while processing: %+v", st)
	}
	resp = r.do("POST", "/v1/batch/"+sub.JobID+"/cancel", r.keyA, nil)
	st = JobStatus{}
	resp.decode(t, &st)
	if resp.StatusCode != 200 || st.Status != "CANCELLED" || st.DownloadURL != "" {
		t.Fatalf("cancel: %d %+v", resp.StatusCode, st)
	}
	if st = r.waitFinal(r.keyA, sub.JobID); st.Status != "CANCELLED" {
		t.Errorf("after cancel: %+v", st)
	}
}

// TestLongFilename: a name of 255 bytes, the most allowed, is kept for the
// link and the download's name only; the files are stored by job id.
// TestBatchUnusedColumns: the status names the columns that gave nothing
// to the addresses, with a warning.
func TestBatchUnusedColumns(t *testing.T) {
	r := newRig(t, nil, nil)
	resp := r.submit(r.keyA, job{"filename": "customers.csv", "fileContent": `"Customer Name","Delivery Address","City","State","Phone"` + "\n" +
		`"Adaeze Okafor","12 Adeola Odeku Street, Victoria Island","Lagos","Lagos","08031234567"` + "\n"})
	if resp.StatusCode != 202 {
		t.Fatalf("submit: %d %s", resp.StatusCode, resp.body)
	}
	var sub SubmitResponse
	resp.decode(t, &sub)
	st := r.waitFinal(r.keyA, sub.JobID)
	if st.Status != "COMPLETED" || !slices.Equal(st.UnusedColumns, []string{"Customer Name", "Phone"}) || len(st.Warnings) != 1 ||
		!strings.Contains(st.Warnings[0], `"Customer Name", "Phone"`) || st.Encoding != "" || st.PartialMatchCount+st.HighConfidenceCount != 1 {
		t.Errorf("status %+v; want the unused columns Customer Name and Phone, a warning, no encoding, the row matched", st)
	}
}

func TestLongFilename(t *testing.T) {
	r := newRig(t, nil, nil)
	name := strings.Repeat("é", 125) + "x.csv" // 255 bytes
	resp := r.submit(r.keyA, job{"filename": name, "fileContent": "street,city\n12 Allen Avenue,Ikeja\n"})
	if resp.StatusCode != 202 {
		t.Fatalf("submit: %d %s", resp.StatusCode, resp.body)
	}
	var sub SubmitResponse
	resp.decode(t, &sub)
	st := r.waitFinal(r.keyA, sub.JobID)
	if st.Status != "COMPLETED" || st.Filename != name {
		t.Fatalf("%+v", st)
	}
	link, _ := url.Parse(st.DownloadURL)
	resp = r.do("GET", link.RequestURI(), "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("download: %d %s", resp.StatusCode, resp.body)
	}
	_, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
	if want := strings.TrimSuffix(name, ".csv") + "_validated.csv"; err != nil || params["filename"] != want {
		t.Errorf("Content-Disposition %q, want the name %q", resp.Header.Get("Content-Disposition"), want)
	}
	// the name in the link is covered by its signature
	other := strings.Replace(link.RequestURI(), "x_validated.csv", "y_validated.csv", 1)
	if resp := r.do("GET", other, "", nil); resp.StatusCode != 403 {
		t.Errorf("a link with another name: %d", resp.StatusCode)
	}
}

func TestIdempotency(t *testing.T) {
	r := newRig(t, nil, nil)
	body := job{"filename": "a.csv", "fileContent": testfiles.AddressCSV(3)}
	first := r.submit(r.keyA, body, "Idempotency-Key", "order-42")
	var sub SubmitResponse
	first.decode(t, &sub)
	r.waitFinal(r.keyA, sub.JobID) // a retry after the job ran answers the same
	again := r.submit(r.keyA, body, "Idempotency-Key", "order-42")
	if first.StatusCode != 202 || again.StatusCode != 202 || !bytes.Equal(first.body, again.body) ||
		again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay: %d %s / %d %s", first.StatusCode, first.body, again.StatusCode, again.body)
	}
	other := r.submit(r.keyA, job{"filename": "b.csv", "fileContent": testfiles.AddressCSV(3)}, "Idempotency-Key", "order-42")
	if other.StatusCode != 422 || other.problem(t).Code != CodeIdempotencyKeyReused {
		t.Errorf("same key, another body: %d %s", other.StatusCode, other.body)
	}
	// another client's key space
	if b := r.submit(r.keyB, body, "Idempotency-Key", "order-42"); b.StatusCode != 202 || bytes.Equal(b.body, first.body) {
		t.Errorf("another client with the same key: %d %s", b.StatusCode, b.body)
	}
}

// TestErrors sends what clients get wrong; every answer is a problem with
// its code.
func TestErrors(t *testing.T) {
	r := newRig(t, func(o *Options) { o.MaxBodyBytes = 64 << 10 }, func(o *jobs.ManagerOptions) { o.MaxRows = 100 })
	post := func(body string) func() response {
		return func() response { return r.do("POST", "/v1/batch/process", r.keyA, strings.NewReader(body)) }
	}
	cases := []struct {
		name   string
		send   func() response
		status int
		code   string
	}{
		{"no key", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja", "", nil) }, 401, CodeUnauthorized},
		{"wrong key", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA+"x", nil) }, 401, CodeUnauthorized},
		{"basic auth", func() response {
			return r.do("GET", "/v1/batch/job_batch_x", "", nil, "Authorization", "Basic "+r.keyA)
		}, 401, CodeUnauthorized},
		{"unknown route", func() response { return r.do("GET", "/v2/anything", r.keyA, nil) }, 404, CodeNotFound},
		{"unknown job", func() response { return r.do("GET", "/v1/batch/job_batch_nosuchjob", r.keyA, nil) }, 404, CodeJobNotFound},
		{"wrong method", func() response { return r.do("PUT", "/v1/batch/process", r.keyA, nil) }, 405, CodeMethodNotAllowed},
		{"wrong content type", func() response {
			return r.do("POST", "/v1/batch/process", r.keyA, strings.NewReader("filename=a.csv"), "Content-Type", "application/x-www-form-urlencoded")
		}, 415, CodeUnsupportedMediaType},
		{"malformed JSON", post(`{"filename": "a.csv",`), 400, CodeMalformedJSON},
		{"empty body", post(``), 400, CodeMalformedJSON},
		{"not an object", post(`["a.csv"]`), 400, CodeMalformedJSON},
		{"two objects", post(`{"filename":"a.csv","fileContent":"street\nIkeja\n"} {}`), 400, CodeMalformedJSON},
		{"wrong type", post(`{"filename": 12, "fileContent": "street\nIkeja\n"}`), 400, CodeInvalidField},
		{"no filename", post(`{"fileContent": "street\nIkeja\n"}`), 400, CodeMissingField},
		{"no content", post(`{"filename": "a.csv", "fileContent": "  "}`), 400, CodeMissingField},
		{"filename too long", func() response {
			return r.submit(r.keyA, job{"filename": strings.Repeat("a", 300) + ".csv", "fileContent": "street\nIkeja\n"})
		}, 400, CodeInvalidFilename},
		{"filename with a path", post(`{"filename": "../../etc/a.csv", "fileContent": "street\nIkeja\n"}`), 400, CodeInvalidFilename},
		{"filename with a backslash", post(`{"filename": "C:\\Users\\a.csv", "fileContent": "street\nIkeja\n"}`), 400, CodeInvalidFilename},
		{"filename with a newline", post(`{"filename": "a\n.csv", "fileContent": "street\nIkeja\n"}`), 400, CodeInvalidFilename},
		{"filename ..", post(`{"filename": "..", "fileContent": "street\nIkeja\n"}`), 400, CodeInvalidFilename},
		{"header only", post(`{"filename": "a.csv", "fileContent": "street,city\n"}`), 422, CodeNoRecords},
		{"header without a line end", post(`{"filename": "a.csv", "fileContent": "street,city"}`), 422, CodeNoRecords},
		{"delimiters only", post(`{"filename": "a.csv", "fileContent": "street,city\n,\n , \n\n"}`), 422, CodeNoRecords},
		{"text of punctuation", post(`{"filename": "a.txt", "fileContent": "--\n..\n"}`), 422, CodeNoRecords},
		{"unknown region", post(`{"filename": "a.csv", "fileContent": "street\nIkeja\n", "region": "Atlantis"}`), 400, CodeInvalidRegion},
		{"other scope", post(`{"filename": "a.csv", "fileContent": "street\nIkeja\n", "validationScope": "basic"}`), 400, CodeInvalidValidationScope},
		{"long idempotency key", func() response {
			return r.submit(r.keyA, job{"filename": "a.csv", "fileContent": "street\nIkeja\n"}, "Idempotency-Key", strings.Repeat("k", 256))
		}, 400, CodeInvalidIdempotencyKey},
		{"too many records", func() response {
			return r.submit(r.keyA, job{"filename": "a.csv", "fileContent": testfiles.AddressCSV(101)})
		}, 413, CodeTooManyRecords},
		{"body too large", func() response {
			return r.submit(r.keyA, job{"filename": "a.csv", "fileContent": strings.Repeat("x", 70<<10)})
		}, 413, CodeBodyTooLarge},
		{"empty query", func() response { return r.do("GET", "/v1/address/autocomplete?query=+", r.keyA, nil) }, 400, CodeInvalidQuery},
		{"no query", func() response { return r.do("GET", "/v1/address/autocomplete", r.keyA, nil) }, 400, CodeInvalidQuery},
		{"limit 0", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&limit=0", r.keyA, nil) }, 400, CodeInvalidLimit},
		{"limit 21", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&limit=21", r.keyA, nil) }, 400, CodeInvalidLimit},
		{"limit five", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&limit=five", r.keyA, nil) }, 400, CodeInvalidLimit},
		{"unknown country", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&country=ZZ", r.keyA, nil) }, 400, CodeInvalidCountry},
		{"country name", func() response {
			return r.do("GET", "/v1/address/autocomplete?query=ikeja&country=Nigeria", r.keyA, nil)
		}, 400, CodeInvalidCountry},
		{"unknown kind", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&kinds=castle", r.keyA, nil) }, 400, CodeInvalidParameter},
		{"bad focus", func() response { return r.do("GET", "/v1/address/autocomplete?query=ikeja&focus=north", r.keyA, nil) }, 400, CodeInvalidParameter},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := c.send()
			if resp.StatusCode != c.status {
				t.Fatalf("%d, want %d: %s", resp.StatusCode, c.status, resp.body)
			}
			if p := resp.problem(t); p.Code != c.code || p.RequestID == "" || p.RequestID != resp.Header.Get("X-Request-Id") {
				t.Errorf("problem %+v, want code %s", p, c.code)
			}
			switch c.status {
			case 401:
				if !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("WWW-Authenticate %q", resp.Header.Get("WWW-Authenticate"))
				}
			case 405:
				if resp.Header.Get("Allow") != "POST" {
					t.Errorf("Allow %q", resp.Header.Get("Allow"))
				}
			}
		})
	}
}

func TestAutocomplete(t *testing.T) {
	r := newRig(t, nil, nil)
	resp := r.do("GET", "/v1/address/autocomplete?query="+url.QueryEscape("victoria isl")+"&limit=3", r.keyA, nil)
	var got autocomplete.Response
	resp.decode(t, &got)
	if resp.StatusCode != 200 || got.Query.Country != "NG" || got.Query.Limit != 3 || len(got.Suggestions) == 0 ||
		got.Suggestions[0].MainText != "Victoria Island" {
		t.Fatalf("%d %s", resp.StatusCode, resp.body)
	}
	// typo-tolerant, with the defaults
	resp = r.do("GET", "/v1/address/autocomplete?query=surulerre", r.keyA, nil)
	resp.decode(t, &got)
	if got.Query.Limit != 5 || len(got.Suggestions) == 0 || got.Suggestions[0].MainText != "Surulere" || got.Suggestions[0].Match.Typos != 1 {
		t.Errorf("typo: %s", resp.body)
	}
}

// TestUnknownKind checks that the answer to an unknown place kind names it
// and lists the kinds there are.
func TestUnknownKind(t *testing.T) {
	r := newRig(t, nil, nil)
	resp := r.do("GET", "/v1/address/autocomplete?query=ikeja&kinds=city,planet", r.keyA, nil)
	if resp.StatusCode != 400 {
		t.Fatalf("%d: %s", resp.StatusCode, resp.body)
	}
	p := resp.problem(t)
	if p.Code != CodeInvalidParameter || !strings.Contains(p.Detail, `"planet"`) || strings.HasPrefix(p.Detail, "autocomplete:") {
		t.Errorf("problem %+v", p)
	}
	for _, k := range address.Kinds {
		if !strings.Contains(p.Detail, " "+string(k)) {
			t.Errorf("the detail %q does not list the kind %s", p.Detail, k)
		}
	}
	// the OpenAPI document lists them too
	_, list, _ := strings.Cut(strings.TrimSuffix(p.Detail, "."), "the kinds are ")
	op, _ := lookup("#", "paths", "/v1/address/autocomplete", "get")
	params, _ := op["parameters"].([]any)
	for _, param := range params {
		if m, _ := param.(map[string]any); m["name"] == "kinds" {
			if d, _ := m["description"].(string); !strings.Contains(d, "The kinds: "+list+";") {
				t.Errorf("the OpenAPI document's kinds are not %s: %s", list, d)
			}
		}
	}
}

func TestRateLimit(t *testing.T) {
	r := newRig(t, func(o *Options) { o.RateLimit, o.RateBurst = 1, 2 }, nil)
	for i := range 2 {
		if resp := r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA, nil); resp.StatusCode != 200 {
			t.Fatalf("request %d: %d", i, resp.StatusCode)
		}
	}
	resp := r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA, nil)
	if resp.StatusCode != 429 || resp.problem(t).Code != CodeRateLimited {
		t.Fatalf("third request: %d %s", resp.StatusCode, resp.body)
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After %q", resp.Header.Get("Retry-After"))
	}
	// the limit is per key
	if resp := r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyB, nil); resp.StatusCode != 200 {
		t.Errorf("another key: %d", resp.StatusCode)
	}
}

// panicky is a Suggester that fails as a bug would.
type panicky struct{}

func (panicky) Suggest(context.Context, autocomplete.Query) (autocomplete.Response, error) {
	panic("a bug")
}

func TestPanic(t *testing.T) {
	r := newRig(t, func(o *Options) { o.Suggester = panicky{} }, nil)
	resp := r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA, nil)
	if resp.StatusCode != 500 || resp.problem(t).Code != CodeInternal || strings.Contains(string(resp.body), "a bug") {
		t.Fatalf("%d %s", resp.StatusCode, resp.body)
	}
	if resp := r.do("GET", "/healthz", "", nil); resp.StatusCode != 200 {
		t.Errorf("after the panic: %d", resp.StatusCode)
	}
}

func TestOperations(t *testing.T) {
	r := newRig(t, nil, nil)
	if resp := r.do("GET", "/healthz", "", nil); resp.StatusCode != 200 {
		t.Errorf("healthz %d", resp.StatusCode)
	}
	if resp := r.do("GET", "/readyz", "", nil); resp.StatusCode != 200 {
		t.Errorf("readyz %d", resp.StatusCode)
	}
	r.api.SetReady(false)
	if resp := r.do("GET", "/readyz", "", nil); resp.StatusCode != 503 || resp.problem(t).Code != CodeNotReady {
		t.Errorf("readyz while shutting down: %d", resp.StatusCode)
	}
	resp := r.submit(r.keyA, job{"filename": "a.csv", "fileContent": testfiles.AddressCSV(10)})
	var sub SubmitResponse
	resp.decode(t, &sub)
	r.waitFinal(r.keyA, sub.JobID)
	r.do("GET", "/v1/address/autocomplete?query=ikeja", r.keyA, nil)
	resp = r.do("GET", "/metrics", "", nil)
	for _, want := range []string{
		`addrkit_http_requests_total{code="200",method="GET",route="/v1/address/autocomplete"} 1`,
		`addrkit_http_requests_total{code="202",method="POST",route="/v1/batch/process"} 1`,
		`addrkit_http_request_duration_seconds_count{method="GET",route="/v1/batch/{jobId}"}`,
		`addrkit_batch_jobs{state="COMPLETED"} 1`,
		`addrkit_batch_rows_processed_total 10`,
		`go_goroutines`,
	} {
		if !strings.Contains(string(resp.body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	// the document, compressed as asked, without a key (it holds no
	// secret, and the web page links it)
	for _, enc := range []string{"gzip", "zstd"} {
		req, _ := http.NewRequest("GET", r.srv.URL+"/v1/openapi.json", nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != enc {
			t.Errorf("Accept-Encoding %s: Content-Encoding %q", enc, resp.Header.Get("Content-Encoding"))
			continue
		}
		if enc == "zstd" {
			d, _ := zstd.NewReader(nil)
			body, err = d.DecodeAll(body, nil)
			if err != nil || !bytes.Equal(body, OpenAPI) {
				t.Errorf("zstd body: %v", err)
			}
		}
	}
}

// TestRoutesDocumented checks the OpenAPI document against the router:
// every route and method is documented, and every documented operation is
// served.
func TestRoutesDocumented(t *testing.T) {
	r := newRig(t, nil, nil)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	served := map[string]bool{}
	r.api.router.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		tmpl, err1 := route.GetPathTemplate()
		methods, err2 := route.GetMethods()
		if err1 != nil || err2 != nil {
			return nil // the /v1 prefix
		}
		for _, m := range methods {
			served[strings.ToLower(m)+" "+tmpl] = true
			if doc.Paths[tmpl][strings.ToLower(m)] == nil {
				t.Errorf("%s %s is served but not documented", m, tmpl)
			}
		}
		return nil
	})
	for path, ops := range doc.Paths {
		for m := range ops {
			if m != "parameters" && !served[m+" "+path] {
				t.Errorf("%s %s is documented but not served", m, path)
			}
		}
	}
}

// TestUploadsBounded holds one submission's body open: with MaxUploads 1,
// another is refused with 503 until the first is read.
func TestUploadsBounded(t *testing.T) {
	r := newRig(t, func(o *Options) { o.MaxUploads = 1 }, nil)
	pr, pw := io.Pipe()
	// (before the server closes, which waits for the held request: a
	// failure below must not leave it waiting)
	t.Cleanup(func() { pw.CloseWithError(errors.New("the test ended")) })
	req, _ := http.NewRequest("POST", r.srv.URL+"/v1/batch/process", pr)
	req.Header.Set("Authorization", "Bearer "+r.keyA)
	req.Header.Set("Content-Type", "application/json")
	first := make(chan int, 1)
	go func() {
		resp, err := r.srv.Client().Do(req)
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	io.WriteString(pw, `{"filename": "slow.csv", `)
	// the server holds the slot while it reads the rest; nothing else is
	// submitted until then, so that the slow submission is the one that
	// holds it
	held := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); r.api.uploads.inUse() != n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d submissions read, want %d", r.api.uploads.inUse(), n)
			}
		}
	}
	held(1)
	busy := r.submit(r.keyB, job{"filename": "a.csv", "fileContent": "street\nIkeja\n"})
	if busy.StatusCode != 503 || busy.problem(t).Code != CodeBusy || busy.Header.Get("Retry-After") == "" {
		t.Fatalf("a second submission while one is read: %d %s", busy.StatusCode, busy.body)
	}
	io.WriteString(pw, `"fileContent": "street\nIkeja\n"}`)
	pw.Close()
	if code := <-first; code != 202 {
		t.Fatalf("the slow submission: %d", code)
	}
	held(0)
	if resp := r.submit(r.keyB, job{"filename": "a.csv", "fileContent": "street\nIkeja\n"}); resp.StatusCode != 202 {
		t.Errorf("after it: %d %s", resp.StatusCode, resp.body)
	}
}
