package address

import (
	"strings"
)

// Contact details pasted into an address: phone numbers (with the word that
// introduces them, "call", "tel:", "WhatsApp"), e-mail addresses and web
// addresses. They name no part of the address, so they are taken out of the
// text before it is read, kept in Address.Removed and reported by the
// warning contact_removed: nothing the user wrote vanishes.
//
// A phone number is a run of digit groups (spaces, dashes, dots and
// brackets between them) that starts with "+" and holds 8 to 15 digits;
// or starts with 234 and holds 13 (a Nigerian number in international
// form); or starts with 0 and holds 9 to 11 (a national number: 0803 123
// 4567, 01-2345678); or, after a word that introduces a number (call, tel,
// phone, mobile, whatsapp...), holds 7 to 15. Shorter runs, and runs that
// start with another digit, are left to the address: house numbers,
// postcodes ("101241"; a postcode starting with 0, "01067", has at most 7
// digits) and ranges ("12/14") are never taken. An e-mail address is a word
// with an "@" between letters and a dotted domain; a web address starts
// with http://, https:// or www., or is a dotted host name ending in a
// common top-level domain.

// phoneWords are the words that introduce a phone number (or another
// number of 7 digits or more that is no part of the address), an e-mail or
// a web address; the words after "call" and the like ("call me on",
// "tel/whatsapp") are taken with them.
var phoneWords = map[string]bool{
	"call": true, "tel": true, "telephone": true, "phone": true, "ph": true, "mobile": true, "mob": true,
	"cell": true, "gsm": true, "whatsapp": true, "wa": true, "contact": true, "hotline": true, "fax": true,
	"t": true, "m": true, "phones": true, "tels": true, "line": true, "lines": true, "number": true,
	"dm": true, "sms": true, "text": true, // "DM or call 0812 660 4417"
	"email": true, "e": true, "mail": true, "web": true, "website": true, "site": true, "url": true,
	// a utility bill's or a bank's numbers, pasted with the address from
	// a proof of address: "METER NO: 45031264678", "Account No. 0101234567"
	"meter": true, "ppm": true, "account": true, "acct": true, "customer": true, "bvn": true, "nin": true,
}

// webWords are the phone words that may introduce an e-mail or web
// address ("PH. www.x.ng" is Port Harcourt, then a site).
var webWords = map[string]bool{"email": true, "e": true, "mail": true, "web": true, "website": true, "site": true, "url": true, "contact": true}

// phoneFillers may stand between a phone word and the number ("call me
// on", "phone or whatsapp").
var phoneFillers = map[string]bool{"me": true, "us": true, "on": true, "or": true, "and": true, "no": true, "nos": true}

// webDomains are the top-level domains a bare host name ("shop.com.ng")
// must end in to be read as a web address.
var webDomains = map[string]bool{
	"com": true, "ng": true, "org": true, "net": true, "edu": true, "gov": true, "io": true,
	"biz": true, "info": true, "africa": true, "uk": true,
}

