package main

import (
	"context"
	"encoding/csv"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// browser returns the path of Chromium, or skips the test without one
// (fails it when $ADDRKIT_REQUIRE_BROWSER is set, as in CI, which
// installs Debian's chromium).
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("ADDRKIT_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("ADDRKIT_REQUIRE_BROWSER") != "" {
		t.Fatal("no Chromium found (install Debian's chromium, or set ADDRKIT_CHROMIUM)")
	}
	t.Skip("no Chromium found: install Debian's chromium (apt-get install chromium) or set ADDRKIT_CHROMIUM")
	return ""
}

// screenshots returns the folder the page's screenshots go to:
// $ADDRKIT_SCREENSHOTS, or a new temporary folder that is kept.
func screenshots(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ADDRKIT_SCREENSHOTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "addrkit-screenshots-"); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots of the page in %s", dir)
	return dir
}

// TestPageInBrowser drives the web page in a real Chromium against the real
// server on a temporary data folder: a partial address with a typo gets
// suggestions with the matched characters highlighted, the arrow keys and
// Enter choose one and show the validate answer, a wrong key shows an error
// a person can act on, the keyboard alone moves through the form, and a
// small file uploaded as a batch job reaches its download link.
func TestPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	chromium := browser(t)
	shots := screenshots(t)
	data := storetest.BuiltinDir(t)
	key := createKey(t, data, "browser")
	s := startServe(t, "--data", data)
	t.Cleanup(func() { s.stop() })

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1200, 1000),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// the first action starts the browser, for as long as ctx lives
	do := func(step string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return v
	}
	attr := func(sel, name string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
		if err != nil {
			t.Fatalf("%s of %s: %v", name, sel, err)
		}
		return v.Value
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	shot := func(name, sel string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	css := func(sel string) chromedp.CSS { return chromedp.CSS(sel) }
	// clear empties a field as a person would, so that the page hears it
	clear := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(el => { el.value = ""; el.dispatchEvent(new Event("input")); return true })(document.querySelector("`+sel+`"))`)(ctx, t)
			return err
		})
	}

	// The keyboard alone: from the key field, Tab goes to the country, then
	// the address.
	do("open the page", chromedp.Navigate(s.base+"/"), chromedp.WaitVisible(css("#apikey")), chromedp.Focus(css("#apikey")))
	var order []string
	for range 2 {
		do("tab", chromedp.KeyEvent(kb.Tab))
		order = append(order, eval(`document.activeElement.id`))
	}
	if got := strings.Join(order, ","); got != "country,q" {
		t.Errorf("Tab from the key field goes to %s, want country,q", got)
	}

	// A wrong key: the error says what to do.
	do("a wrong key",
		chromedp.SendKeys(css("#apikey"), "ak_wrong"),
		chromedp.SendKeys(css("#q"), "Ikeja"),
		chromedp.Click(css("#validate-button")),
		chromedp.WaitVisible(css("#search-error")))
	if got := text("#search-error"); !strings.Contains(got, "API key was refused") {
		t.Errorf("error shown for a wrong key: %q", got)
	}

	// Suggestions for a partial address with a typo.
	do("suggestions",
		clear("#apikey"),
		chromedp.SendKeys(css("#apikey"), key),
		clear("#q"),
		chromedp.SendKeys(css("#q"), "victria isla"),
		chromedp.WaitVisible(css("#sug-0")))
	if first, marked := text("#sug-0 .main"), text("#sug-0 mark"); first != "Victoria Island" || marked == "" {
		t.Errorf("first suggestion %q, highlighted %q", first, marked)
	}
	if v := attr("#q", "aria-expanded"); v != "true" {
		t.Errorf("aria-expanded %q", v)
	}
	shot("1-suggestions", "#search-panel")

	// Down arrow and Enter choose it and show the validate answer.
	do("select with the arrow key", chromedp.KeyEvent(kb.ArrowDown))
	if v := attr("#sug-0", "aria-selected"); v != "true" {
		t.Errorf("the arrow key did not select the first suggestion: aria-selected %q", v)
	}
	do("choose with Enter", chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(css("#validate-result")))
	result := text("#validate-result")
	for _, want := range []string{"Victoria Island", "Eti-Osa", "Lagos", "Point", "6.42810", "Components", "confirmed", "Copy address", "Details"} {
		if !strings.Contains(result, want) {
			t.Errorf("validate answer without %q:\n%s", want, result)
		}
	}
	// the map: the point's marker, its accuracy circle and the scale,
	// with no tiles loading (no network in tests); its library is the
	// server's own, like every script of the page
	do("the map", chromedp.WaitVisible(css("#map .leaflet-control-scale")), chromedp.WaitVisible(css("#map path.leaflet-interactive")))
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#map path.leaflet-interactive").length`)); err != nil || n < 2 {
		t.Errorf("the map shows %d marks (%v), want the point and its circle", n, err)
	}
	if own, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.scripts].every((s) => s.src.startsWith(location.origin + "/ui/"))`)); err != nil || !own {
		t.Errorf("a script of the page is not the server's own /ui/ file (%v)", err)
	}
	// the components as a person reads them: the internal id is behind
	// the details disclosure, not in view
	if strings.Contains(result, "nb/NG-LA") {
		t.Errorf("the place id is in view:\n%s", result)
	}
	if !strings.Contains(result, "PARTIAL") && !strings.Contains(result, "HIGH CONFIDENCE") {
		t.Errorf("validate answer without a verdict:\n%s", result)
	}
	shot("2-validate", "#search-panel")

	// A typed address, validated with Enter, without choosing a suggestion.
	do("validate what is typed",
		clear("#q"),
		chromedp.SendKeys(css("#q"), "12 Adeola Odeku Street, Victoria Island, Lagos"+kb.Enter))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.querySelector("#validate-result .line") && document.querySelector("#validate-result .line").textContent.startsWith("12 Adeola Odeku Street")`)); err != nil {
		t.Fatalf("validate what is typed: %v (shown: %s)", err, text("#result"))
	}
	if result := text("#validate-result"); !strings.Contains(result, "Adeola Odeku Street") {
		t.Errorf("validate answer of a typed address:\n%s", result)
	}

	// A name that two places bear: the other is a lighter mark on the map
	// and a button that validates it instead.
	do("an ambiguous name",
		clear("#q"),
		chromedp.SendKeys(css("#q"), "Bassa"+kb.Enter),
		chromedp.WaitVisible(css("#alternatives button")),
		chromedp.WaitVisible(css("#map path.alternative")))
	if got := text("#alternatives"); !strings.Contains(got, "Bassa, Kogi") {
		t.Errorf("the other place of the name: %q", got)
	}
	shot("2b-alternatives", "#search-panel")
	do("validate the other place", chromedp.Click(css("#alternatives button")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.querySelector("#alternatives") && !!document.querySelector("#validate-result") && document.querySelector("#validate-result").textContent.includes("Kogi")`)); err != nil {
		t.Errorf("the other place validated: %v (shown: %s)", err, text("#result"))
	}

	// A file as a batch job, followed to its download link; its upload's
	// progress is shown (recorded here as the page writes it).
	file := filepath.Join(t.TempDir(), "customers.csv")
	csvText := "id,street,city,state\n1,12 Allen Avenue,Ikeja,Lagos\n2,5 Ogunsiji Close,Ikeja,Lagos\n3,,,\n4,Plot 339 Takwa Crescent,Wuse 2,Abuja\n"
	if err := os.WriteFile(file, []byte(csvText), 0o644); err != nil {
		t.Fatal(err)
	}
	eval(`window.uploadSaid = []; new MutationObserver(() => { const u = document.querySelector("#upload-status"); if (u) uploadSaid.push(u.textContent) }).observe(document.querySelector("#job"), { subtree: true, childList: true, characterData: true }); ""`)
	do("upload a file",
		chromedp.SetUploadFiles(css("#file"), []string{file}),
		chromedp.Click(css("#upload-button")),
		chromedp.WaitVisible(css("#download")))
	if said := eval(`uploadSaid.join(" | ")`); !strings.Contains(said, "Uploading customers.csv") || !strings.Contains(said, "Sent") {
		t.Errorf("the upload's progress shown: %q", said)
	}
	href, counts := attr("#download", "href"), text("#job-status")
	if !strings.Contains(counts, "COMPLETED") || !strings.Contains(counts, "4 of 4 rows") {
		t.Errorf("job status shown: %q", counts)
	}
	// the summary: rows by verdict as a bar, counted in words too
	if sum := text("#job-summary"); !strings.Contains(sum, "4 rows:") || !strings.Contains(sum, "unverified") || !strings.Contains(sum, "took") {
		t.Errorf("job summary: %q", sum)
	}
	if label := attr("#job-summary .verdict-bar", "aria-label"); !strings.HasPrefix(label, "Rows by verdict:") {
		t.Errorf("the verdict bar's label: %q", label)
	}
	// the table of its rows, and the filter by verdict
	do("the rows", chromedp.WaitVisible(css("#job-rows table")))
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#job-rows tbody tr").length`)); err != nil || n != 4 {
		t.Errorf("the table shows %d rows (%v), want 4", n, err)
	}
	do("filter the rows", chromedp.SetValue(css("#rows-filter"), "UNVERIFIED"))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#rows-filter").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#job-rows tbody tr").length === 1`)); err != nil {
		t.Errorf("the UNVERIFIED filter: %v (%s)", err, text("#job-rows"))
	}
	shot("3-batch", "#batch-panel")
	if !strings.HasPrefix(href, s.base+"/processed/job_batch_") || !strings.Contains(href, "signature=") {
		t.Fatalf("download link %q", href)
	}
	resp, err := http.Get(href)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rows, err := csv.NewReader(resp.Body).ReadAll()
	if err != nil || resp.StatusCode != 200 || len(rows) != 5 {
		t.Errorf("download: %d, %d rows, %v", resp.StatusCode, len(rows), err)
	}
	shot("0-page", "body")

	// The job history, kept in the browser: after a reload the file is
	// listed with its status, and showing it gives its download link again.
	do("reload", chromedp.Reload(), chromedp.WaitVisible(css("#history-0")))
	if h := text("#history-0"); !strings.Contains(h, "customers.csv") || !strings.Contains(h, "COMPLETED") {
		t.Errorf("history after a reload: %q", h)
	}
	do("show a job of the history", chromedp.Click(css("#history-0 button")), chromedp.WaitVisible(css("#download")))
	if again := attr("#download", "href"); !strings.Contains(again, "/processed/job_batch_") {
		t.Errorf("download link from the history: %q", again)
	}
	shot("5-history", "#history-panel")

	// A phone's width: nothing scrolls sideways.
	do("a phone's width", chromedp.EmulateViewport(390, 844))
	w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if w > 390 {
		t.Errorf("at 390 px the page is %d px wide: it scrolls sideways", w)
	}
	shot("4-phone", "body")

	// The page's link to the OpenAPI document opens, with no key, and
	// the map library is the server's own file under /ui/.
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch(document.querySelector('a[href$="openapi.json"]').href).then((r) => r.status)`, chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Errorf("the OpenAPI link answered %d (%v)", status, err)
	}
	if lib, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof L === "object" && [...document.scripts].some((s) => s.src === location.origin + "/ui/leaflet.js")`)); err != nil || !lib {
		t.Errorf("the map library is not /ui/leaflet.js (%v)", err)
	}
}
