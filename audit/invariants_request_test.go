package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A task the user asks for once is no standing rule; a request with a limit, a
// negation, a value or a "let's" that sets the way forward is.
func TestRequestInvariants(t *testing.T) {
	cases := []struct {
		text    string
		tracked bool
	}{
		{"Export the seating chart and send it to the venue.", false},
		{"Start with the seating chart.", false},
		{"Export the seating chart, but never with the donors' names on it.", true},
		{"Export the seating chart at 300 dpi for the printer.", true},
		{"Ok, let's go with the riso printer for the posters.", true},
	}
	for _, c := range cases {
		s := &sessions.Session{ID: "req", Path: "req", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: c.text},
				{ID: "m2", Role: sessions.RoleAssistant, Text: "Done: the proofs are in the shared folder."},
			},
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: "- The proofs are in the shared folder."}},
		}
		r := audit.Run(s, audit.Options{Workers: 1})
		got := false
		for _, inv := range r.Invariants {
			if inv.Message == "m1" {
				got = true
			}
		}
		if got != c.tracked {
			t.Errorf("%q: tracked as an invariant %v, want %v", c.text, got, c.tracked)
		}
	}
}
