package sessions

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// desc describes a message for comparisons: role, kind and text.
func desc(m *Message) string {
	t := m.Text
	k := ""
	if m.Kind != "" {
		k = "/" + m.Kind
	}
	return m.Role + k + ":" + t
}

// sourceDescs describes a round's sources: compaction ids as they are, messages by desc.
func sourceDescs(s *Session, c *Compaction) []string {
	var out []string
	for _, id := range c.Sources {
		if m := s.Message(id); m != nil {
			out = append(out, desc(m))
		} else {
			out = append(out, id)
		}
	}
	return out
}

func mustRead(t *testing.T, path string) *Session {
	t.Helper()
	s, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkList compares item by item; a wanted item may be a prefix of the one got.
func checkList(t *testing.T, what string, got, want []string) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		ok = strings.HasPrefix(got[i], want[i])
	}
	if !ok {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func TestClaudeMultiRound(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "claude", "multi-round.jsonl"))
	if s.Format != ClaudeFormat || s.ID != "4c2f8e1a-7b3d-4e59-a1c6-0d9e8f7a6b5c" {
		t.Fatalf("format %q id %q", s.Format, s.ID)
	}
	// Kept out: the subagent's sidechain, the abandoned branch, meta and harness text,
	// system notes, the progress line, the title and the snapshot.
	for _, m := range s.Messages {
		for _, bad := range []string{"SIDECHAIN", "ABANDONED", "Caveat:", "<command-name>", "<local-command-stdout>", "Hook PreToolUse", "Token-bucket rate limiter for billing-api"} {
			if strings.Contains(m.Text, bad) {
				t.Errorf("%s should not be a message: %q", m.ID, m.Text)
			}
		}
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "line 28: microcompaction") {
		t.Errorf("warnings %q, want the microcompaction note", s.Warnings)
	}
	if len(s.Compactions) != 3 {
		t.Fatalf("%d rounds, want 3", len(s.Compactions))
	}
	type lineage struct {
		id, parent, trigger string
		pre, post, line     int
	}
	wantL := []lineage{{"c1", "", "auto", 155214, 18230, 23}, {"c2", "c1", "manual", 48210, 9120, 35}, {"c3", "c2", "auto", 151002, 0, 42}}
	for i, c := range s.Compactions {
		got := lineage{c.ID, c.Parent, c.Trigger, c.PreTokens, c.PostTokens, c.Line}
		if got != wantL[i] || c.Round != i+1 || c.Opaque {
			t.Errorf("round %d: %+v (round %d, opaque %v), want %+v", i+1, got, c.Round, c.Opaque, wantL[i])
		}
		if !strings.HasPrefix(c.Summary, "This session is being continued") {
			t.Errorf("round %d summary %.60q", c.Round, c.Summary)
		}
	}
	checkList(t, "round 1 sources", sourceDescs(s, &s.Compactions[0]), []string{
		"tool/tool_result:Set model to sonnet (claude-sonnet-4-5-20250929)",
		"user:Add a token-bucket rate limiter to billi",
		"assistant/thinking:The middleware chain is probably in inter",
		"assistant:I'll look at the middleware chain first.",
		"assistant/tool_call:Grep(pattern=func .*Middleware, path=in",
		"tool/tool_result:internal/http/server.go:41:func Logging",
		"assistant/tool_call:Task(description=Find tenant id extracti",
		"tool/tool_result:TenantFromRequest in internal/tenant/ctx",
		"assistant/tool_call:Bash(command=go test ./internal/http/..",
		"tool/tool_result:--- FAIL: TestHealthzBypassesLimiter (0.",
		"assistant:The new test fails: /healthz is behind th",
		"user:Here is the Grafana panel from staging a",
		"user/image:[image: image/png]",
		"assistant:The p99 jump to 840ms lines up with the l",
		"assistant/tool_call:Edit(file_path=/home/mira/src/billing-ap",
		"tool/tool_result:The file /home/mira/src/billing-api/inter",
	})
	checkList(t, "round 2 sources", sourceDescs(s, &s.Compactions[1]), []string{
		"c1",
		"user:Use golang.org/x/time/rate instead of th",
		"assistant/tool_call:Bash(command=go get golang.org/x/time/ra",
		"tool/tool_result:go: added golang.org/x/time v0.9.0",
		"assistant:Switched to rate.NewLimiter(50, 100) per",
		"user:Evict idle tenants after 10 minutes so t",
		"assistant:Idle limiters are evicted after 10 minut",
	})
	checkList(t, "round 3 sources", sourceDescs(s, &s.Compactions[2]), []string{
		"c2",
		"user:Add a Prometheus counter for rejected re",
		"assistant/thinking:A counter vec with a tenant label; cardin",
		"assistant:Adding billing_ratelimit_rejected_total{t",
		"assistant/tool_call:Write:\nfile_path: /home/mira/src/billing",
		"tool/tool_result:File created successfully at: /home/mira",
	})
	// After the last round: messages, not sources.
	last := s.Messages[len(s.Messages)-2:]
	if desc(&last[0]) != "user:Ship it." || desc(&last[1]) != "assistant:Opened PR #412 with the limiter, eviction and metric." {
		t.Errorf("tail %q %q", desc(&last[0]), desc(&last[1]))
	}
	// Summary given as content blocks.
	if !strings.Contains(s.Compactions[1].Summary, "rate.NewLimiter(50, 100) per tenant") {
		t.Errorf("round 2 summary %q", s.Compactions[1].Summary)
	}
	// Tool results: named after their call, errors kept; lines kept.
	m := s.Message("m7")
	if m == nil || m.Name != "Bash" || !m.IsError || m.Kind != KindToolResult || m.Line != 16 {
		t.Errorf("m7 = %+v", m)
	}
	if c := s.Message("m7.call"); c == nil || c.Text != "Bash(command=go test ./internal/http/..., description=Run the http package tests)" {
		t.Errorf("m7.call = %+v", c)
	}
	// A local command's output is tool-like output named after the command, its
	// terminal formatting removed; the user's words start at m2.
	if m := s.Message("m1"); m.Line != 5 || m.Name != "/model" || m.Role != RoleTool {
		t.Errorf("m1 = %+v", m)
	}
	if m := s.Message("m2"); m.Line != 6 || m.At == "" || m.Role != RoleUser {
		t.Errorf("m2 line %d at %q", m.Line, m.At)
	}
	// The /compact arguments are the manual round's instructions; the others have none.
	if got := []string{s.Compactions[0].Instructions, s.Compactions[1].Instructions, s.Compactions[2].Instructions}; got[0] != "" || got[1] != "keep the 50 rps / burst 100 numbers exact" || got[2] != "" {
		t.Errorf("instructions %q", got)
	}
}

