package restore

import (
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

// statedIn answers whether a round's summary still states a fact, so that the block
// restores nothing the agent still has.
type statedIn struct {
	text string    // the summary, normalized
	said []wordSet // each summary fact's content words and negations
}

func newStatedIn(rd *audit.Round) *statedIn {
	return &statedIn{text: normalize(summaryText(rd)), said: summaryWords(rd)}
}

// states: the summary holds the fact's text, restates it in other words, or (for an
// identifier) still names all its exact tokens.
func (st *statedIn) states(it *Item, src *audit.Side) bool {
	if st.text == "" {
		return false
	}
	return strings.Contains(st.text, normalize(it.Text)) ||
		it.Kind == KindIdentifier && tokensKept(src, st.text) ||
		restated(it.Text, st.said)
}

// tokensKept reports whether every exact token of the source (ids, paths, versions...)
// is still in the summary: an identifier the summary still names needs no restoring.
func tokensKept(s *audit.Side, summary string) bool {
	if len(s.Tokens) == 0 {
		return false
	}
	for _, t := range s.Tokens {
		if !strings.Contains(summary, normalize(t.Raw)) {
			return false
		}
	}
	return true
}

// A fact counts as restated when one summary fact holds at least this share of its
// content words (and it has at least minRestatedWords of them), with its negations.
const (
	restatedShare    = 0.85
	minRestatedWords = 4
)

type wordSet struct {
	words map[string]bool
	neg   map[string]bool
}

func summaryWords(rd *audit.Round) []wordSet {
	out := make([]wordSet, 0, len(rd.SummaryFacts))
	for _, f := range rd.SummaryFacts {
		ws := wordSet{words: map[string]bool{}, neg: negations(f.Text)}
		for _, w := range classify.ContentWords(f.Text) {
			ws.words[w] = true
		}
		out = append(out, ws)
	}
	return out
}

// restated reports whether one summary fact says text again in other words: nearly
// all its content words, and every negation it carries ("never retry" is not "retry").
func restated(text string, said []wordSet) bool {
	words := classify.ContentWords(text)
	if len(words) < minRestatedWords {
		return false
	}
	neg := negations(text)
	for _, s := range said {
		n := 0
		for _, w := range words {
			if s.words[w] {
				n++
			}
		}
		if float64(n) < restatedShare*float64(len(words)) {
			continue
		}
		all := true
		for w := range neg {
			all = all && s.neg[w]
		}
		if all {
			return true
		}
	}
	return false
}

var negationWords = map[string]bool{"never": true, "not": true, "no": true, "don't": true, "dont": true, "doesn't": true,
	"mustn't": true, "shouldn't": true, "can't": true, "cannot": true, "won't": true, "without": true, "only": true, "avoid": true, "nor": true}

func negations(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(text, "’", "'")), func(r rune) bool {
		return !(r == '\'' || r >= 'a' && r <= 'z')
	}) {
		if negationWords[w] {
			out[w] = true
		}
	}
	return out
}

func summaryText(rd *audit.Round) string {
	var b strings.Builder
	for _, f := range rd.SummaryFacts {
		b.WriteString(f.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// normalize folds case, spacing, quote marks and list or quote prefixes, so a fact the
// summary copied (as a bullet, in quotes) is found in it.
func normalize(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("\u201c", "\"", "\u201d", "\"", "\u2018", "'", "\u2019", "'", "`", "").Replace(s)
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimLeft(strings.TrimSpace(l), ">-*• ")
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Trim(strings.Join(lines, " "), " .;:,!\"'")
}
