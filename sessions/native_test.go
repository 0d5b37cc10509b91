package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// baseDoc is a valid native session laid out one element per line, so tests can
// count lines. Line numbers are noted on the right.
const baseDoc = `{"compaudit": "session/v1", "session": "t",
 "messages": [
  {"id": "m1", "role": "user", "text": "Never write to staging."},
  {"id": "m2", "role": "assistant", "text": "Understood."},
  {"id": "m3", "role": "tool", "name": "bash", "text": "ok"},
  {"id": "m4", "role": "user", "text": "Now migrate."},
  {"id": "m5", "role": "assistant", "text": "Done."}
 ],
 "compactions": [
  {"id": "c1", "round": 1, "sources": ["m1", "m2", "m3"], "summary": "User forbids staging writes."},
  {"id": "c2", "round": 2, "parent": "c1", "sources": ["c1", "m4", "m5"], "summary": "Migrated."}
 ],
 "manifest": {
  "invariants": [
   {"id": "inv1", "text": "Never write to staging.", "at": "m1"}
  ],
  "events": [
   {"kind": "retire", "id": "inv1", "at": "m5"}
  ]
 }
}
`

// Lines of baseDoc.
const (
	lineM1     = 3
	lineM2     = 4
	lineM4     = 6
	lineC1     = 10
	lineC2     = 11
	lineInv1   = 15
	lineEvent1 = 18
	lineLast   = 21
)

// mutate replaces old, which must occur exactly once in doc, with repl.
func mutate(t *testing.T, doc, old, repl string) string {
	t.Helper()
	if n := strings.Count(doc, old); n != 1 {
		t.Fatalf("mutate: %q occurs %d times", old, n)
	}
	return strings.Replace(doc, old, repl, 1)
}

// wantInputError checks err is a one-line *InputError naming path, line and where,
// with msg in its text.
func wantInputError(t *testing.T, err error, path string, line int, where, msg string) *InputError {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error (%s), got none", msg)
	}
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("want *InputError, got %T: %v", err, err)
	}
	text := err.Error()
	if strings.ContainsAny(text, "\n\r") {
		t.Errorf("error is not one line: %q", text)
	}
	if !strings.HasPrefix(text, path+":") {
		t.Errorf("error does not start with the path %q: %q", path, text)
	}
	if ie.Line != line {
		t.Errorf("line: got %d, want %d (%s)", ie.Line, line, text)
	}
	if line > 0 && !strings.HasPrefix(text, path+":"+strconv.Itoa(line)+":") {
		t.Errorf("error text lacks %s:%d: %q", path, line, text)
	}
	if ie.Where != where {
		t.Errorf("where: got %q, want %q (%s)", ie.Where, where, text)
	}
	if where != "" && !strings.Contains(text, ": "+where+": ") {
		t.Errorf("error text lacks the location %q: %q", where, text)
	}
	if !strings.Contains(text, msg) {
		t.Errorf("error text lacks %q: %q", msg, text)
	}
	return ie
}

func TestParseNativeValid(t *testing.T) {
	s, err := Parse("base.json", []byte(baseDoc))
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != NativeFormat || s.Path != "base.json" || s.ID != "t" {
		t.Errorf("format/path/id: %q %q %q", s.Format, s.Path, s.ID)
	}
	if len(s.Messages) != 5 || len(s.Compactions) != 2 {
		t.Fatalf("got %d messages, %d compactions", len(s.Messages), len(s.Compactions))
	}
	if s.Messages[0].Line != lineM1 || s.Messages[3].Line != lineM4 {
		t.Errorf("message lines: %d %d", s.Messages[0].Line, s.Messages[3].Line)
	}
	if s.Compactions[0].Line != lineC1 || s.Compactions[1].Line != lineC2 {
		t.Errorf("compaction lines: %d %d", s.Compactions[0].Line, s.Compactions[1].Line)
	}
	m3 := s.Message("m3")
	if m3 == nil || m3.Role != RoleTool || m3.Name != "bash" {
		t.Errorf("m3: %+v", m3)
	}
	c2 := s.Compaction("c2")
	if c2 == nil || c2.Parent != "c1" || c2.Round != 2 || c2.Opaque {
		t.Errorf("c2: %+v", c2)
	}
	if s.Manifest == nil || len(s.Manifest.Invariants) != 1 || len(s.Manifest.Events) != 1 || s.Manifest.Events[0].Kind != EventRetire {
		t.Errorf("manifest: %+v", s.Manifest)
	}
}

