package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/fault"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// taskID names the task of a job's chunk k: "<job id>/<k>".
func taskID(jobID string, k int) string { return jobID + "/" + strconv.Itoa(k) }

// parseTask splits a task id; ok is false for one not made by taskID.
func parseTask(task string) (jobID string, k int, ok bool) {
	jobID, n, found := strings.Cut(task, "/")
	k, err := strconv.Atoi(n)
	return jobID, k, found && err == nil && k >= 0
}

// jobOf returns the job id of a task id.
func jobOf(task string) string {
	id, _, _ := strings.Cut(task, "/")
	return id
}

// durable is implemented by queues that keep their tasks when the
// process stops (a JetStream stream): Run need not queue again the chunks
// of unfinished jobs.
type durable interface{ Durable() bool }

// Run takes chunks from the queue and runs them, ManagerOptions.Parallel at
// once, until ctx ends; every hour it deletes the jobs past their
// retention. With a queue that is lost with the process (MemoryQueue), it
// first queues again the chunks of the jobs left unfinished. A chunk
// running when ctx ends is given back to the queue, to run again.
func (m *Manager) Run(ctx context.Context) error {
	if d, ok := m.o.Queue.(durable); !ok || !d.Durable() {
		if err := m.requeue(ctx); err != nil {
			return err
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(m.staleAfter())
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
			func() {
				defer m.panics.Recover(m.o.Logger, "the look for stalled jobs")
				if n, err := m.Reconcile(ctx, time.Now()); err != nil && ctx.Err() == nil {
					m.o.Logger.Error("look for stalled jobs", "err", err)
				} else if n > 0 {
					m.o.Logger.Warn("stalled jobs queued again", "jobs", n)
				}
			}()
		}
	})
	wg.Go(func() {
		tick := time.NewTicker(time.Hour)
		defer tick.Stop()
		for {
			func() {
				defer m.panics.Recover(m.o.Logger, "the expiry of old jobs")
				if n, err := m.Expire(ctx, time.Now()); err != nil && ctx.Err() == nil {
					m.o.Logger.Error("expire old jobs", "err", err)
				} else if n > 0 {
					m.o.Logger.Info("expired old jobs", "jobs", n)
				}
				if n, err := m.Sweep(ctx, time.Now()); err != nil && ctx.Err() == nil {
					m.o.Logger.Error("sweep half-written files", "err", err)
				} else if n > 0 {
					m.o.Logger.Info("swept half-written files a killed process left", "files", n)
				}
			}()
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
	})
	for range m.o.Parallel {
		wg.Go(func() {
			for {
				t, err := m.o.Queue.Receive(ctx)
				if err != nil {
					return // ctx ended, or the queue is closed
				}
				func() {
					defer m.panics.Recover(m.o.Logger, "chunk "+t.ID())
					m.process(ctx, t)
				}()
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// requeue queues the chunks of the unfinished jobs not done, or the last
// chunk of one whose parts are all done (its task joins them).
func (m *Manager) requeue(ctx context.Context) error {
	unfinished, err := m.jobsWhere(ctx, func(j *Job) bool { return !j.State.Final() })
	if err != nil {
		return err
	}
	for _, j := range unfinished {
		m.o.Logger.Info("job taken up again", "job", j.ID, "state", j.State)
		if err := m.send(ctx, j); err != nil {
			return err
		}
	}
	return nil
}

// send queues the tasks of a job's chunks not done, or of its last chunk
// when every part is done (its task joins them).
func (m *Manager) send(ctx context.Context, j Job) error {
	parts := j.chunks()
	for k := range parts {
		if k < len(j.Parts) && j.Parts[k].Done && (k < parts-1 || !j.allDone()) {
			continue
		}
		if err := m.o.Queue.Send(ctx, taskID(j.ID, k)); err != nil {
			return err
		}
	}
	return nil
}

// staleAfter is how long an unfinished job may go without a change before
// Reconcile queues its chunks again: ten leases (5 minutes by default).
func (m *Manager) staleAfter() time.Duration { return 10 * m.o.Lease }

// Reconcile repairs the unfinished jobs whose record has not changed for
// ten leases, and returns how many: their tasks may be lost (an API node
// that died while it queued them, a task settled when its job's record
// could not be written), so the chunks not done are queued again (a chunk
// run twice writes its part once; a task whose chunk is done costs a
// read). One node does it for each job: the one whose revision-checked
// update of the record's time wins. A job still unfinished after
// Retention fails, with the reason. Run calls it every ten leases.
func (m *Manager) Reconcile(ctx context.Context, now time.Time) (int, error) {
	stale, err := m.jobsWhere(ctx, func(j *Job) bool { return !j.State.Final() && now.Sub(j.Updated) > m.staleAfter() })
	if err != nil {
		return 0, err
	}
	n := 0
	for _, j := range stale {
		if now.Sub(j.Created) > m.o.Retention {
			if err := m.fail(ctx, j.ID, fmt.Sprintf("not finished within the retention (%s)", m.o.Retention)); err != nil {
				return n, err
			}
			continue
		}
		j, rev, err := m.o.Store.Get(ctx, j.ID)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return n, err
		}
		if j.State.Final() || now.Sub(j.Updated) <= m.staleAfter() {
			continue
		}
		last := j.Updated
		j.Updated = now.UTC()
		if _, err := m.o.Store.Update(ctx, j, rev); errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) {
			continue // changed meanwhile, or another node took it
		} else if err != nil {
			return n, err
		}
		m.o.Logger.Warn("job stalled: its chunks queued again", "job", j.ID, "state", j.State, "last_change", last)
		if err := m.send(ctx, j); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// chunks is the number of chunks of a job: 1 for a record made before
// jobs were cut into chunks.
func (j *Job) chunks() int { return max(1, len(j.Parts)) }

// part returns the state of chunk k, making room for it in a record made
// before jobs were cut into chunks.
func (j *Job) part(k int) *Part {
	if len(j.Parts) <= k {
		j.Parts = append(j.Parts, make([]Part, k+1-len(j.Parts))...)
	}
	return &j.Parts[k]
}

// allDone reports whether every part of a job is written.
func (j *Job) allDone() bool {
	for _, p := range j.Parts {
		if !p.Done {
			return false
		}
	}
	return len(j.Parts) > 0
}

// chunkName names chunk k of a job in reasons and logs.
func (j *Job) chunkName(k int) string {
	if j.Layout.Chunks() == 0 {
		return "the job"
	}
	first := k*j.ChunkRows + 1
	last := min(first+j.ChunkRows-1, j.Rows)
	return fmt.Sprintf("chunk %d of %d (rows %d to %d)", k+1, j.chunks(), first, last)
}

// retry is how long a chunk that failed waits before it is tried again.
func (m *Manager) retry(deliveries int) time.Duration {
	return min(time.Duration(1<<min(deliveries, 10))*time.Second, m.o.Lease)
}

// process runs the chunk of a task and settles the task: acknowledged
// when its part is written (or its job is gone or finished), given back
// when this process stops first or the chunk failed, to be tried again.
// The task that writes a job's last part joins the parts. It is long
// because it is one decision table over the task's life (count the try,
// run, then settle by what ended the run), each case settling the task
// exactly once; split, the cases would have to pass the settle context,
// the try count and the log along and could settle twice.
func (m *Manager) process(ctx context.Context, t Task) {
	// settled with a context of their own: ctx may have ended
	settle := context.WithoutCancel(ctx)
	id, k, ok := parseTask(t.ID())
	if !ok {
		m.o.Logger.Error("a task that names no chunk", "task", t.ID())
		t.Ack(settle)
		return
	}
	j, _, err := m.o.Store.Get(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		t.Ack(settle) // deleted
		return
	case err != nil:
		if ctx.Err() == nil {
			m.o.Logger.Error("read a job", "job", id, "err", err)
		}
		t.Nack(settle, m.retry(1))
		return
	case j.State.Final() || k >= j.chunks():
		t.Ack(settle)
		return
	case k < len(j.Parts) && j.Parts[k].Done:
		// run before, its task not settled: join, if that was left to do
		m.finish(ctx, t, id)
		return
	}
	log := m.o.Logger.With("job", id, "chunk", k)
	// a try of the chunk, counted in its record: a worker that dies in it
	// leaves it counted; one that stops gives it back, uncounted
	tries, started := 0, false
	j, err = m.update(ctx, id, func(j *Job) bool {
		p := j.part(k)
		if j.State.Final() || p.Done {
			return false
		}
		p.Tries++
		tries = p.Tries
		if started = j.State == Queued; started {
			j.State, j.Started = Processing, time.Now().UTC()
		}
		return true
	})
	switch {
	case errors.Is(err, ErrNotFound):
		t.Ack(settle)
		return
	case err != nil:
		log.Error("count a try of a chunk", "err", err)
		t.Nack(settle, m.retry(1))
		return
	case j.State.Final():
		t.Ack(settle)
		return
	case j.part(k).Done:
		m.finish(ctx, t, id)
		return
	case tries > m.o.MaxDeliver:
		m.failTask(settle, t, id, fmt.Sprintf("%s was taken %d times and never finished: its worker stopped each time", j.chunkName(k), tries-1))
		return
	}
	if started {
		log.Info("job started", "file", j.Filename, "rows", j.Rows, "chunks", j.chunks())
	}
	if tries > 1 {
		log.Info("chunk taken again", "tries", tries) // its worker died or failed
	}
	began := time.Now()
	jctx, stop := context.WithCancel(ctx)
	defer m.track(t.ID(), stop)()
	sum, err := m.watch(jctx, t, id, stop, false, func() (batch.Summary, error) { return m.runChunk(jctx, j, k) })
	switch {
	case ctx.Err() != nil:
		// this process stops: the chunk is given back at once, and the
		// try does not count
		m.update(settle, id, func(j *Job) bool {
			p := j.part(k)
			if j.State.Final() || p.Done || p.Tries == 0 {
				return false
			}
			p.Tries--
			return true
		})
		t.Nack(settle, 0)
		log.Info("chunk given back", "err", ctx.Err())
		return
	case jctx.Err() != nil:
		// cancelled or deleted: a part committed meanwhile is not needed
		m.o.Bucket.Delete(settle, PartKey(id, k))
		t.Ack(settle)
		log.Info("chunk stopped: the job was cancelled")
		return
	case err != nil && tries >= m.o.MaxDeliver:
		log.Error("chunk failed", "err", err, "tries", tries)
		m.failTask(settle, t, id, fmt.Sprintf("%s failed %d times: %s", j.chunkName(k), tries, reasonOf(err)))
		return
	case err != nil:
		log.Warn("chunk failed; it will be tried again", "err", err, "tries", tries)
		t.Nack(settle, m.retry(tries))
		return
	}
	stale := false // the job finished meanwhile: the part is not needed
	_, err = m.update(settle, id, func(j *Job) bool {
		stale = j.State.Final()
		p := j.part(k)
		if j.State.Final() || p.Done {
			return false
		}
		p.Done, p.Summary = true, sum
		j.Processed, j.Summary = 0, j.Layout.Summary()
		for _, p := range j.Parts {
			if p.Done {
				j.Processed += p.Summary.Rows
				j.Summary.Add(p.Summary)
			}
		}
		return true
	})
	switch {
	case errors.Is(err, ErrNotFound) || stale:
		// cancelled or deleted while the part was written
		m.o.Bucket.Delete(settle, PartKey(id, k))
		t.Ack(settle)
	case err != nil:
		log.Error("record a chunk done", "err", err)
		t.Nack(settle, m.retry(1))
	default:
		log.Info("chunk done", "rows", sum.Rows, "ms", time.Since(began).Milliseconds())
		m.finish(ctx, t, id)
	}
}

// finish settles the task of a job's chunk whose part is written: when
// every part is, the first node to claim the join (by a revision-checked
// update) joins them into the output, holding the claim by its lease, and
// marks the job COMPLETED. A task that finds the join claimed by a live
// lease is given back until the lease ends, in case the joiner dies.
func (m *Manager) finish(ctx context.Context, t Task, id string) {
	settle := context.WithoutCancel(ctx)
	now := time.Now().UTC()
	var heldUntil time.Time
	j, err := m.update(settle, id, func(j *Job) bool {
		if j.State.Final() || !j.allDone() {
			return false
		}
		if j.Worker != "" && j.Lease.After(now) {
			heldUntil = j.Lease // another joins them
			return false
		}
		j.Worker, j.Lease = m.o.Node, now.Add(m.o.Lease)
		j.JoinTries++
		return true
	})
	switch {
	case errors.Is(err, ErrNotFound):
		t.Ack(settle)
		return
	case err != nil:
		m.o.Logger.Error("claim the join", "job", id, "err", err)
		t.Nack(settle, m.retry(1))
		return
	case !heldUntil.IsZero():
		t.Nack(settle, time.Until(heldUntil)+time.Second)
		return
	case j.State.Final() || !j.allDone():
		t.Ack(settle) // other parts to come, or finished
		return
	}
	log := m.o.Logger.With("job", id)
	jctx, stop := context.WithCancel(ctx)
	defer m.track(t.ID(), stop)()
	sum, err := m.watch(jctx, t, id, stop, true, func() (batch.Summary, error) { return j.Summary, m.join(jctx, j) })
	// release gives the claim back; uncounted, when this process stops
	release := func(uncount bool) {
		m.update(settle, id, func(j *Job) bool {
			if j.Worker != m.o.Node {
				return false
			}
			j.Worker, j.Lease = "", time.Time{}
			if uncount && j.JoinTries > 0 {
				j.JoinTries--
			}
			return true
		})
	}
	switch {
	case ctx.Err() != nil:
		release(true)
		t.Nack(settle, 0)
		return
	case jctx.Err() != nil:
		t.Ack(settle) // cancelled, or the claim was lost
		return
	case err != nil && j.JoinTries >= m.o.MaxDeliver:
		log.Error("join failed", "err", err)
		m.failTask(settle, t, id, fmt.Sprintf("joining the parts failed %d times: %s", j.JoinTries, reasonOf(err)))
		return
	case err != nil:
		log.Warn("join failed; it will be tried again", "err", err, "tries", j.JoinTries)
		release(false)
		t.Nack(settle, m.retry(j.JoinTries))
		return
	}
	j, err = m.update(settle, id, func(j *Job) bool {
		if j.State != Processing || j.Worker != m.o.Node {
			return false
		}
		j.State, j.Finished = Completed, time.Now().UTC()
		j.Rows, j.Processed, j.Summary = sum.Rows, sum.Rows, sum
		j.Summary.Validated = sum.ValidatedPercent()
		j.Worker, j.Lease = "", time.Time{}
		return true
	})
	if errors.Is(err, ErrNotFound) {
		// deleted while joined: what was written is not needed
		m.o.Bucket.Delete(settle, j.OutputKey)
		m.removeParts(settle, id)
		t.Ack(settle)
		return
	}
	if err != nil {
		log.Error("record the job completed", "err", err)
		t.Nack(settle, m.retry(1))
		return
	}
	t.Ack(settle)
	if j.State == Completed {
		m.removeParts(settle, id)
		log.Info("job completed", "rows", j.Rows)
	}
}

// removeParts removes a joined job's parts, and whatever else lies beside
// them: the temporary file of a part whose worker was killed while
// writing it, which a retry of the chunk left behind.
func (m *Manager) removeParts(ctx context.Context, id string) {
	if err := m.deleteUnder(ctx, "processed/"+id+"/parts/"); err != nil {
		m.o.Logger.Warn("remove a job's parts; retention removes the rest", "job", id, "err", err)
	}
}

// reasonOf says in a job's reason what went wrong, in words for the
// client: never a server path or a driver's error, which the log keeps
// (with the job id).
func reasonOf(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "the server's storage is full"
	case gcerrors.Code(err) == gcerrors.NotFound:
		return "a file of the job is no longer stored"
	}
	var fe *fault.Error
	if errors.As(err, &fe) {
		return strings.TrimSuffix(fe.Message, ".")
	}
	return "the server failed (the failure is logged with the job id)"
}

// fail marks a job FAILED, for reason.
func (m *Manager) fail(ctx context.Context, id, reason string) error {
	m.o.Logger.Error("job failed", "job", id, "reason", reason)
	_, err := m.update(ctx, id, func(j *Job) bool {
		if j.State.Final() {
			return false
		}
		j.State, j.Reason, j.Finished = Failed, reason, time.Now().UTC()
		j.Worker, j.Lease = "", time.Time{}
		return true
	})
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// failTask fails a task's job and settles the task: acknowledged once the
// job is recorded FAILED, given back (to fail it then) when that could
// not be recorded.
func (m *Manager) failTask(ctx context.Context, t Task, id, reason string) {
	if err := m.fail(ctx, id, reason); err != nil {
		m.o.Logger.Error("record a job failed", "job", id, "err", err)
		t.Nack(ctx, m.retry(1))
		return
	}
	t.Ack(ctx)
}

// track notes a task running in this process, for Cancel and Delete; the
// function it returns forgets it.
func (m *Manager) track(task string, stop context.CancelFunc) func() {
	r := &runningJob{stop: stop, done: make(chan struct{})}
	m.mu.Lock()
	m.running[task] = r
	m.mu.Unlock()
	return func() {
		m.mu.Lock()
		if m.running[task] == r {
			delete(m.running, task)
		}
		m.mu.Unlock()
		close(r.done)
	}
}

// watch runs work while, every ProgressEvery, it looks at the job's record
// and stops work (with stop) when the job is finished (cancelled) or gone;
// every Lease/3 it keeps the task in progress and, with renew, renews this
// node's claim of the join, stopping work when the claim was lost.
func (m *Manager) watch(ctx context.Context, t Task, id string, stop context.CancelFunc, renew bool, work func() (batch.Summary, error)) (batch.Summary, error) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		every := min(m.o.ProgressEvery, m.o.Lease/3)
		tick := time.NewTicker(every)
		defer tick.Stop()
		last := time.Now()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			var j Job
			var err error
			if beat := time.Since(last) >= m.o.Lease/3; beat {
				last = time.Now()
				t.InProgress(context.WithoutCancel(ctx))
				if renew {
					j, err = m.update(ctx, id, func(j *Job) bool {
						if j.Worker != m.o.Node {
							return false
						}
						j.Lease = time.Now().UTC().Add(m.o.Lease)
						return true
					})
					if err == nil && j.Worker != m.o.Node {
						stop() // the claim ran out and another took it
					}
				}
			}
			if j.ID == "" && err == nil {
				j, _, err = m.o.Store.Get(ctx, id)
			}
			if errors.Is(err, ErrNotFound) || err == nil && j.State.Final() {
				stop()
			}
		}
	})
	sum, err := work()
	close(done)
	wg.Wait()
	return sum, err
}

// runChunk runs chunk k of a job through Batch into its part; the part is
// committed only when whole.
func (m *Manager) runChunk(ctx context.Context, j Job, k int) (batch.Summary, error) {
	opts := batch.Options{Gazetteer: m.o.Gazetteer, Region: j.Region, Filename: j.Filename, Logger: m.o.Logger}
	start, length := int64(0), int64(-1)
	if j.Layout.Chunks() > 0 {
		var end int64
		start, end = j.Layout.Chunk(k)
		length = end - start
		opts = j.Layout.Options(opts, k, j.ChunkRows)
	}
	r, err := m.o.Bucket.NewRangeReader(ctx, j.InputKey, start, length, nil)
	if err != nil {
		return batch.Summary{}, fmt.Errorf("read the input: %w", err)
	}
	defer r.Close()
	written := 0
	opts.Progress = func(rows int, _ batch.Summary) {
		m.rows.Add(int64(rows - written))
		written = rows
	}
	return m.write(ctx, PartKey(j.ID, k), "text/csv; charset=utf-8", "", func(w io.Writer) (batch.Summary, error) {
		return batch.Batch(ctx, r, w, opts)
	})
}

// join streams a job's parts, in order, into its output.
func (m *Manager) join(ctx context.Context, j Job) error {
	_, err := m.write(ctx, j.OutputKey, "text/csv; charset=utf-8", ContentDisposition(j.OutputName()), func(w io.Writer) (batch.Summary, error) {
		for k := range j.chunks() {
			r, err := m.o.Bucket.NewReader(ctx, PartKey(j.ID, k), nil)
			if err != nil {
				return batch.Summary{}, fmt.Errorf("read part %d: %w", k+1, err)
			}
			_, err = io.Copy(w, r)
			r.Close()
			if err != nil {
				return batch.Summary{}, fmt.Errorf("join part %d: %w", k+1, err)
			}
		}
		return batch.Summary{}, nil
	})
	return err
}

// newWriter opens a writer of key, again when a file:// bucket's
// directory for it was pruned by another node's sweep between being made
// and being written into (NotFound; nothing was written yet).
func (m *Manager) newWriter(ctx context.Context, key string, opts *blob.WriterOptions) (*blob.Writer, error) {
	for try := 0; ; try++ {
		w, err := m.o.Bucket.NewWriter(ctx, key, opts)
		if err == nil || try == 2 || gcerrors.Code(err) != gcerrors.NotFound {
			return w, err
		}
	}
}

// write writes a blob with fill, committing it only when fill succeeds.
func (m *Manager) write(ctx context.Context, key, contentType, disposition string, fill func(io.Writer) (batch.Summary, error)) (batch.Summary, error) {
	wctx, abort := context.WithCancel(ctx)
	defer abort()
	w, err := m.newWriter(wctx, key, &blob.WriterOptions{ContentType: contentType, ContentDisposition: disposition})
	if err != nil {
		return batch.Summary{}, fmt.Errorf("write %s: %w", key, err)
	}
	sum, err := fill(w)
	if err != nil {
		abort() // the writer is not committed
		w.Close()
		return sum, err
	}
	if err := w.Close(); err != nil {
		return sum, fmt.Errorf("write %s: %w", key, err)
	}
	return sum, nil
}
