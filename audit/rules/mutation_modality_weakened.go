package rules

import (
	"fmt"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "never" became "try to avoid"; "required" became "optional".
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/modality-weakened",
	Doc:   "The summary keeps a rule but weakens its force (never to try to avoid, must to should, required to optional), whoever speaks.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Act != classify.ActRule || f.Modality.Level < 2 || p.Match.Cover < 0.4 {
			return rule.Hit{}, false
		}
		fl, gl := f.Modality.Level, g.Modality.Level
		permission := gl == 0 && g.Modality.Cue != ""
		if gl >= fl-1 && !permission || gl > 0 && g.Modality.Negative != f.Modality.Negative {
			return rule.Hit{}, false
		}
		if gl == 0 && !permission && g.Act != classify.ActRule && p.Match.Cover < 0.6 {
			return rule.Hit{}, false // a bare mention, not a restated rule: the omission and invariant checks judge it
		}
		detail := fmt.Sprintf("force %d (%s) became %d (%s)", fl, f.Modality.Cue, gl, cueOr(g.Modality.Cue, "no modal"))
		return rule.NewHit(p.Src, p.Sum, 0.9, detail, rule.Slot{Name: "modality", Source: f.Modality.Cue, Summary: cueOr(g.Modality.Cue, "none")}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Never force-push to the release branch."}, Summary: "Try to avoid force-pushing to the release branch.", Fires: true},
		{Source: []string{"user: Signing the tarball is required before upload."}, Summary: "Signing the tarball is optional before upload.", Fires: true},
		{Source: []string{"user: Never force-push to the release branch."}, Summary: "User rule: never force-push to the release branch.", Fires: false},
		{Source: []string{"user: Don't force-push to the release branch."}, Summary: "Must not force-push to the release branch.", Fires: false},
	},
})

func cueOr(c, d string) string {
	if c == "" {
		return d
	}
	return c
}
