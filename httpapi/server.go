package httpapi

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/batch/apikey"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/fault"
	"github.com/gorilla/mux"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// OpenAPI is the OpenAPI 3.1 document of the API, served at
// /v1/openapi.json.
//
//go:embed openapi.json
var OpenAPI []byte

// Jobs is what the batch endpoints need: a *jobs.Manager.
type Jobs interface {
	Submit(ctx context.Context, req jobs.SubmitRequest, input io.Reader) (jobs.Job, error)
	Job(ctx context.Context, owner, id string) (jobs.Job, error)
	Cancel(ctx context.Context, owner, id string) (jobs.Job, error)
	Delete(ctx context.Context, owner, id string) error
	// Status is a job's status answer, its download link made with
	// base.
	Status(ctx context.Context, j jobs.Job, base string) (jobs.Status, error)
	// OpenDownload opens the output a signed link at /processed/ names
	// (the links of a file:// bucket: see jobs.ManagerOptions.Signer).
	OpenDownload(ctx context.Context, path string, query url.Values) (jobs.Download, error)
	Counts(ctx context.Context) (map[jobs.State]int, error)
	RowsWritten() int64
	// Rows is the start of a completed job's output (jobs.Manager.Rows).
	Rows(ctx context.Context, j jobs.Job, status string, limit int) (jobs.Preview, error)
}

// Suggester answers autocomplete queries: an *autocomplete.Index.
type Suggester interface {
	Suggest(ctx context.Context, q autocomplete.Query) (autocomplete.Response, error)
}

// Authenticator checks API keys: an *apikey.Ring (or *apikey.Store).
type Authenticator interface {
	Authenticate(ctx context.Context, key string) (apikey.Key, error)
}

// Defaults of Options.
const (
	DefaultMaxBodyBytes = 256 << 20
	DefaultMaxUploads   = 4
	DefaultRateLimit    = 100
)

// Options configure the API.
type Options struct {
	Jobs      Jobs          // required
	Suggester Suggester     // required
	Keys      Authenticator // required
	// Gazetteer places the addresses of POST /v1/address/validate; required.
	Gazetteer address.Gazetteer
	// Tiles is the URL template of the map tiles the web page shows
	// ("https://tile.openstreetmap.org/{z}/{x}/{y}.png"), and
	// TilesAttribution their attribution; the page's Content-Security-
	// Policy allows images from that host only. Empty: the map shows its
	// marker, scale and coordinates on no tiles.
	Tiles, TilesAttribution string
	// BaseURL is the service's public address, used in links and the
	// Location header ("https://addr.example.com"); when empty, the
	// scheme and Host of each request.
	BaseURL string
	// MaxBodyBytes bounds a request body; DefaultMaxBodyBytes (256 MiB,
	// room for 500,000 rows of 500 bytes) when 0. A larger Content-Length
	// is answered 413 before the body is read; a body sent in chunks is
	// read up to the limit. The connection is closed after the 413.
	MaxBodyBytes int64
	// MaxUploads bounds the submissions read at once (a body is held in
	// memory while it is read and stored); DefaultMaxUploads when 0. One
	// more is answered 503 with Retry-After.
	MaxUploads int
	// MaxUploadsPerKey bounds the submissions of one API key read at
	// once, so that one tenant's slow uploads never take every slot; half
	// of MaxUploads (at least 1) when 0. A body must also keep a pace
	// (MinBodyRate after BodyGrace) or end with 408 slow_body.
	MaxUploadsPerKey int
	// MinBodyRate (bytes a second) and BodyGrace set the pace a
	// submission's body must keep: DefaultMinBodyRate and
	// DefaultBodyGrace when 0.
	MinBodyRate int
	BodyGrace   time.Duration
	// Healthy, when set, tells /readyz whether what the job service needs
	// is reachable (a cluster's NATS connection): an error answers 503
	// unavailable, so that a load balancer sends submissions elsewhere.
	Healthy func() error
	// RateLimit is the requests per second allowed to each key, with
	// bursts of RateBurst (twice RateLimit when 0); DefaultRateLimit when
	// 0, none when negative.
	RateLimit float64
	RateBurst int
	Logger    *slog.Logger // nil: slog.Default()
	// Registry, when set, receives the metrics; a new registry with the
	// Go and process collectors otherwise. /metrics serves it.
	Registry *prometheus.Registry
}

// Server is the /v1 HTTP API: an http.Handler.
type Server struct {
	o       Options
	handler http.Handler
	router  *mux.Router
	ready   atomic.Bool
	limits  *limiter
	uploads *slots // a slot per submission being read, per node and per key
	metrics *metrics
}

