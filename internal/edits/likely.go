package edits

// Unlikely counts the edits people seldom make among those that turn word
// into key (with prefix, into a start of key), over the alignments with
// the fewest edits: of those, the one with the fewest such edits. The
// edits people make most when they type a name (Damerau 1964; Kukich
// 1992, "Techniques for automatically correcting words in text") are
// likely: a letter left out, a letter doubled or one of a double left
// out, two neighbours swapped, a key beside the right one on a QWERTY
// keyboard struck instead of it or beside it, and a vowel for another (a
// name spelt as it sounds: "Ikeja", "Ikaja"). Any other substitution or
// insertion of a letter is unlikely.
//
// A ranking of names within the same number of edits of a query may put
// the likely ones first: of "ikyi"'s neighbours, Ikoyi (an "o" left out)
// before Ikpi (a "y" typed for a "p", far apart on the keyboard). It
// measures characters, not bytes, and is meant for short words: its
// table is len(word)+1 by len(key)+1.
func Unlikely(word, key string, prefix bool) int {
	const edit = 16 // a cell's cost: 16 per edit, plus one per unlikely edit
	if !prefix && word == key || prefix && len(key) >= len(word) && key[:len(word)] == word {
		return 0
	}
	var wb, kb [24]rune // most names fit: no allocation
	w, k := append(wb[:0], []rune(word)...), append(kb[:0], []rune(key)...)
	n, m := len(w), len(k)
	var db [25 * 25]int
	d := db[:0]
	if (n+1)*(m+1) > len(db) {
		d = make([]int, (n+1)*(m+1))
	}
	d = d[:(n+1)*(m+1)]
	at := func(i, j int) *int { return &d[i*(m+1)+j] }
	for j := 0; j <= m; j++ {
		*at(0, j) = j * edit // letters of the key left out
	}
	for i := 1; i <= n; i++ {
		extra := edit + inserted(w, i-1) // the cost of w[i-1] typed too many
		*at(i, 0) = *at(i-1, 0) + extra
		for j := 1; j <= m; j++ {
			c := *at(i-1, j) + extra
			c = min(c, *at(i, j-1)+edit) // a letter left out
			if w[i-1] == k[j-1] {
				c = min(c, *at(i-1, j-1))
			} else {
				c = min(c, *at(i-1, j-1)+edit+substituted(w[i-1], k[j-1]))
			}
			if i > 1 && j > 1 && w[i-1] == k[j-2] && w[i-2] == k[j-1] {
				c = min(c, *at(i-2, j-2)+edit) // neighbours swapped
			}
			*at(i, j) = c
		}
	}
	best := *at(n, m)
	if prefix {
		for j := range m {
			best = min(best, *at(n, j))
		}
	}
	return best % edit
}

// inserted is 1 when the letter w[i] typed too many is unlikely: not a
// letter doubled nor a key beside one of its neighbours, else 0.
func inserted(w []rune, i int) int {
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(w) && (w[j] == w[i] || beside(w[j], w[i])) {
			return 0
		}
	}
	return 1
}

// substituted is 1 when typing a for b is unlikely: neither two vowels
// nor keys beside each other, else 0.
func substituted(a, b rune) int {
	if vowel(a) && vowel(b) || beside(a, b) {
		return 0
	}
	return 1
}

func vowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

// keys holds, for each letter a to z, its key's row on a QWERTY keyboard
// plus one and its place in the row in quarters of a key (each row is set
// right of the one above: a quarter, then three).
var keys = func() (k [26]struct{ row, x int8 }) {
	for r, row := range []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"} {
		for i := 0; i < len(row); i++ {
			k[row[i]-'a'] = struct{ row, x int8 }{int8(r + 1), int8(4*i + []int{0, 1, 3}[r])}
		}
	}
	return k
}()

// beside reports whether two letters are keys beside each other on a
// QWERTY keyboard: in one row, next to each other; in rows next to each
// other, overlapping.
func beside(a, b rune) bool {
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' {
		return false
	}
	ka, kb := keys[a-'a'], keys[b-'a']
	dx := ka.x - kb.x
	if dx < 0 {
		dx = -dx
	}
	switch ka.row - kb.row {
	case 0:
		return dx == 4
	case 1, -1:
		return dx < 4
	}
	return false
}
