package httpapi

import (
	"net/url"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

// TestValidate checks POST /v1/address/validate on the real stack: free
// text and batch-named fields give a batch row's fields, and every wrong
// request a problem with its code. Every answer is checked against the
// OpenAPI document.
func TestValidate(t *testing.T) {
	r := newRig(t, nil, nil)
	post := func(key, body string) response {
		return r.do("POST", "/v1/address/validate", key, strings.NewReader(body))
	}

	t.Run("free text", func(t *testing.T) {
		resp := post(r.keyA, `{"address": "12 Adeola Odeku Street, Victoria Island, Lagos"}`)
		if resp.StatusCode != 200 {
			t.Fatalf("%d: %s", resp.StatusCode, resp.body)
		}
		var v ValidateResponse
		resp.decode(t, &v)
		if v.Region != DefaultRegion || v.StreetName != "Adeola Odeku" || v.StateCode != "NG-LA" || v.LGA != "Eti-Osa" ||
			v.Latitude == nil || v.Status == "" || v.FormattedAddress == "" || len(v.Reasons) == 0 {
			t.Errorf("answer %+v", v)
		}
	})
	t.Run("fields named as batch columns", func(t *testing.T) {
		resp := post(r.keyA, `{"street": "12 Allen Avenue", "city": "Ikeja", "state": "Lagos", "postal_code": "100271", "region": "NG"}`)
		var v ValidateResponse
		resp.decode(t, &v)
		if resp.StatusCode != 200 || v.HouseNumber != "12" || v.City != "Ikeja" || v.Postcode != "100271" || v.Region != "NG" {
			t.Errorf("%d %+v", resp.StatusCode, v)
		}
	})
	t.Run("another country implied", func(t *testing.T) {
		resp := post(r.keyA, `{"address": "1200 Market St, Philadelphia PA 19107"}`)
		var v ValidateResponse
		resp.decode(t, &v)
		found := false
		for _, c := range v.Changes {
			found = found || c.Field == "country" && strings.HasPrefix(c.Reason, "implied by PA 19107")
		}
		if v.CountryCode != "US" || !found {
			t.Errorf("country %q, changes %+v", v.CountryCode, v.Changes)
		}
	})
	t.Run("a name two places bear", func(t *testing.T) {
		// the answer says where else the address may be, and that
		// place validates by its id (the schema is checked by do)
		var v ValidateResponse
		post(r.keyA, `{"address": "Bassa"}`).decode(t, &v)
		if v.CandidateCount != 2 || len(v.Alternatives) != 1 || v.Alternatives[0].Label != "Bassa, Kogi" || v.StateCode != "NG-PL" {
			t.Fatalf("%d candidates, state %s, alternatives %+v", v.CandidateCount, v.StateCode, v.Alternatives)
		}
		var other ValidateResponse
		post(r.keyA, `{"placeId": "`+v.Alternatives[0].PlaceID+`"}`).decode(t, &other)
		if other.StateCode != "NG-KO" || other.LGA != "Bassa" || len(other.Alternatives) != 0 {
			t.Errorf("the other place: %+v", other)
		}
	})
	for _, c := range []struct {
		name, key, body string
		status          int
		code            string
	}{
		{"no key", "", `{"address": "Ikeja"}`, 401, CodeUnauthorized},
		{"not JSON", r.keyA, `address=Ikeja`, 400, CodeMalformedJSON},
		{"an array", r.keyA, `["Ikeja"]`, 400, CodeMalformedJSON},
		{"no address", r.keyA, `{"region": "Nigeria"}`, 400, CodeMissingField},
		{"blank address", r.keyA, `{"address": "  "}`, 400, CodeMissingField},
		{"punctuation only", r.keyA, `{"address": "--- ,,, ..."}`, 422, CodeNoAddress},
		{"a number, not a string", r.keyA, `{"address": 12}`, 400, CodeInvalidField},
		{"an unknown field", r.keyA, `{"stret": "12 Allen Avenue"}`, 400, CodeUnknownField},
		{"two names of one field", r.keyA, `{"street": "12 Allen Avenue", "zip": "100271", "postal_code": "100271"}`, 400, CodeInvalidField},
		{"an unknown region", r.keyA, `{"address": "Ikeja", "region": "Atlantis"}`, 400, CodeInvalidRegion},
		{"an unknown country field", r.keyA, `{"street": "12 Allen Avenue", "country": "Atlantis"}`, 400, CodeInvalidField},
		{"an address too long", r.keyA, `{"address": "` + strings.Repeat("Ikeja ", 500) + `"}`, 400, CodeInvalidField},
		{"a body too large", r.keyA, `{"address": "` + strings.Repeat("x", ValidateMaxBytes) + `"}`, 413, CodeBodyTooLarge},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := post(c.key, c.body)
			if resp.StatusCode != c.status {
				t.Fatalf("%d, want %d: %s", resp.StatusCode, c.status, resp.body)
			}
			if p := resp.problem(t); p.Code != c.code {
				t.Errorf("code %q, want %q (%s)", p.Code, c.code, p.Detail)
			}
		})
	}
	t.Run("the unknown field's problem names the fields", func(t *testing.T) {
		p := post(r.keyA, `{"stret": "12 Allen Avenue"}`).problem(t)
		if !strings.Contains(p.Detail, "stret") || !strings.Contains(p.Detail, "postal_code") {
			t.Errorf("detail %q", p.Detail)
		}
	})
	t.Run("text/plain", func(t *testing.T) {
		resp := r.do("POST", "/v1/address/validate", r.keyA, strings.NewReader(`{"address": "Ikeja"}`), "Content-Type", "text/plain")
		if resp.StatusCode != 415 || resp.problem(t).Code != CodeUnsupportedMediaType {
			t.Errorf("%d: %s", resp.StatusCode, resp.body)
		}
	})
}

