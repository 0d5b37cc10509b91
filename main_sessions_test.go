package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSessionsCommand(t *testing.T) {
	dir := "sessions/testdata/opencode"
	out, errOut, code := cli("sessions", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "DATE") {
		t.Fatalf("output:\n%s", out)
	}
	// Newest first: the export (2026-11-21), the same session in the database and in
	// the storage folder (2026-11-20, ties by path), the minimal storage (1970).
	if !strings.Contains(lines[1], "export-overflow.json") || !strings.Contains(lines[1], "OpenCode export") ||
		!strings.Contains(lines[2], "db/opencode.db#ses_e07c4103fffeSbXOIkDj8Q6xzR") || !strings.Contains(lines[2], "OpenCode db") ||
		!strings.Contains(lines[3], "storage/message/ses_e07c4103fffeSbXOIkDj8Q6xzR") || !strings.Contains(lines[3], "2026-11-20 09:23") ||
		!strings.Contains(lines[4], "minimal/storage/message/ses_demo") {
		t.Errorf("rows:\n%s", out)
	}
	if f := strings.Fields(lines[3]); f[3] != "36" || f[4] != "4" {
		t.Errorf("messages/rounds columns: %v", f)
	}

	out, _, _ = cli("sessions", "--all", dir)
	if !strings.Contains(out, "ses_e109b3f3fffeBYVwKhsZQP16Sn") {
		t.Errorf("--all misses the uncompacted session:\n%s", out)
	}

	out, errOut, code = cli("sessions", "--json", "--audit", dir)
	if code != exitOK {
		t.Fatalf("--json --audit: exit %d: %s", code, errOut)
	}
	var rows []struct {
		Path     string `json:"path"`
		Agent    string `json:"agent"`
		Rounds   int    `json:"rounds"`
		Messages int    `json:"messages"`
		Worst    string `json:"worst"`
		Findings *int   `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 4 || rows[1].Rounds != 4 || rows[1].Messages != 36 || rows[1].Findings == nil || rows[1].Agent != "OpenCode database" {
		t.Fatalf("rows %+v", rows)
	}
	// The worst finding agrees with a full audit of the same session.
	rep := auditJSON(t, rows[1].Path)
	if w := rep["summary"].(map[string]any)["worst"]; w != nil && w != "" && w != rows[1].Worst {
		t.Errorf("worst %q, audit says %v", rows[1].Worst, w)
	}

	out, _, _ = cli("sessions", "--audit", dir)
	if !strings.Contains(out, "WORST") {
		t.Errorf("--audit table has no WORST column:\n%s", out)
	}
}

func TestSessionsCommandEmptyAndMissing(t *testing.T) {
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "notes.json"), []byte(`{"a":1}`), 0o644)
	out, _, code := cli("sessions", empty)
	if code != exitOK || !strings.Contains(out, "No sessions with a compaction") {
		t.Errorf("empty folder: exit %d: %q", code, out)
	}
	out, _, _ = cli("sessions", "--json", empty)
	if strings.TrimSpace(out) != "[]" {
		t.Errorf("empty --json: %q", out)
	}
	if _, errOut, code := cli("sessions", filepath.Join(empty, "missing")); code != exitUsage || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing folder: exit %d: %s", code, errOut)
	}
	// Default locations come from the home folder.
	t.Setenv("HOME", empty)
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME"} {
		t.Setenv(v, "")
	}
	if out, _, code := cli("sessions"); code != exitOK || !strings.Contains(out, "No sessions") {
		t.Errorf("empty home: exit %d: %q", code, out)
	}
}

func TestSessionsAuditMarksOpaque(t *testing.T) {
	out, errOut, code := cli("sessions", "--audit", "sessions/testdata/arrays")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "responses-opaque.json") && !strings.Contains(line, "opaque (1 of 1 rounds encrypted)") {
			t.Errorf("an encrypted summary listed as %q", line)
		}
	}
	if !strings.Contains(out, "responses-opaque.json") {
		t.Errorf("opaque session missing:\n%s", out)
	}
}
