package jobs_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/batch/jobs/badgerjobs"
	"github.com/addrkit/addrkit/internal/fault"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/internal/testfiles"
	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
)

// rig is a Manager over a real Badger job store and a file:// bucket in
// temporary directories.
type rig struct {
	store               *badgerjobs.Store
	bucket              *blob.Bucket
	gz                  address.Gazetteer
	storeDir, bucketDir string
}

func newRig(t *testing.T) *rig {
	t.Helper()
	storeDir, bucketDir := t.TempDir(), t.TempDir()
	store, err := badgerjobs.Open(storeDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	bucket, err := fileblob.OpenBucket(bucketDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	return &rig{store: store, bucket: bucket, gz: gazetteer(t), storeDir: storeDir, bucketDir: bucketDir}
}

func (r *rig) manager(t *testing.T, q jobs.Queue) *jobs.Manager {
	t.Helper()
	m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: q, Bucket: r.bucket,
		ProgressEvery: 5 * time.Millisecond, Lease: 2 * time.Second, Dir: r.bucketDir})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// gazetteer opens the built-in gazetteer in a temporary directory.
func gazetteer(t testing.TB) address.Gazetteer { return storetest.Shared(t) }

// col returns the value of a named column in a row.
func col(header, row []string, name string) string {
	i := slices.Index(header, name)
	if i < 0 {
		return "<no column " + name + ">"
	}
	return row[i]
}

// start runs the manager until the test ends or stop is called.
func start(t *testing.T, m *jobs.Manager) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.Run(ctx)
	}()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	return stop
}

// waitFor polls a job until cond holds.
func waitFor(t *testing.T, m *jobs.Manager, owner, id string, cond func(jobs.Job) bool) jobs.Job {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		j, err := m.Job(context.Background(), owner, id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(j) {
			return j
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("job %s: condition not reached", id)
	return jobs.Job{}
}

func rows(n int) string { return testfiles.AddressCSV(n) }

// output reads a job's output and checks that it holds every row once, in
// order.
func output(t *testing.T, r *rig, j jobs.Job, n int) {
	t.Helper()
	data, err := r.bucket.ReadAll(context.Background(), j.OutputKey)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != n+1 {
		t.Fatalf("%d output rows, want %d", len(recs)-1, n)
	}
	for i, rec := range recs[1:] {
		if rec[0] != fmt.Sprint(i) || col(recs[0], rec, "row_number") != fmt.Sprint(i+1) {
			t.Fatalf("output row %d is %q", i, rec[:6])
		}
	}
}

func TestManagerJob(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	ctx := context.Background()
	j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "key1", Filename: "clients.csv", Region: "Nigeria", ValidationScope: "full"},
		strings.NewReader(rows(500)))
	if err != nil {
		t.Fatal(err)
	}
	if j.State != jobs.Queued || !strings.HasPrefix(j.ID, "job_batch_") || len(j.ID) < 30 || j.Rows != 500 ||
		j.OutputKey != "processed/"+j.ID+"/validated.csv" || j.OutputName() != "clients_validated.csv" {
		t.Fatalf("submitted %+v", j)
	}
	if _, err := m.Job(ctx, "key2", j.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("another owner's job: %v, want ErrNotFound", err)
	}
	start(t, m)
	done := waitFor(t, m, "key1", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if done.State != jobs.Completed || done.Summary.Rows != 500 || done.Processed != 500 ||
		done.Summary.HighConfidence+done.Summary.Partial+done.Summary.Unverified != 500 || done.Finished.IsZero() {
		t.Fatalf("finished %+v", done)
	}
	output(t, r, done, 500)
	// the request is checked, by the rules of the service: each refusal a
	// fault of its code, with a sentence for the client
	for _, tc := range []struct {
		req  jobs.SubmitRequest
		code fault.Code
	}{
		{jobs.SubmitRequest{Owner: "k", Region: "Nigeria"}, fault.MissingField},
		{jobs.SubmitRequest{Owner: "k", Filename: "a/b.csv"}, fault.InvalidFilename},
		{jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "Atlantis"}, fault.InvalidRegion},
		{jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "NG\x00"}, fault.InvalidRegion},
		{jobs.SubmitRequest{Owner: "k", Filename: "a.csv", ValidationScope: "partial"}, fault.InvalidValidationScope},
	} {
		_, err := m.Submit(ctx, tc.req, strings.NewReader("street\nIkeja\n"))
		if fault.CodeOf(err) != tc.code {
			t.Errorf("Submit(%+v): %v, want a fault of code %s", tc.req, err, tc.code)
			continue
		}
		if msg := err.Error(); strings.HasPrefix(msg, "jobs:") || !strings.HasSuffix(msg, ".") {
			t.Errorf("Submit(%+v): message %q, want a sentence for a client", tc.req, msg)
		}
	}
}