func TestParseNativeOpaque(t *testing.T) {
	doc := mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": "gAAAAABnX0123456789abcdefABCDEF=="`)
	doc = mutate(t, doc, `"summary": "User forbids staging writes."`, `"summary": "", "encrypted": true`)
	s, err := Parse("o.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Compactions[0].Opaque || !s.Compactions[1].Opaque {
		t.Errorf("want both opaque: %v %v", s.Compactions[0].Opaque, s.Compactions[1].Opaque)
	}
}

func TestParseNativeBOM(t *testing.T) {
	s, err := Parse("bom.json", append([]byte{0xEF, 0xBB, 0xBF}, baseDoc...))
	if err != nil {
		t.Fatal(err)
	}
	if s.Compactions[1].Line != lineC2 {
		t.Errorf("line after BOM: %d", s.Compactions[1].Line)
	}
	doc := mutate(t, baseDoc, `"m5"], "summary"`, `"m9"], "summary"`)
	_, err = Parse("bom.json", append([]byte{0xEF, 0xBB, 0xBF}, doc...))
	wantInputError(t, err, "bom.json", lineC2, "compactions[1].sources[2]", `unknown id "m9"`)
}

func TestParseNativeOptionalParts(t *testing.T) {
	// No manifest, no compactions, null parent, no "compaudit" key: all fine.
	doc := `{"messages": [{"id": "m1", "role": "user", "text": "hi"}], "compactions": [
 {"id": "c1", "round": 1, "parent": null, "sources": ["m1"], "summary": "greeting"}]}`
	s, err := ParseNative("p.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if s.Manifest != nil || s.Compactions[0].Parent != "" {
		t.Errorf("got %+v", s)
	}
	s, err = ParseNative("p.json", []byte(`{"compaudit":"session/v1","messages":[]}`))
	if err != nil || len(s.Compactions) != 0 {
		t.Errorf("empty session: %v %v", s, err)
	}
}

