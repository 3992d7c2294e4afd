package address

// Great-circle distances between places and points, by the haversine.

import "math"

// near reports whether two places lie within d metres of each other.
func near(p, q *Place, d float64) bool {
	if !p.HasPoint || !q.HasPoint {
		return false
	}
	// The distance is at least the arc between the latitudes (r·|dφ|,
	// for latitudes within ±90°, which the gazetteer's places are):
	// farther than d by that alone is far (a margin for rounding keeps
	// the answer Distance's own).
	if dφ := math.Abs(p.Lat-q.Lat) * math.Pi / 180; EarthRadius*dφ > d*(1+1e-9)+1e-6 {
		return false
	}
	return Distance(p.Lat, p.Lon, q.Lat, q.Lon) <= d
}

// EarthRadius is the mean radius of the Earth in metres, which Distance
// and ArcDistance measure by.
const EarthRadius = 6371008.8

// Distance returns the great-circle distance in metres between two points.
func Distance(lat1, lon1, lat2, lon2 float64) float64 {
	φ1, φ2 := lat1*math.Pi/180, lat2*math.Pi/180
	return ArcDistance(Haversine(φ2-φ1, (lon2-lon1)*math.Pi/180, math.Cos(φ1), math.Cos(φ2)))
}

// Haversine is the haversine of the angle between two points, from the
// differences of their latitudes and longitudes (radians) and the cosines
// of their latitudes: what Distance computes before the arc, for callers
// that compare many points with one (storage's point index keeps the
// cosines, and compares haversines with a radius's: the same order, and
// no arc sine a point).
func Haversine(dφ, dλ, cosφ1, cosφ2 float64) float64 {
	sφ, sλ := math.Sin(dφ/2), math.Sin(dλ/2)
	return sφ*sφ + cosφ1*cosφ2*sλ*sλ
}

// ArcDistance turns a haversine into the distance in metres on the
// Earth's surface.
func ArcDistance(h float64) float64 {
	return 2 * EarthRadius * math.Asin(math.Min(1, math.Sqrt(h)))
}
