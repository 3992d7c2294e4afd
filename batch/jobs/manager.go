package jobs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/url"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// MaxJobRows is the most data rows a job may have.
const MaxJobRows = 500_000

// ManagerOptions configure a Manager.
type ManagerOptions struct {
	Gazetteer address.Gazetteer // required
	Store     Store             // required: the job records
	Queue     Queue             // required: the work queue
	Bucket    *blob.Bucket      // required: inputs and outputs
	// Jobs is the number of jobs processed at once (1 when 0); each uses
	// all cores.
	Jobs int
	// MaxRows fails jobs with more data rows; MaxJobRows when 0.
	MaxRows int
	// ProgressEvery is how often a running job's record is updated; 1s
	// when 0.
	ProgressEvery time.Duration
	Logger        *slog.Logger // nil: slog.Default()
	// Signer signs the download links of outputs the service serves
	// itself (file:// buckets); nil uses the bucket's own signed URLs.
	Signer *Signer
	// LinkTTL is how long a download link is good; 24 h when 0.
	LinkTTL time.Duration
	// Retention is how long a finished job's input, output and record are
	// kept; 7 days when 0.
	Retention time.Duration
	// Node names this process in the records of the jobs it runs; the
	// host name and process id when empty.
	Node string
	// Lease is how long a job stays claimed by its worker after the
	// worker last said it was alive (every Lease/3, with the task's
	// InProgress); 30 s when 0. Another worker takes the job up only
	// when its lease has run out.
	Lease time.Duration
}

// Manager runs batch jobs: Submit stores the input in the bucket, then the
// job record, then queues it, so an accepted job is never lost; Run takes
// jobs from the queue and processes them. Several Managers may share a
// Store, Queue and bucket: a worker claims a job by a revision-checked
// update of its record and renews its lease while it runs, so no two run
// one job at once, and a job whose worker died is taken up by another once
// its task is delivered again and its lease has run out. Run also queues
// again, on start, the jobs left unfinished.
type Manager struct {
	o ManagerOptions

	mu      sync.Mutex // guards running
	running map[string]*runningJob
	claims  sync.Map     // idempotency keys being submitted
	rows    atomic.Int64 // data rows written by this process's jobs
}

// runningJob is a job being processed by this process.
type runningJob struct {
	stop context.CancelFunc
	done chan struct{} // closed when its worker is done with it
}

