package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/fault"
	"github.com/gorilla/mux"
)

// Defaults of a submitted job.
const (
	DefaultRegion          = "Nigeria"
	DefaultValidationScope = "full"
	// retryAfter is the polling interval suggested while a job runs.
	retryAfter = "2"
)

// SubmitRequest is the body of POST /v1/batch/process.
type SubmitRequest struct {
	Filename         string `json:"filename"`
	FileContent      string `json:"fileContent"`
	Region           string `json:"region"`
	EnhancedMatching *bool  `json:"enhancedMatching"`
	ValidationScope  string `json:"validationScope"`
	// CallbackURL, when set, receives a signed POST of the job's status
	// when it completes, fails or is cancelled.
	CallbackURL string `json:"callbackUrl"`
}

// SubmitResponse is the answer to POST /v1/batch/process.
type SubmitResponse struct {
	Success  bool   `json:"success"`
	JobID    string `json:"jobId"`
	Status   string `json:"status"`
	Filename string `json:"filename"`
	Region   string `json:"region"`
	Message  string `json:"message"`
}

// JobStatus is the answer to GET /v1/batch/{jobId}: the job service's
// status of a job, which a completion callback carries too.
type JobStatus = jobs.Status

// submit queues a job, its file sent in one of the forms of forms.go.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	f, boundary, err := formOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	idem := r.Header.Get("Idempotency-Key")
	if len(idem) > 255 {
		s.refuse(w, r, fault.InvalidIdempotencyKey, "The Idempotency-Key header is longer than 255 characters.")
		return
	}
	release, err := s.uploads.take(owner(r.Context()))
	if err != nil {
		w.Header().Set("Connection", "close") // the body is not read: stop the client sending it
		s.fail(w, r, err)
		return
	}
	defer release()
	paced := s.pacedBody(w, r)
	defer paced.done()
	j, err := s.receive(r, f, boundary, paced, idem)
	switch {
	case errors.Is(err, jobs.ErrReplayed):
		w.Header().Set("Idempotent-Replayed", "true")
	case err != nil:
		if f != formJSON || paced.slow {
			// the rest of the body is not read
			w.Header().Set("Connection", "close")
		}
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/batch/"+j.ID)
	w.Header().Set("Retry-After", retryAfter)
	writeJSON(w, http.StatusAccepted, SubmitResponse{
		Success: true, JobID: j.ID, Status: string(jobs.Queued), Filename: j.Filename, Region: batch.RegionName(j.Region),
		// nothing that changes as the job runs: a replay answers the same
		Message: fmt.Sprintf("Job queued. Poll GET /v1/batch/%s for its progress, counts and download link.", j.ID),
	})
}

// receive reads a submission of form f and submits its job: a JSON body
// is read whole (it is bounded by MaxBodyBytes), a file or a form is
// streamed to the job service as it comes.
func (s *Server) receive(r *http.Request, f form, boundary string, body io.Reader, idem string) (jobs.Job, error) {
	body, err := decompressed(r, body, s.o.MaxBodyBytes)
	if err != nil {
		return jobs.Job{}, err
	}
	var st settings
	var file io.Reader
	switch f {
	case formJSON:
		b, err := io.ReadAll(body)
		if err != nil {
			return jobs.Job{}, err
		}
		var req SubmitRequest
		if err := decodeJSON(b, &req); err != nil {
			return jobs.Job{}, err
		}
		if strings.TrimSpace(req.FileContent) == "" {
			// the filename's fault first, as Submit would give it
			if err := jobs.ValidateFilename(req.Filename); err != nil {
				return jobs.Job{}, err
			}
			return jobs.Job{}, fault.New(fault.MissingField, "fileContent is required: the whole file as text, a header row first.")
		}
		st = settings{filename: req.Filename, region: req.Region, scope: req.ValidationScope, enhanced: req.EnhancedMatching, callback: req.CallbackURL}
		file = strings.NewReader(req.FileContent)
	case formFile:
		if err := st.fromQuery(r.URL.Query()); err != nil {
			return jobs.Job{}, err
		}
		file = body
	case formMultipart:
		if err := st.fromQuery(r.URL.Query()); err != nil {
			return jobs.Job{}, err
		}
		if file, err = multipartFile(body, boundary, &st); err != nil {
			return jobs.Job{}, err
		}
	}
	// the digest is Submit's, of the settings and the file: the same file
	// sent in another form is the same request
	return s.o.Jobs.Submit(r.Context(), jobs.SubmitRequest{
		Owner: owner(r.Context()), Filename: st.filename, Region: st.region,
		EnhancedMatching: st.enhanced == nil || *st.enhanced, ValidationScope: st.scope,
		IdempotencyKey: idem, CallbackURL: st.callback,
	}, file)
}

// readBody reads a request's body, bounded by limitBody: a body over limit
// is body_too_large (and the connection is closed after the answer, so
// that the client stops sending).
func (s *Server) readBody(r *http.Request, limit int64) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, tooLarge(limit)
	case fault.CodeOf(err) == fault.SlowBody:
		return nil, err
	case err != nil:
		return nil, fault.Wrap(err, fault.MalformedJSON, "The body could not be read to its end.")
	}
	return body, nil
}

