package sessions

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Small Claude Code and Codex records, written here in the shapes of the real files.
const (
	ccU1 = `{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"Deploy to staging only."},"uuid":"u1","timestamp":"2026-01-01T00:00:00.000Z","sessionId":"s1"}`
	ccA1 = `{"parentUuid":"u1","isSidechain":false,"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Deployed to staging."}]},"uuid":"a1","timestamp":"2026-01-01T00:00:01.000Z","sessionId":"s1"}`
	ccB1 = `{"parentUuid":null,"logicalParentUuid":"a1","isSidechain":false,"type":"system","subtype":"compact_boundary","content":"Conversation compacted","compactMetadata":%s,"uuid":"b1","timestamp":"2026-01-01T00:00:02.000Z","sessionId":"s1"}`
	ccS1 = `{"parentUuid":"b1","isSidechain":false,"type":"user","message":{"role":"user","content":"This session is being continued from a previous conversation. 1. Staging only."},"isCompactSummary":true,"isVisibleInTranscriptOnly":true,"uuid":"su1","timestamp":"2026-01-01T00:00:03.000Z","sessionId":"s1"}`
	ccU2 = `{"parentUuid":"su1","isSidechain":false,"type":"user","message":{"role":"user","content":"Thanks."},"uuid":"u2","timestamp":"2026-01-01T00:00:04.000Z","sessionId":"s1"}`
)

func ccFile(meta string, lines ...string) string {
	all := append([]string{ccU1, ccA1, fmt.Sprintf(ccB1, meta), ccS1, ccU2}, lines...)
	return strings.Join(all, "\n") + "\n"
}

// readerNamed is the registered reader of a format.
func readerNamed(t *testing.T, name string) Reader {
	t.Helper()
	for _, r := range readers {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no reader %q", name)
	return Reader{}
}

// parseBoth reads data with the in-memory and the streaming parser of a format and
// fails unless both give the same session (warnings included) or the same error.
func parseBoth(t *testing.T, format, data string, opt ReadOptions) (*Session, error) {
	t.Helper()
	r := readerNamed(t, format)
	mem, errM := r.Parse("x.jsonl", []byte(data), opt)
	str, errS := r.ParseStream("x.jsonl", strings.NewReader(data), opt)
	if fmt.Sprint(errM) != fmt.Sprint(errS) {
		t.Fatalf("in memory: %v\nstreaming: %v", errM, errS)
	}
	if errM != nil {
		return nil, errM
	}
	mem.Index()
	str.Index()
	if !reflect.DeepEqual(mem, str) {
		t.Fatalf("in-memory and streaming sessions differ:\n%+v\n%+v", mem, str)
	}
	return mem, nil
}

func wantLocated(t *testing.T, err error, line, col int, where, msg string) {
	t.Helper()
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v, want an InputError", err)
	}
	if ie.Line != line || (col > 0 && ie.Col != col) || ie.Where != where || !strings.Contains(ie.Msg, msg) {
		t.Fatalf("err = %v (line %d col %d where %q), want line %d col %d where %q msg %q", err, ie.Line, ie.Col, ie.Where, line, col, where, msg)
	}
}

