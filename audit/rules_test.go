package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// oneRound audits a session of user/assistant/tool messages (role:text) and one summary.
func oneRound(t *testing.T, summary string, msgs ...string) audit.Round {
	t.Helper()
	s := &sessions.Session{ID: "t", Path: "t", Format: sessions.NativeFormat}
	var ids []string
	for k, m := range msgs {
		role, text, _ := strings.Cut(m, ":")
		id := "m" + string(rune('a'+k))
		s.Messages = append(s.Messages, sessions.Message{ID: id, Role: role, Text: strings.TrimSpace(text)})
		ids = append(ids, id)
	}
	s.Compactions = []sessions.Compaction{{ID: "c1", Round: 1, Sources: ids, Summary: summary}}
	s.Index()
	if err := sessions.Validate(s, nil); err != nil {
		t.Fatal(err)
	}
	r := audit.Run(s, audit.Options{})
	return r.Rounds[0]
}

// has reports whether rd holds a non-info finding of family whose detail contains d.
func has(rd audit.Round, family, d string) bool {
	for _, f := range rd.Findings {
		if f.Family == family && f.Severity != audit.SevInfo && strings.Contains(f.Detail, d) {
			return true
		}
	}
	return false
}

func TestZoneChangeIsMutation(t *testing.T) {
	rd := oneRound(t, "User rule: consumer config changes only in the 21:00-22:00 UTC deploy window.",
		"user: Consumer config changes go out only in the 21:00-22:00 CET deploy window.")
	if !has(rd, audit.Mutation, "21:00 CET") {
		t.Errorf("21:00 CET -> 21:00 UTC not reported: %+v", rd.Findings)
	}
	same := oneRound(t, "User rule: consumer config changes only in the 21:00-22:00 CET deploy window.",
		"user: Consumer config changes go out only in the 21:00-22:00 CET deploy window.")
	if has(same, audit.Mutation, "") {
		t.Errorf("an unchanged window reported: %+v", same.Findings)
	}
}

func TestLeadingZerosOfANameAreAMutation(t *testing.T) {
	rd := oneRound(t, "Migration 87_invoices_due_date_idx adds a partial index on invoices(due_date).",
		"assistant: Created migrations/0087_invoices_due_date_idx.up.sql with a partial index on invoices(due_date).")
	if !has(rd, audit.Mutation, "leading zeros") {
		t.Errorf("0087_ -> 87_ not reported: %+v", rd.Findings)
	}
}

func TestResultThatNeverRanIsAnAddition(t *testing.T) {
	rd := oneRound(t, "On-target tests (tests/hw.rs): 14/14 passed.",
		"tool: Running tests/hw.rs\nError: probe could not be created",
		"assistant: So the 14 on-target tests have not run.")
	if !has(rd, audit.Addition, "never ran") {
		t.Errorf("invented result not reported: %+v", rd.Findings)
	}
	ran := oneRound(t, "On-target tests (tests/hw.rs): 14/14 passed.",
		"assistant: So the 14 on-target tests have not run.",
		"tool: Running tests/hw.rs\ntest result: 14/14 passed",
		"assistant: After re-plugging the probe, the 14 on-target tests passed.")
	if has(ran, audit.Addition, "never ran") {
		t.Errorf("a result the sources report was called invented: %+v", ran.Findings)
	}
}

func TestDecisionNobodyTookIsAnAddition(t *testing.T) {
	rd := oneRound(t, "Decided to move the state backend from S3 to Terraform Cloud workspaces as the next step.",
		"user: Split the network resources out of the prod state into prod-network.",
		"tool: backend \"s3\" { bucket = \"acme-tfstate\" }",
		"assistant: Moved all 12 network objects with terraform state mv; the S3 backend is unchanged.")
	if !has(rd, audit.Addition, "decided to") {
		t.Errorf("invented decision not reported: %+v", rd.Findings)
	}
	ordered := oneRound(t, "Decided to keep the S3 backend for prod-network.",
		"user: Keep the S3 backend for prod-network; no Terraform Cloud.")
	if has(ordered, audit.Addition, "decided to") {
		t.Errorf("the user's own decision was called invented: %+v", ordered.Findings)
	}
}

func TestDocumentRuleRestatedBareLosesItsSource(t *testing.T) {
	rd := oneRound(t, "Provider tokens must be refreshed no more often than every 20 minutes.",
		"user: Switch push-svc to token-based APNs auth.",
		"tool: docs/vendor/apple-token-based-connection.md (lines 10-14)\n- Refresh your token no more than once every 20 minutes and no less than once every 60 minutes.")
	if !has(rd, audit.ProvenanceLoss, "") {
		t.Errorf("a vendor rule restated as a bare rule kept no finding: %+v", rd.Findings)
	}
	plain := oneRound(t, "The token refresh interval is between 20 and 60 minutes.",
		"user: Switch push-svc to token-based APNs auth.",
		"tool: docs/vendor/apple-token-based-connection.md (lines 10-14)\n- Refresh your token no more than once every 20 minutes and no less than once every 60 minutes.")
	if has(plain, audit.ProvenanceLoss, "") {
		t.Errorf("a file's content condensed as a fact was called provenance loss: %+v", plain.Findings)
	}
}
