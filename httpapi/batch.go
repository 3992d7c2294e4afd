package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/gorilla/mux"
	"gocloud.dev/gcerrors"
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

// JobStatus is the answer to GET /v1/batch/{jobId}.
type JobStatus struct {
	ID                  string  `json:"id"`
	Status              string  `json:"status"`
	Filename            string  `json:"filename"`
	Region              string  `json:"region"`
	RowCount            int     `json:"rowCount"`
	ProcessedCount      int     `json:"processedCount"`
	Progress            float64 `json:"progress"`
	HighConfidenceCount int     `json:"highConfidenceCount"`
	PartialMatchCount   int     `json:"partialMatchCount"`
	UnverifiedCount     int     `json:"unverifiedCount"`
	ValidatedCount      int     `json:"validatedCount"`
	ValidatedPercent    float64 `json:"validatedPercent"`
	DownloadURL         string  `json:"downloadUrl,omitempty"`
	Error               string  `json:"error,omitempty"`
	CreatedAt           string  `json:"createdAt"`
	StartedAt           string  `json:"startedAt,omitempty"`
	FinishedAt          string  `json:"finishedAt,omitempty"`

	// Encoding is the encoding the file was decoded from, when it was not
	// UTF-8 (a job submitted through the library).
	Encoding string `json:"encoding,omitempty"`
	// UnusedColumns and Warnings are batch.Summary's: the columns that
	// gave nothing to the addresses, and what the reader decided that no
	// header name told it.
	UnusedColumns []string `json:"unusedColumns,omitempty"`
	Warnings      []string `json:"warnings,omitempty"`
}

func timestamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// submit queues a job.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeProblem(w, r, http.StatusUnsupportedMediaType, CodeUnsupportedMediaType,
			"Send the job as JSON: Content-Type: application/json.")
		return
	}
	idem := r.Header.Get("Idempotency-Key")
	if len(idem) > 255 {
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidIdempotencyKey, "The Idempotency-Key header is longer than 255 characters.")
		return
	}
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	default:
		w.Header().Set("Retry-After", "5")
		writeProblem(w, r, http.StatusServiceUnavailable, CodeBusy,
			fmt.Sprintf("The server is reading %d other submissions; retry in a few seconds.", cap(s.uploads)))
		return
	}
	body, err := io.ReadAll(r.Body) // bounded by limitBody
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			tooLarge(w, r, s.o.MaxBodyBytes)
			return
		}
		writeProblem(w, r, http.StatusBadRequest, CodeMalformedJSON, "The body could not be read: "+err.Error())
		return
	}
	var req SubmitRequest
	if code, detail := decodeJSON(body, &req); code != "" {
		writeProblem(w, r, http.StatusBadRequest, code, detail)
		return
	}
	switch err := jobs.ValidateFilename(req.Filename); {
	case strings.TrimSpace(req.Filename) == "":
		writeProblem(w, r, http.StatusBadRequest, CodeMissingField, "filename is required: the name of the file, with its extension.")
		return
	case err != nil:
		invalidFilename(w, r, err)
		return
	case strings.TrimSpace(req.FileContent) == "":
		writeProblem(w, r, http.StatusBadRequest, CodeMissingField, "fileContent is required: the whole file as text, a header row first.")
		return
	}
	if req.Region == "" {
		req.Region = DefaultRegion
	}
	if _, ok := address.LookupCountry(req.Region); !ok {
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidRegion,
			fmt.Sprintf("region %q is not a country name or ISO 3166-1 code the service knows.", req.Region))
		return
	}
	if req.ValidationScope == "" {
		req.ValidationScope = DefaultValidationScope
	}
	if req.ValidationScope != DefaultValidationScope {
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidValidationScope,
			fmt.Sprintf("validationScope %q is not supported; the one scope is \"full\".", req.ValidationScope))
		return
	}
	digest := sha256.Sum256(body)
	j, err := s.o.Jobs.Submit(r.Context(), jobs.SubmitRequest{
		Owner: owner(r.Context()), Filename: req.Filename, Region: req.Region,
		EnhancedMatching: req.EnhancedMatching == nil || *req.EnhancedMatching, ValidationScope: req.ValidationScope,
		IdempotencyKey: idem, Digest: hex.EncodeToString(digest[:]),
	}, strings.NewReader(req.FileContent))
	switch {
	case errors.Is(err, jobs.ErrReplayed):
		w.Header().Set("Idempotent-Replayed", "true")
	case errors.Is(err, jobs.ErrKeyReused):
		writeProblem(w, r, http.StatusUnprocessableEntity, CodeIdempotencyKeyReused,
			"This Idempotency-Key was used with another request body; use a new key for a new job.")
		return
	case errors.Is(err, jobs.ErrKeyInFlight):
		writeProblem(w, r, http.StatusConflict, CodeIdempotencyInProgress,
			"A request with this Idempotency-Key is being processed; retry when it has been answered.")
		return
	case errors.Is(err, jobs.ErrNoRecords):
		writeProblem(w, r, http.StatusUnprocessableEntity, CodeNoRecords,
			"The file has no records with address text: send a header row and at least one row with an address, or one address per line.")
		return
	case errors.Is(err, batch.ErrTooManyRows):
		writeProblem(w, r, http.StatusRequestEntityTooLarge, CodeTooManyRecords,
			fmt.Sprintf("A job holds at most %d records: split the file.", jobs.MaxJobRows))
		return
	case errors.Is(err, jobs.ErrInvalidFilename):
		invalidFilename(w, r, err)
		return
	case errors.Is(err, jobs.ErrInvalid):
		writeProblem(w, r, http.StatusBadRequest, CodeMissingField, strings.TrimPrefix(err.Error(), "batch: invalid request: "))
		return
	case err != nil:
		s.internal(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/batch/"+j.ID)
	w.Header().Set("Retry-After", retryAfter)
	writeJSON(w, http.StatusAccepted, SubmitResponse{
		Success: true, JobID: j.ID, Status: string(jobs.Queued), Filename: j.Filename, Region: j.Region,
		// nothing that changes as the job runs: a replay answers the same
		Message: fmt.Sprintf("Job queued. Poll GET /v1/batch/%s for its progress, counts and download link.", j.ID),
	})
}

// invalidFilename answers 400 invalid_filename with the reason
// jobs.ValidateFilename gave.
func invalidFilename(w http.ResponseWriter, r *http.Request, err error) {
	writeProblem(w, r, http.StatusBadRequest, CodeInvalidFilename, strings.TrimPrefix(err.Error(), "batch: invalid request: ")+".")
}

// decodeJSON decodes one JSON object into v and returns the problem code
// and detail of a body that is not one.
func decodeJSON(body []byte, v any) (code, detail string) {
	dec := json.NewDecoder(bytes.NewReader(body))
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the JSON object")
		}
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return "", ""
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return CodeInvalidField, fmt.Sprintf("%s must be a %s, not a %s.", typeErr.Field, jsonType(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &typeErr):
		return CodeMalformedJSON, "The body must be a JSON object."
	case errors.Is(err, io.EOF):
		return CodeMalformedJSON, "The body is empty; send a JSON object."
	}
	return CodeMalformedJSON, "The body is not valid JSON: " + err.Error() + "."
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
		writeProblem(w, r, http.StatusNotFound, CodeJobNotFound, fmt.Sprintf("There is no job %q for this API key.", id))
		return j, false
	}
	if err != nil {
		s.internal(w, r, err)
		return j, false
	}
	return j, true
}

// statusOf is the status response of a job.
func (s *Server) statusOf(r *http.Request, j jobs.Job) (JobStatus, error) {
	st := JobStatus{
		ID: j.ID, Status: string(j.State), Filename: j.Filename, Region: j.Region,
		RowCount: max(j.Rows, j.Summary.Rows), ProcessedCount: j.Processed,
		HighConfidenceCount: j.Summary.HighConfidence, PartialMatchCount: j.Summary.Partial,
		UnverifiedCount: j.Summary.Unverified, ValidatedCount: j.Summary.ValidatedRows, ValidatedPercent: j.Summary.Validated,
		UnusedColumns: j.Summary.UnusedColumns, Warnings: j.Summary.Warnings,
		Error:     j.Reason,
		CreatedAt: timestamp(j.Created), StartedAt: timestamp(j.Started), FinishedAt: timestamp(j.Finished),
	}
	if j.Summary.Encoding != batch.UTF8 {
		st.Encoding = string(j.Summary.Encoding)
	}
	switch {
	case j.State == jobs.Completed:
		st.Progress = 100
	case st.RowCount > 0:
		st.Progress = float64(int(10000*float64(j.Processed)/float64(st.RowCount))) / 100
	}
	if j.State == jobs.Completed {
		u, err := s.o.Jobs.DownloadURL(r.Context(), j, s.base(r))
		if err != nil {
			return st, err
		}
		st.DownloadURL = u
	}
	return st, nil
}

