package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/apikey/badgerkeys"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/gorilla/mux"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
)

// rig is the real stack behind an httptest server: the built-in gazetteer
// and its autocomplete index in Badger, a Badger job store, a file://
// bucket, API keys in Badger, and a Manager running jobs.
type rig struct {
	t      testing.TB
	srv    *httptest.Server
	api    *Server
	jobs   *jobs.Manager
	bucket *blob.Bucket
	keyA   string // the keys of two clients
	keyB   string
	now    atomic.Int64 // the signer's clock, Unix seconds; 0 is the real time
}

// newRig starts the stack; mopts may change the Manager's options (the
// gazetteer among them: the built-in one otherwise), opts the API's.
func newRig(t testing.TB, opts func(*Options), mopts func(*jobs.ManagerOptions)) *rig {
	t.Helper()
	ctx := context.Background()
	r := &rig{t: t}
	store, err := badgerjobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	r.bucket, err = fileblob.OpenBucket(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.bucket.Close() })
	keysDir := filepath.Join(t.TempDir(), "keys")
	kd, err := badgerkeys.Open(ctx, keysDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	ks := apikey.NewStore(kd)
	_, r.keyA, _ = ks.Create(ctx, "client A")
	_, r.keyB, _ = ks.Create(ctx, "client B")
	ks.Close()
	kd, err = badgerkeys.Open(ctx, keysDir, &badgerkeys.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ring, err := apikey.NewRing(ctx, kd)
	if err != nil {
		t.Fatal(err)
	}
	signer := &jobs.Signer{Key: bytes.Repeat([]byte("k"), 32), Now: func() time.Time {
		if s := r.now.Load(); s != 0 {
			return time.Unix(s, 0)
		}
		return time.Now()
	}}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	// the built-in gazetteer, read-only and shared by the tests (one that
	// writes places sets a store of its own)
	mo := jobs.ManagerOptions{Gazetteer: storetest.Shared(t), Store: store, Queue: jobs.NewMemoryQueue(0), Bucket: r.bucket,
		Signer: signer, ProgressEvery: 20 * time.Millisecond, Logger: quiet}
	if mopts != nil {
		mopts(&mo)
	}
	r.jobs, err = jobs.NewManager(mo)
	if err != nil {
		t.Fatal(err)
	}
	ix := storetest.SharedIndex(t)
	if mo.Gazetteer != storetest.Shared(t) {
		ix, err = autocomplete.Open(ctx, mo.Gazetteer.(autocomplete.Store), autocomplete.Options{})
		if err != nil {
			t.Fatal(err)
		}
	}
	o := Options{Jobs: r.jobs, Suggester: ix, Keys: ring, Gazetteer: mo.Gazetteer, Logger: quiet, RateLimit: -1}
	if opts != nil {
		opts(&o)
	}
	r.api, err = New(o)
	if err != nil {
		t.Fatal(err)
	}
	r.srv = httptest.NewServer(r.api)
	// the API redirects nowhere: a redirect is answered to the test as it is
	r.srv.Client().CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	t.Cleanup(r.srv.Close)
	run, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); r.jobs.Run(run) }()
	t.Cleanup(func() { stop(); <-done })
	return r
}

// response is an answer, checked against the OpenAPI document.
type response struct {
	*http.Response
	body []byte
}

// problem decodes a problem answer.
func (r response) problem(t testing.TB) Problem {
	t.Helper()
	var p Problem
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("%d with Content-Type %q: %s", r.StatusCode, ct, r.body)
	}
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatal(err)
	}
	if p.Status != r.StatusCode || p.Type != "urn:addrkit:problem:"+p.Code || p.Title == "" || p.Detail == "" {
		t.Errorf("problem %+v answered with %d", p, r.StatusCode)
	}
	return p
}

func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("%v: %s", err, r.body)
	}
}

// do sends a request (with key as the bearer key unless empty) and checks
// the answer against the OpenAPI document.
func (r *rig) do(method, target, key string, body io.Reader, header ...string) response {
	r.t.Helper()
	req, err := http.NewRequest(method, r.srv.URL+target, body)
	if err != nil {
		r.t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		r.t.Fatal(err)
	}
	out := response{resp, b}
	r.conforms(req, out)
	return out
}

// submit posts a job body and returns the answer.
func (r *rig) submit(key string, body any, header ...string) response {
	r.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		r.t.Fatal(err)
	}
	return r.do("POST", "/v1/batch/process", key, bytes.NewReader(b), header...)
}

