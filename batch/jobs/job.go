package jobs

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
	"time"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/fault"
)

// State is the state of a job.
//
// A job is QUEUED when submitted (its input is in the bucket, its record
// stored and a task queued for each chunk), PROCESSING once a worker takes
// a chunk, and then COMPLETED (every chunk's part written, and the parts
// joined into the output), FAILED (with the reason: a chunk failed, or its
// worker stopped, MaxDeliver times) or CANCELLED (by its owner, while
// queued or processing). A worker that stops in a chunk (a crash, a
// restart) does not acknowledge its task, which is delivered again; the
// chunk's part, written anew and committed only when whole, holds each of
// its rows once.
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
	// CallbackURL, when set, receives the job's Status when it completes,
	// fails or is cancelled (ManagerOptions.Callbacks).
	CallbackURL string `json:"callbackUrl,omitempty"`
	// Digest is the digest of the request that made the job, when it was
	// made with an idempotency key: a twin that finds the job before its
	// key records the digest compares with this one.
	Digest string `json:"digest,omitempty"`

	State  State  `json:"status"`
	Reason string `json:"reason,omitempty"` // why it FAILED
	// Worker is the node (ManagerOptions.Node) joining the job's parts,
	// which holds the join until Lease; both are empty when no node does.
	Worker string    `json:"worker,omitempty"`
	Lease  time.Time `json:"lease,omitzero"`

	// Layout is where the input's records are, cut into chunks of
	// ChunkRows rows; Parts holds, per chunk, whether its part of the
	// output is written, and its counts.
	Layout    batch.Layout `json:"layout"`
	ChunkRows int          `json:"chunkRows"`
	Parts     []Part       `json:"parts"`
	// JoinTries counts the claims of the join not given back.
	JoinTries int `json:"joinTries,omitempty"`

	InputKey  string `json:"inputKey"`
	OutputKey string `json:"outputKey"`

	// Rows is the number of data rows; Processed, those of the parts
	// written, whose counts Summary sums.
	Rows      int           `json:"rows"`
	Processed int           `json:"processed"`
	Summary   batch.Summary `json:"summary"`

	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
}

// NewJobID returns an unguessable job id: job_batch_ and 26 characters of
// base32 (128 bits of randomness).
func NewJobID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return "job_batch_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// ErrNotFound is returned for a job that does not exist, or that belongs
// to another owner: the two are not told apart.
var ErrNotFound = fault.New(fault.JobNotFound, "There is no such job for this API key.")

// Idempotency records the job an idempotency key made.
type Idempotency struct {
	JobID  string `json:"jobId"`
	Digest string `json:"digest"`
	// Pending marks a claim whose job is being stored (see Store.Claim).
	Pending bool `json:"pending,omitempty"`
}

// Part is the state of one chunk of a job.
type Part struct {
	Done    bool          `json:"done"`
	Summary batch.Summary `json:"summary,omitzero"`
	// Tries counts the runs of the chunk that were not given back: those
	// that failed, and those whose worker died.
	Tries int `json:"tries,omitempty"`
}
