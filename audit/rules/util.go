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

// firstWord is the first word of text, lower-case, after list markup and a leading
// "Label:" ("- **Fix:** Scoped …" gives "scoped").
func firstWord(text string) string {
	for k, w := range strings.Fields(text) {
		x := strings.ToLower(strings.Trim(w, "*_`#-•>\"'()[]"))
		switch {
		case x == "" || x == ":":
			continue
		case strings.HasSuffix(x, ":") && k < 3:
			continue
		}
		return x
	}
	return ""
}

// leadVerb is the fact's first word (see firstWord) when it is a verb in the past
// tense, or "".
func leadVerb(text string) string {
	x := firstWord(text)
	if x == "i" || x == "we" {
		// "I updated the runbook": the speaker, then the verb
		_, rest, _ := strings.Cut(strings.TrimLeft(text, " -*•"), " ")
		x = firstWord(rest)
	}
	if pastIrregular[x] || len(x) > 4 && strings.HasSuffix(x, "ed") && !strings.HasSuffix(x, "eed") {
		return x
	}
	return ""
}

var pastIrregular = map[string]bool{"made": true, "built": true, "rebuilt": true, "wrote": true, "rewrote": true, "ran": true, "reran": true, "undid": true, "redid": true, "brought": true, "split": true}
