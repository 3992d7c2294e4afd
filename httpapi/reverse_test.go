package httpapi

import (
	"strings"
	"testing"
)

// TestReverseRoute: GET /v1/address/reverse answers the place at a point
// as a batch row with its distance and the point's Plus Code, and
// problems for what is no point or near nothing.
func TestReverseRoute(t *testing.T) {
	r := newRig(t, nil, nil)
	for _, tt := range []struct {
		query                          string
		neighbourhood, city, state, cc string
	}{
		{"lat=6.4281&lon=3.4219", "Victoria Island", "", "NG-LA", "NG"},
		{"lat=51.5007&lon=-0.1246", "Lambeth", "London", "", "GB"},
		{"lat=%20-1.2864&lon=36.8172", "", "Nairobi", "", "KE"},
	} {
		resp := r.do("GET", "/v1/address/reverse?"+tt.query, r.keyA, nil)
		var v ReverseResponse
		resp.decode(t, &v)
		if resp.StatusCode != 200 || v.Neighbourhood != tt.neighbourhood || v.City != tt.city || v.StateCode != tt.state || v.CountryCode != tt.cc ||
			v.Latitude == nil || v.PlaceID == "" || len(v.PointPlusCode) != 11 || v.DistanceM > 2000 || len(v.Reasons) == 0 {
			t.Errorf("%s: %d %s", tt.query, resp.StatusCode, resp.body)
		}
	}
	for _, tt := range []struct {
		query, code, says string
	}{
		{"lat=6.4281", CodeInvalidParameter, "lat and lon are required"},
		{"lat=six&lon=3", CodeInvalidParameter, `lat must be a number of decimal degrees, not "six"`},
		{"lat=91&lon=3", CodeInvalidParameter, "from -90 to 90"},
		{"lat=6&lon=NaN", CodeInvalidParameter, "from -180 to 180"},
		{"lat=0&lon=-30", CodeNothingNear, "no place within 300 km"},
	} {
		resp := r.do("GET", "/v1/address/reverse?"+tt.query, r.keyA, nil)
		if p := resp.problem(t); p.Code != tt.code || !strings.Contains(p.Detail, tt.says) {
			t.Errorf("%s: %d %+v, want %s saying %q", tt.query, resp.StatusCode, p, tt.code, tt.says)
		}
	}
	if resp := r.do("GET", "/v1/address/reverse?lat=6.4&lon=3.4", "", nil); resp.StatusCode != 401 {
		t.Errorf("no key: %d", resp.StatusCode)
	}
}

// TestPageMap: the page's map library is the server's own file, its
// tiles' host the only other the Content-Security-Policy allows images
// from, and /ui/config.json tells the page the tiles.
func TestPageMap(t *testing.T) {
	r := newRig(t, func(o *Options) {
		o.Tiles, o.TilesAttribution = "https://tiles.example.org/{z}/{x}/{y}.png", "© Example"
	}, nil)
	page := r.do("GET", "/", "", nil)
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: https://tiles.example.org;") || !strings.Contains(csp, "script-src 'self';") {
		t.Errorf("CSP %q", csp)
	}
	if lib := r.do("GET", "/ui/leaflet.js", "", nil); lib.StatusCode != 200 || !strings.Contains(string(lib.body), "Leaflet") {
		t.Errorf("/ui/leaflet.js: %d", lib.StatusCode)
	}
	var c struct{ Tiles, TilesAttribution string }
	cfg := r.do("GET", "/ui/config.json", "", nil)
	cfg.decode(t, &c)
	if c.Tiles != "https://tiles.example.org/{z}/{x}/{y}.png" || c.TilesAttribution != "© Example" {
		t.Errorf("/ui/config.json: %s", cfg.body)
	}
	// without tiles, images from this server only
	plain := newRig(t, nil, nil).do("GET", "/", "", nil)
	if csp := plain.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data:;") {
		t.Errorf("CSP without tiles %q", csp)
	}
}