// Raw NUL and ESC bytes inside a JSON string are damage: every reader rejects them
// with the line and column (as the native reader, encoding/json, does); --skip-bad
// skips the line with a warning; the escaped forms are text like any other.
func TestRawControlBytesRejected(t *testing.T) {
	for _, raw := range []string{"\x00", "\x1b[2J", "\x07"} {
		line := strings.Replace(ccA1, "Deployed to", "Deployed"+raw+" to", 1)
		data := strings.Replace(ccFile(`{"trigger":"auto","preTokens":1000}`), ccA1, line, 1)
		_, err := parseBoth(t, ClaudeFormat, data, ReadOptions{})
		col := strings.Index(line, raw) + 1
		wantLocated(t, err, 2, col, "", "raw control character")
		s, err := parseBoth(t, ClaudeFormat, data, ReadOptions{SkipBad: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) == 0 || !strings.HasPrefix(s.Warnings[0], "line 2: skipped: invalid JSON at column") {
			t.Errorf("warnings %q", s.Warnings)
		}
		cx := codexLines(`{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}`,
			`{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Hi`+raw+`."}]}}`)
		_, err = parseBoth(t, CodexFormat, cx, ReadOptions{})
		wantLocated(t, err, 2, 0, "", "raw control character")
		native := `{"compaudit":"session/v1","messages":[{"id":"m1","role":"user","text":"a` + raw + `b"}],"compactions":[]}`
		if _, err := ParseNative("n.json", []byte(native)); err == nil {
			t.Errorf("the native reader accepts raw %q: the readers disagree", raw)
		}
	}
	esc := strings.Replace(ccA1, "Deployed to", `Deployed\u0000\u001b[2J to`, 1)
	s, err := parseBoth(t, ClaudeFormat, strings.Replace(ccFile(`{"trigger":"auto","preTokens":1000}`), ccA1, esc, 1), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := s.Messages[1]; m.Text != "Deployed\x00\x1b[2J to staging." {
		t.Errorf("escaped control characters: %q", m.Text)
	}
}

// Token counts: a whole number from 0 to MaxTokenCount is kept; anything else is 0
// (not recorded) and a warning that names the line and the field. Absent is 0 with
// no warning.
func TestClaudeTokenCounts(t *testing.T) {
	for _, tc := range []struct {
		meta      string
		pre, post int
		warn      string
	}{
		{`{"trigger":"auto","preTokens":155000,"postTokens":12000}`, 155000, 12000, ""},
		{`{"trigger":"auto","preTokens":155000}`, 155000, 0, ""},
		{`{"trigger":"auto","preTokens":9223372036854775807}`, 0, 0, "line 3: compactMetadata.preTokens: 9223372036854775807 is out of range"},
		{`{"trigger":"auto","preTokens":1e300}`, 0, 0, "compactMetadata.preTokens: 1e300 is out of range"},
		{`{"trigger":"auto","preTokens":-5}`, 0, 0, "line 3: compactMetadata.preTokens: -5 is negative"},
		{`{"trigger":"auto","preTokens":1500,"postTokens":-1}`, 1500, 0, "compactMetadata.postTokens: -1 is negative"},
		{`{"trigger":"auto","preTokens":12.5}`, 0, 0, "12.5 is not a whole number"},
		{`{"trigger":"auto","preTokens":"155000"}`, 0, 0, "compactMetadata.preTokens: got JSON string, want a number"},
		{`{"trigger":"auto","preTokens":1.55e5}`, 155000, 0, ""},
		{`{"trigger":"auto","preTokens":null,"postTokens":0}`, 0, 0, ""},
	} {
		s, err := parseBoth(t, ClaudeFormat, ccFile(tc.meta), ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.meta, err)
		}
		c := s.Compactions[0]
		if c.PreTokens != tc.pre || c.PostTokens != tc.post {
			t.Errorf("%s: pre %d post %d, want %d %d", tc.meta, c.PreTokens, c.PostTokens, tc.pre, tc.post)
		}
		got := strings.Join(s.Warnings, "\n")
		if (tc.warn == "") != (got == "") || !strings.Contains(got, tc.warn) {
			t.Errorf("%s: warnings %q, want %q", tc.meta, got, tc.warn)
		}
	}
}

// A used field of the wrong type is an error that names the field (down to the
// block), the line and the column of the value.
func TestClaudeTypeErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		from, to, val, where, msg string
	}{
		{`"content":"Deploy to staging only."`, `"content":42`, "42", "message.content", "wrong type: got JSON number, want a string or an array"},
		{`"content":"Deploy to staging only."`, `"content":[{"type":"text","text":"ok"},{"type":"text","text":7}]`, "7}", "message.content[1].text", "got JSON number, want a string"},
		{`"content":"Deploy to staging only."`, `"content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":false}]}]`, "false", "message.content[0].content[0].text", "got JSON bool, want a string"},
		{`"content":"Deploy to staging only."`, `"content":["bare string"]`, `"bare string"`, "message.content[0]", "got JSON string, want an object"},
		{`"isSidechain":false`, `"isSidechain":"no"`, `"no"`, "isSidechain", "want true or false"},
		{`"message":{"role":"user",`, `"message":{"role":["user"],`, `["user"]`, "message.role", "got JSON array, want a string"},
	} {
		line := strings.Replace(ccU1, tc.from, tc.to, 1)
		data := strings.Replace(ccFile(`{"trigger":"auto","preTokens":1000}`), ccU1, line, 1)
		_, err := parseBoth(t, ClaudeFormat, data, ReadOptions{})
		wantLocated(t, err, 1, 0, tc.where, tc.msg)
		var ie *InputError
		errors.As(err, &ie)
		if ie.Col < 1 || !strings.HasPrefix(line[ie.Col-1:], tc.val) {
			t.Errorf("%s: column %d does not point into the value", tc.where, ie.Col)
		}
		if !strings.HasPrefix(err.Error(), "x.jsonl:1:") || !strings.Contains(err.Error(), ": "+tc.where+": wrong type") {
			t.Errorf("error text %q", err.Error())
		}
	}
	// in compactMetadata too
	_, err := parseBoth(t, ClaudeFormat, ccFile(`{"trigger":3,"preTokens":1000}`), ReadOptions{})
	wantLocated(t, err, 3, 0, "compactMetadata.trigger", "got JSON number, want a string")
	_, err = parseBoth(t, ClaudeFormat, ccFile(`{"trigger":"auto","preservedMessages":{"uuids":["a1",5]}}`), ReadOptions{})
	wantLocated(t, err, 3, 0, "compactMetadata.preservedMessages.uuids[1]", "got JSON number, want a string")
}

