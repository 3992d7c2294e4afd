package httpapi

import (
	"errors"

	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/addrkit/addrkit/internal/fault"
)

// The rule of a body's pace, by default (Options.MinBodyRate and
// BodyGrace): after BodyGrace, a body must have come at MinBodyRate bytes
// a second on average, or the request ends with 408 slow_body. A client
// that stops sending is cut off BodyGrace after its last bytes were due;
// its upload slot is then free again.
const (
	DefaultMinBodyRate = 4 << 10 // bytes a second
	DefaultBodyGrace   = 10 * time.Second
)

// slots hands out the upload slots of a node and of each API key: a key
// may hold at most perKey of the node's slots, so that one tenant's slow
// or stuck uploads never take every slot.
type slots struct {
	node   chan struct{}
	perKey int
	mu     sync.Mutex
	held   map[string]int // slots held, by key
}

func newSlots(node, perKey int) *slots {
	return &slots{node: make(chan struct{}, node), perKey: perKey, held: map[string]int{}}
}

// take takes a slot for key, or returns the fault that says why none is
// free; release gives it back.
func (s *slots) take(key string) (release func(), err error) {
	s.mu.Lock()
	if s.held[key] >= s.perKey {
		s.mu.Unlock()
		return nil, fault.New(fault.RateLimited, "This API key is sending %d submissions already; retry when one has been answered.", s.perKey)
	}
	s.held[key]++
	s.mu.Unlock()
	undo := func() {
		s.mu.Lock()
		if s.held[key]--; s.held[key] == 0 {
			delete(s.held, key)
		}
		s.mu.Unlock()
	}
	select {
	case s.node <- struct{}{}:
		return func() { <-s.node; undo() }, nil
	default:
		undo()
		return nil, fault.New(fault.Busy, "The server is reading %d other submissions; retry in a few seconds.", cap(s.node))
	}
}

// pacedBody reads a request's body under the rule of its pace: before
// each read, the connection's read deadline is set to the time by which
// the bytes read so far plus one more block were due.
type pacedBody struct {
	io.ReadCloser
	rc    *http.ResponseController
	start time.Time
	read  int64
	slow  bool
	rate  int
	grace time.Duration
}

func (s *Server) pacedBody(w http.ResponseWriter, r *http.Request) *pacedBody {
	return &pacedBody{ReadCloser: r.Body, rc: http.NewResponseController(w), start: time.Now(), rate: s.o.MinBodyRate, grace: s.o.BodyGrace}
}

func (b *pacedBody) Read(p []byte) (int, error) {
	// a block of p, but not more than a second's worth: a large buffer
	// does not buy its reader time
	next := int64(min(len(p), b.rate))
	due := b.start.Add(b.grace + time.Duration(float64(b.read+next)/float64(b.rate)*float64(time.Second)))
	b.rc.SetReadDeadline(due) // (a connection that cannot set one is read as before)
	n, err := b.ReadCloser.Read(p)
	b.read += int64(n)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		b.slow = true
		err = fault.Wrap(err, fault.SlowBody, "The body came slower than %d bytes a second after its first %s; send it at a steady pace.", b.rate, b.grace)
	}
	return n, err
}

// done lifts the deadline once the body is read: the answer is not paced.
func (b *pacedBody) done() { b.rc.SetReadDeadline(time.Time{}) }

// inUse is how many of the node's slots are held.
func (s *slots) inUse() int { return len(s.node) }
