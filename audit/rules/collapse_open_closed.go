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
		if f.Act == classify.ActRule || f.Act == classify.ActQuestion || f.Act == classify.ActPlan || p.Match.Cover < 0.45 || p.Match.Back < OpenClosedBack || checkedOff(f.Text) || reportedWords(g) && g.Provenance.Source != f.Provenance.Source {
			return rule.Hit{}, false
		}
		fs, gs := classify.StatusClasses(f), classify.StatusClasses(g)
		var from, to string
		switch {
		case moved(fs, gs, classify.StOpen, classify.StDone) || slotClosed(f, g):
			from, to = classify.StOpen, classify.StDone
		case moved(fs, gs, classify.StFailed, classify.StPassed):
			from, to = classify.StFailed, classify.StPassed
		case moved(fs, gs, classify.StFailed, classify.StDone):
			from, to = classify.StFailed, classify.StDone
		default:
			return rule.Hit{}, false
		}
		if memoFact(r, "rules.finishedLater", p.Src, func() bool { // (once per fact and round)
			return len(r.Later(p.Src, func(x *classify.Fact) bool {
				s := classify.StatusClasses(x)
				return s[classify.StDone] || s[classify.StPassed]
			})) > 0 || f.Origin != classify.OriginUser && r.EditedLater(p.Src) // the edit it called for was made
		}) {
			return rule.Hit{}, false // later in the round it was finished
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, from+" work is reported as "+to, rule.Slot{Name: "status", Source: from, Summary: to}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The schema migration for the orders table is still pending review."}, Summary: "The schema migration for the orders table is done.", Fires: true},
		{Source: []string{"assistant: Step 4 (pending): rerun the export and check that every row passes validation."}, Summary: "- Step 4 (done): rerun the export and check that every row passes validation.", Fires: true},
		{Source: []string{"assistant: Step 4 (pending): rerun the export and check that every row passes validation."}, Summary: "- Step 4 (pending): rerun the export; every row must pass validation.", Fires: false},
		{Source: []string{"assistant: 7 of 9 replicas are upgraded to the new kernel so far."}, Summary: "All replicas are upgraded to the new kernel: completed.", Fires: true},
		{Source: []string{"assistant: The schema migration for the orders table is still pending review.", "assistant: Review passed; the schema migration for the orders table is done."}, Summary: "The schema migration for the orders table is done.", Fires: false},
		{Source: []string{"assistant: Two timezone tests are still failing on the nightly build."}, Summary: "Two timezone tests are now passing on the nightly build.", Fires: true},
		{Source: []string{"assistant: Two timezone tests are still failing on the nightly build."}, Summary: "Two timezone tests still fail on the nightly build.", Fires: false},
		{Source: []string{"assistant: ✓ payments.go:88 - error when the refund id is empty"}, Summary: "payments.go:88 - empty refund id now rejected (fixed).", Fires: false},
		// two lines that share only status words are not one claim
		{Source: []string{"tool: bash: command not found: jq"}, Summary: "No `crontab` or `systemd-run` commands found in the deploy logs to explain the restart", Fires: false},
	},
})

// OpenClosedBack: the summary fact must be at least this much the source's words (a
// short tool error against a long summary line that shares two of them is no pair).
var OpenClosedBack = 0.3

// slotClosed: the claims' own resolution moved from open (or partial) to resolved, and
// the summary's claim has no open cue of its own ("Step 4 (pending): check it passes"
// became "Step 4 (done)": the goal's "passes" is no status of the source's).
func slotClosed(f, g *classify.Fact) bool {
	open := f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial"
	return open && g.Status.Resolution == classify.StatusResolved && !classify.StatusClasses(g)[classify.StOpen]
}
