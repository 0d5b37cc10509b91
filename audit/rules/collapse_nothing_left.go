package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Nothing pending", "all items addressed" while an item was left open.
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/nothing-left",
	Doc:   "The summary says nothing is left (none pending, all addressed) while the sources end with open work it does not carry.",
	Stage: rule.StageRound,
	Whole: func(r *rule.Round) []rule.Hit {
		last := 0
		for _, p := range r.Pos {
			last = max(last, p)
		}
		for k := range r.Sum {
			g := &r.Sum[k]
			if !claimsNothingLeft(g) {
				continue
			}
			if i := strongestLost(r, func(f *classify.Fact) bool {
				return (f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial" || f.Act == classify.ActQuestion && f.Origin != classify.OriginUser) && f.Act != classify.ActRule
			}, func(i int) bool { return float64(r.Pos[i]) >= NothingLeftTail*float64(last) }); i >= 0 {
				return []rule.Hit{rule.NewHit(i, k, 0.9, "the summary says nothing is left; this was still open", rule.Slot{Name: "status", Source: "open", Summary: "nothing left"})}
			}
		}
		return nil
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The retry for the webhook job is still failing on staging and needs a look."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: true},
		{Source: []string{"assistant: The retry for the webhook job works on staging now."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: false},
		{Source: []string{"assistant: Ported the retry to the new queue client.", "tool: edited handlers/push.go", "assistant: The retry for the webhook job is still failing on staging and needs a look."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: true},
	},
})

// NothingLeftTail: the open work must be stated in the round's last part (at or after
// this share of its messages): a plan's step given at the start and followed by the
// round's work is not what the sources end with.
var NothingLeftTail = 0.5

// claimsNothingLeft: "none pending", "nothing remaining", "no open items", "all ... addressed".
func claimsNothingLeft(g *classify.Fact) bool {
	low := strings.ToLower(g.Text)
	for _, p := range []string{"none remaining", "nothing remaining", "none pending", "nothing pending", "no pending", "no remaining", "no open items",
		"nothing left", "none left", "nothing outstanding", "no outstanding", "all requested items", "explicitly pending", "explicitly remaining"} {
		if strings.Contains(low, p) {
			return !strings.Contains(low, "except")
		}
	}
	return g.Section == classify.SecPending && (strings.HasPrefix(strings.TrimSpace(low), "none") || strings.HasPrefix(strings.TrimSpace(low), "no "))
}

// strongestLost is the most important source fact pred accepts, at a position at
// accepts, that the summary does not carry (-1 when none).
func strongestLost(r *rule.Round, pred func(*classify.Fact) bool, at func(int) bool) int {
	best, bestImp := -1, 0.3
	for i := range r.Src {
		if r.Kept[i] || !pred(&r.Src[i]) || !at(i) || r.Importance[i] < bestImp || len(r.Settled) > i && r.Settled[i] {
			continue
		}
		best, bestImp = i, r.Importance[i]
	}
	return best
}
