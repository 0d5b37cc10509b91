package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// The user's order told as the agent's own decision.
var _ = rule.Register(&rule.Rule{
	ID:    "provenance/credited-to-agent",
	Doc:   "The summary tells the user's order or decision as the agent's own (I decided, I chose), so the next reader cannot tell it is binding.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if taskLike(g) {
			return rule.Hit{}, false // a task or next step credits no one
		}
		from := speakerKind(f)
		if g.Provenance.Source != "assistant" || p.Match.Cover < 0.4 && !(p.Match.Cover >= 0.3 && choiceClauseHeld(f, g)) || from != "user" && !thirdPartyKind(from) || quotesSource(f, g) && !retold(p, f) {
			return rule.Hit{}, false
		}
		if f.Origin == classify.OriginUser && f.Provenance.Source == "" && f.Act != classify.ActRule && f.Act != classify.ActDecision && f.Act != classify.ActRequest {
			return rule.Hit{}, false // the user's remark, not an order or a choice
		}
		if (f.Act == classify.ActReport || f.Act == classify.ActFinding) && fixVerb[leadVerb(g.Text)] {
			return rule.Hit{}, false // the user reported a problem; the agent fixed it: no credit taken
		}
		if !claimsOrigin(g) {
			return rule.Hit{}, false // "I am designing the tests": the agent doing what was asked takes no credit for the asking
		}
		return rule.NewHit(p.Src, p.Sum, 0.85, "what "+speaker(f)+" established is told as the agent's own",
			rule.Slot{Name: "attribution", Source: speaker(f), Summary: "the assistant"}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Move the cron job to the ops host and keep only the weekly run."}, Summary: "I decided to move the cron job to the ops host and keep only the weekly run.", Fires: true},
		{Source: []string{"user: Move the cron job to the ops host and keep only the weekly run."}, Summary: "User asked to move the cron job to the ops host, weekly run only.", Fires: false},
		{Source: []string{"assistant: The user provided the rollout plan for the cache layer in three phases."}, Summary: "I provided the rollout plan for the cache layer in three phases.", Fires: true},
		// the agent claims the choice in an aside, or in a later clause of its own sentence
		{Source: []string{"user: Keep the nightly snapshots on the cold tier, not the hot one."}, Summary: "Nightly snapshots moved to the cold tier (my call: the hot tier was filling up).", Fires: true},
		{Source: []string{"user: Keep the nightly snapshots on the cold tier, not the hot one."}, Summary: "Snapshots: I rewrote the importer and decided to keep the nightly snapshots on the cold tier, not the hot one.", Fires: true},
		{Source: []string{"user: Keep the nightly snapshots on the cold tier, not the hot one."}, Summary: "Nightly snapshots moved to the cold tier, not the hot one (the user's call).", Fires: false},
		{Source: []string{"user: Keep the nightly snapshots on the cold tier, not the hot one."}, Summary: "Nightly snapshots stay on the cold tier, not the hot one; the user said \"I decided this last week\".", Fires: false},
		// the agent doing what the user asked takes no credit for the asking
		{Source: []string{"assistant: The user wants me to draft the migration plan for the billing tables."}, Summary: "I am drafting the migration plan for the billing tables.", Fires: false},
		{Source: []string{"assistant: The user wants me to draft the migration plan for the billing tables."}, Summary: "I decided to draft the migration plan for the billing tables.", Fires: true},
		// the user reported a bug; the agent fixed it
		{Source: []string{"assistant: The user is pointing out a bug in `mergeInvoices`: credit notes are summed twice."}, Summary: "I fixed the bug in `mergeInvoices` that summed credit notes twice.", Fires: false},
		{Source: []string{"assistant: The user is pointing out a bug in `mergeInvoices`: credit notes are summed twice."}, Summary: "I found the bug in `mergeInvoices` that summed credit notes twice.", Fires: true},
		// the user's choice in one clause of a longer message, told as the agent's finding
		{Source: []string{"user: Since the upload API now rejects unsigned files, we're calling it a major release; tag it 5.0.0 and mail the partner list today."}, Summary: "I determined this is a major release because the upload API now rejects unsigned files.", Fires: true},
		{Source: []string{"user: Since the upload API now rejects unsigned files, we're calling it a major release; tag it 5.0.0 and mail the partner list today."}, Summary: "The user called this a major release because the upload API now rejects unsigned files.", Fires: false},
		// the user's words quoted with a cut: the quote's "I" is the user
		{Source: []string{"user: Read the vendor contract first, the renewal clause is on page 12 - I wrote it myself last spring"}, Summary: "\"Read the vendor contract first, the renewal clause ... - I wrote it myself last spring\" (asked to check the renewal terms)", Fires: false},
	},
})

// choiceClauseHeld: the clause of f that makes its choice ("we're calling it a major
// release") is in g, every content word of it besides the choice's own cue: a long
// source fact whose decision the summary restates, the rest of it left out.
func choiceClauseHeld(f, g *classify.Fact) bool {
	low := lexicon.Lower(f.Text)
	for _, h := range lexicon.Default().Find(low) {
		if h.Category != "chosen" {
			continue
		}
		end := h.End + strings.IndexAny(f.Text[h.End:]+";", ",;:.\n")
		cue := classify.Terms(f.Text[h.Start:h.End], nil)
		var ws []string
		for _, w := range classify.Terms(f.Text[clauseStart(f.Text, h.Start):end], nil) {
			if !slices.Contains(cue, w) {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 && heldWords(g, ws) == len(ws) {
			return true
		}
	}
	return false
}

// claimsOrigin: the summary fact says where the claim or choice came from (a verb of
// credit or choice, "I decided", "I found", "I determined", or "my call", "my
// choice"), not only what the agent is doing.
func claimsOrigin(g *classify.Fact) bool {
	low := lower(g.Text)
	if strings.Contains(low, "my call") || strings.Contains(low, "my choice") || strings.Contains(low, "my decision") {
		return true
	}
	for _, h := range lexicon.Default().Find(g.Text) {
		if h.Category == "credit" || h.Category == "chosen" {
			return true
		}
	}
	return false
}

// fixVerb: the verbs of fixing a problem. Fixing what someone else reported is the
// fixer's own work; it takes no credit for the report.
var fixVerb = map[string]bool{"fixed": true, "patched": true, "resolved": true, "addressed": true, "corrected": true, "repaired": true}
