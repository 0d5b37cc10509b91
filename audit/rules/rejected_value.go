package rules

import (
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// rejectedMoved: the source names y only as what not to use ("22.11, never the
// floating 22 tag", "5432 rather than 6432", "not on 3.9"), and the summary states y
// with no such word before it. The rejected alternative has taken the chosen value's
// place, so y is a counterpart of the value the summary dropped, not the source's own
// mention of y kept.
func rejectedMoved(f, g *classify.Fact, y classify.Token) bool {
	ys, _ := positionOf(f, y)
	if ys <= 0 || !rejectedBefore(f.Text, ys) {
		return false
	}
	for _, t := range f.Tokens {
		if classify.Equivalent(t, y) && t.Start != ys && !rejectedBefore(f.Text, t.Start) {
			return false // the source also states y plainly
		}
	}
	return !rejectedBefore(g.Text, y.Start)
}

// rejectedBefore: the clause that holds offset at says, before it and within a few
// words, that what follows is not wanted (a negation, a prohibition, a rejection).
func rejectedBefore(text string, at int) bool {
	if at <= 0 || at > len(text) {
		return false
	}
	clause := text[clauseStart(text, at):at]
	if ws := strings.Fields(clause); len(ws) > rejectWindow {
		clause = strings.Join(ws[len(ws)-rejectWindow:], " ") + " "
	}
	for _, h := range lexicon.Default().Find(clause) {
		switch h.Category {
		case "negation", "rejected":
			return true
		case "deontic":
			if h.Attr("sign") == "-" {
				return true
			}
		}
	}
	return false
}

// rejectWindow is how many words before a value (its own word included) a rejecting
// cue may stand.
const rejectWindow = 6