// decodeJSON decodes one JSON object into v; a body that is not one is a
// malformed_json fault, a field of the wrong type an invalid_field one.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the JSON object")
		}
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return fault.New(fault.InvalidField, "%s must be a %s, not a %s.", typeErr.Field, jsonType(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &typeErr):
		return fault.New(fault.MalformedJSON, "The body must be a JSON object.")
	case errors.Is(err, io.EOF):
		return fault.New(fault.MalformedJSON, "The body is empty; send a JSON object.")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fault.New(fault.MalformedJSON, "The body is not valid JSON: it ends in the middle of a value.")
	case errors.As(err, &syntaxErr):
		return fault.New(fault.MalformedJSON, "The body is not valid JSON: the error is at byte %d.", syntaxErr.Offset)
	}
	return fault.Wrap(err, fault.MalformedJSON, "The body is not valid JSON.")
}

func jsonType(kind string) string {
	switch kind {
	case "ptr", "bool":
		return "boolean"
	case "string":
		return "string"
	}
	return kind
}

// job returns the requested job of the caller, or answers 404.
func (s *Server) job(w http.ResponseWriter, r *http.Request) (jobs.Job, bool) {
	id := mux.Vars(r)["jobId"]
	j, err := s.o.Jobs.Job(r.Context(), owner(r.Context()), id)
	if errors.Is(err, jobs.ErrNotFound) {
		s.refuse(w, r, fault.JobNotFound, fmt.Sprintf("There is no job %q for this API key.", id))
		return j, false
	}
	if err != nil {
		s.fail(w, r, err)
		return j, false
	}
	return j, true
}

// statusOf is the status response of a job.
func (s *Server) statusOf(r *http.Request, j jobs.Job) (JobStatus, error) {
	return s.o.Jobs.Status(r.Context(), j, s.base(r))
}

func (s *Server) writeStatus(w http.ResponseWriter, r *http.Request, j jobs.Job) {
	st, err := s.statusOf(r, j)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if !j.State.Final() {
		w.Header().Set("Retry-After", retryAfter)
	}
	writeJSON(w, http.StatusOK, st)
}

// status answers a job's status.
func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	if j, ok := s.job(w, r); ok {
		s.writeStatus(w, r, j)
	}
}

// rows answers the first rows of a completed job's output, of one status
// when asked (?status=PARTIAL&limit=50): what the web page shows.
func (s *Server) rows(w http.ResponseWriter, r *http.Request) {
	j, ok := s.job(w, r)
	if !ok {
		return
	}
	limit := 0
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n == 0 {
			s.refuse(w, r, fault.InvalidLimit, fmt.Sprintf("limit must be an integer from 1 to %d, not %q.", jobs.MaxPreviewRows, l))
			return
		}
		limit = n
	}
	p, err := s.o.Jobs.Rows(r.Context(), j, r.URL.Query().Get("status"), limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, p)
}

// cancel cancels a job and answers its status.
func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.job(w, r); !ok {
		return
	}
	j, err := s.o.Jobs.Cancel(r.Context(), owner(r.Context()), mux.Vars(r)["jobId"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeStatus(w, r, j)
}

// delete cancels a job if it runs and deletes it with its files.
func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.job(w, r); !ok {
		return
	}
	if err := s.o.Jobs.Delete(r.Context(), owner(r.Context()), mux.Vars(r)["jobId"]); err != nil {
		if errors.Is(err, jobs.ErrNotFound) { // deleted meanwhile
			w.WriteHeader(http.StatusNoContent)
			return
		}
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// download serves an output of a file:// bucket through its signed link:
// the job service checks the link and opens the file.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	d, err := s.o.Jobs.OpenDownload(r.Context(), r.URL.Path, r.URL.Query())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer d.File.Close()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", jobs.ContentDisposition(d.Name))
	h.Set("Cache-Control", "private, no-store")
	http.ServeContent(&contentWriter{ResponseWriter: w, r: r, s: s}, r, "", d.File.ModTime(), d.File)
}

// contentWriter turns the errors http.ServeContent answers in plain text
// (a range past the end, a failed precondition) into problems.
type contentWriter struct {
	http.ResponseWriter
	r      *http.Request
	s      *Server
	failed bool
}

func (w *contentWriter) WriteHeader(status int) {
	if status < 400 {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.failed = true
	w.Header().Del("X-Content-Type-Options")
	switch status {
	case http.StatusRequestedRangeNotSatisfiable:
		w.s.refuse(w.ResponseWriter, w.r, fault.RangeNotSatisfiable, "The range asked for is not in the file; the file's size is in Content-Range.")
	case http.StatusPreconditionFailed:
		w.s.refuse(w.ResponseWriter, w.r, fault.PreconditionFailed, "The file does not meet the request's If-Match or If-Unmodified-Since.")
	default:
		w.s.refuse(w.ResponseWriter, w.r, fault.Internal, "The file could not be read.")
	}
}

func (w *contentWriter) Write(p []byte) (int, error) {
	if w.failed {
		return len(p), nil // the problem is written
	}
	return w.ResponseWriter.Write(p)
}