func TestManagerCancel(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	ctx := context.Background()
	j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "big.csv", Region: "NG"}, strings.NewReader(rows(100000)))
	if err != nil {
		t.Fatal(err)
	}
	start(t, m)
	waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State == jobs.Processing && j.Processed > 0 })
	if _, err := m.Cancel(ctx, "other", j.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("cancel by another owner: %v", err)
	}
	if _, err := m.Cancel(ctx, "k", j.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // let the worker stop
	got := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if got.State != jobs.Cancelled {
		t.Fatalf("state %s", got.State)
	}
	if ok, _ := r.bucket.Exists(ctx, j.OutputKey); ok {
		t.Error("a cancelled job wrote its output")
	}
}

// TestManagerRestart stops the worker in the middle of a job, as a crash
// would, and starts another over the same job store and bucket: the job is
// taken up again and its output holds every row once, in order.
func TestManagerRestart(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	first := r.manager(t, jobs.NewMemoryQueue(0))
	const n = 60000
	j, err := first.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "big.csv", Region: "Nigeria"}, strings.NewReader(rows(n)))
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, first)
	mid := waitFor(t, first, "k", j.ID, func(j jobs.Job) bool { return j.State == jobs.Processing && j.Processed > 0 })
	stop()
	after, _ := first.Job(ctx, "k", j.ID)
	if after.State != jobs.Processing || mid.Processed >= n {
		t.Fatalf("after the stop: %s, %d of %d processed", after.State, mid.Processed, n)
	}
	if ok, _ := r.bucket.Exists(ctx, j.OutputKey); ok {
		t.Fatal("a job stopped midway committed its output")
	}
	second := r.manager(t, jobs.NewMemoryQueue(0)) // the queue was lost with the process
	start(t, second)
	done := waitFor(t, second, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if done.State != jobs.Completed || done.Summary.Rows != n {
		t.Fatalf("after the restart %+v", done)
	}
	output(t, r, done, n)
}

