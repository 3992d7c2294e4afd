// Package httpapi will build the gorilla/mux router of the /v1 HTTP API over
// the core packages. It is filled in by the HTTP API issue.
package httpapi
