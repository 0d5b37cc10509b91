package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A rejected option comes back as the plan.
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/rejected-chosen",
	Doc:   "The summary presents as chosen an option the source rejected or ruled out.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Status.Choice != classify.StatusRejected || p.Match.Cover < 0.45 {
			return rule.Hit{}, false
		}
		if g.Status.Choice == classify.StatusRejected || g.Negated || g.Modality.Negative || g.Status.Choice == classify.StatusTriedFailed {
			return rule.Hit{}, false
		}
		if g.Status.Choice != classify.StatusChosen && g.Act != classify.ActPlan && g.Modality.Level < 2 {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, "a rejected option is presented as chosen",
			rule.Slot{Name: "choice", Source: classify.StatusRejected, Summary: statusOr(g.Status.Choice, "planned")}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Decided to use Redis Streams for the job queue.", Fires: true},
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Redis Streams was rejected for the job queue.", Fires: false},
	},
})
