package judge

import (
	"strings"
	"unicode"
)

// wordCount is a text's length in words. Scripts written without spaces (Chinese,
// Japanese, Thai) count about one word per two of their characters, so a rule in
// Japanese is not taken for a two-word aside.
func wordCount(text string) int {
	n, dense := 0, 0
	for _, w := range strings.Fields(text) {
		d := 0
		for _, r := range w {
			if unspaced(r) {
				d++
			}
		}
		if d == 0 {
			n++
			continue
		}
		dense += d
	}
	return n + (dense+1)/2
}

// unspaced: a letter of a script written without spaces between words.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}