func TestSigner(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := &jobs.Signer{Key: bytes.Repeat([]byte{7}, 32), Now: func() time.Time { return now }}
	p := "/processed/job_batch_x/clients_validated.csv"
	q, err := url.ParseQuery(s.Sign(p, time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(p, q); err != nil {
		t.Fatalf("a good link: %v", err)
	}
	bad := func(name string, path string, q url.Values, want error) {
		if err := s.Verify(path, q); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", name, err, want)
		}
	}
	bad("another path", "/processed/job_batch_y/clients_validated.csv", q, jobs.ErrBadSignature)
	tampered := url.Values{"expires": {q.Get("expires") + "0"}, "signature": q["signature"]}
	bad("a later expiry", p, tampered, jobs.ErrBadSignature)
	bad("no signature", p, url.Values{"expires": q["expires"]}, jobs.ErrBadSignature)
	bad("no expiry", p, url.Values{"signature": q["signature"]}, jobs.ErrBadSignature)
	bad("a bad signature", p, url.Values{"expires": q["expires"], "signature": {"zz"}}, jobs.ErrBadSignature)
	later := &jobs.Signer{Key: s.Key, Now: func() time.Time { return now.Add(2 * time.Hour) }}
	if err := later.Verify(p, q); !errors.Is(err, jobs.ErrExpired) {
		t.Errorf("expired: %v", err)
	}
	if err := (&jobs.Signer{}).Verify(p, q); !errors.Is(err, jobs.ErrBadSignature) {
		t.Errorf("no key: %v", err)
	}
}

func TestManagerLinksAndRetention(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	signer := &jobs.Signer{Key: bytes.Repeat([]byte{9}, 32)}
	m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: jobs.NewMemoryQueue(0), Bucket: r.bucket,
		Signer: signer, LinkTTL: time.Hour, Retention: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "x.csv", Region: "Nigeria"}, strings.NewReader(rows(10)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.DownloadURL(ctx, j, "http://h"); err == nil {
		t.Error("a link to a queued job's output")
	}
	start(t, m)
	j = waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	link, err := m.DownloadURL(ctx, j, "http://h/")
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(link)
	if err != nil || u.Path != "/processed/"+j.ID+"/x_validated.csv" {
		t.Fatalf("link %s", link)
	}
	if err := signer.Verify(u.Path, u.Query()); err != nil {
		t.Errorf("the link does not verify: %v", err)
	}
	// not yet past retention: kept; past it: input, output and record gone
	if n, err := m.Expire(ctx, time.Now()); err != nil || n != 0 {
		t.Errorf("Expire now: %d, %v", n, err)
	}
	if n, err := m.Expire(ctx, time.Now().Add(2*time.Hour)); err != nil || n != 1 {
		t.Fatalf("Expire later: %d, %v", n, err)
	}
	for _, key := range []string{j.InputKey, j.OutputKey} {
		if ok, _ := r.bucket.Exists(ctx, key); ok {
			t.Errorf("%s kept past retention", key)
		}
	}
	if _, err := m.Job(ctx, "k", j.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("record kept past retention: %v", err)
	}
}

func TestManagerIdempotency(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	ctx := context.Background()
	req := jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "Nigeria", IdempotencyKey: "retry-1", Digest: "d1"}
	first, err := m.Submit(ctx, req, strings.NewReader(rows(3)))
	if err != nil {
		t.Fatal(err)
	}
	again, err := m.Submit(ctx, req, strings.NewReader(rows(3)))
	if !errors.Is(err, jobs.ErrReplayed) || again.ID != first.ID {
		t.Errorf("the same key and digest: %v, job %s, want ErrReplayed and %s", err, again.ID, first.ID)
	}
	other := req
	other.Digest = "d2"
	if _, err := m.Submit(ctx, other, strings.NewReader(rows(4))); !errors.Is(err, jobs.ErrKeyReused) {
		t.Errorf("the same key, another digest: %v, want ErrKeyReused", err)
	}
	// keys are per owner
	mine := req
	mine.Owner = "k2"
	j2, err := m.Submit(ctx, mine, strings.NewReader(rows(3)))
	if err != nil || j2.ID == first.ID {
		t.Errorf("another owner with the same key: %v, job %s", err, j2.ID)
	}
	// once the job is gone, the key makes a new one
	if err := m.Delete(ctx, "k", first.ID); err != nil {
		t.Fatal(err)
	}
	fresh, err := m.Submit(ctx, req, strings.NewReader(rows(3)))
	if err != nil || fresh.ID == first.ID {
		t.Errorf("after the job was deleted: %v, job %s", err, fresh.ID)
	}
	// without a Digest, Submit makes one of the settings and the input
	streamed := jobs.SubmitRequest{Owner: "k", Filename: "a.csv", Region: "Nigeria", IdempotencyKey: "stream-1"}
	s1, err := m.Submit(ctx, streamed, strings.NewReader(rows(5)))
	if err != nil {
		t.Fatal(err)
	}
	if s2, err := m.Submit(ctx, streamed, strings.NewReader(rows(5))); !errors.Is(err, jobs.ErrReplayed) || s2.ID != s1.ID {
		t.Errorf("the same input streamed again: %v, job %s, want ErrReplayed and %s", err, s2.ID, s1.ID)
	}
	if _, err := m.Submit(ctx, streamed, strings.NewReader(rows(6))); !errors.Is(err, jobs.ErrKeyReused) {
		t.Errorf("another input streamed with the key: %v, want ErrKeyReused", err)
	}
	renamed := streamed
	renamed.Filename = "b.csv"
	if _, err := m.Submit(ctx, renamed, strings.NewReader(rows(5))); !errors.Is(err, jobs.ErrKeyReused) {
		t.Errorf("the same input under another name with the key: %v, want ErrKeyReused", err)
	}
}

