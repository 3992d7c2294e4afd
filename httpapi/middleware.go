package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
	"github.com/gorilla/mux"
	"golang.org/x/time/rate"
)

// info is what the layers of a request learn about it, for its log line
// and metrics.
type info struct {
	route string // the route's path template; "unmatched" when none
	owner string // the API key id
}

type infoKey struct{}

func requestInfo(ctx context.Context) *info {
	i, _ := ctx.Value(infoKey{}).(*info)
	if i == nil {
		return &info{}
	}
	return i
}

// recorder remembers the status a handler answered.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe gives each request an id (X-Request-Id, kept when the client
// sent a sane one), answers a panic with a 500 problem, and logs and
// measures the request.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if len(id) == 0 || len(id) > 64 || strings.ContainsFunc(id, func(c rune) bool { return c <= ' ' || c > '~' }) {
			var b [8]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		in := &info{route: "unmatched"}
		r = r.WithContext(context.WithValue(r.Context(), infoKey{}, in))
		rec := &recorder{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.o.Logger.Error("panic", "method", r.Method, "path", r.URL.Path, "request_id", id,
					"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				if rec.status == 0 {
					s.refuse(rec, r, fault.Internal,
						"The server failed to answer; the failure is logged with the request id.")
				}
			}
			took := time.Since(start)
			s.metrics.observe(in.route, r.Method, rec.status, took)
			s.o.Logger.Info("request", "method", r.Method, "route", in.route, "path", r.URL.Path,
				"status", rec.status, "bytes", rec.bytes, "duration_ms", float64(took.Microseconds())/1000,
				"key", in.owner, "request_id", id)
		}()
		next.ServeHTTP(rec, r)
	})
}

// routeName records the matched route's template.
func (s *Server) routeName(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if route := mux.CurrentRoute(r); route != nil {
			if t, err := route.GetPathTemplate(); err == nil {
				requestInfo(r.Context()).route = t
			}
		}
		next.ServeHTTP(w, r)
	})
}

type ownerKey struct{}

// owner is the API key id of an authenticated request.
func owner(ctx context.Context) string {
	o, _ := ctx.Value(ownerKey{}).(string)
	return o
}

// authenticate lets through requests with a valid bearer API key.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, key, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(key) == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="addrkit"`)
			s.refuse(w, r, fault.Unauthorized,
				"Send an API key: Authorization: Bearer <API_KEY>.")
			return
		}
		k, err := s.o.Keys.Authenticate(r.Context(), strings.TrimSpace(key))
		if err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="addrkit", error="invalid_token"`)
			s.refuse(w, r, fault.Unauthorized, "The API key is not valid, or was revoked.")
			return
		}
		requestInfo(r.Context()).owner = k.ID
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ownerKey{}, k.ID)))
	})
}

// limiter holds a token bucket per API key.
type limiter struct {
	limit rate.Limit
	burst int

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

func newLimiter(perSecond float64, burst int) *limiter {
	if perSecond < 0 {
		return nil
	}
	return &limiter{limit: rate.Limit(perSecond), burst: burst, buckets: map[string]*rate.Limiter{}}
}

// wait returns how long the key must wait before its next request; 0 lets
// it through now.
func (l *limiter) wait(key string, now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	b := l.buckets[key]
	if b == nil {
		b = rate.NewLimiter(l.limit, l.burst)
		l.buckets[key] = b
	}
	l.mu.Unlock()
	res := b.ReserveN(now, 1)
	d := res.DelayFrom(now)
	if d > 0 {
		res.CancelAt(now)
	}
	return d
}

// rateLimit answers 429 to a key over its rate.
func (s *Server) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d := s.limits.wait(owner(r.Context()), time.Now()); d > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(d.Seconds()))))
			s.refuse(w, r, fault.RateLimited,
				fmt.Sprintf("This API key is limited to %g requests a second (bursts of %d).", float64(s.limits.limit), s.limits.burst))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody bounds the request body by MaxBodyBytes. A Content-Length over
// it is refused at once, before the key is checked or an upload slot is
// taken and before a byte of the body is read; a body without one (sent
// in chunks) reads as an *http.MaxBytesError past the limit, which the
// handler answers with tooLarge.
func (s *Server) limitBody(next http.Handler) http.Handler {
	return s.limitBodyTo(s.o.MaxBodyBytes, next)
}

// limitBodyTo is limitBody with a limit of its own.
func (s *Server) limitBodyTo(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			w.Header().Set("Connection", "close")
			s.fail(w, r, tooLarge(limit))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// tooLarge is the error of a body over limit. (Its answer closes the
// connection, so that the client stops sending the rest of the body and
// the server reads no more of it: net/http does so after a
// MaxBytesReader hit its limit, limitBodyTo when the Content-Length is
// over it.)
func tooLarge(limit int64) error {
	return fault.New(fault.BodyTooLarge, "The body is larger than %d bytes.", limit)
}
