package address

import (
	"strings"
	"unicode"
)

// word is one token of the input: its text as written (outer punctuation
// trimmed), its folded key and the label the parser gives it.
type word struct {
	text  string
	key   string
	label Label
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

// trimWord removes punctuation around a word but keeps a leading '#' and
// inner punctuation ("St.John's", "60-66", "12/14").
func trimWord(w string) string {
	return strings.TrimFunc(w, func(r rune) bool {
		return r != '#' && !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// tokenize splits text into words and segments. Separators are commas,
// semicolons, line breaks, pipes, brackets and quotes; "No.5", "No:5" and "#5"
// are split into a marker and a number.
func tokenize(text string, words []word, spans []span) ([]word, []span) {
	segStart := len(words)
	flush := func() {
		if len(words) > segStart {
			spans = append(spans, span{segStart, len(words)})
			segStart = len(words)
		}
	}
	start := -1
	emit := func(end int) {
		if start < 0 {
			return
		}
		raw := text[start:end]
		start = -1
		a, b := splitGlued(raw)
		for _, w := range [2]string{a, b} {
			t := trimWord(w)
			if t == "" {
				continue
			}
			if t == "#" {
				words = append(words, word{text: t, key: t})
				continue
			}
			if k := Fold(t); k != "" {
				words = append(words, word{text: t, key: k})
			} else {
				// symbols such as "&" or "@" keep their place but name nothing
				words = append(words, word{text: t, key: t})
			}
		}
	}
	for i, r := range text {
		switch {
		case isSeparator(r):
			emit(i)
			flush()
		case unicode.IsSpace(r):
			emit(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	emit(len(text))
	flush()
	return words, spans
}

// splitGlued splits "No.5", "No:5", "no5" and "#5" into marker and number.
func splitGlued(w string) (string, string) {
	if strings.HasPrefix(w, "#") && len(w) > 1 {
		return "#", w[1:]
	}
	if len(w) > 2 && (w[0] == 'N' || w[0] == 'n') && (w[1] == 'O' || w[1] == 'o') {
		if rest := strings.TrimLeft(w[2:], ".:"); rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return w[:2] + ".", rest
		}
	}
	if i := strings.IndexByte(w, ':'); i > 0 && i < len(w)-1 {
		return w[:i], w[i+1:]
	}
	return w, ""
}

// isHouseNumber reports whether a word is a house number: digits with an
// optional letter suffix, or a range or pair of them ("12", "12A", "60-66",
// "12/14", "3B-5B").
func isHouseNumber(t string) bool {
	if t == "" || t[0] < '0' || t[0] > '9' || len(t) > 12 {
		return false
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
			return false
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
