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
		// the claims' own choice slots: the first choice cue of each, so a reason's
		// "won't be approved" or "the user agreed" does not decide what the claim chose
		if p.Match.Cover < 0.45 || f.Status.Choice != classify.StatusRejected || g.Status.Choice != classify.StatusChosen {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, "a rejected option is presented as chosen",
			rule.Slot{Name: "choice", Source: classify.StatusRejected, Summary: classify.StatusChosen}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Decided to use Redis Streams for the job queue.", Fires: true},
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Redis Streams was rejected for the job queue.", Fires: false},
		{Source: []string{"assistant: For the base image, tag pins were rejected in favour of digest pins."}, Summary: "For the base image, tag pins were chosen in favour of digest pins.", Fires: true},
		{Source: []string{"assistant: We ruled out the nightly snapshot; it won't be approved by storage, so we keep the hourly diff."}, Summary: "We went with the nightly snapshot; it won't be approved by storage, so we keep the hourly diff.", Fires: true},
		{Source: []string{"assistant: Tag pins: rejected in favour of digest pins, and the team agreed."}, Summary: "Tag pins rejected in favour of digest pins (team agreed).", Fires: false},
	},
})
