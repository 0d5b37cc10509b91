package restore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

func side(text, msg, role string, classes ...classify.Class) *audit.Side {
	return &audit.Side{Text: text, Message: msg, Role: role, Classes: classes, Provenance: classify.Provenance{Role: role}}
}

func omission(sev string, class classify.Class, s *audit.Side) audit.Finding {
	return audit.Finding{Family: audit.Omission, Severity: sev, Class: class, Source: s}
}

func report(summary string, fs ...audit.Finding) *audit.Report {
	rd := audit.Round{Round: 1, ID: "c1", Findings: fs}
	if summary != "" {
		rd.SummaryFacts = []classify.Fact{{Text: summary}}
	}
	return &audit.Report{Session: "s1", File: "f.jsonl", Rounds: []audit.Round{rd}}
}

func build(t *testing.T, r *audit.Report, opt Options) *Block {
	t.Helper()
	b, err := Build(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func texts(b *Block) []string {
	var out []string
	for _, it := range b.Items {
		out = append(out, it.Text)
	}
	return out
}

func TestSelection(t *testing.T) {
	rule := "Never push to main; open a pull request instead."
	r := report("The agent fixed the retry loop.",
		omission(audit.SevError, classify.ExactConstraint, side(rule, "m1", "user", classify.ExactConstraint)),
		omission(audit.SevWarning, classify.Identifier, side("9→func (c *Client) Do(req *http.Request)", "m3", "tool", classify.Identifier)),
		omission(audit.SevWarning, classify.FailureHistory, side("FAIL: TestDrain (0.31s): context deadline exceeded", "m4", "tool", classify.FailureHistory)),
		omission(audit.SevWarning, classify.Narrative, side("Let me look at the file first.", "m2", "assistant")),
		omission(audit.SevWarning, classify.Decision, side("We chose Redis over Memcached for the session store.", "m5", "assistant", classify.Decision)),
		omission(audit.SevInfo, classify.UserPreference, side("I like short commit messages.", "m6", "user", classify.UserPreference)),
		omission(audit.SevWarning, classify.ExactConstraint, side("Follow the style guide in docs/STYLE.md.", "m0", "system", classify.ExactConstraint)),
		omission(audit.SevError, classify.ExactConstraint, side("The agent fixed the retry loop.", "m7", "user", classify.ExactConstraint)),
		audit.Finding{Family: audit.Addition, Severity: audit.SevError, Class: classify.Decision, Summary: side("Invented", "c1", "summary")},
	)
	b := build(t, r, Options{})
	got := texts(b)
	want := []string{rule, "Follow the style guide in docs/STYLE.md.", "FAIL: TestDrain (0.31s): context deadline exceeded", "We chose Redis over Memcached for the session store."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("items:\n got %q\nwant %q", got, want)
	}
	if b.Items[0].Kind != KindUserRule || b.Items[0].SaidBy != "the user" || b.Items[0].Message != "m1" {
		t.Errorf("first item: %+v", b.Items[0])
	}
	if !strings.Contains(b.Text, "> "+rule+"\n") {
		t.Errorf("the rule is not quoted verbatim on its own line:\n%s", b.Text)
	}
	for _, no := range []string{"func (c *Client)", "Let me look", "short commit", "Invented"} {
		if strings.Contains(b.Text, no) {
			t.Errorf("block quotes %q:\n%s", no, b.Text)
		}
	}
	// info counts when asked for
	if b := build(t, r, Options{MinSeverity: audit.SevInfo}); !strings.Contains(b.Text, "I like short commit messages.") {
		t.Errorf("--min-severity info: the preference is missing:\n%s", b.Text)
	}
}

func TestNothingTheSummaryStates(t *testing.T) {
	r := report("- Never retry POST requests: the payment endpoints are not idempotent.\n- Backoff starts at 200ms.",
		omission(audit.SevError, classify.ExactConstraint, side("never retry POST requests", "m1", "user", classify.ExactConstraint)),
		omission(audit.SevWarning, classify.Identifier, side("The service listens on port 8443 (see ticket OPS-7).", "m2", "assistant", classify.Identifier)),
	)
	r.Rounds[0].Findings[1].Source.Tokens = []classify.Token{{Kind: classify.TokPort, Raw: "8443"}, {Kind: classify.TokID, Raw: "OPS-7"}}
	r.Rounds[0].SummaryFacts = append(r.Rounds[0].SummaryFacts, classify.Fact{Text: "Port 8443 is used; ops-7 tracks it."})
	if b := build(t, r, Options{}); !b.Empty() {
		t.Fatalf("restored what the summary still states: %q", texts(b))
	}
}

func TestChangedRuleQuotesTheOriginal(t *testing.T) {
	f := audit.Finding{Family: audit.Mutation, Severity: audit.SevError, Class: classify.ExactConstraint,
		Source:  side("Cap it at 4 attempts in total.", "m1", "user", classify.ExactConstraint),
		Summary: side("Cap retries at 5 attempts.", "c1", "summary", classify.ExactConstraint)}
	narrative := audit.Finding{Family: audit.Mutation, Severity: audit.SevError, Class: classify.Narrative,
		Source: side("It ran for 3 minutes.", "m2", "assistant"), Summary: side("It ran for 4 minutes.", "c1", "summary")}
	b := build(t, report("", f, narrative), Options{})
	if len(b.Items) != 1 || b.Items[0].SummaryNow != "Cap retries at 5 attempts." {
		t.Fatalf("items: %+v", b.Items)
	}
	if !strings.Contains(b.Text, "> Cap it at 4 attempts in total.") || !strings.Contains(b.Text, "The summary says instead: Cap retries at 5 attempts.") {
		t.Errorf("block:\n%s", b.Text)
	}
}

func TestOrder(t *testing.T) {
	mk := func(text string, sev string, imp float64, rank int) audit.Finding {
		f := omission(sev, classify.UserPreference, side(text, "m1", "user", classify.UserPreference))
		f.Importance, f.Rank = imp, rank
		return f
	}
	// ranked findings first by rank, then by importance, then severity
	r := report("", mk("D warning", audit.SevWarning, 0, 0), mk("C error", audit.SevError, 0, 0), mk("B important", audit.SevWarning, 0.9, 0), mk("A ranked", audit.SevWarning, 0.1, 1))
	if got := strings.Join(texts(build(t, r, Options{})), ","); got != "A ranked,B important,C error,D warning" {
		t.Errorf("order: %s", got)
	}
}

func TestCap(t *testing.T) {
	var fs []audit.Finding
	for i := 0; i < 200; i++ {
		fs = append(fs, omission(audit.SevError, classify.ExactConstraint,
			side(fmt.Sprintf("Rule %d: never deploy service-%d on a Friday after 16:00 without sign-off from the on-call lead.", i, i), fmt.Sprintf("m%d", i), "user", classify.ExactConstraint)))
	}
	r := report("", fs...)
	for _, max := range []int{MinMaxTokens, 400, DefaultMaxTokens} {
		b := build(t, r, Options{MaxTokens: max})
		if n := audit.CountTokens(b.Text); n > max || n != b.Tokens {
			t.Errorf("max %d: block has %d tokens (reported %d)", max, n, b.Tokens)
		}
		if len(b.Items) == 0 || b.LeftOut != 200-len(b.Items) || b.Qualified != 200 {
			t.Errorf("max %d: %d items, %d left out, %d qualified", max, len(b.Items), b.LeftOut, b.Qualified)
		}
		if !strings.Contains(b.Text, fmt.Sprintf("%d more lost item(s)", b.LeftOut)) {
			t.Errorf("max %d: no footer naming what was left out", max)
		}
		if b.Items[0].Text != fs[0].Source.Text {
			t.Errorf("max %d: the first rule is not first", max)
		}
	}
}

func TestOpaqueAndRounds(t *testing.T) {
	r := report("", omission(audit.SevError, classify.ExactConstraint, side("Never X.", "m1", "user", classify.ExactConstraint)))
	r.Rounds[0].Opaque = true
	if b := build(t, r, Options{}); !b.Empty() || !b.Opaque || b.Text != "" {
		t.Errorf("opaque round restored %+v", b)
	}
	if _, err := Build(r, Options{Round: 3}); err == nil {
		t.Error("round 3 of a 1-round report: no error")
	}
	if _, err := Build(&audit.Report{}, Options{}); err == nil {
		t.Error("no rounds: no error")
	}
}

func TestReadsThroughAnEarlierBlock(t *testing.T) {
	rule := "Important: never retry POST requests."
	earlier := build(t, report("", omission(audit.SevError, classify.ExactConstraint, side(rule, "m1", "user", classify.ExactConstraint))),
		Options{Lookup: func(string) (Message, bool) { return Message{Role: "user", At: "2025-11-04T14:02:11Z"}, true }})
	// the earlier block is now a system message (m9) of a later round, and that round drops it
	r := report("", omission(audit.SevError, classify.ExactConstraint, side(rule, "m9", "system", classify.ExactConstraint)))
	b := build(t, r, Options{Lookup: func(id string) (Message, bool) {
		return Message{Role: "system", Text: earlier.Text, At: "2025-11-04T15:00:00Z"}, id == "m9"
	}})
	it := b.Items[0]
	if it.SaidBy != "the user" || it.Message != "m1" || it.At != "2025-11-04T14:02:11Z" || it.Via != "m9" || it.Kind != KindUserRule {
		t.Errorf("item: %+v", it)
	}
}

// TestRealTranscript runs the audit on a Claude Code transcript whose summary dropped
// the user's POST rule and kept the rest of the request.
func TestRealTranscript(t *testing.T) {
	s, err := sessions.ReadFile("../../testdata/hooks/claude-lost-rule.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	r := audit.Run(s, audit.Options{})
	b := build(t, r, Options{})
	rule := "Important: never retry POST requests, because the payment endpoints behind this client are not idempotent."
	if !strings.Contains(b.Text, "> "+rule+"\n") {
		t.Fatalf("the dropped rule is not quoted:\n%s", b.Text)
	}
	for _, kept := range []string{"200ms", "4 attempts", "jitter"} {
		if strings.Contains(b.Text, kept) {
			t.Errorf("the block quotes %q, which the summary kept:\n%s", kept, b.Text)
		}
	}
	var j1, j2 bytes.Buffer
	json.NewEncoder(&j1).Encode(b)
	json.NewEncoder(&j2).Encode(build(t, audit.Run(s, audit.Options{}), Options{}))
	if j1.String() != j2.String() {
		t.Error("two builds differ")
	}
}

func TestRestatedInOtherWords(t *testing.T) {
	src := "Never retry POST requests, because the payment endpoints are not idempotent."
	mk := func(summary string) *audit.Report {
		return report(summary, omission(audit.SevError, classify.ExactConstraint, side(src, "m1", "user", classify.ExactConstraint)))
	}
	if b := build(t, mk("The user said: POST requests are never retried, because payment endpoints are not idempotent."), Options{}); !b.Empty() {
		t.Errorf("a restatement was restored: %q", texts(b))
	}
	// the same words without the prohibition do not state it
	if b := build(t, mk("Retry POST requests: the payment endpoints are idempotent."), Options{}); b.Empty() {
		t.Error("a summary that lost the negation counted as stating the rule")
	}
}
