package audit

import (
	"unicode"
	"unicode/utf8"

	"github.com/compaudit/compaudit/internal/textmemo"
)

// The o200k_base pre-tokenizer, by hand. The tokenizer library splits text with a
// backtracking regexp (one allocation and a rune conversion per piece, about 2 MB/s);
// this scanner finds the same pieces in one pass, and each distinct piece is counted
// once by the library and cached. A test and a fuzz target hold it to the library's
// count. The pattern, alternatives tried in order, first match wins:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	\p{N}{1,3}
//	 ?[^\s\p{L}\p{N}]+[\r\n/]*
//	\s*[\r\n]+
//	\s+(?!\S)
//	\s+

// countPieces counts text's tokens piece by piece; ok is false when the scanner cannot
// vouch for a piece (the caller then counts the whole text with the library).
func countPieces(text string) (int, bool) {
	if !utf8.ValidString(text) {
		return 0, false // the library counts the replacement runes it decodes
	}
	rs := []rune(text)
	n, b := 0, 0
	for i := 0; i < len(rs); {
		j := pretoken(rs, i)
		w := 0
		for _, r := range rs[i:j] {
			w += utf8.RuneLen(r)
		}
		c, ok := pieceTokens(text[b:b+w], rs[i:j])
		if !ok {
			return 0, false
		}
		n, b, i = n+c, b+w, j
	}
	return n, true
}

var pieceCache = textmemo.New(maxCachedPieces, func(string) int { return 0 }) // (filled through Store)

const maxCachedPiece, maxCachedPieces = 64, 1 << 18

// pieceTokens is the token count of one piece: the library's count of the piece alone,
// which is the count it gives the piece within the text when the piece alone is one
// piece again.
func pieceTokens(s string, p []rune) (int, bool) {
	if len(s) <= maxCachedPiece {
		if n, ok := pieceCache.Lookup(s); ok {
			return n, true
		}
	}
	if pretoken(p, 0) != len(p) {
		return 0, false
	}
	n, err := codec.Count(s)
	if err != nil {
		return 0, false
	}
	if len(s) <= maxCachedPiece {
		pieceCache.Store(s, n)
	}
	return n, true
}

func isUpperish(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

func isLowerish(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

// isPrefix: [^\r\n\p{L}\p{N}]
func isPrefix(r rune) bool {
	return r != '\r' && r != '\n' && !isLetter(r) && !isNumber(r)
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsNumber(r)
}

// pretoken is the end of the piece that starts at i.
func pretoken(rs []rune, i int) int {
	if e := letters(rs, i, false); e > 0 {
		return e
	}
	if e := letters(rs, i, true); e > 0 {
		return e
	}
	if isNumber(rs[i]) {
		j := i + 1
		for j < len(rs) && j < i+3 && isNumber(rs[j]) {
			j++
		}
		return j
	}
	if e := punct(rs, i); e > 0 {
		return e
	}
	return spaces(rs, i)
}

// letters matches the first (upper false: X* Y+) or second (upper true: X+ Y*)
// alternative at i, or returns 0.
func letters(rs []rune, i int, upper bool) int {
	starts := [2]int{-1, i}
	if isPrefix(rs[i]) && i+1 <= len(rs) {
		starts[0] = i + 1
	}
	for _, s := range starts {
		if s < 0 {
			continue
		}
		xMax := 0
		for s+xMax < len(rs) && isUpperish(rs[s+xMax]) {
			xMax++
		}
		minX := 0
		if upper {
			minX = 1
		}
		for x := xMax; x >= minX; x-- {
			y := 0
			for s+x+y < len(rs) && isLowerish(rs[s+x+y]) {
				y++
			}
			if !upper && y == 0 {
				continue
			}
			return contraction(rs, s+x+y)
		}
	}
	return 0
}

// contraction extends a word's end over a following 's, 't, 're, 've, 'm, 'll or 'd.
func contraction(rs []rune, e int) int {
	if e+1 >= len(rs) || rs[e] != '\'' {
		return e
	}
	next := func(k int) rune {
		if e+k < len(rs) {
			return rs[e+k]
		}
		return 0
	}
	switch rs[e+1] {
	case 'S', 'T', 's', 't', 'ſ', 'M', 'm', 'D', 'd':
		return e + 2
	case 'R', 'r', 'V', 'v':
		if c := next(2); c == 'E' || c == 'e' {
			return e + 3
		}
	case 'L', 'l':
		if c := next(2); c == 'L' || c == 'l' {
			return e + 3
		}
	}
	return e
}

// punct matches " ?[^\s\p{L}\p{N}]+[\r\n/]*" at i, or returns 0.
func punct(rs []rune, i int) int {
	j := i
	if rs[j] == ' ' {
		j++
	}
	k := j
	for k < len(rs) && !unicode.IsSpace(rs[k]) && !isLetter(rs[k]) && !isNumber(rs[k]) {
		k++
	}
	if k == j {
		return 0
	}
	for k < len(rs) && (rs[k] == '\r' || rs[k] == '\n' || rs[k] == '/') {
		k++
	}
	return k
}

// spaces matches the three whitespace alternatives at i.
func spaces(rs []rune, i int) int {
	w := 0
	for i+w < len(rs) && unicode.IsSpace(rs[i+w]) {
		w++
	}
	for k := w - 1; k >= 0; k-- { // \s*[\r\n]+
		if rs[i+k] == '\r' || rs[i+k] == '\n' {
			return i + k + 1
		}
	}
	switch {
	case w == 0:
		return i + 1 // not reached: every rune starts some alternative
	case i+w == len(rs): // \s+(?!\S) at the end
		return i + w
	case w >= 2: // \s+(?!\S), leaving the last space to the next piece
		return i + w - 1
	}
	return i + w // \s+
}
