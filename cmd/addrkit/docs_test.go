package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/addrkit/addrkit/internal/shareddata"
	"github.com/addrkit/addrkit/internal/storetest"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/builtin"
)

var update = flag.Bool("update", false, "rewrite the output blocks of README.md and docs/ from the commands' output")

// The annotations of docs/*.md and README.md: an HTML comment on the line
// before a fenced block says where what the block shows comes from.
//
//	<!-- output: addrkit ARGS -->   the output of the command, run here
//	<!-- example: DIR ExampleX -->  lines of an Example (with its // Output:)
//	<!-- golden: PATH -->           the file PATH, written by a test
//
// Commands that read a gazetteer run on the built-in one unless their
// arguments name $NG, the gazetteer of scripts/import-nigeria.sh over
// ../shared/data. A block that shows output (json, text, csv, or a go block
// with "// Output:") must carry one of them.
var annotation = regexp.MustCompile(`^<!-- (output|example|golden): (.+) -->$`)

// docBlock is a fenced block of a document.
type docBlock struct {
	file       string
	line       int    // of the opening fence, from 1
	info       string // the fence's info string
	kind, what string // the annotation, if any
	start, end int    // the block's content: lines[start:end]
}

func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join("..", "..", "README.md")}, files...)
}

func docBlocks(lines []string, file string) []docBlock {
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		b := docBlock{file: file, line: i + 1, info: strings.TrimSpace(strings.TrimPrefix(lines[i], "```")), start: i + 1}
		for j := i - 1; j >= 0; j-- {
			if strings.TrimSpace(lines[j]) == "" {
				continue
			}
			if m := annotation.FindStringSubmatch(strings.TrimSpace(lines[j])); m != nil {
				b.kind, b.what = m[1], m[2]
			}
			break
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		b.end = j
		out = append(out, b)
		i = j
	}
	return out
}

// TestDocs checks that every output README.md and docs/ show is what the
// code gives: run with -update to rewrite the output blocks.
func TestDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("the documents' outputs are checked without -short")
	}
	var builtinDir string
	parent := t
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		blocks := docBlocks(lines, file)
		changed := false
		// backwards, so that rewriting a block keeps the others' lines
		for _, b := range slices.Backward(blocks) {
			name := filepath.Base(b.file) + ":" + strconv.Itoa(b.line)
			shows := b.info == "" || b.info == "json" || b.info == "text" || b.info == "csv" ||
				b.info == "go" && slices.ContainsFunc(lines[b.start:b.end], func(l string) bool { return strings.Contains(l, "// Output:") })
			got := strings.Join(lines[b.start:b.end], "\n")
			switch b.kind {
			case "":
				if shows {
					t.Errorf("%s: a block of output without an annotation saying where it comes from", name)
				}
			case "example":
				checkExample(t, name, b.what, lines[b.start:b.end])
			case "golden":
				want, err := os.ReadFile(filepath.Join("..", "..", b.what))
				if err != nil {
					t.Errorf("%s: %v", name, err)
				} else if strings.TrimSpace(string(want)) != strings.TrimSpace(got) {
					t.Errorf("%s shows\n%s\nbut %s holds\n%s", name, got, b.what, want)
				}
			case "output":
				t.Run(name, func(t *testing.T) {
					if builtinDir == "" && !strings.Contains(b.what, "$NG") {
						builtinDir = installBuiltin(parent)
					}
					out := runDocCommand(t, b.what, builtinDir)
					if normalizeOutput(out) == normalizeOutput(got) {
						return
					}
					if *update {
						lines = slices.Replace(lines, b.start, b.end, strings.Split(strings.TrimRight(out, "\n"), "\n")...)
						changed = true
						return
					}
					t.Errorf("%s shows\n%s\nbut it gives\n%s", b.what, got, out)
				})
			}
		}
		if changed {
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// installBuiltin installs the built-in gazetteer in a temporary directory,
// removed when the test ends.
func installBuiltin(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	g, err := builtin.Open(context.Background(), dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runDocCommand runs "addrkit ARGS" as a document shows it.
func runDocCommand(t *testing.T, command, builtinDir string) string {
	t.Helper()
	args := splitArgs(strings.TrimPrefix(command, "addrkit "))
	for i, a := range args {
		if a == "$NG" {
			args[i] = storetest.NigeriaDir(t, shareddata.Dir(t))
		}
	}
	if len(args) > 0 && slices.Contains([]string{"geocode", "suggest", "batch"}, args[0]) && !slices.Contains(args, "--data") {
		args = slices.Insert(args, 1, "--data", builtinDir)
	}
	var stdout, stderr bytes.Buffer
	if err := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr); err != nil {
		t.Fatalf("addrkit %q: %v\n%s", args, err, stderr.String())
	}
	return stdout.String()
}

// splitArgs splits a command line at spaces outside double quotes.
func splitArgs(s string) []string {
	var args []string
	var cur strings.Builder
	quoted, inArg := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, inArg = !quoted, true
		case r == ' ' && !quoted:
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
			}
			inArg = false
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}

var tookMS = regexp.MustCompile(`"took_ms": ?[0-9.e-]+`)

// normalizeOutput leaves out what changes from run to run: the time taken,
// and spaces at line ends.
func normalizeOutput(s string) string {
	s = tookMS.ReplaceAllString(s, `"took_ms": 0`)
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// checkExample checks that the lines a document shows are lines of an
// Example function, in order and together (indentation aside).
func checkExample(t *testing.T, name, what string, shown []string) {
	t.Helper()
	dir, fn, ok := strings.Cut(what, " ")
	if !ok {
		t.Errorf("%s: example annotation %q is not DIR ExampleName", name, what)
		return
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", dir, "*_test.go"))
	var body []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		i := strings.Index(src, "\nfunc "+fn+"() {\n")
		if i < 0 {
			continue
		}
		end := strings.Index(src[i:], "\n}\n")
		for _, l := range strings.Split(src[i:i+end], "\n")[2:] {
			if l = strings.TrimSpace(l); l != "" {
				body = append(body, l)
			}
		}
	}
	if body == nil {
		t.Errorf("%s: no %s in %s", name, fn, dir)
		return
	}
	var want []string
	for _, l := range shown {
		if l = strings.TrimSpace(l); l != "" {
			want = append(want, l)
		}
	}
	for i := range body {
		if len(body)-i >= len(want) && slices.Equal(body[i:i+len(want)], want) {
			return
		}
	}
	t.Errorf("%s: the lines shown are not lines of %s in %s:\n%s", name, fn, dir, strings.Join(want, "\n"))
}
