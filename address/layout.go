package address

import "strings"

// layout says how a country writes its addresses.
type layout struct {
	numberAfterStreet bool // "Hauptstraße 5" rather than "5 Main Street"
	postcodeFirst     bool // "75001 Paris" rather than "London SW1A 2AA"
	stateCode         bool // write the state as its code ("IL", "NSW")
	stateShown        bool // the state is part of a customary address
	frenchTypes       bool // "Avenue", "Boulevard", "Place" come before the name
	blocks            bool // blocks are numbered, not streets: "2-3-5 Nishi-Shinjuku"
	districtSlash     bool // the district before the city, with a slash: "Fatih/İstanbul"
	// eitherOrder countries write the largest part first as often as last
	// ("Москва, ул. Тверская, д. 7"): a text that opens with a name and
	// ends with the street is read in reverse.
	eitherOrder bool
	// postcodes are patterns in which '9' is a digit, 'A' a letter, '?' either,
	// 'E' an Eircode character and any other byte itself; a space in a
	// pattern is optional in input.
	postcodes []string
}

var defaultLayout = layout{stateShown: true}

var layouts = map[string]layout{}

func init() {
	set := func(codes string, l layout) {
		for _, c := range strings.Fields(codes) {
			layouts[c] = l
		}
	}
	// Countries that write the number after the street and the postcode
	// before the city.
	set("AT LI NL DK NO SE FI IS FO GL PL CZ SK HR SI RS BA ME MK XK EE LT GR ES PT AD SM VA GE AM AZ MD", layout{numberAfterStreet: true, postcodeFirst: true})
	// Belgium, Switzerland and Luxembourg write French too: "Avenue
	// Louise 54", "Boulevard Anspach 1"
	set("BE LU", layout{numberAfterStreet: true, postcodeFirst: true, frenchTypes: true})
	set("CH", layout{numberAfterStreet: true, postcodeFirst: true, frenchTypes: true, stateCode: true}) // "8001 Zürich ZH": the canton by its code
	set("TR", layout{numberAfterStreet: true, postcodeFirst: true, districtSlash: true})
	set("DE", layout{numberAfterStreet: true, postcodeFirst: true})
	set("FR MC MA DZ TN SN", layout{postcodeFirst: true, frenchTypes: true})
	// French-speaking countries without postcodes in common use
	set("BF BJ CI CM GA TG ML NE CD CG GN TD CF DJ KM MG HT", layout{frenchTypes: true, stateShown: true})
	set("CL UY PY CO PE VE BO EC CU DO GT HN SV NI CR PA AO MZ CV GW ST MO", layout{numberAfterStreet: true, stateShown: true})
	// the postcode before the city: "X5000 Córdoba", "06700 Ciudad de México"
	set("AR MX", layout{numberAfterStreet: true, stateShown: true, postcodeFirst: true})
	set("US CA AU", layout{stateCode: true, stateShown: true})
	// Italy writes the province code after the city ("50122 Firenze FI"),
	// Brazil the state code ("Belo Horizonte - MG").
	set("IT", layout{numberAfterStreet: true, postcodeFirst: true, stateCode: true, stateShown: true})
	set("BR", layout{numberAfterStreet: true, stateCode: true, stateShown: true})
	set("JP", layout{stateShown: true, blocks: true})
	set("KR CN TW", layout{numberAfterStreet: true, stateShown: true}) // "테헤란로 152", "建国路 88"
	set("IL RO BG", layout{numberAfterStreet: true, postcodeFirst: true})
	set("HU UA RU BY KZ KG", layout{numberAfterStreet: true, postcodeFirst: true, eitherOrder: true})

	pc := map[string][]string{
		"NG": {"999999"},
		"US": {"99999", "99999-9999"},
		"CA": {"A9A 9A9"},
		"GB": {"A9 9AA", "A99 9AA", "AA9 9AA", "AA99 9AA", "A9A 9AA", "AA9A 9AA"},
		"IE": {"A99 EEEE", "D6W EEEE"},
		"NL": {"9999 AA"},
		"PL": {"99-999"},
		"PT": {"9999-999"},
		"BR": {"99999-999"},
		"JP": {"999-9999"},
		"SE": {"999 99"}, "CZ": {"999 99"}, "SK": {"999 99"}, "GR": {"999 99"},
		"GH": {"AA-999-9999", "AA-9999-9999"},
		"MT": {"AAA 9999"},
		"AR": {"A9999AAA", "A9999", "9999"},
		"KR": {"99999"}, "IN": {"999999", "999 999"}, "IL": {"9999999", "99999"},
		"LV": {"LV-9999"}, "LT": {"LT-99999"}, "MD": {"MD9999", "MD-9999"}, "BH": {"999", "9999"},
		"IS": {"999"}, "FO": {"999", "FO-999"},
		"AD": {"AD999"}, "BN": {"AA9999"}, "SZ": {"A999"}, "BB": {"BB99999"}, "JE": {"JE9 9AA", "JE99 9AA"},
		"GG": {"GY9 9AA", "GY99 9AA"}, "IM": {"IM9 9AA", "IM99 9AA"},
	}
	for _, c := range strings.Fields("DE FR IT ES FI MX TR MY ID KE EG SA ZM MA DZ SN UA HR RS ME BA XK EE CU DO GT NI SV CR MC SM VA IQ JO KW LK MM KH LA TH VN PK UY PR GU IL US") {
		if pc[c] == nil {
			pc[c] = []string{"99999"}
		}
	}
	for _, c := range strings.Fields("AT CH LI BE LU DK NO IS AU NZ ZA HU BG SI MK CY PH BD AM GE AZ TN LR ET MZ AF GL SJ") {
		if pc[c] == nil {
			pc[c] = []string{"9999"}
		}
	}
	for _, c := range strings.Fields("CN RU SG KZ BY RO EC CO VN TW TJ TM UZ KG") {
		if pc[c] == nil {
			pc[c] = []string{"999999"}
		}
	}
	for _, c := range strings.Fields("CL:9999999 UY:99999 PY:9999 PE:99999 VE:9999 EC:999999 HT:9999 NI:99999 PA:9999") {
		code, pat, _ := strings.Cut(c, ":")
		pc[code] = []string{pat}
	}
	// Countries without a postcode system: nothing is accepted as one.
	for _, c := range strings.Fields("AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GM GQ GY HK JM KI KM KN KP LC ML MO MR MS MW NR NU QA RW SB SC SL SR SS ST SY TD TF TG TK TL TO TV UG VU YE ZW") {
		pc[c] = []string{}
	}
	for c, p := range pc {
		l := layouts[c]
		if _, ok := layouts[c]; !ok {
			l = defaultLayout
		}
		l.postcodes = p
		layouts[c] = l
	}
}

func layoutOf(country string) layout {
	if l, ok := layouts[country]; ok {
		return l
	}
	return defaultLayout
}

// matchPattern reports whether s (upper case) matches the postcode pattern,
// allowing the pattern's spaces to be absent, and returns s in the pattern's
// canonical spacing.
func matchPattern(s, pat string) (string, bool) {
	var b strings.Builder
	i := 0
	for j := 0; j < len(pat); j++ {
		p := pat[j]
		if p == ' ' {
			if i < len(s) && s[i] == ' ' {
				i++
			}
			b.WriteByte(' ')
			continue
		}
		if i >= len(s) {
			return "", false
		}
		c := s[i]
		switch p {
		case '9':
			if c < '0' || c > '9' {
				return "", false
			}
		case 'A':
			if c < 'A' || c > 'Z' {
				return "", false
			}
		case '?':
			if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return "", false
			}
		case 'E': // an Eircode character
			if !(c >= '0' && c <= '9' || strings.IndexByte("ACDEFHKNPRTVWXY", c) >= 0) {
				return "", false
			}
		default:
			if c != p {
				return "", false
			}
		}
		b.WriteByte(c)
		i++
	}
	if i != len(s) {
		return "", false
	}
	return b.String(), true
}
