// Command worldgen writes world.tsv.zst of package builtin: the populated
// places of every country but Nigeria (whose built-in places are written
// apart) and the names of their first-level divisions, read from GeoNames'
// cities500.txt and admin1.json (../shared/data/world-geonames; GeoNames
// data, CC BY 4.0), zstd-compressed.
//
// Lines are tab-separated. A division: "A", its GeoNames code ("GB.ENG"),
// its name. A place: "P", geonameid, name, other names (comma-separated:
// the ASCII spelling and Latin-script alternate names, at most 2, 4 or 12
// by population, and up to 3 more of other spellings for a city), latitude, longitude, feature code, country, admin1 code,
// population, and the admin2 code when it is the ISO 3166-2 code of a
// subdivision package address knows (Italy's and Spain's provinces: "MI"
// for Milan; Ireland's counties, by name: "CE" for Ennis), else nothing. Places are kept whole: which become cities, towns or
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
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/addrkit/addrkit/address"
	"github.com/agnivade/levenshtein"
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
	// the countries of which package address knows a first-level division
	// of GeoNames by name: their second-level ones are no subdivision of
	// its (a Colombian municipality called Bolívar is no department)
	knownAdmin1 := map[string]bool{}
	for _, a := range admin1 {
		cc, _, _ := strings.Cut(a.Code, ".")
		if _, ok := address.LookupSubdivision(cc, a.Name); ok {
			knownAdmin1[cc] = true
		}
	}
	for _, a := range admin1 {
		if strings.HasPrefix(a.Code, "NG.") {
			continue
		}
		fmt.Fprintf(&b, "A\t%s\t%s\n", a.Code, clean(a.Name))
	}

	// the second-level divisions' names, which GeoNames gives in the
	// local language more often than its places' ("Wien Stadt",
	// "København", "Città metropolitana di Milano")
	var admin2 []struct{ Code, Name string }
	raw, err = os.ReadFile(filepath.Join(*src, "admin2.json"))
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(raw, &admin2); err != nil {
		log.Fatalf("admin2.json: %v", err)
	}
	local := make(map[string]string, len(admin2))
	for _, a := range admin2 {
		local[a.Code] = a.Name
	}

	f, err := os.Open(filepath.Join(*src, "cities500.txt"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	var rows [][]string
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 15 || c[8] == "NG" || c[6] != "P" {
			continue
		}
		rows = append(rows, c)
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	// the most people a place of each name has, by country: another
	// place's name is no alternate name of a smaller one ("Brooklyn",
	// an old name of Oshkosh)
	most := map[string]int{}
	for _, c := range rows {
		pop, _ := strconv.Atoi(c[14])
		k := c[8] + "|" + address.NameKey(clean(c[1]))
		most[k] = max(most[k], pop)
	}
	places := 0
	for _, c := range rows {
		pop, _ := strconv.Atoi(c[14])
		name := clean(c[1])
		if name == "" {
			continue
		}
		a2 := ""
		if isCode(c[8], c[11]) {
			a2 = c[11]
		} else if !knownAdmin1[c[8]] {
			a2 = countyCode(c[8], local[c[8]+"."+c[10]+"."+c[11]])
		}
		taken := func(k string) bool { return most[c[8]+"|"+k] > pop }
		names := others(name, c[2], c[3], pop, local[c[8]+"."+c[10]+"."+c[11]], taken)
		names = append(names, native(name, c[3], pop, localScripts[c[8]])...)
		fmt.Fprintf(&b, "P\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", c[0], name, strings.Join(names, ","),
			c[4], c[5], c[7], c[8], c[10], pop, a2)
		places++
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
// of a place, at most 2 for a place of fewer than 10,000 people, 4 below
// 100,000, else 12: the names people type. GeoNames lists a city's
// alternate names in alphabetical order, without their languages, so the
// first ones are arbitrary ("CPH", "Cobanhavan", "Copenaga"... for
// Copenhagen, never "København"). They are chosen by evidence instead:
// one name for each folded spelling (address.NameKey: "Milán" and "Milan"
// are one key, and the ones of the name itself add nothing), the
// spellings that most other names of the place are within one edit of
// first: a name that many languages share, nearly, is one people use
// ("München", "Muenchen", "Münhen" for Munich; "Milano", "Milanu",
// "Milana" for Milan), where a language's own form stands alone. Before
// them all, the names that the place's second-level division bears
// (local, its name in admin2.json), which GeoNames gives in the local
// language more often: "Wien" of "Wien Stadt", "København". Names
// that start with a small letter (romanizations), codes ("MUC"; not the
// initials of a name of three words, "NYC"), lists
// ("Copenhaguen - København") and names of over three words are left out.
// A name that a more populous place of the country bears as its own
// (taken) is left out: "Brooklyn", an old name of Oshkosh, Wisconsin.
func others(name, ascii, alternates string, pop int, local string, taken func(key string) bool) []string {
	limit := 2
	switch {
	case pop >= 100000:
		limit = 12
	case pop >= 10000:
		limit = 4
	}
	var out []string
	if ascii = clean(ascii); ascii != "" && !strings.EqualFold(ascii, name) {
		out = append(out, ascii)
	}
	base := map[string]bool{address.NameKey(name): true, address.NameKey(ascii): true}
	var keys []string           // of every Latin name, for the support
	pick := map[string]string{} // folded spelling -> the name kept for it
	var order []string
	for _, n := range strings.Split(alternates, ",") {
		n = clean(n)
		if n == "" || len(n) > 40 || !latin(n) {
			continue
		}
		k := address.NameKey(n)
		keys = append(keys, k)
		first, _ := utf8.DecodeRuneInString(n)
		if base[k] || taken(k) || !unicode.IsUpper(first) || strings.Contains(n, " - ") || len(strings.Fields(n)) > 3 ||
			len(n) <= 4 && strings.ToUpper(n) == n && n != initials(name) {
			continue
		}
		if old, ok := pick[k]; !ok {
			pick[k] = n
			order = append(order, k)
		} else if !ascii7(n) && ascii7(old) {
			pick[k] = n // the spelling with its letters' marks: "München"
		}
	}
	if len(order) <= limit-len(out) {
		for _, k := range order {
			out = append(out, pick[k])
		}
		return out
	}
	keys = append(keys, slices.Collect(maps.Keys(base))...)
	support := make(map[string]int, len(order))
	localWords := strings.Fields(address.Fold(local))
	for _, k := range order {
		if w := strings.Fields(address.Fold(pick[k])); len(localWords) > 0 && !slices.ContainsFunc(w, func(x string) bool { return !slices.Contains(localWords, x) }) {
			support[k] += 1000 // a name the division bears
		}
		for _, o := range keys {
			if o == k || abs(len(o)-len(k)) <= 1 && levenshtein.ComputeDistance(o, k) <= 1 {
				support[k]++
			}
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return support[b] - support[a] })
	n := limit - len(out)
	for _, k := range order[:n] {
		out = append(out, pick[k])
	}
	if limit < 12 {
		return out
	}
	// a city's name in another family than all those kept, which several
	// languages share (support 3 or more: itself and 2 others) and of 5 letters or more, is kept
	// beside them, up to 3:
	// the many "Floren-" spellings of Florence leave no room for
	// "Firenze" (its own language's, with "Firenz", "Firence", "Firenzi")
	families := map[string]bool{}
	for _, k := range append(order[:n:n], slices.Collect(maps.Keys(base))...) {
		families[family(k)] = true
	}
	extra := 0
	for _, k := range order[n:] {
		if f := family(k); extra < 3 && support[k] >= 3 && len(k) >= 5 && !families[f] && plainSpelling(pick[k]) {
			families[f] = true
			out = append(out, pick[k])
			extra++
		}
	}
	return out
}

// plainSpelling reports whether an alternate name is written as people
// type a place's name: not with a Zulu locative's capital after an "I"
// ("ILondon"), nor with combining marks ("Báe̤k-gĭng").
func plainSpelling(n string) bool {
	r := []rune(n)
	if len(r) > 1 && r[0] == 'I' && unicode.IsUpper(r[1]) {
		return false
	}
	return !strings.ContainsFunc(n, func(c rune) bool { return unicode.Is(unicode.Mn, c) })
}

// family returns the first two letters of a folded name: spellings of
// one name in several languages mostly share them ("Florence",
// "Florencia", "Florenz"), a name of its own mostly does not ("Firenze").
func family(key string) string {
	r := []rune(key)
	return string(r[:min(2, len(r))])
}

// initials returns the first letters of a name of three words or more, in
// capitals ("NYC" of New York City, "HCMC" of Ho Chi Minh City): the one
// code among a place's alternate names that is its own short name rather
// than an airport's ("MUC", "LOS"). It returns "" for a shorter name.
func initials(name string) string {
	f := strings.Fields(name)
	if len(f) < 3 {
		return ""
	}
	var b strings.Builder
	for _, w := range f {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// localScripts are, by country, the script other than the Latin that its
// people write its places' names in (package address reads the same
// scripts as implying these countries).
var localScripts = func() map[string]*unicode.RangeTable {
	m := map[string]*unicode.RangeTable{}
	for _, s := range []struct {
		t  *unicode.RangeTable
		cc string
	}{
		{unicode.Cyrillic, "RU UA BY KZ KG BG RS MK ME BA MN TJ UZ MD"},
		{unicode.Greek, "GR CY"}, {unicode.Hebrew, "IL"}, {unicode.Thai, "TH"}, {unicode.Georgian, "GE"},
		{unicode.Armenian, "AM"}, {unicode.Hangul, "KR KP"}, {unicode.Han, "CN TW HK MO JP"},
		{unicode.Khmer, "KH"}, {unicode.Lao, "LA"}, {unicode.Myanmar, "MM"}, {unicode.Sinhala, "LK"},
		{unicode.Ethiopic, "ET ER"}, {unicode.Thaana, "MV"},
	} {
		for _, cc := range strings.Fields(s.cc) {
			m[cc] = s.t
		}
	}
	return m
}()

// native returns the alternate names of a place written in its country's
// own script (script; none when nil), at most 1 for a place of fewer than
// 10,000 people, 3 below 100,000, else 8: "Москва", "Минск", "Αθήνα",
// "東京". GeoNames lists the names of several languages of one script
// together (Russian, Belarusian, Bulgarian... for a Belarusian town), so
// they are chosen as others chooses the Latin ones: one per folded
// spelling, the ones that most others of the script are within one edit
// of first (a form the languages share, nearly, is the one people write).
func native(name, alternates string, pop int, script *unicode.RangeTable) []string {
	if script == nil {
		return nil
	}
	limit := 1
	switch {
	case pop >= 100000:
		limit = 8 // a city's former names share the script: "Нур-Султан", "Акмола" beside "Астана"
	case pop >= 10000:
		limit = 3
	}
	inScript := func(n string) bool {
		for _, r := range n {
			if unicode.IsLetter(r) && !unicode.Is(script, r) && !(script == unicode.Han && (unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))) {
				return false
			}
		}
		return strings.IndexFunc(n, unicode.IsLetter) >= 0
	}
	var keys, order []string
	pick := map[string]string{}
	for _, n := range strings.Split(alternates, ",") {
		n = clean(n)
		if n == "" || len(n) > 40 || !inScript(n) || len(strings.Fields(n)) > 3 {
			continue
		}
		k := address.NameKey(n)
		if k == "" || k == address.NameKey(name) {
			continue
		}
		keys = append(keys, k)
		if _, ok := pick[k]; !ok {
			pick[k] = n
			order = append(order, k)
		}
	}
	support := make(map[string]int, len(order))
	for _, k := range order {
		for _, o := range keys {
			if o == k || abs(len(o)-len(k)) <= 2 && levenshtein.ComputeDistance(o, k) <= 1 {
				support[k]++
			}
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return support[b] - support[a] })
	out := make([]string, 0, min(limit, len(order)))
	for _, k := range order[:min(limit, len(order))] {
		out = append(out, pick[k])
	}
	return out
}

// ascii7 reports whether s is all ASCII.
func ascii7(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// countyCode returns the ISO 3166-2 suffix of the subdivision of country
// cc that a second-level division named name is, or "": for a country of
// which package address knows the counties and none of the GeoNames
// first-level divisions (Ireland's, whose addresses write "Co. Clare", never the
// province of Munster). GeoNames names them "Clare", "County Cork", "Mayo
// County", "Cork City", "Limerick City and County Council".
func countyCode(cc, name string) string {
	if name == "" {
		return ""
	}
	bare := name
	for _, end := range []string{" City and County Council", " City and County", " County", " City"} {
		bare = strings.TrimSuffix(bare, end)
	}
	bare = strings.TrimPrefix(bare, "County ")
	for _, n := range []string{name, bare, "County " + bare} {
		if s, ok := address.LookupSubdivision(cc, n); ok {
			return strings.TrimPrefix(s.Code, cc+"-")
		}
	}
	return ""
}

// isCode reports whether code is the ISO 3166-2 code of a subdivision of
// country cc ("B" of Spain: Barcelona; codes of one letter name no
// subdivision when written, so LookupSubdivision does not take them).
func isCode(cc, code string) bool {
	if subCodes == nil {
		subCodes = map[string]bool{}
		for _, c := range address.Countries() {
			for _, s := range address.Subdivisions(c.Alpha2) {
				subCodes[s.Code] = true
			}
		}
	}
	return code != "" && subCodes[cc+"-"+code]
}

// subCodes holds every ISO 3166-2 code package address knows.
var subCodes map[string]bool
