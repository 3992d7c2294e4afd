package httpapi

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestFairUploads: six stuck uploads of one key take only that key's
// slots; another key's submission is answered 202 at once, and the stuck
// ones end with 408 slow_body once they are overdue.
func TestFairUploads(t *testing.T) {
	r := newRig(t, func(o *Options) {
		o.MaxUploads, o.MaxUploadsPerKey = 4, 2
		o.BodyGrace, o.MinBodyRate = 500*time.Millisecond, 1<<10
	}, nil)
	type answer struct {
		status int
		code   string
	}
	answers := make(chan answer, 6)
	var writers []*io.PipeWriter
	var wg sync.WaitGroup
	for range 6 {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		req, err := http.NewRequest("POST", r.srv.URL+"/v1/batch/process", pr)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+r.keyA)
		req.Header.Set("Content-Type", "application/json")
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := r.srv.Client().Do(req)
			if err != nil {
				answers <- answer{0, err.Error()}
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			answers <- answer{resp.StatusCode, string(b)}
		}()
		go io.WriteString(pw, `{"filename": "slow.csv", `) // and then nothing
	}
	t.Cleanup(func() {
		for _, pw := range writers {
			pw.Close()
		}
		wg.Wait()
	})
	for deadline := time.Now().Add(5 * time.Second); r.api.uploads.inUse() < 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d slots held, want the key's 2", r.api.uploads.inUse())
		}
	}
	began := time.Now()
	resp := r.submit(r.keyB, SubmitRequest{Filename: "a.csv", FileContent: "street,city\nAllen Avenue,Ikeja\n"})
	if resp.StatusCode != http.StatusAccepted || time.Since(began) > 5*time.Second {
		t.Fatalf("another key's submission: %d after %s, want 202 within 5 s: %s", resp.StatusCode, time.Since(began), resp.body)
	}
	// four of the six were refused at once (the key's slots were taken),
	// the two read end as too slow
	got := map[string]int{}
	for range 6 {
		a := <-answers
		switch {
		case a.status == http.StatusTooManyRequests && strings.Contains(a.code, CodeRateLimited):
			got["refused"]++
		case a.status == http.StatusRequestTimeout && strings.Contains(a.code, CodeSlowBody):
			got["slow"]++
		default:
			t.Errorf("a stuck upload answered %d %s", a.status, a.code)
		}
	}
	if got["refused"] != 4 || got["slow"] != 2 {
		t.Errorf("stuck uploads: %v, want 4 refused and 2 slow", got)
	}
	if n := r.api.uploads.inUse(); n != 0 {
		t.Errorf("%d slots still held", n)
	}
}
