// Package drivertest is the conformance suite of the jobs drivers: every
// jobs.Store and jobs.Queue passes RunStore and RunQueue, which define
// their behaviour (revision-checked updates, redelivery after a missed
// ack, nack with delay, in-progress), and RunService, which runs the job
// service over them (chunks spread over nodes and joined once, a cancel
// seen by the worker of another node).
package drivertest

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/internal/testfiles"
	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
)

// RunStore runs the suite against the stores open returns: a new, empty
// store for each call.
func RunStore(t *testing.T, open func(t *testing.T) jobs.Store) {
	ctx := context.Background()
	job := func(id string) jobs.Job {
		return jobs.Job{ID: id, Owner: "k", Filename: "a.csv", Region: "NG", State: jobs.Queued,
			Created: time.Now().UTC().Truncate(time.Millisecond)}
	}
	t.Run("CreateGet", func(t *testing.T) {
		s := open(t)
		want := job("job_1")
		rev, err := s.Create(ctx, want)
		if err != nil {
			t.Fatal(err)
		}
		got, grev, err := s.Get(ctx, "job_1")
		if err != nil || grev != rev || got.ID != want.ID || got.State != jobs.Queued || !got.Created.Equal(want.Created) {
			t.Fatalf("Get = %+v, %d, %v; want %+v, %d", got, grev, err, want, rev)
		}
		if _, err := s.Create(ctx, want); !errors.Is(err, jobs.ErrExists) {
			t.Errorf("Create of an existing id: %v, want ErrExists", err)
		}
		if _, _, err := s.Get(ctx, "job_none"); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("Get of no job: %v, want ErrNotFound", err)
		}
	})
	t.Run("UpdateChecksRevision", func(t *testing.T) {
		s := open(t)
		j := job("job_1")
		rev, err := s.Create(ctx, j)
		if err != nil {
			t.Fatal(err)
		}
		j.State = jobs.Processing
		rev2, err := s.Update(ctx, j, rev)
		if err != nil || rev2 == rev {
			t.Fatalf("Update = %d, %v", rev2, err)
		}
		j.State = jobs.Completed
		if _, err := s.Update(ctx, j, rev); !errors.Is(err, jobs.ErrConflict) {
			t.Errorf("Update at an old revision: %v, want ErrConflict", err)
		}
		if got, _, _ := s.Get(ctx, j.ID); got.State != jobs.Processing {
			t.Errorf("after the refused update the job is %s", got.State)
		}
		if _, err := s.Update(ctx, job("job_none"), 1); !errors.Is(err, jobs.ErrNotFound) && !errors.Is(err, jobs.ErrConflict) {
			t.Errorf("Update of no job: %v", err)
		}
	})
	t.Run("OneClaimWins", func(t *testing.T) {
		s := open(t)
		rev, err := s.Create(ctx, job("job_1"))
		if err != nil {
			t.Fatal(err)
		}
		// eight workers read the same revision and claim: one wins
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				j := job("job_1")
				j.State, j.Worker = jobs.Processing, fmt.Sprint("node", i)
				_, err := s.Update(ctx, j, rev)
				switch {
				case err == nil:
					mu.Lock()
					won++
					mu.Unlock()
				case !errors.Is(err, jobs.ErrConflict):
					t.Errorf("claim: %v", err)
				}
			}()
		}
		wg.Wait()
		if won != 1 {
			t.Errorf("%d claims at one revision succeeded, want 1", won)
		}
	})
	t.Run("DeleteList", func(t *testing.T) {
		s := open(t)
		for _, id := range []string{"job_1", "job_2", "job_3"} {
			if _, err := s.Create(ctx, job(id)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Delete(ctx, "job_2"); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, "job_2"); err != nil {
			t.Errorf("deleting a job twice: %v", err)
		}
		all, err := s.List(ctx)
		ids := map[string]bool{}
		for _, j := range all {
			ids[j.ID] = true
		}
		if err != nil || len(all) != 2 || !ids["job_1"] || !ids["job_3"] {
			t.Errorf("List = %v, %v; want job_1 and job_3", ids, err)
		}
		if _, _, err := s.Get(ctx, "job_2"); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("Get of a deleted job: %v", err)
		}
	})
	t.Run("RememberRecall", func(t *testing.T) {
		s := open(t)
		rec := jobs.Idempotency{JobID: "job_1", Digest: "abc"}
		if err := s.Remember(ctx, "k", "key-1", rec, time.Hour); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Recall(ctx, "k", "key-1"); err != nil || got != rec {
			t.Errorf("Recall = %+v, %v", got, err)
		}
		if _, err := s.Recall(ctx, "other", "key-1"); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("another owner's key: %v, want ErrNotFound", err)
		}
	})
	t.Run("ClaimOnce", func(t *testing.T) {
		// eight claims of one key at once: one wins, the others get
		// ErrExists and the winner's record
		s := open(t)
		const n = 8
		type answer struct {
			held jobs.Idempotency
			err  error
		}
		answers := make(chan answer, n)
		for i := range n {
			go func() {
				held, err := s.Claim(ctx, "k", "key-1", jobs.Idempotency{JobID: fmt.Sprintf("job_%d", i), Digest: "abc"}, time.Hour)
				answers <- answer{held, err}
			}()
		}
		won, winners := 0, map[string]bool{}
		for range n {
			a := <-answers
			switch {
			case a.err == nil:
				won++
			case errors.Is(a.err, jobs.ErrExists):
				winners[a.held.JobID] = true
			default:
				t.Fatalf("Claim: %v", a.err)
			}
		}
		if won != 1 || len(winners) != 1 {
			t.Fatalf("%d claims won, the others saw %v: want one winner", won, winners)
		}
		// Remember replaces the claim; Forget frees the key
		if err := s.Remember(ctx, "k", "key-1", jobs.Idempotency{JobID: "job_x", Digest: "abc"}, time.Hour); err != nil {
			t.Fatal(err)
		}
		if held, err := s.Claim(ctx, "k", "key-1", jobs.Idempotency{JobID: "job_y"}, time.Hour); !errors.Is(err, jobs.ErrExists) || held.JobID != "job_x" {
			t.Errorf("Claim after Remember = %+v, %v", held, err)
		}
		if err := s.Forget(ctx, "k", "key-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Claim(ctx, "k", "key-1", jobs.Idempotency{JobID: "job_z"}, time.Hour); err != nil {
			t.Errorf("Claim after Forget: %v", err)
		}
		if _, err := s.Claim(ctx, "other", "key-1", jobs.Idempotency{JobID: "job_o"}, time.Hour); err != nil {
			t.Errorf("another owner's key: %v", err)
		}
	})
}

