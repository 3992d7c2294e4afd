package address

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldRune maps accented Latin letters to their ASCII base letter, so that
// "Côte d'Ivoire", "Österreich" and "Straße" compare equal to their plain
// spellings. It returns 0 for runes without a mapping.
func foldRune(r rune) string {
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å', 'ā', 'ă', 'ą':
		return "a"
	case 'ç', 'ć', 'č', 'ĉ', 'ċ':
		return "c"
	case 'ď', 'đ':
		return "d"
	case 'è', 'é', 'ê', 'ë', 'ē', 'ĕ', 'ė', 'ę', 'ě', 'ẹ':
		return "e"
	case 'ğ', 'ĝ', 'ġ', 'ģ':
		return "g"
	case 'ì', 'í', 'î', 'ï', 'ĩ', 'ī', 'ĭ', 'į', 'ı':
		return "i"
	case 'ñ', 'ń', 'ň', 'ņ':
		return "n"
	case 'ò', 'ó', 'ô', 'õ', 'ö', 'ø', 'ō', 'ŏ', 'ő', 'ọ':
		return "o"
	case 'ŕ', 'ř':
		return "r"
	case 'ś', 'š', 'ş', 'ș', 'ṣ':
		return "s"
	case 'ß':
		return "ss"
	case 'ť', 'ţ', 'ț':
		return "t"
	case 'ù', 'ú', 'û', 'ü', 'ũ', 'ū', 'ŭ', 'ů', 'ű', 'ų':
		return "u"
	case 'ý', 'ÿ':
		return "y"
	case 'ź', 'ż', 'ž':
		return "z"
	case 'æ':
		return "ae"
	case 'œ':
		return "oe"
	case 'þ':
		return "th"
	}
	return ""
}

// appendKey appends the key of one word to dst: Fold without spaces, so
// that "Sangotedo-Ajah" has the key "sangotedoajah". ASCII words take a fast
// path.
func appendKey(dst []byte, w string) []byte {
	n := len(dst)
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= utf8.RuneSelf:
			return append(dst[:n], strings.ReplaceAll(Fold(w), " ", "")...)
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			dst = append(dst, c)
		case 'A' <= c && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		}
	}
	return dst
}

// foldEqual reports whether Fold(a) == Fold(b), without allocating when
// both are ASCII.
func foldEqual(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && a[i] < utf8.RuneSelf && !isAlnum(a[i]) {
			i++
		}
		for j < len(b) && b[j] < utf8.RuneSelf && !isAlnum(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		ca, cb := a[i], b[j]
		if ca >= utf8.RuneSelf || cb >= utf8.RuneSelf {
			return Fold(a) == Fold(b)
		}
		if ca|0x20 != cb|0x20 && !(isDigitByte(ca) && ca == cb) || isDigitByte(ca) != isDigitByte(cb) {
			return false
		}
		i++
		j++
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || isDigitByte(c)
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// Fold returns the comparison key of s: lower case, accents removed,
// apostrophes and full stops dropped, every other run of punctuation or
// space turned into one space. Fold("Akwa-Ibom ") == Fold("AKWA IBOM").
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(byte(r))
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(byte(r + 'a' - 'A'))
		case r == '.' || r == '\'' || r == '’' || r == '`':
			// dropped: "St." == "St", "Cote d'Ivoire" == "Cote dIvoire"
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			lr := unicode.ToLower(r)
			if u := unicode.ToUpper(lr); u < utf8.RuneSelf {
				lr = unicode.ToLower(u) // "ſ" -> "s", "ı" -> "i"
			}
			if f := foldRune(lr); f != "" {
				b.WriteString(f)
			} else {
				b.WriteRune(lr)
			}
		default:
			space = true
		}
	}
	return b.String()
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hasDigit reports whether s contains an ASCII digit.
func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// isLetters reports whether s is a non-empty run of ASCII letters.
func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// lowerWords are joined lower case inside names ("Rue de Rivoli",
// "Unter den Linden") unless they open the name.
var lowerWords = map[string]bool{
	"de": true, "du": true, "des": true, "la": true, "le": true, "les": true,
	"et": true, "den": true, "der": true, "dem": true, "von": true, "van": true,
	"am": true, "im": true, "an": true, "auf": true, "zum": true, "zur": true,
	"of": true, "the": true, "and": true, "da": true, "di": true, "del": true,
	"della": true, "do": true, "dos": true, "das": true, "y": true, "e": true,
	"en": true, "sur": true, "aux": true, "au": true, "bei": true, "ter": true, "het": true,
	"dei": true, "degli": true, "delle": true, "dello": true, "alle": true, "allo": true, "agli": true, "sulla": true, "nella": true,
}

