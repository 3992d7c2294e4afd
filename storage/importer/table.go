package importer

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
)

// Fields of a place that a Mapping can fill from a column.
var mappingFields = []string{"id", "name", "alt_names", "kind", "country", "state", "lga", "city", "area",
	"lat", "lon", "postcode", "house_number", "street", "unit", "rank"}

// Mapping says which column holds each field of a place, which constant
// fields apply to every row, and which rows to keep.
type Mapping struct {
	Columns  map[string]string // field -> column name
	Const    map[string]string // field -> value for every row
	Where    map[string]string // column -> value a row must have
	Merge    bool              // merge rows with the same id (kept in memory until the end; the rank counts the points pooled)
	KindMap  map[string]address.PlaceKind
	Fallback bool // locate rows without coordinates at their locality (else they have no point)
}

// ParseMapping reads a mapping written as comma-separated items:
// "field=column" takes a field from a column ("field=col1+col2" joins
// columns with a space), "field:=value" sets it for every row,
// "?column=value" keeps only rows with that value. Fields are
// id, name, alt_names (semicolon-separated), kind, country, state, lga,
// city, area, lat, lon, postcode, house_number, street, unit, rank.
//
//	name=Ward,state=State,lga=LGA,lat=Latitude,lon=Longitude,kind:=ward
func ParseMapping(s string) (Mapping, error) {
	m := Mapping{Columns: map[string]string{}, Const: map[string]string{}, Where: map[string]string{}}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if col, val, ok := strings.Cut(strings.TrimPrefix(item, "?"), "="); ok && item[0] == '?' {
			m.Where[col] = val
			continue
		}
		if f, val, ok := strings.Cut(item, ":="); ok {
			if !validField(f) {
				return m, fmt.Errorf("mapping: unknown field %q (fields: %s)", f, strings.Join(mappingFields, ", "))
			}
			m.Const[f] = val
			continue
		}
		f, col, ok := strings.Cut(item, "=")
		if !ok || col == "" {
			return m, fmt.Errorf("mapping: %q is not field=column, field:=value or ?column=value", item)
		}
		if !validField(f) {
			return m, fmt.Errorf("mapping: unknown field %q (fields: %s)", f, strings.Join(mappingFields, ", "))
		}
		m.Columns[f] = col
	}
	if m.Columns["name"] == "" && m.Const["name"] == "" && m.Columns["street"] == "" {
		return m, errors.New("mapping: no name column (name=COLUMN), nor a street for address points")
	}
	return m, nil
}

func validField(f string) bool {
	for _, x := range mappingFields {
		if x == f {
			return true
		}
	}
	return false
}

// kindSynonyms maps the place kinds of common sources to ours.
var kindSynonyms = map[string]address.PlaceKind{
	"country": address.KindCountry, "state": address.KindState, "region": address.KindState, "province": address.KindState,
	"lga": address.KindLGA, "county": address.KindLGA, "district": address.KindLGA,
	"city": address.KindCity, "town": address.KindTown, "village": address.KindVillage, "hamlet": address.KindVillage,
	"isolated_dwelling": address.KindVillage, "farm": address.KindVillage, "ward": address.KindWard,
	"suburb": address.KindNeighbourhood, "neighbourhood": address.KindNeighbourhood, "neighborhood": address.KindNeighbourhood,
	"quarter": address.KindNeighbourhood, "borough": address.KindNeighbourhood, "locality": address.KindVillage,
	"postcode": address.KindPostcode, "street": address.KindStreet, "address": address.KindAddress,
}

// row gives the fields of one record.
type row func(field string) string

// Table imports a CSV (or TSV, semicolon- or pipe-separated) file when
// format is "csv", or a JSON array or newline-delimited JSON objects when
// format is "json", through opts.Mapping.
func Table(ctx context.Context, g *storage.Gazetteer, r io.Reader, size int64, format string, opts Options) (Stats, error) {
	opts.defaults(format)
	var st Stats
	s, err := newSink(g, &st)
	if err != nil {
		return st, err
	}
	t := &tableImport{ctx: ctx, opts: opts, res: newResolver(g), sink: s, stats: &st, merged: map[string]*address.Place{}}
	pr := newProgressReader(r, size, opts.Progress)
	switch format {
	case "json":
		err = t.readJSON(pr)
	default:
		err = t.readCSV(pr)
	}
	for _, id := range t.order {
		s.put(*t.merged[id])
	}
	if cerr := s.close(); err == nil {
		err = cerr
	}
	return st, err
}

type tableImport struct {
	ctx    context.Context
	opts   Options
	res    *resolver
	sink   *sink
	stats  *Stats
	merged map[string]*address.Place
	order  []string
}