// NewManager returns a Manager.
func NewManager(o ManagerOptions) (*Manager, error) {
	if o.Gazetteer == nil || o.Store == nil || o.Queue == nil || o.Bucket == nil {
		return nil, errors.New("batch: a Manager needs a gazetteer, a job store, a queue and a bucket")
	}
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	if o.MaxRows <= 0 {
		o.MaxRows = MaxJobRows
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.LinkTTL <= 0 {
		o.LinkTTL = 24 * time.Hour
	}
	if o.Retention <= 0 {
		o.Retention = 7 * 24 * time.Hour
	}
	if o.Lease <= 0 {
		o.Lease = 30 * time.Second
	}
	if o.Node == "" {
		host, _ := os.Hostname()
		o.Node = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	return &Manager{o: o, running: map[string]*runningJob{}}, nil
}

// SubmitRequest describes a job.
type SubmitRequest struct {
	Owner            string
	Filename         string
	Region           string
	EnhancedMatching bool
	ValidationScope  string
	// IdempotencyKey, when set, makes a retry safe: while the job is kept,
	// a Submit of the same owner with the same key and Digest returns
	// that job (with ErrReplayed) instead of making another.
	IdempotencyKey string
	// Digest identifies the request (a hash of it); it is compared when
	// the IdempotencyKey has been used before.
	Digest string
}

// Errors of Submit.
var (
	// ErrInvalid is wrapped by the errors for requests it refuses.
	ErrInvalid = errors.New("jobs: invalid request")
	// ErrReplayed comes with the job an earlier Submit with the same
	// idempotency key and digest made: nothing new was submitted.
	ErrReplayed = errors.New("jobs: the idempotency key was used before for the same request")
	// ErrKeyReused is returned when the idempotency key was used before
	// for a request with another digest.
	ErrKeyReused = errors.New("jobs: the idempotency key was used before for another request")
	// ErrKeyInFlight is returned while another Submit with the same
	// idempotency key is running.
	ErrKeyInFlight = errors.New("jobs: a request with the same idempotency key is in progress")
)

// Submit stores the input and queues the job; the job is QUEUED. With an
// IdempotencyKey already used, it returns the job made then and
// ErrReplayed, or ErrKeyReused, or ErrKeyInFlight.
func (m *Manager) Submit(ctx context.Context, req SubmitRequest, input io.Reader) (Job, error) {
	if req.IdempotencyKey != "" {
		claim := req.Owner + "\x00" + req.IdempotencyKey
		if _, busy := m.claims.LoadOrStore(claim, true); busy {
			return Job{}, ErrKeyInFlight
		}
		defer m.claims.Delete(claim)
		prev, err := m.o.Store.Recall(ctx, req.Owner, req.IdempotencyKey)
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return Job{}, err
		case prev.Digest != req.Digest:
			return Job{}, ErrKeyReused
		default:
			j, _, err := m.o.Store.Get(ctx, prev.JobID)
			if err == nil {
				return j, ErrReplayed
			}
			if !errors.Is(err, ErrNotFound) {
				return Job{}, err
			}
			// the job expired: the key is free again
		}
	}
	if err := ValidateFilename(req.Filename); err != nil {
		return Job{}, err
	}
	if req.Region == "" {
		return Job{}, fmt.Errorf("%w: region is required", ErrInvalid)
	}
	if _, ok := address.LookupCountry(req.Region); !ok {
		return Job{}, fmt.Errorf("%w: unknown region %q", ErrInvalid, req.Region)
	}
	now := time.Now().UTC()
	j := Job{
		ID: NewJobID(), Owner: req.Owner, Filename: req.Filename, Region: req.Region,
		EnhancedMatching: req.EnhancedMatching, ValidationScope: req.ValidationScope,
		State: Queued, Created: now, Updated: now,
	}
	// keyed by the job id alone: the client's name is kept for the link
	// and Content-Disposition, never in a key the backend may refuse
	j.InputKey, j.OutputKey = "uploads/"+j.ID+"/input", OutputKey(j.ID)
	// 1. the input, counting its lines and whether it has records
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := m.o.Bucket.NewWriter(wctx, j.InputKey, nil)
	if err != nil {
		return Job{}, fmt.Errorf("jobs: store the input: %w", err)
	}
	sc := &inputScan{w: w}
	if _, err := io.Copy(sc, input); err != nil {
		cancel()
		w.Close()
		return Job{}, fmt.Errorf("jobs: store the input: %w", err)
	}
	if err := w.Close(); err != nil {
		return Job{}, fmt.Errorf("jobs: store the input: %w", err)
	}
	j.Rows = sc.rows(batch.Detect(sc.head, req.Filename))
	switch {
	case j.Rows == 0:
		m.o.Bucket.Delete(ctx, j.InputKey)
		return Job{}, ErrNoRecords
	case j.Rows > m.o.MaxRows:
		m.o.Bucket.Delete(ctx, j.InputKey)
		return Job{}, fmt.Errorf("%w: %d rows, more than %d", batch.ErrTooManyRows, j.Rows, m.o.MaxRows)
	}
	// 2. the record, 3. the queue
	if _, err := m.o.Store.Create(ctx, j); err != nil {
		return Job{}, fmt.Errorf("jobs: store the job: %w", err)
	}
	if req.IdempotencyKey != "" {
		rec := Idempotency{JobID: j.ID, Digest: req.Digest}
		if err := m.o.Store.Remember(ctx, req.Owner, req.IdempotencyKey, rec, m.o.Retention); err != nil {
			m.o.Store.Delete(ctx, j.ID)
			m.o.Bucket.Delete(ctx, j.InputKey)
			return Job{}, fmt.Errorf("jobs: store the idempotency key: %w", err)
		}
	}
	if err := m.o.Queue.Send(ctx, j.ID); err != nil {
		// stored: Run queues it again on start
		m.o.Logger.Error("queue a job", "job", j.ID, "err", err)
	}
	return j, nil
}

// inputScan passes an input through, keeping its head for format
// detection, counting its lines and noting where address text is: a letter
// or digit on the first line, or after it.
type inputScan struct {
	w             io.Writer
	head          []byte
	lines         int  // line ends
	eol           byte // the line end of the first write (batch.LineEnd)
	last          byte // the last byte seen
	first, others bool // text on the first line, on the others
}

func (c *inputScan) Write(p []byte) (int, error) {
	if c.head == nil && len(p) > 0 {
		c.eol = batch.LineEnd(p)
	}
	if n := min(len(p), batch.SniffBytes-len(c.head)); n > 0 {
		c.head = append(c.head, p[:n]...)
	}
	eol := c.eol
	rest := p
	for i := 0; i < len(rest) && !c.others; i++ {
		switch b := rest[i]; {
		case b == eol:
			c.lines++
		case b >= 0x80 || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z':
			c.first = c.first || c.lines == 0
			c.others = c.lines > 0
		}
		if c.others {
			rest = rest[i:]
		}
	}
	if c.others {
		c.lines += bytes.Count(rest, []byte{eol})
	}
	if len(p) > 0 {
		c.last = p[len(p)-1]
	}
	return c.w.Write(p)
}

// rows estimates the data rows of an input of a format: its lines (the
// header left out), or 0 when no line that would be a record has text.
func (c *inputScan) rows(f batch.Format) int {
	lines := c.lines
	if c.last != '\n' && c.last != '\r' && c.last != 0 {
		lines++ // a last line without its end
	}
	if f == batch.Text {
		if !c.first && !c.others {
			return 0
		}
		return lines
	}
	if !c.others {
		return 0
	}
	return lines - 1
}

// MaxFilenameBytes bounds a job's file name.
const MaxFilenameBytes = 255

// ErrNoRecords is returned by Submit for an input without a record that
// holds address text (empty, a header alone, delimiters alone).
var ErrNoRecords = errors.New("jobs: the file has no records with address text")

// ErrInvalidFilename wraps the reasons Submit refuses a file name.
var ErrInvalidFilename = fmt.Errorf("%w: filename", ErrInvalid)

// ValidateFilename checks a job's file name: a base name (no path
// separators) of at most MaxFilenameBytes bytes of valid UTF-8, without
// control or format characters (bidi overrides), and not "." or "..".
func ValidateFilename(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%w is required: the name of the file, with its extension", ErrInvalidFilename)
	case len(name) > MaxFilenameBytes:
		return fmt.Errorf("%w is %d bytes long; at most %d are allowed", ErrInvalidFilename, len(name), MaxFilenameBytes)
	case !utf8.ValidString(name):
		return fmt.Errorf("%w is not valid UTF-8", ErrInvalidFilename)
	case strings.ContainsAny(name, "/\\"):
		return fmt.Errorf("%w must be a name without a path: it has a / or \\", ErrInvalidFilename)
	case name == "." || name == "..":
		return fmt.Errorf("%w %q is not a file name", ErrInvalidFilename, name)
	}
	for _, r := range name {
		// Cf: format characters, bidi overrides among them, which can
		// make a name display as another
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("%w has a control or format character (%U)", ErrInvalidFilename, r)
		}
	}
	return nil
}

