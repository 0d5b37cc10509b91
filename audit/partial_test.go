package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A value the summary gives and no source holds is a contradiction when the file
// holds the round's whole history; when the sources are known to be partial it may
// come from what the file does not hold, so it stays at info and says why.
func TestPartialRoundKeepsAbsentValuesAtInfo(t *testing.T) {
	build := func(partial string) *sessions.Session {
		return &sessions.Session{ID: "baud", Path: "baud", Format: sessions.NativeFormat,
			Messages: []sessions.Message{
				{ID: "m1", Role: sessions.RoleUser, Text: "Flash at 115200 baud."},
			},
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1"}, Partial: partial,
				Summary: "Serial monitor runs at 11520 baud."}},
		}
	}
	find := func(s *sessions.Session) *audit.Finding {
		r := audit.Run(s, audit.Options{Workers: 1})
		for i := range r.Rounds[0].Findings {
			if f := &r.Rounds[0].Findings[i]; f.Rule == "mutation/value-contradicted" {
				return f
			}
		}
		return nil
	}
	whole := find(build(""))
	if whole == nil || whole.Severity == audit.SevInfo {
		t.Fatalf("a whole history: the changed baud rate is not reported above info: %+v", whole)
	}
	part := find(build("the transcript starts mid-chain"))
	if part == nil || part.Severity != audit.SevInfo || !strings.Contains(part.Why, "unseen context") {
		t.Fatalf("partial sources: the changed baud rate is not kept at info with its reason: %+v", part)
	}
}
