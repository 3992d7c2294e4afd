package address

import "strings"

// NormalizePostcode validates a postcode for a country (ISO alpha-2) and
// returns it in the country's canonical form: upper case, with the customary
// spacing ("sw1a2aa" -> "SW1A 2AA", "1012ab" -> "1012 AB"). Nigerian codes
// are the 6-digit NIPOST codes or the newer NDAPS codes ("FC 02 A09 DB 09").
// Countries without postcodes accept none; those whose format addrkit does
// not know accept one word of 4 to 10 digits and hyphens.
func NormalizePostcode(country, s string) (string, bool) {
	if strings.Contains(s, "  ") || strings.ContainsAny(s, "\t\n\r") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	s = strings.ToUpper(s)
	if s == "" {
		return "", false
	}
	country = strings.ToUpper(country)
	// "D-69117": the old European country prefix
	if pre, rest, ok := strings.Cut(s, "-"); ok && countryPrefixes[pre] == country && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		s = rest
	}
	if country == "NG" {
		if pc, ok := ndaps(s); ok {
			return pc, true
		}
	}
	l, known := layouts[country]
	if known && l.postcodes != nil {
		for _, pat := range l.postcodes {
			if pc, ok := matchPattern(s, pat); ok {
				return pc, true
			}
		}
		return "", false
	}
	if strings.IndexByte(s, ' ') >= 0 || len(s) < 4 || len(s) > 10 || !isDigits(strings.ReplaceAll(s, "-", "")) {
		return "", false
	}
	return s, true
}

// ndaps recognises a Nigerian NDAPS code: state code, two digits, a letter
// and two digits, two letters, two digits ("FC 02 A09 DB 09"). The structure
// follows the published example; the state code must be a Nigerian state.
func ndaps(s string) (string, bool) {
	pc, ok := matchPattern(s, "AA 99 A99 AA 99")
	if !ok {
		return "", false
	}
	if _, ok := lookupSubdivision("NG", strings.ToLower(pc[:2])); !ok {
		return "", false
	}
	return pc, true
}

// PostcodeState returns the Nigerian state a postcode belongs to: the state
// code of an NDAPS code, or the state whose NIPOST prefix the 6-digit code
// carries when only one state uses it.
func PostcodeState(country, postcode string) (Subdivision, bool) {
	if strings.ToUpper(country) != "NG" {
		return Subdivision{}, false
	}
	if len(postcode) == 6 && isDigits(postcode) {
		if s, ok := data().postalState[postcode[:2]]; ok {
			return *s, true
		}
		return Subdivision{}, false
	}
	if pc, ok := ndaps(postcode); ok {
		m, _ := lookupSubdivision("NG", strings.ToLower(pc[:2]))
		return *m.sub, true
	}
	return Subdivision{}, false
}

// postcodeFitsState reports whether a Nigerian postcode is consistent with a
// state: an NDAPS code must carry the state's code, a NIPOST code must start
// with a postal region digit the state uses.
func postcodeFitsState(postcode string, sub *Subdivision) bool {
	if len(postcode) == 6 && isDigits(postcode) {
		for _, pre := range strings.Fields(sub.Postal) {
			if pre[0] == postcode[0] {
				return true
			}
		}
		return false
	}
	if len(postcode) > 2 && postcode[2] == ' ' {
		return "NG-"+postcode[:2] == sub.Code
	}
	return true
}
