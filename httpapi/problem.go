package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/addrkit/addrkit/internal/fault"
)

// Problem is an error answer, application/problem+json as RFC 9457
// describes it, with a stable machine-readable Code. Type is
// "urn:addrkit:problem:" + Code.
type Problem struct {
	Type      string `json:"type"`
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail,omitempty"`
	Instance  string `json:"instance,omitempty"`
	Code      string `json:"code"`
	RequestID string `json:"requestId,omitempty"`
}

// The problem codes, the codes of internal/fault (docs/http-api.md lists
// them with their statuses). They are stable: clients may branch on them.
const (
	CodeMalformedJSON          = string(fault.MalformedJSON)
	CodeMalformedBody          = string(fault.MalformedBody)
	CodeMissingField           = string(fault.MissingField)
	CodeInvalidField           = string(fault.InvalidField)
	CodeInvalidFilename        = string(fault.InvalidFilename)
	CodeInvalidRegion          = string(fault.InvalidRegion)
	CodeInvalidValidationScope = string(fault.InvalidValidationScope)
	CodeInvalidIdempotencyKey  = string(fault.InvalidIdempotencyKey)
	CodeInvalidQuery           = string(fault.InvalidQuery)
	CodeInvalidLimit           = string(fault.InvalidLimit)
	CodeInvalidCountry         = string(fault.InvalidCountry)
	CodeInvalidParameter       = string(fault.InvalidParameter)
	CodeUnknownField           = string(fault.UnknownField)
	CodeUnauthorized           = string(fault.Unauthorized)
	CodeInvalidSignature       = string(fault.InvalidSignature)
	CodeLinkExpired            = string(fault.LinkExpired)
	CodeNotFound               = string(fault.NotFound)
	CodeJobNotFound            = string(fault.JobNotFound)
	CodePlaceNotFound          = string(fault.PlaceNotFound)
	CodeNothingNear            = string(fault.NothingNear)
	CodeFileNotFound           = string(fault.FileNotFound)
	CodeMethodNotAllowed       = string(fault.MethodNotAllowed)
	CodeIdempotencyInProgress  = string(fault.IdempotencyInProgress)
	CodeBodyTooLarge           = string(fault.BodyTooLarge)
	CodeTooManyRecords         = string(fault.TooManyRecords)
	CodeUnsupportedMediaType   = string(fault.UnsupportedMediaType)
	CodePreconditionFailed     = string(fault.PreconditionFailed)
	CodeRangeNotSatisfiable    = string(fault.RangeNotSatisfiable)
	CodeIdempotencyKeyReused   = string(fault.IdempotencyKeyReused)
	CodeNoRecords              = string(fault.NoRecords)
	CodeNoAddress              = string(fault.NoAddress)
	CodeRateLimited            = string(fault.RateLimited)
	CodeInternal               = string(fault.Internal)
	CodeNotReady               = string(fault.NotReady)
	CodeBusy                   = string(fault.Busy)
	CodeUnavailable            = string(fault.Unavailable)
	CodeInsufficientStorage    = string(fault.InsufficientStorage)
	CodeSlowBody               = string(fault.SlowBody)
)