func (s *Server) writeStatus(w http.ResponseWriter, r *http.Request, j jobs.Job) {
	st, err := s.statusOf(r, j)
	if err != nil {
		s.internal(w, r, err)
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

// cancel cancels a job and answers its status.
func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.job(w, r); !ok {
		return
	}
	j, err := s.o.Jobs.Cancel(r.Context(), owner(r.Context()), mux.Vars(r)["jobId"])
	if err != nil {
		s.internal(w, r, err)
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
		s.internal(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// download serves an output of a file:// bucket through its signed link.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	if s.o.Signer == nil {
		writeProblem(w, r, http.StatusNotFound, CodeNotFound, "This server does not serve outputs; the download links point to the bucket.")
		return
	}
	switch err := s.o.Signer.Verify(r.URL.Path, r.URL.Query()); {
	case errors.Is(err, jobs.ErrExpired):
		writeProblem(w, r, http.StatusForbidden, CodeLinkExpired, "The link has expired: get a new one from GET /v1/batch/{jobId}.")
		return
	case err != nil:
		writeProblem(w, r, http.StatusForbidden, CodeInvalidSignature, "The link's signature is missing or does not match.")
		return
	}
	// the signed path names the job and the name to download as; the
	// output's key is the job's
	rd, err := s.o.Bucket.NewReader(r.Context(), jobs.OutputKey(mux.Vars(r)["jobId"]), nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		// a job submitted before outputs were keyed by job id alone kept
		// its output under the path its link names, which is signed
		rd, err = s.o.Bucket.NewReader(r.Context(), strings.TrimPrefix(r.URL.Path, "/"), nil)
	}
	if gcerrors.Code(err) == gcerrors.NotFound {
		writeProblem(w, r, http.StatusNotFound, CodeFileNotFound, "The output is gone: the job was deleted or is past its retention.")
		return
	}
	if err != nil {
		s.internal(w, r, err)
		return
	}
	defer rd.Close()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", jobs.ContentDisposition(mux.Vars(r)["file"]))
	h.Set("Cache-Control", "private, no-store")
	http.ServeContent(&contentWriter{ResponseWriter: w, r: r}, r, "", rd.ModTime(), rd)
}

// contentWriter turns the errors http.ServeContent answers in plain text
// (a range past the end, a failed precondition) into problems.
type contentWriter struct {
	http.ResponseWriter
	r      *http.Request
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
		writeProblem(w.ResponseWriter, w.r, status, CodeRangeNotSatisfiable, "The range asked for is not in the file; the file's size is in Content-Range.")
	case http.StatusPreconditionFailed:
		writeProblem(w.ResponseWriter, w.r, status, CodePreconditionFailed, "The file does not meet the request's If-Match or If-Unmodified-Since.")
	default:
		writeProblem(w.ResponseWriter, w.r, status, CodeInternal, "The file could not be read.")
	}
}

func (w *contentWriter) Write(p []byte) (int, error) {
	if w.failed {
		return len(p), nil // the problem is written
	}
	return w.ResponseWriter.Write(p)
}

// internal logs an unexpected error and answers 500, or 503 when the job
// service's backend cannot be reached (a NATS server restarting).
func (s *Server) internal(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return // the client is gone
	}
	if errors.Is(err, jobs.ErrUnavailable) {
		s.o.Logger.Warn("job service unavailable", "method", r.Method, "path", r.URL.Path, "request_id", w.Header().Get("X-Request-Id"), "err", err)
		w.Header().Set("Retry-After", "5")
		writeProblem(w, r, http.StatusServiceUnavailable, CodeUnavailable, "The job service cannot reach its records or queue; retry in a few seconds.")
		return
	}
	s.o.Logger.Error("request failed", "method", r.Method, "path", r.URL.Path, "request_id", w.Header().Get("X-Request-Id"), "err", err)
	writeProblem(w, r, http.StatusInternalServerError, CodeInternal, "The server failed to answer; the failure is logged with the request id.")
}
