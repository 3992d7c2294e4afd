package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/callback"
	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/internal/testfiles"
)

// asMain, set in the environment, makes the test binary run main: the
// cluster test starts its nodes as real processes of this binary.
const asMain = "ADDRKIT_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asMain) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(storetest.Main(m))
}

// node is an `addrkit serve` process.
type node struct {
	cmd  *exec.Cmd
	base string // http://ADDR for API nodes
	done chan struct{}
	mu   sync.Mutex
	logs bytes.Buffer
}

var listening = regexp.MustCompile(`msg=listening addr=(\S+)`)

// startNode starts `addrkit serve args...` as a process and waits until it
// listens (an API node) or works (a worker).
func startNode(t testing.TB, args ...string) *node {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	n := &node{cmd: exec.Command(exe, append([]string{"serve"}, args...)...), done: make(chan struct{})}
	n.cmd.Env = append(os.Environ(), asMain+"=1")
	stderr, err := n.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan string, 1)
	go func() {
		defer close(n.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			n.mu.Lock()
			n.logs.WriteString(line + "\n")
			n.mu.Unlock()
			if m := listening.FindStringSubmatch(line); m != nil {
				ready <- "http://" + m[1]
			} else if strings.Contains(line, "msg=working") {
				ready <- ""
			}
		}
		n.cmd.Wait()
	}()
	t.Cleanup(func() {
		n.cmd.Process.Kill()
		<-n.done
		if t.Failed() {
			t.Logf("logs of %q:\n%s", args, n.log())
		}
	})
	select {
	case n.base = <-ready:
	case <-n.done:
		t.Fatalf("serve %q ended: %s", args, n.log())
	case <-time.After(90 * time.Second):
		t.Fatalf("serve %q did not start: %s", args, n.log())
	}
	return n
}

// nodeArgsRefused are the arguments of an API node that gives the wrong
// password.
func nodeArgsRefused(t *testing.T, natsURL, ca, blobs, shared string) []string {
	wrong := strings.Replace(natsURL, "tls://", "tls://addrkit:wrong@", 1)
	return []string{"serve", "--role", roleAPI, "--data", t.TempDir(), "--listen", "127.0.0.1:0", "--nats", wrong, "--nats-tls-ca", ca,
		"--blob", blobs, "--signing-key", filepath.Join(shared, "signing.key")}
}

func (n *node) log() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.logs.String()
}

