package audit_test

import (
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestHeadingNamesAValue: an id the sources give only in a heading ("# INC-2231:
// ...") is still something the sources said; a summary that names it invents nothing.
// The heading itself is no claim a summary must keep.
func TestHeadingNamesAValue(t *testing.T) {
	run := func(user string) []audit.Finding {
		msgs := []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: user},
			{ID: "m2", Role: sessions.RoleAssistant, Text: "Replica reads now go through the lag check; the stale-read test passes."},
		}
		s := &sessions.Session{ID: "h", Path: "h", Format: sessions.NativeFormat, Messages: msgs,
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2"},
				Summary: "The user asked for a fix of INC-2231 (stale replica reads); replica reads now go through the lag check and the stale-read test passes."}}}
		return audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings
	}
	invented := func(fs []audit.Finding) bool {
		for _, f := range fs {
			if f.Family == audit.Addition {
				return true
			}
		}
		return false
	}
	if !invented(run("Fix the stale replica reads: route replica reads through a lag check.")) {
		t.Fatal("with no source naming INC-2231 the summary's id is reported as invented: the test has no case")
	}
	if fs := run("# INC-2231: stale replica reads\n\n## Plan\n\nRoute replica reads through a lag check."); invented(fs) {
		t.Errorf("INC-2231 is the heading of the user's plan, yet the summary's mention of it is reported: %+v", fs)
	}
}