func TestCodexTypeErrorsNameTheField(t *testing.T) {
	meta := `{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}`
	bad := `{"timestamp":"t","type":"response_item","payload":{"type":"message","role":["user"],"content":[]}}`
	_, err := parseBoth(t, CodexFormat, codexLines(meta, bad), ReadOptions{})
	wantLocated(t, err, 2, strings.Index(bad, `["user"]`)+1, "payload.role", "got JSON array, want a string")
}

func TestTokenCount(t *testing.T) {
	for _, tc := range []struct {
		raw     string
		n       int
		problem string
	}{
		{"", 0, ""}, {"null", 0, ""}, {"0", 0, ""}, {"-0", 0, ""}, {"42", 42, ""}, {"1000000000", 1000000000, ""},
		{"1000000001", 0, "out of range"}, {"18446744073709551616", 0, "out of range"}, {"-1", 0, "negative"},
		{"-0.0", 0, ""}, {"2.0", 2, ""}, {"2.5", 0, "not a whole number"}, {"true", 0, "got JSON bool"},
		{"{}", 0, "got JSON object"}, {"-9223372036854775808", 0, "negative"},
	} {
		n, problem := tokenCount([]byte(tc.raw))
		if n != tc.n || (tc.problem == "") != (problem == "") || !strings.Contains(problem, tc.problem) {
			t.Errorf("%q: %d %q, want %d %q", tc.raw, n, problem, tc.n, tc.problem)
		}
	}
}

// ctlIndex finds the first byte below 0x20 exactly as a byte loop does, wherever it
// sits in the 32- and 8-byte blocks.
func TestCtlIndex(t *testing.T) {
	naive := func(b []byte) int {
		for i, c := range b {
			if c < 0x20 {
				return i
			}
		}
		return -1
	}
	for n := 0; n <= 80; n++ {
		for _, fill := range []byte{'a', 0x20, 0x7f, 0x80, 0xff, 0xe2} {
			base := make([]byte, n)
			for i := range base {
				base[i] = fill
			}
			if got := ctlIndex(base); got != -1 {
				t.Fatalf("n=%d fill %#x: %d, want -1", n, fill, got)
			}
			for pos := 0; pos < n; pos++ {
				for _, c := range []byte{0x00, 0x1b, 0x1f, '\t', '\r'} {
					b := append([]byte(nil), base...)
					b[pos] = c
					if pos+1 < n {
						b[pos+1] = 0x01 // a second one after it: the first is reported
					}
					if got, want := ctlIndex(b), naive(b); got != want {
						t.Fatalf("n=%d fill %#x byte %#x at %d: %d, want %d", n, fill, c, pos, got, want)
					}
				}
			}
		}
	}
}
