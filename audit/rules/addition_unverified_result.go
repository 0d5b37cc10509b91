package rules

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "The retry fix is verified on staging": nothing in the round checked it.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/unverified-result",
	Doc:   "The summary says a named thing was verified, works, or no longer fails, and no source about that thing reports such a result (a message saying so, or a tool run that passed).",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code || g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Act == classify.ActRequest || g.Modality.Level > 0 || g.Modality.Cue == "imperative" ||
			(g.Section == classify.SecPending || g.Section == classify.SecNext) && !statedAsDone(g) {
			return rule.Hit{}, false
		}
		if reportedWords(g) || stepOfSequence(r, g) {
			return rule.Hit{}, false // the summary tells what someone said, not a result of its own
		}
		cue := verificationCue(g.Text)
		if cue == "" || len(g.Subjects) == 0 || g.Status.Epistemic == classify.StatusHypothesis {
			return rule.Hit{}, false
		}
		if cue != "no longer" && negatedHeads(g)[classify.Stem(cue)] > 0 {
			return rule.Hit{}, false // "not verified yet" claims no result
		}
		if resultReported(r, g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(-1, k, 0.85, "no source about it reports this result", rule.Slot{Name: "result", Summary: cue}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: I changed `retryBackoff` to cap at 30 s and opened a pull request for it."}, Summary: "The `retryBackoff` cap is verified on staging.", Fires: true},
		{Source: []string{"assistant: The `pdf_export` timeout comes from the font cache being rebuilt on every request. I moved the cache to disk."}, Summary: "Moved the font cache to disk; the `pdf_export` timeout no longer occurs.", Fires: true},
		{Source: []string{"assistant: I changed `retryBackoff` to cap at 30 s.", "assistant: Deployed to staging: `retryBackoff` now caps at 30 s, verified with the queue graphs."}, Summary: "The `retryBackoff` cap is verified on staging.", Fires: false},
		{Source: []string{"assistant: Moved the font cache to disk.", "tool: $ make bench-pdf\nPASS pdf_export render: 212 ms (was 9.4 s)"}, Summary: "After moving the font cache to disk, `pdf_export` works again.", Fires: false},
		{Source: []string{"assistant: I changed `retryBackoff` to cap at 30 s."}, Summary: "The `retryBackoff` cap is not verified on staging yet.", Fires: false},
		{Source: []string{"assistant: Checking which branch the deploy uses.", "tool: $ git branch --show-current\nrelease/ledger-sync-2"}, Summary: "I verified the deploy uses `release/ledger-sync-2`.", Fires: false},
		{Source: []string{"assistant: I changed `retryBackoff` to cap at 30 s."}, Summary: "Next Step:\n- Verify the `retryBackoff` cap on staging.", Fires: false},
	},
})

// verificationCue returns the verification or fault-ended word of a text ("" when none).
func verificationCue(text string) string {
	for _, h := range lexicon.Default().Find(text) {
		if h.Category == "verification" {
			return h.Phrase
		}
	}
	return ""
}

// resultReported: a source fact about g reports a result or a completion of its own
// (not a plan, a question or an order), or a tool ran on it (a call or its output).
func resultReported(r *rule.Round, g *classify.Fact) bool {
	for i := range r.Src {
		f := &r.Src[i]
		if f.Act == classify.ActPlan || f.Act == classify.ActQuestion || f.Act == classify.ActRequest || f.Modality.Level > 0 {
			continue
		}
		if rule.About(g, f) && reportsResult(f.Text) {
			return true
		}
	}
	for i := range r.Ev {
		e := &r.Ev[i]
		if !e.Code && rule.About(g, e) {
			// a run or its output about the thing: a check happened, and which line
			// shows it holds is not for a word match to say
			return true
		}
	}
	return false
}

// reportsResult: the text holds a result, completion or verification cue.
func reportsResult(text string) bool {
	for _, h := range lexicon.Default().Find(text) {
		switch h.Category {
		case "result", "done", "verification":
			return true
		}
	}
	return false
}
