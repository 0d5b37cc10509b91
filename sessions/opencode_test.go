package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const (
	ocRoot     = "testdata/opencode/storage"
	ocSessionA = "ses_e07c4103fffeSbXOIkDj8Q6xzR" // two DCP blocks, two native compactions
	ocSessionB = "ses_e109b3f3fffeBYVwKhsZQP16Sn" // one failed compaction only
)

// idsWhere returns the ids of the messages that satisfy keep, in order.
func idsWhere(s *Session, keep func(Message) bool) []string {
	var out []string
	for _, m := range s.Messages {
		if keep(m) {
			out = append(out, m.ID)
		}
	}
	return out
}

// byText returns the first message whose text contains needle.
func byText(t *testing.T, s *Session, needle string) Message {
	t.Helper()
	for _, m := range s.Messages {
		if strings.Contains(m.Text, needle) {
			return m
		}
	}
	t.Fatalf("no message contains %q", needle)
	return Message{}
}

// span returns the ids from the message containing from to the one containing to.
func span(t *testing.T, s *Session, from, to string) []string {
	t.Helper()
	a, b := s.MessageIndex(byText(t, s, from).ID), s.MessageIndex(byText(t, s, to).ID)
	var out []string
	for _, m := range s.Messages[a : b+1] {
		out = append(out, m.ID)
	}
	return out
}

func TestOpenCodeStorageWithDCP(t *testing.T) {
	s, err := ReadFile(filepath.Join(ocRoot, "message", ocSessionA))
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != OpenCodeFormat || s.ID != ocSessionA {
		t.Fatalf("format %q id %q", s.Format, s.ID)
	}
	// Roles and kinds from parts.
	first := s.Messages[0]
	if first.Role != RoleUser || !strings.HasPrefix(first.Text, "Thumbnail generation in services/media") || first.At != "2026-11-20T09:14:45.000Z" {
		t.Errorf("first message %+v", first)
	}
	if m := byText(t, s, "Read the current thumbnail code first."); m.Role != RoleAssistant || m.Kind != KindThinking {
		t.Errorf("reasoning part: %+v", m)
	}
	call := byText(t, s, `npm ls sharp`)
	if call.Role != RoleAssistant || call.Kind != KindToolCall || call.Name != "bash" {
		t.Errorf("tool call: %+v", call)
	}
	res := s.Message(call.ID + toolResultSuffix)
	if res == nil || res.Role != RoleTool || res.Kind != KindToolResult || !strings.Contains(res.Text, "sharp@0.33.2") {
		t.Fatalf("tool result: %+v", res)
	}
	if m := byText(t, s, "MD012/no-multiple-blanks"); !m.IsError || m.Role != RoleTool {
		t.Errorf("errored tool: %+v", m)
	}
	// Compaction requests and summaries are not messages.
	for _, m := range s.Messages {
		if strings.HasPrefix(m.Text, "## Goal") {
			t.Errorf("summary listed as message %s", m.ID)
		}
	}

	rounds := s.Rounds()
	if len(rounds) != 4 {
		t.Fatalf("got %d rounds, want 4", len(rounds))
	}
	b1, b2, n1, n2 := rounds[0], rounds[1], rounds[2], rounds[3]

	// DCP block 1: exactly the messages it names (the EXIF request and the reply).
	if b1.ID != "dcp-b1" || b1.Trigger != "manual" || !strings.HasPrefix(b1.Policy, "dcp") {
		t.Errorf("b1: %+v", b1)
	}
	if want := span(t, s, "Also strip EXIF", "Done: sharp().rotate()"); !reflect.DeepEqual(b1.Sources, want) {
		t.Errorf("b1 sources\n got %v\nwant %v", b1.Sources, want)
	}
	if strings.Contains(b1.Summary, dcpHeader) || strings.Contains(b1.Summary, "dcp-message-id") || !strings.HasPrefix(b1.Summary, "The user asked to strip EXIF") {
		t.Errorf("b1 summary not unwrapped: %q", b1.Summary)
	}
	// DCP block 2 consumed block 1: sources are b1 plus only the messages it added.
	wantB2 := append([]string{"dcp-b1"}, span(t, s, `"topic":"EXIF stripping"`, "Benchmark on 500 images")...)
	if b2.ID != "dcp-b2" || b2.Parent != "dcp-b1" || !reflect.DeepEqual(b2.Sources, wantB2) {
		t.Errorf("b2 parent %q sources\n got %v\nwant %v", b2.Parent, b2.Sources, wantB2)
	}
	// Its stored summary names block 1 as "(b1)"; the model saw block 1's text there.
	if strings.Contains(b2.Summary, "(b1)") || !strings.HasPrefix(b2.Summary, b1.Summary) || !strings.Contains(b2.Summary, "p95 190 ms") {
		t.Errorf("b2 summary not expanded: %q", b2.Summary)
	}
	if s.Depth(b2) != 2 {
		t.Errorf("b2 depth %d", s.Depth(b2))
	}
	// The first native compaction saw block 2 in place of its messages.
	wantN1 := span(t, s, "Thumbnail generation", "Tests pass: 14 passing")
	wantN1 = append(wantN1, "dcp-b2")
	wantN1 = append(wantN1, span(t, s, `"topic":"EXIF + benchmark"`, "Compressed 3 messages and 1 block")...)
	if !reflect.DeepEqual(n1.Sources, wantN1) {
		t.Errorf("native round sources\n got %v\nwant %v", n1.Sources, wantN1)
	}
	if n1.PreTokens != 61234 {
		t.Errorf("pre-compaction tokens %d, want the summariser's input 61234", n1.PreTokens)
	}
	if n1.Trigger != "auto" || n1.Model != "claude-sonnet-4-5" || !strings.Contains(n1.Summary, "quality 80") || n1.Parent != "dcp-b2" {
		t.Errorf("native round: trigger %q model %q parent %q", n1.Trigger, n1.Model, n1.Parent)
	}
	if !strings.HasPrefix(n1.ID, "msg_") {
		t.Errorf("native compaction id %q is not the summary message's id", n1.ID)
	}
	// The manual compaction is recursive over the first.
	wantN2 := append([]string{n1.ID}, span(t, s, "Now open a PR", "Added the entry")...)
	if n2.Trigger != "manual" || n2.Parent != n1.ID || !reflect.DeepEqual(n2.Sources, wantN2) {
		t.Errorf("second native round parent %q sources\n got %v\nwant %v", n2.Parent, n2.Sources, wantN2)
	}
	if s.Depth(n2) != 4 {
		t.Errorf("depth %d, want 4", s.Depth(n2))
	}
	// The last prompt comes after every compaction.
	if last := s.Messages[len(s.Messages)-1]; last.Text != "Fix the lint error." {
		t.Errorf("last message %q", last.Text)
	}
}

