package judge

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Standing scores facts no round has judged yet (the messages after the last
// compaction) with the importance model's own weights: who said it, what it does,
// what it holds. No summary has read them, so nothing of a round weighs in: no
// echo, no settling, nothing after it.
func Standing(facts []classify.Fact, pos []int) []float64 {
	n := len(facts)
	r := &rule.Round{Src: facts, Pos: pos}
	ctx := &roundContext{echo: make([]int, n), superseded: make([]bool, n), msgWords: map[string]int{},
		firstInMessage: make([]bool, n), resurfacedUser: make([]float64, n), resurfacedAssistant: make([]float64, n)}
	for _, p := range pos {
		ctx.lastPos = max(ctx.lastPos, p)
	}
	out := make([]float64, n)
	for i := range facts {
		if weighed(&facts[i]) {
			out[i], _ = score(r, i, ctx)
		}
	}
	return out
}
