package sessions_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// Each shared sample opens, and the audit finds what its summary dropped: the Claude
// Code summary drops "never retry POST requests", the Codex summary the 30-second
// limit.
func TestSamplesAuditFindsTheDrop(t *testing.T) {
	for _, tc := range []struct{ file, format, dropped string }{
		{"claude-code-sample.jsonl", sessions.ClaudeFormat, "never retry POST requests"},
		{"codex-rollout-sample.jsonl", sessions.CodexFormat, "30 seconds"},
	} {
		s, err := sessions.ReadFile(filepath.Join("..", "testdata", "samples", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if s.Format != tc.format {
			t.Errorf("%s read as %q", tc.file, s.Format)
		}
		r := audit.Run(s, audit.Options{})
		if len(r.Rounds) != 1 {
			t.Fatalf("%s: %d rounds", tc.file, len(r.Rounds))
		}
		found := false
		for _, f := range r.Rounds[0].Findings {
			if f.Family == "omission" && f.Source != nil && strings.Contains(f.Source.Text, tc.dropped) {
				found = true
				if f.Source.Role != sessions.RoleUser {
					t.Errorf("%s: the dropped fact's role is %q, want user", tc.file, f.Source.Role)
				}
			}
		}
		if !found {
			t.Errorf("%s: no omission finding for %q", tc.file, tc.dropped)
		}
	}
}

// A remote (encrypted) Codex compaction stays opaque, and the user messages Codex
// kept beside its encrypted item are judged in no round: the opaque round has no
// findings, and the readable round after it does not report them as lost.
func TestCodexRetainedMessagesNotJudgedInOpaqueRound(t *testing.T) {
	s, err := sessions.ReadFile(filepath.Join("testdata", "codex", "remote-retained.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r := audit.Run(s, audit.Options{})
	if len(r.Rounds) != 2 || !r.Rounds[0].Opaque || r.Rounds[1].Opaque {
		t.Fatalf("%d rounds (want an opaque one, then a readable one)", len(r.Rounds))
	}
	if n := len(r.Rounds[0].Findings); n != 0 {
		t.Errorf("opaque round has %d findings: %+v", n, r.Rounds[0].Findings)
	}
	for _, f := range r.Rounds[1].Findings {
		if f.Source != nil && f.Source.Role == sessions.RoleUser && strings.Contains(f.Source.Text, "Glacier Deep Archive") {
			t.Errorf("round 2 judges a message the opaque round kept: %+v", f)
		}
	}
}
