package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "at most 5" became "at least 5": the same value with the opposite bound.
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/bound-changed",
	Doc:      "The summary keeps a bound's value but turns it around (at most to at least, before to after).",
	Stage:    rule.StagePair,
	Anchored: true,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		for _, a := range f.Bounds {
			opp := opposite[a.Kind]
			if opp == "" {
				continue
			}
			if hasBound(g, a.Kind, a.Values) || keepsCue(g, a) {
				continue // (the same cue kept: the opposite one bounds something else)
			}
			for _, b := range g.Bounds {
				if b.Kind == opp && sharesValue(a.Values, b.Values) && !complementBound(a, b, g) {
					return rule.NewHit(p.Src, p.Sum, 0.9, "the bound turned from "+a.Cue+" to "+b.Cue,
						rule.Slot{Name: "bound", Source: a.Clause, Summary: b.Clause}), true
				}
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: Retry at most 3 times per job."}, Summary: "Retry at least 3 times per job.", Fires: true},
		{Source: []string{"user: Run the backfill before 06:00."}, Summary: "Run the backfill after 06:00.", Fires: true},
		{Source: []string{"user: Retry at most 3 times per job."}, Summary: "Retries are capped at 3 per job.", Fires: false},
		// the limit stated from the other side, as the condition of what happens past it
		{Source: []string{"user: Keep the export under 40 minutes or we cancel it."}, Summary: "Cancel the export if it runs over 40 minutes.", Fires: false},
		{Source: []string{"user: Keep the export under 40 minutes or we cancel it."}, Summary: "Keep the export over 40 minutes.", Fires: true},
		// the cue kept; the opposite word bounds something else
		{Source: []string{"assistant: First week on the new scheduler: 3 missed runs, 410 on time."}, Summary: "First week after the switch: 3 missed runs, 410 on time.", Fires: false},
	},
})

var opposite = map[string]string{"atmost": "atleast", "atleast": "atmost", "before": "after", "after": "before"}

func sharesValue(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// keepsCue: g has a bound of a's kind in a's own words ("first", "at most").
func keepsCue(g *classify.Fact, a classify.Bound) bool {
	for _, b := range g.Bounds {
		if b.Kind == a.Kind && strings.EqualFold(b.Cue, a.Cue) {
			return true
		}
	}
	return false
}

// hasBound: g has a bound of this kind over one of these values.
func hasBound(g *classify.Fact, kind string, values []string) bool {
	for _, b := range g.Bounds {
		if b.Kind == kind && (len(values) == 0 || sharesValue(values, b.Values)) {
			return true
		}
	}
	return false
}
