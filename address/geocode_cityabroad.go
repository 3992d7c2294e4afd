package address

// A city of 100,000 people or more abroad, named in an address that names
// no country and no place of the region: "12 rue de la Paix, Paris".

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// cityAbroadReading returns the reading of an address that names no
// country, no postcode the region confirms and no place of the region at
// all, in the country of the city it writes, when that is a city
// (a capital or a division's seat) of bigCity people or more: "12 rue de
// la Paix, Paris", "Calle Mayor 5, Madrid", "Rua Augusta 100, Lisboa",
// or a town of any size written as the city after a street of its
// country's language ("Piazza San Marco 1, Venezia").
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
	bestCC, bestName, bestPref, bestDivision := "", "", false, ""
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
	var afterNumber []string // the words after the last number alone
	if last >= 0 && len(words)-last-1 <= 3 {
		names = append(names, nearPostcode(words, glued, last, last)...)
		afterNumber = nearPostcode(words, glued, 0, last)
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
		names = beforeDivision(names, inDivision, f)
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
		for i := len(f) - 2; i >= 0; i-- {
			if i > 0 && i < len(f)-4 {
				continue // (the first word, or one of the last four)
			}
			if organizationWords[Fold(f[i])] {
				from := i + 1
				if i == 0 {
					from = 2 // the word opening the venue's name, then the name: "refugio frey bariloche rio negro"
				}
				names = append(names, strings.Join(f[from:], " "))
				names = beforeDivision(names, inDivision, f[from:]) // "city hall toronto ontario"
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
				// (so is a town of any size written as the city, or after
				// the house number, with a street of its country's
				// language: "Piazza San Marco 1, Venezia", "via abetone
				// inferiore 4 maranello")
				asCity := a.City != "" && Fold(name) == Fold(a.City) || slices.Contains(afterNumber, name)
				confirmed = confirmed || pref && ni < fromStreet && asCity && cityOrTown(p)
				// (nor is a town, unless of half a million people
				// after words that name no place of the region:
				// "edgbaston cricket ground birmingham", not "12
				// marine road apapa liverpool")
				metro := false
				if !confirmed && bigSettlement(p) && p.Kind != KindCity && ni > 1 && !strings.Contains(name, " ") && p.Rank >= metropolis {
					if metro, err = noPlaceBefore(ctx, gz, a.Country, words, name); err != nil {
						return r, false, err
					}
				}
				if (confirmed || bigSettlement(p) && (p.Kind == KindCity || ni <= 1 || strings.Contains(name, " ") || metro)) && (best == nil || pref && !bestPref || pref == bestPref && p.Rank > best.Rank) {
					best, bestCC, bestName, bestPref, bestDivision = p, c.Alpha2, name, pref, inDivision[ni]
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
	} else if head, div, ok := cityThenDivision(text, bestName, bestDivision); last < 0 && a.City == "" && ok {
		// the city, then its division's name, ending a venue's name:
		// "refugio frey bariloche rio negro"
		reread = head + ", " + bestName + ", " + div
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

// noPlaceBefore reports whether the words of the text (words) before
// name, where the text ends with it, all of them or the one before name,
// are no settlement, LGA or state of country cc ("12 marine road apapa
// liverpool": Apapa is Lagos's). A name written elsewhere is not checked.
func noPlaceBefore(ctx context.Context, gz Gazetteer, cc string, words []string, name string) (bool, error) {
	n := len(strings.Fields(name))
	if len(words) <= n || NameKey(strings.Join(words[len(words)-n:], " ")) != NameKey(name) {
		return true, nil
	}
	before := words[:len(words)-n]
	for _, k := range []string{NameKey(strings.Join(before, " ")), NameKey(before[len(before)-1])} {
		ps, err := gz.Named(ctx, cc, k)
		if err != nil {
			return false, err
		}
		if slices.ContainsFunc(ps, func(p Place) bool { return importance(&p) > 0 || p.Kind == KindLGA || p.Kind == KindState }) {
			return false, nil
		}
	}
	return true, nil
}

// beforeDivision appends to names the words of f before a division's name
// in full that ends them, the city that must lie in it: "halifax nova
// scotia", "toronto ontario", and their last words, after a venue's name:
// "golden temple amritsar punjab". inDivision records the division of
// each name appended, by its index.
func beforeDivision(names []string, inDivision map[int]string, f []string) []string {
	for n := min(3, len(f)-1); n >= 1; n-- {
		k := Fold(strings.Join(f[len(f)-n:], " "))
		if len(data().subCountries[k]) == 0 || KeyLen(k) < 4 {
			continue
		}
		for m := len(f) - n; m >= max(1, len(f)-n-3); m-- {
			inDivision[len(names)] = k
			names = append(names, strings.Join(f[len(f)-n-m:len(f)-n], " "))
		}
	}
	return names
}

// cityThenDivision cuts text that ends in a city's name, then the name
// of its division (folded: division), into what stands before the city and
// the division as written; ok is false when the text does not end so or
// nothing stands before the city.
func cityThenDivision(text, city, division string) (head, div string, ok bool) {
	if division == "" || city == "" {
		return "", "", false
	}
	words := strings.Fields(text)
	nd, nc := len(strings.Fields(division)), len(strings.Fields(city))
	if len(words) <= nd+nc || Fold(strings.Join(words[len(words)-nd:], " ")) != division ||
		!strings.EqualFold(strings.Join(words[len(words)-nd-nc:len(words)-nd], " "), city) {
		return "", "", false
	}
	return strings.Join(words[:len(words)-nd-nc], " "), strings.Join(words[len(words)-nd:], " "), true
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
