package address

import (
	"slices"
	"strings"
	"sync"
)

// Country is one ISO 3166-1 country.
type Country struct {
	Alpha2 string `json:"alpha2"`
	Alpha3 string `json:"alpha3"`
	Name   string `json:"name"`
	// Aliases are other names in use ("Great Britain", "Ivory Coast").
	Aliases []string `json:"aliases,omitempty"`
}

// Subdivision is a first-level subdivision of a country: a Nigerian state,
// a US state, a Canadian province.
type Subdivision struct {
	Country string `json:"country"` // ISO 3166-1 alpha-2
	Code    string `json:"code"`    // ISO 3166-2, e.g. "NG-LA"
	Name    string `json:"name"`    // canonical name, e.g. "Lagos"
	Capital string `json:"capital"` // seat of government
	// Aliases are other names and abbreviations in use ("FCT"), without
	// the misspellings that Standardize also corrects.
	Aliases []string `json:"aliases,omitempty"`
	Postal  string   `json:"-"` // NG: space separated two-digit NIPOST prefixes
	aliases []string
}

type subdivisionMatch struct {
	sub      *Subdivision
	spelling bool // the key is a known misspelling
}

type tables struct {
	countries   []Country
	byKey       map[string]*Country                    // folded alpha-2, alpha-3, names, aliases
	nameKeys    map[string]*Country                    // folded names and aliases only (no codes)
	subs        map[string][]*Subdivision              // by country
	subByKey    map[string]map[string]subdivisionMatch // country -> folded key
	postalState map[string]*Subdivision                // NG two-digit prefix -> unambiguous state
	maxNameLen  int                                    // longest country or subdivision name, in words
	nameWords   map[string]bool                        // every word of every country and subdivision name, code and alias
	// subCountries lists, for each folded subdivision key, the countries
	// with a subdivision of that name or code.
	subCountries map[string][]string
}

var (
	tablesOnce sync.Once
	tbl        *tables
)

func data() *tables {
	tablesOnce.Do(func() { tbl = buildTables() })
	return tbl
}

// buildTables reads the country and subdivision tables into their
// indexes. It is left long on purpose: it is one pass per source, in an
// order that matters (a source read later never takes a key an earlier one
// has), which reads best in one place.
func buildTables() *tables {
	t := &tables{
		byKey:        map[string]*Country{},
		nameKeys:     map[string]*Country{},
		subs:         map[string][]*Subdivision{},
		subByKey:     map[string]map[string]subdivisionMatch{},
		postalState:  map[string]*Subdivision{},
		nameWords:    map[string]bool{},
		subCountries: map[string][]string{},
	}
	lines := strings.Split(iso3166, "\n")
	t.countries = make([]Country, 0, len(lines))
	for _, line := range lines {
		f := strings.Split(line, "|")
		t.countries = append(t.countries, Country{Alpha2: f[0], Alpha3: f[1], Name: f[2], Aliases: f[3:]})
	}
	for i, line := range lines {
		c := &t.countries[i]
		f := strings.Split(line, "|")
		t.byKey[Fold(c.Alpha2)] = c
		t.byKey[Fold(c.Alpha3)] = c
		for _, n := range f[2:] {
			k := Fold(n)
			for _, key := range []string{k, joinedKey(n)} {
				if _, taken := t.byKey[key]; !taken || key == k {
					t.byKey[key] = c
					t.nameKeys[key] = c
				}
			}
			if w := strings.Count(k, " ") + 1; w > t.maxNameLen {
				t.maxNameLen = w
			}
		}
	}
	// Names from gountries (countries_gen.go) never take a key a name
	// written by hand has, and name a country only as a whole segment:
	// "Island" is Iceland only alone, never in "Victoria Island".
	for _, line := range strings.Split(countryNamesGen, "\n") {
		f := strings.Split(line, "|")
		c := t.byKey[Fold(f[0])]
		for _, n := range f[1:] {
			for _, key := range []string{Fold(n), joinedKey(n)} {
				if _, taken := t.byKey[key]; !taken && key != "" {
					t.byKey[key] = c
				}
			}
		}
	}
	postal := map[string][]*Subdivision{}
	lines = strings.Split(subdivisionData, "\n")
	byHand := map[string]bool{}
	for _, line := range lines {
		byHand[line[:2]] = true
	}
	for _, line := range strings.Split(subdivisionsGen, "\n") {
		if !byHand[line[:2]] {
			// "country|code|name|alias..." as "country|code|name|capital|postal|alias..."
			f := strings.SplitN(line, "|", 4)
			lines = append(lines, strings.Join(append(f[:3:3], "", "", strings.Join(f[3:], "")), "|"))
		}
	}
	for _, line := range lines {
		f := strings.Split(line, "|")
		if i := strings.Index(f[2], " ["); i > 0 && strings.HasSuffix(f[2], "]") {
			// "Abū Z̧aby [Abu Dhabi]": the name in brackets is an alias;
			// brackets separate the parts of an address, so a name
			// written with them would not read back as one
			f = append(f, f[2][i+2:len(f[2])-1])
			f[2] = f[2][:i]
		}
		s := &Subdivision{Country: f[0], Code: f[0] + "-" + f[1], Name: f[2], Capital: f[3], Postal: f[4]}
		t.subs[s.Country] = append(t.subs[s.Country], s)
		m := t.subByKey[s.Country]
		if m == nil {
			m = map[string]subdivisionMatch{}
			t.subByKey[s.Country] = m
		}
		if !hasDigit(f[1]) && len(f[1]) > 1 {
			m[Fold(f[1])] = subdivisionMatch{sub: s}
		}
		m[Fold(s.Name)] = subdivisionMatch{sub: s}
		m[joinedKey(s.Name)] = subdivisionMatch{sub: s}
		for _, a := range f[5:] {
			if a == "" {
				continue
			}
			spelling := strings.HasPrefix(a, "~")
			a = strings.TrimPrefix(a, "~")
			s.aliases = append(s.aliases, a)
			if !spelling {
				s.Aliases = append(s.Aliases, a)
			}
			if _, taken := m[Fold(a)]; !taken || spelling {
				m[Fold(a)] = subdivisionMatch{sub: s, spelling: spelling}
			}
			if _, taken := m[joinedKey(a)]; !taken {
				m[joinedKey(a)] = subdivisionMatch{sub: s, spelling: spelling}
			}
		}
		for _, p := range strings.Fields(s.Postal) {
			postal[p] = append(postal[p], s)
		}
	}
	for k := range t.byKey {
		for _, w := range strings.Fields(k) {
			t.nameWords[w] = true
		}
	}
	for c, m := range t.subByKey {
		for k := range m {
			t.subCountries[k] = append(t.subCountries[k], c)
			for _, w := range strings.Fields(k) {
				t.nameWords[w] = true
			}
		}
	}
	for _, cs := range t.subCountries {
		slices.Sort(cs)
	}
	for _, w := range []string{"state", "ng", "us", "of"} {
		t.nameWords[w] = true
	}
	for p, subs := range postal {
		if len(subs) == 1 {
			t.postalState[p] = subs[0]
		}
	}
	return t
}

