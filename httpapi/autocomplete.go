package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/fault"
)

// autocomplete answers GET /v1/address/autocomplete.
func (s *Server) autocomplete(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	q := autocomplete.Query{Text: v.Get("query"), Country: v.Get("country")}
	if l := v.Get("limit"); l != "" {
		// (0 is the library's default; in the URL, a limit out of range)
		n, err := strconv.Atoi(l)
		if err != nil || n == 0 {
			s.refuse(w, r, fault.InvalidLimit, fmt.Sprintf("limit must be an integer from 1 to %d, not %q.", autocomplete.MaxLimit, l))
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
		// the syntax is the URL's; the range (NaN and infinities
		// outside it) is the service's rule
		lat, lon, ok := strings.Cut(f, ",")
		var p autocomplete.Point
		var err1, err2 error
		p.Lat, err1 = strconv.ParseFloat(strings.TrimSpace(lat), 64)
		p.Lon, err2 = strconv.ParseFloat(strings.TrimSpace(lon), 64)
		if !ok || err1 != nil || err2 != nil {
			s.refuse(w, r, fault.InvalidParameter, fmt.Sprintf("focus must be LAT,LON in degrees, not %q.", f))
			return
		}
		q.Focus = &p
	}
	resp, err := s.o.Suggester.Suggest(r.Context(), q)
	switch {
	case err != nil:
		s.fail(w, r, err)
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}