func (t *tableImport) readCSV(r io.Reader) error {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(4096)
	cr := csv.NewReader(br)
	cr.Comma = sniffDelimiter(string(head))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err != nil {
		return fmt.Errorf("read header: %w", err)
	}
	cols := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		cols[h] = i
		cols[strings.ToLower(h)] = i
	}
	for f, c := range t.opts.Mapping.Columns {
		for _, col := range strings.Split(c, "+") {
			if _, ok := cols[col]; !ok {
				return fmt.Errorf("mapping: %s column %q is not in the header %q", f, col, header)
			}
		}
	}
	for {
		if err := t.ctx.Err(); err != nil {
			return err
		}
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				t.stats.Rows++
				t.stats.skip("line %d: %v", line, err)
				continue
			}
			return err
		}
		t.stats.Rows++
		get := func(col string) string {
			i, ok := cols[col]
			if !ok || i >= len(rec) {
				return ""
			}
			return strings.TrimSpace(rec[i])
		}
		t.row(fmt.Sprintf("line %d", line), get)
	}
}

// sniffDelimiter picks the separator that splits the first line most.
func sniffDelimiter(head string) rune {
	line, _, _ := strings.Cut(head, "\n")
	best, n := ',', 0
	for _, d := range []rune{',', '\t', ';', '|'} {
		if c := strings.Count(line, string(d)); c > n {
			best, n = d, c
		}
	}
	return best
}

func (t *tableImport) readJSON(r io.Reader) error {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<16))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("read JSON: %w", err)
	}
	array := tok == json.Delim('[')
	if !array && tok != json.Delim('{') {
		return fmt.Errorf("read JSON: want an array or objects, got %v", tok)
	}
	n := 0
	one := func(obj map[string]any) {
		n++
		t.stats.Rows++
		t.row(fmt.Sprintf("record %d", n), func(col string) string {
			switch v := obj[col].(type) {
			case nil:
				return ""
			case string:
				return strings.TrimSpace(v)
			case json.Number:
				return v.String()
			default:
				b, _ := json.Marshal(v)
				return string(b)
			}
		})
	}
	if !array {
		// newline-delimited objects: the first one's brace is consumed
		obj := map[string]any{}
		if err := decodeRest(dec, obj); err != nil {
			return err
		}
		one(obj)
	}
	for dec.More() || !array {
		if err := t.ctx.Err(); err != nil {
			return err
		}
		var obj map[string]any
		if err := dec.Decode(&obj); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("read JSON record %d: %w", n+1, err)
		}
		one(obj)
	}
	return nil
}

// decodeRest reads the members of an object whose opening brace was read.
func decodeRest(dec *json.Decoder, obj map[string]any) error {
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return err
		}
		obj[fmt.Sprint(k)] = v
	}
	_, err := dec.Token() // the closing brace
	return err
}

// field returns a mapped field of a row.
func (t *tableImport) field(get row, f string) string {
	if v, ok := t.opts.Mapping.Const[f]; ok {
		return v
	}
	if c := t.opts.Mapping.Columns[f]; c != "" {
		if !strings.Contains(c, "+") {
			return get(c)
		}
		var parts []string
		for _, col := range strings.Split(c, "+") {
			if v := get(col); v != "" {
				parts = append(parts, v)
			}
		}
		return strings.Join(parts, " ")
	}
	return ""
}

