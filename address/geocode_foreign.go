package address

// A city of another country, named with a postcode of that country, in an
// address that names no country: "Unter den Linden 77, 10117 Berlin".

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// foreignReading returns the reading of an address in another country
// than its region, when the region's reading placed no locality (r), no
// country was written, and the words beside a postcode name a city, town
// or village of a country whose postcode format the postcode fits, and
// the region's does not ("10117 Berlin": DE; "75008 Paris": FR), and that
// the region's gazetteer does not know by that name. A postcode that fits
// the region's format too, and that its gazetteer does not confirm, goes
// abroad only with a city (a division's seat or capital) or a place of
// bigCity people ("MG Road, Bengaluru 560001": India's PIN code, not a
// Nigerian postcode). A postcode may be written in two groups of digits
// ("119 08 Praha"). Of several such places, the most populous decides,
// unless the city written is a city of other countries, which then
// decide (cityAbroadReading): a house number that fits a postcode does
// not move "Av. Presidente Vargas, 2245, Luanda". The text is read again
// with that country as the region and geocoded; the reading is kept when
// it confirms the locality. ok is false when there is none.
func foreignReading(ctx context.Context, gz Gazetteer, s Standardized, r Result) (Result, bool, error) {
	if s.input == nil || r.Checks.Get("city") == Confirmed || r.Checks.Get("neighbourhood") == Confirmed ||
		slices.ContainsFunc(s.Tokens, func(t Token) bool { return t.Label == LabelCountry }) {
		return r, false, nil
	}
	words, glued := tokenWords(s.Tokens)
	var best *Place
	var bestCC, bestPC string
	for i := range words {
		w, hi := words[i], i
		if !strings.ContainsAny(w, "0123456789") || len(w) < 3 {
			continue
		}
		if i+1 < len(words) && isDigits(w) && isDigits(words[i+1]) {
			// a postcode written in two groups of digits ("119 08 Praha",
			// "118 26 Stockholm") when they fit a country's format
			// together
			if pc := w + " " + words[i+1]; postcodeAbroad(s.Address.Country, pc) {
				w, hi = pc, i+1
			}
		}
		// a postcode of the region's shape is the region's ("Ikeja
		// 100271") unless the region's gazetteer does not confirm it and
		// a city abroad is named beside it ("Bengaluru 560001": an Indian
		// PIN code)
		regional := false
		if _, ok := NormalizePostcode(s.Address.Country, w); ok {
			if r.Checks.Get("postcode") == Confirmed {
				continue
			}
			regional = true
		}
		// "cupertino ca 95014": a division's code between the city and
		// the postcode
		names := withoutCodes(nearPostcode(words, glued, i, hi))
		// a name the region knows is the region's ("Ikeja 100271")
		names = slices.DeleteFunc(names, func(n string) bool {
			ps, err := gz.Named(ctx, s.Address.Country, NameKey(n))
			return err != nil || len(ps) > 0
		})
		if len(names) == 0 {
			continue
		}
		for cc, l := range layouts {
			if l.postcodes == nil || cc == s.Address.Country {
				continue
			}
			if _, ok := NormalizePostcode(cc, w); !ok {
				continue
			}
			for _, n := range names {
				ps, err := gz.Named(ctx, cc, NameKey(n))
				if err != nil {
					return r, false, err
				}
				for i := range ps {
					p := &ps[i]
					switch {
					case regional && p.Kind != KindCity && p.Rank < bigCity:
						continue // (a town abroad does not outweigh the region's postcode)
					case p.Kind != KindCity && p.Kind != KindTown && p.Kind != KindVillage:
						continue
					}
					if best == nil || p.Rank > best.Rank || p.Rank == best.Rank && cc < bestCC {
						best, bestCC, bestPC = p, cc, w
					}
				}
			}
		}
	}
	if best == nil {
		return r, false, nil
	}
	if ccs, err := bigCityCountries(ctx, gz, s.Address.City, s.Address.Country); err != nil || len(ccs) > 0 && !slices.Contains(ccs, bestCC) {
		// the city written is a city of another country: that decides
		// (cityAbroadReading), not a number that fits a postcode ("Av.
		// Presidente Vargas, 2245, apto 52, Luanda")
		return r, false, err
	}
	fr, ok, err := readIn(ctx, gz, s, bestCC, "city", "neighbourhood")
	if ok {
		fr.Reasons = append(fr.Reasons, fmt.Sprintf("no country was written, and %s is a place of %s, whose postcodes %s fits: read as an address in %s, not in %s",
			best.Name, fr.Reading.Address.CountryName, bestPC, fr.Reading.Address.CountryName, s.Address.CountryName))
	}
	return fr, ok, err
}

