package address

import (
	"strings"
	"unicode"
)

// Country detection. When the text names no country, what it is written in
// and the shape of its postcode may still imply one. The evidence is read in
// this order, and the first kind that implies any country decides:
//
//  1. a country named at the end or the start of the text (name, native
//     name or alias in the languages of countries_gen.go, ISO code);
//  2. a postcode written with the old European country prefix ("D-80331",
//     "CH-8001") when the digits fit that country's postcodes;
//  3. a postcode of a shape only one country uses ("SW1A 2AA", "K1A 0B1",
//     "1012 AB", "01310-100", "98501-2200");
//  4. a state or province, by name or code, followed by a postcode of the
//     same country ("WA 98501", "NSW 2000", "Lagos 100001");
//  5. the script, where one country is the main user of it (Cyrillic
//     without Ukrainian or Belarusian letters: Russia; kana: Japan;
//     Hangul: Korea; Greek, Hebrew, Thai, Georgian, Armenian...);
//  6. street words of one language ("Calle", "Via", "Rua", "-straße",
//     "ul.") with a postcode that fits, where it is written, a country
//     of that language: the first of streetLanguages' list that fits
//     ("Calle de Alcalá 45, 28014 Madrid": Spain).
//
// Evidence the region itself explains keeps the region: a Ukrainian region
// keeps Russian-language text in Ukraine, a US region keeps "WA 98501".
// Text that implies nothing stays in the region. The change record of the
// country says which evidence decided.

// postcodeShapes are postcode patterns (in matchPattern's notation) that
// identify one country; the more specific come first.
var postcodeShapes = []struct{ country, pattern string }{
	{"JE", "JE9 9AA"}, {"JE", "JE99 9AA"}, {"GG", "GY9 9AA"}, {"GG", "GY99 9AA"},
	{"IM", "IM9 9AA"}, {"IM", "IM99 9AA"}, {"GI", "GX11 1AA"},
	{"FK", "FIQQ 1ZZ"}, {"SH", "STHL 1ZZ"}, {"GS", "SIQQ 1ZZ"}, {"PN", "PCRN 1ZZ"},
	{"IO", "BBND 1ZZ"}, {"TC", "TKCA 1ZZ"},
	{"GB", "A9 9AA"}, {"GB", "A99 9AA"}, {"GB", "AA9 9AA"}, {"GB", "AA99 9AA"},
	{"GB", "A9A 9AA"}, {"GB", "AA9A 9AA"},
	{"CA", "A9A 9A9"},
	{"IE", "A99 EEEE"}, {"IE", "D6W EEEE"}, // Eircode: "V94 T9PX", "D02 X285"
	{"NL", "9999 AA"},
	{"BR", "99999-999"},
	{"PT", "9999-999"},
	{"US", "99999-9999"},
	{"AR", "A9999AAA"},
	{"GH", "AA-999-9999"}, {"GH", "AA-9999-9999"},
	{"LV", "LV-9999"}, {"LT", "LT-99999"}, {"MD", "MD-9999"}, {"MD", "MD9999"},
	{"AD", "AD999"}, {"AI", "AI-2640"}, {"HT", "HT9999"}, {"BB", "BB99999"},
	{"KY", "KY9-9999"}, {"VC", "VC9999"}, {"VG", "VG1199"}, {"FO", "FO-999"},
	{"JP", "〒999-9999"},
}

// countryPrefixes are the letters written before a postcode in the old
// European style ("D-80331").
var countryPrefixes = map[string]string{
	"D": "DE", "A": "AT", "CH": "CH", "F": "FR", "I": "IT", "B": "BE", "L": "LU",
	"DK": "DK", "S": "SE", "SE": "SE", "N": "NO", "NO": "NO", "FI": "FI", "SF": "FI",
	"E": "ES", "P": "PT", "PL": "PL", "CZ": "CZ", "SK": "SK", "H": "HU", "HR": "HR",
	"SLO": "SI", "SI": "SI", "GR": "GR", "EE": "EE", "RO": "RO", "BG": "BG", "NL": "NL",
	"FL": "LI", "IS": "IS", "M": "MT", "MC": "MC", "RSM": "SM", "CY": "CY",
}

