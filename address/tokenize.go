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
	amp    bool // an ampersand stood alone before the word, in its segment: "Ernst & Young"
}

// span is a run of words, words[lo:hi], that the parser treats as one part
// of the address (at first, a comma-separated segment).
type span struct{ lo, hi int }

func (s span) len() int { return s.hi - s.lo }

func isSeparator(r rune) bool {
	switch r {
	case ',', ';', '\n', '\r', '|', '(', ')', '[', ']', '{', '}', '"', '“', '”', '\t', '<', '>', '•', '▪':
		return true
	}
	// pictographs, which social-media bios set between the parts of an
	// address: "Canine Kingdom Kennels 📍 Mowe", "☎ 0803..."
	// (and flags, stars and arrows: "🇳🇬", "⭐", "➡")
	return r >= 0x1F300 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r >= 0x1F1E6 && r <= 0x1F1FF ||
		r >= 0x2B00 && r <= 0x2BFF || r >= 0x2190 && r <= 0x21FF
}

// partStart returns where the last part of text begins: after its last
// separator (which may be a pictograph of four bytes), or 0.
func partStart(text string) int {
	k := strings.LastIndexFunc(text, isSeparator)
	if k < 0 {
		return 0
	}
	_, n := utf8.DecodeRuneInString(text[k:])
	return k + n
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
		start := partStart(string(b[:i]))
		words := strings.Fields(inner)
		acronym := len(words) == 1 && strings.ToUpper(inner) == inner
		after := j + 1
		for after < len(b) && b[after] == ' ' {
			after++
		}
		next, _ := utf8.DecodeRune(b[after:])
		inside := after < len(b) && !isSeparator(next) // more of the name follows
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
	amp := false // an ampersand stood alone since the last word
	flush := func() {
		amp = false
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
	// number, nor "Mama Cass, 7 - Oba Akran", after no street); so does
	// one before a street whose type opens its name ("Hospital
	// Sírio-Libanês - Rua Dona Adma Jafet, 91"), and one between an
	// organization and what follows it, or before a venue ("Nestle
	// Nigeria Plc - Factory", "Mr Price - Circle Mall"); between other
	// names it joins them ("Oja - Oba", a ward).
	dash := func(end int) {
		next := strings.TrimLeft(text[end:], " ")
		// (or the mark of a building without one: "R. Joaquim Silva, s/n - Lapa")
		lone := len(words) == segStart+1 && (isDigits(words[segStart].text) || noNumberMark(words[segStart].text))
		afterNumber := lone && len(spans) > 0 && streetSpan(words[spans[len(spans)-1].lo:spans[len(spans)-1].hi])
		if next != "" && (next[0] >= '0' && next[0] <= '9' || afterNumber || startsStreet(next) || orgAtDash(words[segStart:], next)) {
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
		if strings.Trim(raw, "&") == "" {
			amp = len(words) > segStart
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
					words = append(words, word{text: w, amp: amp})
					amp = false
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
		if r == '·' && i > 0 && text[i-1] == ' ' && i+len("·") < len(text) && text[i+len("·")] == ' ' {
			class = classSeparator // "Manufactum GmbH · Hiberniastraße 5" (not Catalan's "Paral·lel")
		}
		if r == ':' && (len(spans) == 0 && captionColon(text, i) || captionWordColon(text, i)) {
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
			if w.key == "council" && i > 0 && words[len(words)-len(at)+i-1].key == "area" {
				w.lex = false // "Bwari Area Council": an LGA of the FCT, no organization
			}
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

// startsStreet reports whether text begins with a street type that opens
// a street's name in the languages that write it first (Spanish,
// Catalan, Italian, Portuguese, French, Polish: "Rua", "Av.", "Calle",
// "Via", "Rue", "ul.").
func startsStreet(text string) bool {
	w, _, _ := strings.Cut(text, " ")
	return streetOpeners[string(appendKey(nil, w))]
}

// streetOpeners are the keys of the street types of streetLanguages
// whose languages write the type before the name, and "av".
var streetOpeners = func() map[string]bool {
	out := map[string]bool{"av": true}
	for _, l := range streetLanguages {
		if !slices.ContainsFunc(l.words, func(w string) bool {
			return slices.Contains([]string{"calle", "carrer", "via", "rua", "rue", "ulica"}, w)
		}) {
			continue
		}
		for _, w := range l.words {
			out[string(appendKey(nil, w))] = true
		}
	}
	return out
}()

// orgAtDash reports whether a dash between the words before it and the
// text after it stands between an organization and the rest: the words
// before it are two or more that an organization word ends ("Nestle
// Nigeria Plc -"), or the part after it, up to the next separator, is a
// venue that holds shops and offices ("- Circle Mall,").
func orgAtDash(before []word, next string) bool {
	if len(before) >= 2 && organizationWords[string(appendKey(nil, before[len(before)-1].text))] { // (keys are set after the words)
		return true
	}
	part := next
	if i := strings.IndexAny(part, ",;:|"); i >= 0 {
		part = part[:i]
	}
	if i := strings.Index(part, " - "); i >= 0 {
		part = part[:i]
	}
	return len(strings.Fields(part)) >= 2 && containerVenue(part)
}
