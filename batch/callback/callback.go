// Package callback delivers the completion callbacks of batch jobs: a
// POST of the job's status answer to the URL its client gave, signed
// with HMAC-SHA256 over a timestamp and the body (the Signature header,
// as Stripe signs its webhooks), retried with backoff for a bounded time,
// and refused for addresses inside the server's network unless allowed.
package callback

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
)

// Header is the header that carries a callback's signature:
// "t=<Unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">".
const Header = "Signature"

// Defaults of Options.
const (
	DefaultTimeout    = 10 * time.Second
	DefaultMaxElapsed = time.Hour
	DefaultTolerance  = 5 * time.Minute
)

// Options configure a Sender.
type Options struct {
	// Key signs the callbacks; receivers verify with it (Verify).
	Key []byte
	// AllowPrivate lets callbacks go to loopback, private, link-local
	// and other non-public addresses (a test, or a server whose clients
	// are inside its network). Without it they are refused when the
	// job is submitted and again when each connection is made (a name
	// that resolves to such an address is refused then).
	AllowPrivate bool
	// Timeout bounds one attempt; DefaultTimeout when 0.
	Timeout time.Duration
	// MaxElapsed is how long a callback is retried at most;
	// DefaultMaxElapsed when 0.
	MaxElapsed time.Duration
	// Logger receives deliveries given up and retried; slog.Default()
	// when nil.
	Logger *slog.Logger
}

// Sender delivers callbacks.
type Sender struct {
	o      Options
	client *http.Client
	wg     sync.WaitGroup
	ctx    context.Context
	stop   context.CancelFunc
}

// New returns a Sender; Close stops the deliveries in progress.
func New(o Options) *Sender {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxElapsed <= 0 {
		o.MaxElapsed = DefaultMaxElapsed
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	s := &Sender{o: o}
	s.ctx, s.stop = context.WithCancel(context.Background())
	dialer := &net.Dialer{Timeout: o.Timeout, Control: s.control}
	s.client = &http.Client{
		Timeout: o.Timeout,
		Transport: &http.Transport{
			Proxy: nil, DialContext: dialer.DialContext, TLSHandshakeTimeout: o.Timeout,
			MaxIdleConns: 16, IdleConnTimeout: time.Minute,
		},
		// a redirect could lead inside the network: it is an answer
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return s
}

// control refuses a connection to a non-public address, whatever name
// led to it.
func (s *Sender) control(_, address string, _ syscall.RawConn) error {
	if s.o.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	if !public(ap.Addr()) {
		return fmt.Errorf("callback: %s is not a public address", ap.Addr())
	}
	return nil
}

// public reports whether a is an address of the public internet.
func public(a netip.Addr) bool {
	a = a.Unmap()
	cgnat := netip.MustParsePrefix("100.64.0.0/10")
	return a.IsGlobalUnicast() && !a.IsPrivate() && !cgnat.Contains(a)
}

// Check checks a callback URL when a job is submitted: an absolute http
// or https URL without credentials, whose host (when it is an address,
// or localhost) is public unless AllowPrivate. The error is a fault of
// code invalid_field, for the client.
func (s *Sender) Check(raw string) error {
	bad := func(why string) error {
		return fault.New(fault.InvalidField, "callbackUrl %s.", why)
	}
	u, err := url.Parse(raw)
	switch {
	case len(raw) > 2048:
		return bad("is longer than 2048 bytes")
	case err != nil:
		return bad("is not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return bad("must be an http or https URL")
	case u.Host == "" || u.Hostname() == "":
		return bad("has no host")
	case u.User != nil:
		return bad("must not carry a user or password")
	}
	if s.o.AllowPrivate {
		return nil
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return bad("must be a public address, not localhost")
	}
	if a, err := netip.ParseAddr(host); err == nil && !public(a) {
		return bad("must be a public address, not " + a.String())
	}
	return nil
}

// Sign returns the Signature header of body sent at t.
func Sign(key []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac(key, ts, body))
}

func mac(key []byte, ts string, body []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(ts))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}

// Errors of Verify.
var (
	ErrMalformed = errors.New("callback: the Signature header is not of the form t=SECONDS,v1=HEX")
	ErrSignature = errors.New("callback: the signature does not match the body")
	ErrStale     = errors.New("callback: the signature's time is outside the tolerance")
)

// Verify checks a callback as its receiver would: header is its
// Signature header, body its body as received, and the time it states
// must be within tolerance of now (DefaultTolerance when 0), so that a
// recorded callback cannot be replayed later. The comparison is in
// constant time.
func Verify(key []byte, header string, body []byte, now time.Time, tolerance time.Duration) error {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	var ts, sig string
	for part := range strings.SplitSeq(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	want, herr := hex.DecodeString(sig)
	if err != nil || herr != nil || sig == "" {
		return ErrMalformed
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return ErrStale
	}
	if !hmac.Equal(want, mac(key, ts, body)) {
		return ErrSignature
	}
	return nil
}

// Deliver sends body to target in the background, retrying with backoff
// (1 s, doubling, at most 5 minutes apart) until it is answered 2xx, a
// 4xx other than 408 and 429 refuses it, MaxElapsed has passed, or Close
// is called. delivery identifies it to the receiver (the
// Addrkit-Delivery header: the same on every attempt, so that a receiver
// can drop a repeat).
func (s *Sender) Deliver(target, delivery string, body []byte) {
	s.wg.Go(func() {
		defer func() {
			if p := recover(); p != nil { // a bug: the callback is lost, not the process
				s.o.Logger.Error("callback: recovered a panic", "delivery", delivery, "panic", p, "stack", string(debug.Stack()))
			}
		}()
		if err := s.send(s.ctx, target, delivery, body); err != nil {
			s.o.Logger.Warn("callback given up", "delivery", delivery, "url", redact(target), "err", err)
		}
	})
}

// send delivers body, retrying; it returns nil once delivered.
func (s *Sender) send(ctx context.Context, target, delivery string, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, s.o.MaxElapsed)
	defer cancel()
	wait := time.Second
	for try := 1; ; try++ {
		err := s.attempt(ctx, target, delivery, body)
		var final finalError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &final):
			return err
		}
		s.o.Logger.Info("callback failed; it will be tried again", "delivery", delivery, "try", try, "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), err)
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Minute)
	}
}

// finalError is an answer that retrying cannot change.
type finalError struct{ status int }

func (e finalError) Error() string { return fmt.Sprintf("callback: refused with %d", e.status) }

func (s *Sender) attempt(ctx context.Context, target, delivery string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return finalError{0}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "addrkit-callback/1")
	req.Header.Set("Addrkit-Delivery", delivery)
	req.Header.Set(Header, Sign(s.o.Key, time.Now(), body))
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return nil
	case c >= 400 && c < 500 && c != http.StatusRequestTimeout && c != http.StatusTooManyRequests:
		return finalError{c}
	default:
		return fmt.Errorf("callback: answered %d", c)
	}
}

// Close stops the deliveries in progress (they are given up) and waits
// for them to end.
func (s *Sender) Close() error {
	s.stop()
	s.wg.Wait()
	return nil
}

// redact returns target without its query, which may hold a receiver's
// token, for a log line.
func redact(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return "(a URL that cannot be read)"
	}
	u.RawQuery, u.Fragment = "", ""
	return u.String()
}
