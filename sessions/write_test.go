package sessions_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// roundTripInputs lists every session file this package can load, with the options it
// needs. Agent formats whose reader has not been registered are skipped by the caller.
func roundTripInputs(t *testing.T) map[string]sessions.ReadOptions {
	t.Helper()
	in := map[string]sessions.ReadOptions{
		"testdata/opencode/storage/message/ses_e07c4103fffeSbXOIkDj8Q6xzR": {},
		"testdata/opencode/storage/message/ses_e109b3f3fffeBYVwKhsZQP16Sn": {},
		"testdata/opencode/export-overflow.json":                           {},
		"testdata/opencode/minimal/storage":                                {},
		"testdata/opencode/db/opencode.db#ses_e07c4103fffeSbXOIkDj8Q6xzR":  {},
		"testdata/opencode/db/opencode.db#ses_bigoutput":                   {},
		"testdata/arrays/anthropic-unmarked.json":                          {SummaryIndex: 5},
	}
	arrays, _ := filepath.Glob("testdata/arrays/*.json")
	for _, p := range arrays {
		if _, ok := in[p]; !ok && !strings.Contains(p, "post-compaction-only") && !strings.Contains(p, "unmarked") {
			in[p] = sessions.ReadOptions{}
		}
	}
	for _, pattern := range []string{"../testdata/fixtures/*/session*.json*", "../testdata/fixtures-own/*/session*.json*", "../testdata/samples/*.jsonl"} {
		files, _ := filepath.Glob(pattern)
		for _, p := range files {
			in[p] = sessions.ReadOptions{}
		}
	}
	return in
}

// reportJSON audits s and renders the report without the fields that name the input.
func reportJSON(t *testing.T, s *sessions.Session) []byte {
	t.Helper()
	r := audit.Run(s, audit.Options{Version: "test"})
	r.File, r.Format = "", ""
	data, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// comparable drops what the native format does not carry: reader, path, input lines
// and tolerated-problem warnings.
func comparable(s *sessions.Session) sessions.Session {
	c := sessions.Session{ID: s.ID}
	if s.Manifest != nil {
		m := *s.Manifest
		if len(m.Events) == 0 {
			m.Events = nil
		}
		c.Manifest = &m
	}
	for _, m := range s.Messages {
		m.Line = 0
		c.Messages = append(c.Messages, m)
	}
	for _, x := range s.Compactions {
		x.Line = 0
		if len(x.Sources) == 0 {
			x.Sources = nil
		}
		c.Compactions = append(c.Compactions, x)
	}
	return c
}

func TestConvertRoundTripKeepsSessionAndAudit(t *testing.T) {
	dir := t.TempDir()
	formats := map[string]int{}
	audited := map[string]int{}
	inputs := roundTripInputs(t)
	paths := make([]string, 0, len(inputs))
	for p := range inputs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		opt := inputs[path]
		orig, err := sessions.ReadFileWith(path, opt)
		if err != nil {
			var ie *sessions.InputError
			if errors.As(err, &ie) && strings.Contains(ie.Msg, "unrecognised session format") {
				t.Logf("%s: no reader yet, skipped", path)
				continue
			}
			t.Errorf("%s: %v", path, err)
			continue
		}
		formats[orig.Format]++
		out := filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(path)+".json")
		if err := sessions.WriteNative(out, orig); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		conv, err := sessions.ReadFile(out)
		if err != nil {
			t.Errorf("%s: converted file does not read back: %v", path, err)
			continue
		}
		if conv.Format != sessions.NativeFormat {
			t.Errorf("%s: converted file read as %q", path, conv.Format)
		}
		if a, b := comparable(orig), comparable(conv); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: session changed in conversion:\n orig %+v\n conv %+v", path, a, b)
			continue
		}
		// Auditing is the slow part (the more so under -race): one file of each format,
		// and with -short no more.
		mine := strings.HasPrefix(path, "testdata/") && !testing.Short()
		if len(orig.Warnings) == 0 && (mine || audited[orig.Format] < 1) {
			audited[orig.Format]++
			if a, b := reportJSON(t, orig), reportJSON(t, conv); !bytes.Equal(a, b) {
				t.Errorf("%s: audit differs after conversion", path)
			}
		}
		// Converting the converted file again changes nothing.
		again, err := sessions.MarshalNative(conv)
		if err != nil {
			t.Fatal(err)
		}
		first, _ := os.ReadFile(out)
		if !bytes.Equal(again, first) {
			t.Errorf("%s: second conversion differs from the first", path)
		}
	}
	for _, f := range []string{sessions.NativeFormat, sessions.ArrayFormat, sessions.OpenCodeFormat, sessions.OpenCodeExportFormat, sessions.OpenCodeDBFormat} {
		if formats[f] == 0 {
			t.Errorf("no %s session was round-tripped", f)
		}
	}
	t.Logf("round-tripped: %v; audited before and after: %v", formats, audited)
}