// mayHaveContact reports cheaply whether text can hold a contact detail: a
// run of 7 digits or more (spaces, dashes, dots and brackets allowed
// between them), an "@", or a dot followed by two letters.
func mayHaveContact(text string) bool {
	run := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c >= '0' && c <= '9':
			if run++; run >= 7 {
				return true
			}
		case c == ' ' || c == '-' || c == '(' || c == ')':
		case c == '@':
			return true
		case c == '.':
			if i+2 < len(text) && isASCIILetter(text[i+1]) && isASCIILetter(text[i+2]) {
				return true
			}
		default:
			run = 0
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// hasPrefixFold reports whether s begins with prefix (ASCII, lower case),
// in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// takeContacts returns text with its contact details replaced by commas
// (so that the words around them fall into segments of their own) and the
// details as written, in order.
func takeContacts(text string) (string, []string) {
	if !mayHaveContact(text) {
		return text, nil
	}
	type cut struct{ lo, hi int }
	var cuts []cut
	for i := 0; i < len(text); {
		if i > 0 && isAlnum(text[i-1]) {
			i++
			continue
		}
		hi := webAt(text, i)
		web := hi > i
		if !web {
			hi = phoneAt(text, i)
		}
		if hi > i {
			lo := phonePrefix(text, i, web)
			if n := len(cuts); n > 0 && lo < cuts[n-1].hi {
				lo = cuts[n-1].hi
			}
			cuts = append(cuts, cut{lo, hi})
			i = hi
			continue
		}
		i++
	}
	if len(cuts) == 0 {
		return text, nil
	}
	var b strings.Builder
	b.Grow(len(text))
	removed := make([]string, 0, len(cuts))
	last := 0
	for _, c := range cuts {
		b.WriteString(text[last:c.lo])
		b.WriteString(", ")
		removed = append(removed, strings.TrimSpace(text[c.lo:c.hi]))
		last = c.hi
	}
	b.WriteString(text[last:])
	return b.String(), removed
}

// wordEnd returns the end of the run of non-space, non-separator bytes
// that starts at i.
func wordEnd(text string, i int) int {
	j := i
	for j < len(text) {
		c := text[j]
		if c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\n' || c == '\r' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>' || c == '"' {
			break
		}
		j++
	}
	// a full stop or colon ending a sentence is not part of the address
	for j > i && (text[j-1] == '.' || text[j-1] == ':' || text[j-1] == '!') {
		j--
	}
	return j
}

// webAt returns the end of an e-mail or web address starting at i, or i.
func webAt(text string, i int) int {
	end := wordEnd(text, i)
	w := text[i:end]
	if len(w) < 5 {
		return i
	}
	dot := strings.IndexByte(w, '.')
	if dot < 0 && strings.IndexByte(w, ':') < 0 {
		return i // most words: no host, no scheme
	}
	if hasPrefixFold(w, "http://") || hasPrefixFold(w, "https://") || hasPrefixFold(w, "www.") && len(w) > 7 {
		return end
	}
	if dot < 0 {
		return i
	}
	if at := strings.IndexByte(w, '@'); at > 0 {
		domain := w[at+1:]
		if dot := strings.LastIndexByte(domain, '.'); dot > 0 && dot < len(domain)-2 && isAlnum(w[at-1]) {
			return end
		}
		return i
	}
	// a bare host name: letters and digits in two labels or more, the
	// last a known domain ("jumia.com.ng"); never a dotted abbreviation
	// ("P.H.", "St.John")
	host, _, _ := strings.Cut(strings.ToLower(w), "/")
	parts := strings.Split(host, ".")
	if len(parts) < 2 || !webDomains[parts[len(parts)-1]] || len(parts[0]) < 2 {
		return i
	}
	for _, p := range parts {
		if p == "" {
			return i
		}
		for k := 0; k < len(p); k++ {
			if !isAlnum(p[k]) && p[k] != '-' {
				return i
			}
		}
	}
	if len(parts) == 2 && len(parts[0]) <= 3 {
		return i // "St.Com"? too short to be a site's name
	}
	return end
}

// phoneAt returns the end of a phone number starting at i, or i. A
// number introduced by a phone word may be shorter (phonePrefix).
func phoneAt(text string, i int) int {
	orig := i
	plus := text[i] == '+'
	if plus {
		i++
	}
	if i < len(text) && text[i] == '(' {
		i++
	}
	if i >= len(text) || text[i] < '0' || text[i] > '9' {
		return orig
	}
	var digits [16]byte
	n := 0
	end := i   // end of the last digit taken
	ok := 0    // end of the longest run that is a phone number
	group := 0 // the same, ending a group of digits
	j := i
	for j < len(text) && n < 16 {
		switch ch := text[j]; {
		case ch >= '0' && ch <= '9':
			if n < len(digits) {
				digits[n] = ch
			}
			n++
			j++
			end = j
			if n <= 15 && phoneDigits(digits[:n], plus) {
				ok = end
				if j == len(text) || text[j] < '0' || text[j] > '9' {
					group = end
				}
			}
			continue
		case ch == ' ' || ch == '-' || ch == '.' || ch == '(' || ch == ')':
			// a separator inside the number: only before more digits
			k := j
			for k < len(text) && (text[k] == ' ' || text[k] == '-' || text[k] == '.' || text[k] == '(' || text[k] == ')') && k-j < 3 {
				k++
			}
			if k < len(text) && text[k] >= '0' && text[k] <= '9' {
				j = k
				continue
			}
		}
		break
	}
	if ok > 0 {
		// a number ends between groups of digits: before a postcode run
		// on after it ("0803 123 4567 100271", "01 234 5678 100001");
		// one a digit too long for its plan ("0700 2787 3672") is taken
		// whole, never cut inside a group
		if group > 0 {
			ok = group
		}
		for ok < end && text[ok] >= '0' && text[ok] <= '9' {
			ok++
		}
		if ok < len(text) && isAlnum(text[ok]) {
			return orig
		}
		return ok
	}
	if end < len(text) && isAlnum(text[end]) {
		return orig
	}
	// a number introduced by a phone word may be shorter
	if n >= 7 && n <= 15 && phonePrefix(text, orig, false) < orig {
		return end
	}
	return orig
}

// phoneDigits reports whether the digits of a run make a phone number on
// their own.
func phoneDigits(d []byte, plus bool) bool {
	n := len(d)
	switch {
	case plus:
		if n >= 3 && string(d[:3]) == "234" {
			return n == 13 || n == 14 && d[3] == '0'
		}
		return n >= 8 && n <= 15
	case d[0] == '0':
		if n == 11 && d[1] >= '7' && d[1] <= '9' {
			return true
		}
		return n >= 9 && n <= 11 && !(d[1] >= '7' && d[1] <= '9' && n < 11)
	case n >= 3 && string(d[:3]) == "234":
		return n == 13
	}
	return false
}

// phonePrefix returns where the words introducing a phone number (or, with
// web, an e-mail or web address) that starts at i begin ("call me on", "Tel/WhatsApp:"), or i.
func phonePrefix(text string, i int, web bool) int {
	lo := i
	j := i
	found := false
words:
	for words := 0; words < 4; words++ {
		// skip back over spaces and the punctuation between words
		k := j
		for k > 0 && (text[k-1] == ' ' || text[k-1] == ':' || text[k-1] == '/' || text[k-1] == '-' || text[k-1] == '.' || text[k-1] == '\t') {
			k--
		}
		w := k
		for w > 0 && isAlnum(text[w-1]) {
			w--
		}
		if w == k {
			break
		}
		key := strings.ToLower(text[w:k])
		switch {
		case phoneWords[key] && (!web || webWords[key]) && (len(key) > 2 || key == "dm" || !found && k < len(text) && (text[k] == ':' || text[k] == '.' || text[k] == '-')):
			// "Ph: 0803..."; "PH 0803..." and "PH. Tel 0803..." may be
			// Port Harcourt
			found = true
			lo = w
		case phoneFillers[key]:
		default:
			break words
		}
		j = w
	}
	if !found {
		return i
	}
	if idWords[strings.ToLower(wordAt(text, lo))] {
		// the word that names whose meter or account it is, when it
		// opens a sentence: "Lagos. EKEDC Meter No ...", "Enugu.
		// Prepaid Meter No. ..." (not the city before it: "LAGOS
		// METER NO: ...")
		k := lo
		for k > 0 && text[k-1] == ' ' {
			k--
		}
		w := k
		for w > 0 && isAlnum(text[w-1]) {
			w--
		}
		if w < k && !hasDigit(text[w:k]) && w >= 2 && text[w-1] == ' ' && text[w-2] == '.' {
			lo = w
		}
	}
	return lo
}

// idWords are the phone words that introduce a number that names a meter
// or an account.
var idWords = map[string]bool{"meter": true, "ppm": true, "account": true, "acct": true, "customer": true}

// wordAt returns the run of letters and digits that starts at i.
func wordAt(text string, i int) string {
	j := i
	for j < len(text) && isAlnum(text[j]) {
		j++
	}
	return text[i:j]
}
