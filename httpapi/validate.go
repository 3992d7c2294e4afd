package httpapi

import (
	"fmt"
	"mime"
	"net/http"
	"sort"
	"strings"

	"github.com/addrkit/addrkit/address"
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
	if _, ok := raw["placeId"]; ok {
		s.validatePlace(w, r, raw)
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
	writeJSON(w, http.StatusOK, ValidateResponse{Region: batch.RegionName(region), Row: row})
}

// validatePlace answers for exactly the place of a suggestion:
// {"placeId": "...", "house_number": "12", "unit": "Flat 3"}, the house
// number and unit optional, nothing else allowed beside them (the
// place's label is not read again).
func (s *Server) validatePlace(w http.ResponseWriter, r *http.Request, raw map[string]any) {
	str := map[string]string{}
	for k, v := range raw {
		switch k {
		case "placeId", "house_number", "unit", "region":
		default:
			s.refuse(w, r, fault.UnknownField, fmt.Sprintf("With placeId, the fields are house_number and unit; %s is not one.", k))
			return
		}
		v, ok := v.(string)
		if !ok && raw[k] != nil {
			s.refuse(w, r, fault.InvalidField, fmt.Sprintf("%s must be a string.", k))
			return
		}
		str[k] = strings.TrimSpace(v)
	}
	if str["placeId"] == "" {
		s.refuse(w, r, fault.MissingField, "placeId is empty: send the id of a suggestion.")
		return
	}
	region, err := batch.ResolveRegion(str["region"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	row, err := batch.ValidatePlace(r.Context(), str["placeId"], str["house_number"], address.Unit{Number: str["unit"]}, batch.Options{Gazetteer: s.o.Gazetteer, Region: region})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ValidateResponse{Region: batch.RegionName(region), Row: row})
}
