package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeHome lays out the three agents' usual locations under a temporary home: a
// compacted Claude Code transcript and one without compaction, a Codex rollout, and
// the OpenCode storage fixture (one compacted session, one not).
func fakeHome(t *testing.T) string {
	t.Helper()
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME"} {
		t.Setenv(v, "")
	}
	home := t.TempDir()
	claude, err := os.ReadFile("../testdata/samples/claude-code-sample.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	codex, err := os.ReadFile("../testdata/samples/codex-rollout-sample.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel string, data []byte) {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".claude/projects/-home-dana-src-shopfront/6513270e-269e-4d37-b2a7-4de452e6b438.jsonl", claude)
	// The same transcript cut before its compaction: a session without one.
	lines := strings.SplitAfter(string(claude), "\n")
	var before []string
	for _, l := range lines {
		if strings.Contains(l, "compact_boundary") {
			break
		}
		before = append(before, l)
	}
	write(".claude/projects/-home-dana-src-shopfront/0d0c1a77-0000-4000-8000-000000000001.jsonl", []byte(strings.Join(before, "")))
	write(".codex/sessions/2025/11/18/rollout-2025-11-18T09-30-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl", codex)
	// Unrelated files the scan must pass over.
	write(".claude/projects/-home-dana-src-shopfront/notes.jsonl", []byte("{\"todo\":\"not a session\"}\n"))
	copyTree(t, ocRoot, filepath.Join(home, ".local/share/opencode/storage"), func(string) bool { return true })
	// Current OpenCode builds: the database (with its log) beside storage/.
	for _, f := range []string{"opencode.db", "opencode.db-wal"} {
		data, err := os.ReadFile(filepath.Join("testdata/opencode/db", f))
		if err != nil {
			t.Fatal(err)
		}
		write(".local/share/opencode/"+f, data)
	}
	return home
}

