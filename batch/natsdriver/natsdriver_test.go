package natsdriver_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/drivertest"
	"github.com/addrkit/addrkit/batch/natsdriver"
	"github.com/addrkit/addrkit/batch/natsdriver/natstest"
)

// connect connects to url, closing the Conn when the test ends.
func connect(t *testing.T, url string, o natsdriver.Options) *natsdriver.Conn {
	t.Helper()
	o.ReconnectWait = 50 * time.Millisecond
	o.Logger = slog.New(slog.DiscardHandler)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := natsdriver.Connect(ctx, url, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

func TestStore(t *testing.T) {
	t.Parallel()
	drivertest.RunStore(t, func(t *testing.T) jobs.Store {
		return connect(t, natstest.Start(t).URL(), natsdriver.Options{}).Jobs()
	})
}

func TestQueue(t *testing.T) {
	t.Parallel()
	drivertest.RunQueue(t, func(t *testing.T, ackWait time.Duration) jobs.Queue {
		return connect(t, natstest.Start(t).URL(), natsdriver.Options{AckWait: ackWait}).Queue()
	})
}

// TestService runs the job service over JetStream: each node is a
// connection of its own to one server.
func TestService(t *testing.T) {
	t.Parallel()
	drivertest.RunService(t, func(t *testing.T, ackWait time.Duration) drivertest.Node {
		url := natstest.Start(t).URL()
		return func(t *testing.T) (jobs.Store, jobs.Queue) {
			c := connect(t, url, natsdriver.Options{AckWait: ackWait})
			return c.Jobs(), c.Queue()
		}
	})
}

func job(id string) jobs.Job {
	return jobs.Job{ID: id, Owner: "k", Filename: "a.csv", Region: "NG", State: jobs.Queued,
		Created: time.Now().UTC().Truncate(time.Millisecond)}
}

func TestIDs(t *testing.T) {
	t.Parallel()
	s := connect(t, natstest.Start(t).URL(), natsdriver.Options{}).Jobs()
	ctx := context.Background()
	// ids a client may send in a path, which no job has
	for _, id := range []string{"a b", "a.*", "a..b", ".a", "", "job_1>"} {
		if _, _, err := s.Get(ctx, id); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("Get(%q): %v, want ErrNotFound", id, err)
		}
		if _, err := s.Update(ctx, job(id), 1); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("Update(%q): %v, want ErrNotFound", id, err)
		}
		if err := s.Delete(ctx, id); err != nil {
			t.Errorf("Delete(%q): %v", id, err)
		}
	}
	// a deleted record is gone for Update, and its id free for Create
	rev, err := s.Create(ctx, job("job_1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "job_1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, job("job_1"), rev); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("Update of a deleted record: %v, want ErrNotFound", err)
	}
	if _, err := s.Update(ctx, job("job_1"), 0); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("Update of a deleted record at revision 0: %v, want ErrNotFound", err)
	}
	rev2, err := s.Create(ctx, job("job_1"))
	if err != nil {
		t.Fatalf("Create after Delete: %v", err)
	}
	if _, err := s.Update(ctx, job("job_1"), 0); !errors.Is(err, jobs.ErrConflict) {
		t.Errorf("Update at revision 0: %v, want ErrConflict", err)
	}
	if _, got, err := s.Get(ctx, "job_1"); err != nil || got != rev2 {
		t.Errorf("Get after the refused update = %d, %v; want %d", got, err, rev2)
	}
}

