package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func readArrayFixture(t *testing.T, name string, opt ReadOptions) *Session {
	t.Helper()
	s, err := ReadFileWith(filepath.Join("testdata", "arrays", name), opt)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if s.Format != ArrayFormat {
		t.Fatalf("%s: format %q, want %q", name, s.Format, ArrayFormat)
	}
	return s
}

type msgShape struct{ id, role, kind, name string }

func shapes(s *Session) []msgShape {
	var out []msgShape
	for _, m := range s.Messages {
		out = append(out, msgShape{m.ID, m.Role, m.Kind, m.Name})
	}
	return out
}

func TestArrayOpenAIChatTwoRoundsByPrefix(t *testing.T) {
	s := readArrayFixture(t, "openai-chat-two-rounds.json", ReadOptions{})
	want := []msgShape{
		{"m1", RoleSystem, "", ""},
		{"m2", RoleUser, "", ""},
		{"m3", RoleAssistant, KindToolCall, "bash"},
		{"m4", RoleTool, KindToolResult, "bash"},
		{"m5", RoleAssistant, "", ""},
		{"m6", RoleUser, "", ""},
		{"m7", RoleAssistant, "", ""}, // text and a call: an ordinary assistant message
		{"m8", RoleTool, KindToolResult, "edit_file"},
		{"m10", RoleAssistant, "", ""},
		{"m11", RoleTool, KindToolResult, "bash"},
		{"m12", RoleAssistant, "", ""},
		{"m14", RoleUser, "", ""},
	}
	if got := shapes(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("messages:\n got %v\nwant %v", got, want)
	}
	if len(s.Compactions) != 2 {
		t.Fatalf("got %d compactions, want 2", len(s.Compactions))
	}
	c1, c2 := s.Compactions[0], s.Compactions[1]
	if c1.ID != "c1" || c1.Round != 1 || c1.Parent != "" {
		t.Errorf("round 1: %+v", c1)
	}
	// The leading system prompt is kept, not replaced.
	if want := []string{"m2", "m3", "m4", "m5", "m6", "m7", "m8"}; !reflect.DeepEqual(c1.Sources, want) {
		t.Errorf("round 1 sources %v, want %v", c1.Sources, want)
	}
	if !reflect.DeepEqual(c1.Preserved, []string{"m1"}) {
		t.Errorf("round 1 preserved %v, want [m1]", c1.Preserved)
	}
	if !strings.HasPrefix(c1.Summary, "This session is being continued") || !strings.Contains(c1.Summary, "600 seconds") {
		t.Errorf("round 1 summary %q", c1.Summary)
	}
	if c2.Round != 2 || c2.Parent != "c1" {
		t.Errorf("round 2: %+v", c2)
	}
	if want := []string{"c1", "m10", "m11", "m12"}; !reflect.DeepEqual(c2.Sources, want) {
		t.Errorf("round 2 sources %v, want %v", c2.Sources, want)
	}
	// The <summary> wrapper is removed.
	if strings.Contains(c2.Summary, "<summary>") || !strings.HasPrefix(c2.Summary, "Ledger sync:") {
		t.Errorf("round 2 summary %q", c2.Summary)
	}
	if s.Depth(&s.Compactions[1]) != 2 {
		t.Errorf("depth of round 2 = %d, want 2", s.Depth(&s.Compactions[1]))
	}
	if m := s.Message("m3"); m.Text != `bash({"command": "grep -n timeout config/sftp.yaml"})` && m.Text != `bash({"command":"grep -n timeout config/sftp.yaml"})` {
		t.Errorf("tool call text %q", m.Text)
	}
	// Lines point at each element's opening brace.
	if m := s.Message("m2"); m.Line != 6 {
		t.Errorf("m2 line %d, want 6", m.Line)
	}
}

func TestArrayFlaggedRequestBodyKeepsOwnIDs(t *testing.T) {
	s := readArrayFixture(t, "openai-chat-flagged.json", ReadOptions{})
	want := []msgShape{
		{"msg-001", RoleSystem, "", ""},
		{"msg-002", RoleUser, "", ""},
		{"msg-003", RoleAssistant, "", ""},
		{"msg-004", RoleUser, "", ""},
		{"msg-005", RoleAssistant, "", ""},
		{"msg-007", RoleUser, "", ""},
	}
	if got := shapes(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("messages:\n got %v\nwant %v", got, want)
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("got %d compactions", len(s.Compactions))
	}
	c := s.Compactions[0]
	if want := []string{"msg-002", "msg-003", "msg-004", "msg-005"}; !reflect.DeepEqual(c.Sources, want) {
		t.Errorf("sources %v, want %v", c.Sources, want)
	}
	if !reflect.DeepEqual(c.Preserved, []string{"msg-001"}) {
		t.Errorf("preserved %v", c.Preserved)
	}
	if !strings.Contains(c.Summary, "38-minute bi_reader query") {
		t.Errorf("summary %q", c.Summary)
	}
	if s.Message("msg-002").Text != "Our Postgres replica lags 40 minutes behind. Never restart the primary during business hours." {
		t.Errorf("text parts not joined: %q", s.Message("msg-002").Text)
	}
}