// withoutCodes appends to names each name of two words or more without its
// last word when that has up to 3 letters: a division's code written after
// the city ("cupertino ca", "salvador ba").
func withoutCodes(names []string) []string {
	for _, n := range names {
		if f := strings.Fields(n); len(f) > 1 && len(f[len(f)-1]) <= 3 {
			names = append(names, strings.Join(f[:len(f)-1], " "))
		}
	}
	return names
}

// bigCityCountries returns the countries other than region that have a
// city of bigCity people or more named city.
func bigCityCountries(ctx context.Context, gz Gazetteer, city, region string) ([]string, error) {
	key := NameKey(city)
	if key == "" {
		return nil, nil
	}
	var out []string
	for _, c := range Countries() {
		if c.Alpha2 == region {
			continue
		}
		ps, err := gz.Named(ctx, c.Alpha2, key)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(ps, func(p Place) bool { return bigSettlement(&p) }) {
			out = append(out, c.Alpha2)
		}
	}
	return out, nil
}

// millionCity is the population from which a city's own name typed after
// a house number, in no street of its language nor with its state's code,
// reads the address there (cityAbroadReading).
const millionCity = 1_000_000

// bigCity is the population from which a place abroad named beside a
// postcode of the region's shape reads the address there.
const bigCity = 100_000

// metropolis is the population from which a town's name cut from the end
// of a longer name still implies the town ("... cricket ground
// birmingham").
const metropolis = 500_000

// bigTown is the population from which a town, a place that is no
// capital nor first-level seat, counts as a city abroad.
const bigTown = 250_000

// bigSettlement reports whether p is a city of bigCity people or more (a
// capital or a division's seat), or a town of bigTown, which the gazetteer
// lists as a town for being neither ("Quezon City", "Houston": seats of
// second-level divisions). (100,000 for towns too cost a country on a
// blind corpus's held half; 250,000 gained as much on the others.)
func bigSettlement(p *Place) bool {
	return p.Kind == KindCity && p.Rank >= bigCity || p.Kind == KindTown && p.Rank >= bigTown
}

