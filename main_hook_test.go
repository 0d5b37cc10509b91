package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compaudit/compaudit/audit"
)

const hookData = "testdata/hooks/"

const postRule = "Important: never retry POST requests, because the payment endpoints behind this client are not idempotent."

// payload reads a recorded payload with TRANSCRIPT replaced by transcript's absolute path.
func payload(t *testing.T, name, transcript string) string {
	t.Helper()
	b, err := os.ReadFile(hookData + name)
	if err != nil {
		t.Fatal(err)
	}
	if transcript != "" {
		abs, _ := filepath.Abs(transcript)
		enc, _ := json.Marshal(abs)
		return strings.ReplaceAll(string(b), `"TRANSCRIPT"`, string(enc))
	}
	return string(b)
}

// runBin runs the built binary with stdin and extra environment.
func runBin(t *testing.T, stdin string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	cmd.Env = append(append(os.Environ(), "COMPAUDIT_DEBUG="), env...)
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), 0
}

type hookAnswer struct {
	HookSpecificOutput struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	} `json:"hookSpecificOutput"`
}

func logLines(t *testing.T, path string) []hookRecord {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []hookRecord
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r hookRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, r)
	}
	return out
}

func TestHookRestoresTheDroppedRule(t *testing.T) {
	state := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + state}
	in := payload(t, "claude-sessionstart-compact.json", hookData+"claude-lost-rule.jsonl")
	out, errOut, code := runBin(t, in, env, "hook", "claude-code")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var a hookAnswer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	ctx := a.HookSpecificOutput.AdditionalContext
	if a.HookSpecificOutput.HookEventName != "SessionStart" || !strings.Contains(ctx, "> "+postRule+"\n") {
		t.Fatalf("answer %+v", a)
	}
	if !strings.Contains(ctx, "the user · m1 · 2025-11-04T14:02:11.402Z") {
		t.Errorf("who and where are missing:\n%s", ctx)
	}
	for _, kept := range []string{"200ms", "4 attempts", "jitter", "5c1e9a2"} {
		if strings.Contains(ctx, kept) {
			t.Errorf("the block quotes %q, which the summary kept", kept)
		}
	}
	recs := logLines(t, filepath.Join(state, "compaudit", "audit.jsonl"))
	if len(recs) != 1 {
		t.Fatalf("log has %d lines", len(recs))
	}
	r := recs[0]
	if r.Session != "6513270e-269e-4d37-b2a7-4de452e6b438" || r.Round != 1 || !r.Injected || r.Verdict == nil ||
		r.Verdict.Restored != 1 || r.Verdict.Findings == 0 || r.Verdict.Worst == nil || r.Verdict.Worst.Severity != audit.SevError {
		t.Errorf("log line %+v (verdict %+v)", r, r.Verdict)
	}
	// the same compaction again: the agent already has the block
	out, errOut, code = runBin(t, in, env, "hook", "claude-code")
	if code != 0 || out != "" || !strings.Contains(errOut, "already restored") {
		t.Errorf("second run: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestHookCodex(t *testing.T) {
	in := payload(t, "codex-sessionstart-compact.json", hookData+"codex-lost-rule.jsonl")
	out, errOut, code := runBin(t, in, nil, "hook", "codex", "--no-log")
	var a hookAnswer
	if code != 0 || errOut != "" || json.Unmarshal([]byte(out), &a) != nil {
		t.Fatalf("exit %d, stderr %q, stdout %q", code, errOut, out)
	}
	// the summary drops the 30-second limit and keeps the API rule ("Constraint: keep
	// the public Worker API unchanged"): the block holds the first and not the second
	ctx := a.HookSpecificOutput.AdditionalContext
	if !strings.Contains(ctx, "give up after 30 seconds") || strings.Contains(ctx, "Do not change the public Worker API") {
		t.Errorf("block:\n%s", ctx)
	}
}

func TestHookPrintsNothingWhenNothingWasLost(t *testing.T) {
	in := payload(t, "claude-sessionstart-compact.json", hookData+"claude-kept-rule.jsonl")
	out, errOut, code := runBin(t, in, nil, "hook", "claude-code", "--no-log")
	if code != 0 || out != "" || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestHookFailsOpen(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "gone.jsonl")
	for _, c := range []struct{ name, stdin, want string }{
		{"corrupt transcript", payload(t, "claude-sessionstart-compact.json", hookData+"corrupt.jsonl"), "corrupt.jsonl"},
		{"missing transcript", payload(t, "claude-sessionstart-compact.json", missing), "gone.jsonl"},
		{"no transcript", payload(t, "codex-no-transcript.json", ""), "no transcript_path"},
		{"not JSON", payload(t, "not-json.txt", ""), "not a JSON object"},
		{"unknown event", payload(t, "unknown-event.json", hookData+"claude-lost-rule.jsonl"), "unsupported hook event"},
		{"empty stdin", "", "empty payload"},
		{"no compaction", payload(t, "claude-sessionstart-compact.json", noCompaction(t)), "no compaction"},
	} {
		out, errOut, code := runBin(t, c.stdin, []string{"XDG_STATE_HOME=" + t.TempDir()}, "hook", "claude-code")
		if code != 0 || out != "" {
			t.Errorf("%s: exit %d, stdout %q", c.name, code, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: stderr %q", c.name, errOut)
		}
		noPanic(t, c.name, errOut)
	}
	// bad flags and a wrong agent fail open too
	for _, args := range [][]string{{"hook", "cursor"}, {"hook", "claude-code", "--bogus"}, {"hook", "claude-code", "--max-tokens", "3"}} {
		out, errOut, code := runBin(t, "{}", nil, args...)
		if code != 0 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// noCompaction writes the first lines of a transcript, before its compaction.
func noCompaction(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(hookData + "claude-lost-rule.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "nocompact.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(strings.Split(string(b), "\n")[:5], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHookQuietEvents(t *testing.T) {
	state := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + state}
	for _, f := range []string{"claude-sessionstart-startup.json", "claude-precompact.json"} {
		out, errOut, code := runBin(t, payload(t, f, hookData+"claude-lost-rule.jsonl"), env, "hook", "claude-code")
		if code != 0 || out != "" || errOut != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", f, code, out, errOut)
		}
	}
	if recs := logLines(t, filepath.Join(state, "compaudit", "audit.jsonl")); len(recs) != 0 {
		t.Errorf("quiet events logged %d lines", len(recs))
	}
	out, errOut, code := runBin(t, payload(t, "claude-postcompact.json", hookData+"claude-lost-rule.jsonl"), env, "hook", "claude-code")
	if code != 0 || out != "" || errOut != "" {
		t.Errorf("PostCompact: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	recs := logLines(t, filepath.Join(state, "compaudit", "audit.jsonl"))
	if len(recs) != 1 || recs[0].Event != "PostCompact" || recs[0].Injected || recs[0].Verdict == nil || recs[0].Trigger != "auto" {
		t.Errorf("PostCompact log: %+v", recs)
	}
}

func TestHookTimeout(t *testing.T) {
	r, w, err := os.Pipe() // a payload that never ends
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	var o, e bytes.Buffer
	start := time.Now()
	code := runHook(hookConfig{agent: "claude-code", timeout: 100 * time.Millisecond, noLog: true}, r, &o, &e)
	if code != 0 || o.Len() != 0 || !strings.Contains(e.String(), "gave up after 100ms") || strings.Count(e.String(), "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestRestoreCommand(t *testing.T) {
	out, errOut, code := cli("restore", hookData+"codex-lost-rule.jsonl", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var b struct {
		Tokens, Qualified, LeftOut int
		Items                      []struct{ Text string }
		Text                       string
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if b.Qualified < 1 || len(b.Items) != b.Qualified || !strings.Contains(b.Items[0].Text, "give up after 30 seconds") {
		t.Fatalf("block %+v", b)
	}
	// the cap holds: a budget below the whole block leaves items out
	out, _, code = cli("restore", hookData+"codex-lost-rule.jsonl", "--format", "json", "--max-tokens", "150")
	var small struct {
		Items []any
		Text  string
	}
	if err := json.Unmarshal([]byte(out), &small); err != nil || code != 0 {
		t.Fatal(err, code)
	}
	// the cap holds (the size cap's truncation itself is tested in audit/restore)
	if n := audit.CountTokens(small.Text); n > 150 || len(small.Items) > b.Qualified {
		t.Errorf("--max-tokens 150: %d tokens, %d of %d items", n, len(small.Items), b.Qualified)
	}
	out, errOut, code = cli("restore", hookData+"claude-lost-rule.jsonl")
	if code != 0 || !strings.HasPrefix(out, "[compaudit restore]") || !strings.Contains(out, "> "+postRule) {
		t.Errorf("text: exit %d, %q, %q", code, out, errOut)
	}
	out, errOut, code = cli("restore", hookData+"claude-kept-rule.jsonl")
	if code != 0 || out != "" || !strings.Contains(errOut, "nothing important was lost") {
		t.Errorf("kept: exit %d, %q, %q", code, out, errOut)
	}
	for _, args := range [][]string{{"restore"}, {"restore", hookData + "claude-lost-rule.jsonl", "--round", "2"}, {"restore", hookData + "corrupt.jsonl"}, {"restore", hookData + "claude-lost-rule.jsonl", "--format", "md"}} {
		if out, errOut, code := cli(args...); code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, errOut)
		}
	}
}

func TestHookInstall(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, ".claude", "settings.json")
	orig, err := os.ReadFile(hookData + "claude-settings-existing.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	// without --write: the entry and the diff, nothing written
	out, errOut, code := cli("hook", "install", "claude-code", "--project", "--dir", dir)
	if code != 0 || !strings.Contains(out, `"matcher": "compact"`) || !strings.Contains(out, "+            \"command\": \"compaudit hook claude-code\",") || !strings.Contains(out, "Nothing written") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if now, _ := os.ReadFile(settings); !bytes.Equal(now, orig) {
		t.Fatal("written without --write")
	}
	out, _, code = cli("hook", "install", "claude-code", "--dir", dir, "--write")
	if code != 0 || !strings.Contains(out, "Wrote") {
		t.Fatalf("--write: exit %d\n%s", code, out)
	}
	if bak, _ := os.ReadFile(settings + ".bak"); !bytes.Equal(bak, orig) {
		t.Error("no faithful backup")
	}
	var doc struct {
		Permissions map[string]any
		Model       string
		Hooks       map[string][]struct {
			Matcher string
			Hooks   []struct{ Command string }
		}
	}
	now, _ := os.ReadFile(settings)
	if err := json.Unmarshal(now, &doc); err != nil {
		t.Fatal(err)
	}
	ss := doc.Hooks["SessionStart"]
	if doc.Model != "opus" || doc.Permissions == nil || len(doc.Hooks["PreToolUse"]) != 1 || len(ss) != 2 ||
		ss[0].Hooks[0].Command != "cat .claude/context.md" || ss[1].Matcher != "compact" || ss[1].Hooks[0].Command != "compaudit hook claude-code" {
		t.Errorf("merged settings:\n%s", now)
	}
	// again: already there, nothing changes
	out, _, code = cli("hook", "install", "claude-code", "--dir", dir, "--write")
	if again, _ := os.ReadFile(settings); code != 0 || !strings.Contains(out, "nothing to change") || !bytes.Equal(again, now) {
		t.Errorf("second install: exit %d\n%s", code, out)
	}
	// an invalid file is never overwritten
	bad, _ := os.ReadFile(hookData + "settings-invalid.json")
	if err := os.WriteFile(settings, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = cli("hook", "install", "claude-code", "--dir", dir, "--write")
	if after, _ := os.ReadFile(settings); code != exitUsage || !bytes.Equal(after, bad) || !strings.Contains(errOut, "line 3") {
		t.Errorf("invalid settings: exit %d, %q", code, errOut)
	}
}

func TestHookInstallCodexUser(t *testing.T) {
	home := t.TempDir()
	out, errOut, code := runBin(t, "", []string{"CODEX_HOME=" + home}, "hook", "install", "codex", "--user", "--write")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(home, "hooks.json"))
	if err != nil || !strings.Contains(string(b), `"command": "compaudit hook codex"`) || !strings.Contains(out, "/hooks") {
		t.Errorf("hooks.json %s (%v)\n%s", b, err, out)
	}
	if _, errOut, code := cli("hook", "install", "codex", "--user", "--project"); code != exitUsage || errOut == "" {
		t.Errorf("--user --project: exit %d", code)
	}
}
