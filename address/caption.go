package address

// Captions: the words branch lists and footers put before an address or
// between the organization and the address ("Head Office:", "Ikeja
// Branch -", "Access Bank, Ikeja Branch, ..."), which name no part of it.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// captionColon reports whether the colon at text[i] ends a caption that
// opens the text, before the address: "Head Office: 3rd Floor, 21 Gbagada
// Expressway", "Festac Town Branch: 2nd Avenue". The caption is 2 to 4
// words without a digit (one word is as often a field's name: "Ward: 3",
// "Gate: 2"), the colon stands before a space, and the address after it
// begins with a number (not a time: "Opening hours: 8:30am"). A caption
// ending in a marker is none ("P.O. Box: 12", "Flat No: 5"), "Office"
// excepted ("Head Office:"); nor is one before a name ("Attn: Mr Chukwu",
// "Surulere/Oke Igele: In Front Of ...", "Kano Branch: TAJBank": read as
// one segment, as before, where takeCaption does not set it apart).
// The colon then parts the text as a comma would, so that the formatted
// line reads the same again.
func captionColon(text string, i int) bool {
	if i+1 < len(text) && text[i+1] != ' ' {
		return false
	}
	caption := strings.Fields(text[:i])
	if len(caption) < 2 || len(caption) > 4 || strings.ContainsAny(text[:i], "0123456789") {
		return false
	}
	if last := string(appendKey(nil, caption[len(caption)-1])); isMarkerKey(last) && last != "office" {
		return false
	}
	rest := strings.TrimLeft(text[i+1:], " ")
	if rest == "" {
		return false
	}
	c := rest[0]
	return '0' <= c && c <= '9' && !timeOfDay(rest)
}

// captionPlace returns the place a branch's caption names ("Aba" of "Aba
// Branch"), or "" when it names none ("Head Office").
func captionPlace(caption string) string {
	words := strings.Fields(caption)
	if len(words) < 2 || !captionWords[string(appendKey(nil, words[len(words)-1]))] || captionOnly(words[:len(words)-1]) {
		return ""
	}
	return strings.Join(words[:len(words)-1], " ")
}

// captionWords end a caption that may stand before the name of a
// building or organization ("Branch Address: First Bank, ..."; "Kano
// Branch: TAJBank, ..."; "Location: Kofar Wambai Market, Kano"); the
// first two may be the whole caption.
var captionWords = map[string]bool{
	"address": true, "location": true, "branch": true, "office": true, "outlet": true,
	"point": true, "headquarters": true, "hq": true, "store": true,
}

// stateCaptionWords end the caption of a union's, a party's or a
// uniformed service's branch in a state ("Ondo State Chapter", "Abia State
// Command").
var stateCaptionWords = map[string]bool{"chapter": true, "council": true, "command": true, "wing": true}

// premisesCaptions may be a caption alone before a colon, as footers head
// their rows: "Office: 17 Ogudu Road", "Showroom: Plot 54, Life Camp",
// "Workshop: Osusu Rd, Aba".
var premisesCaptions = map[string]bool{
	"office": true, "showroom": true, "workshop": true, "factory": true, "warehouse": true, "depot": true,
	"plant": true, "branch": true, "outlet": true, "headquarters": true, "hq": true,
}

// isCaptionWord reports whether w is a word of captionWords or
// premisesCaptions.
func isCaptionWord(w string) bool {
	k := appendKey(nil, w)
	return len(k) > 0 && (captionWords[string(k)] || premisesCaptions[string(k)])
}