// tokenWords returns the words of the tokens without the punctuation
// around them, a word joined by a slash parted ("Fatih/İstanbul": a
// district and its city); glued[i] reports whether word i was joined so to
// the word before it.
func tokenWords(tokens []Token) (words []string, glued []bool) {
	words = make([]string, 0, len(tokens))
	glued = make([]bool, 0, len(tokens))
	for _, t := range tokens {
		for j, w := range strings.Split(t.Text, "/") {
			words = append(words, strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
			glued = append(glued, j > 0)
		}
	}
	return words, glued
}

// postcodeAbroad reports whether pc fits the postcode format of a country
// other than region.
func postcodeAbroad(region, pc string) bool {
	for cc, l := range layouts {
		if l.postcodes == nil || cc == region {
			continue
		}
		if _, ok := NormalizePostcode(cc, pc); ok {
			return true
		}
	}
	return false
}

// nearPostcode returns the names the words beside words[lo:hi+1] (a
// postcode) may form: up to three words of letters after it, the longest
// first, then the last of them when a slash glued them ("34122
// Fatih/İstanbul": İstanbul), then up to three before it, the longest
// first.
func nearPostcode(words []string, glued []bool, lo, hi int) []string {
	var out []string
	run := func(from, step int) {
		var ws []string
		for j := from; j >= 0 && j < len(words) && len(ws) < 3; j += step {
			if words[j] == "" || strings.ContainsAny(words[j], "0123456789") {
				break
			}
			if step > 0 {
				ws = append(ws, words[j])
			} else {
				ws = append([]string{words[j]}, ws...)
			}
		}
		for k := len(ws); k > 0; k-- {
			if step > 0 {
				out = append(out, strings.Join(ws[:k], " "))
			} else {
				out = append(out, strings.Join(ws[len(ws)-k:], " "))
			}
		}
		if step > 0 {
			for k := len(ws) - 1; k > 0 && glued[from+k]; k-- {
				out = append(out, strings.Join(ws[k:], " "))
			}
		}
	}
	run(hi+1, 1)
	run(lo-1, -1)
	return out
}

// prefixed is what a gazetteer offers when it can find the places whose
// names start with a key (storage.Gazetteer does).
type prefixed interface {
	Prefixed(ctx context.Context, country, prefix string) ([]Place, error)
}

// stateCodeReading returns the reading of an address whose country was
// taken from a code of two or three letters ("Springfield, IL": Israel),
// or that ends in such a code in capitals read as its city ("Madison,
// WI") or as a state of the region ("Toronto, ON": Ondo), or in any case
// glued to the city without a comma ("chicago il"), where no
// locality was confirmed, in the country that has a first-level
// division of that code holding a city, town or village of the city
// written (Illinois' Springfield): the text is read again with that
// country as the region, and the reading kept when it confirms the city.
// ok is false when there is none.
func stateCodeReading(ctx context.Context, gz Gazetteer, s Standardized, r Result) (Result, bool, error) {
	if s.input == nil || s.regionalByName || s.Address.City == "" || r.Checks.Get("city") == Confirmed {
		return r, false, nil
	}
	code, city := "", s.Address.City
	glued := false // the code ends the city's words: "chicago il", "6900 lugano ti"
	for _, t := range s.Tokens {
		if t.Label == LabelCountry {
			code = strings.Trim(t.Text, ".,;: ")
		}
	}
	if code == "" || s.regional == nil {
		// no code was read as a country's; a code in capitals ending the
		// text was read as the city ("Madison, WI": the city before it)
		// or as a state of the region's ("Toronto, ON": Ondo's code)
		code = ""
		if n := len(s.Tokens); n >= 2 {
			last := strings.Trim(s.Tokens[n-1].Text, ".,;: ")
			f := strings.Fields(s.Address.City)
			switch {
			case len(f) > 1 && strings.EqualFold(f[len(f)-1], last) && len(last) == 2 && s.Tokens[n-1].Label == LabelCity:
				// typed without a comma, in any case: "chicago il"
				code, city, glued = strings.ToUpper(last), strings.Join(f[:len(f)-1], " "), true
			case !isCapsCode(last):
			case strings.EqualFold(last, s.Address.City) && s.Address.Neighbourhood != "":
				code, city = last, s.Address.Neighbourhood
			case s.Tokens[n-1].Label == LabelState:
				code = last
			}
		}
	}
	if len(code) < 2 || len(code) > 3 {
		return r, false, nil
	}
	var best *Place
	bestCC, bestWithin := "", ""
	for _, c := range Countries() {
		if c.Alpha2 == s.Address.Country && !glued {
			continue
		}
		var within []string
		if sub, ok := LookupSubdivision(c.Alpha2, code); ok && strings.EqualFold(strings.TrimPrefix(sub.Code, c.Alpha2+"-"), code) {
			// (and GeoNames' code of it, which the gazetteer may file
			// the division under: Switzerland's cantons)
			within = []string{sub.Code, "adm1:" + c.Alpha2 + "." + strings.ToUpper(code)}
		} else if strings.EqualFold(c.Alpha2, code) && !glued {
			// the country's own code, read as a state of the region's
			// ("Berlin, DE": Delta's; "Nairobi, KE": Kebbi's)
			within = []string{c.Alpha2}
		} else if _, fits := NormalizePostcode(c.Alpha2, s.Address.Postcode); fits && s.Address.Postcode != "" {
			// a division the package knows only from the gazetteer,
			// where the postcode written fits: by GeoNames' code ("6003
			// luzern lu": Lucerne's canton), or a second-level division
			// by its ISO code ("50122 Firenze FI": the province)
			up := strings.ToUpper(code)
			within = []string{"adm1:" + c.Alpha2 + "." + up, c.Alpha2 + "-" + up}
		} else {
			continue
		}
		ps, err := gz.Named(ctx, c.Alpha2, NameKey(city))
		if err != nil {
			return r, false, err
		}
		for i := range ps {
			p := &ps[i]
			in := slices.ContainsFunc(within, p.Within) || within[0] == c.Alpha2 && p.Country == c.Alpha2
			if (p.Kind == KindCity || p.Kind == KindTown || p.Kind == KindVillage) && in && (best == nil || p.Rank > best.Rank) {
				best, bestCC, bestWithin = p, c.Alpha2, within[0]
			}
		}
	}
	if best == nil {
		return r, false, nil
	}
	t := s
	if strings.HasPrefix(bestWithin, "adm1:") {
		// a division the parser does not know ends the text after the
		// city: read without it ("6003 luzern lu", "3005 bern be")
		text := strings.TrimRight(s.input.Text, ".,;: ")
		if cut, ok := strings.CutSuffix(strings.ToLower(text), strings.ToLower(code)); ok && strings.HasSuffix(cut, " ") {
			in := *s.input
			in.Text = text[:len(cut)]
			t.input = &in
		}
	}
	fr, ok, err := readIn(ctx, gz, t, bestCC, "city")
	if ok {
		why := fmt.Sprintf("%q read as a division of %s, where %s is, not as the country %s", code, fr.Reading.Address.CountryName, best.Name, s.Address.CountryName)
		switch {
		case bestWithin == bestCC:
			why = fmt.Sprintf("%q read as the country %s, where %s is, not as a state of %s", code, fr.Reading.Address.CountryName, best.Name, s.Address.CountryName)
		case bestCC == s.Address.Country:
			why = fmt.Sprintf("%q read as the division of %s where %s is, not as a part of the city's name", code, fr.Reading.Address.CountryName, best.Name)
		}
		fr.Reasons = append(fr.Reasons, why)
	}
	return fr, ok, err
}

// scriptReading returns the reading of an address whose country its script
// implied (Russia for Cyrillic), when that country's reading confirms no
// locality, in the other country writing the script whose gazetteer
// confirms one, the most confident first: "бул. Витоша 15, София 1000" is
// in Bulgaria, "Кнез Михаилова 10, Београд" in Serbia. ok is false when
// there is none.
func scriptReading(ctx context.Context, gz Gazetteer, s Standardized, r Result) (Result, bool, error) {
	if len(s.script) < 2 || s.input == nil || found(r, "city") || found(r, "neighbourhood") {
		return r, false, nil
	}
	var best Result
	ok := false
	for _, cc := range s.script {
		if cc == s.Address.Country {
			continue
		}
		fr, found, err := readIn(ctx, gz, s, cc, "city", "neighbourhood")
		if err != nil {
			return r, false, err
		}
		if found && (!ok || fr.Confidence > best.Confidence) {
			best, ok = fr, true
		}
	}
	if ok {
		best.Reasons = append(best.Reasons, fmt.Sprintf("no country was written, and %s is no place of %s but of %s, which writes the same script: read as an address in %s",
			best.Reading.Address.City+best.Reading.Address.Neighbourhood, s.Address.CountryName, best.Reading.Address.CountryName, best.Reading.Address.CountryName))
	}
	return best, ok, nil
}

// readIn reads the text of s again with the country cc as the region and
// geocodes it; ok reports whether that reading confirms one of the fields
// (Result.Reading carries it).
func readIn(ctx context.Context, gz Gazetteer, s Standardized, cc string, fields ...string) (Result, bool, error) {
	in := *s.input
	in.Region = cc
	fs, err := Standardize(ctx, in)
	if err != nil {
		return Result{}, false, nil
	}
	fr, err := geocode(ctx, gz, fs)
	if err != nil || !slices.ContainsFunc(fields, func(f string) bool { return found(fr, f) }) {
		return Result{}, false, err
	}
	fr.Reading = &fs
	return fr, true, nil
}

// found reports whether the gazetteer confirmed the field of r, or found
// it under another name without a spelling mistake: a postal district's
// number dropped ("Dublin 2": Dublin).
func found(r Result, field string) bool {
	switch r.Checks.Get(field) {
	case Confirmed:
		return true
	case Corrected:
		return !slices.ContainsFunc(r.Corrections, func(c Correction) bool {
			return c.Field == field && c.Edits > 0 && c.Edits != districtNumber(c.From)
		})
	}
	return false
}

// districtNumber returns the length of the number of one or two digits
// that ends a city's name, a postal district's ("Praha 2", "Dublin 15"),
// or 0.
func districtNumber(city string) int {
	i := strings.LastIndexByte(city, ' ')
	if d := city[i+1:]; i > 0 && (len(d) <= 2 && isDigits(d) || districtOrdinal(strings.ToLower(d))) {
		return len(d)
	}
	return 0
}

// isCapsCode reports whether s is two or three capital ASCII letters.
func isCapsCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
