package jobs

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"strings"
	"time"

	"github.com/addrkit/addrkit/batch"
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
	// Worker is the node (ManagerOptions.Node) running the job, which
	// holds it until Lease; both are empty when no worker does.
	Worker string    `json:"worker,omitempty"`
	Lease  time.Time `json:"lease,omitzero"`

	InputKey  string `json:"inputKey"`
	OutputKey string `json:"outputKey"`

	// Rows is an estimate of the data rows (the lines after the header)
	// until the job completes, then the count.
	Rows      int           `json:"rows"`
	Processed int           `json:"processed"`
	Summary   batch.Summary `json:"summary"`

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
var ErrNotFound = errors.New("jobs: job not found")

// Idempotency records the job an idempotency key made.
type Idempotency struct {
	JobID  string `json:"jobId"`
	Digest string `json:"digest"`
}