// captionWordColon reports whether the colon at text[i] follows a word of
// captionWords or premisesCaptions and comes before a number (perhaps after its marker:
// "Plot 54"), anywhere in the text: "Novena
// University, Ogume - Abuja Liaison Office: 21 Yedseram Street". It parts
// the text as a comma would.
func captionWordColon(text string, i int) bool {
	if i+1 >= len(text) || text[i+1] != ' ' {
		return false
	}
	before := strings.TrimRight(text[:i], " ")
	last := before[strings.LastIndexAny(before, " ,;|")+1:] // (the word before the colon only: the tokenizer asks at every colon)
	if !isCaptionWord(last) {
		return false
	}
	rest := strings.TrimLeft(text[i+1:], " ")
	if first, after, ok := strings.Cut(rest, " "); ok && isMarkerKey(string(appendKey(nil, first))) {
		// "Showroom: Plot 54", "Depot: Plot A4"
		id, _, _ := strings.Cut(strings.TrimLeft(after, " "), " ")
		return hasDigit(id)
	}
	return rest != "" && '0' <= rest[0] && rest[0] <= '9' && !timeOfDay(rest)
}

// takeCaption sets apart a caption of 1 to 4 words without a digit that
// opens the text and ends in a colon, or in a dash or a bar between
// spaces, when its last word is one of captionWords: "Head Office:",
// "Branch Address:", "Warri Branch -", "Ikeja Branch:" (a branch list's
// name of the branch). It names no part of the address. A caption whose
// other words name the organization is the organization's name ("Zenith
// Bank Head Office: Ikeja", "GTBank Branch:"), and so is one of other words
// and another caption word than Branch or Office ("Shoprite Store -");
// one word alone is a caption only as "Address:" or "Location:". It
// returns the text without the caption, and the caption.
func takeCaption(text, region string) (rest, caption string) {
	i, n := captionEnd(text)
	if i < 0 || strings.ContainsAny(text[:i], ",;") {
		return text, ""
	}
	words := strings.Fields(text[:i])
	if len(words) == 0 || len(words) > 4 || slices.ContainsFunc(words, func(w string) bool { return hasDigit(w) && !isOrdinal(strings.ToLower(w)) }) {
		return text, "" // (an ordinal names a place: "9th Mile Branch:")
	}
	last := string(appendKey(nil, words[len(words)-1]))
	if len(words) == 1 && n == 1 && text[i] == ':' && !captionWords[last] {
		// a state of the region alone before a colon, as branch lists
		// head their rows ("Lagos: 12 Broad Street"): the state, read
		// where a state is written, last (once)
		if _, ok := lookupSubdivision(region, Fold(words[0])); ok && strings.TrimSpace(text[i+n:]) != "" {
			rest := strings.TrimLeft(text[i+n:], " ")
			if strings.HasSuffix(Fold(rest), Fold(words[0])) {
				return rest, ""
			}
			return rest + ", " + words[0], ""
		}
	}
	alone := len(words) == 1 && text[i] == ':' && premisesCaptions[last] // "Showroom: Plot 54"
	if !alone && (!captionWords[last] || len(words) == 1 && last != "address" && last != "location") {
		return text, ""
	}
	rest = strings.TrimLeft(text[i+n:], " ")
	if rest == "" {
		return text, ""
	}
	if first, _, _ := strings.Cut(rest, " "); len(words) > 1 && (relations[Fold(first)] != "" || relationStarts[Fold(first)]) {
		return text, "" // "Lagos Office: Opposite Shoprite": the office's name, then where it is
	}
	// (not a place's office: "Jigawa State Office: National Population
	// Commission, Dutse"; but a name before a branch's own caption is the
	// organization's: "Nigeria Mining Cadastre Office | Kaduna Zonal
	// Office | 11 Constitution Road")
	if mods := words[:len(words)-1]; !captionOnly(mods) &&
		(namesOrganization(text[:i]) && !onlyOffice(words) || brandWord(mods) || last != "branch" && last != "office" || opensWithCaption(rest)) {
		// the caption names the organization ("Shoprite Store -", "KFC
		// Outlet -"): its separator parts it as a comma would
		return text[:i] + "," + text[i+n:], ""
	}
	return rest, strings.Join(words, " ")
}

// opensWithCaption reports whether the first part of text is a branch's
// caption of 2 to 4 words without a digit, before more of the address:
// "Kaduna Zonal Office | 11 Constitution Road".
func opensWithCaption(text string) bool {
	i, n := partEnd(text, 0)
	if i < 0 || strings.TrimSpace(text[i+n:]) == "" {
		return false
	}
	words := strings.Fields(text[:i])
	if len(words) < 2 || len(words) > 4 || hasDigit(text[:i]) {
		return false
	}
	last := Fold(words[len(words)-1])
	return captionWords[last] && last != "address" && last != "location" || stateCaptionWords[last]
}

// takeBranchCaption sets apart a branch's caption that follows the
// organization's name, as branch lists and tables write it: "Access
// Bank, Ikeja Branch, 12 Allen Avenue", "Union Bank | Festac Branch |
// 21 Road", "LAPO Microfinance Bank, Ikotun Branch: 30 Idimu Rd". The
// caption is the second part, of 2 to 4 words without a digit (an
// ordinal names a place), ending in Branch, Office, Outlet, Plant, Depot,
// Showroom or Factory, whose other words name no organization or street
// and are no acronym ("Post Office", "INEC Office" are places; "Allen
// Avenue Branch" names the street), not opened by a relation ("by INEC
// office"), after a first part without a digit and before a number or a
// street, or before text that writes the caption's place again ("Access
// Bank, Ikeja Branch, Lagos" keeps its one place; "Coronation Insurance,
// Sokoto Branch, Arkilla, Sokoto" does not need it). It returns the text
// without the caption, and the caption.
func takeBranchCaption(text string) (rest, caption string) {
	i, n := partEnd(text, 0)
	if i < 0 {
		return text, ""
	}
	j, m := partEnd(text, i+n)
	if j < 0 || strings.TrimSpace(text[j+m:]) == "" {
		return text, ""
	}
	part := strings.TrimSpace(text[i+n : j])
	words := strings.Fields(part)
	if len(words) == 1 && text[j] == ':' && premisesCaptions[string(appendKey(nil, words[0]))] && hasDigit(text[j+m:]) {
		// "Obat Oil and Petroleum Limited, Depot: Plot A4, ..."
		return text[:i+n] + " " + strings.TrimLeft(text[j+m:], " "), part
	}
	if len(words) < 2 || len(words) > 4 || slices.ContainsFunc(words, func(w string) bool { return hasDigit(w) && !isOrdinal(strings.ToLower(w)) }) {
		return text, ""
	}
	mods := words[:len(words)-1]
	// a state's chapter, council or command needs no more after it: "Afenifere
	// Renewal Group, Ondo State Chapter, Akure"
	// (a country alone after it, as the formatted line adds, is no more:
	// the line must read the same again)
	stateCaption := len(mods) >= 2 && Fold(mods[len(mods)-1]) == "state" && stateCaptionWords[Fold(words[len(words)-1])] &&
		data().byKey[Fold(strings.Trim(text[j+m:], " ,.;"))] == nil
	if after := strings.Fields(text[j+m:]); hasDigit(text[:i]) || !stateCaption && !hasDigit(text[j+m:]) && !streetWords(after) && !writtenAgain(mods, after) {
		// the first part must name the organization, not hold an
		// address; and the address must follow, a number or a street,
		// or the caption's place be written again: "Access Bank, Ikeja
		// Branch, Lagos" keeps the one place written, and "Emeka Obi,
		// Divisional Police Office, Nsukka" the office; "Sokoto Branch,
		// Arkilla, Sokoto" is a caption
		return text, ""
	}
	switch string(appendKey(nil, words[len(words)-1])) {
	case "branch", "office", "outlet", "plant", "depot", "showroom", "factory", "headquarters", "hq":
	case "command":
		// a uniformed service's ("Abia State Command", "Yobe Sector
		// Command", "Ikeja Area Command")
	case "unit", "hub", "region", "zone", "wing", "council", "chapter":
		// a utility's, a union's or a party's ("Warri Business Unit",
		// "Gwagwalada Business Hub", "Ogun Region", "Rivers State
		// Council"; not an LGA's: "Bwari Area Council", "Ikeja Local
		// Government Council")
		if k := Fold(mods[len(mods)-1]); k == "area" || k == "government" || k == "govt" || k == "trade" || k == "industrial" || k == "economic" {
			return text, "" // (nor a place: "Lekki Free Trade Zone")
		}
	default:
		return text, ""
	}
	if hasStreetType(strings.Join(mods, " ")) {
		return text, "" // "Allen Avenue Branch": the branch's street, which the address may not repeat
	}
	if first := Fold(words[0]); relations[first] != "" || relationStarts[first] {
		return text, "" // "by INEC office": a landmark
	}
	acronym := strings.ToUpper(text) != text && slices.ContainsFunc(mods, func(w string) bool {
		return len(w) >= 2 && strings.ToUpper(w) == w && isLetters(w)
	})
	if !captionOnly(mods) && (namesOrganization(strings.Join(mods, " ")) || acronym || brandWord(mods) ||
		slices.ContainsFunc(mods, func(w string) bool { return postWords[string(appendKey(nil, w))] })) {
		return text, "" // "Post Office", "INEC Office": an organization's office, a place
	}
	sep := strings.TrimRight(text[i:i+n], " ")
	if s := strings.TrimSpace(sep); s == "-" || s == "–" || s == ":" {
		// (a dash joins names where no caption stood: "Kaduna Electric -
		// Head Office: Ahmadu Bello Way"; a colon before a name:
		// "Attn: Admissions Office, Reed College")
		sep = ","
	}
	return strings.TrimRight(text[:i], " ") + sep + " " + strings.TrimLeft(text[j+m:], " "), part
}

