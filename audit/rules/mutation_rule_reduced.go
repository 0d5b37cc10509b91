package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Never deploy on Fridays" became "Deploy timing was discussed": the summary keeps
// that the rule came up, not what it says.
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/rule-reduced",
	Doc:   "The summary keeps only that a rule was discussed or considered, not what it orders: the subject survives, the order is gone.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Act != classify.ActRule || f.Modality.Level < 3 || p.Match.Cover < 0.3 {
			return rule.Hit{}, false
		}
		if g.Status.Choice != classify.StatusConsidered || g.Modality.Level >= 2 || g.Negated || g.Act == classify.ActRule {
			return rule.Hit{}, false // the summary states an order of its own, or says more than that it came up
		}
		if orderKept(f, g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.85, "the rule is kept only as a topic: what it orders is gone",
			rule.Slot{Name: "modality", Source: f.Modality.Cue, Summary: classify.StatusConsidered}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Never run the schema migration on the primary during business hours."}, Summary: "Running the schema migration on the primary came up and was discussed at length.", Fires: true},
		{Source: []string{"user: The fridge must stay on the kitchen's north wall; the plumbing only reaches there."}, Summary: "We discussed the fridge's place on the kitchen wall.", Fires: true},
		{Source: []string{"user: Never run the schema migration on the primary during business hours."}, Summary: "Discussed the schema migration: never on the primary during business hours.", Fires: false},
		{Source: []string{"assistant: The schema migration ran on the primary at 14:02 and took 40 s."}, Summary: "The schema migration on the primary was discussed.", Fires: false},
		{Source: []string{"user: Never run the schema migration on the primary during business hours."}, Summary: "The user ruled out running the schema migration on the primary during business hours.", Fires: false},
	},
})

// orderKept: the word the rule's force governs is in the summary fact with force of
// its own, or its prohibition survives as a negation ("no migrations on the primary").
func orderKept(f, g *classify.Fact) bool {
	gn := negatedHeads(g)
	for _, s := range f.Scopes {
		if s.Kind != "deontic" || s.Force < 2 {
			continue
		}
		if _, ok := deonticOn(g, s.Head); ok || s.Neg && gn[s.Head] > 0 {
			return true
		}
	}
	return false
}
