package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "tried X, it failed with E" became "explored X".
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/failure-softened",
	Doc:   "The summary keeps an attempt but not that it failed: a failure record becomes something explored or considered.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Act != classify.ActFailure || p.Match.Cover < 0.3 {
			return rule.Hit{}, false
		}
		if g.Status.Choice == classify.StatusTriedFailed || g.Act == classify.ActFailure || g.Negated || g.Status.Choice == classify.StatusRejected {
			return rule.Hit{}, false
		}
		if g.Status.Choice != classify.StatusConsidered {
			return rule.Hit{}, false // "explored", "looked into": a passing result is the status rule's
		}
		return rule.NewHit(p.Src, p.Sum, 0.85, "a failed attempt is kept without its failure",
			rule.Slot{Name: "status", Source: classify.StatusTriedFailed, Summary: statusOr(g.Status.Choice, g.Status.Resolution)}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: Tried raising the connection pool to 80; the service failed with too many clients."}, Summary: "Explored raising the connection pool to 80.", Fires: true},
		{Source: []string{"assistant: Tried raising the connection pool to 80; the service failed with too many clients."}, Summary: "Raising the connection pool to 80 failed (too many clients).", Fires: false},
	},
})
