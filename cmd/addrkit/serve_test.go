package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/internal/testfiles"
)

// freeAddr returns a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// server runs `addrkit serve` until stop is called.
type server struct {
	base string
	stop func() error
	logs *lockedBuffer // what it wrote to stderr
}

func startServe(t *testing.T, args ...string) server {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	logs := &lockedBuffer{}
	go func() {
		done <- Run(ctx, append([]string{"serve", "--listen", addr, "--keys-reload", "50ms"}, args...), nil, io.Discard, logs)
	}()
	s := server{base: "http://" + addr, stop: func() error { cancel(); return <-done }, logs: logs}
	// (a wait, not a timing: under the race detector on two busy cores
	// a start takes tens of seconds)
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v", err)
		default:
		}
		if resp, err := http.Get(s.base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
	}
	t.Fatal("serve did not get ready")
	return s
}

// createKey runs `addrkit keys create` on the data folder and returns the
// key it prints.
func createKey(t *testing.T, data, name string) string {
	t.Helper()
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"keys", "create", "--name", name, "--data", data}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]
	if !strings.HasPrefix(key, "ak_") {
		t.Fatalf("keys create printed %q", out.String())
	}
	return key
}

// call sends a request with an API key and a JSON body, and decodes the
// JSON answer.
func call(t *testing.T, method, url, key, body string) (int, map[string]any) {
	t.Helper()
	return request(t, method, url, key, strings.NewReader(body))
}

// request is call with the body as a reader (nil for none).
func request(tb testing.TB, method, url, key string, body io.Reader) (int, map[string]any) {
	tb.Helper()
	return requestWith(tb, method, url, key, body, "Content-Type", "application/json")
}

// requestWith is request with the headers given (name, value pairs).
func requestWith(tb testing.TB, method, url, key string, body io.Reader, header ...string) (int, map[string]any) {
	tb.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	for i := 0; i+1 < len(header); i += 2 {
		if header[i+1] != "" {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	json.NewDecoder(resp.Body).Decode(&v)
	return resp.StatusCode, v
}

// TestServe runs the quick start: a key, the server on an empty data
// directory, a job stopped midway by a shutdown and finished after a
// restart, a revoked key.
func TestServe(t *testing.T) {
	data := storetest.BuiltinDir(t)
	key := createKey(t, data, "quick start")
	s := startServe(t, "--data", data)
	if code, v := call(t, "GET", s.base+"/v1/address/autocomplete?query=ikej", key, ""); code != 200 || len(v["suggestions"].([]any)) == 0 {
		t.Fatalf("autocomplete: %d %v", code, v)
	}
	const rows = 100000
	body, _ := json.Marshal(map[string]any{"filename": "clients.csv", "fileContent": testfiles.AddressCSV(rows), "region": "Nigeria"})
	code, v := call(t, "POST", s.base+"/v1/batch/process", key, string(body))
	if code != 202 {
		t.Fatalf("submit: %d %v", code, v)
	}
	id := v["jobId"].(string)
	poll := func(base string, until func(map[string]any) bool) map[string]any {
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if code, v := call(t, "GET", base+"/v1/batch/"+id, key, ""); code == 200 && until(v) {
				return v
			} else if code != 200 {
				t.Fatalf("status: %d %v", code, v)
			}
		}
		t.Fatal("the job did not get there")
		return nil
	}
	poll(s.base, func(v map[string]any) bool {
		if v["status"] != "PROCESSING" && v["status"] != "QUEUED" {
			t.Fatalf("the job finished before the shutdown: %v", v)
		}
		return v["status"] == "PROCESSING" && v["processedCount"].(float64) > 0
	})
	if err := s.stop(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}

	// the job was handed back: the next server finishes it
	s = startServe(t, "--data", data)
	defer s.stop()
	done := poll(s.base, func(v map[string]any) bool { return v["status"] != "PROCESSING" && v["status"] != "QUEUED" })
	if done["status"] != "COMPLETED" || done["rowCount"].(float64) != rows {
		t.Fatalf("after the restart: %v", done)
	}
	resp, err := http.Get(done["downloadUrl"].(string))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	if err != nil || len(recs) != rows+1 {
		t.Fatalf("download: %v, %d rows", err, len(recs)-1)
	}
	for i, rec := range recs[1:] {
		if rec[0] != fmt.Sprint(i) {
			t.Fatalf("row %d is %q", i, rec[:2])
		}
	}

	// revoked while the server runs: refused within the reload interval
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"keys", "list", "--data", data}, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "quick start") {
		t.Fatalf("keys list: %v %q", err, out.String())
	}
	id0 := strings.TrimPrefix(key, "ak_")[:13]
	if err := Run(context.Background(), []string{"keys", "revoke", "--data", data, id0}, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, _ := call(t, "GET", s.base+"/v1/address/autocomplete?query=ikej", key, "")
		if code == 401 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the revoked key still answers %d", code)
		}
	}
}

func TestServeFlags(t *testing.T) {
	if !cloudBuild {
		err := Run(context.Background(), []string{"serve", "--data", t.TempDir(), "--blob", "s3://bucket"}, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-tags cloud") {
			t.Errorf("--blob s3:// without the cloud drivers: %v", err)
		}
	}
	t.Setenv("ADDRKIT_RATE", "fast")
	err := Run(context.Background(), []string{"serve", "--data", t.TempDir()}, nil, io.Discard, io.Discard)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "ADDRKIT_RATE") {
		t.Errorf("a bad ADDRKIT_RATE: %v", err)
	}
	for _, args := range [][]string{{"keys"}, {"keys", "create"}, {"keys", "revoke"}, {"keys", "rotate"}, {"serve", "extra"}} {
		if err := Run(context.Background(), args, nil, io.Discard, io.Discard); exitCode(err) != 2 {
			t.Errorf("%q: %v", args, err)
		}
	}
}

// A file:// bucket keeps the files it is writing beside their final place,
// not in os.TempDir: a rename from /tmp fails when the bucket is on a shared
// volume, and a worker killed mid-write would leave them in /tmp.
func TestOpenBucketTempBeside(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, u := range []string{"", "file://" + filepath.ToSlash(filepath.Join(dir, "shared"))} {
		if u != "" {
			if err := os.MkdirAll(filepath.Join(dir, "shared"), 0o700); err != nil {
				t.Fatal(err)
			}
		}
		bucket, _, err := openBucket(ctx, serveConfig{data: dir, blobURL: u})
		if err != nil {
			t.Fatal(err)
		}
		w, err := bucket.NewWriter(ctx, "uploads/job/input.csv", nil)
		if err != nil {
			t.Fatal(err)
		}
		// past the 512 bytes blob sniffs before the driver writes
		if _, err := w.Write([]byte(strings.Repeat("1,Lagos\n", 200))); err != nil {
			t.Fatal(err)
		}
		root := filepath.Join(dir, "blobs")
		if u != "" {
			root = filepath.Join(dir, "shared")
		}
		temps, _ := filepath.Glob(filepath.Join(root, "uploads", "job", "input.csv.*.tmp"))
		if len(temps) != 1 {
			t.Errorf("bucket %q: files being written under %s: %q, want one", u, root, temps)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if ok, err := bucket.Exists(ctx, "uploads/job/input.csv"); !ok || err != nil {
			t.Errorf("bucket %q: written file missing: %v", u, err)
		}
		bucket.Close()
	}
	if got := besideTemp("file:///srv/blobs?no_tmp_dir=&metadata=skip"); got != "file:///srv/blobs?no_tmp_dir=&metadata=skip" {
		t.Errorf("an explicit no_tmp_dir was changed: %s", got)
	}
}
