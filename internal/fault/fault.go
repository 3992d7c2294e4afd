// Package fault is the error model of addrkit's services: an Error carries
// a stable Code, which a client may branch on, and a Message written for
// that client (a sentence, without a server path, a package name or a
// driver's words); the cause, for the server's log, is wrapped apart and
// never shown. Services (batch/jobs, batch, autocomplete, the API keys)
// return such errors for every request they refuse; httpapi maps each
// Code to an HTTP status in one table and writes every answer through one
// function. Errors without a Code are failures of the server: their text
// is logged, never sent.
//
// Errors are compared by code: errors.Is(err, jobs.ErrNoRecords) holds for
// any Error of that code, whatever its message. Code outside the module
// reads the code through the ErrorCode method:
//
//	var c interface{ ErrorCode() string }
//	if errors.As(err, &c) { ... c.ErrorCode() ... }
package fault

import (
	"errors"
	"fmt"
	"syscall"
)

// Code names what went wrong, stably. The codes are the problem codes of
// the HTTP API (docs/http-api.md).
type Code string

// The codes of requests refused, by the part of the service that refuses
// them.
const (
	// the body or query of a request
	MalformedJSON        Code = "malformed_json"         // the body is not a JSON object
	MalformedBody        Code = "malformed_body"         // the body cannot be read: broken gzip or multipart, cut short
	MissingField         Code = "missing_field"          // a required field is absent or empty
	InvalidField         Code = "invalid_field"          // a field has the wrong type or value
	UnknownField         Code = "unknown_field"          // a field that is no column name
	InvalidParameter     Code = "invalid_parameter"      // a query parameter is wrong
	UnsupportedMediaType Code = "unsupported_media_type" // a body of a type or encoding not taken
	BodyTooLarge         Code = "body_too_large"         // the body is over the size limit
	SlowBody             Code = "slow_body"              // the body came too slowly

	// the rules of a job (batch/jobs)
	InvalidFilename        Code = "invalid_filename"         // a filename too long, with a path or control characters
	InvalidRegion          Code = "invalid_region"           // a region the service does not know
	InvalidValidationScope Code = "invalid_validation_scope" // validationScope other than full
	InvalidIdempotencyKey  Code = "invalid_idempotency_key"  // an Idempotency-Key over 255 characters
	NoRecords              Code = "no_records"               // a file without a record that holds address text
	TooManyRecords         Code = "too_many_records"         // more records than a job holds
	IdempotencyKeyReused   Code = "idempotency_key_reused"   // the key was used for another body
	IdempotencyInProgress  Code = "idempotency_in_progress"  // the same key is being submitted
	JobNotFound            Code = "job_not_found"            // no such job for this owner
	PlaceNotFound          Code = "place_not_found"          // a placeId the gazetteer does not hold
	NothingNear            Code = "nothing_near"             // reverse: no place of the gazetteer near the point
	FileNotFound           Code = "file_not_found"           // the output is gone (deleted or expired)
	InvalidSignature       Code = "invalid_signature"        // a download link without a valid signature
	LinkExpired            Code = "link_expired"             // a download link past its expiry

	// one address (batch.Validate) and autocomplete
	NoAddress      Code = "no_address"      // no letter or digit of address
	InvalidQuery   Code = "invalid_query"   // an empty autocomplete query
	InvalidLimit   Code = "invalid_limit"   // limit out of range
	InvalidCountry Code = "invalid_country" // not a known ISO 3166-1 alpha-2 code

	// the caller and the server
	Unauthorized        Code = "unauthorized"          // a missing, malformed, unknown or revoked key
	NotFound            Code = "not_found"             // no such route
	MethodNotAllowed    Code = "method_not_allowed"    // a route without that method
	PreconditionFailed  Code = "precondition_failed"   // a download's If-Match or If-Unmodified-Since failed
	RangeNotSatisfiable Code = "range_not_satisfiable" // a download's Range is past the end
	RateLimited         Code = "rate_limited"          // too many requests
	NotReady            Code = "not_ready"             // starting or shutting down
	Busy                Code = "server_busy"           // too many submissions being read at once
	Unavailable         Code = "unavailable"           // the job records or queue cannot be reached
	InsufficientStorage Code = "insufficient_storage"  // the disk or bucket is full
	Internal            Code = "internal_error"        // anything else: a failure of the server
)

// Error is an error a client may see: its Code and Message. Err, the
// cause, is for the log.
type Error struct {
	Code    Code
	Message string
	Err     error
}

// New returns an Error whose message is formatted as fmt.Sprintf does.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an Error of the code and message with err as its cause.
func Wrap(err error, code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: err}
}

// Error returns the message: what a client may read.
func (e *Error) Error() string { return e.Message }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an Error of the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// ErrorCode returns the code, for code outside the module.
func (e *Error) ErrorCode() string { return string(e.Code) }

// CodeOf returns the code of the first Error in err's chain, Internal for
// an error without one, and "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// MessageOf returns what a client may read of err: the message of its
// Error, or for any other error a sentence that says only that the
// server failed.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "The server failed; the failure is logged."
}

// Detail returns the whole chain of err, message and causes, for the log.
func Detail(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return err.Error()
}

// Storage classifies a failure to write: a full disk or bucket becomes an
// Error of code InsufficientStorage with msg, anything else is returned as
// it is (a failure of the server).
func Storage(err error, msg string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, syscall.ENOSPC) {
		return Wrap(err, InsufficientStorage, "%s", msg)
	}
	return err
}
