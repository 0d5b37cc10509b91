package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A rule the earlier summary restated in its own words is kept by a summary that
// carries that line on in other words still, though it shares few words with the
// user's original; a summary that drops the line drops the rule.
func TestInvariantFollowsItsCarrier(t *testing.T) {
	run := func(second string) audit.Invariant {
		s := &sessions.Session{ID: "carrier", Path: "carrier", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: "Build the harbour tide tables for the spring survey from the gauge exports."},
				{ID: "m2", Role: sessions.RoleAssistant, Text: "The gauge exports are parsed; the spring tables build."},
				{ID: "m3", Role: sessions.RoleUser, Text: "And again: no --interpolate, whatever the plot looks like."},
				{ID: "m4", Role: sessions.RoleAssistant, Text: "Understood, the tables use the raw readings."},
				{ID: "m5", Role: sessions.RoleUser, Text: "Now add the neap tides to the same tables."},
				{ID: "m6", Role: sessions.RoleAssistant, Text: "Neap tides are in the tables for all twelve gauges."},
			},
			Compactions: []sessions.Compaction{
				{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3", "m4"}, Summary: "- Spring tide tables built from the gauge exports.\n- Raw readings only: --interpolate is not an option (the user said so twice)."},
				{ID: "c2", Round: 2, Sources: []string{"c1", "m5", "m6"}, Summary: second},
			},
		}
		return invariantWith(t, s, "no --interpolate")
	}
	if inv := run("- Spring and neap tide tables built for all twelve gauges.\n- From the user: the raw readings only; --interpolate stays excluded."); inv.DroppedInRound != nil {
		t.Errorf("carried on in other words: dropped in round %d; want kept", *inv.DroppedInRound)
	}
	if inv := run("- Spring and neap tide tables built for all twelve gauges."); inv.DroppedInRound == nil || *inv.DroppedInRound != 2 || !inv.Flagged {
		t.Errorf("carrier dropped: dropped in %v, flagged %v; want round 2, flagged", inv.DroppedInRound, inv.Flagged)
	}
}
