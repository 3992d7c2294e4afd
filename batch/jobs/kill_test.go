package jobs_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
	"gocloud.dev/blob/fileblob"
)

// The worker process of TestManagerKilled: it runs a Manager over the job
// store and bucket named in its environment, and prints the rows processed
// of the job named there as they advance, until it is killed.
func TestMain(m *testing.M) {
	if os.Getenv("ADDRKIT_TEST_WORKER") == "1" {
		if err := worker(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(storetest.Main(m))
}

func worker() error {
	ctx := context.Background()
	gz, err := builtin.Open(ctx, os.Getenv("ADDRKIT_TEST_GAZETTEER"), storage.Options{})
	if err != nil {
		return err
	}
	store, err := badgerjobs.Open(os.Getenv("ADDRKIT_TEST_STORE"))
	if err != nil {
		return err
	}
	bucket, err := fileblob.OpenBucket(os.Getenv("ADDRKIT_TEST_BUCKET"), &fileblob.Options{NoTempDir: true}) // a kill leaves its part file in the bucket, not in /tmp
	if err != nil {
		return err
	}
	// a short lease: the job the kill leaves claimed is free soon after
	m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: gz, Store: store, Queue: jobs.NewMemoryQueue(0), Bucket: bucket,
		ProgressEvery: 5 * time.Millisecond, Lease: 2 * time.Second})
	if err != nil {
		return err
	}
	go func() {
		for {
			if j, _, err := store.Get(ctx, os.Getenv("ADDRKIT_TEST_JOB")); err == nil {
				fmt.Printf("%s %d\n", j.State, j.Processed)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return m.Run(ctx)
}

// TestManagerKilled kills (SIGKILL) a worker process in the middle of a job
// and finishes the job in this one: the output holds every row once, in
// order.
func TestManagerKilled(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	const n = 40000
	j, err := r.manager(t, jobs.NewMemoryQueue(0)).Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "big.csv", Region: "Nigeria"},
		strings.NewReader(rows(n)))
	if err != nil {
		t.Fatal(err)
	}
	storeDir, bucketDir := r.storeDir, r.bucketDir
	r.store.Close() // the worker process opens it
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ADDRKIT_TEST_WORKER=1", "ADDRKIT_TEST_STORE="+storeDir, "ADDRKIT_TEST_BUCKET="+bucketDir,
		"ADDRKIT_TEST_GAZETTEER="+t.TempDir(), "ADDRKIT_TEST_JOB="+j.ID)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// kill it once it has written some rows
	sc := bufio.NewScanner(out)
	killed := false
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == string(jobs.Processing) {
			if p, _ := strconv.Atoi(f[1]); p > 0 && p < n {
				cmd.Process.Signal(syscall.SIGKILL)
				killed = true
				break
			}
		}
	}
	cmd.Wait()
	if !killed {
		t.Fatal("the worker ended before it could be killed midway")
	}
	// a new process, here, over the same store and bucket
	store, err := badgerjobs.Open(storeDir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	bucket, err := fileblob.OpenBucket(bucketDir, &fileblob.Options{NoTempDir: true})
	if err != nil {
		t.Fatal(err)
	}
	r2 := &rig{store: store, bucket: bucket, gz: r.gz}
	left, _, err := store.Get(ctx, j.ID)
	if err != nil || left.State != jobs.Processing {
		t.Fatalf("after the kill: %+v, %v", left, err)
	}
	if ok, _ := bucket.Exists(ctx, j.OutputKey); ok {
		t.Fatal("a killed job committed its output")
	}
	m := r2.manager(t, jobs.NewMemoryQueue(0))
	start(t, m)
	done := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if done.State != jobs.Completed || done.Summary.Rows != n {
		t.Fatalf("after the restart %+v", done)
	}
	output(t, r2, done, n)
}