// TestPage checks the web page's files and headers.
func TestPage(t *testing.T) {
	r := newRig(t, nil, nil)
	page := r.do("GET", "/", "", nil)
	if page.StatusCode != 200 || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(page.body), `<script src="/ui/app.js" defer></script>`) {
		t.Fatalf("/: %d %q", page.StatusCode, page.Header.Get("Content-Type"))
	}
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	for file, ctype := range map[string]string{"app.js": "text/javascript", "style.css": "text/css"} {
		resp := r.do("GET", "/ui/"+file, "", nil)
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), ctype) || len(resp.body) < 1000 {
			t.Errorf("/ui/%s: %d %q %d bytes", file, resp.StatusCode, resp.Header.Get("Content-Type"), len(resp.body))
		}
	}
	for _, path := range []string{"/ui/nothing.js", "/ui/index.html"} {
		resp := r.do("GET", path, "", nil)
		if resp.StatusCode != 404 || resp.problem(t).Code != CodeNotFound {
			t.Errorf("%s: %d %s", path, resp.StatusCode, resp.body)
		}
	}
}

// TestValidatePlaceID: a suggestion sent to validate by its placeId is
// answered for exactly that place, with its LGA as the LGA; a street's
// with the house number carried; an unknown id is 404 place_not_found.
func TestValidatePlaceID(t *testing.T) {
	// a store of its own: a street is added below
	r := newRig(t, nil, func(o *jobs.ManagerOptions) { o.Gazetteer = storetest.Builtin(t) })
	first := func(query string) autocomplete.Suggestion {
		t.Helper()
		resp := r.do("GET", "/v1/address/autocomplete?query="+url.QueryEscape(query), r.keyA, nil)
		var ac struct{ Suggestions []autocomplete.Suggestion }
		resp.decode(t, &ac)
		if len(ac.Suggestions) == 0 {
			t.Fatalf("%q: no suggestion", query)
		}
		return ac.Suggestions[0]
	}
	validate := func(body string) (response, ValidateResponse) {
		t.Helper()
		resp := r.do("POST", "/v1/address/validate", r.keyA, strings.NewReader(body))
		var v ValidateResponse
		if resp.StatusCode == 200 {
			resp.decode(t, &v)
		}
		return resp, v
	}
	vi := first("victoria isl")
	resp, v := validate(`{"placeId": "` + vi.ID + `"}`)
	if resp.StatusCode != 200 || v.Neighbourhood != "Victoria Island" || v.LGA != "Eti-Osa" || v.City == "Eti-Osa" || v.StateCode != "NG-LA" ||
		v.Latitude == nil || *v.Latitude != vi.Latitude {
		t.Errorf("Victoria Island by its id %s: %d %+v", vi.ID, resp.StatusCode, v)
	}
	// a street (the built-in gazetteer has none: one is added, as an
	// import would)
	storetest.Load(t, r.jobsGazetteer(t), address.Place{ID: "st/test/adeolaodeku", Kind: address.KindStreet, Name: "Adeola Odeku Street",
		Country: "NG", Parents: []string{vi.ID, "NG-LA"}})
	resp, v = validate(`{"placeId": "st/test/adeolaodeku", "house_number": "12", "unit": "3B"}`)
	if resp.StatusCode != 200 || v.HouseNumber != "12" || !strings.Contains(v.FormattedAddress, "12 Adeola Odeku Street") ||
		v.StateCode != "NG-LA" || v.Neighbourhood != "Victoria Island" || v.Checks.Street != "confirmed" {
		t.Errorf("a street by its id with a number: %d %+v", resp.StatusCode, v)
	}
	if resp, _ := validate(`{"placeId": "nowhere/none"}`); resp.StatusCode != 404 || resp.problem(t).Code != CodePlaceNotFound {
		t.Errorf("an unknown id: %d %s", resp.StatusCode, resp.body)
	}
	if resp, _ := validate(`{"placeId": "` + vi.ID + `", "city": "Kano"}`); resp.StatusCode != 400 || resp.problem(t).Code != CodeUnknownField {
		t.Errorf("placeId with a city: %d %s", resp.StatusCode, resp.body)
	}
}

// jobsGazetteer is the rig's gazetteer as a store places can be added to.
func (r *rig) jobsGazetteer(t *testing.T) *storage.Gazetteer {
	g, ok := r.api.o.Gazetteer.(*storage.Gazetteer)
	if !ok {
		t.Fatalf("the rig's gazetteer is a %T", r.api.o.Gazetteer)
	}
	return g
}
