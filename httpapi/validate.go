package httpapi

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sort"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/batch"
)

// ValidateMaxBytes bounds the body of POST /v1/address/validate: one
// address, its fields at most 4 KB each.
const ValidateMaxBytes = 64 << 10

// ValidateResponse is the answer of POST /v1/address/validate: the region
// applied and the result of the address, with the fields and names of one
// batch output row (see batch.Row).
type ValidateResponse struct {
	Region string `json:"region"`
	batch.Row
}

// validate answers POST /v1/address/validate: one address, as free text
// ({"address": "..."}) or as fields named as batch columns ({"street":
// "...", "city": "...", "postal_code": "..."}), with an optional region.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeProblem(w, r, http.StatusUnsupportedMediaType, CodeUnsupportedMediaType,
			`Send the address as JSON: Content-Type: application/json, {"address": "..."}.`)
		return
	}
	body, err := io.ReadAll(r.Body) // bounded by limitBodyTo
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			tooLarge(w, r, ValidateMaxBytes)
			return
		}
		writeProblem(w, r, http.StatusBadRequest, CodeMalformedJSON, "The body could not be read: "+err.Error())
		return
	}
	var raw map[string]any
	if code, detail := decodeJSON(body, &raw); code != "" {
		writeProblem(w, r, http.StatusBadRequest, code, detail)
		return
	}
	fields := make(map[string]string, len(raw))
	region := ""
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	sort.Strings(names) // the first wrong field is named, always the same one
	for _, k := range names {
		v, ok := raw[k].(string)
		if !ok && raw[k] != nil {
			writeProblem(w, r, http.StatusBadRequest, CodeInvalidField, fmt.Sprintf("%s must be a string.", k))
			return
		}
		if k == "region" {
			region = v
			continue
		}
		if strings.TrimSpace(v) != "" {
			fields[k] = v
		}
	}
	if len(fields) == 0 {
		writeProblem(w, r, http.StatusBadRequest, CodeMissingField,
			`Send the address: "address" as one line, or its fields (`+strings.Join(batch.FieldNames()[1:], ", ")+`).`)
		return
	}
	if region == "" {
		region = DefaultRegion
	}
	if _, ok := address.LookupCountry(region); !ok {
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidRegion,
			fmt.Sprintf("region %q is not a country name or ISO 3166-1 code the service knows.", region))
		return
	}
	row, err := batch.Validate(r.Context(), fields, batch.Options{Gazetteer: s.o.Gazetteer, Region: region})
	switch {
	case errors.Is(err, batch.ErrUnknownField):
		writeProblem(w, r, http.StatusBadRequest, CodeUnknownField, strings.TrimPrefix(err.Error(), "batch: ")+".")
	case errors.Is(err, batch.ErrFieldTooLong), errors.Is(err, address.ErrTooLong), errors.Is(err, batch.ErrDuplicateField):
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidField, strings.TrimPrefix(strings.TrimPrefix(err.Error(), "batch: "), "address: ")+".")
	case errors.Is(err, address.ErrUnknownRegion):
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidField,
			"country names no country the service knows: "+strings.TrimPrefix(err.Error(), "address: ")+".")
	case errors.Is(err, address.ErrEmpty):
		writeProblem(w, r, http.StatusUnprocessableEntity, CodeNoAddress, "The address has no letter or digit.")
	case err != nil:
		s.internal(w, r, err)
	default:
		writeJSON(w, http.StatusOK, ValidateResponse{Region: region, Row: row})
	}
}
