package batch

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	badger "github.com/dgraph-io/badger/v4"
)

// State is the state of a job.
//
// A job is QUEUED when submitted (its input is in the bucket and its
// record stored), PROCESSING once a worker takes it, and then COMPLETED
// (the output is in the bucket), FAILED (with the reason: the input could
// not be read, had too many rows, or the output could not be written) or
// CANCELLED (by its owner, while queued or processing). A worker that
// stops with a job PROCESSING (a crash, a restart) leaves it so; the next
// Manager.Run takes it up again from the start, and the output, written
// anew and committed only when whole, holds every row once.
type State string

// The job states.
const (
	Queued     State = "QUEUED"
	Processing State = "PROCESSING"
	Completed  State = "COMPLETED"
	Failed     State = "FAILED"
	Cancelled  State = "CANCELLED"
)

// Final reports whether no more changes come to a job in the state.
func (s State) Final() bool { return s == Completed || s == Failed || s == Cancelled }

// Job is the record of a batch job.
type Job struct {
	ID       string `json:"id"`
	Owner    string `json:"owner"` // the API key id that submitted it
	Filename string `json:"filename"`
	Region   string `json:"region"`
	// EnhancedMatching and ValidationScope are the submitted options.
	EnhancedMatching bool   `json:"enhancedMatching"`
	ValidationScope  string `json:"validationScope"`

	State  State  `json:"status"`
	Reason string `json:"reason,omitempty"` // why it FAILED

	InputKey  string `json:"inputKey"`
	OutputKey string `json:"outputKey"`

	// Rows is an estimate of the data rows (the lines after the header)
	// until the job completes, then the count.
	Rows      int     `json:"rows"`
	Processed int     `json:"processed"`
	Summary   Summary `json:"summary"`

	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
}

// NewJobID returns an unguessable job id: job_batch_ and 26 characters of
// base32 (130 bits of randomness).
func NewJobID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return "job_batch_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// ErrNotFound is returned for a job that does not exist, or that belongs
// to another owner: the two are not told apart.
var ErrNotFound = errors.New("batch: job not found")

// JobStore keeps job records.
type JobStore interface {
	Put(ctx context.Context, j Job) error
	Get(ctx context.Context, id string) (Job, error) // ErrNotFound
	// Unfinished returns the jobs QUEUED or PROCESSING, oldest first.
	Unfinished(ctx context.Context) ([]Job, error)
	// FinishedBefore returns the finished jobs that ended before t.
	FinishedBefore(ctx context.Context, t time.Time) ([]Job, error)
	Delete(ctx context.Context, id string) error
	// Counts returns the number of jobs in each state.
	Counts(ctx context.Context) (map[State]int, error)
	// Remember keeps, for ttl, the job an owner's idempotency key made;
	// Recall returns it (ErrNotFound when there is none).
	Remember(ctx context.Context, owner, key string, rec Idempotency, ttl time.Duration) error
	Recall(ctx context.Context, owner, key string) (Idempotency, error)
}

// Idempotency records the job an idempotency key made.
type Idempotency struct {
	JobID  string `json:"jobId"`
	Digest string `json:"digest"`
}

// BadgerJobs is a JobStore in a Badger database.
type BadgerJobs struct{ db *badger.DB }

// OpenBadgerJobs opens (creating) the job store in dir; an empty dir keeps
// it in memory.
func OpenBadgerJobs(dir string) (*BadgerJobs, error) {
	// job records are small and few: small tables and caches, not
	// Badger's 64 MB memtables and 256 MB block cache
	opts := badger.DefaultOptions(dir).WithLogger(nil).WithNumVersionsToKeep(1).
		WithMemTableSize(2 << 20).WithValueThreshold(64 << 10).WithBlockCacheSize(1 << 20).WithIndexCacheSize(1 << 20).
		WithValueLogFileSize(16 << 20).WithNumMemtables(2).WithNumLevelZeroTables(2).WithNumLevelZeroTablesStall(4)
	if dir == "" {
		opts = opts.WithInMemory(true)
	}
	db, err := badger.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("batch: open the job store: %w", err)
	}
	return &BadgerJobs{db: db}, nil
}

// Close closes the store.
func (s *BadgerJobs) Close() error { return s.db.Close() }

func jobKey(id string) []byte { return []byte("job/" + id) }

// Put stores a job record.
func (s *BadgerJobs) Put(ctx context.Context, j Job) error {
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(jobKey(j.ID), b) })
}

// Get returns a job record.
func (s *BadgerJobs) Get(ctx context.Context, id string) (Job, error) {
	var j Job
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(jobKey(id))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error { return json.Unmarshal(v, &j) })
	})
	return j, err
}

// Unfinished returns the jobs QUEUED or PROCESSING, oldest first.
func (s *BadgerJobs) Unfinished(ctx context.Context) ([]Job, error) {
	out, err := s.scan(func(j *Job) bool { return !j.State.Final() })
	sortByCreated(out)
	return out, err
}

// FinishedBefore returns the finished jobs that ended before t.
func (s *BadgerJobs) FinishedBefore(ctx context.Context, t time.Time) ([]Job, error) {
	return s.scan(func(j *Job) bool { return j.State.Final() && j.Finished.Before(t) })
}

// scan returns the jobs that keep accepts.
func (s *BadgerJobs) scan(keep func(*Job) bool) ([]Job, error) {
	var out []Job
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte("job/"), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var j Job
			if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &j) }); err != nil {
				return err
			}
			if keep(&j) {
				out = append(out, j)
			}
		}
		return nil
	})
	return out, err
}

// Delete removes a job record.
func (s *BadgerJobs) Delete(ctx context.Context, id string) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Delete(jobKey(id)) })
}

// Counts returns the number of jobs in each state.
func (s *BadgerJobs) Counts(ctx context.Context) (map[State]int, error) {
	n := map[State]int{}
	_, err := s.scan(func(j *Job) bool { n[j.State]++; return false })
	return n, err
}

func idemKey(owner, key string) []byte {
	return []byte("idem/" + owner + "\x00" + key)
}

// Remember implements JobStore.
func (s *BadgerJobs) Remember(ctx context.Context, owner, key string, rec Idempotency, ttl time.Duration) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error {
		return txn.SetEntry(badger.NewEntry(idemKey(owner, key), b).WithTTL(ttl))
	})
}

// Recall implements JobStore.
func (s *BadgerJobs) Recall(ctx context.Context, owner, key string) (Idempotency, error) {
	var rec Idempotency
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(idemKey(owner, key))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error { return json.Unmarshal(v, &rec) })
	})
	return rec, err
}

func sortByCreated(js []Job) {
	slices.SortStableFunc(js, func(a, b Job) int { return a.Created.Compare(b.Created) })
}
