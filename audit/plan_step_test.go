package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestPlanStepDoneByAnEdit: a step of an approved plan whose code identifiers a later
// edit names weighs less when the summary drops it than the same step never acted on;
// a plan's "don't" does not.
func TestPlanStepDoneByAnEdit(t *testing.T) {
	weight := func(step string, edited bool) float64 {
		msgs := []sessions.Message{
			{ID: "m1", Role: sessions.RoleSystem, Kind: sessions.KindInstruction, Name: "plan", Text: "Implement the following plan:\n\n1. " + step + "\n2. Run the scheduler tests."},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "Starting on the scheduler plan."},
		}
		ids := []string{"m1", "m2"}
		if edited {
			msgs = append(msgs,
				sessions.Message{ID: "m3.call", Role: sessions.RoleAssistant, Kind: sessions.KindToolCall, Name: "Edit", Text: "Edit:\nfile_path: /src/sched/scheduler.go\nold_string: func (s *Scheduler) retryBudget() int {\nnew_string: func (s *Scheduler) budget() int {"},
				sessions.Message{ID: "m3", Role: sessions.RoleTool, Kind: sessions.KindToolResult, Name: "Edit", Text: "The file /src/sched/scheduler.go has been updated."})
			ids = append(ids, "m3.call", "m3")
		}
		s := &sessions.Session{ID: "plan", Path: "plan", Format: sessions.NativeFormat, Messages: msgs,
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: ids, Summary: "Working through the scheduler plan; tests next."}}}
		for _, f := range audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings {
			if f.Source != nil && f.Source.Message == "m1" && f.Family == audit.Omission && f.Source.Text == step {
				return f.Importance
			}
		}
		return 0
	}
	const step = "Rename `retryBudget` on `Scheduler` to budget."
	open, done := weight(step, false), weight(step, true)
	if open == 0 || done >= open {
		t.Errorf("the step weighs %.3f left open and %.3f once edited; want it lower once edited", open, done)
	}
	const dont = "Don't change `retryBudget` on `Scheduler`."
	if o, d := weight(dont, false), weight(dont, true); o == 0 || d < o {
		t.Errorf("the plan's don't weighs %.3f and %.3f once the code was edited; want no less", o, d)
	}
}