func TestDiscoverDefaultLocations(t *testing.T) {
	home := fakeHome(t)
	got, err := Discover("", DiscoverOptions{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		path, agent string
		rounds      int
	}
	want := []row{ // newest first, ties by path
		{".local/share/opencode/opencode.db#" + ocSessionA, OpenCodeDBFormat, 4},
		{".local/share/opencode/storage/message/" + ocSessionA, OpenCodeFormat, 4},
		{".codex/sessions/2025/11/18/rollout-2025-11-18T09-30-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl", "", 1},
		{".claude/projects/-home-dana-src-shopfront/6513270e-269e-4d37-b2a7-4de452e6b438.jsonl", "", 1},
	}
	if len(got) != len(want) {
		for _, e := range got {
			t.Logf("%s %s %d %s", e.Path, e.Agent, e.Rounds, e.Err)
		}
		t.Fatalf("got %d sessions, want %d", len(got), len(want))
	}
	for i, w := range want {
		e := got[i]
		if e.Path != filepath.Join(home, w.path) {
			t.Errorf("row %d: path %s, want %s", i, e.Path, w.path)
			continue
		}
		if w.agent != "" && e.Agent != w.agent {
			t.Errorf("row %d: agent %q", i, e.Agent)
		}
		if e.Rounds != w.rounds || e.Err != "" {
			t.Errorf("row %d: rounds %d err %q", i, e.Rounds, e.Err)
		}
		// The counts are those of a full read.
		s, err := ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		if e.Messages != len(s.Messages) || e.Rounds != len(s.Compactions) || e.Agent != s.Format || e.ID != s.ID {
			t.Errorf("row %d: %+v, full read has %d messages, %d rounds, %s", i, e, len(s.Messages), len(s.Compactions), s.Format)
		}
		if !e.Date.Equal(lastTime(s)) || e.Date.IsZero() {
			t.Errorf("row %d: date %v, last timestamp %v", i, e.Date, lastTime(s))
		}
		if e.Session != nil {
			t.Errorf("row %d: session kept without Keep", i)
		}
	}
	if got[0].Date != time.Date(2026, 11, 20, 9, 23, 45, 0, time.UTC) || !got[0].Date.Equal(got[1].Date) {
		t.Errorf("OpenCode session date %v", got[0].Date)
	}
}

func TestDiscoverAllAddsUncompacted(t *testing.T) {
	home := fakeHome(t)
	got, err := Discover("", DiscoverOptions{Home: home, All: true, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]SessionEntry{}
	for _, e := range got {
		rel, _ := filepath.Rel(home, e.Path)
		byPath[rel] = e
	}
	if len(got) != 8 { // 3 files, 2 storage sessions, 3 database sessions
		t.Fatalf("got %d sessions: %v", len(got), byPath)
	}
	cut := byPath[".claude/projects/-home-dana-src-shopfront/0d0c1a77-0000-4000-8000-000000000001.jsonl"]
	if cut.Rounds != 0 || cut.Messages == 0 || cut.Err != "" {
		t.Errorf("uncompacted Claude transcript: %+v", cut)
	}
	b := byPath[".local/share/opencode/storage/message/"+ocSessionB]
	if b.Rounds != 0 || b.Messages != 5 {
		t.Errorf("uncompacted OpenCode session: %+v", b)
	}
	if _, ok := byPath[".claude/projects/-home-dana-src-shopfront/notes.jsonl"]; ok {
		t.Error("a file that is no session was listed")
	}
	for p, e := range byPath {
		if e.Session == nil || len(e.Session.Messages) != e.Messages {
			t.Errorf("%s: Keep did not keep the session", p)
		}
	}
}

func TestDiscoverFolderOrderAndErrors(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/arrays/openai-chat-flagged.json")
	if err != nil {
		t.Fatal(err)
	}
	// Two copies with the same (modification) date: ordered by path.
	when := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, name := range []string{"b/chat.json", "a/chat.json"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, when, when)
	}
	// A newer file whose summary cannot be found: listed only with All, with its error.
	unmarked := filepath.Join(dir, "unmarked.json")
	raw, _ := os.ReadFile("testdata/arrays/anthropic-unmarked.json")
	os.WriteFile(unmarked, raw, 0o644)
	os.Chtimes(unmarked, when.Add(time.Hour), when.Add(time.Hour))
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"x","version":"1.0.0"}`), 0o644)
	// Message lines with a summary but no agent's compaction marker are still read.
	lines := filepath.Join(dir, "chat.jsonl")
	os.WriteFile(lines, []byte(`{"role":"user","content":"a","timestamp":"2026-04-01T10:00:00Z"}`+"\n"+`{"role":"user","content":"<summary>a</summary>"}`+"\n"), 0o644)

	got, err := Discover(dir, DiscoverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Path != filepath.Join(dir, "a/chat.json") || got[1].Path != filepath.Join(dir, "b/chat.json") || !got[0].Date.Equal(when) {
		t.Fatalf("got %+v", got)
	}
	if got[2].Path != lines || got[2].Rounds != 1 || !got[2].Date.Equal(time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("message lines: %+v", got[2])
	}
	got, err = Discover(dir, DiscoverOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0].Path != unmarked || !strings.Contains(got[0].Err, "--summary-index") {
		t.Fatalf("with All: %+v", got)
	}
	_, err = Discover(filepath.Join(dir, "missing"), DiscoverOptions{})
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Errorf("missing folder: %v", err)
	}
	// A home without any agent folder lists nothing, without error.
	got, err = Discover("", DiscoverOptions{Home: t.TempDir()})
	if err != nil || len(got) != 0 {
		t.Errorf("empty home: %v %v", got, err)
	}
}

func TestFileHasMarkerAcrossChunks(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.jsonl")
	// The marker straddles the 1 MiB read boundary.
	pad := strings.Repeat("x", 1<<20-5)
	if err := os.WriteFile(p, []byte(pad+`"subtype":"compact_boundary"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if !fileHasMarker(p) {
		t.Error("marker across a chunk boundary missed")
	}
	if err := os.WriteFile(p, []byte(pad+pad), 0o644); err != nil {
		t.Fatal(err)
	}
	if fileHasMarker(p) {
		t.Error("marker found in a file without one")
	}
}
