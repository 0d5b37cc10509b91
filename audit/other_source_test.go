package audit_test

import (
	"fmt"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestMutationNeedsTheSameClaim: a summary line that other sources state well is not
// a mutation of a source fact the aligner set beside it; the same line with no other
// source that holds it is.
func TestMutationNeedsTheSameClaim(t *testing.T) {
	run := func(others int) []audit.Finding {
		msgs := []sessions.Message{{ID: "m1", Role: sessions.RoleAssistant, Text: "The nightly job does not purge the staging bucket."}}
		for k := 0; k < others; k++ {
			msgs = append(msgs, sessions.Message{ID: fmt.Sprintf("m%d", k+2), Role: sessions.RoleAssistant,
				Text: fmt.Sprintf("Run %d: the nightly job purges the temp bucket after the export.", k+1)})
		}
		ids := make([]string, len(msgs))
		for i := range msgs {
			ids[i] = msgs[i].ID
		}
		s := &sessions.Session{ID: "pair", Path: "pair", Format: sessions.NativeFormat, Messages: msgs,
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: ids, Summary: "The nightly job purges the temp bucket after the export."}}}
		return audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings
	}
	mutationOfM1 := func(fs []audit.Finding) bool {
		for _, f := range fs {
			if f.Family == audit.Mutation && f.Source != nil && f.Source.Message == "m1" {
				return true
			}
		}
		return false
	}
	if !mutationOfM1(run(0)) {
		t.Fatal("alone, 'does not purge' against the summary's 'purges' is no mutation: the test has no case")
	}
	if mutationOfM1(run(6)) {
		t.Error("the summary states six other sources' claim, yet m1's 'does not purge' is reported as flipped")
	}
}