func TestClaudePartialCompaction(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "claude", "partial-compaction.jsonl"))
	if len(s.Compactions) != 2 || len(s.Warnings) != 0 {
		t.Fatalf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
	}
	c1, c2 := &s.Compactions[0], &s.Compactions[1]
	checkList(t, "round 1 sources", c1.Sources, []string{"m1", "m2", "m3.call", "m3"})
	checkList(t, "round 1 preserved", c1.Preserved, []string{"m4", "m5"})
	if desc(s.Message("m4")) != "user:Batch size 5,000 instead, the replica lags otherwise." {
		t.Errorf("m4 = %q", desc(s.Message("m4")))
	}
	// The preserved messages stayed in the context, so the next round replaces them.
	checkList(t, "round 2 sources", c2.Sources, []string{"c1", "m4", "m5", "m6", "m7"})
	if len(c2.Preserved) != 0 || len(s.Messages) != 9 {
		t.Errorf("round 2 preserved %v; %d messages", c2.Preserved, len(s.Messages))
	}
}

func TestClaudeResumedFile(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "claude", "resumed.jsonl"))
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "logicalParentUuid 0a1b2c3d-0000-4000-8000-previousfile is not in this file") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("%d rounds, want 1", len(s.Compactions))
	}
	// The first summary's sources are in another file: it is kept as a system message,
	// and the next round is audited against it.
	m1 := s.Message("m1")
	if m1 == nil || m1.Role != RoleSystem || !strings.Contains(m1.Text, "Never include the ssn column") {
		t.Fatalf("m1 = %+v", m1)
	}
	c := s.Compactions[0]
	if c.Round != 1 || c.Parent != "" || c.Line != 7 {
		t.Errorf("round %+v", c)
	}
	checkList(t, "sources", c.Sources, []string{"m1", "m2", "m3.call", "m3", "m4"})
	if desc(s.Message("m2")) != "user:Now add gzip compression to the export." {
		t.Errorf("m2 = %q", desc(s.Message("m2")))
	}
}

