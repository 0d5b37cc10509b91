package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A negation added or dropped, or a prohibition turned into an obligation.
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/polarity-flipped",
	Doc:   "The summary states the source's claim with the opposite polarity: a negation added or dropped, a prohibition turned into an order.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if p.Match.Cover < 0.65 || p.Match.Back < 0.65 {
			return rule.Hit{}, false // only a close restatement can flip
		}
		if f.Modality.Level >= 3 && g.Modality.Level >= 3 && f.Modality.Negative != g.Modality.Negative && f.Modality.Cue != "imperative" && g.Modality.Cue != "imperative" {
			return polarityFlippedHit(p, f, g, "a prohibition became an order", "an order became a prohibition"), true
		}
		if f.Negated != g.Negated && f.Modality.Negative == g.Modality.Negative && !antonymous(f, g) && sameClaimShape(f, g) {
			return polarityFlippedHit(p, f, g, "the summary drops the negation", "the summary adds a negation"), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The staging bucket is not versioned."}, Summary: "The staging bucket is versioned.", Fires: true},
		{Source: []string{"user: Never rotate the signing key during a release."}, Summary: "Always rotate the signing key during a release.", Fires: true},
		{Source: []string{"assistant: The staging bucket is not versioned."}, Summary: "The staging bucket isn't versioned.", Fires: false},
		{Source: []string{"assistant: The worker is not running."}, Summary: "The worker is stopped.", Fires: false},
	},
})

func polarityFlippedHit(p rule.Pair, f, g *classify.Fact, dropped, added string) rule.Hit {
	d := dropped
	if g.Negated || g.Modality.Negative && !f.Modality.Negative {
		d = added
	}
	return rule.NewHit(p.Src, p.Sum, 0.9, d, rule.Slot{Name: "polarity", Source: polarity(f), Summary: polarity(g)})
}

func polarity(f *classify.Fact) string {
	if f.Negated || f.Modality.Negative {
		return "negative"
	}
	return "positive"
}

// antonymous: the side without the negation says the negative in another word
// (missing, absent, fails, stopped, disabled, lacks).
func antonymous(f, g *classify.Fact) bool {
	pos := f
	if f.Negated {
		pos = g
	}
	low := lower(pos.Text)
	for _, w := range []string{"missing", "absent", "lack", "fail", "stopped", "disabled", "unavailable", "without", "never", "none", "nothing", "unable", "refus", "denied", "broken", "off", "skipped", "dropped", "removed", "gone"} {
		if containsWordPrefix(low, w) {
			return true
		}
	}
	return false
}

// sameClaimShape: both sides state something (not a question), and the negation is not
// about an extra clause only one of them has.
func sameClaimShape(f, g *classify.Fact) bool {
	return f.Act != classify.ActQuestion && g.Act != classify.ActQuestion && len(f.Bounds) == len(g.Bounds)
}
