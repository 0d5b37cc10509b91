package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Pending work reported done; a partial result reported complete.
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/open-closed",
	Doc:   "The summary reports as done what the source left open or partial, and nothing later in the round finished it.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		open := f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial"
		if !open || g.Status.Resolution != classify.StatusResolved || f.Act == classify.ActRule || f.Act == classify.ActQuestion || f.Act == classify.ActPlan {
			return rule.Hit{}, false
		}
		if p.Match.Cover < 0.45 {
			return rule.Hit{}, false
		}
		if len(r.Later(p.Src, func(x *classify.Fact) bool { return x.Status.Resolution == classify.StatusResolved })) > 0 {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, "open work is reported as done",
			rule.Slot{Name: "status", Source: f.Status.Resolution, Summary: classify.StatusResolved}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The schema migration for the orders table is still pending review."}, Summary: "The schema migration for the orders table is done.", Fires: true},
		{Source: []string{"assistant: 7 of 9 replicas are upgraded to the new kernel so far."}, Summary: "All replicas are upgraded to the new kernel: completed.", Fires: true},
		{Source: []string{"assistant: The schema migration for the orders table is still pending review.", "assistant: Review passed; the schema migration for the orders table is done."}, Summary: "The schema migration for the orders table is done.", Fires: false},
	},
})
