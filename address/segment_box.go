package address

// The post office boxes and rural routes that part an address written
// without commas (resegment): "P.O. Box 1234", "PMB 5320", "Postfach 10
// 05 55", "Casilla de Correo 12", "RR 2 Box 14".

import "slices"

// poBoxAt returns the number of words of a PO box marker at i ("P.O. Box",
// "PO Box", "P O Box", "POB", "PMB", "P.M.B.", "Private Mail Bag") when a
// number follows it.
func (p *parser) poBoxAt(i, hi int) int {
	if !p.words[i].lex {
		return 0 // every marker's first word is in the lexicons
	}
	n := 0
	switch k := p.key(i); k {
	case "po", "pob", "pmb", "box", "postbox", "pobox":
		n = 1
		if k == "po" && i+1 < hi && p.key(i+1) == "box" {
			n = 2
		}
	case "p":
		if i+2 < hi && p.key(i+1) == "o" && p.key(i+2) == "box" {
			n = 3
		} else if i+2 < hi && p.key(i+1) == "m" && p.key(i+2) == "b" {
			n = 3
		}
	case "private":
		if i+2 < hi && p.key(i+1) == "mail" && p.key(i+2) == "bag" {
			n = 3
		} else if i+1 < hi && p.key(i+1) == "bag" && p.country != "NG" {
			n = 2 // "Private Bag X3" (South Africa, Botswana, ...)
		}
	case "post":
		if i+2 < hi && p.key(i+1) == "office" && p.key(i+2) == "box" {
			n = 3
		}
	default:
		n = foreignBoxAt(p, i, hi)
	}
	if n == 0 || i+n >= hi || !hasDigit(p.key(i+n)) && !p.boxCode(i+n, hi) {
		return 0
	}
	return n
}

// ruralRoutes are the words of a rural delivery route with its number,
// by the countries that write them: a rural route or a highway contract
// route, perhaps with a box on it ("RR 2 Box 14", "HC 65 Box 1120"),
// Australia's roadside mail box ("RMB 2280"), New Zealand's rural
// delivery ("RD 2").
var ruralRoutes = map[string][]string{"rr": {"US", "CA"}, "hc": {"US"}, "rmb": {"AU"}, "rd": {"NZ"}}

// ruralRouteAt returns the number of words of a rural route at i, with
// its number and any box after it (2 or 4), or 0.
func (p *parser) ruralRouteAt(i, hi int) int { return p.routeWords(i, hi, p.country) }

// routeWords is ruralRouteAt for a route of country cc, or of any country
// when cc is "".
func (p *parser) routeWords(i, hi int, cc string) int {
	cs, ok := ruralRoutes[p.key(i)]
	if i+1 >= hi || !ok || cc != "" && !slices.Contains(cs, cc) || !isDigits(p.key(i+1)) {
		return 0
	}
	if i+3 < hi && p.key(i+2) == "box" && hasDigit(p.key(i+3)) {
		return 4
	}
	return 2
}

// boxCode reports whether word j is the code of a post office written in
// capitals before a box's number: "P.O. Box LG 25" (Legon, Ghana).
func (p *parser) boxCode(j, hi int) bool {
	return j+1 < hi && isCapsCode(p.text(j)) && isDigits(p.key(j+1))
}

// foreignBoxes are the words other languages write a P.O. box with, one
// word or the first of two ("Postfach", "Postboks", "Caixa Postal",
// "Casella postale"); "BP" (boîte postale) counts outside Nigeria only,
// where it names a filling station.
var foreignBoxes = map[string]string{
	"postfach": "", "postboks": "", "postbus": "", "postilokero": "", "apartado": "", "apdo": "",
	"casilla": "", "bp": "", "caixa": "postal", "cx": "postal", "casella": "postale",
	"skrytka": "pocztowa", "boite": "postale", "case": "postale", "gpo": "box", "locked": "bag", "postbox": "",
}

// boxPhrases are the markers of three words: "Casilla de Correo" (Argentina,
// Chile), "Apartado de Correos" (Spain).
var boxPhrases = [][3]string{{"casilla", "de", "correo"}, {"apartado", "de", "correos"}}

// foreignBoxAt returns the number of words of a P.O. box marker of
// another language at word i, or 0.
func foreignBoxAt(p *parser, i, hi int) int {
	if i < 0 {
		return 0
	}
	k := p.key(i)
	if !p.words[i].lex {
		return 0
	}
	second, ok := foreignBoxes[k]
	if !ok || k == "bp" && p.country == "NG" {
		return 0
	}
	for _, ph := range boxPhrases {
		if i+2 < hi && k == ph[0] && p.key(i+1) == ph[1] && p.key(i+2) == ph[2] {
			return 3
		}
	}
	if k == "apartado" && i+1 < hi && p.key(i+1) == "postal" {
		return 2 // "Apartado Postal 123" (Mexico)
	}
	switch {
	case second == "":
		return 1
	case i+1 < hi && p.key(i+1) == second:
		return 2
	}
	return 0
}

// shortDigits reports whether a key is a group of one to three digits.
func shortDigits(k string) bool { return len(k) <= 3 && isDigits(k) }
