package address

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// word is one token of the input: its text as written (outer punctuation
// trimmed), its folded key and the label the parser gives it.
type word struct {
	text   string
	key    string
	label  Label
	digit  bool // the word holds a digit
	marker bool // the word introduces a number: "No", "Flat", "Plot", "Box"
	lex    bool // the word is in a lexicon: only then are the lexicons looked up
}

// span is a run of words, words[lo:hi], that the parser treats as one part
// of the address (at first, a comma-separated segment).
type span struct{ lo, hi int }

func (s span) len() int { return s.hi - s.lo }

func isSeparator(r rune) bool {
	switch r {
	case ',', ';', '\n', '\r', '|', '(', ')', '[', ']', '{', '}', '"', '“', '”', '\t', '<', '>':
		return true
	}
	return false
}

// Character classes of the tokenizer.
const (
	classWord = iota
	classSpace
	classSeparator
)

// asciiClass is the class of each ASCII character.
var asciiClass [utf8.RuneSelf]uint8

func init() {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		switch {
		case isSeparator(r):
			asciiClass[r] = classSeparator
		case !isWordRune(r):
			asciiClass[r] = classSpace
		}
	}
}

// isWordRune reports whether r belongs inside a word: letters, digits, marks
// and the punctuation of names, numbers and codes ("St.", "O'Neil", "60-66",
// "12/14", "#5", "8JGR+PQW"). Any other rune separates words.
func isWordRune(r rune) bool {
	switch r {
	case '.', '\'', '’', '-', '/', '#', '+', '&':
		return true
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// trimWord removes punctuation around a word but keeps inner punctuation
// ("St.John's", "60-66", "12/14", "8JGR+PQW").
func trimWord(w string) string {
	i, j := 0, len(w)
	for i < j && w[i] < utf8.RuneSelf && !isAlnum(w[i]) {
		i++
	}
	for j > i && w[j-1] < utf8.RuneSelf && !isAlnum(w[j-1]) {
		j--
	}
	if w = w[i:j]; w == "" || w[0] < utf8.RuneSelf && w[len(w)-1] < utf8.RuneSelf {
		return w
	}
	return strings.TrimFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
}

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

// nameParens returns text with the brackets of a short qualifier inside
// an organization's name made spaces, so that the qualifier stays in the
// name instead of parting the text as a comma would: "Chi Farms (Nig)
// Ltd", "Bolingo Towers (Annex) Plaza". The qualifier is 1 to 3 words
// without a digit or a street type, inside a name that holds an
// organization word (more of it follows), or is a company's own
// (orgQualifiers: "(Nig)", "(Nigeria)", "(W.A.)"). A bracket that ends a
// name may hold a place ("Total Filling Station (Ojota), Ikorodu Road",
// "Primary School (Sabon Garin Kwaido)"), a street, a landmark or an
// acronym ("... Teaching Hospital (LASUTH)"): it stays a separator, and
// so does one after a place ("Kosofe (Ketu), Lagos") or with a number
// ("Rumuigbo (8A)").
func nameParens(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		if b[i] != '(' {
			continue
		}
		j := bytes.IndexByte(b[i+1:], ')')
		if j < 0 {
			break
		}
		j += i + 1
		inner := string(b[i+1 : j])
		start := bytes.LastIndexFunc(b[:i], isSeparator) + 1
		words := strings.Fields(inner)
		acronym := len(words) == 1 && strings.ToUpper(inner) == inner
		after := j + 1
		for after < len(b) && b[after] == ' ' {
			after++
		}
		inside := after < len(b) && !isSeparator(rune(b[after])) // more of the name follows
		if len(words) > 0 && len(words) <= 3 && !strings.ContainsAny(inner, "0123456789,;([") && !streetWords(words) &&
			(inside && namesOrganization(string(b[start:i])) && !acronym || orgQualifier(words)) {
			b[i], b[j] = ' ', ' '
		}
		i = j
	}
	return string(b)
}

// streetWords reports whether one of words is a street type ("(Bale
// Street)", "(St. Luke's)"): a street in brackets is no qualifier.
func streetWords(words []string) bool {
	for _, w := range words {
		if _, ok := streetTypes[string(appendKey(nil, w))]; ok {
			return true
		}
	}
	return false
}

// calleSlash writes out "C/", Spain's abbreviation of Calle, where a
// name follows it after a space ("c/ mayor 12", "C/ de Alcalá 45"), so
// that it reads as the street type it is; "c/o" (care of), "C/12" (a
// unit), "C/S" and "C/Gari" (a Nigerian community school, Cikin Gari)
// stay as written.
func calleSlash(text string) string {
	if len(text) < 3 || !strings.Contains(text[1:], "/") {
		return text
	}
	var b strings.Builder
	last := 0
	for i := nextSlash(text, 1); i > 0; i = nextSlash(text, i+1) {
		c := text[i-1]
		if c != 'c' && c != 'C' || i >= 2 && !strings.ContainsRune(" ,(;", rune(text[i-2])) || i+1 >= len(text) {
			continue
		}
		if text[i+1] != ' ' {
			continue // "C/S", "C/Gari" (Nigeria's Community School, Cikin Gari)
		}
		if next, _ := utf8.DecodeRuneInString(strings.TrimLeft(text[i+1:], " ")); !unicode.IsLetter(next) {
			continue
		}
		b.WriteString(text[last : i-1])
		b.WriteString("Calle ")
		last = i + 2
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// nextSlash returns the index of the next "/" in text from i, or -1.
func nextSlash(text string, i int) int {
	j := strings.IndexByte(text[i:], '/')
	if j < 0 {
		return -1
	}
	return i + j
}

// orgQualifier reports whether words are a qualifier written in brackets:
// a company's country or region ("(Nig)", "(Nigeria)", "(W.A.)"), its
// legal form, or an institution's kind ("(Technical)", "(Boys)").
func orgQualifier(words []string) bool { return allKeysIn(words, orgQualifiers) }

var orgQualifiers = map[string]bool{
	"nig": true, "nigeria": true, "ng": true, "wa": true, "west": true, "africa": true,
	"ltd": true, "limited": true, "plc": true, "gte": true, "int'l": true, "intl": true, "international": true,
	// an institution's kind: "Federal College of Education (Technical)"
	"technical": true, "special": true, "boys": true, "girls": true, "annex": true, "women": true,
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
	if !captionWords[last] || len(words) == 1 && last != "address" && last != "location" {
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
	// Commission, Dutse")
	if mods := words[:len(words)-1]; !captionOnly(mods) &&
		(namesOrganization(text[:i]) && !onlyOffice(words) || brandWord(mods) || last != "branch" && last != "office") {
		// the caption names the organization ("Shoprite Store -", "KFC
		// Outlet -"): its separator parts it as a comma would
		return text[:i] + "," + text[i+n:], ""
	}
	return rest, strings.Join(words, " ")
}

// takeBranchCaption sets apart a branch's caption that follows the
// organization's name, as branch lists and tables write it: "Access
// Bank, Ikeja Branch, 12 Allen Avenue", "Union Bank | Festac Branch |
// 21 Road", "LAPO Microfinance Bank, Ikotun Branch: 30 Idimu Rd". The
// caption is the second part, of 2 to 4 words without a digit (an
// ordinal names a place), ending in Branch, Office or Outlet, whose other
// words name no organization or street and are no acronym ("Post
// Office", "INEC Office" are places; "Allen Avenue Branch" names the
// street), not opened by a relation ("by INEC office"), after a first
// part without a digit and before a number or a street ("Access Bank,
// Ikeja Branch, Lagos" keeps its one place). It returns the text without
// the caption, and the caption.
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
	if hasDigit(text[:i]) || !hasDigit(text[j+m:]) && !streetWordIn(text[j+m:]) {
		// the first part must name the organization, not hold an
		// address; and the address must follow, a number or a street:
		// "Access Bank, Ikeja Branch, Lagos" keeps the one place
		// written, and "Emeka Obi, Divisional Police Office, Nsukka"
		// the office
		return text, ""
	}
	words := strings.Fields(part)
	if len(words) < 2 || len(words) > 4 || slices.ContainsFunc(words, func(w string) bool { return hasDigit(w) && !isOrdinal(strings.ToLower(w)) }) {
		return text, ""
	}
	switch string(appendKey(nil, words[len(words)-1])) {
	case "branch", "office", "outlet":
	default:
		return text, ""
	}
	mods := words[:len(words)-1]
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
	return strings.TrimRight(text[:i], " ") + strings.TrimRight(text[i:i+n], " ") + " " + strings.TrimLeft(text[j+m:], " "), part
}

// streetWordIn reports whether a word of text is a street type.
func streetWordIn(text string) bool {
	for _, w := range strings.Fields(text) {
		if _, ok := streetTypes[string(appendKey(nil, w))]; ok {
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

// allKeysIn reports whether the key of every word is in set.
func allKeysIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if !set[string(appendKey(nil, w))] {
			return false
		}
	}
	return true
}

// namesOrganization reports whether the first comma-separated part of text
// holds an organization word ("First Bank", "Kofar Wambai Market").
func namesOrganization(text string) bool {
	first, _, _ := strings.Cut(text, ",")
	for _, w := range strings.Fields(first) {
		if organizationWords[string(appendKey(nil, w))] {
			return true
		}
	}
	return false
}

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

// tokenize splits text into words and segments. Separators are commas,
// semicolons, line breaks, pipes, brackets, quotes and the colon of a
// caption that opens the text (captionColon); spaces and other punctuation
// separate words; "No.5" and "#5" are split into a marker and a
// number.
func tokenize(text string, words []word, spans []span) ([]word, []span) {
	// The keys of all words are written to one buffer and sliced from one
	// string at the end: one allocation instead of one per word.
	var keyBuf [256]byte
	keys := keyBuf[:0]
	if len(text) > len(keyBuf)-8 {
		keys = make([]byte, 0, len(text)+8)
	}
	hashes := false
	type keyAt struct{ off, n int }
	at := make([]keyAt, 0, 24)
	segStart := len(words)
	flush := func() {
		if len(words) > segStart {
			spans = append(spans, span{segStart, len(words)})
			segStart = len(words)
		}
	}
	// dash reads a dash standing alone (a hyphen, an en or em dash) that
	// ends at end. Before a number it separates parts as a comma does:
	// "Sunrise Pharmacy - 48 Murtala Mohammed Way"; so does one after a
	// number standing alone after the street, before a name, as Brazil and
	// Portugal write the district or city after the house number ("Av.
	// Paulista, 1578 - Bela Vista", "Rua Augusta, 100 – Lisboa"; not "Calle
	// 2 - Romualdo Segura", nor "7 - Oba Akran Ikeja", which opens with the
	// number, nor "Mama Cass, 7 - Oba Akran", after no street); between
	// names it joins them ("Oja - Oba", a ward).
	dash := func(end int) {
		next := strings.TrimLeft(text[end:], " ")
		afterNumber := len(words) == segStart+1 && isDigits(words[segStart].text) && len(spans) > 0 && streetSpan(words[spans[len(spans)-1].lo:spans[len(spans)-1].hi])
		if next != "" && (next[0] >= '0' && next[0] <= '9' || afterNumber) {
			flush()
		}
	}
	start := -1
	emit := func(end int) {
		if start < 0 {
			return
		}
		raw := text[start:end]
		start = -1
		if strings.Trim(raw, "-") == "" {
			dash(end)
			return
		}
		t := trimWord(raw)
		if t == "" {
			if next := strings.TrimLeft(text[end:], " "); strings.Trim(raw, "#") == "" && next != "" && next[0] >= '0' && next[0] <= '9' && !afterNumberWord(words[segStart:]) {
				// "# 11-53": the hash standing alone marks the number
				// after it (after a unit's or a plot's word, "Flat # 3",
				// it says nothing the word does not)
				words = append(words, word{text: "#", key: "#", lex: true, marker: true})
				hashes = true
				at = append(at, keyAt{-1, 0})
			}
			return
		}
		// "#5": the hash marks a house number
		if lead := raw[:strings.Index(raw, t)]; strings.Contains(lead, "#") && t[0] >= '0' && t[0] <= '9' {
			words = append(words, word{text: "#", key: "#", lex: true, marker: true})
			hashes = true
			at = append(at, keyAt{-1, 0})
		}
		a, b := splitGlued(t)
		for _, w := range [2]string{a, b} {
			// Symbols that name nothing ("&", "@") are punctuation.
			if w = trimWord(w); w != "" {
				// One word has one key: "Sangotedo-Ajah" -> "sangotedoajah".
				off := len(keys)
				if keys = appendKey(keys, w); len(keys) > off {
					words = append(words, word{text: w})
					at = append(at, keyAt{off, len(keys) - off})
				}
			}
		}
	}
	for i, r := range text {
		class := uint8(classWord)
		if r < utf8.RuneSelf {
			class = asciiClass[r]
		} else if isSeparator(r) {
			class = classSeparator
		} else if !isWordRune(r) {
			class = classSpace
		}
		if (r == '–' || r == '—') && i > 0 && text[i-1] == ' ' && i+len("–") < len(text) && text[i+len("–")] == ' ' {
			emit(i)
			dash(i + len("–"))
			continue
		}
		if r == ':' && len(spans) == 0 && captionColon(text, i) {
			class = classSeparator
		}
		switch class {
		case classSeparator:
			emit(i)
			flush()
		case classSpace:
			emit(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	emit(len(text))
	flush()
	all := string(keys)
	for i, k := range at {
		w := &words[len(words)-len(at)+i]
		if k.off >= 0 {
			w.key = all[k.off : k.off+k.n]
			w.digit = hasDigit(w.key)
			w.lex = lexWords[w.key]
			w.marker = w.lex && isMarkerKey(w.key)
		}
	}
	if !hashes {
		return words, spans
	}
	return dropStrayMarks(words, spans)
}

// afterNumberWord reports whether a hash standing alone after words (of its
// segment) adds nothing to the number after it: words with no street type
// among them, whose own word numbers it ("Flat # 3", "Plot # 12", "Gate #
// 2"). After a street ("Allen Avenue # 12", "Calle 85 # 11-53") or opening
// a part, it marks the house number.
func afterNumberWord(words []word) bool {
	for i := range words {
		if _, ok := streetTypes[string(appendKey(nil, words[i].text))]; ok {
			return false
		}
	}
	return len(words) > 0
}

// dropStrayMarks removes "#" words that do not precede a number in their
// segment: they mark nothing.
func dropStrayMarks(words []word, spans []span) ([]word, []span) {
	out := words[:0]
	j := 0
	for _, s := range spans {
		lo := len(out)
		for i := s.lo; i < s.hi; i++ {
			if words[i].key == "#" && (i+1 >= s.hi || !isHouseNumber(words[i+1].text)) {
				continue
			}
			out = append(out, words[i])
		}
		if len(out) > lo {
			spans[j] = span{lo, len(out)}
			j++
		}
	}
	return out, spans[:j]
}

// splitGlued splits "No.5" and "no5" into marker and number.
func splitGlued(w string) (string, string) {
	if len(w) > 2 && (w[0] == 'N' || w[0] == 'n') && (w[1] == 'O' || w[1] == 'o') {
		if rest := strings.TrimLeft(w[2:], "."); isHouseNumber(rest) {
			return w[:2] + ".", rest
		}
	}
	return w, ""
}

// floorSuffix are the floors the Netherlands writes after a house number
// and a hyphen: "112-II" (second floor), "44-hs" (huis, the ground floor).
var floorSuffix = map[string]bool{"i": true, "ii": true, "iii": true, "iv": true, "hs": true, "h": true}

// isHouseNumber reports whether a word is a house number: digits with an
// optional letter suffix, or a range or pair of them ("12", "12A", "60-66",
// "12/14", "3B-5B").
func isHouseNumber(t string) bool {
	if t == "" || t[0] < '0' || t[0] > '9' || len(t) > 12 {
		return false
	}
	if i := strings.LastIndexByte(t, '-'); i > 0 && len(t)-i <= 4 && floorSuffix[strings.ToLower(t[i+1:])] {
		return isHouseNumber(t[:i]) // "112-II", "44-hs": the floor of an Amsterdam house
	}
	letters := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= '0' && c <= '9':
			if letters > 0 && (i == 0 || t[i-1] != '-' && t[i-1] != '/') {
				return false
			}
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			letters++
			if letters > 1 {
				return false
			}
		case c == '-' || c == '/':
			if i == len(t)-1 {
				return false
			}
			letters = 0
		default:
			if c < utf8.RuneSelf || letters > 0 {
				return false
			}
			// a letter of another alphabet ending the number: "26А"
			// (Cyrillic), "12α"
			r, size := utf8.DecodeRuneInString(t[i:])
			return i+size == len(t) && unicode.IsLetter(r) && !unicode.Is(unicode.Han, r) && !unicode.Is(unicode.Hangul, r)
		}
	}
	return true
}

// isID reports whether a folded key can identify a unit, plot or block: it
// holds a digit, is at most two letters, or is a Roman numeral.
func isID(k string) bool {
	if k == "" || strings.IndexByte(k, ' ') >= 0 && !hasDigit(k) {
		return false
	}
	return hasDigit(k) || len(k) <= 2 && isLetters(k) || romanNumerals[k]
}

// streetSpan reports whether one of the words is a street type: the
// segment names a street.
func streetSpan(ws []word) bool {
	if len(ws) >= 2 && abbrevTypeAnywhere(Fold(ws[0].text)) && !isHouseNumber(ws[1].text) {
		return true // "R. Cândido Gaffrée, 205 - Urca": a type abbreviated where it opens streets
	}
	for _, w := range ws {
		k := Fold(w.text)
		if _, ok := streetTypes[k]; ok {
			return true
		}
		if _, ok := languageWords[k]; ok {
			return true
		}
	}
	return false
}
