package builtin

// The places of every other country: GeoNames' populated places of 500
// people or more and the names of their first-level divisions, generated
// into world.tsv.zst by internal/worldgen (GeoNames data, CC BY 4.0).

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/klauspost/compress/zstd"
)

//go:generate go run ./internal/worldgen -src ../../../shared/data/world-geonames -out world.tsv.zst

//go:embed world.tsv.zst
var worldData []byte

// worldLines returns the lines of world.tsv.zst.
func worldLines() ([]string, error) {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	raw, err := d.DecodeAll(worldData, nil)
	if err != nil {
		return nil, fmt.Errorf("builtin: world.tsv.zst: %w", err)
	}
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n"), nil
}

// world adds the divisions and places of every country but Nigeria. A
// division takes the ISO 3166-2 code of the one package address knows by
// its name (the same place), else the id "adm1:" and its GeoNames code;
// its point is its seat's (a PPLA place), else its most populous place's.
// A place lies in its division, and in the province before it where
// worldgen gave one (an ISO 3166-2 code of the second level: Italy's and
// Spain's), whose point is its seat's (a PPLA2 place). A place is a city when it is a capital (PPLC) or a division's seat
// (PPLA), a town from 10,000 people or as a lower division's seat (PPLA2,
// PPLA3), a neighbourhood when GeoNames says it is a section (PPLX), else
// a village; historical, abandoned and destroyed places are left out.
func (b *builder) world() {
	lines, err := worldLines()
	if err != nil {
		panic(err) // the embedded file is written by worldgen and tested
	}
	b.out = slices.Grow(b.out, len(lines))
	states := map[string]string{} // GeoNames admin1 code -> state id
	seat := map[string]bool{}     // state ids whose point is a seat's
	for _, line := range lines {
		f := strings.Split(line, "\t")
		switch f[0] {
		case "A":
			code, name := f[1], f[2]
			cc, _, _ := strings.Cut(code, ".")
			if s, ok := address.LookupSubdivision(cc, name); ok {
				states[code] = s.Code
				continue
			}
			id := "adm1:" + code
			states[code] = id
			b.add(address.Place{ID: id, Kind: address.KindState, Name: name, Country: cc, Parents: []string{cc},
				Rank: 1000, Source: "geonames"})
		case "P":
			p, ok := worldPlace(f, states)
			if !ok {
				continue
			}
			b.add(p)
			for _, id := range p.Parents[:len(p.Parents)-1] {
				s := b.get(id)
				if s == nil {
					continue
				}
				// a province's seat is a PPLA2 (or its region's seat)
				isSeat := f[6] == "PPLA" || f[6] == "PPLC" || f[6] == "PPLA2" && len(p.Parents) == 3 && id == p.Parents[0]
				if isSeat && !seat[s.ID] || !s.HasPoint {
					s.Lat, s.Lon, s.HasPoint = p.Lat, p.Lon, true
					seat[s.ID] = isSeat
				}
			}
		}
	}
}

// worldMinPopulation is the fewest people a place of another country
// than Nigeria has to be built in, unless it is the seat of a division
// (seatCodes); see docs/data.md for the measurements that chose it.
var worldMinPopulation = 2000.0

// seatCodes are GeoNames' feature codes of capitals and division seats.
var seatCodes = map[string]bool{"PPLC": true, "PPLA": true, "PPLA2": true, "PPLG": true}

// worldPlace reads a place line of world.tsv.zst (see worldgen).
func worldPlace(f []string, states map[string]string) (address.Place, bool) {
	if len(f) < 10 {
		return address.Place{}, false
	}
	code, cc := f[6], f[7]
	pop, _ := strconv.ParseFloat(f[9], 64)
	var kind address.PlaceKind
	switch {
	case code == "PPLH" || code == "PPLQ" || code == "PPLW":
		return address.Place{}, false
	case pop < worldMinPopulation && !seatCodes[code]:
		return address.Place{}, false
	case code == "PPLC" || code == "PPLA":
		kind = address.KindCity
	case code == "PPLX":
		kind = address.KindNeighbourhood
	case pop >= 10000 || code == "PPLA2" || code == "PPLA3":
		kind = address.KindTown
	default:
		kind = address.KindVillage
	}
	lat, err1 := strconv.ParseFloat(f[4], 64)
	lon, err2 := strconv.ParseFloat(f[5], 64)
	if err1 != nil || err2 != nil {
		return address.Place{}, false
	}
	p := address.Place{ID: "geonames:" + f[1], Kind: kind, Name: f[2], Country: cc, Lat: lat, Lon: lon, HasPoint: true,
		Rank: pop, Source: "geonames", Parents: []string{cc}}
	if f[3] != "" {
		p.AltNames = strings.Split(f[3], ",")
	}
	if s := states[cc+"."+f[8]]; s != "" {
		p.Parents = []string{s, cc}
	}
	if len(f) > 10 && f[10] != "" && cc+"-"+f[10] != p.Parents[0] {
		// the province it lies in, which Italian and Spanish addresses
		// write ("20122 Milano MI"), before the region
		p.Parents = append([]string{cc + "-" + f[10]}, p.Parents...)
	}
	return p, true
}
