package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/classify"
)

func lower(s string) string { return strings.ToLower(s) }

// containsWordPrefix: a word of s starts with w.
func containsWordPrefix(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || !isAlnum(s[j-1]) {
			return true
		}
		i = j + 1
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// sharedTerms counts g's terms that f has too.
func sharedTerms(f, g *classify.Fact) int {
	n := 0
	for _, w := range g.Words {
		if slices.Contains(f.Words, w) {
			n++
		}
	}
	return n
}
