package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestProcessTalkNoDistortion: the agent's process talk ("let me run the tests")
// states nothing a summary could distort, so a change found against it stays at info;
// the same change against the agent's statement is above info.
func TestProcessTalkNoDistortion(t *testing.T) {
	run := func(text string) []audit.Finding {
		s := &sessions.Session{ID: "talk", Path: "talk", Format: sessions.NativeFormat,
			Messages: []sessions.Message{{ID: "m1", Role: sessions.RoleAssistant, Text: text}},
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1"},
				Summary: "The tests have NOT been run yet."}}}
		return audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings
	}
	loudMutation := func(fs []audit.Finding) (bool, bool) {
		any, loud := false, false
		for _, f := range fs {
			if f.Family == audit.Mutation {
				any = true
				loud = loud || f.Severity != audit.SevInfo
			}
		}
		return any, loud
	}
	if any, loud := loudMutation(run("The tests have been run.")); !any || !loud {
		t.Fatalf("a statement flipped: mutation found %v, above info %v; want both", any, loud)
	}
	if _, loud := loudMutation(run("Let me run the tests.")); loud {
		t.Fatal("process talk: a mutation against it is above info")
	}
}