// waitFinal polls a job until it is finished.
func (r *rig) waitFinal(key, id string) JobStatus {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		resp := r.do("GET", "/v1/batch/"+id, key, nil)
		if resp.StatusCode != 200 {
			r.t.Fatalf("status: %d %s", resp.StatusCode, resp.body)
		}
		var st JobStatus
		resp.decode(r.t, &st)
		if jobs.State(st.Status).Final() {
			if resp.Header.Get("Retry-After") != "" {
				r.t.Errorf("Retry-After on a %s job", st.Status)
			}
			return st
		}
		if resp.Header.Get("Retry-After") == "" {
			r.t.Errorf("no Retry-After on a %s job", st.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.t.Fatalf("job %s did not finish", id)
	return JobStatus{}
}

// The OpenAPI document, compiled.
var (
	specOnce sync.Once
	spec     map[string]any
	schemas  *jsonschema.Compiler
	specErr  error
)

func loadSpec() {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(OpenAPI))
	if err != nil {
		specErr = err
		return
	}
	spec, _ = doc.(map[string]any)
	schemas = jsonschema.NewCompiler()
	specErr = schemas.AddResource("openapi.json", doc)
}

// pointer escapes a JSON pointer token.
func pointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// at returns the node of the document at a JSON pointer ("#/a/b").
func at(ptr string) any {
	node := any(spec)
	for _, k := range strings.Split(strings.TrimPrefix(ptr, "#"), "/") {
		if m, ok := node.(map[string]any); ok && k != "" {
			node = m[strings.ReplaceAll(strings.ReplaceAll(k, "~1", "/"), "~0", "~")]
		}
	}
	return node
}

// lookup follows a path of keys in the document from ptr, resolving each
// $ref on the way; it returns the node and its pointer.
func lookup(ptr string, keys ...string) (map[string]any, string) {
	node := at(ptr)
	for _, k := range keys {
		m, _ := node.(map[string]any)
		node, ptr = m[k], ptr+"/"+pointer(k)
		if m, ok := node.(map[string]any); ok {
			if ref, ok := m["$ref"].(string); ok {
				node, ptr = at(ref), ref
			}
		}
	}
	m, _ := node.(map[string]any)
	return m, ptr
}

// conforms checks an answer against the OpenAPI document: the route and
// method are documented, the status is documented for them, and a JSON
// body validates against the documented schema.
func (r *rig) conforms(req *http.Request, resp response) {
	r.t.Helper()
	specOnce.Do(loadSpec)
	if specErr != nil {
		r.t.Fatal(specErr)
	}
	var match mux.RouteMatch
	template := ""
	if r.api.router.Match(req, &match) && match.Route != nil {
		template, _ = match.Route.GetPathTemplate()
	}
	if template == "" { // 404 or 405: the Problem schema
		if resp.StatusCode != 404 && resp.StatusCode != 405 {
			r.t.Errorf("%s %s matched no route but answered %d", req.Method, req.URL.Path, resp.StatusCode)
		}
		r.validate("#/components/schemas/Problem", resp)
		return
	}
	op, ptr := lookup("#", "paths", template, strings.ToLower(req.Method))
	if op == nil {
		r.t.Errorf("%s %s is not in the OpenAPI document", req.Method, template)
		return
	}
	res, ptr := lookup(ptr, "responses", strconv.Itoa(resp.StatusCode))
	if res == nil {
		r.t.Errorf("%s %s answered %d, which the OpenAPI document does not list: %s", req.Method, template, resp.StatusCode, resp.body)
		return
	}
	if len(resp.body) == 0 || req.Method == "HEAD" {
		return
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	content, _ := res["content"].(map[string]any)
	if content[mt] == nil {
		r.t.Errorf("%s %s answered %d as %s, not documented", req.Method, template, resp.StatusCode, mt)
		return
	}
	if strings.HasSuffix(mt, "json") {
		r.validate(ptr+"/content/"+pointer(mt)+"/schema", resp)
	}
}

func (r *rig) validate(ptr string, resp response) {
	r.t.Helper()
	sch, err := schemas.Compile("openapi.json" + ptr)
	if err != nil {
		r.t.Fatalf("compile %s: %v", ptr, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(resp.body))
	if err != nil {
		r.t.Errorf("answer %d is not JSON: %v: %s", resp.StatusCode, err, resp.body)
		return
	}
	if err := sch.Validate(v); err != nil {
		r.t.Errorf("answer %d does not match %s: %v\n%s", resp.StatusCode, ptr, err, resp.body)
	}
}