func TestArrayAnthropicCompactionBlock(t *testing.T) {
	s := readArrayFixture(t, "anthropic-compaction-block.json", ReadOptions{})
	want := []msgShape{
		{"system", RoleSystem, "", ""},
		{"m1", RoleUser, "", ""},
		{"m2", RoleAssistant, "", ""}, // thinking and a tool_use
		{"m3", RoleTool, KindToolResult, "Read"},
		{"m4", RoleAssistant, "", ""},
		{"m5", RoleTool, KindToolResult, ""},
		{"m6", RoleAssistant, "", ""}, // the text after the compaction block
		{"m7", RoleUser, "", ""},
	}
	if got := shapes(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("messages:\n got %v\nwant %v", got, want)
	}
	if !s.Message("m5").IsError {
		t.Error("m5: is_error lost")
	}
	if !strings.Contains(s.Message("m2").Text, `Read({"file_path":"partitions.csv"})`) {
		t.Errorf("m2 text %q", s.Message("m2").Text)
	}
	if got := s.Message("m6").Text; got != "I'll add the SPIFFS partition next." {
		t.Errorf("m6 text %q", got)
	}
	c := s.Compactions[0]
	if want := []string{"m1", "m2", "m3", "m4", "m5"}; !reflect.DeepEqual(c.Sources, want) {
		t.Errorf("sources %v, want %v", c.Sources, want)
	}
	if !reflect.DeepEqual(c.Preserved, []string{"system"}) {
		t.Errorf("preserved %v", c.Preserved)
	}
	if !strings.HasPrefix(c.Summary, "Board: ESP32-C3") || c.Opaque {
		t.Errorf("summary %q opaque %v", c.Summary, c.Opaque)
	}
}

func TestArrayUnmarkedNeedsSummaryIndex(t *testing.T) {
	path := filepath.Join("testdata", "arrays", "anthropic-unmarked.json")
	_, err := ReadFile(path)
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("want an InputError, got %v", err)
	}
	if !strings.Contains(ie.Msg, "--summary-index") || ie.Path != path {
		t.Errorf("error does not explain the flag: %v", err)
	}
	s := readArrayFixture(t, "anthropic-unmarked.json", ReadOptions{SummaryIndex: 5})
	if len(s.Compactions) != 1 {
		t.Fatalf("got %d compactions", len(s.Compactions))
	}
	c := s.Compactions[0]
	if want := []string{"m1", "m2", "m3", "m4"}; !reflect.DeepEqual(c.Sources, want) {
		t.Errorf("sources %v, want %v", c.Sources, want)
	}
	if s.Message("m5") != nil {
		t.Error("the summary message is also listed as a message")
	}
	if s.Message("m3").Role != RoleTool || s.Message("m3").Name != "Bash" || s.Message("m3").Text != "customer_id | bigint | not null" {
		t.Errorf("m3 = %+v", *s.Message("m3"))
	}
	for _, idx := range []int{-1, 7} {
		if _, err := ReadFileWith(path, ReadOptions{SummaryIndex: idx}); err == nil || !strings.Contains(err.Error(), "summary-index") {
			t.Errorf("--summary-index %d: got %v", idx, err)
		}
	}
	// Pointing at the first message leaves nothing to replace.
	if _, err := ReadFileWith(path, ReadOptions{SummaryIndex: 1}); err == nil || !strings.Contains(err.Error(), "no earlier messages") {
		t.Errorf("--summary-index 1: got %v", err)
	}
}

