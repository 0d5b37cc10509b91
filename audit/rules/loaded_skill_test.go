package rules_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A summary that says a skill was used reports what the harness recorded when it
// loaded the skill's text; a skill nobody loaded was invented.
func TestInvokedSkillRecorded(t *testing.T) {
	for _, c := range []struct {
		loaded string
		fires  bool
	}{
		{"skill:pdf-export", false},
		{"skill:brainstorming", true},
	} {
		s := &sessions.Session{ID: "skill", Path: "skill", Format: sessions.NativeFormat, Messages: []sessions.Message{
			{ID: "m1", Role: "user", Text: "Export the quarterly deck as a PDF."},
			{ID: "m2", Role: "system", Kind: sessions.KindInstruction, Name: c.loaded, Text: "Render slides with the house template, one page per slide."},
			{ID: "m3", Role: "assistant", Text: "The deck is rendered to deck-q3.pdf."},
		}, Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"},
			Summary: "Summary:\n1. Primary Request and Intent:\n   - Export the quarterly deck as a PDF.\n   - Invoked the `/pdf-export` skill; the deck is rendered to deck-q3.pdf."}}}
		s.Index()
		got := false
		for _, rd := range audit.Run(s, audit.Options{Workers: 1}).Rounds {
			for _, f := range rd.Findings {
				got = got || f.Rule == "addition/invented-event"
			}
		}
		if got != c.fires {
			t.Errorf("loaded %s: invented-event %v, want %v", c.loaded, got, c.fires)
		}
	}
}
