package callback_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/callback"
	"github.com/addrkit/addrkit/internal/fault"
)

func TestCheck(t *testing.T) {
	public := callback.New(callback.Options{})
	private := callback.New(callback.Options{AllowPrivate: true})
	for _, c := range []struct {
		url           string
		public, inner bool // accepted without, and with, AllowPrivate
	}{
		{"https://hooks.example.com/addrkit?token=x", true, true},
		{"http://203.0.113.9:8080/cb", true, true},
		{"ftp://example.com/cb", false, false},
		{"/relative", false, false},
		{"https://user:pw@example.com/", false, false},
		{"http://localhost:8080/cb", false, true},
		{"http://127.0.0.1/cb", false, true},
		{"http://[::1]/cb", false, true},
		{"http://10.1.2.3/cb", false, true},
		{"http://192.168.0.1/cb", false, true},
		{"http://169.254.169.254/latest/meta-data", false, true},
		{"http://100.64.0.1/", false, true},
		{"http://[::ffff:127.0.0.1]/", false, true},
		{"http://0.0.0.0/", false, true},
	} {
		for _, s := range []struct {
			s    *callback.Sender
			want bool
		}{{public, c.public}, {private, c.inner}} {
			err := s.s.Check(c.url)
			if (err == nil) != s.want {
				t.Errorf("Check(%q) = %v, want accepted %v", c.url, err, s.want)
			}
			if err != nil && fault.CodeOf(err) != fault.InvalidField {
				t.Errorf("Check(%q): code %s", c.url, fault.CodeOf(err))
			}
		}
	}
}

func TestVerify(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	body := []byte(`{"id":"job_batch_x","status":"COMPLETED"}`)
	now := time.Unix(1_800_000_000, 0)
	sig := callback.Sign(key, now, body)
	for _, c := range []struct {
		name   string
		key    []byte
		header string
		body   []byte
		at     time.Time
		want   error
	}{
		{"good", key, sig, body, now.Add(time.Minute), nil},
		{"another body", key, sig, append([]byte(nil), append(body, ' ')...), now, callback.ErrSignature},
		{"another key", []byte("k"), sig, body, now, callback.ErrSignature},
		{"replayed later", key, sig, body, now.Add(time.Hour), callback.ErrStale},
		{"no header", key, "", body, now, callback.ErrMalformed},
		{"no signature", key, "t=1800000000", body, now, callback.ErrMalformed},
	} {
		if err := callback.Verify(c.key, c.header, c.body, c.at, 0); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestDeliver: a callback answered 500 is tried again until it is taken;
// one refused with 400 is given up at once; one to a loopback address
// is refused at the connection without AllowPrivate.
func TestDeliver(t *testing.T) {
	key := []byte("deployment key")
	var tries, refused atomic.Int32
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.HasSuffix(r.URL.Path, "/refuse") {
			refused.Add(1)
			w.WriteHeader(400)
			return
		}
		if tries.Add(1) < 3 {
			w.WriteHeader(500)
			return
		}
		if err := callback.Verify(key, r.Header.Get(callback.Header), body, time.Now(), 0); err != nil {
			t.Errorf("the callback does not verify: %v", err)
		}
		if r.Header.Get("Addrkit-Delivery") != "job_1/COMPLETED" || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("headers %v", r.Header)
		}
		got <- string(body)
	}))
	defer srv.Close()
	quiet := slog.New(slog.DiscardHandler)
	s := callback.New(callback.Options{Key: key, AllowPrivate: true, Logger: quiet})
	s.Deliver(srv.URL+"/cb", "job_1/COMPLETED", []byte(`{"status":"COMPLETED"}`))
	s.Deliver(srv.URL+"/refuse", "job_2/FAILED", []byte(`{}`))
	select {
	case b := <-got:
		if b != `{"status":"COMPLETED"}` {
			t.Errorf("body %q", b)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the callback did not arrive")
	}
	s.Close()
	if tries.Load() != 3 || refused.Load() != 1 {
		t.Errorf("%d tries (want 3: two 500s, then taken), %d refused (want 1, not retried)", tries.Load(), refused.Load())
	}

	logs := &syncBuffer{}
	strict := callback.New(callback.Options{Key: key, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	before := tries.Load()
	strict.Deliver(srv.URL+"/cb", "job_3/COMPLETED", []byte(`{}`))
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "is not a public address"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no refusal of a loopback address logged: %s", logs.String())
		}
	}
	strict.Close()
	if tries.Load() != before {
		t.Error("a callback reached a loopback address without AllowPrivate")
	}
}

// syncBuffer is a buffer written by a logger and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