// writtenAgain reports whether the words of mods are written, in order
// and whole, among words: a caption's place that the address names again.
func writtenAgain(mods, words []string) bool {
	if len(mods) == 0 {
		return false
	}
	for i := 0; i+len(mods) <= len(words); i++ {
		if slices.EqualFunc(mods, words[i:i+len(mods)], func(a, b string) bool { return Fold(strings.Trim(a, ",;:|-")) == Fold(strings.Trim(b, ",;:|-")) }) {
			return true
		}
	}
	return false
}

// postWords name a post office, which is a place, not a caption.
var postWords = map[string]bool{"post": true, "postal": true, "nipost": true}

// partEnd returns where the part of text that starts at from ends, at a
// comma, a semicolon, a colon before a space, or a dash or a bar between
// spaces, and the length of that separator; -1 when there is none.
func partEnd(text string, from int) (int, int) {
	best, n := -1, 0
	for _, sep := range []string{",", ";", ": ", " - ", " – ", " | "} {
		if i := strings.Index(text[from:], sep); i >= 0 && (best < 0 || from+i < best) {
			best, n = from+i, len(sep)
		}
	}
	return best, n
}

// captionEnd returns where a caption that opens text may end, and the
// length of its separator: a colon before a space, or " - ", " – ", " | ";
// -1 when none is in the first 60 bytes.
func captionEnd(text string) (int, int) {
	head := text[:min(len(text), 60)]
	best, n := -1, 0
	if i := strings.Index(head, ": "); i >= 0 {
		best, n = i, 1
	}
	for _, sep := range []string{" - ", " – ", " | "} {
		if i := strings.Index(head, sep); i >= 0 && (best < 0 || i < best) {
			best, n = i, len(sep)
		}
	}
	return best, n
}

// onlyOffice reports whether the caption's only organization word is its
// last, Office: "Jigawa State Office" names the office of no organization.
func onlyOffice(words []string) bool {
	return string(appendKey(nil, words[len(words)-1])) == "office" && !namesOrganization(strings.Join(words[:len(words)-1], " "))
}

