package layering

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/addrkit/addrkit/"

// rules: the imports a tree's non-test files may not have, by prefix.
var rules = []struct {
	dir       string // relative to the module root
	recursive bool
	forbidden []string
	why       string
}{
	{"storage", true, []string{module + "batch", module + "autocomplete", module + "httpapi"}, "the gazetteer tree holds places, below every service"},
	{"httpapi", false, []string{"gocloud.dev/blob", "github.com/dgraph-io/badger", "github.com/nats-io/"}, "the job service hands httpapi what it stores"},
	{"cmd/addrkit", false, []string{"github.com/nats-io/nats.go"}, "cmd wires drivers through their constructors"},
	{"address", true, []string{module + "storage", module + "batch", module + "autocomplete", module + "httpapi"}, "the data model is below everything"},
}

func TestImportsRunOneWay(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		checked := 0
		err := filepath.WalkDir(filepath.Join(root, r.dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != filepath.Join(root, r.dir) && (!r.recursive || d.Name() == "testdata") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range r.forbidden {
					if strings.HasPrefix(p, bad) {
						rel, _ := filepath.Rel(root, path)
						t.Errorf("%s imports %s: %s", rel, p, r.why)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if checked == 0 {
			t.Errorf("no Go file found under %s: the rule checks nothing", r.dir)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("not the module root: %v", err)
	}
}
