package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The labelled fixtures carry each session three times: session.json (native, the
// source of truth), session.claude.jsonl and session.codex.jsonl. Importing a rendering
// must give back the native session, up to the differences the formats force:
//
//   - Both formats carry a tool call and its output as two records; the native file
//     shows them as one tool message. The importers keep the call as its own message
//     (role assistant, kind tool_call, id "<output id>.call"), so the comparison drops
//     the calls after checking that each output has exactly one, and that a call is a
//     source exactly when its output is.
//   - Codex names its tools shell_command, with the native tool's name in the call's
//     "command" argument. (Its "Exit code: 0 / Output:" frame around a shell output
//     is removed by the importer, so the outputs compare as they are.)
//   - Claude Code summaries may begin with the CLI's fixed sentence "This session is
//     being continued ... summarized below:" which some native files leave out; the
//     native summary must then be the rest of the text.
//   - Codex local summaries lose their fixed "Another language model ..." line (the
//     importer strips it); remote (encrypted) summaries are the encrypted token.

const claudePreamble = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n"

// fixtureCases lists the case folders: ../testdata/fixtures, or the folder named by
// COMPAUDIT_FIXTURES (to check renderings of other labelled sessions the same way).
func fixtureCases(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "testdata", "fixtures")
	if d := os.Getenv("COMPAUDIT_FIXTURES"); d != "" {
		root = d
	}
	dirs, err := filepath.Glob(filepath.Join(root, "*", "session.json"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixtures found: %v", err)
	}
	for i := range dirs {
		dirs[i] = filepath.Dir(dirs[i])
	}
	return dirs
}

func TestFixturesImportLikeNative(t *testing.T) {
	compared := map[string]int{}
	for _, dir := range fixtureCases(t) {
		native, err := ReadFile(filepath.Join(dir, "session.json"))
		if err != nil {
			t.Fatalf("native: %v", err)
		}
		for _, v := range []struct{ variant, file, format string }{
			{"claude", "session.claude.jsonl", ClaudeFormat},
			{"codex", "session.codex.jsonl", CodexFormat},
		} {
			path := filepath.Join(dir, v.file)
			if _, err := os.Stat(path); err != nil {
				continue
			}
			t.Run(filepath.Base(dir)+"/"+v.variant, func(t *testing.T) {
				s, err := ReadFile(path)
				if err != nil {
					t.Fatalf("import: %v", err)
				}
				if s.Format != v.format {
					t.Fatalf("format = %q, want %q", s.Format, v.format)
				}
				if len(s.Warnings) > 0 {
					t.Errorf("warnings on a clean file: %v", s.Warnings)
				}
				compareWithNative(t, v.variant, native, s)
			})
			compared[v.variant]++
		}
	}
	if compared["claude"] < 20 || compared["codex"] < 20 {
		t.Fatalf("compared too few fixtures: %v", compared)
	}
}

func compareWithNative(t *testing.T, variant string, native, s *Session) {
	t.Helper()
	// Tool calls: each names its output, which follows it.
	var msgs []Message
	callOf := map[string]string{}
	for i, m := range s.Messages {
		if m.Kind != KindToolCall {
			msgs = append(msgs, m)
			continue
		}
		out := strings.TrimSuffix(m.ID, ".call")
		if out == m.ID {
			t.Errorf("call %s has no output (id not <output>.call)", m.ID)
			continue
		}
		if m.Role != RoleAssistant {
			t.Errorf("call %s role %q", m.ID, m.Role)
		}
		if i+1 >= len(s.Messages) || s.Messages[i+1].ID != out || s.Messages[i+1].Role != RoleTool {
			t.Errorf("call %s is not followed by its output", m.ID)
		}
		if _, dup := callOf[out]; dup {
			t.Errorf("output %s has two calls", out)
		}
		callOf[out] = m.ID
	}
	if len(msgs) != len(native.Messages) {
		t.Fatalf("%d messages (without calls), native has %d", len(msgs), len(native.Messages))
	}
	for i, m := range msgs {
		n := native.Messages[i]
		if m.ID != n.ID || m.Role != n.Role {
			t.Errorf("message %d: %s/%s, native %s/%s", i, m.ID, m.Role, n.ID, n.Role)
			continue
		}
		text := m.Text
		if m.Role == RoleTool {
			if _, ok := callOf[m.ID]; !ok {
				t.Errorf("tool output %s has no call", m.ID)
			}
			if m.Kind != KindToolResult {
				t.Errorf("tool output %s kind %q", m.ID, m.Kind)
			}
			call := s.Message(callOf[m.ID])
			switch variant {
			case "codex":
				if call != nil && !strings.Contains(call.Text, "command="+n.Name) {
					t.Errorf("%s: call %q does not name native tool %q", m.ID, call.Text, n.Name)
				}
			case "claude":
				if m.Name != n.Name {
					t.Errorf("%s: tool name %q, native %q", m.ID, m.Name, n.Name)
				}
			}
		}
		if text != n.Text {
			t.Errorf("message %s text differs:\n got %.120q\nwant %.120q", m.ID, text, n.Text)
		}
	}
	if len(s.Compactions) != len(native.Compactions) {
		t.Fatalf("%d rounds, native has %d", len(s.Compactions), len(native.Compactions))
	}
	for i, c := range s.Compactions {
		n := native.Compactions[i]
		if c.ID != n.ID || c.Round != n.Round || c.Parent != n.Parent || c.Opaque != n.Opaque {
			t.Errorf("round %d: id %s round %d parent %q opaque %v; native %s %d %q %v", i+1, c.ID, c.Round, c.Parent, c.Opaque, n.ID, n.Round, n.Parent, n.Opaque)
		}
		var srcs []string
		inSrc := map[string]bool{}
		for _, id := range c.Sources {
			inSrc[id] = true
		}
		for _, id := range c.Sources {
			if out, ok := strings.CutSuffix(id, ".call"); ok {
				if !inSrc[out] {
					t.Errorf("round %d: call %s is a source but its output is not", c.Round, id)
				}
				continue
			}
			srcs = append(srcs, id)
			if call, ok := callOf[id]; ok && !inSrc[call] {
				t.Errorf("round %d: output %s is a source but its call is not", c.Round, id)
			}
		}
		want := n.Sources
		if variant == "codex" && c.Opaque && len(c.Preserved) > 0 {
			// The fixtures list the user messages an encrypted compaction kept beside
			// its item as sources; the reader keeps them as Preserved (kept verbatim,
			// never judged in a round whose summary cannot be read).
			kept := map[string]bool{}
			for _, id := range c.Preserved {
				if m := s.Message(id); m == nil || m.Role != RoleUser {
					t.Errorf("round %d: preserved %s is not a user message", c.Round, id)
				}
				kept[id] = true
			}
			want = nil
			for _, id := range n.Sources {
				if !kept[id] {
					want = append(want, id)
				}
			}
		}
		if strings.Join(srcs, " ") != strings.Join(want, " ") {
			t.Errorf("round %d sources:\n got %v\nwant %v", c.Round, srcs, want)
		}
		sum := c.Summary
		if variant == "claude" && !strings.HasPrefix(n.Summary, "This session is being continued") {
			sum = strings.TrimPrefix(sum, claudePreamble)
		}
		if sum != n.Summary {
			t.Errorf("round %d summary differs:\n got %.100q\nwant %.100q", c.Round, sum, n.Summary)
		}
		if variant == "claude" && c.Trigger != n.Trigger {
			t.Errorf("round %d trigger %q, native %q", c.Round, c.Trigger, n.Trigger)
		}
	}
}

// Parallel calls, a call without an output and outputs without a call get ids that
// are unique and tie each call to its output.
func TestRenumberMessages(t *testing.T) {
	s := &Session{Messages: []Message{
		{ID: "a", Role: RoleUser, Text: "go"},
		{ID: "b", Role: RoleAssistant, Kind: KindToolCall, Text: "X()"},
		{ID: "c", Role: RoleAssistant, Kind: KindToolCall, Text: "Y()"},
		{ID: "d", Role: RoleTool, Kind: KindToolResult, Text: "x out"},
		{ID: "e", Role: RoleTool, Kind: KindToolResult, Text: "y out"},
		{ID: "f", Role: RoleAssistant, Kind: KindToolCall, Text: "Z()"},
		{ID: "g", Role: RoleAssistant, Kind: KindToolCall, Text: "W()"},
		{ID: "h", Role: RoleTool, Kind: KindToolResult, Text: "orphan out"},
	}, Compactions: []Compaction{{ID: "c1", Sources: []string{"a", "b", "c", "d", "e", "f", "g", "h"}, Preserved: []string{"h"}}}}
	renumberMessages(s, map[int]string{1: "X", 2: "Y", 3: "X", 4: "Y", 5: "Z", 6: "W", 7: "V"})
	var ids []string
	for _, m := range s.Messages {
		ids = append(ids, m.ID)
	}
	want := []string{"m1", "m2.call", "m3.call", "m2", "m3", "m3.call2", "m3.call3", "m4"}
	if strings.Join(ids, " ") != strings.Join(want, " ") || strings.Join(s.Compactions[0].Sources, " ") != strings.Join(want, " ") || strings.Join(s.Compactions[0].Preserved, " ") != "m4" {
		t.Errorf("ids %v sources %v preserved %v, want %v", ids, s.Compactions[0].Sources, s.Compactions[0].Preserved, want)
	}
}