// Countries returns every ISO 3166-1 country, ordered by alpha-2 code.
//go:generate go run ./internal/gen

func Countries() []Country {
	return append([]Country(nil), data().countries...)
}

// LookupCountry finds a country by ISO alpha-2 or alpha-3 code, English name,
// native name or common alias ("UK", "Holland", "Ivory Coast"), ignoring
// case, accents and punctuation.
func LookupCountry(s string) (Country, bool) {
	if c, ok := data().byKey[Fold(s)]; ok {
		return *c, true
	}
	return Country{}, false
}

// Subdivisions returns the first-level subdivisions addrkit knows for the
// country with the given alpha-2 code (for NG the 36 states and the FCT).
func Subdivisions(country string) []Subdivision {
	subs := data().subs[strings.ToUpper(country)]
	out := make([]Subdivision, len(subs))
	for i, s := range subs {
		out[i] = *s
	}
	return out
}

// LookupSubdivision finds a subdivision of a country by name, ISO 3166-2 code
// (with or without the country prefix) or alias ("Lagos State", "LA", "Lag",
// "FCT", "Abuja").
func LookupSubdivision(country, s string) (Subdivision, bool) {
	m, ok := lookupSubdivision(strings.ToUpper(country), Fold(s))
	if !ok {
		return Subdivision{}, false
	}
	return *m.sub, true
}

func lookupSubdivision(country, key string) (subdivisionMatch, bool) {
	m := data().subByKey[country]
	if m == nil {
		return subdivisionMatch{}, false
	}
	if r, ok := m[key]; ok {
		return r, true
	}
	// "Lagos State", "NG-LA", "State of Lagos"
	if k, ok := strings.CutSuffix(key, " state"); ok {
		if r, ok := m[k]; ok {
			return r, true
		}
	}
	if k, ok := strings.CutPrefix(key, strings.ToLower(country)+" "); ok {
		if r, ok := m[k]; ok {
			return r, true
		}
	}
	if k, ok := strings.CutPrefix(key, "state of "); ok {
		if r, ok := m[k]; ok {
			return r, true
		}
	}
	return subdivisionMatch{}, false
}

// joinedKey is the key of a name written as one word: "Guinea-Bissau" is the
// word "guineabissau".
func joinedKey(name string) string {
	return strings.ReplaceAll(Fold(name), " ", "")
}
