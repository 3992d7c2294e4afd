package address

import "strings"

// format writes the address on one line and on two (delivery line and last
// line), in the customary order of its country.
func format(a *Address) (line, line1, line2 string) {
	l := layoutOf(a.Country)
	d, t := make([]string, 0, 8), make([]string, 0, 6)
	add := func(parts *[]string, s string) {
		if s != "" {
			*parts = append(*parts, s)
		}
	}
	add(&d, a.PlusCode)
	add(&d, a.Organization)
	// the venue the organization lies in follows it, where it reads back
	// as that venue ("Mr Biggs, Ceddi Plaza, 264 Tafawa Balewa Way")
	inVenue := -1
	for i, lm := range a.Landmarks {
		if a.Organization != "" && lm.Relation == "" && containerVenue(lm.Name) {
			add(&d, lm.Name)
			inVenue = i
			break
		}
	}
	hashUnit := a.Unit.Type == "" && strings.HasPrefix(a.Unit.Number, "#")
	number := a.HouseNumber
	switch {
	case slashUnit(a.Country, a.Unit, number):
		number = a.Unit.Number + unitSeparator(a.Country) + number // "12/8 Cavill Avenue", "907-155 Yorkville Avenue"
	case !hashUnit:
		add(&d, a.Unit.String())
	}
	add(&d, a.Level)
	for _, pr := range a.Premises {
		add(&d, pr.String())
	}
	district := a.Neighbourhood
	switch {
	case l.blocks && a.Street == "" && number != "" && district != "":
		// "2-3-5 Nishi-Shinjuku": a numbered block of a district
		add(&d, number+" "+district)
		district = ""
	case a.Street == "" && number != "":
		// "No. 11, Sunview Estate": the marker keeps a lone number from
		// reading as a postcode.
		add(&d, "No. "+number)
	case number == "":
		add(&d, a.Street)
	case l.numberAfterStreet:
		add(&d, a.Street+" "+number)
	case isPostcode(a.Country, number):
		// "No. 75001 Rue X", "No. 100001 A": a number that would read
		// as a postcode
		add(&d, "No. "+number+" "+a.Street)
	default:
		add(&d, number+" "+a.Street)
	}
	if hashUnit {
		// "1 HarbourFront Walk, #02-01": a unit numbered with "#"
		// follows the street it is in, where it reads back as the
		// unit, not as the house number
		add(&d, a.Unit.Number)
	}
	add(&d, strings.TrimSpace(a.Estate+" "+a.Phase))
	if a.CadastralZone != "" {
		add(&d, "Cadastral Zone "+a.CadastralZone)
	}
	for i, lm := range a.Landmarks {
		if i != inVenue {
			add(&d, lm.String())
		}
	}
	add(&d, a.POBox)

	state := a.State
	if l.stateCode && a.StateCode != "" {
		state = a.StateCode[strings.IndexByte(a.StateCode, '-')+1:]
	}
	add(&t, district)
	lga := ""
	switch {
	case cityDistrict(a.LGA):
		add(&t, a.LGA) // "신촌동, 서대문구, 서울특별시": a district between its neighbourhood and its city
	case a.LGA != "":
		lga = a.LGA + " LGA"
	}
	switch {
	case l.postcodeFirst:
		add(&t, strings.TrimSpace(a.Postcode+" "+a.City))
		add(&t, lga)
		add(&t, state)
	case l.stateCode || l.blocks:
		add(&t, a.City)
		add(&t, lga)
		add(&t, strings.TrimSpace(state+" "+a.Postcode))
	default:
		// "Ikeja 100271, Lagos": the postcode follows the city, or the
		// state when there is no city.
		pc := a.Postcode
		switch {
		case a.City != "" && l.numberAfterStreet:
			// "Florida 1234" would read as a street and a number
			add(&t, a.City)
			add(&t, pc)
			pc = ""
		case a.City != "":
			add(&t, a.City+" "+pc)
			pc = ""
		}
		add(&t, lga)
		add(&t, strings.TrimSpace(state+" "+pc))
	}
	for i := range t {
		t[i] = strings.TrimSpace(t[i])
	}
	add(&t, a.CountryName)
	line1 = strings.Join(d, ", ")
	line2 = strings.Join(t, ", ")
	switch {
	case line1 == "":
		line = line2
	case line2 == "":
		line = line1
	default:
		line = line1 + ", " + line2
	}
	return line, line1, line2
}

func isPostcode(country, s string) bool {
	_, ok := NormalizePostcode(country, s)
	return ok
}

// Lines returns the address formatted as Standardize formats its result:
// one line, and the two lines of a label.
func (a Address) Lines() (line, line1, line2 string) { return format(&a) }

// slashUnit reports whether a unit of a number alone is written before the
// house number in one word, in the country's way (unitSeparator): "12/8
// Cavill Avenue" (unit 12 of number 8) in Australia and New Zealand,
// "907-155 Yorkville Ave" (suite 907 of number 155) in Canada.
func slashUnit(country string, u Unit, number string) bool {
	sep := unitSeparator(country)
	if sep == "" || u.Type != "" || number == "" || u.Number == "" || !startsDigit(u.Number) || !startsDigit(number) ||
		strings.ContainsAny(u.Number+number, "/-# ") {
		return false
	}
	return sep != "-" || isDigits(u.Number) && isDigits(number) // (Canada: "12-A" is no unit)
}

// unitSeparator returns the character a country writes between a unit
// and the house number, "" where it writes none.
func unitSeparator(country string) string {
	switch country {
	case "AU", "NZ":
		return "/"
	case "CA":
		return "-"
	}
	return ""
}

func startsDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }
