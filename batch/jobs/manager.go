package jobs

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/fault"
	"github.com/addrkit/addrkit/internal/panics"
	"gocloud.dev/blob"
)

// MaxJobRows is the most data rows a job may have.
const MaxJobRows = 500_000

// ManagerOptions configure a Manager.
type ManagerOptions struct {
	Gazetteer address.Gazetteer // required
	Store     Store             // required: the job records
	Queue     Queue             // required: the work queue
	Bucket    *blob.Bucket      // required: inputs and outputs
	// Parallel is the number of chunks this process runs at once (1 when
	// 0); each uses all cores.
	Parallel int
	// ChunkRows is the number of rows in a chunk of a job (see Submit);
	// DefaultChunkRows when 0.
	ChunkRows int
	// MaxDeliver is how many times a chunk is tried: a chunk that fails
	// (or whose worker stops) that often fails its job, with the reason.
	// DefaultMaxDeliver when 0.
	MaxDeliver int
	// MaxRows refuses inputs with more data rows; MaxJobRows when 0.
	MaxRows int
	// ProgressEvery is how often a running chunk looks whether its job
	// was cancelled; 1s when 0.
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
	// Node names this process in the records of the jobs whose parts it
	// joins; the host name and process id when empty.
	Node string
	// Lease is how long the join of a job's parts stays claimed by its
	// node after the node last said it was alive (every Lease/3); 30 s
	// when 0. A running chunk keeps its task in progress as often. The
	// queue's ack wait should be Lease or more.
	Lease time.Duration
	// Callbacks delivers the callbacks of jobs submitted with a
	// CallbackURL (a *callback.Sender); without, such jobs are refused.
	Callbacks Callbacks
	// BaseURL is the service's public address, for the download links
	// of callbacks (the links of a Signer are relative without it).
	BaseURL string
	// Dir, for a file:// bucket, is its directory: the directories its
	// jobs' files leave empty are removed too (fileblob keeps them).
	Dir string
}

// Callbacks checks the callback URL of a job when it is submitted, and
// delivers its Status to it when the job is finished: package callback's
// Sender.
type Callbacks interface {
	// Check returns a fault (invalid_field) for a URL it will not call.
	Check(url string) error
	// Deliver sends body to url in the background; delivery is the same
	// for every attempt of one state change.
	Deliver(url, delivery string, body []byte)
}

// Defaults of ManagerOptions.
const (
	DefaultChunkRows  = 10_000
	DefaultMaxDeliver = 5
)

// Manager runs batch jobs: Submit stores the input in the bucket, then the
// job record, then queues a task for each chunk of the input, so an
// accepted job is never lost; Run takes chunks from the queue and runs
// them. Several Managers may share a Store, Queue and bucket (API nodes and
// workers of a cluster): each chunk writes its own part of the output, and
// the job's record, updated only by revision-checked writes, counts the
// parts done; the node whose update marks the last part done joins the
// parts into the output. A chunk whose worker dies is delivered again, to
// any worker, and writes its part anew.
type Manager struct {
	o ManagerOptions

	mu      sync.Mutex             // guards running
	running map[string]*runningJob // by task: job id/chunk
	rows    atomic.Int64           // data rows written by this process's jobs
	panics  panics.Watch           // the panics Run recovered
}

// Healthy reports a panic that Run recovered (a bug: it was logged with
// its stack, and the chunk it hit is run again after its lease), for
// readiness checks: a node that has met one should be replaced.
func (m *Manager) Healthy() error { return m.panics.Err() }

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
	if o.Dir != "" {
		o.Dir = filepath.Clean(o.Dir)
	}
	if o.Parallel <= 0 {
		o.Parallel = 1
	}
	if o.ChunkRows <= 0 {
		o.ChunkRows = DefaultChunkRows
	}
	if o.MaxDeliver <= 0 {
		o.MaxDeliver = DefaultMaxDeliver
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
	// CallbackURL, when set, receives the job's Status once it is
	// finished (ManagerOptions.Callbacks).
	CallbackURL string
	// Digest identifies the request; it is compared when the
	// IdempotencyKey has been used before. When empty, Submit makes it
	// from the settings and the input it reads (a SHA-256), so that a
	// request streamed twice is known the second time: a twin that finds
	// the key's job stored reads its input to its end to compare, and
	// one that finds it being stored gets ErrKeyInFlight.
	Digest string
}

