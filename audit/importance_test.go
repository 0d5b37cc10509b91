package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
	"github.com/compaudit/compaudit/sessions"
)

// importanceOf is the importance of the finding about the source fact that contains
// text (-1 when there is none).
func importanceOf(t *testing.T, ex rule.Example, text string) float64 {
	t.Helper()
	for _, rd := range audit.Run(ruledoc.Session(ex), audit.Options{Workers: 1}).Rounds {
		for _, f := range rd.Findings {
			if f.Source != nil && strings.Contains(f.Source.Text, text) {
				return f.Importance
			}
		}
	}
	return -1
}

// TestOneOffOrderDoneWeighsLess: an order to do one thing, which the assistant then
// did, matters less once done than the same order left undone; a standing rule does
// not lose weight by being followed.
func TestOneOffOrderDoneWeighsLess(t *testing.T) {
	sum := "Working on the changelog for the 2031.04 release."
	done := importanceOf(t, rule.Example{Source: []string{"user: create the release branch please", "assistant: Created the release branch and pushed it."}, Summary: sum}, "create the release branch")
	undone := importanceOf(t, rule.Example{Source: []string{"user: create the release branch please", "assistant: Looking at the changelog first."}, Summary: sum}, "create the release branch")
	if done < 0 || undone < 0 || done >= undone {
		t.Errorf("a one-off order carried out weighs %.2f, left undone %.2f: want less once done", done, undone)
	}
	rule1 := importanceOf(t, rule.Example{Source: []string{"user: never push the release branch", "assistant: Created the release branch and pushed it."}, Summary: sum}, "never push")
	rule2 := importanceOf(t, rule.Example{Source: []string{"user: never push the release branch", "assistant: Looking at the changelog first."}, Summary: sum}, "never push")
	if rule1 < rule2 {
		t.Errorf("a standing rule weighs %.2f after related work, %.2f without: it must not lose weight", rule1, rule2)
	}
}

// TestLoosePairWeighsLess: the same flipped claim weighs less when the summary line
// that flips it also says much else (a looser pairing) than when it restates it alone;
// a changed value, anchored in the value itself, does not.
func TestLoosePairWeighsLess(t *testing.T) {
	src := []string{"assistant: The staging bucket is not versioned."}
	tight := importanceOf(t, rule.Example{Source: src, Summary: "The staging bucket is versioned."}, "staging bucket")
	loose := importanceOf(t, rule.Example{Source: src, Summary: "The staging bucket is versioned and replicated nightly."}, "staging bucket")
	if tight < 0 || loose < 0 || loose >= tight {
		t.Errorf("flip restated alone weighs %.2f, inside a longer line %.2f: want the longer line lower", tight, loose)
	}
	vsrc := []string{"assistant: The export job writes 4,812 rows per batch."}
	vt := importanceOf(t, rule.Example{Source: vsrc, Summary: "The export job writes 4,182 rows per batch."}, "4,812")
	vl := importanceOf(t, rule.Example{Source: vsrc, Summary: "The export job writes 4,182 rows per batch and retries each batch twice against the Frankfurt archive account."}, "4,812")
	if vt < 0 || vl < 0 || vl < vt {
		t.Errorf("a changed value weighs %.2f restated alone, %.2f in a longer line: want the same", vt, vl)
	}
}

// TestErrorsOutgrowTheBudget: a summary that drops nine standing rules reports all
// nine above info (the round budget caps warnings, not errors); a round that loses
// fewer things of weight keeps to the budget.
func TestErrorsOutgrowTheBudget(t *testing.T) {
	rules := []string{
		"user: Never delete the audit partitions in the ledger database.",
		"user: Never rotate the signing key during a release window.",
		"user: Never push directly to the release branch.",
		"user: Never disable the payment webhook retries.",
		"user: Never run the backfill job on the primary replica.",
		"user: Never change the invoice numbering scheme.",
		"user: Never restart the scheduler while exports are running.",
		"user: Never merge without the security review label.",
		"user: Never truncate the tenant activity log.",
	}
	rep := audit.Run(ruledoc.Session(rule.Example{Source: rules, Summary: "Working on the dashboard colours."}), audit.Options{Workers: 1})
	loud := 0
	for _, f := range rep.Rounds[0].Findings {
		if f.Severity == audit.SevError {
			loud++
		}
	}
	if loud != len(rules) {
		t.Errorf("%d of %d dropped rules reported as errors, want all", loud, len(rules))
	}
}

// TestShortNamedOrderKeepsWeight: the user's short order that names an exact thing
// ("reply to <url>") weighs about as much as a longer order; a short line that names
// a thing without ordering anything stays light.
func TestShortNamedOrderKeepsWeight(t *testing.T) {
	sum := "Working on the invoice export's currency column."
	named := importanceOf(t, rule.Example{Source: []string{"user: reply to https://tracker.example.org/tickets/4471#c12"}, Summary: sum}, "reply to")
	long := importanceOf(t, rule.Example{Source: []string{"user: reply to https://tracker.example.org/tickets/4471#c12 in that thread, not in a new comment"}, Summary: sum}, "reply to")
	label := importanceOf(t, rule.Example{Source: []string{"user: ticket https://tracker.example.org/tickets/4471"}, Summary: sum}, "ticket")
	if named < 0 || long < 0 || label < 0 || named < long-0.1 || named <= label {
		t.Errorf("short named order weighs %.2f, the longer order %.2f, a named thing without an order %.2f: want the short order near the long one and above the bare name", named, long, label)
	}
}

