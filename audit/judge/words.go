package judge

import (
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// wordCount is a text's length in words. Scripts written without spaces (Chinese,
// Japanese) count about one word per two of their characters, so a rule in
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

// unspaced: a letter of a script written without spaces between words (Korean,
// which lexicon.Spaceless also matches for cue matching, does use spaces).
func unspaced(r rune) bool { return lexicon.Spaceless(r) && !unicode.Is(unicode.Hangul, r) }
