package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/callback"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/testfiles"
)

// TestCallbacks: a job submitted with a callbackUrl calls it back once,
// signed, with its status answer when it completes, and so does one that
// is cancelled; a callback to an address inside the network is refused
// when the server does not allow it.
func TestCallbacks(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	type call struct {
		delivery string
		st       JobStatus
	}
	calls := make(chan call, 8)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := callback.Verify(key, r.Header.Get(callback.Header), body, time.Now(), 0); err != nil {
			t.Errorf("a callback that does not verify: %v", err)
		}
		var st JobStatus
		if err := json.Unmarshal(body, &st); err != nil {
			t.Errorf("a callback that is not a status: %v: %s", err, body)
		}
		calls <- call{r.Header.Get("Addrkit-Delivery"), st}
	}))
	defer receiver.Close()
	sender := callback.New(callback.Options{Key: key, AllowPrivate: true, Logger: slog.New(slog.DiscardHandler)})
	defer sender.Close()
	r := newRig(t, nil, func(o *jobs.ManagerOptions) { o.Callbacks, o.BaseURL = sender, "https://addr.example.com" })
	next := func() call {
		t.Helper()
		select {
		case c := <-calls:
			return c
		case <-time.After(2 * time.Minute):
			t.Fatal("no callback")
		}
		return call{}
	}

	resp := r.submit(r.keyA, job{"filename": "a.csv", "fileContent": "street,city\n12 Allen Avenue,Ikeja\n", "callbackUrl": receiver.URL + "/done?token=t1"})
	var sub SubmitResponse
	resp.decode(t, &sub)
	c := next()
	if c.delivery != sub.JobID+"/COMPLETED" || c.st.ID != sub.JobID || c.st.Status != "COMPLETED" || c.st.RowCount != 1 ||
		!strings.HasPrefix(c.st.DownloadURL, "https://addr.example.com/processed/"+sub.JobID+"/") {
		t.Errorf("the callback of a completed job: %+v", c)
	}
	if st := r.waitFinal(r.keyA, sub.JobID); st.FinishedAt != c.st.FinishedAt {
		t.Errorf("the callback says finished at %s, the status %s", c.st.FinishedAt, st.FinishedAt)
	}

	// a big job, cancelled: its callback says so, once
	resp = r.do("POST", "/v1/batch/process?filename=big.csv&callbackUrl="+url.QueryEscape(receiver.URL+"/cancelled"), r.keyA,
		strings.NewReader(testfiles.AddressCSV(100000)), "Content-Type", "text/csv")
	resp.decode(t, &sub)
	if resp := r.do("POST", "/v1/batch/"+sub.JobID+"/cancel", r.keyA, nil); resp.StatusCode != 200 {
		t.Fatalf("cancel: %d %s", resp.StatusCode, resp.body)
	}
	if c := next(); c.delivery != sub.JobID+"/CANCELLED" || c.st.Status != "CANCELLED" || c.st.DownloadURL != "" {
		t.Errorf("the callback of a cancelled job: %+v", c)
	}
	r.waitFinal(r.keyA, sub.JobID)
	select {
	case c := <-calls:
		t.Errorf("a second callback: %+v", c)
	case <-time.After(300 * time.Millisecond):
	}

	// a server that does not allow it refuses a loopback callback
	strict := callback.New(callback.Options{Key: key})
	defer strict.Close()
	r2 := newRig(t, nil, func(o *jobs.ManagerOptions) { o.Callbacks = strict })
	resp = r2.submit(r2.keyA, job{"filename": "a.csv", "fileContent": "street\n12 Allen Avenue\n", "callbackUrl": receiver.URL})
	if resp.StatusCode != 400 || resp.problem(t).Code != CodeInvalidField || !strings.Contains(string(resp.body), "public address") {
		t.Errorf("a loopback callbackUrl: %d %s", resp.StatusCode, resp.body)
	}
}