func TestManagerDeleteAndCounts(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	ctx := context.Background()
	small, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "small.csv", Region: "NG"}, strings.NewReader(rows(10)))
	if err != nil {
		t.Fatal(err)
	}
	start(t, m)
	waitFor(t, m, "k", small.ID, func(j jobs.Job) bool { return j.State == jobs.Completed })
	big, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "big.csv", Region: "NG"}, strings.NewReader(rows(100000)))
	if err != nil {
		t.Fatal(err)
	}
	mid := waitFor(t, m, "k", big.ID, func(j jobs.Job) bool { return j.State == jobs.Processing && j.Processed > 0 })
	if c := mid.Summary; c.Rows != mid.Processed || c.HighConfidence+c.Partial+c.Unverified != c.Rows {
		t.Errorf("counts so far %+v, %d processed", c, mid.Processed)
	}
	counts, err := m.Counts(ctx)
	if err != nil || counts[jobs.Completed] != 1 || counts[jobs.Processing] != 1 {
		t.Errorf("counts %v, %v", counts, err)
	}
	if m.RowsWritten() < 10 {
		t.Errorf("%d rows written", m.RowsWritten())
	}
	if err := m.Delete(ctx, "other", big.ID); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("delete by another owner: %v", err)
	}
	// the temporary file of a part whose worker was killed while writing
	// it (fileblob writes beside the key, then renames)
	stray := filepath.Join(r.bucketDir, "processed", big.ID, "parts", "00003.csv.18a2b3c4d5e6f708.tmp")
	if err := os.MkdirAll(filepath.Dir(stray), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, []byte("rows of a tenant\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, j := range []jobs.Job{big, small} { // running, then finished
		if err := m.Delete(ctx, "k", j.ID); err != nil {
			t.Fatal(err)
		}
		filepath.WalkDir(r.bucketDir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && strings.Contains(path, j.ID) {
				t.Errorf("%s is left after DELETE", path) // a file, or an empty directory
			}
			return nil
		})
		if _, err := m.Job(ctx, "k", j.ID); !errors.Is(err, jobs.ErrNotFound) {
			t.Errorf("deleted job %s: %v", j.ID, err)
		}
		for _, key := range []string{j.InputKey, j.OutputKey} {
			if ok, _ := r.bucket.Exists(ctx, key); ok {
				t.Errorf("%s is left", key)
			}
		}
	}
}

// TestSubmitInputs: what Submit counts and refuses, and that nothing of a
// refused job is kept.
func TestSubmitInputs(t *testing.T) {
	r := newRig(t)
	m := r.manager(t, jobs.NewMemoryQueue(0))
	ctx := context.Background()
	for _, tt := range []struct {
		name, filename, input string
		rows                  int
		err                   error
	}{
		{"csv", "a.csv", "street,city\nIkeja,Lagos\nKano,Kano\n", 2, nil},
		{"csv without the last line end", "a.csv", "street,city\nIkeja,Lagos\nKano,Kano", 2, nil},
		{"text has no header", "a.txt", "12 Allen Avenue, Ikeja\nWuse 2, Abuja\n", 2, nil},
		{"one line of text", "a.txt", "Wuse 2, Abuja", 1, nil},
		{"CR line ends", "a.csv", "street,city\rIkeja,Lagos\rKano,Kano\r", 2, nil},
		{"header only", "a.csv", "street,city\n", 0, jobs.ErrNoRecords},
		{"empty rows", "a.csv", "street,city\n,\n\n ; \n", 0, jobs.ErrNoRecords},
		{"nothing", "a.txt", "", 0, jobs.ErrNoRecords},
		{"255 bytes", strings.Repeat("a", 251) + ".csv", "street\nIkeja\n", 1, nil},
		{"256 bytes", strings.Repeat("a", 252) + ".csv", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"a path", "in/a.csv", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"a Windows path", `C:\in\a.csv`, "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"a control character", "a\x00.csv", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"invalid UTF-8", "a\xff.csv", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"a bidi override", "a\u202evsc.exe", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
		{"dot dot", "..", "street\nIkeja\n", 0, jobs.ErrInvalidFilename},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: tt.filename, Region: "NG"}, strings.NewReader(tt.input))
			if !errors.Is(err, tt.err) || err == nil && j.Rows != tt.rows {
				t.Fatalf("Submit(%q) = %d rows, %v; want %d, %v", tt.input, j.Rows, err, tt.rows, tt.err)
			}
		})
	}
	// the refused inputs are not kept
	keys := 0
	it := r.bucket.List(nil)
	for {
		if _, err := it.Next(ctx); err != nil {
			break
		}
		keys++
	}
	if keys != 6 {
		t.Errorf("%d files in the bucket, want the 6 inputs accepted", keys)
	}
}

