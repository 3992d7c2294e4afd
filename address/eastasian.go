package address

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Addresses in Japanese and Chinese script run without spaces from the
// largest part to the smallest: "〒100-0001 東京都千代田区千代田1-1".
// eastAsian cuts such a run where its parts end, by the suffixes that close
// each level (levelSuffixes), so that the parser reads the segments
// "100-0001, 東京都, 千代田区, 千代田 1-1" as it reads any address,
// from the end; it reports whether the text was written largest first.

// levelSuffixes close one administrative level, in order: the first level
// whose suffix is found is cut, then the next. A prefecture is matched by
// name first (the suffix 都 also ends 京都).
var levelSuffixes = []string{
	"省",    // Chinese province
	"市区町村", // city, ward, town, village
	"区县區縣", // ward of a city, Chinese county (simplified and traditional)
}

// blockNumbers are the Japanese and Chinese ways of writing the number of a
// block and a house, rewritten as the "2-8-1" people write in Latin script.
var blockNumbers = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`(\d+)\s*丁目\s*(\d+)\s*番地?\s*(\d+)\s*号?`), " $1-$2-$3"},
	{regexp.MustCompile(`(\d+)\s*丁目\s*(\d+)\s*番地?`), " $1-$2"},
	// "1丁目9-1": the block's number, then the rest in digits
	{regexp.MustCompile(`(\d+)\s*丁目\s*-?\s*(\d+)\b`), " $1-$2"}, // (not "3丁目 2F": a floor)
	{regexp.MustCompile(`(\d+)\s*丁目`), " $1"},
	{regexp.MustCompile(`(\d+)\s*番地?\s*(\d+)\s*号?`), " $1-$2"},
	// a room or flat, a building of an estate or its entrance, a part of
	// its own, as written: "501号室", "301室", "3栋", "3号楼", "2单元"
	{regexp.MustCompile(`(\d+)\s*(号室|號室|室|号楼|號樓|单元|單元|栋|棟|幢)`), ", $1$2"},
	{regexp.MustCompile(`(\d+)\s*[番号號]地?([^室楼樓]|$)`), " $1 $2"}, // (a floor may follow: "45號89樓")
	// a floor, a part of its own, as written: "89樓", "B1階", "3F", "B2F"
	{regexp.MustCompile(`(B?\d+)\s*([樓楼層层階])`), ", $1$2"},
	{regexp.MustCompile(`\s(B?\d{1,3}F)\b`), ", $1"},
	// romanized: "2 Chome-3-5", "2-chome 3-5", "2-chōme-8-1"
	{regexp.MustCompile(`(?i)\b(\d+)[\s-]*ch[oō]me[\s-]*(\d+)(?:[\s-]+(\d+))?\b`), "$1-$2-$3"},
}

var (
	// "100-8994東京都", "407臺中市": a postcode glued to the prefecture or
	// the city
	gluedPostcode = regexp.MustCompile(`(\d{3}-\d{4}|(?:^|\s)\d{3,6})(\p{Han})`)
	// "一丁目": a block numbered in kanji
	kanjiChome = regexp.MustCompile(`[一二三四五六七八九十]+丁目`)
)

// kanjiNumber writes a number from 1 to 99 written in kanji ("十二") in
// digits.
func kanjiNumber(k string) string {
	digit := func(r rune) int { return strings.IndexRune("〇一二三四五六七八九", r) / 3 }
	r := []rune(k)
	n := 0
	switch ten := strings.IndexRune(k, '十'); {
	case ten < 0:
		for _, c := range r {
			n = n*10 + digit(c)
		}
	default:
		tens, units := 1, 0
		if ten > 0 {
			tens = digit(r[0])
		}
		if r[len(r)-1] != '十' {
			units = digit(r[len(r)-1])
		}
		n = tens*10 + units
	}
	return strconv.Itoa(n)
}

