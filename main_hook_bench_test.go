package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// benchHook runs the hook in process on transcript, b.N times.
func benchHook(b *testing.B, transcript string) {
	fi, err := os.Stat(transcript)
	if err != nil {
		b.Skipf("%s: %v", transcript, err)
	}
	abs, _ := filepath.Abs(transcript)
	enc, _ := json.Marshal(abs)
	in := `{"session_id":"bench","transcript_path":` + string(enc) + `,"cwd":"/tmp","hook_event_name":"SessionStart","source":"compact"}`
	c := hookConfig{agent: "claude-code", timeout: 10 * time.Minute, noLog: true, ro: restoreOptions{maxTokens: 1500, minSeverity: "warning"}}
	var errw strings.Builder
	b.SetBytes(fi.Size())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		errw.Reset()
		if code := runHook(c, strings.NewReader(in), io.Discard, &errw); code != 0 || errw.Len() > 0 {
			b.Fatalf("exit %d: %s", code, errw.String())
		}
	}
}

// BenchmarkHookReal: a real 4 MB Claude Code session with one compaction, when the
// shared cases are next to the repository (skipped otherwise; CI does not need them).
func BenchmarkHookReal(b *testing.B) {
	p := os.Getenv("COMPAUDIT_BENCH_TRANSCRIPT")
	if p == "" {
		p = "../../shared/real/cases/e07-1round-9f76bd/session.claude.jsonl"
		if _, err := os.Stat(p); err != nil {
			p = "/work/shared/real/cases/e07-1round-9f76bd/session.claude.jsonl"
		}
	}
	benchHook(b, p)
}

// BenchmarkHookGenerated4MB: a generated 4 MB Claude Code transcript (user rules,
// assistant notes, tool calls with long output) ending in a compaction that keeps
// part of it.
func BenchmarkHookGenerated4MB(b *testing.B) {
	p := filepath.Join(b.TempDir(), "gen.claude.jsonl")
	if err := genClaudeTranscript(p, 4<<20); err != nil {
		b.Fatal(err)
	}
	benchHook(b, p)
}

// genClaudeTranscript writes a Claude Code JSONL transcript of about size bytes.
func genClaudeTranscript(path string, size int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	t0 := time.Date(2025, 11, 4, 9, 0, 0, 0, time.UTC)
	n, parent, written := 0, "", 0
	line := func(typ string, msg any, extra string) error {
		n++
		uuid := fmt.Sprintf("00000000-0000-4000-8000-%012d", n)
		p := "null"
		if parent != "" {
			p = `"` + parent + `"`
		}
		m, _ := json.Marshal(msg)
		s := fmt.Sprintf(`{"parentUuid":%s,"isSidechain":false,"userType":"external","cwd":"/src/app","sessionId":"bench","version":"2.0.31","type":%q,"message":%s,%s"uuid":%q,"timestamp":%q}`+"\n",
			p, typ, m, extra, uuid, t0.Add(time.Duration(n)*time.Second).Format("2006-01-02T15:04:05.000Z"))
		parent = uuid
		written += len(s)
		_, err := f.WriteString(s)
		return err
	}
	type block map[string]any
	var kept []string
	for i := 0; written < size-4096; i++ {
		rule := fmt.Sprintf("Never restart worker-%d during the 02:00-04:00 UTC window; keep batch size at %d until ticket OPS-%04d is closed.", i%97, 500+i%300, i)
		if err := line("user", block{"role": "user", "content": rule}, ""); err != nil {
			return err
		}
		if i%3 == 0 {
			kept = append(kept, rule)
		}
		note := fmt.Sprintf("Tried raising pool_size to %d on svc-%d; it failed with ETIMEDOUT after 30 s, so I reverted it.", 10+i%50, i%31)
		id := fmt.Sprintf("toolu_%06d", i)
		if err := line("assistant", block{"role": "assistant", "content": []block{{"type": "text", "text": note}, {"type": "tool_use", "id": id, "name": "Bash", "input": block{"command": fmt.Sprintf("kubectl logs deploy/svc-%d --tail=40", i%31)}}}}, ""); err != nil {
			return err
		}
		var out strings.Builder
		for k := 0; k < 40; k++ {
			fmt.Fprintf(&out, "2025-11-04T09:%02d:%02dZ svc-%d worker-%d INFO processed batch %d in %d ms\n", k%60, (i+k)%60, i%31, k%97, i*40+k, 100+(i*k)%900)
		}
		if err := line("user", block{"role": "user", "content": []block{{"type": "tool_result", "tool_use_id": id, "content": out.String()}}}, ""); err != nil {
			return err
		}
	}
	last := parent
	parent = ""
	if err := line("system", nil, fmt.Sprintf(`"subtype":"compact_boundary","content":"Conversation compacted","logicalParentUuid":%q,"compactMetadata":{"trigger":"auto","preTokens":900000},`, last)); err != nil {
		return err
	}
	summary := "This session is being continued from a previous conversation that ran out of context. The earlier conversation is summarized below.\n\nSummary:\n1. Primary request and intent:\n   - " + strings.Join(kept, "\n   - ") + "\n\n2. Pending tasks:\n   - Verify the replica lag stays under 250 ms.\n"
	return line("user", block{"role": "user", "content": summary}, `"isCompactSummary":true,"isVisibleInTranscriptOnly":true,`)
}
