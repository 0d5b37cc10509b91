package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Decided to move the queue to SQS": nobody decided it.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/invented-decision",
	Doc:   "The summary reports a decision (decided, chose, agreed, approved) that no source fact makes: nobody decided it.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Status.Choice != classify.StatusChosen || g.Negated || g.Act == classify.ActQuestion {
			return rule.Hit{}, false
		}
		if g.Provenance.Source == "user" && userChose(r, g) {
			return rule.Hit{}, false // the user's pick ("option C"), told in other words
		}
		for _, s := range r.Support[k] {
			if s.Match.Cover < 0.45 {
				continue
			}
			f := r.Fact(s.Ref)
			if f.Status.Choice == classify.StatusChosen || f.Act == classify.ActDecision && f.Status.Choice != classify.StatusRejected ||
				f.Act == classify.ActRequest || f.Act == classify.ActRule || f.Origin == classify.OriginUser || f.Act == classify.ActPlan {
				return rule.Hit{}, false
			}
		}
		return rule.NewHit(-1, k, 0.8, "no source makes this decision", rule.Slot{Name: "decision", Summary: oneLine(g.Text)}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: SQS and Kafka both fit the queue; the user has not picked one."}, Summary: "Decided to move the job queue to SQS.", Fires: true},
		{Source: []string{"user: Let's go with SQS for the job queue."}, Summary: "Decided to move the job queue to SQS.", Fires: false},
	},
})

// userChose: a user fact answers a question or picks an option, about what g is about.
func userChose(r *rule.Round, g *classify.Fact) bool {
	for i := range r.Src {
		f := &r.Src[i]
		if f.Origin == classify.OriginUser && (r.AnswersQuestion(i) || f.Status.Choice == classify.StatusChosen || rule.About(g, f)) {
			return true
		}
	}
	return false
}
