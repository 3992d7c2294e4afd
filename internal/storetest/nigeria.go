package storetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/addrkit/addrkit/storage"
)

var (
	nigeriaOnce sync.Once
	nigeriaDir  string
	nigeriaErr  error
	nigeriaTemp bool // nigeriaDir is a temporary directory made here
)

// Main runs the tests of a package that uses Nigeria, NigeriaDir or
// Builtin and removes the gazetteers built in temporary directories (~30
// MB each a run) before returning their exit code. Call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
func Main(m *testing.M, cleanups ...func()) int {
	code := m.Run()
	for _, f := range cleanups {
		f()
	}
	if nigeriaTemp {
		os.RemoveAll(nigeriaDir)
	}
	if sharedGz != nil {
		sharedGz.Close()
	}
	if builtinDir != "" {
		os.RemoveAll(builtinDir)
	}
	return code
}

// Nigeria returns the gazetteer that scripts/import-nigeria.sh builds from
// the shared data folder, built once per test binary (or the one in
// $ADDRKIT_EVAL_GAZETTEER when that names a built directory, which is
// built there when empty), opened read-only with the places preloaded and
// closed when the test ends.
func Nigeria(t testing.TB, shared string) *storage.Gazetteer {
	t.Helper()
	g, err := storage.Open(NigeriaDir(t, shared), storage.Options{ReadOnly: true, Preload: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// NigeriaDir returns the directory of the gazetteer that Nigeria opens,
// built once per test binary as Nigeria says.
func NigeriaDir(t testing.TB, shared string) string {
	t.Helper()
	nigeriaOnce.Do(func() {
		if d := os.Getenv("ADDRKIT_EVAL_GAZETTEER"); d != "" {
			if entries, err := os.ReadDir(d); err == nil && len(entries) > 0 {
				nigeriaDir = d
				return
			}
		}
		nigeriaDir = os.Getenv("ADDRKIT_EVAL_GAZETTEER")
		if nigeriaDir == "" {
			if nigeriaDir, nigeriaErr = os.MkdirTemp("", "addrkit-ng-gazetteer"); nigeriaErr != nil {
				return
			}
			nigeriaTemp = true
		}
		_, file, _, _ := runtime.Caller(0)
		script := filepath.Join(filepath.Dir(file), "..", "..", "scripts", "import-nigeria.sh")
		out, err := exec.Command("bash", script, nigeriaDir, shared).CombinedOutput()
		if err != nil {
			nigeriaErr = err
			t.Logf("%s", out)
		}
	})
	if nigeriaErr != nil {
		t.Fatalf("scripts/import-nigeria.sh: %v", nigeriaErr)
	}
	return nigeriaDir
}
