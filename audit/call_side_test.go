package audit_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestToolOutputNamesItsCall: a finding quoting tool output names the call that printed
// it, in the JSON and where the Markdown says where the quote is from; a finding on
// the user's words names none.
func TestToolOutputNamesItsCall(t *testing.T) {
	s := &sessions.Session{ID: "call", Path: "call", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Never deploy the billing service on Fridays."},
			{ID: "m2.call", Role: sessions.RoleAssistant, Kind: sessions.KindToolCall, Name: "Bash", Text: "Bash(command=helm upgrade billing ./charts/billing --namespace prod)"},
			{ID: "m2", Role: sessions.RoleTool, Kind: sessions.KindToolResult, Name: "Bash", IsError: true, Text: "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress"},
			{ID: "m3", Role: sessions.RoleAssistant, Text: "The upgrade is blocked by a pending release."},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2.call", "m2", "m3"}, Summary: "Working on the billing deploy."}},
	}
	r := audit.Run(s, audit.Options{Workers: 1})
	var tool, user *audit.Finding
	for i := range r.Rounds[0].Findings {
		f := &r.Rounds[0].Findings[i]
		if f.Source == nil {
			continue
		}
		switch f.Source.Message {
		case "m2":
			tool = f
		case "m1":
			user = f
		}
	}
	if tool == nil || user == nil {
		t.Fatalf("want findings on the failure and on the rule, got %+v", r.Rounds[0].Findings)
	}
	if !strings.HasPrefix(tool.Source.Call, "Bash(command=helm upgrade billing") {
		t.Errorf("the failure's call = %q", tool.Source.Call)
	}
	if user.Source.Call != "" {
		t.Errorf("the user's words name a call: %q", user.Source.Call)
	}
	var md bytes.Buffer
	if err := audit.WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "output of Bash(command=helm upgrade billing") {
		t.Errorf("the Markdown does not name the call:\n%s", md.String())
	}
}
