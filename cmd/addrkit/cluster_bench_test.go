package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
	"github.com/addrkit/addrkit/internal/procstat"
	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
)

// clusterRows is the size of BenchmarkCluster's job: the largest a job
// may have, and the 500,000 of batch/jobs BenchmarkJob.
const clusterRows = 500_000

// clusterShortRows is the size of the job with -short, as CI runs every
// benchmark once to see that it works.
const clusterShortRows = 20_000

// BenchmarkCluster runs a job of 500,000 rows of real Nigerian address
// strings (the input of batch/jobs BenchmarkJob, byte for byte) through a
// cluster of real addrkit processes over an in-test NATS JetStream server:
// one API node and 1, then 2, workers (--role worker, the default --jobs
// and --chunk-rows), a file:// bucket in a temporary directory, and the
// gazetteer of scripts/import-nigeria.sh ($ADDRKIT_EVAL_GAZETTEER, built
// there when empty), which every process opens read-only at once. The job
// is submitted over HTTP and its status polled until COMPLETED.
//
// Metrics: rows/s and s/job from the start of the POST to COMPLETED;
// rows/s per worker core (rows/s over workers × the cores each worker may
// use: two workers on a machine of N cores share them, each may use N);
// submit-s, the POST until its 202 (upload, the input split while it is
// stored, the record and one task a chunk queued); join-s, from the first
// status whose processedCount is every row to the first that says
// COMPLETED (polled every 10 ms near the end: a resolution of about 10
// ms); the peak RSS of the API node and of the largest worker during the
// job (VmHWM, reset after start-up); the CPU seconds the workers, the
// API node and this process (the NATS server and the client) spent on the
// job. With -short, the job has clusterShortRows rows.
func BenchmarkCluster(b *testing.B) {
	shared, gazetteer := benchGazetteer(b)
	rows := clusterRows
	if testing.Short() {
		rows = clusterShortRows
	}
	csvFile := clusterCSV(b, shared, rows)
	body, err := json.Marshal(map[string]any{"filename": "bench.csv", "fileContent": string(csvFile), "region": "Nigeria"})
	if err != nil {
		b.Fatal(err)
	}
	up := upload{contentType: "application/json", body: body}
	for _, workers := range []int{1, 2} {
		b.Run("workers="+strconv.Itoa(workers), func(b *testing.B) {
			for range b.N {
				runCluster(b, gazetteer, up, workers, rows)
			}
		})
	}
}

// maxUploadGrowthMB is the target of BenchmarkStreamedUpload: the most
// the API node's peak RSS may grow while it takes a 500,000-row file.
const maxUploadGrowthMB = 60

// BenchmarkStreamedUpload runs BenchmarkCluster's 500,000 rows (also with
// -short: the upload's memory is the point) through one API node and one
// worker, sent as the file itself, gzip-compressed (Content-Type:
// text/csv, Content-Encoding: gzip), and checks that the job completes
// with every row and that the API node's peak RSS grew less than
// maxUploadGrowthMB over its RSS before the upload (api-RSS-growth-MB);
// it fails otherwise. Its other metrics are BenchmarkCluster's.
func BenchmarkStreamedUpload(b *testing.B) {
	shared, gazetteer := benchGazetteer(b)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write(clusterCSV(b, shared, clusterRows)); err != nil {
		b.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		b.Fatal(err)
	}
	up := upload{contentType: "text/csv", encoding: "gzip", query: "?filename=bench.csv&region=Nigeria", body: gz.Bytes()}
	for range b.N {
		if growth := runCluster(b, gazetteer, up, 1, clusterRows); growth >= maxUploadGrowthMB {
			b.Fatalf("the API node's peak RSS grew %.1f MB taking a %d-row file (%d bytes gzip-compressed); the target is under %d MB",
				growth, clusterRows, gz.Len(), maxUploadGrowthMB)
		}
	}
}

// benchGazetteer returns the shared data's directory and the gazetteer of
// scripts/import-nigeria.sh, or skips (fails, in CI) without them.
func benchGazetteer(b *testing.B) (shared, gazetteer string) {
	shared = shareddata.Dir(b)
	if os.Getenv("ADDRKIT_EVAL_GAZETTEER") == "" {
		shareddata.Missing(b, "set ADDRKIT_EVAL_GAZETTEER=DIR: the gazetteer of scripts/import-nigeria.sh, built there when DIR is empty")
	}
	return shared, storetest.NigeriaDir(b, shared)
}

// upload is how a benchmark sends its job.
type upload struct {
	contentType, encoding, query string
	body                         []byte
}

