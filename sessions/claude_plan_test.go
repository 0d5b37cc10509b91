package sessions

import (
	"strings"
	"testing"
)

// The line Claude Code writes when the user accepts a plan holds the agent's plan:
// it is read as an instruction named "plan", not as the user's words; the harness's
// note after it is harness output.
func TestClaudeAcceptedPlan(t *testing.T) {
	plan := `{"parentUuid":"u2","isSidechain":false,"type":"user","message":{"role":"user","content":"Implement the following plan:\n\n# Plan: shard the invoice export\n\n1. Never write more than 5,000 rows a file.\n\n\nIf you need specific details from before exiting plan mode (like exact code snippets), read the full transcript at: /home/x/.claude/projects/p/s1.jsonl"},"uuid":"p1","timestamp":"2026-01-01T00:00:05.000Z","sessionId":"s1","planContent":"# Plan: shard the invoice export\n\n1. Never write more than 5,000 rows a file."}`
	s, err := parseBoth(t, ClaudeFormat, ccFile(`{"trigger":"auto","preTokens":1000}`, plan), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got *Message
	for i := range s.Messages {
		if strings.Contains(s.Messages[i].Text, "shard the invoice export") {
			got = &s.Messages[i]
		}
	}
	if got == nil || got.Role != RoleSystem || got.Kind != KindInstruction || got.Name != "plan" {
		t.Fatalf("the accepted plan is %+v, want a system instruction named plan", got)
	}
	if strings.Contains(got.Text, "exiting plan mode") || !strings.HasSuffix(got.Text, "5,000 rows a file.") {
		t.Fatalf("the plan's text keeps the harness note or loses the plan: %q", got.Text)
	}
	var note *Message
	for i := range s.Messages {
		if strings.HasPrefix(s.Messages[i].Text, "If you need specific details") {
			note = &s.Messages[i]
		}
	}
	if note == nil || note.Role != RoleTool || note.Kind != KindToolResult || !strings.Contains(note.Text, "/home/x/.claude/projects/p/s1.jsonl") {
		t.Fatalf("the harness note is %+v, want harness output that keeps its path", note)
	}
}