// TestCluster runs addrkit as a cluster of real processes over a real NATS
// server that wants TLS and a password: two API nodes and two workers
// sharing a file:// bucket, connected with the CA and the password (in
// the URL of one API node, from a file for the others), which no log line
// shows; a node without the password is refused, saying so. A worker
// killed with SIGKILL in the middle of a job, and a restart of the NATS
// server in the middle of another, lose no row and run none twice; the
// second API node answers for the jobs the first accepted, with the same
// keys, and a key revoked on the cluster is refused by both.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a NATS server and four addrkit processes; not in -short")
	}
	const secret = "cluster-Pa55word"
	certs := natstest.NewCerts(t)
	ns := natstest.StartWith(t, natstest.Options{User: "addrkit", Password: secret, TLS: certs.Server})
	shared := t.TempDir()
	passwordFile := filepath.Join(shared, "nats-password")
	if err := os.WriteFile(passwordFile, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	withPassword := strings.Replace(ns.URL(), "tls://", "tls://addrkit:"+secret+"@", 1)
	auth := []string{"--nats", ns.URL(), "--nats-tls-ca", certs.CA, "--nats-user", "addrkit", "--nats-password-file", passwordFile}
	blobs := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(shared, "blobs"))}).String()
	if err := os.MkdirAll(filepath.Join(shared, "blobs"), 0o700); err != nil {
		t.Fatal(err)
	}
	// every job calls back a receiver here: once, signed with the
	// cluster's callback key, whichever node finishes it
	callbacks := make(chan string, 16)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		key, err := signingKey(filepath.Join(shared, "callback.key"))
		if err != nil {
			t.Error(err)
		} else if err := callback.Verify(key, r.Header.Get(callback.Header), body, time.Now(), 0); err != nil {
			t.Errorf("a callback that does not verify: %v", err)
		}
		callbacks <- r.Header.Get("Addrkit-Delivery")
	}))
	defer receiver.Close()
	common := []string{"--blob", blobs, "--signing-key", filepath.Join(shared, "signing.key"),
		"--callback-key", filepath.Join(shared, "callback.key"), "--callback-allow-private",
		"--lease", "3s", "--chunk-rows", "2000", "--keys-reload", "100ms"}
	nodeArgs := func(role string, extra ...string) []string {
		return append(append([]string{"--role", role, "--data", storetest.BuiltinDir(t)}, common...), extra...)
	}
	var out, refused bytes.Buffer
	err := Run(context.Background(), []string{"keys", "list", "--nats", ns.URL(), "--nats-tls-ca", certs.CA}, nil, io.Discard, &refused)
	if err == nil || !strings.Contains(err.Error(), "refused this node") {
		t.Fatalf("keys without the password: %v, want an error that says the server refused it", err)
	}
	err = Run(context.Background(), nodeArgsRefused(t, ns.URL(), certs.CA, blobs, shared), nil, io.Discard, &refused)
	if err == nil || !strings.Contains(err.Error(), "refused this node") || strings.Contains(refused.String(), secret) {
		t.Fatalf("an API node with the wrong password: %v\n%s\nwant an error that says the server refused it", err, refused.String())
	}
	if err := Run(context.Background(), append([]string{"keys", "create", "--name", "cluster"}, auth...), nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	key := strings.TrimSpace(out.String()[strings.LastIndex(strings.TrimSpace(out.String()), "\n")+1:])

	apiA := startNode(t, nodeArgs(roleAPI, "--listen", "127.0.0.1:0", "--nats", withPassword, "--nats-tls-ca", certs.CA)...)
	apiB := startNode(t, nodeArgs(roleAPI, append([]string{"--listen", "127.0.0.1:0"}, auth...)...)...)
	w1 := startNode(t, nodeArgs(roleWorker, auth...)...)
	w2 := startNode(t, nodeArgs(roleWorker, auth...)...)
	defer func() {
		for _, n := range []*node{apiA, apiB, w1, w2} {
			if strings.Contains(n.log(), secret) {
				t.Errorf("a node's log shows the NATS password:\n%s", n.log())
			}
		}
	}()

	const rows = 60000
	submit := func() string {
		body, _ := json.Marshal(map[string]any{"filename": "clients.csv", "fileContent": testfiles.AddressCSV(rows), "region": "Nigeria", "callbackUrl": receiver.URL})
		code, v := call(t, "POST", apiA.base+"/v1/batch/process", key, string(body))
		if code != 202 {
			t.Fatalf("submit: %d %v", code, v)
		}
		return v["jobId"].(string)
	}
	status := func(base, id string) map[string]any {
		for try := 0; ; try++ {
			code, v := call(t, "GET", base+"/v1/batch/"+id, key, "")
			if code == 200 {
				return v
			}
			if try == 50 {
				t.Fatalf("status of %s on %s: %d %v", id, base, code, v)
			}
			time.Sleep(100 * time.Millisecond) // the broker restarting
		}
	}
	wait := func(id string, until func(v map[string]any) bool) map[string]any {
		for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if v := status(apiA.base, id); until(v) {
				return v
			}
		}
		t.Fatalf("job %s did not get there", id)
		return nil
	}
	processed := func(v map[string]any) float64 { f, _ := v["processedCount"].(float64); return f }
	finished := func(v map[string]any) bool { return v["status"] != "QUEUED" && v["status"] != "PROCESSING" }
	// check reads a completed job's output through apiB: every row once,
	// in order, and counts that add up
	check := func(id string) {
		t.Helper()
		v := status(apiB.base, id)
		if v["status"] != "COMPLETED" || v["rowCount"].(float64) != rows {
			t.Fatalf("job %s on the second API node: %v", id, v)
		}
		sum := v["highConfidenceCount"].(float64) + v["partialMatchCount"].(float64) + v["unverifiedCount"].(float64)
		if sum != rows {
			t.Errorf("counts add up to %v, want %d", sum, rows)
		}
		link := v["downloadUrl"].(string)
		resp, err := http.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(resp.Body).ReadAll()
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || len(recs) != rows+1 {
			t.Fatalf("download %s: %d, %v, %d rows", link, resp.StatusCode, err, len(recs)-1)
		}
		rn := slices.Index(recs[0], "row_number")
		for i, rec := range recs[1:] {
			if rec[0] != fmt.Sprint(i) || rec[rn] != fmt.Sprint(i+1) {
				t.Fatalf("output row %d is %q: a row lost, doubled or out of order", i+1, rec[:2])
			}
		}
	}

	// 1. a worker killed in the middle of a chunk
	id := submit()
	wait(id, func(v map[string]any) bool { return processed(v) > 0 || finished(v) })
	if err := w1.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-w1.done
	if v := status(apiA.base, id); finished(v) {
		t.Fatalf("the job was over before the kill: %v", v)
	}
	killed := time.Now()
	if v := wait(id, finished); processed(v) != rows {
		t.Fatalf("after the kill: %v", v)
	}
	t.Logf("the job finished %s after the kill (the killed chunk comes back after the ack wait, --lease)", time.Since(killed))
	check(id)

	// 2. the NATS server restarted in the middle of a job
	id = submit()
	wait(id, func(v map[string]any) bool { return processed(v) > 0 || finished(v) })
	ns.Restart()
	wait(id, finished)
	check(id)

	// each of the two jobs called back once
	var delivered []string
	for len(delivered) < 2 {
		select {
		case d := <-callbacks:
			delivered = append(delivered, d)
		case <-time.After(30 * time.Second):
			t.Fatalf("callbacks: %q, want one for each of the two jobs", delivered)
		}
	}
	select {
	case d := <-callbacks:
		t.Errorf("a second callback: %s (after %q)", d, delivered)
	case <-time.After(500 * time.Millisecond):
	}
	for _, d := range delivered {
		if !strings.HasSuffix(d, "/COMPLETED") || delivered[0] == delivered[1] {
			t.Errorf("callback %s, want COMPLETED", d)
		}
	}

	// one Idempotency-Key sent to both API nodes at the same moment,
	// eight times: eight jobs, each answered to both
	small, _ := json.Marshal(map[string]any{"filename": "twins.csv", "fileContent": testfiles.AddressCSV(10)})
	twins := map[string]bool{}
	for i := range 8 {
		ids := make([]string, 2)
		var wg sync.WaitGroup
		for n, api := range []*node{apiA, apiB} {
			wg.Go(func() {
				for try := 0; try < 100; try++ {
					code, v := requestWith(t, "POST", api.base+"/v1/batch/process", key, bytes.NewReader(small),
						"Content-Type", "application/json", "Idempotency-Key", fmt.Sprintf("twin-%d", i))
					if code == 202 {
						ids[n], _ = v["jobId"].(string)
						return
					}
					if code != 409 {
						t.Errorf("twin %d on node %d: %d %v", i, n, code, v)
						return
					}
					time.Sleep(50 * time.Millisecond) // in progress on the other node
				}
			})
		}
		wg.Wait()
		if ids[0] == "" || ids[0] != ids[1] {
			t.Errorf("Idempotency-Key twin-%d on both nodes: jobs %q", i, ids)
		}
		twins[ids[0]] = true
	}
	if len(twins) != 8 {
		t.Errorf("eight keys sent twice made %d jobs", len(twins))
	}

	// 3. the NATS server down: what needs it answers 503 unavailable
	// with Retry-After, fast; /readyz says so; autocomplete and validate
	// answer; a submission refused meanwhile leaves no job behind
	ns.Shutdown()
	outage := func(method, path, body string) (int, string, string, time.Duration) {
		req, _ := http.NewRequest(method, apiA.base+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		began := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var p struct{ Code string }
		json.NewDecoder(resp.Body).Decode(&p)
		return resp.StatusCode, p.Code, resp.Header.Get("Retry-After"), time.Since(began)
	}
	ghost, _ := json.Marshal(map[string]any{"filename": "ghost.csv", "fileContent": testfiles.AddressCSV(10)})
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/v1/batch/process", string(ghost)},
		{"GET", "/v1/batch/" + id, ""},
		{"POST", "/v1/batch/process", string(ghost)},
	} {
		code, problem, retry, took := outage(c.method, c.path, c.body)
		t.Logf("NATS down: %s %s answered %d %s (Retry-After %s) in %s", c.method, c.path, code, problem, retry, took.Round(time.Millisecond))
		if code != 503 || problem != "unavailable" || retry == "" || took > 10*time.Second {
			t.Errorf("NATS down: %s %s answered %d %q, Retry-After %q, in %s", c.method, c.path, code, problem, retry, took)
		}
	}
	if code, _, _, _ := outage("GET", "/readyz", ""); code != 503 {
		t.Errorf("/readyz with NATS down: %d", code)
	}
	if code, v := call(t, "GET", apiB.base+"/v1/address/autocomplete?query=ikej", key, ""); code != 200 {
		t.Errorf("autocomplete with NATS down: %d %v", code, v)
	}
	if code, v := call(t, "POST", apiB.base+"/v1/address/validate", key, `{"address":"12 Allen Avenue, Ikeja, Lagos"}`); code != 200 {
		t.Errorf("validate with NATS down: %d %v", code, v)
	}
	ns.Restart()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if code, _, _, _ := outage("GET", "/readyz", ""); code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("/readyz not 200 after NATS came back")
		}
	}
	nc, err := natsdriver.Connect(context.Background(), withPassword, natsdriver.Options{Security: natsdriver.Security{TLSCA: certs.CA}, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	all, err := nc.Jobs().List(context.Background())
	nc.Close()
	if err != nil || len(all) != 10 {
		t.Errorf("%d jobs after the outage (%v), want the 10 accepted: a refused submission left one behind", len(all), err)
	}

	// 4. a key revoked on the cluster is refused by both API nodes
	keyID := strings.TrimPrefix(key, "ak_")[:13]
	if err := Run(context.Background(), append(append([]string{"keys", "revoke"}, auth...), keyID), nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, api := range []*node{apiA, apiB} {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			code, _ := call(t, "GET", api.base+"/v1/batch/"+id, key, "")
			if code == 401 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s still answers %d to a revoked key", api.base, code)
			}
		}
	}
}