func TestArrayResponsesOpaqueCompaction(t *testing.T) {
	s := readArrayFixture(t, "responses-opaque.json", ReadOptions{})
	want := []msgShape{
		{"m1", RoleUser, "", ""},
		{"m2", RoleAssistant, KindThinking, ""},
		{"m3", RoleAssistant, KindToolCall, "shell"},
		{"m4", RoleTool, KindToolResult, "shell"},
		{"m5", RoleAssistant, "", ""},
		{"m7", RoleUser, "", ""},
	}
	if got := shapes(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("messages:\n got %v\nwant %v", got, want)
	}
	c := s.Compactions[0]
	if !c.Opaque {
		t.Error("encrypted compaction item not opaque")
	}
	if want := []string{"m1", "m2", "m3", "m4", "m5"}; !reflect.DeepEqual(c.Sources, want) {
		t.Errorf("sources %v", c.Sources)
	}
}

func TestArrayPostCompactionOnlyIsLocatedError(t *testing.T) {
	path := filepath.Join("testdata", "arrays", "post-compaction-only.json")
	_, err := ReadFile(path)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 6 || !strings.Contains(ie.Msg, "only the history after compaction") {
		t.Fatalf("got %#v", err)
	}
}

func TestArrayErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]struct{ body, want string }{
		"badrole.json":   {`[{"role":"user","content":"a"},{"role":"robot","content":"b"}]`, `unknown role "robot"`},
		"notobject.json": {`{"messages":[{"role":"user","content":"x"}, 5]}`, "not a message object"},
		"truncated.json": {`[{"role":"user","content":"Context checkpoint: x"`, "unexpected end"},
		"empty.json":     {`[]`, ""},
	}
	for name, c := range cases {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(p)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: want an InputError, got %v", name, err)
			continue
		}
		if c.want != "" && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v does not mention %q", name, err, c.want)
		}
	}
}

func TestSniffArrayLeavesOtherFormatsAlone(t *testing.T) {
	for _, doc := range []string{
		`{"session":"x","messages":[{"id":"m1","role":"user","text":"hi"}],"compactions":[]}`,
		`{"info":{"id":"ses_1"},"messages":[{"info":{"id":"msg_1","role":"user"},"parts":[]}]}`,
		`{"type":"user","message":{"role":"user","content":"hi"}}` + "\n" + `{"type":"assistant"}`,
		`[1,2,3]`,
	} {
		if sniffArray([]byte(doc)) {
			t.Errorf("sniffArray claimed %s", doc)
		}
	}
	for _, doc := range []string{
		`[{"role":"user","content":"hi"}]`,
		`{"model":"m","messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}`,
		`[{"type":"message","role":"user","content":[]}]`,
		`{"model":"m","input":[{"type":"message","role":"user","content":"hi"}]}`,
	} {
		if !sniffArray([]byte(doc)) {
			t.Errorf("sniffArray missed %s", doc)
		}
	}
}

func TestArraySummaryFlagsAndLooseSystemSummary(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]struct {
		body    string
		sources []string
		summary string
	}{
		// A standing prompt that mentions summaries is not a summary; a later system
		// message that calls itself one is.
		"loose.json": {`[
{"role":"system","content":"You are a helpful assistant. Keep answers in summary form."},
{"role":"user","content":"Deploy to eu-west-1 only."},
{"role":"assistant","content":"Deployed to eu-west-1."},
{"role":"system","content":"Here is a summary of the earlier conversation: deployed to eu-west-1."},
{"role":"user","content":"Thanks."}]`, []string{"m2", "m3"}, "Here is a summary of the earlier conversation: deployed to eu-west-1."},
		"name.json": {`[
{"role":"user","content":"a"},{"role":"assistant","content":"b"},
{"role":"system","name":"summary","content":"a and b happened."}]`, []string{"m1", "m2"}, "a and b happened."},
		"metadata.json": {`{"messages":[
{"role":"user","content":"a"},{"role":"assistant","content":"b"},
{"role":"user","content":"a and b happened.","metadata":{"type":"compaction"}},
{"role":"assistant","content":"c"}]}`, []string{"m1", "m2"}, "a and b happened."},
		"camel.json": {`[
{"role":"user","content":"a"},
{"role":"user","isSummary":true,"content":[{"type":"text","text":"<summary>a happened.</summary>"}]}]`, []string{"m1"}, "a happened."},
	}
	for name, c := range cases {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(c.body), 0o644)
		s, err := ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(s.Compactions) != 1 || !reflect.DeepEqual(s.Compactions[0].Sources, c.sources) || s.Compactions[0].Summary != c.summary {
			t.Errorf("%s: %+v", name, s.Compactions)
		}
	}
	// Only a standing prompt that mentions summaries: no summary, and the error says so.
	p := filepath.Join(dir, "prompt-only.json")
	os.WriteFile(p, []byte(`[{"role":"system","content":"Write a summary of every answer."},{"role":"user","content":"hi"}]`), 0o644)
	if _, err := ReadFile(p); err == nil || !strings.Contains(err.Error(), "--summary-index") {
		t.Errorf("prompt only: %v", err)
	}
}

