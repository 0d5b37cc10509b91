package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A retired invariant still has the round whose summary dropped it, unflagged; one the
// summaries keep after its retirement has none.
func TestRetiredInvariantDropIsUnflagged(t *testing.T) {
	s := &sessions.Session{ID: "ret", Path: "ret", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Never reflash the kiln controller until Aiko signs off the firmware diff. Keep the glaze log in UTC."},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "Understood; I'll prepare the firmware diff for Aiko."},
			{ID: "m3", Role: sessions.RoleUser, Text: "Aiko signed off the firmware diff."},
			{ID: "m4", Role: sessions.RoleAssistant, Text: "Reflashing the kiln controller now."},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3", "m4"}, Summary: "The user keeps the glaze log in UTC. The kiln controller is being reflashed."}},
		Manifest: &sessions.Manifest{
			Invariants: []sessions.Invariant{
				{ID: "inv-reflash", Text: "Never reflash the kiln controller until Aiko signs off the firmware diff.", At: "m1"},
				{ID: "inv-utc", Text: "Keep the glaze log in UTC.", At: "m1"},
			},
			Events: []sessions.Event{{Kind: "retire", ID: "inv-reflash", At: "m3"}, {Kind: "retire", ID: "inv-utc", At: "m3"}},
		},
	}
	r := audit.Run(s, audit.Options{Workers: 1})
	got := map[string]audit.Invariant{}
	for _, inv := range r.Invariants {
		got[inv.ID] = inv
	}
	if inv := got["inv-reflash"]; inv.DroppedInRound == nil || *inv.DroppedInRound != 1 || inv.Flagged {
		t.Errorf("the retired rule the summary dropped: dropped in %v, flagged %v; want round 1, unflagged", inv.DroppedInRound, inv.Flagged)
	}
	if inv := got["inv-utc"]; inv.DroppedInRound != nil || inv.Flagged {
		t.Errorf("the retired rule the summary keeps: dropped in %v, flagged %v; want never dropped", inv.DroppedInRound, inv.Flagged)
	}
}

// An invariant a later summary restates with less force ("must" as "should ideally")
// is dropped in that round; restated with its force, it is not.
func TestInvariantWeakenedInALaterRound(t *testing.T) {
	run := func(second string) audit.Invariant {
		s := &sessions.Session{ID: "weak", Path: "weak", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: "The nightly ledger close must finish before 04:00 CET; the auditors pull it then."},
				{ID: "m2", Role: sessions.RoleAssistant, Text: "Noted; profiling the close job now."},
				{ID: "m3", Role: sessions.RoleAssistant, Text: "The slow step is the FX revaluation query."},
			},
			Compactions: []sessions.Compaction{
				{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: "The nightly ledger close must finish before 04:00 CET (the auditors pull it then). Profiling the close job."},
				{ID: "c2", Round: 2, Sources: []string{"c1", "m3"}, Summary: second},
			},
			Manifest: &sessions.Manifest{Invariants: []sessions.Invariant{{ID: "inv-close", Text: "The nightly ledger close must finish before 04:00 CET.", At: "m1"}}},
		}
		r := audit.Run(s, audit.Options{Workers: 1})
		if len(r.Invariants) != 1 {
			t.Fatalf("%d invariants, want 1", len(r.Invariants))
		}
		return r.Invariants[0]
	}
	weak := run("The nightly ledger close should ideally finish before 04:00 CET (the auditors pull it then). The slow step is the FX revaluation query.")
	if weak.DroppedInRound == nil || *weak.DroppedInRound != 2 || !weak.Flagged {
		t.Errorf("weakened in round 2: dropped in %v, flagged %v; want round 2, flagged", weak.DroppedInRound, weak.Flagged)
	}
	kept := run("The nightly ledger close must finish before 04:00 CET (the auditors pull it then). The slow step is the FX revaluation query.")
	if kept.DroppedInRound != nil {
		t.Errorf("kept with its force: dropped in round %d", *kept.DroppedInRound)
	}
}

// An invariant whose restatement in the earlier summary a later summary loses outright
// is dropped in that round, as the round's own audit reports the loss, even when the
// later summary holds a like-worded order (skip some items, do the rest).
func TestInvariantLostWithItsCarrier(t *testing.T) {
	s := &sessions.Session{ID: "carrier", Path: "carrier", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleAssistant, Text: "The reviewer left nine notes on the fare-calculator pull request; I've listed them 1 to 9."},
			{ID: "m2", Role: sessions.RoleUser, Text: "skip 3, 4, 6 and do the rest"},
			{ID: "m3", Role: sessions.RoleAssistant, Text: "Addressed notes 1, 2, 5, 7, 8 and 9 and pushed."},
			{ID: "m4", Role: sessions.RoleUser, Text: "fix them all, skip 12 (but reply as before)"},
		},
		Compactions: []sessions.Compaction{
			{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"}, Summary: "All user messages:\n- \"skip 3, 4, 6 and do the rest\"\nNotes 1, 2, 5, 7, 8 and 9 addressed and pushed."},
			{ID: "c2", Round: 2, Sources: []string{"c1", "m4"}, Summary: "All user messages:\n- \"fix them all, skip 12 (but reply as before)\"\nThe new review round is being fixed."},
		},
	}
	r := audit.Run(s, audit.Options{Workers: 1})
	for _, inv := range r.Invariants {
		if inv.Text == "skip 3, 4, 6 and do the rest" {
			if inv.DroppedInRound == nil || *inv.DroppedInRound != 2 {
				t.Fatalf("dropped in %v, want round 2 (states %+v)", inv.DroppedInRound, inv.States)
			}
			return
		}
	}
	t.Fatalf("the user's order is not tracked as an invariant: %+v", r.Invariants)
}
