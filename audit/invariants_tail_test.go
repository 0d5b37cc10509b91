package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// The user's rules stated after the last compaction are invariants too: no summary has
// carried them yet, so every round holds them as pending and none is flagged. A bare
// request that names nothing, the user's question, the assistant's words and the
// user's same rule said again are not listed (again).
func TestStandingRulesAfterTheLastCompaction(t *testing.T) {
	s := &sessions.Session{ID: "tail", Path: "tail", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Port the greenhouse sensor poller to the new MQTT broker."},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "The poller now reads from broker-2 on port 8883."},
			{ID: "m3", Role: sessions.RoleUser, Text: "Never drop readings from the frost sensors, even when the broker lags."},
			{ID: "m4", Role: sessions.RoleAssistant, Text: "Understood; frost readings are queued on disk when the broker lags."},
			{ID: "m5", Role: sessions.RoleUser, Text: "Can you help me with that?"},
			{ID: "m6", Role: sessions.RoleUser, Text: "Can you help me with that."},
			{ID: "m7", Role: sessions.RoleUser, Text: "Never drop readings from the frost sensors, even when the broker lags."},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: "The user asked to port the greenhouse sensor poller to the new MQTT broker; it reads from broker-2 on port 8883."}},
	}
	r := audit.Run(s, audit.Options{Workers: 1})
	var frost []audit.Invariant
	for _, inv := range r.Invariants {
		switch {
		case strings.Contains(inv.Text, "frost sensors"):
			frost = append(frost, inv)
		case strings.Contains(inv.Text, "help me"), strings.Contains(inv.Text, "queued on disk"):
			t.Errorf("listed as an invariant: %q", inv.Text)
		}
	}
	if len(frost) != 1 {
		t.Fatalf("the frost rule is listed %d times, want once", len(frost))
	}
	inv := frost[0]
	if inv.Message != "m3" || inv.Kind != "prohibition" || inv.Flagged || inv.DroppedInRound != nil {
		t.Errorf("frost rule: from %s, kind %s, flagged %v, dropped in %v; want m3, prohibition, unflagged, never dropped", inv.Message, inv.Kind, inv.Flagged, inv.DroppedInRound)
	}
	for _, st := range inv.States {
		if st.State != audit.StatePending {
			t.Errorf("round %d: state %s, want pending", st.Round, st.State)
		}
	}
}