// TestCommandPromptWeighsLikeATemplate: a rule in a slash command's expanded prompt
// (a template the command expands on every run) weighs less when lost than the same
// rule injected once for this work (a hook's context).
func TestCommandPromptWeighsLikeATemplate(t *testing.T) {
	weight := func(name string) float64 {
		s := &sessions.Session{ID: "cmd", Path: "cmd", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: "/ship-docs the 7.2 handbook"},
				{ID: "m2", Role: sessions.RoleSystem, Kind: sessions.KindInstruction, Name: name, Text: "Never publish the handbook before the legal review signs it off."},
				{ID: "m3", Role: sessions.RoleAssistant, Text: "Building the 7.2 handbook site."},
			},
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"}, Summary: "Building the 7.2 handbook site for the user."}},
		}
		for _, f := range audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings {
			if f.Source != nil && f.Source.Message == "m2" {
				return f.Importance
			}
		}
		return -1
	}
	cmd, hook := weight("command:/ship-docs"), weight("hook:SessionStart")
	if cmd < 0 || hook < 0 || cmd >= hook {
		t.Errorf("the lost rule weighs %.2f from a command's prompt, %.2f from a hook's context: want less from the command", cmd, hook)
	}
}

// TestAcceptedOfferWeighsMore: what the assistant proposed weighs more once the user
// accepted it ("yes please") than when the user answered otherwise, and an accepted
// offer's dropped step is above info.
func TestAcceptedOfferWeighsMore(t *testing.T) {
	offer := "assistant: The retries cannot help here. I'd write the failed invoices to the review queue and keep the batch going. Shall I wire that in?"
	sum := "Invoice batch: the retries were removed."
	yes := importanceOf(t, rule.Example{Source: []string{offer, "user: yes please"}, Summary: sum}, "review queue")
	other := importanceOf(t, rule.Example{Source: []string{offer, "user: what about the ledger export?"}, Summary: sum}, "review queue")
	if yes < 0 || other < 0 || yes <= other {
		t.Errorf("an accepted offer weighs %.2f, one the user answered otherwise %.2f: want it higher once accepted", yes, other)
	}
}

// TestFailureAsPassIsLoud: a summary that gives as passed a run the agent said failed
// (the probe dropped before the suite ran) is above info, though the agent's own line
// is a plain statement of middling weight.
func TestFailureAsPassIsLoud(t *testing.T) {
	w := importanceOf(t, rule.Example{Source: []string{"tool: $ make test-unit\nok  \tgithub.com/acme/geo\t2.1s", "assistant: The on-device suite flashed but then lost the probe: \"USB error: access denied\" when the runner reattached."}, Summary: "On-device tests: 212/212 passed via the runner."}, "lost the probe")
	if w < audit.WarningWeight {
		t.Errorf("a failure given as a pass weighs %.2f, below warning (%.2f)", w, audit.WarningWeight)
	}
}

// TestQuotedRemarkWeighsLessThanQuotedOrder: an earlier summary's record of the user's
// messages quotes orders and remarks alike; dropped by the next summary, the quoted
// order weighs more than the quoted question, which is the conversation's history.
func TestQuotedRemarkWeighsLessThanQuotedOrder(t *testing.T) {
	first := "## Task\n- Move the print queue to the new spooler.\n\n## All user messages\n- \"Keep the old spooler running until the Friday batch prints.\"\n- \"Why does the spooler log rotate twice a night?\"\n"
	s := &sessions.Session{ID: "quotes", Path: "quotes", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Move the print queue to the new spooler."},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "The queue config is in spool.conf."},
			{ID: "m3", Role: sessions.RoleAssistant, Text: "Copied spool.conf to the new host."},
		},
		Compactions: []sessions.Compaction{
			{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: first},
			{ID: "c2", Round: 2, Sources: []string{"c1", "m3"}, Summary: "## Task\n- Move the print queue to the new spooler; spool.conf copied to the new host."},
		},
	}
	order, remark := -1.0, -1.0
	for _, rd := range audit.Run(s, audit.Options{Workers: 1}).Rounds {
		for _, f := range rd.Findings {
			switch {
			case f.Source == nil || rd.Round != 2:
			case strings.Contains(f.Source.Text, "Keep the old spooler"):
				order = f.Importance
			case strings.Contains(f.Source.Text, "rotate twice"):
				remark = f.Importance
			}
		}
	}
	if order < 0 || remark < 0 || remark >= order-0.1 {
		t.Errorf("the quoted order weighs %.2f, the quoted question %.2f: want the question well below the order", order, remark)
	}
}