// New returns the API's handler. It is ready (see SetReady) at once.
func New(o Options) (*Server, error) {
	if o.Jobs == nil || o.Suggester == nil || o.Keys == nil || o.Gazetteer == nil {
		return nil, errors.New("httpapi: the API needs jobs, a suggester, keys and a gazetteer")
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxUploads <= 0 {
		o.MaxUploads = DefaultMaxUploads
	}
	if o.MinBodyRate <= 0 {
		o.MinBodyRate = DefaultMinBodyRate
	}
	if o.BodyGrace <= 0 {
		o.BodyGrace = DefaultBodyGrace
	}
	if o.MaxUploadsPerKey <= 0 || o.MaxUploadsPerKey > o.MaxUploads {
		o.MaxUploadsPerKey = max(1, o.MaxUploads/2)
	}
	if o.RateLimit == 0 {
		o.RateLimit = DefaultRateLimit
	}
	if o.RateBurst <= 0 {
		o.RateBurst = max(1, int(2*o.RateLimit))
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Registry == nil {
		o.Registry = prometheus.NewRegistry()
		o.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	s := &Server{o: o, limits: newLimiter(o.RateLimit, o.RateBurst), uploads: newSlots(o.MaxUploads, o.MaxUploadsPerKey)}
	m, err := newMetrics(o.Registry, o.Jobs)
	if err != nil {
		return nil, err
	}
	s.metrics = m
	s.ready.Store(true)

	// SkipClean: mux would answer a path with . or .. segments (also
	// percent-encoded) or doubled slashes with a bare 301 to its cleaned
	// form; canonicalPaths answers them with a problem instead
	r := mux.NewRouter().SkipClean(true)
	r.Use(s.routeName)
	r.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.refuse(w, r, fault.NotFound, "No such route: "+r.URL.Path+".")
	})
	r.MethodNotAllowedHandler = http.HandlerFunc(s.methodNotAllowed)
	r.HandleFunc("/healthz", s.healthz).Methods(http.MethodGet, http.MethodHead)
	r.HandleFunc("/readyz", s.readyz).Methods(http.MethodGet, http.MethodHead)
	r.Handle("/metrics", promhttp.HandlerFor(o.Registry, promhttp.HandlerOpts{})).Methods(http.MethodGet)
	r.HandleFunc("/processed/{jobId}/{file}", s.download).Methods(http.MethodGet, http.MethodHead)
	// the web page: static files, no key (the page asks for one and sends
	// it to /v1)
	r.Handle("/", s.page()).Methods(http.MethodGet, http.MethodHead)
	r.Handle("/ui/{file}", s.page()).Methods(http.MethodGet, http.MethodHead)

	// /v1 routes take an API key and count against its rate. The path of
	// a route without variables is never a value of another's variables,
	// whatever the method: GET /v1/batch/process answers 405, not "there
	// is no job process".
	literal := map[string]bool{}
	v1 := func(method, path string, h http.Handler) {
		path = "/v1" + path
		if !strings.Contains(path, "{") {
			literal[path] = true
			r.Handle(path, h).Methods(method)
			return
		}
		// The matcher comes first and fails wherever the route's path does
		// not match: once a matcher of a route matches, mux forgets that an
		// earlier route matched all but the method.
		var re *regexp.Regexp
		route := r.NewRoute().MatcherFunc(func(req *http.Request, _ *mux.RouteMatch) bool {
			return re.MatchString(req.URL.Path) && !literal[req.URL.Path]
		})
		route.Path(path).Handler(h).Methods(method)
		pattern, err := route.GetPathRegexp()
		if err != nil {
			panic(err) // a route above is malformed
		}
		re = regexp.MustCompile(pattern)
	}
	keyed := func(h http.HandlerFunc) http.Handler { return s.authenticate(s.rateLimit(h)) }
	// the body's size is checked before the key
	v1(http.MethodPost, "/batch/process", s.limitBody(keyed(s.submit)))
	v1(http.MethodGet, "/batch/{jobId}", keyed(s.status))
	v1(http.MethodDelete, "/batch/{jobId}", keyed(s.delete))
	v1(http.MethodPost, "/batch/{jobId}/cancel", keyed(s.cancel))
	v1(http.MethodGet, "/batch/{jobId}/rows", keyed(s.rows))
	v1(http.MethodGet, "/address/autocomplete", keyed(s.autocomplete))
	v1(http.MethodPost, "/address/validate", s.limitBodyTo(ValidateMaxBytes, keyed(s.validate)))
	v1(http.MethodGet, "/address/reverse", keyed(s.reverse))
	// the document holds no secret: served without a key, so that its
	// link opens in a browser (the web page links it)
	v1(http.MethodGet, "/openapi.json", http.HandlerFunc(s.openapi))
	s.router = r

	// the fastest levels: answers are small JSON, and CPU is what the
	// autocomplete route is short of
	compress, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	s.handler = compress(s.observe(s.canonicalPaths(r)))
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// SetReady sets what /readyz answers: a server shutting down sets it false
// so that load balancers stop sending it requests.
func (s *Server) SetReady(ready bool) { s.ready.Store(ready) }

// canonicalPaths answers 404 to a path that is not in its clean form: with
// . or .. segments (also as %2E or with %2F for the slash) or empty ones.
// No route has such a path, and none reaches a handler: the server does
// not resolve them (after a 301, many clients send a POST again as a GET).
func (s *Server) canonicalPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		clean := path.Clean(p)
		if strings.HasSuffix(p, "/") && clean != "/" {
			clean += "/"
		}
		if p != "" && clean != p {
			s.refuse(w, r, fault.NotFound,
				fmt.Sprintf("No such route: %s (the server does not resolve . or .. segments or empty ones).", p))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// methodNotAllowed answers 405 with the Allow header of the path.
func (s *Server) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		var match mux.RouteMatch
		if s.router.Match(probe, &match) && match.MatchErr == nil {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
	}
	s.refuse(w, r, fault.MethodNotAllowed,
		fmt.Sprintf("%s is not allowed on %s.", r.Method, r.URL.Path))
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		s.refuse(w, r, fault.NotReady, "The server is shutting down.")
		return
	}
	if s.o.Healthy != nil {
		if err := s.o.Healthy(); err != nil {
			s.fail(w, r, fault.Wrap(err, fault.Unavailable, "The job service cannot reach its records or queue; autocomplete and validate still answer."))
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

func (s *Server) openapi(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(OpenAPI)
}

// base is the service's public address for a request.
func (s *Server) base(r *http.Request) string {
	if s.o.BaseURL != "" {
		return s.o.BaseURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