// brandWord reports whether one of words is written as a brand is, in a
// text not all in capitals: an acronym ("UBA", "FCMB") or a word of two
// capitals or more ("GTBank").
func brandWord(words []string) bool {
	caps := true
	for _, w := range words {
		caps = caps && strings.ToUpper(w) == w
	}
	if caps {
		return false
	}
	for _, w := range words {
		for _, part := range strings.Split(w, "-") { // "Enugu-Ezike" is two names
			upper, letters := 0, 0
			for _, r := range part {
				if unicode.IsLetter(r) {
					letters++
					if unicode.IsUpper(r) {
						upper++
					}
				}
			}
			if letters >= 2 && upper >= 2 {
				return true
			}
		}
	}
	return false
}

// captionModifiers are the words that stand before a caption's last word
// without naming anything ("Head Office", "Branch Address", "Pickup
// Point").
var captionModifiers = map[string]bool{
	"head": true, "main": true, "branch": true, "corporate": true, "registered": true, "postal": true,
	"delivery": true, "pickup": true, "pick": true, "up": true, "our": true, "office": true, "contact": true,
	"business": true, "physical": true, "shipping": true, "billing": true, "mailing": true, "home": true,
	"regional": true, "zonal": true, "liaison": true, "annex": true, "new": true, "full": true,
}

// captionOnly reports whether every word is one of captionModifiers.
func captionOnly(words []string) bool { return allKeysIn(words, captionModifiers) }

// timeOfDay reports whether s begins with a time of day: "8:30", "10.30",
// "9h", "9am", "5 pm".
func timeOfDay(s string) bool {
	j := 0
	for j < len(s) && j < 2 && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	rest := strings.ToLower(strings.TrimLeft(s[j:], " "))
	switch {
	case len(s) > j+2 && (s[j] == ':' || s[j] == '.') && '0' <= s[j+1] && s[j+1] <= '9' && '0' <= s[j+2] && s[j+2] <= '9':
		return true
	case (strings.HasPrefix(rest, "am") || strings.HasPrefix(rest, "pm")) && (len(rest) == 2 || rest[2] < 'a' || rest[2] > 'z'):
		return true // not "5 Amala Street"
	}
	return j < len(s) && s[j] == 'h' && (j+1 == len(s) || s[j+1] < 'a' || s[j+1] > 'z')
}

// leadIns are the words a notice or a form puts before the address it
// quotes: "Mr X of No. 7, Ogundana Street", "residing at 15 Ayinde Giwa
// Street"; and a footer's: "Visit us at Block C, Shop 18, ...".
var leadIns = []string{"of", "residing at", "resident at", "living at", "domiciled at",
	"visit us at", "find us at", "located at", "we are located at", "our address is"}

// takeLeadIn sets apart a lead-in that opens the text before a number or
// a word that marks one ("of 15, Ayinde Giwa Street", "of House 14, 3rd
// Avenue"), which names no part of the address: text without it, and the
// lead-in as written.
func takeLeadIn(text string) (rest, lead string) {
	t := strings.TrimLeft(text, " ")
	for _, l := range leadIns {
		if len(t) <= len(l)+1 || !hasPrefixFold(t, l) || t[len(l)] != ' ' {
			continue
		}
		after := strings.TrimLeft(t[len(l):], " ")
		first, _, _ := strings.Cut(after, " ")
		if k := string(appendKey(nil, strings.TrimRight(first, ",.:"))); k != "" && (isDigitByte(k[0]) || isMarkerKey(k)) {
			return after, t[:len(l)]
		}
	}
	return text, ""
}

