package httpapi

import (
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// endlessBody is a request body of size bytes, the start of a submission
// and then the file's content, that counts the bytes it serves. With held
// set, it serves that many and then waits until release is closed.
type endlessBody struct {
	size, held int64
	release    chan struct{}
	closed     chan struct{} // closed by Close, when the client is done with it
	served     atomic.Int64
}

const bodyStart = `{"filename": "big.csv", "fileContent": "street\n`

func newEndlessBody(size, held int64) *endlessBody {
	return &endlessBody{size: size, held: held, release: make(chan struct{}), closed: make(chan struct{})}
}

func (b *endlessBody) Read(p []byte) (int, error) {
	at := b.served.Load()
	end := b.size
	if b.held > 0 {
		end = min(end, b.held)
	}
	if at >= end {
		if at < b.size {
			<-b.release
			return 0, errors.New("the test released the body")
		}
		return 0, io.EOF
	}
	n := min(int64(len(p)), end-at)
	for i := range p[:n] {
		if pos := at + int64(i); pos < int64(len(bodyStart)) {
			p[i] = bodyStart[pos]
		} else {
			p[i] = 'x'
		}
	}
	b.served.Add(n)
	return int(n), nil
}

func (b *endlessBody) Close() error {
	select {
	case <-b.closed:
	default:
		close(b.closed)
	}
	return nil
}

// TestBodyLimit sends bodies of a gigabyte to a server that takes one
// megabyte. With a Content-Length, the answer is 413 before the body is
// read: while the client holds it after half a megabyte, before an upload
// slot is taken, and before the key is checked. Sent in chunks, the server
// stops reading at the limit: the client has sent little more than it
// (what the sockets hold) when the server closes the connection.
func TestBodyLimit(t *testing.T) {
	const limit = 1 << 20
	r := newRig(t, func(o *Options) { o.MaxBodyBytes = limit; o.MaxUploads = 1 }, nil)
	cases := []struct {
		name    string
		key     string
		chunked bool
		held    int64
		most    int64 // the most the client may have sent
	}{
		{"Content-Length", r.keyA, false, limit / 2, limit / 2},
		{"Content-Length without a key", "", false, limit / 2, limit / 2},
		{"chunked", r.keyA, true, 0, limit + 32<<20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := newEndlessBody(1<<30, c.held)
			defer func() {
				select {
				case <-body.release:
				default:
					close(body.release)
				}
			}()
			req, err := http.NewRequest("POST", r.srv.URL+"/v1/batch/process", body)
			if err != nil {
				t.Fatal(err)
			}
			if !c.chunked {
				req.ContentLength = body.size
			}
			req.Header.Set("Content-Type", "application/json")
			if c.key != "" {
				req.Header.Set("Authorization", "Bearer "+c.key)
			}
			answered := make(chan response, 1)
			failed := make(chan error, 1)
			go func() {
				resp, err := r.srv.Client().Do(req)
				if err != nil {
					failed <- err
					return
				}
				defer resp.Body.Close()
				b, err := io.ReadAll(resp.Body)
				if err != nil {
					failed <- err
					return
				}
				answered <- response{resp, b}
			}()
			var resp response
		wait:
			for {
				select {
				case resp = <-answered:
					break wait
				case err := <-failed:
					t.Fatalf("no answer: %v (the client sent %d bytes)", err, body.served.Load())
				case <-time.After(time.Millisecond):
					if !c.chunked && r.api.uploads.inUse() > 0 {
						t.Fatalf("the server took an upload slot to read a body whose Content-Length is over the limit (the client sent %d bytes)", body.served.Load())
					}
				}
			}
			r.conforms(req, resp)
			if resp.StatusCode != 413 || resp.problem(t).Code != CodeBodyTooLarge || !resp.Close {
				t.Fatalf("%d (Connection: %q): %s", resp.StatusCode, resp.Header.Get("Connection"), resp.body)
			}
			close(body.release)
			// the connection closes: the client stops sending
			<-body.closed
			sent := body.served.Load()
			if sent > c.most {
				t.Errorf("the client sent %d bytes, want at most %d", sent, c.most)
			}
			t.Logf("the client sent %d bytes", sent)
		})
	}
	// a body within the limit is still read
	resp := r.submit(r.keyA, job{"filename": "a.csv", "fileContent": "street\nIkeja\n"})
	if resp.StatusCode != 202 {
		t.Errorf("a small body after them: %d %s", resp.StatusCode, resp.body)
	}
}