// TestSubmitDecodes: a file in Windows-1252 is stored as UTF-8 and run in
// chunks; the job's output is what Batch makes of the file, and its
// summary names the encoding and the columns not used.
func TestSubmitDecodes(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: jobs.NewMemoryQueue(0), Bucket: r.bucket,
		ProgressEvery: 5 * time.Millisecond, Lease: 2 * time.Second, ChunkRows: 2})
	if err != nil {
		t.Fatal(err)
	}
	input := "Client,Deliver To,Tel\r\n" +
		"Caf\xe9 Nero,\"5 Awolowo Road, Ikoyi, Lagos \x97 Caf\xe9 Nero\",0803\r\n" +
		"Chez R\xe9mi,12 Allen Avenue, Ikeja, Lagos,0802\r\n" +
		"Zo\xeb,3 B\xf3d\xe9 Thomas Street, Surulere,0805\r\n"
	j, err := m.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "cafes.csv", Region: "NG"}, strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	want, err := batch.Batch(ctx, strings.NewReader(input), &whole, batch.Options{Gazetteer: r.gz, Region: "NG", Filename: "cafes.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if want.Encoding != batch.Windows1252 || len(want.UnusedColumns) != 2 || len(j.Parts) != 2 {
		t.Fatalf("Batch read %+v; the job has %d chunks", want, len(j.Parts))
	}
	start(t, m)
	done := waitFor(t, m, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	if done.State != jobs.Completed || !reflect.DeepEqual(done.Summary, want) {
		t.Fatalf("job: %s %s, summary %+v; want %+v", done.State, done.Reason, done.Summary, want)
	}
	got, err := r.bucket.ReadAll(ctx, done.OutputKey)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, whole.Bytes()) {
		t.Errorf("the job's output\n%s\nBatch's of the file\n%s", got, whole.Bytes())
	}
}

// TestManagersShare runs two Managers, two nodes, over one store, queue and
// bucket: each job completes once, its chunks spread over both, and a
// cancel made through one stops the chunks both run.
func TestManagersShare(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	q := jobs.NewMemoryQueue(2 * time.Second)
	node := func(name string) *jobs.Manager {
		m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: q, Bucket: r.bucket,
			ProgressEvery: 5 * time.Millisecond, Lease: 900 * time.Millisecond, Node: name, ChunkRows: 700})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := node("a"), node("b")
	var small []jobs.Job
	for i := range 4 {
		j, err := a.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: fmt.Sprint(i, ".csv"), Region: "NG"}, strings.NewReader(rows(2000)))
		if err != nil {
			t.Fatal(err)
		}
		small = append(small, j)
	}
	big, err := a.Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "big.csv", Region: "NG"}, strings.NewReader(rows(200000)))
	if err != nil {
		t.Fatal(err)
	}
	start(t, a)
	start(t, b)
	for _, j := range small {
		done := waitFor(t, b, "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
		if done.State != jobs.Completed || done.Summary.Rows != 2000 || done.Processed != 2000 || done.Worker != "" || len(done.Parts) != 3 {
			t.Fatalf("job %s: %+v", j.ID, done)
		}
		output(t, r, done, 2000)
	}
	waitFor(t, a, "k", big.ID, func(j jobs.Job) bool { return j.State == jobs.Processing && j.Processed > 0 })
	if a.RowsWritten() == 0 || b.RowsWritten() == 0 {
		t.Errorf("rows written by a %d, by b %d: the chunks did not spread", a.RowsWritten(), b.RowsWritten())
	}
	if _, err := a.Cancel(ctx, "k", big.ID); err != nil {
		t.Fatal(err)
	}
	// b sees it within ProgressEvery, and neither writes more rows
	time.Sleep(time.Second)
	written := a.RowsWritten() + b.RowsWritten()
	time.Sleep(time.Second)
	if now := a.RowsWritten() + b.RowsWritten(); now != written {
		t.Errorf("the workers wrote %d rows more after the cancel", now-written)
	}
	after, _ := a.Job(ctx, "k", big.ID)
	if after.State != jobs.Cancelled || after.Processed >= 200000 {
		t.Fatalf("after the cancel: %s, %d processed", after.State, after.Processed)
	}
	if ok, _ := r.bucket.Exists(ctx, big.OutputKey); ok {
		t.Error("a job cancelled on another node committed its output")
	}
}