func TestArrayJSONLinesAndObjectArguments(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "chat.jsonl")
	body := `{"role":"user","content":"Keep retries at 3."}
{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"set_retries","arguments":{"n":3}}}]}
{"role":"tool","tool_call_id":"c1","content":"ok"}

{"role":"system","content":"Summary of the conversation so far: retries set to 3."}
{"role":"user","content":"Thanks."}
`
	os.WriteFile(p, []byte(body), 0o644)
	s, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != ArrayFormat || len(s.Compactions) != 1 {
		t.Fatalf("format %q, %d compactions", s.Format, len(s.Compactions))
	}
	if got := s.Message("m2"); got.Text != `set_retries({"n":3})` || got.Kind != KindToolCall || got.Line != 2 {
		t.Errorf("call %+v", *got)
	}
	if got := s.Message("m3"); got.Name != "set_retries" || got.Line != 3 {
		t.Errorf("result %+v", *got)
	}
	if c := s.Compactions[0]; !reflect.DeepEqual(c.Sources, []string{"m1", "m2", "m3"}) || c.Line != 5 {
		t.Errorf("compaction %+v", c)
	}
	os.WriteFile(p, []byte(`{"role":"user","content":"a"}
{"role":"assistant","content":"b"
`), 0o644)
	var ie *InputError
	if _, err := ReadFile(p); !errors.As(err, &ie) || ie.Line != 2 {
		t.Errorf("bad line: %v", err)
	}
}

func TestArrayLangChainDump(t *testing.T) {
	p := filepath.Join(t.TempDir(), "lc.json")
	os.WriteFile(p, []byte(`[
 {"type": "system", "data": {"content": "You are a release assistant.", "additional_kwargs": {}, "response_metadata": {}, "type": "system", "name": null, "id": null}},
 {"type": "human", "data": {"content": "Tag v2.4.0, never from a dirty tree.", "additional_kwargs": {}, "response_metadata": {}, "type": "human", "name": null, "id": "h1", "example": false}},
 {"type": "ai", "data": {"content": "", "additional_kwargs": {}, "response_metadata": {}, "type": "ai", "name": null, "id": "a1", "tool_calls": [{"name": "git_status", "args": {"porcelain": true}, "id": "call_1", "type": "tool_call"}], "invalid_tool_calls": []}},
 {"type": "tool", "data": {"content": " M README.md", "type": "tool", "name": null, "id": "t1", "tool_call_id": "call_1", "status": "success"}},
 {"type": "system", "data": {"content": "Summary of the conversation so far: the user wants v2.4.0 tagged; README.md is modified.", "type": "system", "id": "s1"}},
 {"type": "chat", "data": {"content": "Proceed?", "role": "user", "type": "chat", "id": "c1"}}
]`), 0o644)
	s, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []msgShape{{"m1", RoleSystem, "", ""}, {"m2", RoleUser, "", ""}, {"m3", RoleAssistant, KindToolCall, "git_status"}, {"m4", RoleTool, KindToolResult, "git_status"}, {"m6", RoleUser, "", ""}}
	if got := shapes(s); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %v\nwant %v", got, want)
	}
	if c := s.Compactions; len(c) != 1 || !reflect.DeepEqual(c[0].Sources, []string{"m2", "m3", "m4"}) || !reflect.DeepEqual(c[0].Preserved, []string{"m1"}) {
		t.Errorf("compactions %+v", c)
	}
	if s.Message("m3").Text != `git_status({"porcelain":true})` {
		t.Errorf("call %q", s.Message("m3").Text)
	}
}

func TestArrayResponsesRequestBody(t *testing.T) {
	p := filepath.Join(t.TempDir(), "req.json")
	os.WriteFile(p, []byte(`{"model": "gpt-5", "store": false,
 "input": [
  {"type": "message", "role": "user", "content": "Keep p99 under 250 ms."},
  {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "p99 is 231 ms."}]},
  {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAAABqZXhhbXBsZV9vcGFxdWU"},
  {"type": "message", "role": "user", "content": "Continue."}
 ]}`), 0o644)
	s, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 1 || !s.Compactions[0].Opaque || !reflect.DeepEqual(s.Compactions[0].Sources, []string{"m1", "m2"}) || s.Compactions[0].Line != 5 {
		t.Errorf("%+v", s.Compactions)
	}
}