// takeShortNames sets apart an organization's short name written in
// brackets after its full name, when its letters open the name's words
// in order: "Peoples Democratic Party (PDP)", "Lagos State University
// Teaching Hospital (LASUTH)", "Council for the Regulation of Engineering
// in Nigeria (COREN)" (a word may give none, or its first letters; not
// "Ibadan Electricity Distribution Plc (IBEDC)", whose C is Company's). The
// short name is 2 to 8 capitals in a text not all in capitals; the
// bracket parts the text as a comma would. A bracket that holds no such
// name stays (a place, a street, a landmark: nameParens). It returns the
// text without the short names, and them.
func takeShortNames(text string) (rest string, short []string) {
	if !strings.Contains(text, "(") || strings.ToUpper(text) == text {
		return text, nil
	}
	return takeBrackets(text, func(i, j int) (bool, bool) {
		inner := text[i+1 : j]
		start := strings.LastIndexAny(text[:i], ",;:|") + 1
		if len(inner) < 2 || len(inner) > 8 || !isLetters(inner) || strings.ToUpper(inner) != inner || !initialsOf(strings.ToLower(inner), strings.Fields(text[start:i])) {
			return false, false
		}
		rest := strings.TrimLeft(text[j+1:], " ")
		return true, rest != "" && !strings.ContainsRune(",;:|-–)", rune(rest[0])) // "African Democratic Congress (ADC) Lagos"
	})
}

// takeBrackets sets apart the brackets of text that take (given where
// "(" and ")" stand) says to, and returns the text without them and what
// they held, trimmed; where take also says so, a comma stands in their
// place.
func takeBrackets(text string, take func(i, j int) (ok, comma bool)) (rest string, taken []string) {
	var b strings.Builder
	last := 0
	for i := strings.IndexByte(text, '('); i >= 0; {
		j := strings.IndexByte(text[i:], ')')
		if j < 0 {
			break
		}
		j += i
		if ok, comma := take(i, j); ok {
			b.WriteString(strings.TrimRight(text[last:i], " "))
			if comma {
				b.WriteString(",")
			}
			taken = append(taken, strings.TrimSpace(text[i+1:j]))
			last = j + 1
		}
		k := strings.IndexByte(text[j:], '(')
		if k < 0 {
			break
		}
		i = j + k
	}
	if last == 0 {
		return text, nil
	}
	b.WriteString(text[last:])
	return b.String(), taken
}

// initialsOf reports whether the letters of short (lower case) open the
// words in order, each word giving none of them or its first ones, two
// words at least giving some: "pdp" of Peoples Democratic Party,
// "lasuth" of Lagos State University Teaching Hospital.
func initialsOf(short string, words []string) bool {
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = string(appendKey(nil, w))
	}
	failed := map[[3]int]bool{} // (letters matched, word, words used up to 2) that lead nowhere
	var match func(at, i, used int) bool
	match = func(at, i, used int) bool {
		if at == len(short) {
			return used >= 2
		}
		if i == len(keys) || failed[[3]int{at, i, used}] {
			return false
		}
		s := short[at:]
		for k := 1; k <= len(s) && k <= len(keys[i]); k++ {
			if keys[i][:k] != s[:k] {
				break
			}
			if match(at+k, i+1, min(used+1, 2)) {
				return true
			}
		}
		if match(at, i+1, used) {
			return true
		}
		failed[[3]int{at, i, used}] = true
		return false
	}
	return match(0, 0, 0)
}