// OutputKey is the key of a job's output in the bucket.
func OutputKey(jobID string) string { return "processed/" + jobID + "/validated.csv" }

// OutputName is the name a job's output is downloaded as:
// "<name>_validated.csv" for an input named "<name>.<ext>".
func (j Job) OutputName() string {
	return strings.TrimSuffix(j.Filename, path.Ext(j.Filename)) + "_validated.csv"
}

// Job returns a job of an owner; ErrNotFound for another owner's.
func (m *Manager) Job(ctx context.Context, owner, id string) (Job, error) {
	j, _, err := m.o.Store.Get(ctx, id)
	if err != nil {
		return Job{}, err
	}
	if j.Owner != owner {
		return Job{}, ErrNotFound
	}
	return j, nil
}

// Cancel cancels a job of an owner that is not finished: a queued job is
// never run, a running one stops. Cancelling a finished job changes
// nothing.
func (m *Manager) Cancel(ctx context.Context, owner, id string) (Job, error) {
	if _, err := m.Job(ctx, owner, id); err != nil {
		return Job{}, err
	}
	j, err := m.update(ctx, id, func(j *Job) bool {
		if j.State.Final() {
			return false
		}
		j.State, j.Finished = Cancelled, time.Now().UTC()
		return true
	})
	m.mu.Lock()
	if r := m.running[id]; r != nil {
		r.stop()
	}
	m.mu.Unlock()
	return j, err
}

