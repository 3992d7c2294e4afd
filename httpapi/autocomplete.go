package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
)

// autocomplete answers GET /v1/address/autocomplete.
func (s *Server) autocomplete(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	q := autocomplete.Query{Text: v.Get("query"), Country: v.Get("country")}
	if l := v.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > autocomplete.MaxLimit {
			writeProblem(w, r, http.StatusBadRequest, CodeInvalidLimit,
				fmt.Sprintf("limit must be an integer from 1 to %d, not %q.", autocomplete.MaxLimit, l))
			return
		}
		q.Limit = n
	}
	if k := v.Get("kinds"); k != "" {
		for _, kind := range strings.Split(k, ",") {
			q.Kinds = append(q.Kinds, address.PlaceKind(strings.TrimSpace(kind)))
		}
	}
	if f := v.Get("focus"); f != "" {
		lat, lon, ok := strings.Cut(f, ",")
		var p autocomplete.Point
		var err1, err2 error
		p.Lat, err1 = strconv.ParseFloat(strings.TrimSpace(lat), 64)
		p.Lon, err2 = strconv.ParseFloat(strings.TrimSpace(lon), 64)
		if !ok || err1 != nil || err2 != nil || p.Lat < -90 || p.Lat > 90 || p.Lon < -180 || p.Lon > 180 {
			writeProblem(w, r, http.StatusBadRequest, CodeInvalidParameter, fmt.Sprintf("focus must be LAT,LON in degrees, not %q.", f))
			return
		}
		q.Focus = &p
	}
	resp, err := s.o.Suggester.Suggest(r.Context(), q)
	switch {
	case errors.Is(err, autocomplete.ErrEmptyQuery):
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidQuery, "query is required: the partial address as typed.")
	case errors.Is(err, autocomplete.ErrLimit):
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidLimit, err.Error())
	case errors.Is(err, autocomplete.ErrCountry):
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidCountry,
			fmt.Sprintf("country must be an ISO 3166-1 alpha-2 code such as NG, not %q.", q.Country))
	case errors.Is(err, autocomplete.ErrKind): // the error lists the kinds
		writeProblem(w, r, http.StatusBadRequest, CodeInvalidParameter,
			"kinds has an "+strings.TrimPrefix(err.Error(), "autocomplete: ")+".")
	case err != nil:
		s.internal(w, r, err)
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}