// Errors of Submit. Every request Submit refuses comes back as a
// *fault.Error whose code names the rule and whose message is written for
// the client (internal/fault); these are the ones callers test for.
var (
	// ErrReplayed comes with the job an earlier Submit with the same
	// idempotency key and digest made: nothing new was submitted. It is
	// no refusal.
	ErrReplayed = errors.New("jobs: the idempotency key was used before for the same request")
	// ErrKeyReused is returned when the idempotency key was used before
	// for a request with another digest.
	ErrKeyReused = fault.New(fault.IdempotencyKeyReused, "This Idempotency-Key was used with another request body; use a new key for a new job.")
	// ErrKeyInFlight is returned while another Submit with the same
	// idempotency key is running.
	ErrKeyInFlight = fault.New(fault.IdempotencyInProgress, "A request with this Idempotency-Key is being processed; retry when it has been answered.")
)

// The rules of a job's request that are not the file's.
const (
	// DefaultRegion is the region of a job that names none.
	DefaultRegion = batch.DefaultRegion
	// DefaultValidationScope is the validation scope of a job that names
	// none, and the only one.
	DefaultValidationScope = "full"
)

// Submit stores the input and queues the job; the job is QUEUED. The
// input is stored decoded to UTF-8 (see batch.Decode); the job's Layout
// and Summary name the encoding it was read in. With an
// IdempotencyKey already used, it returns the job made then and
// ErrReplayed, or ErrKeyReused, or ErrKeyInFlight.
func (m *Manager) Submit(ctx context.Context, req SubmitRequest, input io.Reader) (_ Job, err error) {
	if err := ValidateFilename(req.Filename); err != nil {
		return Job{}, err
	}
	region, err := batch.ResolveRegion(req.Region)
	if err != nil {
		return Job{}, err
	}
	req.Region = region
	switch req.ValidationScope {
	case "":
		req.ValidationScope = DefaultValidationScope
	case DefaultValidationScope:
	default:
		return Job{}, fault.New(fault.InvalidValidationScope, "validationScope %q is not supported; the one scope is %q.", req.ValidationScope, DefaultValidationScope)
	}
	if req.CallbackURL != "" {
		if m.o.Callbacks == nil {
			return Job{}, fault.New(fault.InvalidField, "callbackUrl: this server sends no callbacks; poll the job's status instead.")
		}
		if err := m.o.Callbacks.Check(req.CallbackURL); err != nil {
			return Job{}, err
		}
	}
	id := NewJobID()
	digest := func() (string, error) { return req.Digest, nil }
	if req.Digest == "" {
		h := sha256.New()
		fmt.Fprintf(h, "%q %q %t %q %q\n", req.Filename, req.Region, req.EnhancedMatching, req.ValidationScope, req.CallbackURL)
		input = io.TeeReader(input, h)
		digest = func() (string, error) {
			// what is left of the input: all of it before the store,
			// nothing after
			if _, err := io.Copy(io.Discard, input); err != nil {
				return "", fmt.Errorf("jobs: read the input: %w", err)
			}
			return hex.EncodeToString(h.Sum(nil)), nil
		}
	}
	if req.IdempotencyKey != "" {
		// the key is claimed, for the whole cluster, before anything is
		// stored: a twin finds the claim and waits, or replays the job
		j, replayed, cerr := m.claim(ctx, req, id, digest)
		if cerr != nil || replayed {
			return j, cerr
		}
		defer func() {
			if err != nil {
				// refused or failed: the key is free for a retry
				if ferr := m.o.Store.Forget(context.WithoutCancel(ctx), req.Owner, req.IdempotencyKey); ferr != nil {
					m.o.Logger.Error("free an idempotency key", "err", ferr)
				}
			}
		}()
	}
	now := time.Now().UTC()
	j := Job{
		ID: id, Owner: req.Owner, Filename: req.Filename, Region: req.Region,
		EnhancedMatching: req.EnhancedMatching, ValidationScope: req.ValidationScope, CallbackURL: req.CallbackURL,
		State: Queued, Created: now, Updated: now,
	}
	// keyed by the job id alone: the client's name is kept for the link
	// and Content-Disposition, never in a key the backend may refuse
	j.InputKey, j.OutputKey = "uploads/"+j.ID+"/input", OutputKey(j.ID)
	// 1. the input, split into chunks as it is stored: as UTF-8, which
	// Split reads and the chunks' ranges count
	text, enc, err := batch.Decode(input, "")
	if err != nil {
		return Job{}, fmt.Errorf("jobs: read the input: %w", err)
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := m.newWriter(wctx, j.InputKey, nil)
	if err != nil {
		return Job{}, storeFailed(err)
	}
	l, err := m.store(w, text, req.Filename)
	l.Encoding = enc
	if err != nil {
		cancel()
		w.Close()
		return Job{}, storeFailed(err)
	}
	if err := w.Close(); err != nil {
		return Job{}, storeFailed(err)
	}
	switch {
	case !l.Text:
		m.o.Bucket.Delete(ctx, j.InputKey)
		return Job{}, ErrNoRecords
	case l.Rows > m.o.MaxRows:
		m.o.Bucket.Delete(ctx, j.InputKey)
		return Job{}, fault.Wrap(batch.ErrTooManyRows, fault.TooManyRecords, "A job holds at most %d records, and the file has %d: split it.", m.o.MaxRows, l.Rows)
	}
	j.Rows, j.Layout, j.ChunkRows, j.Parts = l.Rows, l, m.o.ChunkRows, make([]Part, l.Chunks())
	if req.IdempotencyKey != "" {
		j.Digest, _ = digest() // the input is read: nothing can fail
	}
	j.Summary = l.Summary()
	// 2. the record, 3. the tasks, 4. the idempotency key: carried through
	// (or undone) even when the caller goes meanwhile, so that no record
	// is left without its tasks, nor a key that names a job refused
	ctx = context.WithoutCancel(ctx)
	if _, err := m.o.Store.Create(ctx, j); err != nil {
		m.o.Bucket.Delete(ctx, j.InputKey)
		return Job{}, fmt.Errorf("jobs: store the job: %w", err)
	}
	undo := func() {
		if err := m.o.Store.Delete(ctx, j.ID); err != nil {
			// the record stays (its store is away): so does its input, and
			// Reconcile queues the job once it has gone stale, rather than
			// fail it for a missing input; its idempotency claim names it
			m.o.Logger.Warn("a refused submission's job could not be removed; it will run", "job", j.ID, "err", err)
			return
		}
		m.o.Bucket.Delete(ctx, j.InputKey)
	}
	for k := range j.Parts {
		if err := m.o.Queue.Send(ctx, taskID(j.ID, k)); err != nil {
			// refused as a whole: the client may send it again (tasks
			// sent find no record, and are dropped)
			undo()
			return Job{}, fmt.Errorf("jobs: queue the job: %w", err)
		}
	}
	if req.IdempotencyKey != "" {
		rec := Idempotency{JobID: j.ID, Digest: j.Digest}
		if err := m.o.Store.Remember(ctx, req.Owner, req.IdempotencyKey, rec, m.o.Retention); err != nil {
			// the job runs; its claim names it for claimTTL more
			m.o.Logger.Error("store an idempotency key", "job", j.ID, "err", err)
		}
	}
	return j, nil
}

// store copies input to w while Split reads it.
func (m *Manager) store(w io.Writer, input io.Reader, filename string) (batch.Layout, error) {
	pr, pw := io.Pipe()
	type split struct {
		l   batch.Layout
		err error
	}
	done := make(chan split, 1)
	go func() {
		l, err := batch.Split(pr, "", filename, m.o.ChunkRows)
		pr.CloseWithError(err) // a Split that ended early stops the copy
		done <- split{l, err}
	}()
	_, err := io.Copy(io.MultiWriter(w, pw), input)
	pw.CloseWithError(err)
	res := <-done
	if err == nil {
		err = res.err
	}
	return res.l, err
}

// claimTTL is how long the claim of an idempotency key holds before its
// job is stored: a submission that dies meanwhile frees the key then.
const claimTTL = 10 * time.Minute

// claim claims req's idempotency key for the job id. When the key is
// held, it returns the job the key made (replayed, with ErrReplayed),
// ErrKeyReused for another digest, or ErrKeyInFlight while the claim's
// job is being stored. A key whose job is gone (deleted, expired) is
// free: it is claimed again. digest is the request's: given, or read
// from the input when the held key's digest must be compared.
func (m *Manager) claim(ctx context.Context, req SubmitRequest, id string, digest func() (string, error)) (_ Job, replayed bool, err error) {
	for range 3 {
		held, err := m.o.Store.Claim(ctx, req.Owner, req.IdempotencyKey, Idempotency{JobID: id, Digest: req.Digest, Pending: true}, claimTTL)
		switch {
		case err == nil:
			return Job{}, false, nil
		case !errors.Is(err, ErrExists):
			return Job{}, false, err
		case req.Digest != "" && held.Digest != "" && held.Digest != req.Digest:
			return Job{}, false, ErrKeyReused
		}
		j, _, err := m.o.Store.Get(ctx, held.JobID)
		switch {
		case err == nil:
			d, err := digest()
			if err != nil {
				return Job{}, false, err
			}
			// the key's record has the digest once the job is stored; the
			// job's own record has it from the start
			if want := cmp.Or(held.Digest, j.Digest); d != want {
				return Job{}, false, ErrKeyReused
			}
			return j, true, ErrReplayed
		case !errors.Is(err, ErrNotFound):
			return Job{}, false, err
		case held.Pending:
			return Job{}, false, ErrKeyInFlight // not stored yet
		}
		// the job made with the key is gone: the key is free again
		if err := m.o.Store.Forget(ctx, req.Owner, req.IdempotencyKey); err != nil {
			return Job{}, false, err
		}
	}
	return Job{}, false, ErrKeyInFlight
}

// MaxFilenameBytes bounds a job's file name.
const MaxFilenameBytes = 255

// ErrNoRecords is returned by Submit for an input without a record that
// holds address text (empty, a header alone, delimiters alone).
var ErrNoRecords = fault.New(fault.NoRecords, "The file has no records with address text: send a header row and at least one row with an address, or one address per line.")

// ErrInvalidFilename is of the code of the errors for a file name Submit
// refuses; each says why.
var ErrInvalidFilename = fault.New(fault.InvalidFilename, "filename is not a file name.")

// storeFailed is the error of an input that could not be stored: a full
// disk or bucket is insufficient_storage, anything else the server's.
func storeFailed(err error) error {
	err = fmt.Errorf("jobs: store the input: %w", err)
	return fault.Storage(err, "The server has no room to store the file now; retry later.")
}

// ValidateFilename checks a job's file name: a base name (no path
// separators) of at most MaxFilenameBytes bytes of valid UTF-8, without
// control or format characters (bidi overrides), and not "." or "..".
func ValidateFilename(name string) error {
	bad := func(format string, args ...any) error { return fault.New(fault.InvalidFilename, format, args...) }
	switch {
	case strings.TrimSpace(name) == "":
		return fault.New(fault.MissingField, "filename is required: the name of the file, with its extension.")
	case len(name) > MaxFilenameBytes:
		return bad("filename is %d bytes long; at most %d are allowed.", len(name), MaxFilenameBytes)
	case !utf8.ValidString(name):
		return bad("filename is not valid UTF-8.")
	case strings.ContainsAny(name, "/\\"):
		return bad("filename must be a name without a path: it has a / or \\.")
	case name == "." || name == "..":
		return bad("filename %q is not a file name.", name)
	}
	for _, r := range name {
		// Cf: format characters, bidi overrides among them, which can
		// make a name display as another
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			return bad("filename has a control or format character (%U).", r)
		}
	}
	return nil
}

