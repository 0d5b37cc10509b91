package audit

import (
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

// The same words said twice and changed once in the summary are one finding, not one
// per copy.
func TestRepeatedSourceIsOneFinding(t *testing.T) {
	line := "The nightly export to the archive bucket is still failing."
	s := &sessions.Session{ID: "repeat", Path: "repeat", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleAssistant, Text: line},
			{ID: "m2", Role: sessions.RoleUser, Text: "Keep looking at it."},
			{ID: "m3", Role: sessions.RoleAssistant, Text: line},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"},
			Summary: "The nightly export to the archive bucket is fixed and passing."}},
	}
	s.Index()
	n := 0
	for _, f := range Run(s, Options{}).Rounds[0].Findings {
		if f.Family == EpistemicCollapse && f.Source != nil && f.Source.Text == line {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d collapse findings for the repeated line, want 1", n)
	}
}

// A summary line that credits the wrong party is one provenance finding, however
// many source lines it pairs with.
func TestOneCreditOneFinding(t *testing.T) {
	s := &sessions.Session{ID: "credit", Path: "credit", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Are the retries right?"},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "I decided to keep three retries with jitter for the uploader."},
			{ID: "m3", Role: sessions.RoleAssistant, Text: "So: I decided to keep three retries, with jitter, for the uploader."},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"},
			Summary: "User decision: keep three retries with jitter for the uploader."}},
	}
	s.Index()
	n := 0
	for _, f := range Run(s, Options{}).Rounds[0].Findings {
		if f.Family == ProvenanceLoss {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d provenance findings, want 1", n)
	}
}