func TestOpenCodeEntryPointsAgree(t *testing.T) {
	want, err := ReadFile(filepath.Join(ocRoot, "message", ocSessionA))
	if err != nil {
		t.Fatal(err)
	}
	infos, _ := filepath.Glob(filepath.Join(ocRoot, "session", "*", ocSessionA+".json"))
	if len(infos) != 1 {
		t.Fatalf("session info files: %v", infos)
	}
	for _, p := range []string{infos[0], filepath.Join(ocRoot, "plugin", "dcp", ocSessionA+".json")} {
		got, err := ReadFile(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got.Format != OpenCodeFormat || got.Path != p {
			t.Errorf("%s: format %q path %q", p, got.Format, got.Path)
		}
		if !reflect.DeepEqual(got.Messages, want.Messages) || !reflect.DeepEqual(got.Compactions, want.Compactions) {
			t.Errorf("%s: session differs from the one read from its message folder", p)
		}
	}
	// A storage root with two sessions, only one of them compacted, opens that one.
	got, err := ReadFile(ocRoot)
	if err != nil || got.ID != ocSessionA || got.Path != ocRoot {
		t.Errorf("root with one compacted session: %v", err)
	}
	// With two compacted sessions it asks which one.
	two := t.TempDir()
	copyTree(t, ocRoot, two, func(string) bool { return true })
	// Give session B DCP records too (they name A's messages; B is never opened here).
	os.Rename(filepath.Join(two, "plugin", "dcp", ocSessionA+".json"), filepath.Join(two, "plugin", "dcp", ocSessionB+".json"))
	copyTree(t, filepath.Join(ocRoot, "plugin"), filepath.Join(two, "plugin"), func(string) bool { return true })
	_, err = ReadFile(two)
	if err == nil || !strings.Contains(err.Error(), "holds 2 sessions") || !strings.Contains(err.Error(), ocSessionB) {
		t.Errorf("root with two compacted sessions: %v", err)
	}
	// A root with one session opens it, also through the data folder above storage/.
	dir := t.TempDir()
	copyTree(t, ocRoot, filepath.Join(dir, "storage"), func(p string) bool { return !strings.Contains(p, ocSessionB) })
	for _, p := range []string{dir, filepath.Join(dir, "storage")} {
		got, err := ReadFile(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got.ID != ocSessionA || len(got.Compactions) != 4 {
			t.Errorf("%s: id %q, %d compactions", p, got.ID, len(got.Compactions))
		}
	}
}

func TestOpenCodeFailedCompactionIsNoRound(t *testing.T) {
	s, err := ReadFile(filepath.Join(ocRoot, "message", ocSessionB))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 0 {
		t.Fatalf("a failed compaction became %d rounds", len(s.Compactions))
	}
	got := idsWhere(s, func(m Message) bool { return m.Role == RoleUser })
	if len(got) != 2 || len(s.Messages) != 5 {
		t.Errorf("messages %d, user prompts %v", len(s.Messages), got)
	}
}

func TestOpenCodeExportOverflowReplay(t *testing.T) {
	path := "testdata/opencode/export-overflow.json"
	s, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != OpenCodeExportFormat || s.ID != "ses_e0221313fffeKCbgPkD2b7gFGy" {
		t.Fatalf("format %q id %q", s.Format, s.ID)
	}
	if len(s.Compactions) != 1 {
		t.Fatalf("%d compactions", len(s.Compactions))
	}
	c := s.Compactions[0]
	prompt := byText(t, s, "Split them: move sessions")
	// The prompt replayed after the summary was kept, not replaced; the turn that
	// overflowed was never sent to the summariser.
	if !reflect.DeepEqual(c.Preserved, []string{prompt.ID}) {
		t.Errorf("preserved %v, want [%s]", c.Preserved, prompt.ID)
	}
	if want := span(t, s, "Our Redis cache evicts", "The policy is allkeys-lru"); !reflect.DeepEqual(c.Sources, want) {
		t.Errorf("sources\n got %v\nwant %v", c.Sources, want)
	}
	overflowed := byText(t, s, "cat deploy/redis-sessions.conf")
	for _, src := range c.Sources {
		if src == overflowed.ID {
			t.Error("the failed turn is listed as a source")
		}
	}
	if c.Trigger != "auto" {
		t.Errorf("trigger %q", c.Trigger)
	}
	// Export messages are located at their element of the file.
	data, _ := os.ReadFile(path)
	lines := strings.Split(string(data), "\n")
	if l := s.Messages[0].Line; l < 1 || strings.TrimSpace(lines[l-1]) != "{" || !strings.Contains(lines[l], `"info"`) {
		t.Errorf("first message line %d", l)
	}
	if c.Line <= s.Messages[0].Line {
		t.Errorf("compaction line %d", c.Line)
	}
}

const tailExport = `{
  "info": {"id": "ses_tail", "projectID": "global", "directory": "/tmp/x", "title": "t", "time": {"created": 1795158840000, "updated": 1795158990000}},
  "messages": [
    {"info": {"id": "msg_01", "sessionID": "ses_tail", "role": "user", "time": {"created": 1795158840000}}, "parts": [{"id": "prt_01", "messageID": "msg_01", "type": "text", "text": "Use port 8443 for the admin API."}]},
    {"info": {"id": "msg_02", "sessionID": "ses_tail", "role": "assistant", "parentID": "msg_01", "time": {"created": 1795158850000}, "finish": "stop"}, "parts": [{"id": "prt_02", "messageID": "msg_02", "type": "text", "text": "Set admin.port = 8443."}]},
    {"info": {"id": "msg_03", "sessionID": "ses_tail", "role": "user", "time": {"created": 1795158860000}}, "parts": [{"id": "prt_03", "messageID": "msg_03", "type": "text", "text": "Now add TLS."}, {"id": "prt_03b", "messageID": "msg_03", "type": "text", "text": "<file>cert.pem</file>", "synthetic": true}]},
    {"info": {"id": "msg_04", "sessionID": "ses_tail", "role": "assistant", "parentID": "msg_03", "time": {"created": 1795158870000}, "finish": "stop"}, "parts": [{"id": "prt_04", "messageID": "msg_04", "type": "text", "text": "TLS enabled with cert.pem."}]},
    {"info": {"id": "msg_05", "sessionID": "ses_tail", "role": "user", "time": {"created": 1795158880000}}, "parts": [{"id": "prt_05", "messageID": "msg_05", "type": "compaction", "auto": false, "tail_start_id": "msg_03"}]},
    {"info": {"id": "msg_06", "sessionID": "ses_tail", "role": "assistant", "parentID": "msg_05", "summary": true, "mode": "compaction", "time": {"created": 1795158890000}, "finish": "stop"}, "parts": [{"id": "prt_06", "messageID": "msg_06", "type": "text", "text": "Admin API on port 8443."}]}
  ]
}
`

func TestOpenCodeTailStartKeepsTail(t *testing.T) {
	p := filepath.Join(t.TempDir(), "tail.json")
	if err := os.WriteFile(p, []byte(tailExport), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Compactions[0]
	if !reflect.DeepEqual(c.Sources, []string{"prt_01", "prt_02"}) || !reflect.DeepEqual(c.Preserved, []string{"prt_03", "prt_03b", "prt_04"}) {
		t.Errorf("sources %v preserved %v", c.Sources, c.Preserved)
	}
	if m := s.Message("prt_03b"); m == nil || m.Role != RoleSystem {
		t.Errorf("synthetic text part: %+v", m)
	}
	if c.Trigger != "manual" || c.ID != "msg_06" || c.Summary != "Admin API on port 8443." {
		t.Errorf("compaction %+v", c)
	}
}

func TestOpenCodeBadFiles(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "storage")
	copyTree(t, ocRoot, root, func(p string) bool { return !strings.Contains(p, ocSessionA) })
	msgDir := filepath.Join(root, "message", ocSessionB)
	files, _ := jsonFiles(msgDir)
	bad := files[1]
	if err := os.WriteFile(bad, []byte("{\n  \"id\": \"msg_x\",\n  \"role\": \"assistant\",\n  \"time\": {\"created\": \"soon\"}\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(msgDir)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Path != bad || ie.Line != 4 {
		t.Fatalf("want an error located in %s line 4, got %v", bad, err)
	}
	s, err := ReadFileWith(msgDir, ReadOptions{SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], filepath.Base(bad)) {
		t.Errorf("warnings %v", s.Warnings)
	}
	if err := os.WriteFile(bad, []byte(`{"id":"msg_x","role":"robot","time":{"created":1}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(msgDir); err == nil || !strings.Contains(err.Error(), `unknown role "robot"`) || !strings.Contains(err.Error(), filepath.Base(bad)) {
		t.Errorf("unknown role: %v", err)
	}
	if _, err := ReadFile(t.TempDir()); err == nil {
		t.Error("a folder that is not OpenCode storage was read")
	}
}

// copyTree copies the files under src whose path passes keep.
func copyTree(t testing.TB, src, dst string, keep func(string) bool) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !keep(p) {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenCodeLegacySummaryAndLenientFinish(t *testing.T) {
	msg := func(id, role, parent, extra, text string) string {
		return `{"info": {"id": "` + id + `", "sessionID": "ses_old", "role": "` + role + `", "parentID": "` + parent + `", "time": {"created": 1795158840000}` + extra + `}, "parts": [{"id": "p` + id + `", "messageID": "` + id + `", "type": "text", "text": "` + text + `"}]}`
	}
	doc := `{"info": {"id": "ses_old", "title": "t", "time": {"created": 1, "updated": 2}}, "messages": [` + strings.Join([]string{
		msg("msg_01", "user", "", "", "Keep the cache TTL at 300 seconds."),
		msg("msg_02", "assistant", "msg_01", `, "finish": "stop"`, "TTL stays 300 s."),
		// A summary that answers an ordinary prompt: written before compaction requests existed.
		msg("msg_03", "assistant", "msg_01", `, "summary": true, "finish": "stop"`, "Cache TTL is 300 seconds."),
		msg("msg_04", "user", "", "", "Now raise the pool size to 40."),
		msg("msg_05", "assistant", "msg_04", `, "finish": "stop"`, "Pool size is 40."),
		`{"info": {"id": "msg_06", "sessionID": "ses_old", "role": "user", "time": {"created": 1795158900000}}, "parts": [{"id": "pmsg_06", "messageID": "msg_06", "type": "compaction", "auto": true}]}`,
		// No finish recorded, but text and no error: still the summary.
		msg("msg_07", "assistant", "msg_06", `, "summary": true`, "TTL 300 s; pool size 40."),
	}, ",") + `]}`
	p := filepath.Join(t.TempDir(), "old.json")
	os.WriteFile(p, []byte(doc), 0o644)
	s, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 2 {
		t.Fatalf("%d compactions: %+v", len(s.Compactions), s.Compactions)
	}
	c1, c2 := s.Compactions[0], s.Compactions[1]
	if c1.ID != "msg_03" || !reflect.DeepEqual(c1.Sources, []string{"pmsg_01", "pmsg_02"}) || c1.Trigger != "" {
		t.Errorf("legacy round %+v", c1)
	}
	if c2.ID != "msg_07" || c2.Parent != "msg_03" || !reflect.DeepEqual(c2.Sources, []string{"msg_03", "pmsg_04", "pmsg_05"}) || c2.Trigger != "auto" {
		t.Errorf("second round %+v", c2)
	}
	if len(s.Messages) != 4 {
		t.Errorf("%d messages", len(s.Messages))
	}
}

// Files that only start like a database: a located error, through both dispatch paths.
func TestOpenCodeDatabaseHeaderOnly(t *testing.T) {
	dir := t.TempDir()
	small := append([]byte("SQLite format 3\x00"), 0x10, 0x00, 0xff, 0xfe, 0x01)
	big := append(append([]byte("SQLite format 3\x00"), 0xff, 0xfe), make([]byte, 9<<20)...)
	for name, data := range map[string][]byte{"small.db": small, "big.db": big} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		_, err := ReadFile(p)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Path != p || !strings.Contains(ie.Msg, "malformed SQLite database") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestIDLess(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{
		{"msg_9", "msg_10", true},
		{"msg_10", "msg_9", false},
		{"prt_002", "prt_10", true},
		{"msg_1f83cbec8001iNN0nZbFMERV3k", "msg_1f83cd638001PeN0lakT2XJgy6", true}, // same length: as strings
		{"msg_a9fXXXXXXXX", "msg_a10XXXXXXXX", false},
		{"a", "a1", true},
	} {
		if got := idLess(c.a, c.b); got != c.less {
			t.Errorf("idLess(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// A storage folder written by hand from the field reference: short hand-numbered ids,
// no step parts, times in a small range, a DCP record after a native compaction.
func TestOpenCodeMinimalHandWrittenStorage(t *testing.T) {
	s, err := ReadFile("testdata/opencode/minimal/storage")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range s.Messages {
		texts = append(texts, m.ID)
	}
	want := []string{"prt_1_1", "prt_2_1", "prt_2_1:result", "prt_2_2", "prt_3_1", "prt_4_1", "prt_7_1", "prt_8_1", "prt_9_1", "prt_10_1"}
	if !reflect.DeepEqual(texts, want) {
		t.Fatalf("order %v", texts)
	}
	if len(s.Compactions) != 2 {
		t.Fatalf("%d compactions", len(s.Compactions))
	}
	n, d := s.Compactions[0], s.Compactions[1]
	if n.ID != "msg_6" || !reflect.DeepEqual(n.Sources, want[:6]) || n.Trigger != "manual" {
		t.Errorf("native %+v", n)
	}
	// The block was made after the compaction and names only later messages.
	if d.ID != "dcp-b1" || d.Round != 2 || !reflect.DeepEqual(d.Sources, want[6:]) || d.Summary != "Tests were run and pass." {
		t.Errorf("dcp %+v", d)
	}
}