func TestIdempotency(t *testing.T) {
	t.Parallel()
	s := connect(t, natstest.Start(t).URL(), natsdriver.Options{IdempotencyTTL: time.Hour}).Jobs()
	ctx := context.Background()
	tests := []struct {
		name, owner, key string
		ttl              time.Duration
		wait             time.Duration
		kept             bool
	}{
		{"plain", "k1", "key-1", time.Minute, 0, true},
		{"any characters", "k1", "a key. with * and > and ü\x00", time.Minute, 0, true},
		{"empty key", "k1", "", time.Minute, 0, true},
		{"longer than the bucket", "k1", "long", 48 * time.Hour, 0, true},
		{"expired", "k2", "short", 300 * time.Millisecond, 500 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := jobs.Idempotency{JobID: "job_" + tt.name, Digest: "d"}
			if err := s.Remember(ctx, tt.owner, tt.key, rec, tt.ttl); err != nil {
				t.Fatal(err)
			}
			time.Sleep(tt.wait)
			got, err := s.Recall(ctx, tt.owner, tt.key)
			switch {
			case tt.kept && (err != nil || got != rec):
				t.Errorf("Recall(%q, %q) = %+v, %v; want %+v", tt.owner, tt.key, got, err, rec)
			case !tt.kept && !errors.Is(err, jobs.ErrNotFound):
				t.Errorf("Recall(%q, %q) = %+v, %v; want ErrNotFound", tt.owner, tt.key, got, err)
			}
		})
	}
	// the owner and the key are not run together
	if err := s.Remember(ctx, "ab", "c", jobs.Idempotency{JobID: "job_x"}, time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Recall(ctx, "a", "bc"); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("Recall of another owner's key: %v, want ErrNotFound", err)
	}
}