// row turns one record into a place.
func (t *tableImport) row(where string, get row) {
	m := &t.opts.Mapping
	for col, want := range m.Where {
		if !strings.EqualFold(get(col), want) {
			t.stats.Skipped++
			return
		}
	}
	f := func(name string) string { return cleanName(t.field(get, name)) }
	cc := t.opts.Country
	if c := f("country"); c != "" {
		country, ok := address.LookupCountry(c)
		if !ok {
			t.stats.skip("%s: unknown country %q", where, c)
			return
		}
		cc = country.Alpha2
	}
	kind := address.PlaceKind(strings.ToLower(f("kind")))
	if k, ok := kindSynonyms[string(kind)]; ok {
		kind = k
	}
	if m.KindMap != nil {
		if k, ok := m.KindMap[f("kind")]; ok {
			kind = k
		}
	}
	hn, street, name := f("house_number"), f("street"), f("name")
	if kind == "" {
		switch {
		case hn != "" && street != "":
			kind = address.KindAddress
		case street != "" && name == "":
			kind = address.KindStreet
		}
	}
	if !kind.Valid() {
		t.stats.skip("%s: unknown place kind %q", where, f("kind"))
		return
	}
	hn = trimNumber(hn)
	if kind == address.KindAddress && (hn == "" || street == "") {
		t.stats.skip("%s: an address point needs a house number and a street", where)
		return
	}
	if kind == address.KindAddress && name == "" {
		name = strings.TrimSpace(hn + " " + street)
	}
	if kind == address.KindStreet && name == "" {
		name = street
	}
	if name == "" {
		t.stats.skip("%s: no name", where)
		return
	}
	if kind == address.KindState {
		if _, ok := address.LookupSubdivision(cc, name); ok {
			// a point tagged as a state that the gazetteer has as a
			// division (OSM's place=state nodes): a second "Lagos" state
			// inside an LGA would only be a duplicate in every answer
			t.stats.skip("%s: %s is a division the gazetteer has", where, name)
			return
		}
	}
	p := address.Place{Kind: kind, Name: name, Country: cc, HouseNumber: hn, Street: street, Source: t.opts.Source}
	if alt := f("alt_names"); alt != "" {
		for _, a := range strings.Split(alt, ";") {
			if a = cleanName(a); a != "" && a != name {
				p.AltNames = append(p.AltNames, a)
			}
		}
	}
	if pc := f("postcode"); pc != "" {
		if n, ok := address.NormalizePostcode(cc, pc); ok {
			p.Postcodes = []string{n}
		} else {
			p.Postcodes = []string{strings.ToUpper(pc)}
		}
	}
	if kind == address.KindPostcode {
		p.Name = p.Postcodes[0]
	}
	if rk := f("rank"); rk != "" {
		p.Rank, _ = strconv.ParseFloat(rk, 64)
	}
	lat, lon := f("lat"), f("lon")
	if lat != "" && lon != "" {
		la, err1 := parseCoord(lat)
		lo, err2 := parseCoord(lon)
		if err1 != nil || err2 != nil || la == 0 && lo == 0 {
			t.stats.skip("%s: bad coordinates %q, %q", where, lat, lon)
			return
		}
		p.Lat, p.Lon, p.HasPoint = la, lo, true
	}
	own := ""
	if (kind == address.KindVillage || kind == address.KindTown) && !p.HasPoint {
		// a settlement without coordinates takes those of a place of its
		// name in its LGA, when the store has one
		own = name
	}
	parents, located := t.res.parents(t.ctx, cc, f("state"), f("lga"), own, f("city"), f("area"))
	if len(parents) == 1 && p.HasPoint && f("state") == "" && f("lga") == "" {
		parents = t.res.nearestAdmin(cc, p.Lat, p.Lon)
	}
	p.Parents = parents
	// Only a settlement or a part of one is near enough to stand for the
	// row's own position; an LGA seat can be tens of kilometres away.
	if !p.HasPoint && located != nil && m.Fallback && kind != address.KindStreet && kind != address.KindAddress &&
		located.Kind != address.KindLGA && located.Kind != address.KindState && located.Kind != address.KindCountry {
		p.Lat, p.Lon, p.HasPoint = located.Lat, located.Lon, true
	}
	p.ID = f("id")
	if p.ID == "" {
		p.ID = rowID(t.opts.Source, &p)
	} else {
		p.ID = t.opts.Source + ":" + p.ID
	}
	// after the id, which stays the one of the name as the source writes
	// it, so that importing again replaces the places of earlier imports
	canonicalStreets(&p)
	if m.Merge {
		t.merge(p)
		return
	}
	t.sink.put(p)
}

// merge folds a place into the one of the same id read before: names,
// postcodes and points are pooled (the point is their mean).
func (t *tableImport) merge(p address.Place) {
	q, ok := t.merged[p.ID]
	if !ok {
		t.merged[p.ID] = &p
		t.order = append(t.order, p.ID)
		if p.HasPoint {
			p.Rank = 1 // counts the points pooled
		}
		return
	}
	for _, n := range p.Names() {
		if n != q.Name && !slices.Contains(q.AltNames, n) {
			q.AltNames = append(q.AltNames, n)
		}
	}
	for _, pc := range p.Postcodes {
		if !slices.Contains(q.Postcodes, pc) {
			q.Postcodes = append(q.Postcodes, pc)
		}
	}
	if p.HasPoint {
		n := q.Rank
		q.Lat, q.Lon = (q.Lat*n+p.Lat)/(n+1), (q.Lon*n+p.Lon)/(n+1)
		q.Rank, q.HasPoint = n+1, true
	}
	if len(p.Parents) > len(q.Parents) {
		q.Parents = p.Parents
	}
}

// canonicalStreets writes the street type of a street's name and of a
// place's street (and of an address point's name made of it) once and in
// canonical form (see address.CanonicalStreet).
func canonicalStreets(p *address.Place) {
	st := address.CanonicalStreet(p.Street)
	switch {
	case p.Kind == address.KindStreet:
		p.Name = address.CanonicalStreet(p.Name)
	case p.Kind == address.KindAddress && p.Name == strings.TrimSpace(p.HouseNumber+" "+p.Street):
		p.Name = strings.TrimSpace(p.HouseNumber + " " + st)
	}
	p.Street = st
}

// rowID derives a stable id from what the row says, so that importing it
// again finds the same place.
func rowID(source string, p *address.Place) string {
	h := fnv.New64a()
	for _, s := range []string{string(p.Kind), p.Name, p.HouseNumber, p.Street, strings.Join(p.Parents, "/")} {
		h.Write([]byte(address.NameKey(s)))
		h.Write([]byte{0})
	}
	if p.Kind == address.KindPostcode {
		return source + ":" + p.Country + ":" + p.Name
	}
	return fmt.Sprintf("%s:%x", source, h.Sum64())
}

// trimNumber turns house numbers that went through a float ("7.000000")
// back into text.
func trimNumber(s string) string {
	if i := strings.IndexByte(s, '.'); i > 0 && strings.Trim(s[i+1:], "0") == "" {
		return s[:i]
	}
	return s
}

// parseCoord reads a coordinate, with a decimal point or comma.
func parseCoord(s string) (float64, error) {
	return strconv.ParseFloat(strings.Replace(strings.TrimSpace(s), ",", ".", 1), 64)
}
