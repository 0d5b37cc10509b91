package classify

import (
	"strings"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// A verdict on a belief names the belief and says it held ("the hunch holds: ...",
// "so the timeout explanation holds", "the theory checks out", "my hunch was right"):
// the hedge word is the verdict's subject, and the claim is settled, not supposed.

// verdictAfter: the words right after offset end give a verdict that a belief held.
func verdictAfter(text string, end int) bool {
	if end < 0 || end > len(text) {
		return false
	}
	ws := strings.Fields(strings.ToLower(text[end:]))
	word := func(k int) string {
		if k >= len(ws) {
			return ""
		}
		return strings.Trim(ws[k], ".,:;!*_()")
	}
	if len(ws) == 0 || strings.ContainsAny(text[end:min(len(text), end+1)], ".;!?") {
		return false
	}
	switch w := word(0); {
	case verdictWord[w]:
		return true
	case w == "is" || w == "was":
		return verdictAfterBe[word(1)]
	case w == "checks" || w == "checked":
		return word(1) == "out"
	}
	return false
}

// BeliefVerdict: the text names a belief ("explanation", "theory", "guess", …) and
// gives the verdict that it held.
func BeliefVerdict(text string) bool {
	low := lexicon.Lower(text) // (same byte length: offsets into low are offsets into text)
	for noun := range beliefNoun {
		for at := 0; ; {
			i := strings.Index(low[at:], noun)
			if i < 0 {
				break
			}
			i += at
			at = i + len(noun)
			if (i == 0 || !isLetter(low[i-1])) && (at == len(low) || !isLetter(low[at])) && verdictAfter(text, at) {
				return true
			}
		}
	}
	return false
}

var (
	beliefNoun     = map[string]bool{"explanation": true, "theory": true, "hypothesis": true, "guess": true, "hunch": true, "suspicion": true, "diagnosis": true}
	verdictWord    = map[string]bool{"holds": true, "held": true, "stands": true}
	verdictAfterBe = map[string]bool{"right": true, "correct": true, "confirmed": true}
)
