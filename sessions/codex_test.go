package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCodexLocalRounds(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "codex", "local-rounds.jsonl"))
	if s.Format != CodexFormat || s.ID != "019c1a2b-3c4d-7e5f-8a9b-0c1d2e3f4a5b" || len(s.Warnings) != 0 {
		t.Fatalf("format %q id %q warnings %q", s.Format, s.ID, s.Warnings)
	}
	// Harness context is kept as system messages, never as sources.
	for _, id := range []string{"m1", "m2", "m14"} {
		if m := s.Message(id); m == nil || m.Role != RoleSystem {
			t.Errorf("%s = %+v, want a system message", id, m)
		}
	}
	if len(s.Compactions) != 2 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	c1, c2 := &s.Compactions[0], &s.Compactions[1]
	// Round 1: an automatic compaction in the middle of a turn, with replacement_history.
	if c1.Trigger != "auto" || c1.Parent != "" || c1.Opaque || c1.Model != "gpt-5.1-codex" || c1.Line != 25 {
		t.Errorf("round 1: %+v", c1)
	}
	if !strings.HasPrefix(c1.Summary, "- Goal: idempotent journal posting") {
		t.Errorf("round 1 summary %.60q (the fixed prefix line must go)", c1.Summary)
	}
	checkList(t, "round 1 sources", sourceDescs(s, c1), []string{
		"user:Posting a journal entry must be idempotent",
		"assistant/thinking:**Finding the posting path**",
		"assistant/tool_call:shell_command(command=rg -n 'func Post' internal/ledger, workdir=/home/ravi/work/ledger)",
		"tool/tool_result:internal/ledger/post.go:23:func Post(",
		"assistant/tool_call:apply_patch:\n*** Begin Patch",
		"tool/tool_result:Success. Updated the following files:",
		"assistant:Post() now returns early",
		"user:Add a test that posts the same entry twice",
		"assistant/tool_call:shell_command(command=go test ./internal/ledger/ -run TestPostTwice",
		"tool/tool_result:Exit code: 1\n--- FAIL: TestPostTwice (0.01s)",
		"assistant:The test fails: keys.Seen is checked",
	})
	// Round 2: /compact (a turn that only compacted), an older build's compacted line
	// without replacement_history.
	if c2.Trigger != "manual" || c2.Parent != "c1" || c2.Round != 2 {
		t.Errorf("round 2: %+v", c2)
	}
	checkList(t, "round 2 sources", sourceDescs(s, c2), []string{
		"c1",
		"assistant/tool_call:apply_patch:",
		"tool/tool_result:Exit code: 1\napply_patch verification failed",
		"assistant/tool_call:shell_command(command=go test ./internal/ledger/,",
		"tool/tool_result:ok  \tgithub.com/ravi/ledger/internal/ledger",
		"assistant:Recorded the key inside the posting transaction",
	})
	if m := s.Message("m9"); m.Name != "shell_command" || !m.IsError {
		t.Errorf("m9 = %+v, want a failed shell command", m)
	}
	if m := s.Message("m11"); m.Name != "apply_patch" || !m.IsError {
		t.Errorf("m11 = %+v, want a failed apply_patch", m)
	}
	if m := s.Message("m6"); m.Text != "Success. Updated the following files:\nM internal/ledger/post.go\n" || m.IsError {
		t.Errorf("m6 = %+v (custom tool output unwrapped)", m)
	}
	if m := s.Message("m15"); desc(m) != "user:Open a PR." || m.Line != 44 {
		t.Errorf("m15 = %+v", m)
	}
}

func TestCodexRemoteOpaque(t *testing.T) {
	s := mustRead(t, filepath.Join("testdata", "codex", "remote-opaque.jsonl"))
	if len(s.Compactions) != 2 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	for i, c := range s.Compactions {
		if !c.Opaque || !strings.HasPrefix(c.Summary, OpaquePrefix) || c.Policy != "remote" || c.Trigger != "auto" {
			t.Errorf("round %d: opaque %v summary %.20q policy %q trigger %q", i+1, c.Opaque, c.Summary, c.Policy, c.Trigger)
		}
	}
	// The user messages the encrypted compaction kept beside its item were not
	// replaced: they are Preserved, not sources.
	checkList(t, "round 1 sources", sourceDescs(s, &s.Compactions[0]), []string{
		"assistant/tool_call:shell_command(command=./ops/jobstats reconcile --last 7",
		"tool/tool_result:avg 3h12m, max 3h58m",
		"assistant:FetchBalances dominates",
		"assistant/tool_call:shell_command(command=go test ./jobs/reconcile/...",
		"tool/tool_result:ok  \tgithub.com/ravi/ledger/jobs/reconcile",
		"assistant:FetchBalances now reads 500 accounts per query",
	})
	var kept []string
	for _, id := range s.Compactions[0].Preserved {
		kept = append(kept, desc(s.Message(id)))
	}
	checkList(t, "round 1 preserved", kept, []string{"user:Cut the nightly reconciliation job's runtime", "user:Batch it, 500 accounts per query."})
	// The retained user messages are the same messages, not new ones; the second
	// round's new messages start after the first compaction.
	checkList(t, "round 2 sources", sourceDescs(s, &s.Compactions[1]), []string{
		"c1",
		"assistant:Running it against last night's snapshot next.",
		"assistant/tool_call:shell_command(command=./ops/jobstats reconcile --dry-run",
		"tool/tool_result:runtime 41m08s",
		"assistant:Dry run on the snapshot: 41m08s.",
	})
	if s.Compactions[1].Parent != "c1" || s.Compactions[0].Model != "gpt-5.1-codex-max" {
		t.Errorf("lineage %+v", s.Compactions[1])
	}
}

