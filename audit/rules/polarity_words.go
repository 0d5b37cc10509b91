package rules

// Where a word of a polarity pair stands in its clause: what follows it (an undoing)
// and what precedes it (a cue of what ought to be).

import (
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// undoneAfter: pos states w and, in the same clause after it, that it was taken back
// ("made changes that were later undone", "deployed it, then rolled it back"): net,
// the act is the other side's "didn't make lasting changes", not its opposite.
func undoneAfter(pos *classify.Fact, w string) bool {
	text := pos.Text
	at := wordAt(text, w)
	if at < 0 {
		return false
	}
	rest := text[at:]
	if end := strings.IndexAny(rest, ".;!?\n"); end >= 0 {
		rest = rest[:end]
	}
	for _, h := range lexicon.Default().Find(rest) {
		if h.Category == "undoing" {
			return true
		}
	}
	return false
}

// wordAt is the byte offset of text's first word that is w (see wordIs), -1 for none.
func wordAt(text, w string) int {
	for i, x := range strings.Fields(text) {
		if wordIs(x, w) {
			return wordOffset(text, i)
		}
	}
	return -1
}

// wordOffset is the byte offset of the k-th space-separated word of text.
func wordOffset(text string, k int) int {
	n, in := -1, false
	for i, r := range text {
		space := r == ' ' || r == '\t' || r == '\n' || r == '\r'
		if !space && !in {
			n++
			if n == k {
				return i
			}
		}
		in = !space
	}
	return -1
}

// oughtBefore: in f's clause that holds w, a cue of what ought to be (should, needs
// to, has to) comes before it: "it should be passing the path" says what the code
// ought to do, though classify reads no order in it (no one is addressed).
func oughtBefore(f *classify.Fact, w string) bool {
	text := f.Text
	at := wordAt(text, w)
	if at < 0 {
		return false
	}
	for _, h := range lexicon.Default().Find(text[clauseStart(text, at):at]) {
		if h.Category == "deontic" && h.Attr("sign") == "+" && (h.Int("force") == 2 || h.Int("force") == 3) {
			return true
		}
	}
	return false
}