func TestMarshalNativeLayout(t *testing.T) {
	s := &sessions.Session{
		ID: "s1",
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleUser, Text: "Use <b>port</b> 8443 & never 80.", At: "2026-01-02T03:04:05Z"},
			{ID: "m2", Role: sessions.RoleTool, Name: "bash", Kind: sessions.KindToolResult, IsError: true, Text: "exit 1"},
		},
		Compactions: []sessions.Compaction{
			{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}, Summary: "gAAAAABopaque", Opaque: true, Trigger: "auto", PreTokens: 1200},
		},
		Manifest: &sessions.Manifest{
			Invariants: []sessions.Invariant{{ID: "inv-port", Text: "never port 80", At: "m1"}},
			Events:     []sessions.Event{{Kind: "retire", ID: "inv-port", Reason: "moved to the proxy", At: "m2"}},
		},
	}
	data, err := sessions.MarshalNative(s)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	order := []string{`"compaudit": "session/v1"`, `"session": "s1"`, `"messages"`, `"compactions"`, `"parent": null`, `"opaque": true`, `"summary": "gAAAAABopaque"`, `"manifest"`, `"invariants"`, `"events"`}
	last := -1
	for _, key := range order {
		i := strings.Index(text, key)
		if i < 0 || i < last {
			t.Fatalf("%s missing or out of order in\n%s", key, text)
		}
		last = i
	}
	if !strings.Contains(text, "<b>port</b> 8443 & never 80.") {
		t.Error("text was HTML-escaped")
	}
	if !strings.HasSuffix(text, "}\n") {
		t.Error("no trailing newline")
	}
	back, err := sessions.Parse("x.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Compactions[0].Opaque || back.Manifest == nil || back.Manifest.Events[0].Reason != "moved to the proxy" || !back.Messages[1].IsError {
		t.Errorf("read back %+v", back)
	}
}

func TestWriteNativeIsAtomic(t *testing.T) {
	dir := t.TempDir()
	s, err := sessions.ReadFile("testdata/arrays/openai-chat-flagged.json")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "session.json")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := sessions.WriteNative(out, s); err != nil {
		t.Fatal(err)
	}
	got, err := sessions.ReadFile(out)
	if err != nil || len(got.Messages) != len(s.Messages) {
		t.Fatalf("replaced file: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("temporary files left behind: %v", ents)
	}
	// A folder that does not exist: an error, and nothing is created.
	if err := sessions.WriteNative(filepath.Join(dir, "missing", "s.json"), s); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
	// A target that cannot be replaced (a folder) keeps its content and leaves no temp file.
	blocker := filepath.Join(dir, "blocker")
	if err := os.MkdirAll(filepath.Join(blocker, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := sessions.WriteNative(blocker, s); err == nil {
		t.Error("writing over a non-empty folder succeeded")
	}
	ents, _ = os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("after a failed write: %v", ents)
	}
}
