package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"

	"github.com/addrkit/addrkit/autocomplete"
	"github.com/addrkit/addrkit/internal/storetest"
)

// TestServer runs the backend on a real listener over the built-in
// gazetteer and asks it what a checkout form would.
func TestServer(t *testing.T) {
	ix, err := autocomplete.Open(context.Background(), storetest.Builtin(t), autocomplete.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newMux(ix))
	defer srv.Close()

	get := func(query string) (*http.Response, autocomplete.Response) {
		t.Helper()
		res, err := http.Get(srv.URL + "/checkout/address-suggestions?" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var r autocomplete.Response
		if res.StatusCode == http.StatusOK {
			if err := json.NewDecoder(res.Body).Decode(&r); err != nil {
				t.Fatal(err)
			}
		}
		return res, r
	}
	res, r := get("q=" + url.QueryEscape("victoira island") + "&limit=2")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if len(r.Suggestions) == 0 || r.Suggestions[0].Label != "Victoria Island, Eti-Osa, Lagos, Nigeria" || r.Suggestions[0].Components.StateCode != "NG-LA" {
		t.Errorf("suggestions %+v", r.Suggestions)
	}
	for _, bad := range []string{"q=", "q=ikeja&limit=50", "q=ikeja&limit=x", "q=ikeja&country=XX"} {
		if res, _ := get(bad); res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", bad, res.StatusCode)
		}
	}
	if res, err := http.Post(srv.URL+"/checkout/address-suggestions?q=ikeja", "text/plain", nil); err != nil || res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %v %v", res.StatusCode, err)
	}
}

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