// TestChunksJoinToTheWhole runs a job of many chunks over two nodes: its
// output is, byte for byte, what Batch makes of the whole input at once,
// rows numbered as the whole, and the parts are gone once joined.
func TestChunksJoinToTheWhole(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	q := jobs.NewMemoryQueue(2 * time.Second)
	var nodes []*jobs.Manager
	for _, name := range []string{"a", "b"} {
		m, err := jobs.NewManager(jobs.ManagerOptions{Gazetteer: r.gz, Store: r.store, Queue: q, Bucket: r.bucket,
			ProgressEvery: 5 * time.Millisecond, Lease: 2 * time.Second, Node: name, ChunkRows: 97})
		if err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, m)
	}
	// quoted fields across lines, a broken quote, blank lines, CRLF
	var in strings.Builder
	in.WriteString("\ufeffid,address,note\r\n")
	for i := range 1000 {
		switch i % 50 {
		case 7:
			fmt.Fprintf(&in, "%d,\"%d Allen Avenue,\r\nIkeja, Lagos\",two lines\r\n", i, i)
		case 19:
			fmt.Fprintf(&in, "%d,\"%d Broad Street, unterminated\r\n", i, i)
		case 33:
			in.WriteString("\r\n")
		default:
			fmt.Fprintf(&in, "%d,%d Adeola Odeku Street Victoria Island,\r\n", i, i)
		}
	}
	j, err := nodes[0].Submit(ctx, jobs.SubmitRequest{Owner: "k", Filename: "mixed.csv", Region: "NG"}, strings.NewReader(in.String()))
	if err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	want, err := batch.Batch(ctx, strings.NewReader(in.String()), &whole, batch.Options{Gazetteer: r.gz, Region: "NG", Filename: "mixed.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if j.Rows != want.Rows || len(j.Parts) != (want.Rows+96)/97 {
		t.Fatalf("submitted: %d rows in %d chunks; Batch reads %d rows", j.Rows, len(j.Parts), want.Rows)
	}
	// what a worker killed while writing chunk 2's part left behind
	stray := filepath.Join(r.bucketDir, "processed", j.ID, "parts", "00002.csv.18a2b3c4d5e6f708.tmp")
	if err := os.MkdirAll(filepath.Dir(stray), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, []byte("rows of a tenant\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, m := range nodes {
		start(t, m)
	}
	done := waitFor(t, nodes[1], "k", j.ID, func(j jobs.Job) bool { return j.State.Final() })
	want.Validated = want.ValidatedPercent()
	if done.State != jobs.Completed || !reflect.DeepEqual(done.Summary, want) || done.Processed != want.Rows {
		t.Fatalf("job: %s %s, summary %+v; want %+v", done.State, done.Reason, done.Summary, want)
	}
	got, err := r.bucket.ReadAll(ctx, done.OutputKey)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, whole.Bytes()) {
		t.Errorf("the joined output differs from Batch's of the whole input (%d bytes, want %d)", len(got), whole.Len())
	}
	// the parts go once the job is recorded COMPLETED
	for k := range done.Parts {
		for try := 0; ; try++ {
			ok, _ := r.bucket.Exists(ctx, jobs.PartKey(j.ID, k))
			if !ok {
				break
			}
			if try == 100 {
				t.Fatalf("part %d kept after the join", k)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	for try := 0; ; try++ {
		if _, err := os.Stat(stray); os.IsNotExist(err) {
			break
		}
		if try == 100 {
			t.Fatal("the temporary part of a killed worker kept after the join")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