func TestRestart(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	c := connect(t, srv.URL(), natsdriver.Options{AckWait: 5 * time.Second})
	s, q := c.Jobs(), c.Queue()
	ctx := context.Background()
	rev, err := s.Create(ctx, job("job_1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Send(ctx, "job_1"); err != nil {
		t.Fatal(err)
	}

	// a worker waits through the outage
	srv.Shutdown()
	type received struct {
		task jobs.Task
		err  error
		at   time.Time
	}
	got := make(chan received, 1)
	go func() {
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		task, err := q.Receive(rctx)
		got <- received{task, err, time.Now()}
	}()
	time.Sleep(time.Second)
	select {
	case r := <-got:
		t.Fatalf("Receive during the outage = %v, %v", r.task, r.err)
	default:
	}
	srv.Restart() // starts it again
	up := time.Now()

	r := <-got
	if r.err != nil {
		t.Fatalf("Receive across the restart: %v", r.err)
	}
	if r.task.ID() != "job_1" {
		t.Errorf("received %s after the restart, want job_1", r.task.ID())
	}
	if err := r.task.Ack(ctx); err != nil {
		t.Errorf("Ack after the restart: %v", err)
	}
	t.Logf("task received %s after the server was up again", r.at.Sub(up).Round(time.Millisecond))

	j, grev, err := s.Get(ctx, "job_1")
	if err != nil || grev != rev || j.ID != "job_1" {
		t.Fatalf("after the restart Get = %+v at %d, %v; want job_1 at %d", j, grev, err, rev)
	}
	j.State = jobs.Processing
	rev2, err := s.Update(ctx, j, rev)
	if err != nil {
		t.Fatalf("Update after the restart: %v", err)
	}
	if _, err := s.Update(ctx, j, rev); !errors.Is(err, jobs.ErrConflict) {
		t.Errorf("Update at an old revision after the restart: %v, want ErrConflict", err)
	}
	if _, grev, err := s.Get(ctx, "job_1"); err != nil || grev != rev2 {
		t.Errorf("Get = %d, %v; want %d", grev, err, rev2)
	}

	// calls made at once after a restart wait for the broker
	srv.Restart()
	up = time.Now()
	if err := q.Send(ctx, "job_2"); err != nil {
		t.Fatalf("Send at once after a restart: %v", err)
	}
	t.Logf("Send at once after a restart took %s", time.Since(up).Round(time.Millisecond))
	srv.Restart()
	up = time.Now()
	j.State = jobs.Completed
	if _, err := s.Update(ctx, j, rev2); err != nil {
		t.Fatalf("Update at once after a restart: %v", err)
	}
	t.Logf("Update at once after a restart took %s", time.Since(up).Round(time.Millisecond))
	srv.Restart()
	up = time.Now()
	if all, err := s.List(ctx); err != nil || len(all) != 1 || all[0].State != jobs.Completed {
		t.Fatalf("List at once after a restart = %+v, %v", all, err)
	}
	t.Logf("List at once after a restart took %s", time.Since(up).Round(time.Millisecond))
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	task, err := q.Receive(rctx)
	if err != nil || task.ID() != "job_2" {
		t.Fatalf("Receive after a restart = %v, %v", task, err)
	}
	if err := task.Ack(ctx); err != nil {
		t.Error(err)
	}
	// sent once, queued once
	rctx, cancel = context.WithTimeout(ctx, time.Second)
	defer cancel()
	if task, err := q.Receive(rctx); err == nil {
		t.Errorf("Receive gave %s again, want nothing", task.ID())
	}
}

func TestTwoConns(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	a := connect(t, srv.URL(), natsdriver.Options{Name: "a", AckWait: 10 * time.Second})
	b := connect(t, srv.URL(), natsdriver.Options{Name: "b", AckWait: 10 * time.Second})
	ctx := context.Background()

	// records are shared, and so are their revisions
	rev, err := a.Jobs().Create(ctx, job("job_1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Jobs().Create(ctx, job("job_1")); !errors.Is(err, jobs.ErrExists) {
		t.Errorf("Create on b of a's record: %v, want ErrExists", err)
	}
	j, grev, err := b.Jobs().Get(ctx, "job_1")
	if err != nil || grev != rev {
		t.Fatalf("Get on b = %d, %v; want %d", grev, err, rev)
	}
	j.Worker = "b"
	if _, err := b.Jobs().Update(ctx, j, rev); err != nil {
		t.Fatal(err)
	}
	j.Worker = "a"
	if _, err := a.Jobs().Update(ctx, j, rev); !errors.Is(err, jobs.ErrConflict) {
		t.Errorf("Update on a over b's update: %v, want ErrConflict", err)
	}
	if err := b.Jobs().Remember(ctx, "k", "key", jobs.Idempotency{JobID: "job_1"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Jobs().Recall(ctx, "k", "key"); err != nil || got.JobID != "job_1" {
		t.Errorf("Recall on a of b's key = %+v, %v", got, err)
	}

	// tasks sent on either are received once, by one of the two
	const n = 30
	for i := range n {
		c := a
		if i%2 == 1 {
			c = b
		}
		if err := c.Queue().Send(ctx, fmt.Sprint("job_", i)); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	held := map[string]bool{} // tasks a worker holds now
	seen := map[string]int{}
	by := map[string]int{}
	var wg sync.WaitGroup
	for w := range 6 {
		node, c := "a", a
		if w%2 == 1 {
			node, c = "b", b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
				task, err := c.Queue().Receive(rctx)
				cancel()
				if err != nil {
					return
				}
				mu.Lock()
				if held[task.ID()] {
					t.Errorf("%s delivered to two workers at once", task.ID())
				}
				held[task.ID()] = true
				seen[task.ID()]++
				by[node]++
				mu.Unlock()
				time.Sleep(20 * time.Millisecond) // work
				mu.Lock()
				delete(held, task.ID())
				mu.Unlock()
				if err := task.Ack(ctx); err != nil {
					t.Errorf("Ack %s: %v", task.ID(), err)
				}
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
	if by["a"] == 0 || by["b"] == 0 {
		t.Errorf("tasks received by node: %v, want some on each", by)
	}
}

func TestCloseEndsReceive(t *testing.T) {
	t.Parallel()
	c, err := natsdriver.Connect(context.Background(), natstest.Start(t).URL(),
		natsdriver.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Queue().Receive(context.Background())
		done <- err
	}()
	time.Sleep(200 * time.Millisecond)
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, natsdriver.ErrClosed) {
			t.Errorf("Receive on a closed Conn: %v, want ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Receive did not return within 5s of Close")
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestQueueRecreated(t *testing.T) {
	t.Parallel()
	c := connect(t, natstest.Start(t).URL(), natsdriver.Options{})
	ctx := context.Background()
	// the broker loses the stream (a new server, an operator's mistake):
	// a worker waiting makes it again
	if err := c.JetStream().DeleteStream(ctx, natsdriver.TasksStream); err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		task, err := c.Queue().Receive(rctx)
		if err == nil && task.ID() != "job_1" {
			err = fmt.Errorf("received %s", task.ID())
		}
		got <- err
	}()
	start := time.Now()
	if err := c.Queue().Send(ctx, "job_1"); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if err := <-got; err != nil {
		t.Fatalf("Receive: %v", err)
	}
	t.Logf("the stream was made again and a task received in %s", time.Since(start).Round(time.Millisecond))
}

// TestUnavailable: with the server gone for longer than the retries last,
// a call fails with jobs.ErrUnavailable, which the HTTP API answers 503.
func TestUnavailable(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	c := connect(t, ns.URL(), natsdriver.Options{})
	ctx := context.Background()
	if _, err := c.Jobs().Create(ctx, job("job_1")); err != nil {
		t.Fatal(err)
	}
	ns.Shutdown()
	start := time.Now()
	_, _, err := c.Jobs().Get(ctx, "job_1")
	if !errors.Is(err, jobs.ErrUnavailable) {
		t.Errorf("Get with the server gone: %v, want ErrUnavailable", err)
	}
	t.Logf("gave up after %s", time.Since(start).Round(time.Second))
}

// TestSettingsKept: a node connecting with other options opens the
// queue as the first node made it, and says what it has.
func TestSettingsKept(t *testing.T) {
	t.Parallel()
	url := natstest.Start(t).URL()
	first := connect(t, url, natsdriver.Options{AckWait: 2 * time.Second})
	later := connect(t, url, natsdriver.Options{AckWait: 45 * time.Second})
	if got := later.AckWait(); got != 2*time.Second {
		t.Errorf("a later node's AckWait() = %s, want the consumer's 2s", got)
	}
	info, err := first.JetStream().Consumer(context.Background(), natsdriver.TasksStream, natsdriver.WorkersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.CachedInfo().Config.AckWait; got != 2*time.Second {
		t.Errorf("the consumer's ack wait became %s after a later node connected", got)
	}
}

// TestHealthy: a connection reports the server gone while it is down, and
// healthy again once it is back (the readiness of /readyz).
func TestHealthy(t *testing.T) {
	srv := natstest.Start(t)
	c := connect(t, srv.URL(), natsdriver.Options{})
	if err := c.Healthy(); err != nil {
		t.Fatalf("Healthy with the server up: %v", err)
	}
	srv.Shutdown()
	for deadline := time.Now().Add(10 * time.Second); c.Healthy() == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Healthy with the server down: nil")
		}
	}
	srv.Restart()
	for deadline := time.Now().Add(30 * time.Second); c.Healthy() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Healthy after the server came back: %v", c.Healthy())
		}
	}
}

// TestOutage: with the server down, a request fails with
// jobs.ErrUnavailable within the outage rule (about 4 s; the figure is
// logged, and docs/deploy.md gives it), the next ones at once; a record
// created meanwhile is not made when the server comes back (nothing
// waits in a buffer to be sent then), and requests work again.
func TestOutage(t *testing.T) {
	srv := natstest.Start(t)
	c := connect(t, srv.URL(), natsdriver.Options{})
	ctx := context.Background()
	srv.Shutdown()
	began := time.Now()
	_, err := c.Jobs().Create(ctx, jobs.Job{ID: "job_ghost", Owner: "k", State: jobs.Queued})
	first := time.Since(began)
	if !errors.Is(err, jobs.ErrUnavailable) {
		t.Fatalf("Create with the server down: %v, want ErrUnavailable", err)
	}
	began = time.Now()
	_, _, err = c.Jobs().Get(ctx, "job_ghost")
	next := time.Since(began)
	if !errors.Is(err, jobs.ErrUnavailable) {
		t.Fatalf("Get with the server down: %v, want ErrUnavailable", err)
	}
	t.Logf("with the server down: the first request failed after %s, the next after %s", first.Round(time.Millisecond), next.Round(time.Millisecond))
	if first > 10*time.Second || next > time.Second {
		t.Errorf("first %s, next %s: an outage is answered in about 4 s, then at once", first, next)
	}
	srv.Restart()
	for deadline := time.Now().Add(30 * time.Second); c.Healthy() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("not reconnected")
		}
	}
	var getErr error
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if _, _, getErr = c.Jobs().Get(ctx, "job_ghost"); !errors.Is(getErr, jobs.ErrUnavailable) {
			break
		}
	}
	if !errors.Is(getErr, jobs.ErrNotFound) {
		t.Errorf("the record created during the outage, after it: %v, want ErrNotFound", getErr)
	}
}
