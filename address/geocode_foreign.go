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

// cityAbroadReading returns the reading of an address that names no
// country, no postcode the region confirms and no place of the region at
// all, in the country of the city it writes, when that is a city
// (a capital or a division's seat) of bigCity people or more: "12 rue de
// la Paix, Paris", "Calle Mayor 5, Madrid", "Rua Augusta 100, Lisboa".
// The names tried are the city and the neighbourhood written, the words
// after the last number ("koenigsallee 60 duesseldorf"), the city before a
// country's short name glued to it ("london uk": that country only), the
// last words of a city glued to a district ("osu accra"), and, when the
// street's type is of another language than the region's, the last words
// of the street ("via del corso roma": in that language's countries
// only); each also without a last word of up to 3 letters, a division's
// code ("salvador ba"). A name the region's gazetteer knows stays the region's, and so
// does one that starts one of its names unless the street's language
// speaks for abroad; a town abroad is not enough: the text must imply the
// other country, and a piece of fewer than 4 letters never does ("Ba").
// Of several such cities, one of a country whose language the street's
// words speak comes first ("Avenida Central, San José"), then the most
// populous. The reading there is kept when it finds the city (its postal
// district's number dropped: "Dublin 2") or the neighbourhood, or a state
// that holds the city ("Busan", "Buenos Aires": cities that are their own
// division; not with a Plus Code, which places the address wherever its
// reading is), or, where the street's language is that country's, its
// province ("Roma"). ok is false when there is none.
func cityAbroadReading(ctx context.Context, gz Gazetteer, s Standardized, r Result) (Result, bool, error) {
	a := s.Address
	// (a locality confirmed before a city the region does not know, which
	// was read as the division around it, does not keep the address home:
	// "No. 15 Ring Road East, Osu, Accra" is no Nigerian Osu in a county
	// called Accra)
	county := r.Address.LGA != "" && foldEqual(r.Address.LGA, a.City) && r.Checks.Get("lga") == Unconfirmed
	if s.input == nil || a.State != "" || r.Checks.Get("postcode") == Confirmed ||
		!county && (r.Checks.Get("city") == Confirmed || r.Checks.Get("neighbourhood") == Confirmed) ||
		slices.ContainsFunc(s.Tokens, func(t Token) bool { return t.Label == LabelCountry }) {
		return r, false, nil
	}
	var best *Place
	bestCC, bestName, bestPref := "", "", false
	names := []string{a.City, a.Neighbourhood}
	// the words after the last number, which the region's reading may
	// have taken into a street or a city: "koenigsallee 60 duesseldorf"
	words, glued := tokenWords(s.Tokens)
	last := -1
	for i, w := range words {
		if strings.ContainsAny(w, "0123456789") {
			last = i
		}
	}
	if last >= 0 && len(words)-last-1 <= 3 {
		names = append(names, nearPostcode(words, glued, last, last)...)
	}
	named := ""                    // a country glued to the city, which the city must be in
	inDivision := map[int]string{} // names[i] was written before the name of a division it must lie in
	if k := Fold(a.City); a.Neighbourhood != "" && len(data().subCountries[k]) > 0 && KeyLen(k) >= 4 {
		// a city, then its division's name in full (not a code: "Centro,
		// SLP"), read as a neighbourhood and its city: "Cartagena,
		// Bolívar" is Colombia's Cartagena, before Venezuela's Ciudad
		// Bolívar
		inDivision[0] = k
		names = append([]string{a.Neighbourhood}, names...)
	}
	if f := strings.Fields(a.City); len(f) > 1 {
		endsDivision := false
		for n := 2; n <= min(3, len(f)); n++ {
			endsDivision = endsDivision || len(data().subCountries[Fold(strings.Join(f[len(f)-n:], " "))]) > 0
		}
		if c, ok := data().byKey[Fold(f[len(f)-1])]; ok && c.Alpha2 != a.Country && !endsDivision {
			// "london uk": the city, then its country's short name
			// (not "New South Wales", a state's name)
			named = c.Alpha2
			names = append(names, strings.Join(f[:len(f)-1], " "))
		}
		// two places without a comma: "osu accra", "bandra west mumbai"
		for n := min(3, len(f)-1); n >= 1; n-- {
			names = append(names, strings.Join(f[len(f)-n:], " "))
		}
		// the city, then its division's name in full: "halifax nova
		// scotia", "toronto ontario" (the city must lie in it)
		for n := min(3, len(f)-1); n >= 1; n-- {
			if k := Fold(strings.Join(f[len(f)-n:], " ")); len(data().subCountries[k]) > 0 && KeyLen(k) >= 4 {
				inDivision[len(names)] = k
				names = append(names, strings.Join(f[:len(f)-n], " "))
			}
		}
	}
	// a street of another language than the region's, the city glued to
	// its end: "via del corso roma", "rue de rivoli paris"
	var spoken []string
	for _, l := range streetLanguages {
		if a.StreetType != "" && slices.Contains(l.words, Fold(a.StreetType)) {
			spoken = append(spoken, l.countries...) // "Avenida": Spanish and Portuguese
		}
	}
	if slices.Contains(spoken, "ES") && calleSlash(s.input.Text) != s.input.Text {
		spoken = []string{"ES"} // "c/ cádiz 52 ruzafa valencia": Spain writes "C/", not Venezuela
	}
	if slices.Contains(spoken, a.Country) {
		spoken = nil
	}
	// a venue's word opening the text ("stadio san siro piazzale angelo
	// moratti milano", "palacio da bolsa rua ferreira borges porto"):
	// its last words may name a city abroad of any size the tail allows
	f := strings.Fields(a.Organization)
	venueFirst := a.City == "" && len(f) > 2 && organizationWords[Fold(f[0])]
	if a.City == "" && len(f) > 2 {
		// a venue's name run on into its city after its last
		// organization word: "van gough museum amsterdam"
		for i := len(f) - 2; i >= max(1, len(f)-4); i-- {
			if organizationWords[Fold(f[i])] {
				names = append(names, strings.Join(f[i+1:], " "))
				break
			}
		}
	}
	if a.City != "" && withoutArticle(a.City) != a.City {
		names = append(names, withoutArticle(a.City)) // "La Habana": Habana
	}
	names = withoutCodes(names) // "salvador ba": a division's code after the city
	fromStreet := len(names)    // names[fromStreet:] are the street's last words, the city written first, or those after its number
	first, rest := -1, ""
	if head, tail, ok := strings.Cut(s.input.Text, ","); ok && spoken != nil && a.Organization != "" && Fold(strings.TrimSpace(head)) == Fold(a.Organization) {
		// the city written first, as some countries write it, read as a
		// venue before the street: "Budapest, Dob utca 12", "Warszawa,
		// ul. Marszałkowska 10" (a city of the street's language only;
		// read again written last)
		first, rest = len(names), strings.TrimSpace(tail)+", "+strings.TrimSpace(head)
		names = append(names, a.Organization)
	}
	if spoken != nil {
		if f := strings.Fields(a.StreetName); len(f) > 1 {
			for n := min(2, len(f)-1); n >= 1; n-- {
				names = append(names, strings.Join(f[len(f)-n:], " "))
			}
		}
	}
	// a district, then the city, typed after the house number, with the
	// code of the city's state, in a street of the city's language, or a
	// city of millions: "680 copacabana rio de janeiro rj" (a Nigerian
	// village and its district, "no 20 shena dakka", are no city abroad)
	fromTail, tailCode := len(names), ""
	// (or, in an address without a number or a street, its last words:
	// "edna mall bole medhane alem addis ababa")
	if tail := words[last+1:]; (last >= 0 && len(tail) <= 5 || last < 0 && a.Street == "") && len(tail) >= 2 && !slices.Contains(tail, "") {
		if c := tail[len(tail)-1]; len(c) <= 3 && !isDigits(c) {
			tailCode = c
		}
		var ends []string
		for n := min(4, len(tail)-1); n >= 1; n-- {
			ends = append(ends, strings.Join(tail[len(tail)-n:], " "))
		}
		names = append(names, withoutCodes(ends)...)
	}
	for ni, name := range names {
		key := NameKey(name)
		if key == "" {
			continue
		}
		if ps, err := gz.Named(ctx, a.Country, key); err != nil || len(ps) > 0 {
			return r, false, err
		}
		if ni > 0 && KeyLen(key) < 4 {
			continue // a piece too short to imply a city abroad ("Ba"); a city written may be ("Tsu", "Ufa")
		}
		// the street's last words are taken for a city of the street's
		// language only ("via del corso roma"); the other names for one
		// of any country ("Rue Pasteur, Dakar"). A street of another
		// language is evidence enough that a name is not cut short.
		streetWords := ni >= fromStreet && ni < fromTail
		tailWords := ni >= fromTail
		if px, ok := gz.(prefixed); ok && spoken == nil {
			// the start of a name of the region's ("Victoria" of Victoria
			// Island), which people cut short; fewer than 4 letters cut
			// short are no evidence for the region either, but more likely
			// a division's code ("Guadalajara, Jal": not Jalingo's)
			if ps, err := px.Prefixed(ctx, a.Country, key); err != nil || len(ps) > 0 {
				if err == nil && KeyLen(key) < 4 {
					continue
				}
				return r, false, err
			}
		}
		for _, c := range Countries() {
			if c.Alpha2 == a.Country || streetWords && !slices.Contains(spoken, c.Alpha2) || named != "" && c.Alpha2 != named {
				continue
			}
			ps, err := gz.Named(ctx, c.Alpha2, key)
			if err != nil {
				return r, false, err
			}
			// a country whose language the street's words speak comes
			// first ("Avenida Central, San José": Costa Rica's, not San
			// Jose, California)
			pref := slices.Contains(spoken, c.Alpha2)
			if dk := inDivision[ni]; dk != "" {
				sub, ok := LookupSubdivision(c.Alpha2, dk)
				// (on a copy: the gazetteer's slice is its cache's, shared)
				ps = slices.DeleteFunc(slices.Clone(ps), func(p Place) bool { return !ok || !p.Within(sub.Code) })
			}
			for i := range ps {
				if p := &ps[i]; tailWords && !pref && named == "" && !venueFirst && !codeOfState(c.Alpha2, tailCode, p) && (p.Rank < millionCity || NameKey(p.Name) != key) {
					// the words after the number: in the street's
					// language, with the code of the city's state, or a
					// city of millions by its own name ("45-c gulberg iii
					// lahore"; not "dakka", a name of Dhaka's)
					continue
				}
				// (a town of one word cut from a longer name is
				// none: "Kofar Gumi" is Kano's, not Gumi, Korea; but
				// a city or town followed by its division or its
				// country in full or by code is, of any size:
				// "chicago illinois", "nelson nz", "... 120 rotterdam nl")
				p := &ps[i]
				confirmed := (inDivision[ni] != "" || named != "") && cityOrTown(p)
				if (confirmed || bigSettlement(p) && (p.Kind == KindCity || ni <= 1 || strings.Contains(name, " "))) && (best == nil || pref && !bestPref || pref == bestPref && p.Rank > best.Rank) {
					best, bestCC, bestName, bestPref = p, c.Alpha2, name, pref
				}
			}
		}
		if best != nil {
			break
		}
	}
	if best == nil {
		return r, false, nil
	}
	t, reread := s, ""
	if first >= 0 && bestName == names[first] {
		reread = rest
	} else if text := strings.TrimRight(s.input.Text, ".,;: "); last < 0 && (a.City == "" || len(a.City) > len(bestName)) && len(text) > len(bestName) && strings.EqualFold(text[len(text)-len(bestName):], bestName) {
		// the city's words ending an address without a number, which
		// the reading took into a venue's name or a longer city's
		// ("tour eifel champ de mars paris"): read set apart
		reread = strings.TrimRight(text[:len(text)-len(bestName)], " ") + ", " + text[len(text)-len(bestName):]
	}
	if reread != "" {
		in := *s.input
		in.Text = reread
		t.input = &in
	}
	fr, ok, err := readIn(ctx, gz, t, bestCC, "city", "neighbourhood", "state")
	if ok && !found(fr, "city") && !found(fr, "neighbourhood") && !slices.Contains(spoken, bestCC) && (fr.Address.StateCode != stateOf(best) || a.PlusCode != "") {
		// only a state was confirmed: it must hold the city found (a
		// city that is its own division: "Busan", "Buenos Aires"), or
		// the street's language agrees, and the city may be read as its
		// province ("Roma"); a Plus Code, which places the address
		// wherever its reading is, needs the city itself
		ok = false
	}
	if ok {
		fr.Reasons = append(fr.Reasons, fmt.Sprintf("no country was written, and %s is no place of %s but a city of %s (%s): read as an address in %s",
			bestName, s.Address.CountryName, fr.Reading.Address.CountryName, best.Name, fr.Reading.Address.CountryName))
	}
	return fr, ok, err
}

// codeOfState reports whether code is the code of the first-level
// division of country cc that holds p ("rj": Rio de Janeiro's).
func codeOfState(cc, code string, p *Place) bool {
	if code == "" {
		return false
	}
	sub, ok := LookupSubdivision(cc, code)
	return ok && p.Within(sub.Code)
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
