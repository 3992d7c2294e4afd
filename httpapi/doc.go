// Package httpapi is the /v1 HTTP API of addrkit: a gorilla/mux router over
// the core packages, wrapped by gzhttp (zstd and gzip).
//
//	POST   /v1/batch/process          submit a file (jobs.Manager.Submit); 202 with Location
//	GET    /v1/batch/{jobId}          a job's status, counts, progress and signed download link
//	POST   /v1/batch/{jobId}/cancel   cancel it
//	DELETE /v1/batch/{jobId}          delete it with its files
//	GET    /v1/address/autocomplete   typo-tolerant suggestions (autocomplete.Index.Suggest)
//	GET    /v1/openapi.json           the OpenAPI 3.1 document (OpenAPI)
//	GET    /processed/{jobId}/{file}  an output of a file:// bucket, behind its signed link
//	GET    /healthz, /readyz, /metrics
//
// Every /v1 route takes "Authorization: Bearer <API_KEY>" (see package
// apikey) and is rate-limited per key; a job is visible only to the key
// that submitted it. Every error is an RFC 9457 Problem with a stable Code.
// New takes its collaborators as small interfaces (Jobs, Suggester,
// Authenticator), so that a program can embed the API over its own
// gazetteer, store and bucket; `addrkit serve` wires the defaults.
package httpapi
