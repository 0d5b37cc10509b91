package tui

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

// TestDetailNamesTheCall: the detail's source line says which call printed the tool
// output it quotes, whether the aligned fact or the finding's side is shown; the
// summary side names none.
func TestDetailNamesTheCall(t *testing.T) {
	fd := &audit.Finding{Source: &audit.Side{Text: "Error: UPGRADE FAILED", Message: "m2", Role: "tool", Call: "Bash(command=helm upgrade billing)"},
		Summary: &audit.Side{Text: "Deploy blocked.", Message: "c1", Role: "summary"}}
	f := &classify.Fact{Text: "Error: UPGRADE FAILED", Message: "m2", Role: "tool"}
	for _, s := range []*sideText{sideOf(f, fd, true), sideOf(nil, fd, true)} {
		if !strings.Contains(s.where, "output of Bash(command=helm upgrade billing)") {
			t.Errorf("source where = %q", s.where)
		}
	}
	if s := sideOf(nil, fd, false); strings.Contains(s.where, "output of") {
		t.Errorf("summary where = %q", s.where)
	}
}