// A remote compaction written twice (same content, nothing in between) is one round
// and a warning; its retained user messages are Preserved; the readable round after
// it builds on it. In-memory and streaming reads agree.
func TestCodexRemoteRetainedAndDuplicate(t *testing.T) {
	s := readBoth(t, CodexFormat, filepath.Join("testdata", "codex", "remote-retained.jsonl"))
	if len(s.Compactions) != 2 {
		t.Fatalf("%d rounds, want 2 (the repeated compacted line is not a round)", len(s.Compactions))
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "repeats the compacted record of line") || !strings.Contains(s.Warnings[0], "dropped, not a second round") {
		t.Errorf("warnings %q", s.Warnings)
	}
	c1, c2 := s.Compactions[0], s.Compactions[1]
	if !c1.Opaque || c2.Opaque || c2.Parent != "c1" || c2.Sources[0] != "c1" {
		t.Errorf("rounds: %+v / %+v", c1, c2)
	}
	var kept []string
	for _, id := range c1.Preserved {
		kept = append(kept, desc(s.Message(id)))
	}
	checkList(t, "opaque round preserved", kept, []string{"user:Move the invoice PDFs to the archive bucket.", "user:Use the Glacier Deep Archive storage class"})
	for _, d := range sourceDescs(s, &c1) {
		if strings.HasPrefix(d, "user:") {
			t.Errorf("opaque round source %q is a message it kept", d)
		}
	}
	// a local round keeps its retained messages as sources (its summary is judged)
	if checkSrc := sourceDescs(s, &c2); !strings.HasPrefix(strings.Join(checkSrc, "|"), "c1|assistant:Starting the copy") {
		t.Errorf("round 2 sources %q", checkSrc)
	}
}