// scriptCountries names, for scripts that one country is the main user
// of, that country and the other countries that write in it: a region
// among them keeps text in the script.
var scriptCountries = []struct {
	table     *unicode.RangeTable
	name      string
	countries []string // the first is implied
}{
	{unicode.Hiragana, "Japanese", []string{"JP"}},
	{unicode.Katakana, "Japanese", []string{"JP"}},
	{unicode.Hangul, "Hangul", []string{"KR", "KP"}},
	{unicode.Han, "Chinese characters", []string{"CN", "TW", "HK", "MO", "SG", "JP"}},
	{unicode.Cyrillic, "Cyrillic", []string{"RU", "UA", "BY", "KZ", "KG", "BG", "RS", "MK", "ME", "BA", "MN", "TJ", "UZ", "MD"}},
	{unicode.Greek, "Greek", []string{"GR", "CY"}},
	{unicode.Hebrew, "Hebrew", []string{"IL"}},
	{unicode.Thai, "Thai", []string{"TH"}},
	{unicode.Georgian, "Georgian", []string{"GE"}},
	{unicode.Armenian, "Armenian", []string{"AM"}},
	{unicode.Khmer, "Khmer", []string{"KH"}},
	{unicode.Lao, "Lao", []string{"LA"}},
	{unicode.Myanmar, "Burmese", []string{"MM"}},
	{unicode.Sinhala, "Sinhala", []string{"LK"}},
	{unicode.Ethiopic, "Ethiopic", []string{"ET", "ER"}},
	{unicode.Thaana, "Thaana", []string{"MV"}},
}

// cyrillicLetters are letters of one Cyrillic alphabet only, which move the
// implied country from Russia.
var cyrillicLetters = []struct{ letters, country string }{
	{"іїєґ", "UA"}, {"ў", "BY"}, {"әғқұһ", "KZ"}, {"ђћ", "RS"}, {"ѓќѕ", "MK"},
}

// detectCountry looks for a country implied by the text, when none is named,
// and switches to it.
func (p *parser) detectCountry() {
	if p.countryGiven {
		return // a country field says it; the text names none
	}
	// Each kind of evidence answers the region itself when the region
	// explains the words it reads (a postcode of the region, a state of it
	// before one): then nothing weaker is asked.
	for _, kind := range []func() (string, string){p.prefixedPostcode, p.postcodeShape, p.statePostcode, p.divisionLast, p.divisionCode, p.script, p.streetLanguage} {
		if c, why := kind(); c != "" {
			p.implied(c, why)
			return
		}
	}
}

// regionPostcode reports whether the text of a word or two is a postcode of
// the region, which no shape elsewhere then claims.
func (p *parser) regionPostcode(text string) bool {
	_, ok := NormalizePostcode(p.country, text)
	return ok
}

// tailWord reports whether word i may hold a postcode: in one of the last
// two segments, and not after a unit, plot or number marker ("Shop
// B-1000", "Block A-1234" name a shop and a block).
func (p *parser) tailWord(i int) bool {
	for si, s := range p.spans {
		if i >= s.lo && i < s.hi {
			return si >= len(p.spans)-2 && !p.afterMarker(i, s.lo)
		}
	}
	return false
}

// afterMarker reports whether word i follows, within lo, a unit, plot or
// number marker ("Shop 2011", "PO Box 5678"): a number there is none of a
// postcode's.
func (p *parser) afterMarker(i, lo int) bool {
	return i > lo && p.words[i-1].lex && isMarkerKey(p.key(i-1))
}

