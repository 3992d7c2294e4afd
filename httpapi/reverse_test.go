package httpapi

import (
	"slices"
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

// TestJobRows: GET /v1/batch/{jobId}/rows answers the first rows of a
// completed job's output, of one status when asked, to its owner only.
func TestJobRows(t *testing.T) {
	r := newRig(t, nil, nil)
	file := "id,address\n1,\"12 Allen Avenue, Ikeja, Lagos\"\n2,\"5 Ogunsiji Close, Ikeja\"\n3,zzz qqq\n4,\"Wuse 2, Abuja\"\n"
	resp := r.submit(r.keyA, map[string]any{"filename": "rows.csv", "fileContent": file, "region": "Nigeria"})
	var sub SubmitResponse
	resp.decode(t, &sub)
	if resp.StatusCode != 202 {
		t.Fatalf("submit: %d %s", resp.StatusCode, resp.body)
	}
	st := r.waitFinal(r.keyA, sub.JobID)
	var all, two, unverified struct {
		Columns []string   `json:"columns"`
		Rows    [][]string `json:"rows"`
		More    bool       `json:"more"`
	}
	r.do("GET", "/v1/batch/"+sub.JobID+"/rows", r.keyA, nil).decode(t, &all)
	status := slices.Index(all.Columns, "status")
	if len(all.Rows) != 4 || all.More || status < 0 || all.Columns[0] != "input_id" || all.Rows[0][0] != "1" {
		t.Fatalf("rows: %+v", all)
	}
	r.do("GET", "/v1/batch/"+sub.JobID+"/rows?limit=2", r.keyA, nil).decode(t, &two)
	if len(two.Rows) != 2 || !two.More {
		t.Errorf("limit 2: %d rows, more %v", len(two.Rows), two.More)
	}
	r.do("GET", "/v1/batch/"+sub.JobID+"/rows?status=UNVERIFIED", r.keyA, nil).decode(t, &unverified)
	if len(unverified.Rows) != st.UnverifiedCount || st.UnverifiedCount == 0 {
		t.Errorf("UNVERIFIED rows: %d, the job counts %d", len(unverified.Rows), st.UnverifiedCount)
	}
	for _, row := range unverified.Rows {
		if row[status] != "UNVERIFIED" {
			t.Errorf("a %s row among the UNVERIFIED", row[status])
		}
	}
	for _, tt := range []struct {
		query, key, code string
	}{
		{"", r.keyB, CodeJobNotFound},
		{"?limit=0", r.keyA, CodeInvalidLimit},
		{"?limit=201", r.keyA, CodeInvalidLimit},
		{"?status=GOOD", r.keyA, CodeInvalidParameter},
	} {
		resp := r.do("GET", "/v1/batch/"+sub.JobID+"/rows"+tt.query, tt.key, nil)
		if p := resp.problem(t); p.Code != tt.code {
			t.Errorf("%s: %d %+v, want %s", tt.query, resp.StatusCode, p, tt.code)
		}
	}
}
