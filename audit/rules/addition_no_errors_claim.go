package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "No errors encountered" in a round that had failures.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/no-errors-claim",
	Doc:   "The summary says there were no errors or failures while the sources record some.",
	Stage: rule.StageRound,
	Whole: func(r *rule.Round) []rule.Hit {
		for k := range r.Sum {
			low := strings.ToLower(r.Sum[k].Text)
			if !(strings.Contains(low, "no errors") || strings.Contains(low, "no failures") || strings.Contains(low, "without errors") || strings.Contains(low, "no issues encountered") || strings.Contains(low, "none encountered")) {
				continue
			}
			if i := strongestFailure(r, k); i >= 0 {
				return []rule.Hit{rule.NewHit(i, k, 0.9, "the summary says there were no errors; the sources record this one", rule.Slot{Name: "failures", Source: "recorded", Summary: "none"})}
			}
		}
		return nil
	},
	Examples: []rule.Example{
		{Source: []string{"tool: error: import cycle not allowed: pkg/a imports pkg/b imports pkg/a"}, Summary: "Errors and fixes: no errors encountered.", Fires: true},
		{Source: []string{"tool: ok  \tpkg/a\t0.3s"}, Summary: "Errors and fixes: no errors encountered.", Fires: false},
	},
})

// strongestFailure is the most important failure record of the round that no summary
// fact other than claim k carries (-1 when none).
func strongestFailure(r *rule.Round, k int) int {
	best, bestImp := -1, 0.25
	for i := range r.Src {
		f := &r.Src[i]
		if f.Act != classify.ActFailure || r.Importance[i] < bestImp {
			continue
		}
		if r.Kept[i] && r.Best[i].Fact != k {
			continue
		}
		best, bestImp = i, r.Importance[i]
	}
	return best
}
