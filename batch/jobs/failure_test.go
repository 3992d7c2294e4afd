package jobs_test

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
)

// TestPoisonChunk: a chunk that fails every time it is tried fails its
// job, with the reason, once it was tried MaxDeliver times; so does one
// whose worker dies each time it takes it.
func TestPoisonChunk(t *testing.T) {
	ctx := context.Background()
	newNode := func(r *rig, q jobs.Queue) *jobs.Manager {
		m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: q, Bucket: r.bucket,
			ProgressEvery: 5 * time.Millisecond, Lease: 300 * time.Millisecond, ChunkRows: 100, MaxDeliver: 2})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	t.Run("Fails", func(t *testing.T) {
		r := newRig(t)
		m := newNode(r, jobs.NewMemoryQueue(time.Second))
		j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(rows(250)))
		if err != nil {
			t.Fatal(err)
		}
		// the input is gone: no chunk can read it
		if err := r.bucket.Delete(ctx, j.InputKey); err != nil {
			t.Fatal(err)
		}
		start(t, m)
		done := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
		// the reason is for the client: no server path, no driver's words
		if done.State != jobs.Failed || !strings.Contains(done.Reason, "of 3 (rows ") || !strings.Contains(done.Reason, "failed 2 times: a file of the job is no longer stored") ||
			strings.Contains(done.Reason, "uploads/") || strings.Contains(done.Reason, "such file") {
			t.Errorf("job %s: %q", done.State, done.Reason)
		}
	})
	t.Run("GivenBackNotCounted", func(t *testing.T) {
		// a worker stopped in the middle of a chunk (SIGTERM, a rolling
		// restart) gives it back: more stops than MaxDeliver fail nothing
		r := newRig(t)
		q := jobs.NewMemoryQueue(time.Second)
		j, err := newNode(r, q).Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(rows(20000)))
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			m := newNode(r, q)
			stop := start(t, m)
			waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State == jobs.Processing })
			time.Sleep(20 * time.Millisecond)
			stop()
		}
		m := newNode(r, q)
		start(t, m)
		done := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
		if done.State != jobs.Completed || done.Summary.Rows != 20000 {
			t.Errorf("job %s %q, %d rows", done.State, done.Reason, done.Summary.Rows)
		}
	})
	t.Run("WorkerDies", func(t *testing.T) {
		r := newRig(t)
		q := jobs.NewMemoryQueue(200 * time.Millisecond)
		m := newNode(r, q)
		j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(rows(50)))
		if err != nil {
			t.Fatal(err)
		}
		// two workers take the chunk, count their try in the record as
		// a worker does when it starts one, and die without a word
		for range 2 {
			if _, err := q.Receive(ctx); err != nil {
				t.Fatal(err)
			}
			rec, rev, err := r.store.Get(ctx, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			rec.Parts[0].Tries++
			if _, err := r.store.Update(ctx, rec, rev); err != nil {
				t.Fatal(err)
			}
		}
		start(t, m)
		done := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
		if done.State != jobs.Failed || done.Reason != "chunk 1 of 1 (rows 1 to 50) was taken 2 times and never finished: its worker stopped each time" {
			t.Errorf("job %s: %q", done.State, done.Reason)
		}
	})
}

// TestReconcile: a job whose tasks were lost (its API node died while it
// queued them) is queued again by Reconcile once it has not changed for
// ten leases, by one node only, and fails once past the retention.
func TestReconcile(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	lost := jobs.NewMemoryQueue(time.Second) // the tasks Submit queued, never taken
	j, err := r.manager(t, lost).Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(rows(300)))
	if err != nil {
		t.Fatal(err)
	}
	q := jobs.NewMemoryQueue(time.Second)
	a, b := r.manager(t, q), r.manager(t, q)
	if n, err := a.Reconcile(ctx, time.Now()); err != nil || n != 0 {
		t.Fatalf("Reconcile of a fresh job: %d, %v", n, err)
	}
	later := time.Now().Add(time.Minute) // ten leases of 2 s, and more
	if n, err := a.Reconcile(ctx, later); err != nil || n != 1 {
		t.Fatalf("Reconcile of a stalled job: %d, %v", n, err)
	}
	if n, err := b.Reconcile(ctx, later); err != nil || n != 0 {
		t.Fatalf("Reconcile by a second node: %d, %v", n, err)
	}
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	task, err := q.Receive(rctx)
	cancel()
	if err != nil || task.ID() != j.ID+"/0" {
		t.Fatalf("queued again: %v, %v", task, err)
	}
	task.Nack(ctx, 0)
	start(t, a)
	if done := waitFor(t, a, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() }); done.State != jobs.Completed {
		t.Fatalf("job %s %q", done.State, done.Reason)
	}

	// past the retention, unfinished: failed with the reason
	old, err := r.manager(t, lost).Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "b.csv", Region: "NG"}, strings.NewReader(rows(10)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Reconcile(ctx, time.Now().Add(8*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Job(ctx, "k", old.ID); got.State != jobs.Failed || !strings.Contains(got.Reason, "not finished within the retention") {
		t.Errorf("a job past the retention: %s %q", got.State, got.Reason)
	}
}

// panicOnce is a job store whose first Update after armed panics.
type panicOnce struct {
	jobs.Store
	armed atomic.Bool
}

func (p *panicOnce) Update(ctx context.Context, j jobs.Job, rev uint64) (uint64, error) {
	if p.armed.CompareAndSwap(true, false) {
		panic("a bug, planted")
	}
	return p.Store.Update(ctx, j, rev)
}

// TestRunSurvivesPanic: a panic in the middle of a chunk (a bug) is
// recovered and logged, the node reports itself unhealthy, and the chunk
// runs again after its lease: the job completes with every row.
func TestRunSurvivesPanic(t *testing.T) {
	r := newRig(t)
	store := &panicOnce{Store: r.store}
	m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: store, Queue: jobs.NewMemoryQueue(time.Second), Bucket: r.bucket,
		ProgressEvery: 5 * time.Millisecond, Lease: time.Second, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(rows(50)))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Healthy(); err != nil {
		t.Fatalf("healthy before: %v", err)
	}
	store.armed.Store(true)
	start(t, m)
	j = waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if j.State != jobs.Completed || j.Summary.Rows != 50 {
		t.Fatalf("after the panic: %+v", j)
	}
	if err := m.Healthy(); err == nil || !strings.Contains(err.Error(), "a bug, planted") {
		t.Errorf("Healthy after a recovered panic: %v", err)
	}
	output(t, r, j, 50)
}
