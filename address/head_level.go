package address

import "strings"

// Floors: "2nd Floor", "Floor 2", "Level 3", a floor in another language
// ("piso 4", "3. OG", "2ª planta"), written "3F" in East Asia.

// levelAt reads a floor: "2nd Floor", "Floor 2", "Level 3", "Ground Floor".
func (p *parser) levelAt(i, hi int) (string, int) {
	if floorCountries[p.country] && asianFloor(p.key(i)) {
		return strings.ToUpper(p.text(i)), 1 // "3F", "10/F"
	}
	if k := p.key(i); i+1 == hi && len(k) > 2 && doorLetter(k[:len(k)-1], k[len(k)-1:]) {
		return p.text(i), 1 // "5ºB": the floor and the door, glued
	}
	if !p.words[i].lex && (i+1 >= hi || !p.words[i+1].lex) && !p.foreignLevel(i, hi) {
		return "", 0
	}
	k := p.key(i)
	if i+1 < hi {
		k2 := p.key(i + 1)
		if levelWords[k2] {
			if isOrdinal(k) {
				return k + " Floor", 2
			}
			if l, ok := namedLevels[k]; ok {
				return l, 2
			}
		}
		// a floor in another language ends its segment or comes before
		// the unit ("piso 4 depto B"): "12 Sal Street" is a street
		ends := i+2 == hi || i+3 < hi && unitTypes[p.key(i+2)] != ""
		if l, ok := levelsBefore[k]; ok && isDigits(k2) && ends {
			return l + " " + p.text(i+1), 2 // "piso 4"
		}
		if l, ok := levelsAfter[k2]; ok && levelNumber(k) && ends {
			return p.text(i) + " " + l, 2 // "3. OG", "3e étage"
		}
		if doorLetter(k, k2) && ends {
			return p.text(i) + " " + strings.ToUpper(p.text(i+1)), 2 // "3º B": the floor and the door
		}
		if ordinalSign(k) && ordinalSign(k2) && ends {
			return p.text(i) + " " + p.text(i+1), 2 // "3º 2ª": the floor and the door's number
		}
		if levelWords[k] && (isDigits(k2) || isOrdinal(k2)) {
			if k == "level" || k == "lvl" {
				return "Level " + k2, 2
			}
			if isOrdinal(k2) {
				return k2 + " Floor", 2
			}
			return "Floor " + k2, 2
		}
	}
	return "", 0
}

// foreignLevel reports whether words[i:i+2] may be a floor written in
// another language (levelsBefore, levelsAfter), which are kept out of the
// lexicons: a word of them is a name as often ("Hill Top", "Sal Street").
func (p *parser) foreignLevel(i, hi int) bool {
	if i+1 >= hi {
		return false
	}
	_, before := levelsBefore[p.key(i)]
	_, after := levelsAfter[p.key(i+1)]
	return before || after || doorLetter(p.key(i), p.key(i+1)) || ordinalSign(p.key(i)) && ordinalSign(p.key(i+1))
}

// ordinalSign reports whether k is a number written with the sign of an
// ordinal ("3º", "2ª"), as Spain writes a floor and a door.
func ordinalSign(k string) bool {
	return strings.ContainsAny(k, "ºª") && levelNumber(k)
}

// doorLetter reports whether k, k2 are a floor written with its ordinal's
// sign and a door's letter, as Spain and Argentina write them ("3º B").
func doorLetter(k, k2 string) bool {
	return strings.ContainsAny(k, "ºª") && levelNumber(k) && len(k2) == 1 && k2[0] >= 'a' && k2[0] <= 'h'
}

// floorCountries write a floor as its number and F ("3F", "10/F").
var floorCountries = map[string]bool{"JP": true, "KR": true, "CN": true, "TW": true, "HK": true, "MO": true}

// asianFloor reports whether a key is a floor written "3F" or "10/F", or
// with the word for a floor after its number: "5階", "B1階" (a basement),
// "3층", "3楼", "89樓".
func asianFloor(k string) bool {
	n := strings.TrimSuffix(strings.TrimSuffix(k, "f"), "/")
	if len(n) == len(k) {
		n = trimAnySuffix(k, floorSuffixes)
	}
	n = strings.TrimPrefix(n, "b") // a basement: "B2F", "B1階"
	return len(n) < len(k) && len(n) >= 1 && len(n) <= 3 && isDigits(n)
}

// floorSuffixes are the words for a floor written after its number in
// Japanese, Korean and Chinese; unitSuffixes those for a flat or a room.
var (
	floorSuffixes = []string{"階", "층", "楼", "樓", "層", "层"}
	unitSuffixes  = []string{"号室", "號室", "室", "호"}
	// a building of an estate or its entrance: "3栋", "3号楼", "2单元"
	premiseSuffixes = []string{"号楼", "號樓", "单元", "單元", "栋", "棟", "幢", "座", "동"}
)

// asianPremise returns the building or entrance written in East Asia with
// its word after the number ("3栋", "2单元", "101동").
func asianPremise(w string) (Premise, bool) {
	n := trimAnySuffix(w, premiseSuffixes)
	if len(n) == len(w) || n == "" || len(n) > 4 || !isDigits(n) {
		return Premise{}, false
	}
	return Premise{Type: w[len(n):], Number: n}, true
}

// asianUnit returns the number and the word of a flat or room written in
// East Asia with the word after the number ("501号室", "1203호", "301室").
func asianUnit(w string) (Unit, bool) {
	n := trimAnySuffix(w, unitSuffixes)
	if len(n) == len(w) || n == "" || len(n) > 5 || !isID(strings.ToLower(n)) || !strings.ContainsAny(n, "0123456789") {
		return Unit{}, false
	}
	return Unit{Type: w[len(n):], Number: strings.ToUpper(n)}, true
}

// trimAnySuffix returns w without the first of suffixes it ends with.
func trimAnySuffix(w string, suffixes []string) string {
	for _, s := range suffixes {
		if t, ok := strings.CutSuffix(w, s); ok {
			return t
		}
	}
	return w
}

// levelNumber reports whether a folded word is a floor's number as other
// languages write it: digits, perhaps with an ordinal's letters ("3e",
// "3º" of "3.º", "1er").
func levelNumber(k string) bool {
	i := 0
	for i < len(k) && isDigitByte(k[i]) {
		i++
	}
	switch k[i:] {
	case "", "e", "o", "a", "º", "ª", "er", "eme", "re", ".o", ".a", ".º", ".ª":
		return i > 0 && i <= 3
	}
	return false
}