// cityJoins join the words of a city's name in the Romance languages and
// never end one: "Ciudad de México" is not "Ciudad de" in México (not
// "of" or "da": "University of Lagos", "Gidan da Kano" end with their
// state).
var cityJoins = map[string]bool{"de": true, "del": true, "della": true, "des": true, "du": true, "do": true, "di": true, "dos": true, "das": true}

// boundOpeners open a name and never stand for one alone ("New Delhi",
// "San Luis", "São Paulo").
var boundOpeners = map[string]bool{
	"new": true, "san": true, "santa": true, "santo": true, "sao": true, "saint": true, "st": true,
	"port": true, "fort": true, "mount": true, "mt": true,
}

// titleWords keep their mixed case although they have no vowel.
var titleWords = map[string]string{
	"mr": "Mr", "mrs": "Mrs", "dr": "Dr", "st": "St", "jnr": "Jnr", "snr": "Snr",
	"ltd": "Ltd", "plc": "Plc", "sgt": "Sgt", "cpl": "Cpl", "lt": "Lt", "mt": "Mt", "ft": "Ft", "pt": "Pt", "ms": "Ms",
}

// romanNumerals are written upper case ("Wuse II", "Phase III").
var romanNumerals = map[string]bool{
	"ii": true, "iii": true, "iv": true, "vi": true, "vii": true, "viii": true,
	"ix": true, "xi": true, "xii": true,
}

// roadSuffix are the words that romanized Korean street names end in after
// a hyphen: a road (ro, daero), a street (gil), and a part of a
// neighbourhood (ga).
var roadSuffix = map[string]bool{"ro": true, "daero": true, "gil": true, "ga": true}

// caseWord returns the canonical casing of one word: capitalised, with
// acronyms, Roman numerals and letter suffixes of numbers upper case, ordinals
// ("1st") and joining words lower case. Hyphenated and slashed words are cased
// part by part.
func caseWord(w string, first bool) string {
	out := caseWordOnce(w, first)
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			// Case mappings can change a letter ("ſ" -> "S"): case the
			// result again so that casing a cased word changes nothing.
			return caseWordOnce(out, first)
		}
	}
	return out
}

func caseWordOnce(w string, first bool) string {
	if w == "" {
		return w
	}
	if hasDigit(w) {
		if lw := strings.ToLower(w); isOrdinal(lw) || districtOrdinal(lw) {
			return lw
		}
		if i := strings.LastIndexByte(w, '-'); i > 0 && len(w)-i <= 6 && roadSuffix[strings.ToLower(w[i+1:])] {
			return asciiUpper(w[:i+1]) + strings.ToLower(w[i+1:]) // "5-gil"
		}
		return asciiUpper(w) // "12A", "A08", "60-66"
	}
	if strings.ContainsAny(w, "-/") {
		var b strings.Builder
		start := 0
		for i := 0; i < len(w); i++ {
			if w[i] == '-' || w[i] == '/' {
				b.WriteString(caseWordOnce(w[start:i], true))
				b.WriteByte(w[i])
				start = i + 1
			}
		}
		// (a kind has at most 5 letters: the others are not lowered to be
		// looked up)
		if last := w[start:]; start > 0 && w[start-1] == '-' && len(last) <= 5 && (levelSuffix[strings.ToLower(last)] || roadSuffix[strings.ToLower(last)]) {
			b.WriteString(strings.ToLower(last)) // "Shibuya-ku", "Jahamun-ro": the kind romanized, lower case
		} else {
			b.WriteString(caseWordOnce(w[start:], true))
		}
		return b.String()
	}
	lw := strings.ToLower(w)
	if strings.IndexByte(lw, '.') > 0 && isCapsAcronym(strings.ToUpper(lw)) {
		return strings.ToUpper(lw) // "V.I", "P.O"
	}
	if !first && lowerWords[lw] {
		return lw
	}
	if t, ok := titleWords[lw]; ok {
		return t
	}
	if romanNumerals[Fold(lw)] {
		return strings.ToUpper(lw)
	}
	if len(lw) <= 4 && isLetters(lw) && !strings.ContainsAny(lw, "aeiouy") {
		return strings.ToUpper(lw) // GRA, FHA, CMS, PMB
	}
	if isAcronym[lw] {
		return strings.ToUpper(lw)
	}
	// O'Neil, d'Ivoire: keep the letter after an apostrophe capitalised
	// (when a name follows it: "Joe's" keeps its s).
	var b strings.Builder
	b.Grow(len(lw))
	upNext := true
	for i, r := range lw {
		if upNext {
			if i == 1 && (lw[0] == 'd' || lw[0] == 'l') && !first {
				b.WriteRune(r)
			} else {
				b.WriteRune(unicode.ToUpper(r))
			}
			upNext = false
			continue
		}
		b.WriteRune(r)
		if r == '\'' || r == '’' {
			// not a possessive's s ("Joe's Diner")
			upNext = utf8.RuneCountInString(lw[i+utf8.RuneLen(r):]) >= 2
		}
	}
	out := b.String()
	if len(out) > 2 && (out[1] == '\'' || strings.HasPrefix(out[1:], "’")) && (out[0] == 'D' || out[0] == 'L') && !first {
		out = strings.ToLower(out[:1]) + out[1:]
	}
	return out
}

