package httpapi

import (
	"fmt"
	"mime"
	"net/http"
	"sort"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/fault"
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
		s.refuse(w, r, fault.UnsupportedMediaType,
			`Send the address as JSON: Content-Type: application/json, {"address": "..."}.`)
		return
	}
	body, err := s.readBody(r, ValidateMaxBytes)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var raw map[string]any
	if err := decodeJSON(body, &raw); err != nil {
		s.fail(w, r, err)
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
			s.refuse(w, r, fault.InvalidField, fmt.Sprintf("%s must be a string.", k))
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
		s.refuse(w, r, fault.MissingField,
			`Send the address: "address" as one line, or its fields (`+strings.Join(batch.FieldNames()[1:], ", ")+`).`)
		return
	}
	region, err = batch.ResolveRegion(region)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	row, err := batch.Validate(r.Context(), fields, batch.Options{Gazetteer: s.o.Gazetteer, Region: region})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ValidateResponse{Region: region, Row: row})
}