// OutputKey is the key of a job's output in the bucket.
func OutputKey(jobID string) string { return "processed/" + jobID + "/validated.csv" }

// PartKey is the key of the output of a job's chunk k (from 0), until the
// parts are joined into the output.
func PartKey(jobID string, k int) string {
	return fmt.Sprintf("processed/%s/parts/%05d.csv", jobID, k)
}

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
	// recorded even when the caller goes: the chunks are stopped only
	// once it is, lest they be dropped for a job that goes on
	j, err := m.update(context.WithoutCancel(ctx), id, func(j *Job) bool {
		if j.State.Final() {
			return false
		}
		j.State, j.Finished = Cancelled, time.Now().UTC()
		return true
	})
	if err == nil && j.State == Cancelled {
		for _, r := range m.runningOf(id) {
			r.stop()
		}
	}
	return j, err
}

// runningOf returns the chunks of a job this process runs.
func (m *Manager) runningOf(id string) []*runningJob {
	m.mu.Lock()
	defer m.mu.Unlock()
	var rs []*runningJob
	for task, r := range m.running {
		if jobOf(task) == id {
			rs = append(rs, r)
		}
	}
	return rs
}

// Delete deletes a job of an owner with its input and output: a job not
// finished is cancelled first, and Delete waits for its worker to let it
// go.
func (m *Manager) Delete(ctx context.Context, owner, id string) error {
	if _, err := m.Cancel(ctx, owner, id); err != nil {
		return err
	}
	for _, r := range m.runningOf(id) {
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
		if err != nil {
			return j, err
		}
		was := j.State
		if !change(&j) {
			return j, nil
		}
		j.Updated = time.Now().UTC()
		_, err = m.o.Store.Update(ctx, j, rev)
		if err == nil && !was.Final() && j.State.Final() {
			m.finished(ctx, j)
		}
		if !errors.Is(err, ErrConflict) {
			return j, err
		}
		// changed meanwhile (by another node, or this one): read it again
	}
}

// finished calls back a job's client, once this process has recorded
// the job's final state: the revision check of Update lets one process
// record it.
func (m *Manager) finished(ctx context.Context, j Job) {
	if j.CallbackURL == "" || m.o.Callbacks == nil {
		return
	}
	st, err := m.Status(ctx, j, m.o.BaseURL)
	if err != nil {
		m.o.Logger.Error("callback: the job's status", "job", j.ID, "err", err)
		return
	}
	body, err := json.Marshal(st)
	if err != nil {
		m.o.Logger.Error("callback: the job's status", "job", j.ID, "err", err)
		return
	}
	m.o.Callbacks.Deliver(j.CallbackURL, j.ID+"/"+string(j.State), body)
}
