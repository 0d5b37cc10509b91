package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// An invariant whose value the user changed later ("keep them 90 days, not 30") is
// kept by a summary that states the new value; a summary with a value nobody gave
// drops it.
func TestInvariantAmendedByTheUser(t *testing.T) {
	run := func(second string) audit.Invariant {
		s := &sessions.Session{ID: "amend", Path: "amend", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: "Every kiln firing log must be archived to the glaze bucket and kept there for 30 days."},
				{ID: "m2", Role: sessions.RoleAssistant, Text: "Archiving is set up; the bucket rule keeps firing logs 30 days."},
				{ID: "m3", Role: sessions.RoleUser, Text: "Change of plan from the studio: keep the firing logs 90 days, not 30."},
				{ID: "m4", Role: sessions.RoleAssistant, Text: "Updated the bucket rule to 90 days."},
			},
			Compactions: []sessions.Compaction{
				{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: "Every kiln firing log must be archived to the glaze bucket and kept there for 30 days (user rule). Archiving is set up."},
				{ID: "c2", Round: 2, Sources: []string{"c1", "m3", "m4"}, Summary: second},
			},
		}
		return invariantWith(t, s, "archived to the glaze bucket")
	}
	if inv := run("Every kiln firing log must be archived to the glaze bucket and kept there for 90 days (raised from 30 by the user). The bucket rule is updated."); inv.Flagged || inv.DroppedInRound != nil {
		t.Errorf("kept with the user's new value: flagged %v, dropped in %v; want kept", inv.Flagged, inv.DroppedInRound)
	}
	if inv := run("Every kiln firing log must be archived to the glaze bucket and kept there for 60 days. The bucket rule is updated."); inv.DroppedInRound == nil || *inv.DroppedInRound != 2 {
		t.Errorf("kept with a value nobody gave: dropped in %v; want round 2", inv.DroppedInRound)
	}
}

// invariantWith audits s and returns the tracked invariant whose text holds part; the
// test fails when none does.
func invariantWith(t *testing.T, s *sessions.Session, part string) audit.Invariant {
	t.Helper()
	r := audit.Run(s, audit.Options{Workers: 1})
	for _, inv := range r.Invariants {
		if strings.Contains(inv.Text, part) {
			return inv
		}
	}
	t.Fatalf("no invariant holds %q (%d invariants)", part, len(r.Invariants))
	return audit.Invariant{}
}