// statuses maps every code to its HTTP status: the one table of the API.
var statuses = map[fault.Code]int{
	fault.MalformedJSON:          http.StatusBadRequest,
	fault.MalformedBody:          http.StatusBadRequest,
	fault.MissingField:           http.StatusBadRequest,
	fault.InvalidField:           http.StatusBadRequest,
	fault.UnknownField:           http.StatusBadRequest,
	fault.InvalidParameter:       http.StatusBadRequest,
	fault.InvalidFilename:        http.StatusBadRequest,
	fault.InvalidRegion:          http.StatusBadRequest,
	fault.InvalidValidationScope: http.StatusBadRequest,
	fault.InvalidIdempotencyKey:  http.StatusBadRequest,
	fault.InvalidQuery:           http.StatusBadRequest,
	fault.InvalidLimit:           http.StatusBadRequest,
	fault.InvalidCountry:         http.StatusBadRequest,
	fault.Unauthorized:           http.StatusUnauthorized,
	fault.InvalidSignature:       http.StatusForbidden,
	fault.LinkExpired:            http.StatusForbidden,
	fault.NotFound:               http.StatusNotFound,
	fault.JobNotFound:            http.StatusNotFound,
	fault.PlaceNotFound:          http.StatusNotFound,
	fault.NothingNear:            http.StatusNotFound,
	fault.FileNotFound:           http.StatusNotFound,
	fault.MethodNotAllowed:       http.StatusMethodNotAllowed,
	fault.SlowBody:               http.StatusRequestTimeout,
	fault.IdempotencyInProgress:  http.StatusConflict,
	fault.PreconditionFailed:     http.StatusPreconditionFailed,
	fault.BodyTooLarge:           http.StatusRequestEntityTooLarge,
	fault.TooManyRecords:         http.StatusRequestEntityTooLarge,
	fault.UnsupportedMediaType:   http.StatusUnsupportedMediaType,
	fault.RangeNotSatisfiable:    http.StatusRequestedRangeNotSatisfiable,
	fault.IdempotencyKeyReused:   http.StatusUnprocessableEntity,
	fault.NoRecords:              http.StatusUnprocessableEntity,
	fault.NoAddress:              http.StatusUnprocessableEntity,
	fault.RateLimited:            http.StatusTooManyRequests,
	fault.Internal:               http.StatusInternalServerError,
	fault.NotReady:               http.StatusServiceUnavailable,
	fault.Busy:                   http.StatusServiceUnavailable,
	fault.Unavailable:            http.StatusServiceUnavailable,
	fault.InsufficientStorage:    http.StatusInsufficientStorage,
}

// retryAfters are the Retry-After seconds of the answers a client should
// retry, unless the handler set its own.
var retryAfters = map[fault.Code]string{
	fault.Busy:                "5",
	fault.Unavailable:         "5",
	fault.NotReady:            "5",
	fault.InsufficientStorage: "60",
	fault.RateLimited:         "5",
	// the twin of a submission being stored: its job is there in seconds
	fault.IdempotencyInProgress: "2",
}

// fail answers with the problem of err, the one way every error reaches a
// client: the code and message of a fault.Error, or for any other error
// 500 internal_error and a sentence that names no cause. Answers of 500
// and over are logged with the whole error and the request id, which the
// problem carries too. When the client is gone, nothing is written.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := fault.CodeOf(err)
	status, ok := statuses[code]
	if !ok {
		code, status = fault.Internal, http.StatusInternalServerError
	}
	if status >= 500 {
		if r.Context().Err() != nil {
			return // the client is gone
		}
		level := slog.LevelError
		if code == fault.Unavailable || code == fault.NotReady || code == fault.Busy {
			level = slog.LevelWarn
		}
		s.o.Logger.Log(r.Context(), level, "request failed", "method", r.Method, "path", r.URL.Path,
			"request_id", w.Header().Get("X-Request-Id"), "code", string(code), "err", fault.Detail(err))
	}
	detail := fault.MessageOf(err)
	if code == fault.Internal {
		detail = "The server failed to answer; the failure is logged with the request id."
	}
	if ra, ok := retryAfters[code]; ok && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", ra)
	}
	writeProblem(w, r, status, string(code), detail)
}

// refuse answers with a problem of the code and message: a request the
// handler itself refuses.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code fault.Code, msg string) {
	s.fail(w, r, &fault.Error{Code: code, Message: msg})
}

// writeProblem writes a problem; only fail calls it.
func writeProblem(w http.ResponseWriter, r *http.Request, status int, code, detail string) {
	p := Problem{
		Type: "urn:addrkit:problem:" + code, Title: http.StatusText(status), Status: status,
		Detail: detail, Instance: r.URL.Path, Code: code, RequestID: w.Header().Get("X-Request-Id"),
	}
	h := w.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Cache-Control", "no-store")
	h.Del("Content-Disposition")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(p)
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
