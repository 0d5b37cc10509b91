package rule

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/classify"
)

// SettledBack reports whether a later fact of the round settles fact i by pointing
// back at it ("The trace confirms it: ...", "That proves it.", "so the timeout
// explanation holds"): the later fact is established and points back with a pronoun
// right after its verb of certainty (or opens with "that/this" and one), or gives a
// verdict on a belief it names; it shares a content term with fact i, and fact i is
// the last guess before it that does. Such a fact names little of what it settles, so
// About alone does not find it.
func (r *Round) SettledBack(i int) bool {
	f := &r.Src[i]
	if f.Status.Epistemic != classify.StatusHypothesis {
		return false
	}
	for _, j := range r.Memo("rule.pointsBack", func() any { return r.pointingBack() }).([]int) {
		if r.Pos[j] <= r.Pos[i] || !sharesWord(f, &r.Src[j]) {
			continue
		}
		return !r.guessBetween(i, j)
	}
	return false
}

// pointingBack lists, in order, the round's established facts that point back with
// a pronoun ("confirms it", "That proves ...").
func (r *Round) pointingBack() []int {
	var out []int
	for j := range r.Src {
		if g := &r.Src[j]; g.Status.Epistemic == classify.StatusEstablished && pointsBack(g.Text) || classify.BeliefVerdict(g.Text) {
			out = append(out, j)
		}
	}
	return out
}

// guessBetween: another guess after fact i and before fact j shares a term with j:
// j's pronoun points at that one. A verdict on a belief j names ("the renamed-field
// explanation holds") points at the guess it names best: a guess between blocks it
// only when it shares more of j's terms than fact i does.
func (r *Round) guessBetween(i, j int) bool {
	g := &r.Src[j]
	need := 1
	if classify.BeliefVerdict(g.Text) {
		need = SharedWords(&r.Src[i], g) + 1
	}
	for k := range r.Src {
		if k == i || r.Pos[k] < r.Pos[i] || r.Pos[k] >= r.Pos[j] || r.Pos[k] == r.Pos[i] && k < i {
			continue
		}
		if h := &r.Src[k]; h.Status.Epistemic == classify.StatusHypothesis && SharedWords(h, g) >= need {
			return true
		}
	}
	return false
}

func sharesWord(f, g *classify.Fact) bool { return SharedWords(f, g) > 0 }

// SharedWords counts the distinct terms of f that g holds too (no prefixed value keys).
func SharedWords(f, g *classify.Fact) int {
	n := 0
	for k, w := range f.Words {
		if !strings.Contains(w, ":") && !slices.Contains(f.Words[:k], w) && slices.Contains(g.Words, w) {
			n++
		}
	}
	return n
}

// pointsBack: the text's verb of certainty takes a pronoun for its object ("confirms
// it", "proved this") or has one for its subject at the start ("That confirms the
// mechanism").
func pointsBack(text string) bool {
	ws := strings.Fields(strings.ToLower(text))
	for k, w := range ws {
		w = strings.Trim(w, ".,:;!*_")
		if !certaintyVerb[w] {
			continue
		}
		if k+1 < len(ws) && backPronoun[strings.Trim(ws[k+1], ".,:;!*_")] {
			return true
		}
		if k >= 1 && k <= 2 && backPronoun[strings.Trim(ws[k-1], ".,:;!*_")] {
			return true
		}
	}
	return false
}

var (
	certaintyVerb = map[string]bool{"confirms": true, "confirmed": true, "proves": true, "proved": true, "verifies": true, "verified": true, "settles": true, "settled": true}
	backPronoun   = map[string]bool{"it": true, "this": true, "that": true}
)
