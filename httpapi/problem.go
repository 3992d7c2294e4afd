package httpapi

import (
	"encoding/json"
	"net/http"
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

// The problem codes. They are stable: clients may branch on them.
const (
	CodeMalformedJSON          = "malformed_json"           // 400: the body is not a JSON object
	CodeMissingField           = "missing_field"            // 400: a required field is absent or empty
	CodeInvalidField           = "invalid_field"            // 400: a field has the wrong type
	CodeInvalidFilename        = "invalid_filename"         // 400: a filename too long, with a path or control characters
	CodeInvalidRegion          = "invalid_region"           // 400: a region the service does not know
	CodeInvalidValidationScope = "invalid_validation_scope" // 400: validationScope other than full
	CodeInvalidIdempotencyKey  = "invalid_idempotency_key"  // 400: an Idempotency-Key over 255 characters
	CodeInvalidQuery           = "invalid_query"            // 400: an empty autocomplete query
	CodeInvalidLimit           = "invalid_limit"            // 400: limit not an integer from 1 to 20
	CodeInvalidCountry         = "invalid_country"          // 400: not a known ISO 3166-1 alpha-2 code
	CodeInvalidParameter       = "invalid_parameter"        // 400: another query parameter is wrong
	CodeUnknownField           = "unknown_field"            // 400: a validate field that is no batch column name
	CodeUnauthorized           = "unauthorized"             // 401: a missing, malformed, unknown or revoked key
	CodeInvalidSignature       = "invalid_signature"        // 403: a download link without a valid signature
	CodeLinkExpired            = "link_expired"             // 403: a download link past its expiry
	CodeNotFound               = "not_found"                // 404: no such route
	CodeJobNotFound            = "job_not_found"            // 404: no such job for this key
	CodeFileNotFound           = "file_not_found"           // 404: the output is gone (deleted or expired)
	CodeMethodNotAllowed       = "method_not_allowed"       // 405
	CodeIdempotencyInProgress  = "idempotency_in_progress"  // 409: the same Idempotency-Key is being submitted
	CodeBodyTooLarge           = "body_too_large"           // 413: the body is over the size limit
	CodeTooManyRecords         = "too_many_records"         // 413: more than 500,000 records
	CodeUnsupportedMediaType   = "unsupported_media_type"   // 415: a body that is not application/json
	CodePreconditionFailed     = "precondition_failed"      // 412: a download's If-Match or If-Unmodified-Since failed
	CodeRangeNotSatisfiable    = "range_not_satisfiable"    // 416: a download's Range is past the end
	CodeIdempotencyKeyReused   = "idempotency_key_reused"   // 422: the Idempotency-Key was used for another body
	CodeNoRecords              = "no_records"               // 422: a file without a record that holds address text
	CodeNoAddress              = "no_address"               // 422: a validate request without a letter or digit of address
	CodeRateLimited            = "rate_limited"             // 429
	CodeInternal               = "internal_error"           // 500
	CodeNotReady               = "not_ready"                // 503: starting or shutting down
	CodeBusy                   = "server_busy"              // 503: too many submissions being read at once
	CodeUnavailable            = "unavailable"              // 503: the job records or queue cannot be reached
)

// writeProblem answers with a problem.
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
