package perturb

import "strings"

// maxAnchorTokens bounds how far an anchor may grow around a change.
const maxAnchorTokens = 8

// anchorAt returns the shortest run of whole tokens (blank-separated) on the line of
// [a,b) that covers the span (for an empty span, the tokens either side of it) and
// occurs exactly once in text as a substring, in Norm form. It grows one token at a
// time, left then right, and never past a token that ends a clause (. ; : ! ?). Clause
// punctuation outside the span is trimmed from its ends. ok is false when no such run
// exists. norm is Norm(text).
func anchorAt(text, norm string, a, b int) (string, bool) {
	ls := strings.LastIndexByte(text[:a], '\n') + 1
	le := len(text)
	if i := strings.IndexByte(text[a:], '\n'); i >= 0 {
		le = a + i
	}
	toks := tokens(text, ls, le)
	if len(toks) == 0 {
		return "", false
	}
	i, j := coreTokens(toks, a, b)
	if i < 0 {
		return "", false
	}
	if a == b && i < j && endsClause(text[toks[i][0]:toks[i][1]]) {
		i = j // a deletion right after "rule:" is anchored on what follows
	}
	for n := 0; n < 2*maxAnchorTokens; n++ {
		s := trimPunct(text, toks[i][0], toks[j][1], a, b)
		if ns := Norm(s); len(ns) >= 2 && strings.Count(norm, ns) == 1 {
			return s, true
		}
		if j-i+1 >= maxAnchorTokens {
			break
		}
		grew := false
		if n%2 == 0 && i > 0 && !endsClause(text[toks[i-1][0]:toks[i-1][1]]) {
			i--
			grew = true
		} else if j+1 < len(toks) && !endsClause(text[toks[j][0]:toks[j][1]]) {
			j++
			grew = true
		} else if i > 0 && !endsClause(text[toks[i-1][0]:toks[i-1][1]]) {
			i--
			grew = true
		}
		if !grew {
			break
		}
	}
	return "", false
}

// tokens returns the blank-separated tokens of text[ls:le], without a leading list
// marker or heading hashes.
func tokens(text string, ls, le int) [][2]int {
	var out [][2]int
	for k := ls; k < le; {
		for k < le && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		s := k
		for k < le && text[k] != ' ' && text[k] != '\t' {
			k++
		}
		if k > s {
			out = append(out, [2]int{s, k})
		}
	}
	if len(out) > 1 {
		first := text[out[0][0]:out[0][1]]
		if first == "-" || first == "*" || first == "+" || strings.Trim(first, "#") == "" || isListNumber(first) {
			out = out[1:]
		}
	}
	return out
}

func isListNumber(s string) bool {
	if len(s) < 2 || (s[len(s)-1] != '.' && s[len(s)-1] != ')') {
		return false
	}
	for _, c := range s[:len(s)-1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// coreTokens returns the first and last token touching [a,b); for an empty span, the
// tokens either side of a.
func coreTokens(toks [][2]int, a, b int) (int, int) {
	i, j := -1, -1
	if a == b {
		// a deletion: the tokens that now meet at a (one token when a is inside it)
		for k, t := range toks {
			if t[0] < a {
				i = k
			}
			if t[1] > a && j < 0 {
				j = k
			}
		}
		switch {
		case i < 0:
			i = j
		case j < 0:
			j = i
		}
		return i, j
	}
	for k, t := range toks {
		if t[0] < b && t[1] > a {
			if i < 0 {
				i = k
			}
			j = k
		}
	}
	if i >= 0 {
		return i, j
	}
	for k, t := range toks {
		if t[1] <= a {
			i = k
		}
		if t[0] >= b && j < 0 {
			j = k
		}
	}
	switch {
	case i < 0:
		i = j
	case j < 0:
		j = i
	}
	return i, j
}

func endsClause(tok string) bool {
	tok = strings.TrimRight(tok, `*"')]`)
	return tok != "" && strings.ContainsRune(".;:!?", rune(tok[len(tok)-1]))
}

// trimPunct trims clause punctuation and brackets from the ends of text[s:e], never
// inside the changed span [a,b).
func trimPunct(text string, s, e, a, b int) string {
	for s < e && s < a && strings.ContainsRune(`("'[`, rune(text[s])) {
		s++
	}
	for e > s && e > b && strings.ContainsRune(`.,;:!?)"']`, rune(text[e-1])) {
		e--
	}
	return text[s:e]
}