// TestParseNativeErrors covers the decoding errors: broken JSON and wrong types.
func TestParseNativeErrors(t *testing.T) {
	cases := []struct {
		name  string
		doc   string
		line  int
		where string
		msg   string
	}{
		{"round as string", mutate(t, baseDoc, `"round": 2`, `"round": "2"`), lineC2, "compactions[1].round", "wrong type: got JSON string, want an integer"},
		{"round as float", mutate(t, baseDoc, `"round": 2`, `"round": 2.5`), lineC2, "compactions[1].round", "got JSON number 2.5, want an integer"},
		{"sources as string", mutate(t, baseDoc, `"sources": ["m1", "m2", "m3"]`, `"sources": "m1"`), lineC1, "compactions[0].sources", "got JSON string, want an array of strings"},
		{"source as number", mutate(t, baseDoc, `["m1", "m2", "m3"]`, `["m1", "m2", 3]`), lineC1, "compactions[0].sources[2]", "got JSON number, want a string"},
		{"summary as number", mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": 7`), lineC2, "compactions[1].summary", "got JSON number, want a string"},
		{"id as object", mutate(t, baseDoc, `{"id": "m2",`, `{"id": {"x": [1]},`), lineM2, "messages[1].id", "got JSON object, want a string"},
		{"is_error as string", mutate(t, baseDoc, `"name": "bash",`, `"name": "bash", "is_error": "yes",`), 5, "messages[2].is_error", "want true or false"},
		{"messages as object", "{\"compaudit\": \"session/v1\",\n \"messages\": {\"m1\": {\"role\": \"user\"}},\n \"compactions\": []}", 2, "messages", "got JSON object, want an array"},
		{"compactions as number", "{\"compaudit\": \"session/v1\",\n \"messages\": [],\n \"compactions\": 3}", 3, "compactions", "got JSON number, want an array"},
		{"message as string", mutate(t, baseDoc, `{"id": "m4", "role": "user", "text": "Now migrate."}`, `"m4"`), lineM4, "messages[3]", "got JSON string, want an object"},
		{"manifest as string", mutate(t, baseDoc, ` "manifest": {`, ` "manifest": "none", "x": {`), 13, "manifest", "got JSON string, want an object"},
		{"invariant text as bool", mutate(t, baseDoc, `"text": "Never write to staging.", "at"`, `"text": true, "at"`), lineInv1, "manifest.invariants[0].text", "got JSON bool, want a string"},
		{"truncated in a message", baseDoc[:strings.Index(baseDoc, `"role": "assistant", "text": "Understood."`)+5], lineM2, "messages[1]", "unexpected end of file (truncated?)"},
		{"truncated in a summary", baseDoc[:strings.Index(baseDoc, `Migrated.`)+3], lineC2, "compactions[1].summary", "unexpected end of file"},
		{"truncated after a key", baseDoc[:strings.Index(baseDoc, `"events": [`)+9], 17, "manifest.events", "unexpected end of file"},
		{"missing comma", mutate(t, baseDoc, `"text": "Understood."},`, `"text": "Understood."}`), 5, "messages[2]", "invalid JSON: invalid character '{' after array element"},
		{"bad literal", mutate(t, baseDoc, `"parent": "c1",`, `"parent": nul,`), lineC2, "compactions[1].parent", "invalid JSON: invalid character ','"},
		{"trailing data", baseDoc + "{}\n", 22, "", "unexpected data after the JSON document"},
		{"top-level array", "[\n1, 2]", 1, "", "got JSON array, want an object"},
		{"top-level string", `"session/v1 compaudit"`, 1, "", "want an object"},
		{"invalid UTF-8", mutate(t, baseDoc, `Now migrate.`, "Now mi\xffgrate."), lineM4, "messages[3].text", "invalid UTF-8 (byte 0xff"},
		{"unsupported version", mutate(t, baseDoc, `"session/v1"`, `"session/v9"`), 1, "compaudit", `unsupported version "session/v9"`},
		{"no messages or compactions", "{\"compaudit\": \"session/v1\",\n \"session\": \"x\"}", 1, "", "not a compaudit session"},
		{"some other JSON object", "{\"x\": 1}", 1, "", "unrecognised session format (known: compaudit session/v1, Claude Code"},
		{"empty", "", 1, "", "file is empty"},
		{"whitespace only", "  \n\t\n", 1, "", "file is empty"},
		{"missing summary", mutate(t, baseDoc, `, "summary": "Migrated."`, ``), lineC2, "compactions[1]", `compaction "c2" has no summary`},
		{"null summary", mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": null`), lineC2, "compactions[1]", `compaction "c2" has no summary`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseNative("dir/s.json", []byte(tc.doc))
			if s != nil {
				t.Errorf("got a session along with the error")
			}
			wantInputError(t, err, "dir/s.json", tc.line, tc.where, tc.msg)
		})
	}
}

// TestParseNativeColumns checks the column of a located error too.
func TestParseNativeColumns(t *testing.T) {
	doc := "{\"messages\": [{\"id\": \"m1\", \"role\": \"user\", \"text\": \"x\"}],\n \"compactions\": [{\"id\": \"c1\", \"round\": \"1\", \"sources\": [\"m1\"], \"summary\": \"s\"}]}"
	_, err := ParseNative("c.json", []byte(doc))
	ie := wantInputError(t, err, "c.json", 2, "compactions[0].round", "wrong type")
	// `"1"` starts at byte 38 of line 2 (1-based).
	if want := strings.Index(strings.Split(doc, "\n")[1], `"1"`) + 1; ie.Col != want {
		t.Errorf("col: got %d, want %d", ie.Col, want)
	}
	if !strings.HasPrefix(err.Error(), "c.json:2:"+strconv.Itoa(ie.Col)+": ") {
		t.Errorf("error text: %q", err.Error())
	}
}