func TestClaudeDanglingParent(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "claude", "dangling-parent.jsonl"))
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "line 3: parentUuid ffffffff-dead-4bad-8bad-000000000000 is not in this file") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	checkList(t, "sources", sourceDescs(s, &s.Compactions[0]), []string{
		"user:Rotate the signing key for the webhook ",
		"assistant:Generating a new Ed25519 key pair.",
		"assistant/tool_call:Bash(command=./scripts/rotate-key --gra",
		"tool/tool_result:new key kid=2026-02 active; old key kid=",
		"assistant:Rotated: kid=2026-02 is active, kid=2025-",
	})
}

func TestClaudeCycleIsAnError(t *testing.T) {
	path := filepath.Join("testdata", "claude", "cycle.jsonl")
	_, err := ReadFile(path)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 3 || !strings.Contains(ie.Msg, "cycle in the parentUuid chain") || ie.Path != path {
		t.Fatalf("err = %v", err)
	}
}

// The shared sample: one round whose sources are the 12 lines before the boundary;
// the summary drops the POST rule the user gave.
func TestClaudeSample(t *testing.T) {
	s := mustRead(t, filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl"))
	if len(s.Compactions) != 1 || len(s.Warnings) != 0 {
		t.Fatalf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
	}
	c := &s.Compactions[0]
	if c.Trigger != "auto" || c.PreTokens != 167402 || len(c.Sources) != 12 {
		t.Errorf("round: trigger %q pre %d, %d sources", c.Trigger, c.PreTokens, len(c.Sources))
	}
	first := s.Message(c.Sources[0])
	if first.Role != RoleUser || !strings.Contains(first.Text, "never retry POST requests") {
		t.Errorf("first source %q", desc(first))
	}
	if strings.Contains(strings.ToLower(c.Summary), "post") {
		t.Errorf("the sample summary is meant to drop the POST rule")
	}
	if th := s.Message(c.Sources[1]); th.Kind != KindThinking || th.Role != RoleAssistant {
		t.Errorf("second source %q", desc(th))
	}
	if len(s.Messages) != 19 {
		t.Errorf("%d messages, want 19", len(s.Messages))
	}
}

// sampleLines returns the Claude sample's lines.
func sampleLines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func writeTemp(t *testing.T, name string, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o444); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestClaudeMalformedLine(t *testing.T) {
	lines := sampleLines(t)
	for _, tc := range []struct {
		name, line, msg string
	}{
		{"truncated", lines[4][:len(lines[4])/2], "invalid JSON"},
		{"not utf-8", strings.Replace(lines[4], "Edit", "Ed\xffit", 1), "invalid UTF-8"},
		{"wrong type", strings.Replace(lines[4], `"message":{`, `"message":17,"x":{`, 1), `wrong type: got JSON number, want an object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := append(append([]string{}, lines[:4]...), tc.line)
			bad = append(bad, lines[5:]...)
			path := writeTemp(t, "session.jsonl", strings.Join(bad, "\n")+"\n")
			_, err := ReadFile(path)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Line != 5 || ie.Path != path || !strings.Contains(ie.Msg, tc.msg) {
				t.Fatalf("err = %v, want %s at line 5", err, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), path+":5:") || ie.Col == 0 {
				t.Errorf("error text %q", err.Error())
			}
			s, err := ReadFileWith(path, ReadOptions{SkipBad: true})
			if err != nil {
				t.Fatal(err)
			}
			// The skipped line is an assistant tool_use: the next line's parent is gone,
			// and the chain goes on around it.
			if len(s.Warnings) != 2 || !strings.HasPrefix(s.Warnings[0], "line 5: skipped: ") || !strings.Contains(s.Warnings[0], tc.msg) ||
				!strings.HasPrefix(s.Warnings[1], "line 6: parentUuid 8d116ece-1738-47d9-bd9c-172411e20b8f is not in this file; the chain goes on with line 4") {
				t.Errorf("warnings %q", s.Warnings)
			}
			if len(s.Compactions) != 1 {
				t.Errorf("%d rounds", len(s.Compactions))
			}
		})
	}
}

// Unknown record types are ignored; a future type in the middle of the chain does not
// cut it.
func TestClaudeUnknownRecordTypes(t *testing.T) {
	lines := sampleLines(t)
	extra := []string{
		`{"type":"custom-title","customTitle":"retries","sessionId":"6513270e-269e-4d37-b2a7-4de452e6b438"}`,
		`{"type":"brand-new-kind","payload":[1,2,3],"weird":{"a":null}}`,
		`{"type":"ai-title","title":17}`,
	}
	all := append(append([]string{}, extra...), lines...)
	s, err := ReadFile(writeTemp(t, "x.jsonl", strings.Join(all, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 1 || len(s.Messages) != 19 || len(s.Warnings) != 0 {
		t.Errorf("%d rounds, %d messages, warnings %q", len(s.Compactions), len(s.Messages), s.Warnings)
	}
}

// Lines of any length: a tool output of several MB on one line, longer than every
// buffer, read both from memory and streamed (a file over the streaming threshold).
func TestClaudeLongLines(t *testing.T) {
	lines := sampleLines(t)
	big := strings.Repeat("0123456789abcdef\\n", 9<<20/18) // ~9 MB of escaped output
	long := strings.Replace(lines[7], `"ok  \tgithub.com/dana/shopfront/internal/httpx\t0.418s"`, `"`+big+`"`, 1)
	if long == lines[7] {
		t.Fatal("sample line 8 changed; update the test")
	}
	withBig := append(append(append([]string{}, lines[:7]...), long), lines[8:]...)
	content := strings.Join(withBig, "\n") + "\n"
	path := writeTemp(t, "big.jsonl", content)
	if fi, _ := os.Stat(path); fi.Size() <= streamThreshold {
		t.Fatalf("file %d bytes: not over the streaming threshold", fi.Size())
	}
	streamed, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inMem, err := Parse(path, []byte(content))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Session{streamed, inMem} {
		m := s.Message("m5")
		if m == nil || m.Role != RoleTool || len(m.Text) < 8<<20 || !strings.HasPrefix(m.Text, "0123456789abcdef\n") {
			t.Fatalf("the long output was not read whole")
		}
	}
	if fmt.Sprint(streamed.Compactions) != fmt.Sprint(inMem.Compactions) || len(streamed.Messages) != len(inMem.Messages) {
		t.Errorf("streamed and in-memory reads differ")
	}
}

// Detection is by content, not by name; unknown content names the known formats.
func TestDetectionByContent(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "samples", "codex-rollout-sample.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadFile(writeTemp(t, "notes.txt", string(data)))
	if err != nil || s.Format != CodexFormat {
		t.Fatalf("codex sample as notes.txt: %v %v", s, err)
	}
	c, err := ReadFile(writeTemp(t, "rollout-2025.jsonl", strings.Join(sampleLines(t), "\n")))
	if err != nil || c.Format != ClaudeFormat {
		t.Fatalf("claude sample named like a rollout: %v", err)
	}
	_, err = ReadFile(writeTemp(t, "session.jsonl", "{\"foo\":1}\n{\"bar\":2}\n"))
	if err == nil {
		t.Fatal("unknown JSONL accepted")
	}
	for _, name := range []string{ClaudeFormat, CodexFormat, NativeFormat} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list %q", err, name)
		}
	}
}

// Input files are only read: content, mode and time are unchanged, and a read-only
// file reads.
func TestImportLeavesInputUntouched(t *testing.T) {
	for _, src := range []string{filepath.Join("testdata", "claude", "multi-round.jsonl"), filepath.Join("testdata", "codex", "local-rounds.jsonl")} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		path := writeTemp(t, filepath.Base(src), string(data))
		before, _ := os.Stat(path)
		if _, err := ReadFile(path); err != nil {
			t.Fatal(err)
		}
		after, _ := os.Stat(path)
		again, _ := os.ReadFile(path)
		if string(again) != string(data) || before.Mode() != after.Mode() || !before.ModTime().Equal(after.ModTime()) {
			t.Errorf("%s changed by reading", src)
		}
	}
}

// Writers differ in how they link a compaction: a boundary linked to the old chain by
// parentUuid instead of logicalParentUuid, a summary that does not hang off its
// boundary. The rounds come out the same.
func TestClaudeLinkVariants(t *testing.T) {
	lines := sampleLines(t)
	base := mustRead(t, filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl"))
	for _, tc := range []struct {
		name     string
		boundary string
		summary  string
	}{
		{"boundary linked by parentUuid",
			strings.Replace(strings.Replace(lines[12], `"parentUuid":null,"logicalParentUuid":"92276658-1e27-41c0-8a6a-63ec24ede6a4"`, `"parentUuid":"92276658-1e27-41c0-8a6a-63ec24ede6a4"`, 1), `,"logicalParentUuid"`, `,"x"`, 1),
			lines[13]},
		{"summary without a parent",
			lines[12],
			strings.Replace(lines[13], `"parentUuid":"ae97ba94-d0ed-482f-8f6d-05584ef8aa38"`, `"parentUuid":null`, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.boundary == lines[12] && tc.summary == lines[13] {
				t.Fatal("the sample changed; update the test")
			}
			all := append(append(append([]string{}, lines[:12]...), tc.boundary, tc.summary), lines[14:]...)
			s, err := ReadFile(writeTemp(t, "v.jsonl", strings.Join(all, "\n")+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Compactions) != 1 || len(s.Warnings) != 0 {
				t.Fatalf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
			}
			checkList(t, "sources", s.Compactions[0].Sources, base.Compactions[0].Sources)
			if len(s.Messages) != len(base.Messages) || s.Compactions[0].Summary != base.Compactions[0].Summary {
				t.Errorf("%d messages, summary %.40q", len(s.Messages), s.Compactions[0].Summary)
			}
		})
	}
}

// A subagent's own transcript (every line isSidechain) is read as the conversation.
func TestClaudeSubagentFile(t *testing.T) {
	lines := sampleLines(t)
	side := make([]string, len(lines))
	for i, l := range lines {
		side[i] = strings.Replace(l, `"isSidechain":false`, `"isSidechain":true,"agentId":"a1b2c3d4"`, 1)
		if side[i] == l {
			t.Fatalf("line %d has no isSidechain", i+1)
		}
	}
	s, err := ReadFile(writeTemp(t, "agent-a1b2c3d4.jsonl", strings.Join(side, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	base := mustRead(t, filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl"))
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "subagent") {
		t.Errorf("warnings %q", s.Warnings)
	}
	if len(s.Messages) != len(base.Messages) || len(s.Compactions) != 1 || s.ID != base.ID {
		t.Fatalf("%d messages, %d rounds, id %q", len(s.Messages), len(s.Compactions), s.ID)
	}
	checkList(t, "sources", s.Compactions[0].Sources, base.Compactions[0].Sources)
}

// CRLF line endings and a byte order mark do not matter.
func TestClaudeBOMAndCRLF(t *testing.T) {
	lines := sampleLines(t)
	s, err := ReadFile(writeTemp(t, "crlf.jsonl", "\xEF\xBB\xBF"+strings.Join(lines, "\r\n")+"\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Messages) != 19 || len(s.Compactions) != 1 || len(s.Warnings) != 0 {
		t.Errorf("%d messages, %d rounds, warnings %q", len(s.Messages), len(s.Compactions), s.Warnings)
	}
}

func TestClaudeHarnessText(t *testing.T) {
	for text, want := range map[string]bool{
		"<command-name>/compact</command-name>":                                    true,
		"<system-reminder>\nThe TodoWrite tool hasn't been used</system-reminder>": true,
		"Called the Read tool with the following input: {\"file_path\":\"/a\"}":    true,
		"Result of calling the Read tool: \"     1\u2192package a\"":               true,
		"[Request interrupted by user for tool use]":                               true,
		"Called the API twice; both returned 500.":                                 false,
		"Result of calling the vendor: a refund.":                                  false,
		"Never retry POST requests.":                                               false,
	} {
		if got := isHarnessText(text); got != want {
			t.Errorf("isHarnessText(%q) = %v, want %v", text, got, want)
		}
	}
}

// Older builds began a new file with the summary and no boundary: the summary is kept
// as a system message, and a later round is audited against it.
func TestClaudeSummaryWithoutBoundary(t *testing.T) {
	lines := sampleLines(t)
	summary := strings.Replace(lines[13], `"parentUuid":"ae97ba94-d0ed-482f-8f6d-05584ef8aa38"`, `"parentUuid":null`, 1)
	for _, variant := range []string{summary, strings.Replace(summary, `"isCompactSummary":true`, `"isCompactSummary":false`, 1)} {
		s, err := ReadFile(writeTemp(t, "next.jsonl", strings.Join(append([]string{variant}, lines[14:]...), "\n")+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "line 1: a compaction summary with no compact_boundary") {
			t.Errorf("warnings %q", s.Warnings)
		}
		if m := s.Message("m1"); m == nil || m.Role != RoleSystem || !strings.HasPrefix(m.Text, "This session is being continued") || len(s.Compactions) != 0 || len(s.Messages) != 8 {
			t.Errorf("m1 %+v, %d rounds, %d messages", m, len(s.Compactions), len(s.Messages))
		}
	}
}