// eastAsian rewrites text written in Han or kana (see above) and reports
// whether it was written largest part first.
func eastAsian(text string) (out string, bigFirst, japanese bool) {
	// Most text has no byte of a script from U+2E80 up (lead byte 0xE2 and
	// above) and no "chome": one pass over its bytes says so.
	wide, c := false, false
	for i := 0; i < len(text); i++ {
		switch b := text[i]; {
		case b >= 0xE2:
			wide = true
		case b == 'c' || b == 'C':
			c = true
		}
	}
	if !wide && !(c && hasChome(text)) {
		return text, false, false
	}
	han, kana := false, false
	cjk, latin := 0, 0
	for _, r := range text {
		switch {
		case r < 0x2E80:
			if r < 0x250 && unicode.IsLetter(r) {
				latin++
			}
		case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			kana = true
			cjk++
		case unicode.Is(unicode.Han, r):
			han = true
			cjk++
		}
	}
	if cjk < latin {
		// "金龙市场, 5 Adeola Odeku St, Lagos": a name in Chinese in an
		// address written in Latin letters is not cut
		han, kana = false, false
	}
	if hasChome(text) {
		text = rewriteBlocks(text)
	}
	if !han && !kana {
		if hangulText(text) {
			out, bigFirst = hangulLevels(text)
			return out, bigFirst, false
		}
		return text, false, false
	}
	text = strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
			return r - 0xFF01 + 0x21
		case r == 0x3000:
			return ' '
		case r == '、' || r == '，':
			return ','
		case r == '〒':
			return ' '
		case r == 'ー' || r == '‐' || r == '−':
			return '-'
		}
		return r
	}, text)
	text = gluedPostcode.ReplaceAllString(text, "$1 $2")
	text = kanjiChome.ReplaceAllStringFunc(text, func(m string) string {
		return strings.Replace(m, strings.TrimSuffix(m, "丁目"), kanjiNumber(strings.TrimSuffix(m, "丁目")), 1)
	})
	text = rewriteBlocks(text)
	var b strings.Builder
	var venues []string
	big, first, firstField := false, true, -1
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' })
	for i, field := range fields {
		words := strings.Fields(field)
		numbered, afterLevel := false, false
		for j, w := range words {
			cut, ok, pref := cutLevels(w)
			if suffixedPart(w) {
				cut, ok, pref = w, false, false // "B1階", "501号室": no name to cut
			}
			if !ok && scriptName(w) && (numbered && big || i == 0 && j == 0 && cutNext(fields, words[1:])) {
				// a venue's name before the address or after its number
				// ("東京国立博物館 〒110-8712 東京都...", "...祇園町北側625
				// 八坂神社"): it goes last, where a name ends an address
				// written largest first
				venues = append(venues, w)
				continue
			}
			switch {
			case first:
			case ok || j == 0 || afterLevel:
				b.WriteString(", ") // "100-0001 東京都...": the run starts a segment; so does one after a level ("千代田区 丸の内")
			default:
				b.WriteByte(' ')
			}
			r, _ := utf8.DecodeLastRuneInString(w)
			afterLevel = ok && strings.ContainsRune(levelEnds, r)
			if firstField < 0 {
				firstField = i
			}
			big = big || ok && i == firstField                                 // the largest part opens the text
			numbered = numbered || big && strings.ContainsAny(w, "0123456789") // (a postcode before the levels numbers nothing)
			first = false
			japanese = japanese || pref
			b.WriteString(cut)
		}
	}
	for _, v := range venues {
		b.WriteString(", " + v)
	}
	return b.String(), big, japanese || kana
}

// levelEnds are the characters that end an administrative level's name in
// Chinese and Japanese (not 道: "深南大道" is an avenue; Hokkaido is found
// by its name).
const levelEnds = "省市区县區縣都府県"

// scriptName reports whether w is a name in Han or kana only, without a
// digit.
func scriptName(w string) bool {
	return allRunes(w, func(r rune) bool {
		return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー' || r == '・'
	})
}

// allRunes reports whether w is not empty and every rune of it is one that
// in accepts.
func allRunes(w string, in func(rune) bool) bool {
	for _, r := range w {
		if !in(r) {
			return false
		}
	}
	return w != ""
}

// cutNext reports whether the words after the first (of its field, then of
// the next fields) begin with a run cut at an administrative level, after
// a postcode perhaps: "東京国立博物館 〒110-8712 東京都...", "世界之窗,
// 广东省..." (not "建国路 88, 朝阳区": a number follows the name).
func cutNext(fields, rest []string) bool {
	next := slices.Clone(rest)
	for _, f := range fields[1:] {
		next = append(next, strings.Fields(f)...)
	}
	if len(next) > 1 && postcodeShape(next[0]) {
		next = next[1:]
	}
	if len(next) == 0 {
		return false
	}
	_, ok, _ := cutLevels(next[0])
	return ok
}