// isAcronym lists upper-case words that contain vowels.
var isAcronym = map[string]bool{
	"uba": true, "nnpc": true, "unilag": true, "uniben": true, "oau": true,
	"lasu": true, "usa": true, "uk": true, "uae": true, "nepa": true,
	"fcda": true, "lsdpc": true, "nipost": true, "ndaps": true,
	"lga": true, "lcda": true, "ecowas": true, "ne": true, "se": true, "gra": true, "fha": true,
}

// isOrdinal reports whether w is an English ordinal such as "1st" or "22nd".
func isOrdinal(w string) bool {
	n := len(w)
	if n < 3 || !isDigits(w[:n-2]) {
		return false
	}
	switch w[n-2:] {
	case "st", "nd", "rd", "th":
		return true
	}
	return false
}

// districtOrdinal reports whether w (lower case) is the ordinal of a city's
// numbered district as French writes it after the city: "Paris 11e",
// "Lyon 1er", "Marseille 8ème".
func districtOrdinal(w string) bool {
	for _, suf := range []string{"e", "er", "eme", "ème"} {
		if d := strings.TrimSuffix(w, suf); d != w && len(d) >= 1 && len(d) <= 2 && isDigits(d) {
			return true
		}
	}
	return false
}

// caseName cases every word of a name; words are separated by single spaces.
func caseName(s string) string {
	if s == "" {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = caseWord(w, i == 0)
	}
	return strings.Join(words, " ")
}

// asciiUpper upper-cases the ASCII letters of s only, so that a word with
// other letters keeps the shape the parser saw.
func asciiUpper(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// isASCIILetters reports whether t holds only ASCII letters.
func isASCIILetters(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return t != ""
}

// writeCasedASCII writes caseWord(t, first) for a word of ASCII letters
// without allocating; lex says whether the word is in a lexicon at all.
func writeCasedASCII(b *strings.Builder, t string, first, lex bool) {
	var buf [32]byte
	if len(t) > len(buf) {
		b.WriteString(caseWord(t, first))
		return
	}
	lw := buf[:len(t)]
	vowel := false
	for i := 0; i < len(t); i++ {
		c := t[i] | 0x20
		lw[i] = c
		vowel = vowel || c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y'
	}
	// m[string(lw)] looks up without allocating
	switch {
	case lex && !first && lowerWords[string(lw)]:
		b.Write(lw)
	case lex && titleWords[string(lw)] != "":
		b.WriteString(titleWords[string(lw)])
	case lex && romanNumerals[string(lw)] || len(t) <= 4 && !vowel || lex && isAcronym[string(lw)]:
		for i := range lw {
			lw[i] -= 'a' - 'A'
		}
		b.Write(lw)
	default:
		lw[0] -= 'a' - 'A'
		b.Write(lw)
	}
}