// RunQueue runs the suite against the queues open returns: a new, empty
// queue for each call, whose tasks are delivered again when not
// acknowledged within ackWait.
func RunQueue(t *testing.T, open func(t *testing.T, ackWait time.Duration) jobs.Queue) {
	ctx := context.Background()
	receive := func(t *testing.T, q jobs.Queue, within time.Duration) jobs.Task {
		t.Helper()
		rctx, cancel := context.WithTimeout(ctx, within)
		defer cancel()
		task, err := q.Receive(rctx)
		if err != nil {
			t.Fatalf("Receive within %s: %v", within, err)
		}
		return task
	}
	none := func(t *testing.T, q jobs.Queue, within time.Duration) {
		t.Helper()
		rctx, cancel := context.WithTimeout(ctx, within)
		defer cancel()
		if task, err := q.Receive(rctx); err == nil {
			t.Fatalf("Receive gave %s, want nothing within %s", task.ID(), within)
		}
	}
	t.Run("SendReceiveAck", func(t *testing.T) {
		q := open(t, time.Second)
		for _, id := range []string{"job_1", "job_2"} {
			if err := q.Send(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		got := map[string]bool{}
		for range 2 {
			task := receive(t, q, 5*time.Second)
			got[task.ID()] = true
			if err := task.Ack(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if !got["job_1"] || !got["job_2"] {
			t.Errorf("received %v", got)
		}
		none(t, q, 2*time.Second) // acknowledged: not delivered again
	})
	t.Run("RedeliveredAfterMissedAck", func(t *testing.T) {
		q := open(t, time.Second)
		if err := q.Send(ctx, "job_1"); err != nil {
			t.Fatal(err)
		}
		first := receive(t, q, 5*time.Second)
		// the worker dies: no ack
		again := receive(t, q, 10*time.Second)
		if again.ID() != "job_1" {
			t.Fatalf("redelivered %s", again.ID())
		}
		if err := again.Ack(ctx); err != nil {
			t.Fatal(err)
		}
		first.Ack(ctx) // too late: may fail, must not deliver anything
		none(t, q, 2*time.Second)
	})
	t.Run("InProgressHolds", func(t *testing.T) {
		q := open(t, time.Second)
		if err := q.Send(ctx, "job_1"); err != nil {
			t.Fatal(err)
		}
		task := receive(t, q, 5*time.Second)
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			tick := time.NewTicker(300 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					task.InProgress(ctx)
				}
			}
		}()
		none(t, q, 3*time.Second) // three ack waits, kept in progress
		close(stop)
		<-done
		if err := task.Ack(ctx); err != nil {
			t.Fatalf("Ack after InProgress: %v", err)
		}
		none(t, q, 2*time.Second)
	})
	t.Run("NackWithDelay", func(t *testing.T) {
		q := open(t, 10*time.Second)
		if err := q.Send(ctx, "job_1"); err != nil {
			t.Fatal(err)
		}
		task := receive(t, q, 5*time.Second)
		given := time.Now()
		if err := task.Nack(ctx, time.Second); err != nil {
			t.Fatal(err)
		}
		again := receive(t, q, 8*time.Second)
		if since := time.Since(given); again.ID() != "job_1" || since < 900*time.Millisecond {
			t.Errorf("after Nack(1s): %s after %s", again.ID(), since)
		}
		again.Ack(ctx)
	})
	t.Run("DeliveriesCounted", func(t *testing.T) {
		q := open(t, time.Second)
		if err := q.Send(ctx, "job_1"); err != nil {
			t.Fatal(err)
		}
		task := receive(t, q, 5*time.Second)
		if n := task.Deliveries(); n != 1 {
			t.Errorf("first delivery: Deliveries() = %d, want 1", n)
		}
		if err := task.Nack(ctx, 0); err != nil {
			t.Fatal(err)
		}
		task = receive(t, q, 5*time.Second)
		if n := task.Deliveries(); n != 2 {
			t.Errorf("after a Nack: Deliveries() = %d, want 2", n)
		}
		// no ack: delivered a third time after the ack wait
		task = receive(t, q, 10*time.Second)
		if n := task.Deliveries(); n != 3 {
			t.Errorf("after a missed ack: Deliveries() = %d, want 3", n)
		}
		task.Ack(ctx)
	})
	t.Run("OneWorkerATask", func(t *testing.T) {
		q := open(t, 5*time.Second)
		const n = 20
		for i := range n {
			if err := q.Send(ctx, fmt.Sprint("job_", i)); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
					task, err := q.Receive(rctx)
					cancel()
					if err != nil {
						return
					}
					mu.Lock()
					seen[task.ID()]++
					mu.Unlock()
					task.Ack(ctx)
				}
			}()
		}
		wg.Wait()
		if len(seen) != n {
			t.Errorf("%d of %d tasks received", len(seen), n)
		}
		for id, k := range seen {
			if k != 1 {
				t.Errorf("%s received %d times", id, k)
			}
		}
	})
}