// Delete deletes a job of an owner with its input and output: a job not
// finished is cancelled first, and Delete waits for its worker to let it
// go.
func (m *Manager) Delete(ctx context.Context, owner, id string) error {
	if _, err := m.Cancel(ctx, owner, id); err != nil {
		return err
	}
	m.mu.Lock()
	r := m.running[id]
	m.mu.Unlock()
	if r != nil {
		select {
		case <-r.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	j, _, err := m.o.Store.Get(ctx, id)
	if err != nil {
		return err
	}
	return m.remove(ctx, j)
}

// remove deletes the input, output and record of a finished job.
func (m *Manager) remove(ctx context.Context, j Job) error {
	for _, key := range []string{j.InputKey, j.OutputKey} {
		if err := m.o.Bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return err
		}
	}
	// an update in flight meets ErrNotFound: it does not write the record
	// back
	return m.o.Store.Delete(ctx, j.ID)
}

// Counts returns the number of jobs kept in each state.
func (m *Manager) Counts(ctx context.Context) (map[State]int, error) {
	all, err := m.o.Store.List(ctx)
	n := map[State]int{}
	for _, j := range all {
		n[j.State]++
	}
	return n, err
}

// jobsWhere returns the records keep accepts, oldest first.
func (m *Manager) jobsWhere(ctx context.Context, keep func(*Job) bool) ([]Job, error) {
	all, err := m.o.Store.List(ctx)
	if err != nil {
		return nil, err
	}
	out := slices.DeleteFunc(all, func(j Job) bool { return !keep(&j) })
	slices.SortStableFunc(out, func(a, b Job) int { return a.Created.Compare(b.Created) })
	return out, nil
}

// RowsWritten returns the data rows the jobs of this process have written
// since it started.
func (m *Manager) RowsWritten() int64 { return m.rows.Load() }

// update changes a job record under the lock; change reports whether it
// changed anything (else the record is not written again).
func (m *Manager) update(ctx context.Context, id string, change func(*Job) bool) (Job, error) {
	for {
		j, rev, err := m.o.Store.Get(ctx, id)
		if err != nil || !change(&j) {
			return j, err
		}
		j.Updated = time.Now().UTC()
		if _, err = m.o.Store.Update(ctx, j, rev); !errors.Is(err, ErrConflict) {
			return j, err
		}
		// changed meanwhile (by another node, or this one): read it again
	}
}

// Run queues the unfinished jobs again, then processes jobs from the queue
// until ctx ends, and every hour deletes the jobs past their retention. A job running when ctx ends is left PROCESSING, its
// output not written, for the next Run.
func (m *Manager) Run(ctx context.Context) error {
	unfinished, err := m.jobsWhere(ctx, func(j *Job) bool { return !j.State.Final() })
	if err != nil {
		return err
	}
	for _, j := range unfinished {
		m.o.Logger.Info("job taken up again", "job", j.ID, "state", j.State)
		if err := m.o.Queue.Send(ctx, j.ID); err != nil {
			return err
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Hour)
		defer tick.Stop()
		for {
			if n, err := m.Expire(ctx, time.Now()); err != nil && ctx.Err() == nil {
				m.o.Logger.Error("expire old jobs", "err", err)
			} else if n > 0 {
				m.o.Logger.Info("expired old jobs", "jobs", n)
			}
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range m.o.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				t, err := m.o.Queue.Receive(ctx)
				if err != nil {
					return // ctx ended, or the queue is closed
				}
				m.process(ctx, t)
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// process runs the job of a task, and settles the task: acknowledged when
// the job is finished, given back when this process stops first, or, when
// another worker holds the job, given back until its lease runs out.
func (m *Manager) process(ctx context.Context, t Task) {
	id := t.ID()
	// settled with a context of their own: ctx may have ended
	settle := context.WithoutCancel(ctx)
	jctx, stop := context.WithCancel(ctx)
	defer stop()
	r := &runningJob{stop: stop, done: make(chan struct{})}
	m.mu.Lock()
	if m.running[id] != nil {
		m.mu.Unlock()
		t.Ack(settle) // queued twice, and running here already
		return
	}
	m.running[id] = r
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		delete(m.running, id)
		m.mu.Unlock()
		close(r.done)
	}()
	now := time.Now().UTC()
	var heldUntil time.Time
	j, err := m.update(ctx, id, func(j *Job) bool {
		if j.State.Final() {
			return false
		}
		if j.State == Processing && j.Worker != m.o.Node && j.Lease.After(now) {
			heldUntil = j.Lease // another worker runs it
			return false
		}
		j.State, j.Processed = Processing, 0
		j.Worker, j.Lease = m.o.Node, now.Add(m.o.Lease)
		if j.Started.IsZero() {
			j.Started = now
		}
		return true
	})
	switch {
	case errors.Is(err, ErrNotFound):
		t.Ack(settle) // deleted
		return
	case err != nil:
		m.o.Logger.Error("claim a job", "job", id, "err", err)
		t.Nack(settle, m.o.Lease)
		return
	case !heldUntil.IsZero():
		t.Nack(settle, time.Until(heldUntil)+time.Second)
		return
	case j.State != Processing:
		t.Ack(settle) // finished: cancelled while queued, or queued twice
		return
	}
	log := m.o.Logger.With("job", id)
	log.Info("job started", "file", j.Filename)

	// the heartbeat: the task stays in progress and the lease renewed; a
	// job cancelled (on any node) or claimed by another is stopped
	beat := make(chan struct{})
	defer close(beat)
	go func() {
		tick := time.NewTicker(m.o.Lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-beat:
				return
			case <-tick.C:
			}
			t.InProgress(settle)
			j, err := m.update(jctx, id, func(j *Job) bool {
				if j.State != Processing || j.Worker != m.o.Node {
					return false
				}
				j.Lease = time.Now().UTC().Add(m.o.Lease)
				return true
			})
			if errors.Is(err, ErrNotFound) || err == nil && (j.State != Processing || j.Worker != m.o.Node) {
				stop()
			}
		}
	}()

	sum, err := m.run(jctx, j)
	switch {
	case ctx.Err() != nil:
		// this process stops: the job is given back at once
		m.update(settle, id, func(j *Job) bool {
			if j.State != Processing || j.Worker != m.o.Node {
				return false
			}
			j.Worker, j.Lease = "", time.Time{}
			return true
		})
		t.Nack(settle, 0)
		log.Info("job left for the next run", "err", ctx.Err())
		return
	case err != nil && jctx.Err() != nil:
		t.Ack(settle)
		log.Info("job cancelled")
		return // Cancel recorded it
	case err != nil:
		log.Error("job failed", "err", err)
		m.update(settle, id, func(j *Job) bool {
			if j.State.Final() {
				return false
			}
			j.State, j.Reason, j.Finished = Failed, err.Error(), time.Now().UTC()
			return true
		})
		t.Ack(settle)
		return
	}
	m.update(settle, id, func(j *Job) bool {
		if j.State != Processing || j.Worker != m.o.Node {
			return false
		}
		j.State, j.Finished = Completed, time.Now().UTC()
		j.Rows, j.Processed, j.Summary = sum.Rows, sum.Rows, sum
		j.Worker, j.Lease = "", time.Time{}
		return true
	})
	t.Ack(settle)
	log.Info("job completed", "rows", sum.Rows)
}

// DownloadURL returns a link to a completed job's output, good for
// LinkTTL: with a Signer, base (the service's address) + "/" + the output
// key + the signed query; without, the bucket's own signed URL.
func (m *Manager) DownloadURL(ctx context.Context, j Job, base string) (string, error) {
	if j.State != Completed {
		return "", fmt.Errorf("jobs: job %s is %s, not COMPLETED", j.ID, j.State)
	}
	if m.o.Signer != nil {
		// signed as the server sees it (decoded), sent escaped; the last
		// segment is the name to download as, covered by the signature
		p := "/processed/" + j.ID + "/" + j.OutputName()
		return strings.TrimSuffix(base, "/") + (&url.URL{Path: p}).EscapedPath() + "?" + m.o.Signer.Sign(p, m.o.LinkTTL), nil
	}
	return m.o.Bucket.SignedURL(ctx, j.OutputKey, &blob.SignedURLOptions{Expiry: m.o.LinkTTL})
}

// ContentDisposition is the Content-Disposition of a download named name:
// an attachment, the name quoted or encoded as RFC 6266 asks.
func ContentDisposition(name string) string {
	if v := mime.FormatMediaType("attachment", map[string]string{"filename": name}); v != "" {
		return v
	}
	return "attachment"
}

// Expire deletes the inputs, outputs and records of the jobs that finished
// more than Retention before now, and returns how many.
func (m *Manager) Expire(ctx context.Context, now time.Time) (int, error) {
	before := now.Add(-m.o.Retention)
	old, err := m.jobsWhere(ctx, func(j *Job) bool { return j.State.Final() && j.Finished.Before(before) })
	if err != nil {
		return 0, err
	}
	for _, j := range old {
		if err := m.remove(ctx, j); err != nil {
			return 0, err
		}
	}
	return len(old), nil
}

// run streams the input through Batch into the output; the output is
// committed only when whole.
func (m *Manager) run(ctx context.Context, j Job) (batch.Summary, error) {
	r, err := m.o.Bucket.NewReader(ctx, j.InputKey, nil)
	if err != nil {
		return batch.Summary{}, fmt.Errorf("read the input: %w", err)
	}
	defer r.Close()
	wctx, abort := context.WithCancel(ctx)
	defer abort()
	w, err := m.o.Bucket.NewWriter(wctx, j.OutputKey, &blob.WriterOptions{
		ContentType: "text/csv; charset=utf-8", ContentDisposition: ContentDisposition(j.OutputName()),
	})
	if err != nil {
		return batch.Summary{}, fmt.Errorf("write the output: %w", err)
	}
	last, written := time.Now(), 0
	sum, err := batch.Batch(ctx, r, w, batch.Options{
		Gazetteer: m.o.Gazetteer, Region: j.Region, Filename: j.Filename, MaxRows: m.o.MaxRows,
		Progress: func(rows int, counts batch.Summary) {
			m.rows.Add(int64(rows - written))
			written = rows
			if time.Since(last) < m.o.ProgressEvery {
				return
			}
			last = time.Now()
			m.update(ctx, j.ID, func(j *Job) bool {
				if j.State != Processing || j.Worker != m.o.Node {
					return false
				}
				j.Processed, j.Summary = rows, counts
				j.Summary.Validated = counts.ValidatedPercent()
				j.Rows = max(j.Rows, rows)
				return true
			})
		},
	})
	if err != nil {
		abort() // the writer is not committed
		w.Close()
		return sum, err
	}
	if err := w.Close(); err != nil {
		return sum, fmt.Errorf("write the output: %w", err)
	}
	return sum, nil
}