// streetLanguages lists, for the street words of one language, the
// countries that write addresses in it, the most populous first.
var streetLanguages = []struct {
	words     []string // folded street words, and suffixes fused to names after "-"
	countries []string
}{
	{[]string{"calle", "avenida", "avda", "plaza", "paseo", "carrera", "calzada", "camino", "carretera", "ctra", "glorieta", "ronda"},
		[]string{"ES", "MX", "CO", "AR", "PE", "VE", "CL", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV", "NI", "CR", "PA", "UY", "PR", "GQ"}},
	{[]string{"carrer", "avinguda", "passeig", "placa"}, []string{"ES", "AD"}},
	{[]string{"via", "viale", "piazza", "corso", "vicolo", "piazzale", "largo"}, []string{"IT", "CH", "SM", "VA"}},
	{[]string{"rua", "travessa", "praca", "estrada", "rodovia", "alameda", "avenida"}, []string{"PT", "BR", "AO", "MZ", "CV"}},
	{[]string{"rue", "boulevard", "chemin", "impasse", "quai", "allee", "cours"}, []string{"FR", "BE", "CH", "LU", "MC"}},
	// Flanders' "steenweg" before German's "-weg"
	{[]string{"-steenweg", "steenweg"}, []string{"BE"}},
	// Switzerland writes "ss" for "ß": "-strasse" with four digits is Swiss
	{[]string{"-strasse", "strasse"}, []string{"DE", "CH", "AT", "LI", "LU"}},
	{[]string{"-straße", "-str", "-weg", "-gasse", "-platz", "-allee", "-damm", "-ufer", "straße", "weg", "platz", "gasse"}, []string{"DE", "AT", "CH", "LI", "LU"}},
	{[]string{"-straat", "-gracht", "-laan", "-plein", "-kade", "-singel", "straat", "laan", "plein"}, []string{"NL", "BE"}},
	{[]string{"ulica", "ul", "aleja", "al", "osiedle", "os", "plac", "pl"}, []string{"PL"}},
	{[]string{"utca", "korut"}, []string{"HU"}},
	{[]string{"gate", "vei", "veien", "-gate", "-veien", "-vegen"}, []string{"NO"}},
	{[]string{"vej", "gade", "-vej", "-gade"}, []string{"DK"}},
	{[]string{"gatan", "vagen", "-gatan", "-vagen"}, []string{"SE"}},
	{[]string{"gata", "vegur", "-gata", "-vegur", "-straeti", "-braut"}, []string{"IS", "FO"}},
	{[]string{"-katu", "-tie", "-kuja", "-polku", "-vayla", "-puistikko", "katu", "tie", "kuja"}, []string{"FI"}},
	{[]string{"strada", "calea", "bulevardul", "str"}, []string{"RO", "MD"}},
}

// fusedLanguage returns the countries whose language fuses a street word
// to the end of a name as w ends ("cuypstraat": the Netherlands, Belgium),
// or nil.
func fusedLanguage(w string) []string {
	k := Fold(w)
	for _, l := range streetLanguages {
		for _, sw := range l.words {
			if suf, ok := strings.CutPrefix(sw, "-"); ok && len(k) > len(suf)+2 && strings.HasSuffix(k, suf) {
				return l.countries
			}
		}
	}
	return nil
}

// typeFirst reports whether the street type at word i stands before a name
// ("Avenue Junot"), opening its segment or after the house number.
func (p *parser) typeFirst(i int) bool {
	for _, s := range p.spans {
		if i < s.lo || i >= s.hi {
			continue
		}
		if i+1 >= s.hi || p.words[i+1].lex || !(i == s.lo || p.numberOpens(s.lo, i)) {
			return false
		}
		return true
	}
	return false
}

var (
	languageWords    map[string]int // exact word -> index in streetLanguages
	languageSuffixes []struct {
		suffix string
		lang   int
	}
)

func init() {
	languageWords = map[string]int{}
	for li, sl := range streetLanguages {
		for _, w := range sl.words {
			if w[0] == '-' {
				languageSuffixes = append(languageSuffixes, struct {
					suffix string
					lang   int
				}{w[1:], li})
			} else if _, dup := languageWords[w]; !dup {
				languageWords[w] = li
			}
		}
	}
}

// opensStreet reports whether word i opens its segment, or follows a
// house number in it ("Café de Flore 172 Boulevard Saint-Germain").
func (p *parser) opensStreet(i int) bool {
	for _, s := range p.spans {
		if i >= s.lo && i < s.hi {
			return i == s.lo || i-1 >= s.lo && p.words[i-1].digit && isHouseNumber(p.text(i-1)) || p.numberOpens(s.lo, i)
		}
	}
	return false
}

// numberOpens reports whether words[lo:i] are a house number alone or with
// a word of its second house: "12", "12 bis", "7 ter".
func (p *parser) numberOpens(lo, i int) bool {
	switch i - lo {
	case 1:
		return isHouseNumber(p.text(lo))
	case 2:
		return isDigits(p.key(lo)) && repeatWords[p.key(lo+1)]
	}
	return false
}

// numberedNameAfter reports whether a name and then a house number follow
// word i in its segment, as they follow a type that opens a street after
// a venue's name typed without a comma: "pizzeria starita via materdei
// 27" ("Estate Via Ikorodu" names no number).
func (p *parser) numberedNameAfter(i int) bool {
	if i+2 >= len(p.words) || p.words[i+1].digit || !p.hasLetter(i+1, i+2) {
		return false
	}
	for j := i + 2; j < len(p.words) && j <= i+4 && p.sameSpan(i, j); j++ {
		if p.words[j].digit {
			return isHouseNumber(p.text(j))
		}
	}
	return false
}

// suffixLanguage reports whether street language l writes its types after
// the name, fused or not ("Bahnhofstraße", "Karl Johans gate", "Andrássy
// út"), rather than before it ("Calle Mayor", "Via Roma").
func suffixLanguage(l int) bool {
	for _, w := range streetLanguages[l].words {
		if w[0] == '-' || w == "utca" {
			return true
		}
	}
	return false
}

// languageOf returns the street language of a folded word: the word itself
// or a suffix fused to a name ("bahnhofstrasse").
func languageOf(k string) (int, bool) {
	if l, ok := languageWords[k]; ok {
		return l, true
	}
	if len(k) < 5 {
		return 0, false
	}
	for _, s := range languageSuffixes {
		if len(k) > len(s.suffix)+1 && strings.HasSuffix(k, s.suffix) {
			return s.lang, true
		}
	}
	return 0, false
}

// streetLanguage finds the country implied by the language of the street
// words and a postcode that fits a country of that language where the
// country writes it (before the city or after it). It is the weakest
// evidence: off when a region is given; a street word counts only where
// its language writes it (a type-first word opening its segment or after
// a house number, a type-after-name word before its number, not a name
// before an English type); a number after a unit, box or plot word is no
// postcode, nor, in one segment typed without commas, the house number
// opening it; and a state of the region ending the text keeps the region.
func (p *parser) streetLanguage() (string, string) {
	if p.regionGiven {
		return "", "" // the weakest evidence does not overrule a region given
	}
	digits := 0
	for i := range p.words {
		if p.words[i].digit {
			digits++
		}
	}
	if digits == 0 {
		return "", "" // no postcode to fit
	}
	lang, word := -1, ""
	for i := range p.words {
		k := p.key(i)
		if t, ok := streetTypes[k]; ok && frenchPrefixTypes[t.Canonical] && p.typeFirst(i) {
			k = "rue" // "23 Avenue Junot": an English type before the name is French
		}
		if k == "str" && i > 0 && !p.opensStreet(i) && !p.words[i-1].digit {
			k = "straße" // "Schweizer Str 71": after the name, German; "Str. Lipscani 5" opens a Romanian street
		}
		if i+1 < len(p.words) {
			if t, ok := streetTypes[p.key(i+1)]; ok && !t.Prefix && !t.Either {
				continue // "Quai Street", "Weg Road": a name before a type
			}
		}
		if l, ok := languageOf(k); ok {
			if strings.ContainsRune(p.text(i), 'ß') {
				l = languageWords["weg"] // Switzerland never writes ß: "Mariahilfer Straße 45, 1060 Wien" is Austrian
			}
			_, whole := languageWords[k]
			if whole && !suffixLanguage(l) && k != "rue" && !p.opensStreet(i) && !p.numberedNameAfter(i) {
				// a type written before the name opens the street
				// ("Calle Mayor 5", "12 Rue X"); "Alaba Plaza 12345"
				// and "Estate Via Ikorodu" are names
				continue
			}
			if whole && !streetTypes[k].Prefix && layoutOf(streetLanguages[l].countries[0]).numberAfterStreet &&
				i > 0 && p.sameSpan(i-1, i) && (i+1 == len(p.words) || !p.words[i+1].digit || !p.sameSpan(i, i+1)) {
				// a type written after the name is followed by the
				// number where these languages are written ("Karl
				// Johans gate 22"); "Alausa Gate, 2000 Units" is a gate
				// (one opening its segment is no such type: "Corso
				// Buenos Aires 10")
				continue
			}
			lang, word = l, p.text(i)
			break
		}
	}
	if lang < 0 {
		return "", ""
	}
	// a state of the region, by name, ending the text explains it ("Main
	// Gate, 1004 Estate, Victoria Island, Lagos")
	last := p.spans[len(p.spans)-1]
	for n := 1; n <= min(3, last.len()); n++ {
		if k := p.keys(last.hi-n, last.hi); len(k) > 3 {
			if _, ok := lookupSubdivision(p.country, k); ok {
				return p.country, ""
			}
		}
	}
	for _, c := range streetLanguages[lang].countries {
		if c == p.country {
			return p.country, "" // the region explains it
		}
	}
	for _, c := range streetLanguages[lang].countries {
		l := layoutOf(c)
		for _, s := range p.spans[min(1, len(p.spans)-1):] {
			// where the country writes the postcode: opening the segment
			// before a name, or ending it
			i := s.hi - 1
			if l.postcodeFirst {
				i = s.lo
				if s.len() < 2 {
					continue
				}
				if len(p.spans) == 1 || p.runsOn(s.lo) {
					// one segment, typed without commas (or a part of
					// one: "restaurant paul bocuse 40 quai de la plage
					// 69660 collonges-au-mont-d'or"): the postcode
					// before the last words ("172 boulevard saint-germain
					// 75006 paris", "37700 san miguel de allende"),
					// never the house number opening it ("1000 rue de la
					// gauchetiere montreal"), or ending it after the
					// city, a house number opening it ("14 bis rue des
					// lilas pessac 33600"; not "rue de rivoli 1200")
					i = -1
					for j := max(s.lo+1, s.hi-5); j < s.hi; j++ {
						if p.words[j].digit && (j < s.hi-1 || !p.words[j-1].digit && p.words[s.lo].digit) {
							i = j
						}
					}
					if i < 0 {
						continue
					}
				}
			}
			if !p.words[i].digit || p.afterMarker(i, 0) {
				continue // "Shop 2011", "PO Box 5678": no postcode
			}
			if p.regionPostcode(p.text(i)) {
				return p.country, "" // "Tejuosho Plaza, Yaba, Lagos 101245"
			}
			pc := p.text(i)
			if i+1 < s.hi && isDigits(p.key(i)) && isDigits(p.key(i+1)) {
				if _, ok := NormalizePostcode(c, pc+" "+p.text(i+1)); ok {
					pc += " " + p.text(i+1) // in two groups: "111 22 Stockholm"
				}
			}
			if _, ok := NormalizePostcode(c, pc); ok {
				p.byLanguage = true
				return c, "implied by the street word " + word + " and the postcode " + pc + ", of " + c
			}
		}
	}
	return "", ""
}

// implied switches to a country the text implies, unless it is the region.
func (p *parser) implied(country, why string) {
	if country == p.country {
		return
	}
	p.countryFromText = true
	p.countryReason = why
	p.setCountry(country)
}

// prefixedPostcode finds "D-80331": a country prefix, a hyphen and digits
// that fit the country's postcodes.
func (p *parser) prefixedPostcode() (string, string) {
	for i := len(p.words) - 1; i >= 0; i-- {
		t := p.words[i].text
		pre, digits, ok := strings.Cut(t, "-")
		if !ok || !p.words[i].digit || !isDigits(digits) {
			continue
		}
		c := countryPrefixes[strings.ToUpper(pre)]
		if c == "" || strings.ToUpper(pre) != pre || !p.tailWord(i) {
			continue
		}
		if p.regionPostcode(t) {
			return p.country, ""
		}
		if _, ok := NormalizePostcode(c, digits); ok {
			return c, "implied by the postcode " + t + ", written with the prefix of " + c
		}
		if i+1 < len(p.words) && !p.words[i+1].digit {
			// letters after the digits: "NL-3512 PH"
			if _, ok := NormalizePostcode(c, digits+" "+p.words[i+1].text); ok {
				return c, "implied by the postcode " + p.texts(i, i+2) + ", written with the prefix of " + c
			}
		}
	}
	return "", ""
}

// postcodeShape finds, from the right, a postcode of a shape one country
// alone uses, in one word or two.
func (p *parser) postcodeShape() (string, string) {
	for i := len(p.words) - 1; i >= 0; i-- {
		if !p.words[i].digit && (i == 0 || !p.words[i-1].digit) {
			continue
		}
		for n := 1; n <= 2 && i-n+1 >= 0; n++ {
			lo := i - n + 1
			if !p.sameSpan(lo, i) || len(p.words[lo].text) > 10 || n == 2 && p.typeWord(i) || !p.tailWord(lo) || i+1 < len(p.words) && p.typeAfterName(i+1) {
				continue // "1938 St": a number and a street type ("10220-104 Avenue NW" too)
			}
			s := strings.ToUpper(p.texts(lo, i+1))
			for _, sh := range postcodeShapes {
				if _, ok := matchPattern(s, sh.pattern); ok {
					if cc := strings.ToUpper(p.text(i)); n == 2 && i == len(p.words)-1 && cc != sh.country && isCountryCode(cc) &&
						p.languageAllows(0, len(p.words), cc) && !p.languageAllows(0, len(p.words), sh.country) {
						// letters after a number, ending an address whose
						// street is of their country's language, not of the
						// shape's: "kárász utca 8 6720 hu" ends in Hungary's
						// code, not a Dutch postcode
						continue
					}
					if p.regionPostcode(s) {
						return p.country, "" // a shape the region uses too
					}
					return sh.country, "implied by the postcode " + p.texts(lo, i+1) + ", a shape used only in " + sh.country
				}
			}
		}
	}
	return "", ""
}

// typeWord reports whether word i is a word of the address's own, not a
// postcode's letters: any lexicon word ("1938 St", "1208 of 501", "2000
// VI") but an article or particle of names written in capitals before a
// word that is not ("5000 LE Tilburg"), which is no marker or unit word
// either, and two capitals that mark a number before a name ("6951 BP
// Dieren").
func (p *parser) typeWord(i int) bool {
	if !p.words[i].lex {
		return false
	}
	k := p.key(i)
	if _, box := foreignBoxes[k]; (box || isMarkerKey(k)) && len(k) == 2 && strings.ToUpper(p.text(i)) == p.text(i) && i+2 == len(p.words) && !p.words[i+1].digit && !p.words[i+1].lex {
		// two capitals that mark a number, with the city's name after
		// them ending the text, are a postcode's letters: "6951 BP
		// Dieren" (not "BP 5005", nor Nigeria's "BP Filling Station")
		return false
	}
	if !lowerWords[k] || isMarkerKey(k) || localUnitWords[k] || strings.ToUpper(p.text(i)) != p.text(i) {
		return true
	}
	// in a text in capitals, "7100 LA LOUVIERE" is a town's name
	return i+1 >= len(p.words) || strings.ToUpper(p.text(i+1)) == p.text(i+1)
}

// localUnitWords are the words of countryUnitTypes, in any country.
var localUnitWords = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range countryUnitTypes {
		for k := range m {
			out[k] = true
		}
	}
	return out
}()

// sameSpan reports whether words lo and hi are in one segment.
func (p *parser) sameSpan(lo, hi int) bool {
	for _, s := range p.spans {
		if s.lo <= lo && lo < s.hi {
			return hi < s.hi
		}
	}
	return false
}

// statePostcode finds a state or province, by name or code, followed by a
// postcode of its country, at the end of a segment ("Springfield, IL
// 62704", "Sydney NSW 2000") or ending the segment before one that holds
// only the postcode, all of its own ("Stellenbosch, Western Cape, 7600";
// not "Av. Presidente Vargas, 2245": a street's last word). A region the
// words fit keeps them.
func (p *parser) statePostcode() (string, string) {
	for si := len(p.spans) - 1; si >= 0 && si >= len(p.spans)-3; si-- {
		s := p.spans[si]
		for pn := 1; pn <= 2; pn++ { // postcode words
			pc := s.hi - pn
			if pc < s.lo || !p.words[s.hi-1].digit {
				continue
			}
			// the state in the segment, or ending the one before when
			// the postcode is all of its own
			end, from, own := pc, s.lo, pc == s.lo
			if own {
				if si == 0 || p.spans[si-1].hi != s.lo {
					continue // (spans read biggest first run backwards)
				}
				end, from = p.spans[si-1].hi, p.spans[si-1].lo
			}
			for sn := 3; sn >= 1; sn-- { // state words, the longest name first ("New Mexico 87504", not Mexico)
				lo := end - sn
				if lo < from || own && lo != from || !p.nameWords(lo, end) {
					continue
				}
				if c, why := p.stateAndPostcode(lo, end, pc, s.hi); c != "" || why == "region" {
					if why == "region" {
						return p.country, ""
					}
					return c, why
				}
			}
		}
	}
	return "", ""
}

// stateAndPostcode reports the one country of which words lo to hi name
// a state and words pcLo to pcHi are a postcode, with why; why is
// "region" when the region is such a country (it explains the words).
func (p *parser) stateAndPostcode(lo, hi, pcLo, pcHi int) (string, string) {
	pc := strings.ToUpper(p.texts(pcLo, pcHi))
	key := p.keys(lo, hi)
	var found []string
	for _, c := range data().subCountries[key] {
		if _, ok := NormalizePostcode(c, pc); !ok || layoutOf(c).postcodes == nil {
			continue
		}
		if code := len(key) <= 3; code && (!layoutOf(c).stateCode || layoutOf(c).postcodeFirst) && c != p.country {
			continue // codes only where the country writes them before the postcode
		}
		if c == p.country {
			return "", "region"
		}
		found = append(found, c)
	}
	if len(found) != 1 {
		return "", ""
	}
	return found[0], "implied by " + p.texts(lo, pcHi) + ", a state and postcode of " + found[0]
}

// script finds the country implied by the script the text is written in.
func (p *parser) script() (string, string) {
	var counts [16]int
	best, most := -1, 0
	for _, w := range p.words {
		for _, r := range w.text {
			if r < 0x370 {
				continue
			}
			for i, sc := range scriptCountries {
				if unicode.Is(sc.table, r) {
					counts[i]++
					if counts[i] > most || counts[i] == most && i < best {
						best, most = i, counts[i]
					}
					break
				}
			}
		}
	}
	if best < 0 || most < p.latinLetters() {
		return "", "" // "中国城, Ikeja, Lagos": a name in another script, in a Latin address
	}
	sc := scriptCountries[best]
	if sc.name == "Chinese characters" && p.japanese {
		sc = scriptCountries[0] // kanji with kana or a prefecture: Japanese
	}
	for _, c := range sc.countries {
		if c == p.country {
			return p.country, "" // the region explains it
		}
	}
	country := sc.countries[0]
	if sc.table == unicode.Cyrillic {
		for _, w := range p.words {
			for _, cl := range cyrillicLetters {
				if strings.ContainsAny(strings.ToLower(w.text), cl.letters) {
					country = cl.country
				}
			}
		}
	}
	p.scriptCountries = sc.countries
	return country, "implied by the " + sc.name + " script"
}

// latinLetters counts the Latin letters of the text.
func (p *parser) latinLetters() int {
	n := 0
	for _, w := range p.words {
		for _, r := range w.text {
			if r < 0x250 && unicode.IsLetter(r) {
				n++
			}
		}
	}
	return n
}

// isCountryCode reports whether cc is a country's ISO 3166-1 alpha-2 code.
func isCountryCode(cc string) bool {
	c, ok := LookupCountry(cc)
	return ok && c.Alpha2 == cc
}