// Node returns, at each call, the store and queue of one more node of a
// backend: a new connection to the same server, or the same values when
// the backend lives in one process.
type Node func(t *testing.T) (jobs.Store, jobs.Queue)

// RunService runs Managers over the nodes of the backends open returns (a
// new, empty backend for each call, whose queue waits ackWait for an
// acknowledgement): a job's chunks spread over two nodes and are joined
// once into an output that holds every row once, in order; a cancel made
// through one node stops the chunks another runs.
func RunService(t *testing.T, open func(t *testing.T, ackWait time.Duration) Node) {
	ctx := context.Background()
	gz := storetest.Builtin(t)
	manager := func(t *testing.T, node Node, bucket *blob.Bucket, name string) *jobs.Manager {
		store, queue := node(t)
		m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: gz, Store: store, Queue: queue, Bucket: bucket,
			ProgressEvery: 20 * time.Millisecond, Lease: 2 * time.Second, Node: name, ChunkRows: 200,
			Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	run := func(t *testing.T, m *jobs.Manager) {
		rctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); m.Run(rctx) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	wait := func(t *testing.T, m *jobs.Manager, id string, cond func(jobs.Job) bool) jobs.Job {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			j, err := m.Job(ctx, "k", id)
			if err != nil {
				t.Fatal(err)
			}
			if cond(j) {
				return j
			}
		}
		t.Fatalf("job %s did not get there", id)
		return jobs.Job{}
	}
	newBucket := func(t *testing.T) *blob.Bucket {
		b, err := fileblob.OpenBucket(t.TempDir(), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b
	}
	t.Run("OneJobPerIdempotencyKey", func(t *testing.T) {
		// each of eight keys sent to both nodes at the same moment makes
		// one job: the twin replays it, or is told to wait (409)
		node, bucket := open(t, 5*time.Second), newBucket(t)
		a, b := manager(t, node, bucket, "a"), manager(t, node, bucket, "b")
		const keys = 8
		type answer struct {
			key int
			id  string
			err error
		}
		answers := make(chan answer, 2*keys)
		for k := range keys {
			req := jobs.SubmitRequest{Owner: "k", Filename: "a.csv", IdempotencyKey: fmt.Sprintf("key-%d", k), Digest: "same body"}
			for _, m := range []*jobs.Manager{a, b} {
				go func() {
					j, err := m.Submit(ctx, req, strings.NewReader("street,city\nAllen Avenue,Ikeja\n"))
					answers <- answer{k, j.ID, err}
				}()
			}
		}
		made := map[int]map[string]bool{}
		for range 2 * keys {
			x := <-answers
			switch {
			case x.err == nil, errors.Is(x.err, jobs.ErrReplayed):
				if made[x.key] == nil {
					made[x.key] = map[string]bool{}
				}
				made[x.key][x.id] = true
			case errors.Is(x.err, jobs.ErrKeyInFlight):
			default:
				t.Fatalf("Submit with key %d: %v", x.key, x.err)
			}
		}
		counts, err := a.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range counts {
			total += n
		}
		if total != keys {
			t.Errorf("%d jobs made for %d keys sent twice each", total, keys)
		}
		for k := range keys {
			if len(made[k]) != 1 {
				t.Errorf("key %d: answered with jobs %v, want one", k, made[k])
			}
		}
	})
	t.Run("ChunksSpreadAndJoin", func(t *testing.T) {
		node, bucket := open(t, 5*time.Second), newBucket(t)
		a, b := manager(t, node, bucket, "a"), manager(t, node, bucket, "b")
		const rows = 6000
		j, err := a.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(testfiles.AddressCSV(rows)))
		if err != nil {
			t.Fatal(err)
		}
		run(t, a)
		run(t, b)
		done := wait(t, b, j.ID, func(j jobs.Job) bool { return j.State.Final() })
		if done.State != jobs.Completed || done.Summary.Rows != rows || done.Processed != rows || done.Worker != "" {
			t.Fatalf("job %s %q: %d rows, %d processed, worker %q", done.State, done.Reason, done.Summary.Rows, done.Processed, done.Worker)
		}
		if a.RowsWritten() == 0 || b.RowsWritten() == 0 {
			t.Errorf("rows written by a %d, by b %d: the chunks did not spread", a.RowsWritten(), b.RowsWritten())
		}
		data, err := bucket.ReadAll(ctx, done.OutputKey)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(recs) != rows+1 {
			t.Fatalf("output: %v, %d rows", err, len(recs)-1)
		}
		rn := slices.Index(recs[0], "row_number")
		for i, rec := range recs[1:] {
			if rec[0] != fmt.Sprint(i) || rec[rn] != fmt.Sprint(i+1) {
				t.Fatalf("output row %d: id %s, row_number %s", i+1, rec[0], rec[rn])
			}
		}
	})
	t.Run("CancelSeenByWorker", func(t *testing.T) {
		node, bucket := open(t, 5*time.Second), newBucket(t)
		a, b := manager(t, node, bucket, "a"), manager(t, node, bucket, "b")
		j, err := a.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG"}, strings.NewReader(testfiles.AddressCSV(100000)))
		if err != nil {
			t.Fatal(err)
		}
		run(t, b) // a, which is told to cancel, runs nothing
		wait(t, a, j.ID, func(j jobs.Job) bool { return j.Processed > 0 })
		if _, err := a.Cancel(ctx, "k", j.ID); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond) // b looks every 20 ms
		written := b.RowsWritten()
		time.Sleep(500 * time.Millisecond)
		if now := b.RowsWritten(); now != written {
			t.Errorf("the worker wrote %d rows after the cancel", now-written)
		}
		if after, _ := a.Job(ctx, "k", j.ID); after.State != jobs.Cancelled {
			t.Errorf("after the cancel: %s", after.State)
		}
		if ok, _ := bucket.Exists(ctx, j.OutputKey); ok {
			t.Error("a cancelled job has an output")
		}
	})
}