// postcodeShape reports whether w is written as the postcodes of East Asia
// are: "110-8712" (Japan), five or six digits (Korea, China); not a block's
// number ("1-9-1").
func postcodeShape(w string) bool {
	if strings.Trim(w, "0123456789") == "" {
		return len(w) >= 5 && len(w) <= 6
	}
	a, b, ok := strings.Cut(w, "-")
	return ok && len(a) == 3 && len(b) == 4 && isDigits(a) && isDigits(b)
}

// hasChome reports whether text holds "chome" or "chōme" in any case,
// without allocating.
func hasChome(text string) bool {
	for i := 0; i+5 <= len(text); i++ {
		if c := text[i]; c != 'c' && c != 'C' {
			continue
		}
		rest := text[i+1:]
		if len(rest) >= 4 && strings.EqualFold(rest[:4], "home") || len(rest) >= 5 && strings.EqualFold(rest[:5], "hōme") {
			return true
		}
	}
	return false
}

func rewriteBlocks(text string) string {
	for _, bn := range blockNumbers {
		text = bn.re.ReplaceAllString(text, bn.repl)
	}
	return strings.ReplaceAll(text, "--", "-")
}

// cutLevels cuts one run of Han or kana at the ends of its administrative
// levels; ok reports whether it cut anything, pref whether it opened with a
// Japanese prefecture.
func cutLevels(w string) (out string, ok, pref bool) {
	r := []rune(w)
	var parts []string
	start := 0
	if n := countryAt(r); n > 0 {
		parts = append(parts, string(r[:n])) // "香港中環...", "台灣臺中市..."
		start = n
	}
	if n := prefectureAt(r[start:]); n > 0 {
		parts = append(parts, string(r[start:start+n]))
		start += n
		pref = true
	}
	for _, suffixes := range levelSuffixes {
		// a level takes at least two characters: "町田市" is one city
		for i := start + 1; i < len(r) && i < start+8; i++ {
			if !unicode.Is(unicode.Han, r[i]) {
				break
			}
			if strings.ContainsRune(suffixes, r[i]) {
				parts = append(parts, string(r[start:i+1]))
				start = i + 1
				break
			}
		}
	}
	if start == 0 {
		return splitDigits(w), false, false
	}
	if start < len(r) {
		parts = append(parts, splitDigits(string(r[start:])))
	}
	return strings.Join(parts, ", "), true, pref
}

// countryAt returns the length of a country's name in Han that opens r,
// before more Han (香港, 台灣, 日本, 中国), in runes, or 0.
func countryAt(r []rune) int {
	for n := min(7, len(r)-1); n >= 2; n-- {
		c, ok := data().nameKeys[Fold(string(r[:n]))]
		if !ok || !unicode.Is(unicode.Han, r[n]) {
			continue
		}
		// a level of the country follows ("台灣臺中市"), or the country is
		// a city ("香港中環"); not a name that begins with the country's
		// ("中国银行", the Bank of China)
		next := string(r[n:min(len(r), n+3)])
		if rest := string(r[n:]); strings.ContainsAny(next, "路街道巷仔") || strings.Contains(rest, "大学") || strings.Contains(rest, "大學") {
			continue // a street, a place or an institution named after it ("香港路", "香港中路", "台灣大道", "香港仔", "香港中文大學")
		}
		if c.Alpha2 == "HK" || c.Alpha2 == "MO" || strings.ContainsAny(string(r[n:min(len(r), n+8)]), levelEnds) {
			return n
		}
	}
	return 0
}

// prefectureAt returns the length of the Japanese prefecture name that
// opens r, in runes, or 0.
func prefectureAt(r []rune) int {
	for n := min(4, len(r)); n >= 2; n-- {
		if m, ok := lookupSubdivision("JP", string(r[:n])); ok && m.sub.aliasKanji() == string(r[:n]) {
			return n
		}
	}
	return 0
}

