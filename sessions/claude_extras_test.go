package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readBoth(t *testing.T, format, path string) *Session {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseBoth(t, format, string(data), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// descQ describes a message with its name and queued flag.
func descQ(m *Message) string {
	d := m.Role
	if m.Kind != "" {
		d += "/" + m.Kind
	}
	if m.Name != "" {
		d += "[" + m.Name + "]"
	}
	if m.Queued {
		d += "(queued)"
	}
	return d + ":" + m.Text
}

// Everything the file holds: injected instructions named by origin, a parallel
// call's result that branches off the chain, prompts typed while the agent worked
// (delivered mid-turn, delivered as the next prompt, written as an attachment too,
// taken back), local command output as tool-like output, the /compact instructions.
func TestClaudeEverythingTheFileHolds(t *testing.T) {
	s := readBoth(t, ClaudeFormat, filepath.Join("testdata", "claude", "everything.jsonl"))
	var got []string
	for i := range s.Messages {
		got = append(got, descQ(&s.Messages[i]))
	}
	checkList(t, "messages", got, []string{
		"system/instruction[hook:SessionStart]:Release freeze: never tag a release on Fridays.",
		"system/instruction[CLAUDE.md]:# Ledger\nAlways run `make check`",
		"user:!git branch --show-current",
		"tool/tool_result[bash]:ren/fix-rounding",
		"user:Fix the rounding bug in ledger/round.go",
		"assistant/tool_call[Skill]:Skill(skill=superpowers:systematic-debugging)",
		"tool/tool_result[Skill]:Launching skill",
		"system/instruction[skill:systematic-debugging]:Base directory for this skill",
		"assistant/tool_call[Read]:Read(",
		"assistant/tool_call[Grep]:Grep(",
		"tool/tool_result[Read]:    12\u2192func Round",
		"tool/tool_result[Grep]:ledger/round.go:12:",
		"user(queued):also add a test for -0.5",
		"assistant:math.Round rounds half away from zero",
		"assistant/tool_call[Edit]:Edit(",
		"tool/tool_result[Edit]:The file /home/ren/src/ledger/round.go has been updated.",
		"user(queued):and keep the old behaviour behind a flag",
		"assistant:Round now uses math.RoundToEven",
		"user(queued):run the tests",
		"user:/review the rounding change",
		"system/instruction[command:/review]:You are an expert code reviewer.",
		"system/instruction[system-reminder]:<system-reminder>",
		"assistant:Review: the only behaviour change",
		"user:Open the PR.",
		"assistant:Opened PR #77.",
	})
	for _, m := range s.Messages {
		for _, bad := range []string{"Caveat", "actually, use decimal", "/ide", "Compacted", "<command-name>", "\x1b"} {
			if strings.Contains(m.Text, bad) {
				t.Errorf("%s should not be a message: %q", m.ID, m.Text)
			}
		}
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	c := s.Compactions[0]
	if c.Instructions != "keep the flag name exact" || c.Trigger != "manual" || c.Partial != "" || c.PostTokens != 0 {
		t.Errorf("round: instructions %q trigger %q partial %q post %d", c.Instructions, c.Trigger, c.Partial, c.PostTokens)
	}
	// every call has its result, and the round covers every message before it
	if n := len(c.Sources); n != len(s.Messages)-2 {
		t.Errorf("%d sources of %d messages", n, len(s.Messages))
	}
	for _, m := range s.Messages {
		if m.Kind == KindToolCall && !strings.HasSuffix(m.ID, ".call") {
			t.Errorf("call %s has no result", m.ID)
		}
	}
}

// A transcript whose first line's parent is not in the file marks its first round
// partial, saying why; a whole transcript does not.
func TestClaudePartialRounds(t *testing.T) {
	s := readBoth(t, ClaudeFormat, filepath.Join("testdata", "claude", "mid-chain.jsonl"))
	if len(s.Compactions) != 1 || !strings.HasPrefix(s.Compactions[0].Partial, "the transcript starts mid-chain: line 1's parent 0badc0de-") {
		t.Fatalf("partial = %q", s.Compactions[0].Partial)
	}
	for _, f := range []string{"multi-round.jsonl", "partial-compaction.jsonl", "resumed.jsonl"} {
		s := readBoth(t, ClaudeFormat, filepath.Join("testdata", "claude", f))
		for _, c := range s.Compactions {
			if c.Partial != "" {
				t.Errorf("%s %s: partial %q", f, c.ID, c.Partial)
			}
		}
	}
	// A file that starts with a tool result whose call is elsewhere.
	head := `{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_gone","content":"ok"}]},"uuid":"r0","timestamp":"t","sessionId":"s1"}`
	data := strings.Replace(ccFile(`{"trigger":"auto","preTokens":1000}`), `"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"Deploy`, `"parentUuid":"r0","isSidechain":false,"type":"user","message":{"role":"user","content":"Deploy`, 1)
	s, err := parseBoth(t, ClaudeFormat, head+"\n"+data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Compactions[0].Partial; !strings.Contains(p, "starts with the output of a tool call that is not in this file (line 1)") {
		t.Errorf("partial = %q", p)
	}
}

func TestClaudeInstructionOrigins(t *testing.T) {
	for _, tc := range []struct{ text, origin, name string }{
		{"Base directory for this skill: /u/.claude/plugins/x/skills/brainstorming\n\n# Brainstorming", "", "skill:brainstorming"},
		{"Base directory for this skill: /u/skills/writing-plans/", "command:/plan", "skill:writing-plans"},
		{"Invoke the superpowers:executing-plans skill", "command:/superpowers:execute-plan", "command:/superpowers:execute-plan"},
		{"<system-reminder>\nAs you answer the user's questions, you can use the following context:\n# claudeMd\nNever push.</system-reminder>", "", "CLAUDE.md"},
		{"Contents of /repo/AGENTS.md (project instructions, checked into the codebase):\n\nUse tabs.", "", "AGENTS.md"},
		{"<system-reminder>\nSessionStart:startup hook success: Freeze until Monday.\n</system-reminder>", "", "hook:SessionStart"},
		{"<user-prompt-submit-hook>Cite tickets.</user-prompt-submit-hook>", "", "hook:UserPromptSubmit"},
		{"<system-reminder>\nThe task tools haven't been used recently.\n</system-reminder>", "", "system-reminder"},
		{"Some injected text.", "skill", "skill"},
		{"Some injected text.", "", "meta"},
	} {
		m, ok := instruction(tc.text, tc.origin)
		if !ok || m.Name != tc.name || m.Role != RoleSystem || m.Kind != KindInstruction || m.Text != tc.text {
			t.Errorf("%.40q: %+v %v, want %s", tc.text, m.Message, ok, tc.name)
		}
	}
	for _, text := range []string{"", "  ", "<local-command-caveat>Caveat: The messages below were generated by the user</local-command-caveat>", "Caveat: The messages below were generated by the user while running local commands.", "<system-reminder></system-reminder>"} {
		if _, ok := instruction(text, ""); ok {
			t.Errorf("%q should carry no instruction", text)
		}
	}
}

func TestIsSlashCommand(t *testing.T) {
	for s, want := range map[string]bool{"/ide": true, "/exit": true, "/superpowers:write-plan": true, "/compact keep x": true,
		"/": false, "/path/to/file is wrong": false, "use /tmp": false, "/ide\nand more": false, "fix it": false} {
		if got := isSlashCommand(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}
