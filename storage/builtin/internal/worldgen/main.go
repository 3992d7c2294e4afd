// Command worldgen writes world.tsv.zst of package builtin: the populated
// places of every country but Nigeria (whose built-in places are written
// apart) and the names of their first-level divisions, read from GeoNames'
// cities500.txt and admin1.json (../shared/data/world-geonames; GeoNames
// data, CC BY 4.0), zstd-compressed.
//
// Lines are tab-separated. A division: "A", its GeoNames code ("GB.ENG"),
// its name. A place: "P", geonameid, name, other names (comma-separated:
// the ASCII spelling and Latin-script alternate names, at most 2, 4 or 12
// by population), latitude, longitude, feature code, country, admin1 code,
// population. Places are kept whole: which become cities, towns or
// villages is decided by package builtin.
//
// Run it with go generate in storage/builtin.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/klauspost/compress/zstd"
)

func main() {
	log.SetFlags(0)
	src := flag.String("src", "../../../shared/data/world-geonames", "directory of cities500.txt and admin1.json")
	out := flag.String("out", "world.tsv.zst", "file to write")
	flag.Parse()

	var admin1 []struct{ Code, Name string }
	raw, err := os.ReadFile(filepath.Join(*src, "admin1.json"))
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(raw, &admin1); err != nil {
		log.Fatalf("admin1.json: %v", err)
	}
	sort.Slice(admin1, func(i, j int) bool { return admin1[i].Code < admin1[j].Code })
	var b bytes.Buffer
	for _, a := range admin1 {
		if strings.HasPrefix(a.Code, "NG.") {
			continue
		}
		fmt.Fprintf(&b, "A\t%s\t%s\n", a.Code, clean(a.Name))
	}

	f, err := os.Open(filepath.Join(*src, "cities500.txt"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	places := 0
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 15 || c[8] == "NG" || c[6] != "P" {
			continue
		}
		pop, _ := strconv.Atoi(c[14])
		name := clean(c[1])
		if name == "" {
			continue
		}
		fmt.Fprintf(&b, "P\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\n", c[0], name, strings.Join(others(name, c[2], c[3], pop), ","),
			c[4], c[5], c[7], c[8], c[10], pop)
		places++
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	// one frame, which records its size: the reader allocates it once
	w, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		log.Fatal(err)
	}
	z := w.EncodeAll(b.Bytes(), nil)
	if err := os.WriteFile(*out, z, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d places, %d bytes (%d before compression)", *out, places, len(z), b.Len())
}

// others returns the ASCII spelling and the Latin-script alternate names
// of a place, distinct from its name and each other (case aside), at most
// 2 for a place of fewer than 10,000 people, 4 below 100,000, else 12:
// the exonyms people type ("Munich", "Cologne"), not every language's.
func others(name, ascii, alternates string, pop int) []string {
	limit := 2
	switch {
	case pop >= 100000:
		limit = 12
	case pop >= 10000:
		limit = 4
	}
	seen := map[string]bool{strings.ToLower(name): true}
	var out []string
	for _, n := range append([]string{ascii}, strings.Split(alternates, ",")...) {
		n = clean(n)
		if n == "" || len(n) > 40 || !latin(n) || seen[strings.ToLower(n)] {
			continue
		}
		seen[strings.ToLower(n)] = true
		out = append(out, n)
		if len(out) == limit {
			break
		}
	}
	return out
}

// latin reports whether every letter of s is of the Latin script.
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// clean drops what would break a line or a list: tabs, commas, newlines.
func clean(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r == ',' {
			return -1
		}
		return r
	}, s))
}
