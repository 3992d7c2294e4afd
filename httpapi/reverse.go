package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/batch"
	"github.com/addrkit/addrkit/internal/fault"
)

// ReverseResponse is the answer of GET /v1/address/reverse: the place at
// the point as a row of a batch output (address.Reverse: the nearest
// address point or street, else the settlement the point is in), with
// the distance from the point asked to the place's point and the Plus
// Code of the point asked.
type ReverseResponse struct {
	batch.Row
	DistanceM     float64 `json:"distance_m"`
	PointPlusCode string  `json:"point_plus_code"`
}

// reverse answers GET /v1/address/reverse?lat=...&lon=....
func (s *Server) reverse(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	var coord [2]float64
	for i, name := range []string{"lat", "lon"} {
		text := strings.TrimSpace(v.Get(name))
		if text == "" {
			s.refuse(w, r, fault.InvalidParameter, "lat and lon are required: the point, in decimal degrees (lat=6.4281&lon=3.4219).")
			return
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			s.refuse(w, r, fault.InvalidParameter, fmt.Sprintf("%s must be a number of decimal degrees, not %q.", name, text))
			return
		}
		coord[i] = f
	}
	row, rev, err := batch.ReversePoint(r.Context(), coord[0], coord[1], batch.Options{Gazetteer: s.o.Gazetteer})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ReverseResponse{Row: row, DistanceM: rev.DistanceM, PointPlusCode: rev.PlusCode})
}