func TestParseRoutesToNative(t *testing.T) {
	// Parse (the detector) must give the same located errors for native files.
	doc := mutate(t, baseDoc, `"round": 2`, `"round": "2"`)
	_, err := Parse("x.json", []byte(doc))
	wantInputError(t, err, "x.json", lineC2, "compactions[1].round", "wrong type")
	// A native file cut short: still the native reader's explanation.
	_, err = Parse("x.json", []byte(baseDoc[:len(baseDoc)/2]))
	if err == nil || !strings.Contains(err.Error(), "truncated") || !strings.HasPrefix(err.Error(), "x.json:") {
		t.Errorf("truncated: %v", err)
	}
}

func TestParseOddInputsNoPanic(t *testing.T) {
	inputs := map[string]string{
		"deep arrays":  strings.Repeat("[", 20000),
		"deep objects": strings.Repeat(`{"a":`, 20000),
		"deep closed":  `{"compaudit":"session/v1","messages":` + strings.Repeat("[", 12000) + strings.Repeat("]", 12000) + "}",
		"nul bytes":    "{\"compaudit\":\"session/v1\"\x00}",
		"long number":  `{"compaudit":"session/v1","messages":[],"compactions":[{"id":"c","round":` + strings.Repeat("9", 5000) + `}]}`,
		"lone brace":   "}",
		"just null":    "null",
		"number":       "42",
		"controls":     "{\"compaudit\":\"session/v1\",\"messages\":[{\"id\":\"a\nb\",\"role\":\"user\",\"text\":\"\"}]}",
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("odd.json", []byte(in))
			if err == nil {
				t.Fatal("want an error")
			}
			var ie *InputError
			if !errors.As(err, &ie) || strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "odd.json:") {
				t.Errorf("bad error %T %q", err, err.Error())
			}
			if len(err.Error()) > 400 {
				t.Errorf("error is %d bytes long", len(err.Error()))
			}
		})
	}
}

func TestInputErrorOneLine(t *testing.T) {
	e := &InputError{Path: "a\nb.json", Line: 3, Col: 4, Where: "messages[0]", Msg: "bad\nthing"}
	got := e.Error()
	if strings.ContainsAny(got, "\n\r") {
		t.Errorf("not one line: %q", got)
	}
	if got != `"a\nb.json":3:4: messages[0]: bad\nthing` {
		t.Errorf("got %q", got)
	}
	if got := (&InputError{Path: "f", Msg: "m"}).Error(); got != "f: m" {
		t.Errorf("got %q", got)
	}
	if got := (&InputError{Path: "f", Line: 2, Msg: "m"}).Error(); got != "f:2: m" {
		t.Errorf("got %q", got)
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.json")
	_, err := ReadFile(missing)
	wantInputError(t, err, missing, 0, "", "no such file or directory")

	_, err = ReadFile(dir)
	wantInputError(t, err, dir, 0, "", "is a folder")

	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(empty)
	wantInputError(t, err, empty, 1, "", "file is empty")

	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(baseDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ReadFile(good)
	if err != nil || s.Path != good {
		t.Fatalf("good: %v", err)
	}
}

func TestExampleParses(t *testing.T) {
	s, err := Example()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) == 0 || s.Path != ExamplePath {
		t.Errorf("example: %+v", s)
	}
}

// TestFixturesParse reads every native fixture and checks the lines recorded.
func TestFixturesParse(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fixtures/*/session.json")
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	for _, f := range files {
		s, err := ReadFile(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		data, _ := os.ReadFile(f)
		lines := strings.Split(string(data), "\n")
		for _, c := range s.Compactions {
			if c.Line < 1 || c.Line > len(lines) {
				t.Errorf("%s: %s line %d", f, c.ID, c.Line)
			}
		}
		for _, m := range s.Messages {
			if m.Line < 1 || m.Line > len(lines) || !strings.Contains(strings.Join(lines[m.Line-1:min(len(lines), m.Line+2)], "\n"), `"`+m.ID+`"`) {
				t.Errorf("%s: message %s recorded at line %d", f, m.ID, m.Line)
				break
			}
		}
	}
}
