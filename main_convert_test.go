package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

// auditJSON runs `compaudit audit --format json` and drops the fields naming the input.
func auditJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := cli(append([]string{"audit", "--format", "json"}, args...)...)
	if code != exitOK {
		t.Fatalf("audit %v: exit %d: %s", args, code, errOut)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	delete(r, "file")
	delete(r, "format")
	return r
}

func sameJSON(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func TestConvertCommandRoundTrips(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		in    string
		flags []string
	}{
		{"sessions/testdata/opencode/storage/message/ses_e07c4103fffeSbXOIkDj8Q6xzR", nil},
		{"sessions/testdata/opencode/export-overflow.json", nil},
		{"sessions/testdata/arrays/openai-chat-two-rounds.json", nil},
		{"sessions/testdata/arrays/anthropic-unmarked.json", []string{"--summary-index", "5"}},
		{"testdata/samples/claude-code-sample.jsonl", nil},
		{"testdata/samples/codex-rollout-sample.jsonl", nil},
		{f01, nil},
	}
	for i, c := range cases {
		out := filepath.Join(dir, "s"+string(rune('a'+i))+".json")
		_, errOut, code := cli(append(append([]string{"convert"}, c.flags...), c.in, "-o", out)...)
		if code != exitOK || !strings.Contains(errOut, "wrote "+out) {
			t.Errorf("%s: exit %d: %s", c.in, code, errOut)
			continue
		}
		before := auditJSON(t, append(c.flags, c.in)...)
		after := auditJSON(t, out)
		if !sameJSON(before, after) {
			t.Errorf("%s: audit differs after convert", c.in)
		}
	}
}

func TestConvertCommandManifestAndErrors(t *testing.T) {
	dir := t.TempDir()
	in := "sessions/testdata/arrays/openai-chat-flagged.json"
	manifest := filepath.Join(dir, "manifest.json")
	os.WriteFile(manifest, []byte(`{"invariants":[{"id":"inv-primary","text":"Never restart the primary during business hours.","at":"msg-002"}],"events":[{"kind":"retire","id":"inv-primary","reason":"maintenance window","at":"msg-007"}]}`), 0o644)
	out, errOut, code := cli("convert", "--manifest", manifest, in)
	if code != exitOK {
		t.Fatalf("convert to stdout: exit %d: %s", code, errOut)
	}
	s, err := sessions.Parse("stdout.json", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if s.Manifest == nil || s.Manifest.Invariants[0].ID != "inv-primary" || s.Manifest.Events[0].Reason != "maintenance window" {
		t.Errorf("manifest not written: %+v", s.Manifest)
	}
	// A manifest naming an unknown message is refused before anything is written.
	os.WriteFile(manifest, []byte(`{"invariants":[{"id":"x","text":"y","at":"nope"}]}`), 0o644)
	target := filepath.Join(dir, "never.json")
	if _, errOut, code := cli("convert", "--manifest", manifest, in, "-o", target); code != exitUsage || !strings.Contains(errOut, `"nope"`) {
		t.Errorf("bad manifest: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("output written despite the error")
	}
	// The input is never overwritten.
	copyIn := filepath.Join(dir, "in.json")
	data, _ := os.ReadFile(in)
	os.WriteFile(copyIn, data, 0o644)
	if _, errOut, code := cli("convert", copyIn, "-o", copyIn); code != exitUsage || !strings.Contains(errOut, "never overwrites what it reads") {
		t.Errorf("-o = input: exit %d: %s", code, errOut)
	}
	if after, _ := os.ReadFile(copyIn); string(after) != string(data) {
		t.Error("input changed")
	}
	// No summary marker: the error names the flag.
	if _, errOut, code := cli("convert", "sessions/testdata/arrays/anthropic-unmarked.json"); code != exitUsage || !strings.Contains(errOut, "--summary-index") {
		t.Errorf("unmarked: exit %d: %s", code, errOut)
	}
	if _, _, code := cli("convert"); code != exitUsage {
		t.Errorf("no file: exit %d", code)
	}
}
