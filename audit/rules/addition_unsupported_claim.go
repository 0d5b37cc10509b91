package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// A claim of the summary's whose content no source has: an action or a result
// described in words nobody used.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/unsupported-claim",
	Doc:   "The summary reports an action or a result in words no source used (at least two of its distinctive terms appear nowhere in the round), and no source fact holds most of it.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code || g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Section == classify.SecPending || g.Section == classify.SecNext || g.Section == classify.SecConcepts {
			return rule.Hit{}, false
		}
		if !reportsDoing(g) {
			return rule.Hit{}, false
		}
		for _, s := range r.Support[k] {
			if s.Match.Cover >= 0.4 {
				return rule.Hit{}, false
			}
		}
		var novel []string
		for _, w := range g.Words {
			if !r.Terms[w] && !strings.Contains(w, ":") && len(w) > 3 {
				novel = append(novel, w)
			}
		}
		if (len(novel) < 2 || len(novel)*3 < len(g.Words)) && !novelSubject(r, g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(-1, k, 0.75, "no source says this ("+strings.Join(novel, ", ")+" appear nowhere)", rule.Slot{Name: "claim", Summary: oneLine(g.Text)}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The nightly export job writes to the reports bucket."}, Summary: "The partner gateway connection limit is now documented and enforced.", Fires: true},
		{Source: []string{"assistant: I rotated the signing certificate and told the partner integrations team."}, Summary: "Rotated the signing certificate and notified the partner integrations team.", Fires: false},
		// the event named by a word nobody used, whatever else the line shares
		{Source: []string{"user: Upgrade the kiln firmware tonight.", "tool: $ kilnctl status\nerrors: 0", "assistant: The evening firing completed."}, Summary: "A recalibration of the kiln completed with 0 errors.", Fires: true},
		{Source: []string{"user: Upgrade the kiln firmware tonight.", "tool: $ kilnctl status\nerrors: 0", "assistant: The evening firing completed."}, Summary: "A firing of the kiln completed with 0 errors.", Fires: false},
	},
})

// novelSubject: what the line says happened is named by a word no source uses, as
// its first content word ("A scrub of the pool completed ...", when nothing in the
// round mentions a scrub): the event itself has no record.
func novelSubject(r *rule.Round, g *classify.Fact) bool {
	ws := classify.Terms(g.Text, nil)
	if len(ws) == 0 || len(ws) > 10 {
		return false
	}
	if first, _, _ := strings.Cut(strings.TrimLeft(g.Text, "-*• "), " "); strings.HasSuffix(strings.TrimRight(first, "*"), ":") || strings.HasSuffix(lower(first), "ly") {
		return false // a label ("Status: implemented") or a manner ("Systematically fixed ...") names no event
	}
	w := ws[0]
	return len(w) >= 5 && !r.Terms[w] && !strings.Contains(w, ":") && !r.Mentions(w)
}

// reportsDoing: the fact reports an action or a result (an event verb, a done or
// result cue, a measurement), not a description.
func reportsDoing(g *classify.Fact) bool {
	for _, t := range g.Tokens {
		switch t.Kind {
		case classify.TokDuration, classify.TokSize, classify.TokPercent:
			return true // a measured figure reports what happened
		}
	}
	for _, h := range lexicon.Default().Find(g.Text) {
		switch h.Category {
		case "event", "consequential", "done", "result":
			return true
		}
	}
	return false
}