// A compacted line repeated after new items is a new round, not a duplicate.
func TestCodexRepeatedCompactionAfterItemsIsARound(t *testing.T) {
	meta := `{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}`
	user := `{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Hi."}]}}`
	comp := `{"timestamp":"t","type":"compacted","payload":{"message":"` + CodexSummaryPrefix + `\nThe user said hi."}}`
	s, err := parseBoth(t, CodexFormat, codexLines(meta, user, comp, user, comp), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 2 || len(s.Warnings) != 0 {
		t.Errorf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
	}
	s, err = parseBoth(t, CodexFormat, codexLines(meta, user, comp, comp), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 1 || len(s.Warnings) != 1 || !strings.HasPrefix(s.Warnings[0], "line 4: repeats the compacted record of line 3") {
		t.Errorf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
	}
}

// The shared sample: one /compact round; the summary drops the 30-second limit the
// user set.
func TestCodexSample(t *testing.T) {
	s := mustRead(t, filepath.Join("..", "testdata", "samples", "codex-rollout-sample.jsonl"))
	if len(s.Compactions) != 1 || len(s.Warnings) != 0 {
		t.Fatalf("%d rounds, warnings %q", len(s.Compactions), s.Warnings)
	}
	c := &s.Compactions[0]
	if c.Trigger != "manual" || c.Opaque || c.Model != "gpt-5.1-codex" || len(c.Sources) != 11 {
		t.Errorf("round %+v", c)
	}
	if !strings.HasPrefix(c.Summary, "- Goal: graceful shutdown") || strings.Contains(c.Summary, "30 seconds") {
		t.Errorf("summary %.80q", c.Summary)
	}
	first := s.Message(c.Sources[0])
	if first.Role != RoleUser || !strings.Contains(first.Text, "give up after 30 seconds") {
		t.Errorf("first source %q", desc(first))
	}
	// Nine replaced items besides the two user prompts (reasoning, calls, outputs,
	// apply_patch, two assistant messages): 11 sources.
	kinds := map[string]int{}
	for _, id := range c.Sources {
		m := s.Message(id)
		kinds[m.Role+"/"+m.Kind]++
	}
	if kinds["user/"] != 2 || kinds["assistant/thinking"] != 1 || kinds["assistant/tool_call"] != 3 || kinds["tool/tool_result"] != 3 || kinds["assistant/"] != 2 {
		t.Errorf("source kinds %v", kinds)
	}
}

func TestCodexMalformedLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "codex", "local-rounds.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	lines[9] = lines[9][:40] // line 10, a function_call_output, cut short
	path := writeTemp(t, "rollout.jsonl", strings.Join(lines, "\n")+"\n")
	_, err = ReadFile(path)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 10 || !strings.Contains(ie.Msg, "invalid JSON") {
		t.Fatalf("err = %v", err)
	}
	s, err := ReadFileWith(path, ReadOptions{SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.HasPrefix(s.Warnings[0], "line 10: skipped: invalid JSON") || len(s.Compactions) != 2 {
		t.Errorf("warnings %q, %d rounds", s.Warnings, len(s.Compactions))
	}
	// the call whose output was lost keeps a name of its own
	if m := s.Message("m4.call"); m == nil || m.Kind != KindToolCall {
		t.Errorf("orphan call: %+v", m)
	}
}

func codexLines(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// A bare compaction item that no compacted line claims is an opaque round; a
// compaction at the very start of a file (nothing before it here) is not a round, but
// a readable summary is kept for the next round to be audited against.
func TestCodexStandaloneAndLeadingCompaction(t *testing.T) {
	meta := `{"timestamp":"2026-02-20T14:00:00.000Z","type":"session_meta","payload":{"id":"s1","cwd":"/w","originator":"codex_cli_rs","cli_version":"0.70.0","source":"cli","model_provider":"openai"}}`
	user := func(text string) string {
		return `{"timestamp":"2026-02-20T14:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"` + text + `"}]}}`
	}
	asst := `{"timestamp":"2026-02-20T14:00:02.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}}`
	bare := `{"timestamp":"2026-02-20T14:00:03.000Z","type":"response_item","payload":{"type":"compaction","encrypted_content":"gAAAAABbareTOKEN"}}`
	s, err := Parse("x.jsonl", []byte(codexLines(meta, user("Keep the API stable."), asst, bare, user("Next."), asst)))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 1 || !s.Compactions[0].Opaque || s.Compactions[0].Summary != "gAAAAABbareTOKEN" || len(s.Compactions[0].Sources) != 2 {
		t.Fatalf("rounds %+v", s.Compactions)
	}
	lead := `{"timestamp":"2026-02-20T14:00:00.500Z","type":"compacted","payload":{"message":"Another language model started to solve this problem and produced a summary of its thinking process.\n- The API must stay stable."}}`
	s, err = Parse("y.jsonl", []byte(codexLines(meta, lead, user("Add a field."), asst, lead)))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "line 2: compaction with nothing before it") {
		t.Errorf("warnings %q", s.Warnings)
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	checkList(t, "sources", sourceDescs(s, &s.Compactions[0]), []string{"system:- The API must stay stable.", "user:Add a field.", "assistant:Done."})
}

// Type errors on records the reader uses are errors; on others they are ignored.
func TestCodexWrongTypes(t *testing.T) {
	meta := `{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}`
	okEvent := `{"timestamp":"t","type":"event_msg","payload":{"type":"token_count","info":"not an object","message":42}}`
	user := `{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Hi."}]}}`
	if _, err := Parse("a.jsonl", []byte(codexLines(meta, okEvent, user))); err != nil {
		t.Fatalf("an odd event_msg should be ignored: %v", err)
	}
	bad := `{"timestamp":"t","type":"response_item","payload":{"type":"message","role":["user"],"content":[]}}`
	_, err := Parse("b.jsonl", []byte(codexLines(meta, user, bad)))
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 3 || !strings.Contains(ie.Msg, "wrong type") {
		t.Fatalf("err = %v", err)
	}
}

func TestStripShellHeader(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		isErr   bool
	}{
		{"Exit code: 0\nWall time: 0.1 seconds\nOutput:\nok", "ok", false},
		{"Exit code: 0\nOutput:\nline1\nline2\n", "line1\nline2\n", false},
		{"Exit code: 2\nWall time: 3 seconds\nOutput:\nboom", "Exit code: 2\nboom", true},
		{"Exit code: 0\nOutput:", "", false},
		{"Exit code: x\nOutput:\nok", "Exit code: x\nOutput:\nok", false},
		{"Exit code: 0\nsomething else", "Exit code: 0\nsomething else", false},
		{"plain output", "plain output", false},
	} {
		out, isErr := stripShellHeader(tc.in, false)
		if out != tc.out || isErr != tc.isErr {
			t.Errorf("%q: got %q %v, want %q %v", tc.in, out, isErr, tc.out, tc.isErr)
		}
	}
}
