package hooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const data = "../../testdata/hooks/"

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(data, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParsePayload(t *testing.T) {
	for _, c := range []struct {
		file  string
		act   Action
		event string
		tr    bool
	}{
		{"claude-sessionstart-compact.json", Restore, EventSessionStart, true},
		{"claude-sessionstart-startup.json", Ignore, EventSessionStart, true},
		{"claude-precompact.json", Ignore, EventPreCompact, true},
		{"claude-postcompact.json", LogOnly, EventPostCompact, true},
		{"codex-sessionstart-compact.json", Restore, EventSessionStart, true},
		{"codex-postcompact.json", LogOnly, EventPostCompact, true},
		{"codex-no-transcript.json", Restore, EventSessionStart, false},
	} {
		p, act, err := ParsePayload(read(t, c.file))
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if act != c.act || p.Event != c.event || (p.Transcript() != "") != c.tr || p.SessionID == "" {
			t.Errorf("%s: action %v event %q transcript %q session %q", c.file, act, p.Event, p.Transcript(), p.SessionID)
		}
	}
	for _, bad := range []string{"", "[]", "this is not JSON", `{"session_id":"a"}`, `{"hook_event_name":"SessionStart","source":"compact"}`, string(read(t, "unknown-event.json")), `{"hook_event_name":"SessionStart","session_id":1}`} {
		if _, _, err := ParsePayload([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSessionStartOutput(t *testing.T) {
	out, err := SessionStartOutput("a <b> & \"c\"\nnext")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		HookSpecificOutput map[string]string `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if v.HookSpecificOutput["hookEventName"] != "SessionStart" || v.HookSpecificOutput["additionalContext"] != "a <b> & \"c\"\nnext" || len(v.HookSpecificOutput) != 2 {
		t.Errorf("output %s", out)
	}
}

func entry(t *testing.T, agent string) []byte {
	t.Helper()
	e, err := Entry(agent, "compaudit hook "+agent)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestMergeKeepsEverything(t *testing.T) {
	for _, c := range []struct{ agent, file string }{{ClaudeCode, "claude-settings-existing.json"}, {Codex, "codex-hooks-existing.json"}} {
		old := read(t, c.file)
		got, err := Merge(old, entry(t, c.agent))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if !Installed(got, c.agent) || Installed(old, c.agent) {
			t.Errorf("%s: Installed before %v after %v", c.file, Installed(old, c.agent), Installed(got, c.agent))
		}
		// every line of the old document survives (some gain the comma that separates
		// them from the new lines): lines were only added
		have := map[string]int{}
		for _, l := range strings.Split(string(got), "\n") {
			have[strings.TrimSuffix(l, ",")]++
		}
		for _, l := range strings.Split(string(old), "\n") {
			if have[strings.TrimSuffix(l, ",")]--; have[strings.TrimSuffix(l, ",")] < 0 {
				t.Errorf("%s: merging removed or changed %q\n%s", c.file, l, Diff(c.file, old, got))
			}
		}
		var doc map[string]any
		if err := json.Unmarshal(got, &doc); err != nil {
			t.Fatal(err)
		}
		ss := doc["hooks"].(map[string]any)["SessionStart"].([]any)
		last := ss[len(ss)-1].(map[string]any)
		if last["matcher"] != "compact" {
			t.Errorf("%s: the new group's matcher is %v", c.file, last["matcher"])
		}
	}
}

func TestMergeHandFormatted(t *testing.T) {
	old := []byte("{\"model\": \"opus\",  \"hooks\": {\"Stop\": [ ]}}\n")
	got, err := Merge(old, entry(t, ClaudeCode))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(got, []byte("{\"model\": \"opus\",  \"hooks\": {\"Stop\": [ ]")) || !bytes.HasSuffix(got, []byte("}}\n")) {
		t.Errorf("the hand-made layout changed: %s", got)
	}
	if !Installed(got, ClaudeCode) {
		t.Errorf("not installed: %s", got)
	}
}

func TestMergeRefusesOddFiles(t *testing.T) {
	for _, bad := range []string{string(read(t, "settings-invalid.json")), "[]", `{"hooks": []}`, `{"hooks": {"SessionStart": {}}}`, "{} {}"} {
		if got, err := Merge([]byte(bad), entry(t, ClaudeCode)); err == nil {
			t.Errorf("%q merged into %s", bad, got)
		}
	}
	if _, err := Merge(read(t, "settings-invalid.json"), entry(t, ClaudeCode)); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("no location in %v", err)
	}
	got, err := Merge(nil, entry(t, Codex))
	if err != nil || !Installed(got, Codex) || !strings.Contains(string(got), StatusMessage) {
		t.Errorf("empty file: %s, %v", got, err)
	}
}

func TestWriteWithBackup(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".claude", "settings.json")
	if b, err := WriteWithBackup(p, []byte("{}\n")); err != nil || b != "" {
		t.Fatalf("new file: backup %q, %v", b, err)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{p + ".bak", p + ".bak.1"} {
		before, _ := os.ReadFile(p)
		b, err := WriteWithBackup(p, []byte("{\"n\": "+string(rune('1'+i))+"}\n"))
		if err != nil || b != want {
			t.Fatalf("write %d: backup %q, %v", i, b, err)
		}
		if saved, _ := os.ReadFile(b); !bytes.Equal(saved, before) {
			t.Errorf("backup %s holds %q, want %q", b, saved, before)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode became %v", fi.Mode().Perm())
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".claude", ".settings.json.tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestSettingsPath(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, c := range []struct{ agent, scope, want string }{
		{ClaudeCode, ScopeProject, "/p/.claude/settings.json"},
		{ClaudeCode, ScopeUser, "/h/.claude/settings.json"},
		{Codex, ScopeProject, "/p/.codex/hooks.json"},
		{Codex, ScopeUser, "/h/.codex/hooks.json"},
	} {
		if got, err := SettingsPath(c.agent, c.scope, "/p", "/h", getenv); err != nil || got != filepath.FromSlash(c.want) {
			t.Errorf("%s %s: %q %v", c.agent, c.scope, got, err)
		}
	}
	env["CODEX_HOME"], env["CLAUDE_CONFIG_DIR"] = "/cx", "/cc"
	if got, _ := SettingsPath(Codex, ScopeUser, "/p", "/h", getenv); got != filepath.FromSlash("/cx/hooks.json") {
		t.Errorf("CODEX_HOME: %q", got)
	}
	if got, _ := SettingsPath(ClaudeCode, ScopeUser, "/p", "/h", getenv); got != filepath.FromSlash("/cc/settings.json") {
		t.Errorf("CLAUDE_CONFIG_DIR: %q", got)
	}
	if _, err := SettingsPath("cursor", ScopeUser, "/p", "/h", getenv); err == nil {
		t.Error("unknown agent: no error")
	}
}

func TestLog(t *testing.T) {
	env := map[string]string{"XDG_STATE_HOME": "/state"}
	if p, _ := LogPath(func(k string) string { return env[k] }, "/h"); p != filepath.FromSlash("/state/compaudit/audit.jsonl") {
		t.Errorf("XDG_STATE_HOME: %q", p)
	}
	env["XDG_STATE_HOME"] = "relative"
	if p, _ := LogPath(func(k string) string { return env[k] }, "/h"); p != filepath.FromSlash("/h/.local/state/compaudit/audit.jsonl") {
		t.Errorf("default: %q", p)
	}
	p := filepath.Join(t.TempDir(), "state", "compaudit", "audit.jsonl")
	k := LogKey{Event: EventSessionStart, Session: "s", Transcript: "/t.jsonl", Round: 2, Compaction: "c2"}
	if Handled(p, k) {
		t.Error("handled before any log")
	}
	failed := k
	failed.Error = "timeout"
	for _, rec := range []LogKey{failed, {Event: EventSessionStart, Session: "s", Transcript: "/t.jsonl", Round: 1, Compaction: "c1"}} {
		line, _ := json.Marshal(rec)
		if err := AppendLog(p, line); err != nil {
			t.Fatal(err)
		}
	}
	if Handled(p, k) {
		t.Error("a failed run or another round counts as handled")
	}
	line, _ := json.Marshal(k)
	if err := AppendLog(p, line); err != nil {
		t.Fatal(err)
	}
	if !Handled(p, k) {
		t.Error("not handled after a logged restore")
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v", fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(p); bytes.Count(b, []byte("\n")) != 3 {
		t.Errorf("log:\n%s", b)
	}
}
