package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/addrkit/addrkit/autocomplete/live"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
)

// TestImportWhileServing imports a new place with `addrkit import` while
// `addrkit serve` answers a steady load of autocomplete, validate and
// geocoding requests on the same data directory, then rebuilds the index
// with `addrkit index`: every request succeeds, the new place is suggested
// within 20 seconds (about 4 on an idle machine: the server opens the new
// generation, the world's places preloaded and its index read, in the
// background; 10 s was exceeded on a loaded CI machine), and the
// generation left is removed: kept while its
// grace (a minute) lasts, removed when the server stops
// (autocomplete/live tests the removal when the grace ends).
func TestImportWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("an import under load: skipped in -short mode")
	}
	data := storetest.BuiltinDir(t)
	key := createKey(t, data, "updates")
	s := startServe(t, "--data", data, "--rate", "-1")
	stopped := false
	defer func() {
		if !stopped {
			s.stop()
		}
	}()

	ctx, cancel := context.WithCancel(context.Background())
	var sent, failed atomic.Int64
	var firstFailure atomic.Value
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				var req *http.Request
				if i%2 == 0 {
					req, _ = http.NewRequest("GET", s.base+"/v1/address/autocomplete?query="+url.QueryEscape("victoria isl"), nil)
				} else {
					req, _ = http.NewRequest("POST", s.base+"/v1/address/validate", strings.NewReader(`{"address":"12 Adeola Odeku Street, Victoria Island, Lagos"}`))
				}
				req.Header.Set("Authorization", "Bearer "+key)
				req.Header.Set("Content-Type", "application/json")
				resp, err := http.DefaultClient.Do(req)
				sent.Add(1)
				if err != nil {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, err.Error())
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, resp.Status)
				}
			}
		})
	}

	// a place the built-in gazetteer does not have
	file := filepath.Join(t.TempDir(), "new.csv")
	if err := os.WriteFile(file, []byte("id,name,kind,state,lat,lon\nt/zugarawa,Zugarawa Quarters,neighbourhood,Lagos,6.45,3.40\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if err := Run(context.Background(), []string{"import", "--data", data, "--format", "csv",
		"--map", "id=id,name=name,kind=kind,state=state,lat=lat,lon=lon", file}, nil, io.Discard, &stderr); err != nil {
		t.Fatalf("import while serving: %v\n%s", err, stderr.String())
	}
	first, err := storage.PlacesDir(data)
	if err != nil || first == data {
		t.Fatalf("the import wrote no new generation (%q, %v)\n%s", first, err, stderr.String())
	}
	published := time.Now()
	found := false
	for time.Since(published) < 20*time.Second {
		_, v := call(t, "GET", s.base+"/v1/address/autocomplete?query=zugarawa", key, "")
		if suggestsZugarawa(v) {
			found = true
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !found {
		code, v := call(t, "GET", s.base+"/v1/address/autocomplete?query=zugarawa", key, "")
		t.Fatalf("the imported place was not suggested within 20 s: %d %v", code, v)
	}
	t.Logf("suggested %v after the import published %s", time.Since(published).Round(time.Millisecond), filepath.Base(first))

	// the index rebuilt while serving: another generation, the first left
	if err := Run(context.Background(), []string{"index", "--data", data}, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("index while serving: %v", err)
	}
	second, _ := storage.PlacesDir(data)
	if second == first {
		t.Fatalf("index wrote no new generation")
	}
	indexed := time.Now()
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		code, v := call(t, "GET", s.base+"/v1/address/autocomplete?query=zugarawa", key, "")
		if !suggestsZugarawa(v) {
			t.Fatalf("the place was lost by the index run: %d %v", code, v)
		}
		if time.Now().After(deadline) {
			break
		}
	}
	cancel()
	wg.Wait()
	if n := failed.Load(); n > 0 || sent.Load() < 100 {
		t.Fatalf("%d of %d requests failed (first: %v)", n, sent.Load(), firstFailure.Load())
	}
	t.Logf("%d requests, none failed", sent.Load())

	// the generation left: kept while the calls that began on it may run
	// (a grace of live.DefaultGrace), removed at the latest when the
	// server stops
	if _, err := os.Stat(first); err != nil && time.Since(indexed) < live.DefaultGrace/2 {
		t.Errorf("%s, left by the index run, was removed before its grace ended: %v", filepath.Base(first), err)
	}
	// the server opens the new generation (its places and index: a few
	// seconds with the world built in) before it leaves the first
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(s.logs.String(), filepath.Base(second)) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	stopped = true
	if err := s.stop(); err != nil {
		t.Fatalf("serve: %v", err)
	}
	if _, err := os.Stat(first); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s, the generation left, is still there after the server stopped (%v)", filepath.Base(first), err)
	}
	if cur, err := storage.PlacesDir(data); err != nil || cur != second {
		t.Errorf("after the server stopped, the current places are %q (%v), want %s", cur, err, second)
	}
	if _, err := os.Stat(filepath.Join(second, "MANIFEST")); err != nil {
		t.Errorf("the generation served was removed: %v", err)
	}
}

// suggestsZugarawa reports whether an autocomplete answer suggests the
// place TestImportWhileServing imports (a place of the older gazetteer
// may be within the typo budget of its name).
func suggestsZugarawa(v map[string]any) bool {
	sg, _ := v["suggestions"].([]any)
	for _, x := range sg {
		if m, _ := x.(map[string]any); m["main_text"] == "Zugarawa Quarters" {
			return true
		}
	}
	return false
}