// clusterCSV returns the file of the benchmark's job: n rows (id,
// address) of the shared data's addresses repeated in turn, as
// BenchmarkJob writes them.
func clusterCSV(b *testing.B, shared string, n int) []byte {
	var addrs []string
	shareddata.ReadCSV(b, filepath.Join(shared, "ng-inec-polling-units", "polling_units.csv"), func(row map[string]string) {
		addrs = append(addrs, strings.Join([]string{row["pu_name"], row["ward"], row["lga"], row["state"]}, ", "))
		if g := row["google_formatted_address"]; g != "" {
			addrs = append(addrs, g)
		}
	})
	shareddata.ReadCSV(b, filepath.Join(shared, "ng-nipost-postcodes", "rural_postcodes.csv"), func(row map[string]string) {
		addrs = append(addrs, strings.Join([]string{row["town"], row["district"], row["lga"], row["state"]}, ", "))
	})
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	cw.Write([]string{"id", "address"})
	for i := range n {
		cw.Write([]string{strconv.Itoa(i), addrs[i%len(addrs)]})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// runCluster starts a NATS server, an API node and workers, runs one job
// of rows rows sent as up through them and reports its metrics; everything
// is stopped before it returns. It returns how much the API node's peak
// RSS grew over its RSS before the job, in MB.
func runCluster(b *testing.B, gazetteer string, up upload, workers, rows int) float64 {
	b.StopTimer()
	ns := natstest.Start(b)
	defer ns.Shutdown()
	dir := b.TempDir()
	blobs := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "blobs"))}).String()
	if err := os.MkdirAll(filepath.Join(dir, "blobs"), 0o700); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"keys", "create", "--name", "bench", "--nats", ns.URL()}, nil, &out, io.Discard); err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]
	args := func(role string, extra ...string) []string {
		return append([]string{"--role", role, "--data", gazetteer, "--nats", ns.URL(), "--blob", blobs,
			"--signing-key", filepath.Join(dir, "signing.key"), "--rate", "-1"}, extra...)
	}
	api := startNode(b, args(roleAPI, "--listen", "127.0.0.1:0")...)
	nodes := []*node{api}
	for range workers {
		nodes = append(nodes, startNode(b, args(roleWorker)...))
	}
	defer func() {
		for _, n := range nodes {
			n.cmd.Process.Signal(syscall.SIGTERM)
			<-n.done
		}
	}()
	startRSS := make([]float64, len(nodes))
	cpu0 := make([]float64, len(nodes))
	var apiRSS float64
	for i, n := range nodes {
		startRSS[i] = procstat.PeakRSS(n.cmd.Process.Pid)
		// the peak of the job, not of loading the gazetteer
		procstat.ResetPeakRSS(n.cmd.Process.Pid)
		cpu0[i] = cpuSeconds(n.cmd.Process.Pid)
	}
	apiRSS = procstat.PeakRSS(api.cmd.Process.Pid) // after the reset: the RSS now

	self0 := selfCPUSeconds()
	b.StartTimer()
	start := time.Now()
	code, v := requestWith(b, "POST", api.base+"/v1/batch/process"+up.query, key, bytes.NewReader(up.body),
		"Content-Type", up.contentType, "Content-Encoding", up.encoding)
	submitted := time.Since(start)
	if code != 202 {
		b.Fatalf("submit: %d %v", code, v)
	}
	id, _ := v["jobId"].(string)
	var allDone time.Time
	for {
		code, v = request(b, "GET", api.base+"/v1/batch/"+id, key, nil)
		now := time.Now()
		if code != 200 {
			b.Fatalf("status: %d %v", code, v)
		}
		processed, _ := v["processedCount"].(float64)
		if int(processed) == rows && allDone.IsZero() {
			allDone = now
		}
		if v["status"] != "QUEUED" && v["status"] != "PROCESSING" {
			break
		}
		// coarse while chunks are left to start, so that polling costs
		// the job nothing; fine for the last ones and the join
		pause := 10 * time.Millisecond
		if int(processed) < rows-(workers+1)*jobs.DefaultChunkRows {
			pause = 250 * time.Millisecond
		}
		time.Sleep(pause)
	}
	elapsed := time.Since(start)
	b.StopTimer()
	selfCPU := selfCPUSeconds() - self0
	if n, _ := v["rowCount"].(float64); v["status"] != "COMPLETED" || int(n) != rows {
		b.Fatalf("job %s: %v", id, v)
	}
	if allDone.IsZero() {
		b.Fatalf("job %s: processedCount never reached %d", id, rows)
	}
	peak := make([]float64, len(nodes))
	var workerCPU float64
	for i, n := range nodes {
		peak[i] = procstat.PeakRSS(n.cmd.Process.Pid)
		if i > 0 {
			workerCPU += cpuSeconds(n.cmd.Process.Pid) - cpu0[i]
		}
	}
	join := start.Add(elapsed).Sub(allDone)
	b.Logf("workers=%d: submit %.2fs, job %.2fs, join %.3fs; peak RSS at start-up %v MB, during the job %v MB (API node first)",
		workers, submitted.Seconds(), elapsed.Seconds(), join.Seconds(), startRSS, peak)

	rate := float64(rows) / elapsed.Seconds()
	b.ReportMetric(rate, "rows/s")
	b.ReportMetric(rate/float64(workers*runtime.NumCPU()), "rows/s/worker-core")
	b.ReportMetric(elapsed.Seconds(), "s/job")
	b.ReportMetric(submitted.Seconds(), "submit-s")
	b.ReportMetric(join.Seconds(), "join-s")
	b.ReportMetric(peak[0], "api-peak-RSS-MB")
	b.ReportMetric(peak[0]-apiRSS, "api-RSS-growth-MB")
	b.ReportMetric(maxOf(peak[1:]), "worker-peak-RSS-MB")
	b.ReportMetric(workerCPU, "worker-cpu-s")
	b.ReportMetric(cpuSeconds(api.cmd.Process.Pid)-cpu0[0], "api-cpu-s")
	b.ReportMetric(selfCPU, "nats+client-cpu-s")
	return peak[0] - apiRSS
}

// cpuSeconds returns the user and system CPU time process pid has used
// (Linux; 0 elsewhere).
func cpuSeconds(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// the fields after the command's name, which is in parentheses
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100 // clock ticks: 100 a second on Linux
}

// selfCPUSeconds returns the user and system CPU time this process has
// used: here, the NATS server's and the benchmark client's.
func selfCPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
