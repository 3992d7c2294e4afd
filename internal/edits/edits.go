// Package edits measures edit distances for spelling-tolerant look-ups: an
// automaton that walks a vellum FST for the keys within one or two edits of
// a word, and OSA, which measures one key against a word. Both count
// insertions, deletions, substitutions and transpositions of neighbours as
// one edit each (optimal string alignment), over bytes.
//
// addrkit measures edits three ways, each with one job:
//
//   - Automaton searches an FST for the keys within one or two edits of a
//     word whose bytes are its characters (Bytewise): storage's Similar,
//     SimilarWithin and the autocomplete term dictionary. OSA measures one
//     such key against one word, bounded the same way: autocomplete's
//     matching and the geocoder's first, cheap test of a street.
//   - vellum's levenshtein automaton searches an FST for a word with
//     characters of more than one byte, counting characters: storage's
//     spelling searches, for those words only.
//   - agnivade/levenshtein measures the exact distance of one pair, in
//     characters and unbounded: the edits the geocoder reports for a place
//     or street it found, and the nearest name of builtin's tables.
//
// Bytewise decides where bytes may be counted; budgets of edits always
// count characters (address.KeyLen).
package edits

// Bytewise reports whether the edits of s may be counted over its bytes
// (Automaton, OSA): s is ASCII, so each byte is a character. A word with
// other characters is measured in characters (vellum's levenshtein, or
// agnivade/levenshtein).
func Bytewise(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Automaton is a bounded edit-distance automaton over bytes, for
// searching an FST of terms: a vellum.Automaton whose states are the rows of
// the edit-distance table (optimal string alignment: insertions,
// deletions, substitutions, and transpositions of neighbours, each one
// edit) between the word and the key read so far, computed as the FST
// walk reaches them. vellum's own Levenshtein automata are compiled to a
// DFA first, for every word, which costs far more than the walk itself;
// the rows are computed only on the keys the walk reaches
// (BenchmarkEditAutomaton measures both; figures in docs/figures.md).
//
// With prefix set, a key also matches when a start of it, at least as long
// as the word, is within the edits: the word is still being typed. (A
// shorter start would make one stray last character match every key that
// starts with the rest.)
type Automaton struct {
	word   string
	max    uint8
	prefix bool

	// State i holds the diagonal band of its row, the only cells that can
	// be within max edits: cells[i*w:(i+1)*w], w = 2*max+1, cell k being
	// column depth-max+k. Also the state before it, the byte that led to
	// it, and its depth (the bytes read).
	cells []uint8
	prev  []int32
	last  []byte
	depth []int32

	// limit bounds the steps (bytes tried) of a walk (0: no bound); cut
	// is set when a walk reached it
	limit, steps int
	cut          bool
}

const (
	dead   = -1 // no key from here matches
	always = -2 // a long enough start matched: every key from here matches
	far    = 255
)

// Reset readies the automaton for a word and up to max edits (at most 2),
// keeping its memory. An Automaton is for one search at a time.
func (a *Automaton) Reset(word string, max int, prefix bool) {
	a.word, a.max, a.prefix = word, uint8(max), prefix
	a.cells, a.prev, a.last, a.depth = a.cells[:0], a.prev[:0], a.last[:0], a.depth[:0]
	for k := 0; k <= 2*max; k++ {
		j := k - max
		v := uint8(far)
		if j >= 0 && j <= len(word) {
			v = uint8(j)
		}
		a.cells = append(a.cells, v)
	}
	a.prev, a.last, a.depth = append(a.prev, -1), append(a.last, 0), append(a.depth, 0)
	a.limit, a.steps, a.cut = 0, 0, false
}

// Limit bounds the steps of the walk after Reset (the bytes it tries,
// whether or not they lead anywhere): past n, no key matches any more
// and the walk ends, with Cut reporting it. It bounds the work of a
// search whose answer may be partial (0: no bound).
func (a *Automaton) Limit(n int) { a.limit = n }

// Cut reports whether the walk stopped at the Limit: keys within the
// edits may have been left out.
func (a *Automaton) Cut() bool { return a.cut }

// Steps returns the steps the walk has taken so far.
func (a *Automaton) Steps() int { return a.steps }

func (a *Automaton) band(s int) []uint8 {
	w := 2*int(a.max) + 1
	return a.cells[s*w : (s+1)*w]
}

// end returns the edits between the word and the key read to state s.
func (a *Automaton) end(s int) uint8 {
	k := len(a.word) - int(a.depth[s]) + int(a.max)
	if k < 0 || k > 2*int(a.max) {
		return far
	}
	return a.band(s)[k]
}

// Start implements vellum.Automaton.
func (a *Automaton) Start() int { return 0 }

// IsMatch implements vellum.Automaton: the key read so far matches whole.
func (a *Automaton) IsMatch(s int) bool {
	return s == always || s >= 0 && a.end(s) <= a.max
}

// CanMatch implements vellum.Automaton.
func (a *Automaton) CanMatch(s int) bool { return s != dead }

// WillAlwaysMatch implements vellum.Automaton.
func (a *Automaton) WillAlwaysMatch(s int) bool { return s == always }

// Accept implements vellum.Automaton: the state after one more byte.
func (a *Automaton) Accept(s int, b byte) int {
	if s < 0 {
		return s
	}
	if a.limit > 0 && a.steps >= a.limit {
		a.cut = true
		return dead
	}
	a.steps++
	n, m, depth := len(a.word), int(a.max), int(a.depth[s])
	if a.prefix && depth >= n && a.end(s) <= a.max {
		return always
	}
	w := 2*m + 1
	next := len(a.prev)
	a.cells = append(a.cells, make([]uint8, w)...)
	cur, prev := a.cells[next*w:(next+1)*w], a.band(s)
	var before []uint8 // the band before prev, for transpositions
	if p := a.prev[s]; p >= 0 {
		before = a.band(int(p))
	}
	var lastByte byte
	if before != nil {
		lastByte = a.last[s]
	}
	lowest := step(a.word, m, depth, b, lastByte, before, prev, cur)
	if lowest > a.max {
		a.cells = a.cells[:next*w]
		return dead
	}
	a.prev, a.last, a.depth = append(a.prev, int32(s)), append(a.last, b), append(a.depth, int32(depth+1))
	return next
}

// step fills cur, the band of the row after reading b at depth (the
// bytes read before it), from prev, the band of the row before, and
// before, the band two rows up (nil at the start) with last, the byte
// read into prev, for transpositions. It returns the lowest cell.
func step(word string, m, depth int, b, last byte, before, prev, cur []uint8) uint8 {
	n, w := len(word), 2*m+1
	lowest := uint8(far)
	for k := range w {
		j := depth + 1 - m + k // the column
		v := uint8(far)
		switch {
		case j < 0 || j > n:
		case j == 0:
			v = uint8(min(depth+1, far))
		default:
			v = prev[k] // diagonal: prev column j-1
			if word[j-1] != b {
				v = sat(v)
			}
			if k+1 < w {
				v = min(v, sat(prev[k+1])) // prev column j
			}
			if k > 0 {
				v = min(v, sat(cur[k-1])) // this row, column j-1
			}
			if before != nil && j > 1 && word[j-1] == last && word[j-2] == b {
				v = min(v, sat(before[k])) // two rows up, column j-2
			}
		}
		cur[k] = v
		lowest = min(lowest, v)
	}
	return lowest
}

// sat adds one edit, saturating.
func sat(v uint8) uint8 {
	if v == 255 {
		return v
	}
	return v + 1
}

// OSA measures a key against a word, with up to maxEdits edits (at most
// 2): whether it matches, with how many edits, and whether it matched
// whole rather than by a start (with prefix, a start at least as long as
// the word may match, as in Automaton). It keeps no states: three
// rolling bands on the stack.
func OSA(word, key string, maxEdits int, prefix bool) (ok bool, edits int, whole bool) {
	const w = 5 // 2*2+1 cells: the band of two edits
	n, m := len(word), maxEdits
	var rows [3][w]uint8 // two rows up, one row up, this row
	up2, up, cur := &rows[0], &rows[1], &rows[2]
	end := func(r *[w]uint8, depth int) uint8 {
		if k := n - depth + m; k >= 0 && k <= 2*m {
			return r[k]
		}
		return far
	}
	for k := 0; k <= 2*m; k++ {
		up[k] = far
		if j := k - m; j >= 0 && j <= n {
			up[k] = uint8(j)
		}
	}
	best := -1
	consider := func(r *[w]uint8, depth int) {
		if e := int(end(r, depth)); (prefix && depth >= n || depth == len(key)) && e <= m {
			if best < 0 || e < best || e == best && depth == len(key) {
				best, whole = e, depth == len(key)
			}
		}
	}
	consider(up, 0)
	for i := 0; i < len(key); i++ {
		var before []uint8
		var last byte
		if i > 0 {
			before, last = up2[:2*m+1], key[i-1]
		}
		lowest := step(word, m, i, key[i], last, before, up[:2*m+1], cur[:2*m+1])
		if lowest > uint8(m) {
			break
		}
		consider(cur, i+1)
		up2, up, cur = up, cur, up2
	}
	return best >= 0, max(best, 0), whole
}
