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

// TestChangedValueOfAnotherSourcesLine: a summary line that another source states
// better is still a mutation when the value it changed is in no source at all: the
// summary wrote a new id, whichever line it copied.
func TestChangedValueOfAnotherSourcesLine(t *testing.T) {
	run := func(summary string) []audit.Finding {
		msgs := []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "The brochure job is slow to rip. Add a spot-colour layer for the cover, as job 0042 in the print queue."},
			{ID: "m2", Role: sessions.RoleTool, Text: "Created jobs/0042_cover_spot_layer.ps:\nSETLAYER cover_spot_layer PANTONE 286 C ON cover (front) WHERE ink = 'spot';\nCreated jobs/0042_cover_spot_layer.undo.ps:\nDROPLAYER cover_spot_layer;"},
		}
		s := &sessions.Session{ID: "press", Path: "press", Format: sessions.NativeFormat, Messages: msgs,
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: summary}}}
		return audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings
	}
	mutation := func(fs []audit.Finding) bool {
		for _, f := range fs {
			if f.Family == audit.Mutation {
				return true
			}
		}
		return false
	}
	const line = " (set: SETLAYER cover_spot_layer PANTONE 286 C ON cover (front) WHERE ink = 'spot'; undo: DROPLAYER)."
	if mutation(run("## Done\n- Job 0042_cover_spot_layer" + line)) {
		t.Error("the summary keeps the id, yet a mutation is reported")
	}
	if !mutation(run("## Done\n- Job 42_cover_spot_layer" + line)) {
		t.Error("job 0042 became 42_cover_spot_layer, yet no mutation is reported")
	}
}