// aliasKanji returns the first alias of a subdivision written in Han, or "".
func (s *Subdivision) aliasKanji() string {
	for _, a := range s.aliases {
		if r, _ := utf8.DecodeRuneInString(a); unicode.Is(unicode.Han, r) {
			return a
		}
	}
	return ""
}

// splitDigits puts a space between a name and the number that follows it
// ("千代田1-1" -> "千代田 1-1", "建国路88号" -> "建国路 88号").
func splitDigits(w string) string {
	for i, r := range w {
		if r >= '0' && r <= '9' {
			if i == 0 || w[i-1] == ' ' {
				return w
			}
			return w[:i] + " " + w[i:]
		}
	}
	return w
}

// hangulSuffixes close the administrative levels of a Korean address
// ("서울특별시 강남구 테헤란로 152"): province or metropolitan city, city or
// county, ward, neighbourhood.
const hangulSuffixes = "도시군구동읍면"

func hangulText(text string) bool {
	for _, r := range text {
		if r >= 0xAC00 && unicode.Is(unicode.Hangul, r) {
			return true
		}
	}
	return false
}

// hangulLevels puts a comma after each word of a Korean address that ends
// an administrative level, and reports whether the address opens with one
// (written largest first, as Koreans do).
func hangulLevels(text string) (string, bool) {
	var b strings.Builder
	var venues []string
	big, decided, numbered := false, false, false
	dong, afterLevels := "", 0 // a level in brackets after the number, and where the levels end
	for i, field := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' }) {
		if i > 0 {
			b.WriteString(", ")
		}
		words := strings.Fields(field)
		for j, w := range words {
			bare := strings.Trim(w, "()[]") // "(04537)", "(명동2가)"
			level := hangulEnds(bare, hangulSuffixes)
			if !level && !decided && hangulName(bare) {
				_, level = lookupSubdivision("KR", Fold(bare)) // "서울 마포구 ...": a province's short name opens it
			}
			if big && numbered && koreanDong(bare) && bare != w && dong == "" {
				// "광안해변로 219, 1203호 (광안동)": the neighbourhood,
				// written in brackets after the number, goes before the
				// street, where the levels end
				dong = bare
				continue
			}
			if suffixedPart(w) && b.Len() > 0 && !strings.HasSuffix(b.String(), ", ") {
				b.WriteString(", ") // "종로 1 3층": a floor or a flat, a part of its own
			}
			// a postcode or the country before the largest level:
			// "13529 경기도 ...", "(04537) 서울특별시 ...", "대한민국 부산광역시 ..."
			lead := !decided && j+1 < len(words) && (len(bare) == 5 && isDigits(bare) || data().nameKeys[Fold(bare)] != nil)
			if !decided && !lead {
				big, decided = level, true
			}
			if big && numbered && !level && hangulName(w) {
				venues = append(venues, w) // a building's name after the number: "센텀남대로 35 신세계센텀시티"
				continue
			}
			numbered = numbered || strings.ContainsAny(w, "0123456789") && !lead
			b.WriteString(w)
			switch {
			case j+1 == len(words):
			case level || lead:
				b.WriteString(", ")
			default:
				b.WriteByte(' ')
			}
			if level && !numbered {
				afterLevels = b.Len()
			}
		}
	}
	for _, v := range venues {
		b.WriteString(", " + v)
	}
	out := strings.TrimSuffix(strings.TrimSpace(b.String()), ",")
	if dong != "" && afterLevels > 0 && afterLevels <= len(out) {
		sep := ", "
		if strings.HasSuffix(out[:afterLevels], ", ") {
			sep = ""
		}
		out = out[:afterLevels] + sep + dong + ", " + strings.TrimPrefix(out[afterLevels:], ", ")
	}
	return out, big
}

// suffixedPart reports whether w is a floor, a flat or a building written
// in East Asia with its word after the number: "3층", "B1階", "1203호",
// "501号室", "101동".
func suffixedPart(w string) bool {
	_, unit := asianUnit(w)
	_, premise := asianPremise(w)
	return unit || premise || asianFloor(Fold(w))
}

// hangulName reports whether w is written in Hangul only.
func hangulName(w string) bool {
	return allRunes(w, func(r rune) bool { return unicode.Is(unicode.Hangul, r) })
}