// nameLists joins the parts of an organization's name that list what it
// covers, as chambers and ministries write them: "Chamber of Commerce,
// Industry, Mines and Agriculture", "Ministry of Works, Housing and
// Transport". A part that ends in "of" and a word, and holds a word of
// listHeads (not "Bank of Industry", "Port of Spain", "Isle of Man"),
// opens the list; the parts after it, of one or two words each,
// close it with a part of 3 or 4 words that joins two with "and" or "&";
// none may hold a digit, a street type or a state's name. Parts are
// parted by commas, semicolons or bars alike; the separators inside the
// name become spaces.
func nameLists(text, region string) string {
	if !strings.Contains(text, " and ") && !strings.Contains(text, " & ") {
		return text
	}
	// the parts, between commas, semicolons and bars alike (a line
	// written with commas reads back the same)
	var parts, seps []string
	last := 0
	for i := 0; i < len(text); i++ {
		if c := text[i]; c == ',' || c == ';' || c == '|' {
			parts, seps = append(parts, text[last:i]), append(seps, text[i:i+1])
			last = i + 1
		}
	}
	parts = append(parts, text[last:])
	joined := false
	for k := 0; k+1 < len(parts); k++ {
		f := strings.Fields(parts[k])
		if len(f) < 3 || Fold(f[len(f)-2]) != "of" || !slices.ContainsFunc(f, func(w string) bool { return listHeads[Fold(w)] }) {
			continue
		}
		for j := k + 1; j < len(parts); j++ {
			item := parts[j]
			if i := strings.IndexAny(item, "(:"); i >= 0 {
				item = item[:i] // "Mines and Agriculture (WACCIMA)"
			}
			w := strings.Fields(item)
			if len(w) == 0 || len(w) > 4 || !listItem(w, region) {
				break
			}
			if !and(item) && len(w) > 2 {
				break
			}
			if and(item) {
				for i := k; i < j; i++ {
					seps[i] = "" // joined to the part after it
				}
				joined = true
				k = j
				break
			}
		}
	}
	if !joined {
		return text
	}
	var b strings.Builder
	for i, part := range parts {
		if i > 0 {
			if seps[i-1] == "" {
				b.WriteString(" " + strings.TrimLeft(part, " "))
				continue
			}
			b.WriteString(seps[i-1])
		}
		b.WriteString(part)
	}
	return b.String()
}

// listHeads are the words of the organizations whose names list what they
// cover: chambers, ministries, departments, commissions.
var listHeads = map[string]bool{
	"chamber": true, "chambers": true, "ministry": true, "department": true, "commission": true,
	"directorate": true, "bureau": true, "association": true, "federation": true, "union": true,
	"council": true, "institute": true, "board": true, "agency": true, "authority": true, "faculty": true,
	"college": true, "university": true, "polytechnic": true, "school": true, // "College of Agriculture, Science and Technology"
}

// and reports whether text joins two names with "and" or "&".
func and(text string) bool {
	w := strings.Fields(text)
	return len(w) >= 3 && slices.ContainsFunc(w[1:len(w)-1], func(s string) bool { return s == "&" || Fold(s) == "and" })
}

// listItem reports whether words may name items of a name's list: words
// of letters, capitalised, no street type, and no state's name on either
// side of "and".
func listItem(words []string, region string) bool {
	var run []string // the words of one item, between joiners
	for i, w := range words {
		joiner := w == "&" || Fold(w) == "and"
		if !joiner {
			r, _ := utf8.DecodeRuneInString(w)
			if _, typ := streetTypes[string(appendKey(nil, w))]; typ || !isLetters(w) || !unicode.IsUpper(r) {
				return false
			}
			run = append(run, w)
		}
		if joiner || i == len(words)-1 {
			if _, state := lookupSubdivision(region, Fold(strings.Join(run, " "))); state {
				return false
			}
			run = run[:0]
		}
	}
	return true
}

// orgDash parts the text at a spaced dash that ends an organization's
// name opening it, as a comma would: "Funke Beauty & Cosmetics - Basiri,
// Ado-Ekiti", "Adire Osogbo Textiles - Isale Osun". The name holds an
// organization word or an ampersand ("Ibadan - Ife Road" joins two
// places' names in a road's); the dash comes before any comma.
func orgDash(text string) string {
	i := strings.Index(text, " - ")
	if i < 0 {
		i = strings.Index(text, " – ")
	}
	if i <= 0 || strings.ContainsAny(text[:i], ",;|:()0123456789") {
		return text
	}
	head := text[:i]
	if !namesOrganization(head) && !strings.Contains(head, " & ") {
		return text
	}
	_, after, _ := strings.Cut(text[i+1:], " ")
	next := after
	if j := strings.IndexAny(next, ",;|:"); j >= 0 {
		next = next[:j]
	}
	if namesOrganization(next) && !slices.ContainsFunc(strings.Fields(next), isCaptionWord) {
		return text // "Funke Beauty & Cosmetics - Zenith Bank": one name, as before
	}
	return head + ", " + strings.TrimLeft(after, " ")
}
