package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestValidateErrors covers each structural rule, located at the value at fault in
// baseDoc (see native_test.go for its line numbers).
func TestValidateErrors(t *testing.T) {
	cases := []struct {
		name  string
		doc   string
		line  int
		where string
		msg   string
	}{
		// ids
		{"duplicate message id", mutate(t, baseDoc, `{"id": "m2",`, `{"id": "m1",`), lineM2, "messages[1].id", `duplicate id "m1" (also messages[0])`},
		{"compaction id reuses a message id", mutate(t, baseDoc, `{"id": "c2",`, `{"id": "m5",`), lineC2, "compactions[1].id", `duplicate id "m5" (also messages[4])`},
		{"duplicate compaction id", mutate(t, baseDoc, `{"id": "c2",`, `{"id": "c1",`), lineC2, "compactions[1].id", `duplicate id "c1" (also compactions[0])`},
		{"message without id", mutate(t, baseDoc, `{"id": "m2", "role"`, `{"role"`), lineM2, "messages[1]", "message has no id"},
		{"compaction without id", mutate(t, baseDoc, `{"id": "c1", "round"`, `{"round"`), lineC1, "compactions[0]", "compaction has no id"},
		// roles
		{"unknown role", mutate(t, baseDoc, `"role": "assistant", "text": "Understood."`, `"role": "robot", "text": "Understood."`), lineM2, "messages[1].role", `unknown role "robot"`},
		{"missing role", mutate(t, baseDoc, `"role": "assistant", "text": "Understood."`, `"text": "Understood."`), lineM2, "messages[1]", `message "m2" has no role`},
		// sources
		{"unknown source", mutate(t, baseDoc, `"m5"], "summary"`, `"m9"], "summary"`), lineC2, "compactions[1].sources[2]", `unknown id "m9"`},
		{"empty sources", mutate(t, baseDoc, `"sources": ["m1", "m2", "m3"]`, `"sources": []`), lineC1, "compactions[0].sources", `compaction "c1" lists no sources`},
		{"missing sources", mutate(t, baseDoc, `"sources": ["m1", "m2", "m3"], `, ``), lineC1, "compactions[0].sources", `compaction "c1" lists no sources`},
		{"empty source id", mutate(t, baseDoc, `["m1", "m2", "m3"]`, `["m1", "", "m3"]`), lineC1, "compactions[0].sources[1]", "empty source id"},
		{"duplicate source", mutate(t, baseDoc, `["m1", "m2", "m3"]`, `["m1", "m2", "m1"]`), lineC1, "compactions[0].sources[2]", `source "m1" listed twice (also sources[0])`},
		{"compaction lists itself", mutate(t, baseDoc, `"sources": ["c1", "m4", "m5"]`, `"sources": ["c1", "c2", "m4", "m5"]`), lineC2, "compactions[1].sources[1]", `compaction "c2" lists itself as a source`},
		// parent
		{"parent is a message", mutate(t, baseDoc, `"parent": "c1"`, `"parent": "m3"`), lineC2, "compactions[1].parent", `parent "m3" is a message, not a compaction`},
		{"parent unknown", mutate(t, baseDoc, `"parent": "c1"`, `"parent": "c7"`), lineC2, "compactions[1].parent", `unknown parent "c7"`},
		{"own parent", mutate(t, baseDoc, `"parent": "c1"`, `"parent": "c2"`), lineC2, "compactions[1].parent", `compaction "c2" is its own parent`},
		// lineage cycles
		{"cycle through parent", mutate(t, baseDoc, `{"id": "c1", "round": 1,`, `{"id": "c1", "round": 1, "parent": "c2",`), lineC2, "compactions[1].parent", "lineage cycle: c1 -> c2 -> c1"},
		{"cycle through sources", mutate(t, baseDoc, `["m1", "m2", "m3"]`, `["m1", "m2", "m3", "c2"]`), lineC2, "compactions[1].parent", "lineage cycle: c1 -> c2 -> c1"},
		// rounds
		{"round zero", mutate(t, baseDoc, `"round": 1`, `"round": 0`), lineC1, "compactions[0].round", `compaction "c1" has no round`},
		{"round missing", mutate(t, baseDoc, `"round": 1, `, ``), lineC1, "compactions[0].round", `compaction "c1" has no round`},
		{"round negative", mutate(t, baseDoc, `"round": 1`, `"round": -1`), lineC1, "compactions[0].round", "round must be 1 or more, got -1"},
		{"duplicate round", mutate(t, baseDoc, `"round": 2`, `"round": 1`), lineC2, "compactions[1].round", "round 1 appears twice (also compactions[0])"},
		{"child before parent", mutate(t, baseDoc, `"round": 1`, `"round": 3`), lineC2, "compactions[1].round", `rounds out of order: round 2 summarises "c1" of round 3`},
		{"rounds listed backwards", mutate(t, mutate(t, mutate(t, baseDoc, `"round": 1`, `"round": 2`), `"round": 2, "parent": "c1", "sources": ["c1", "m4", "m5"]`, `"round": 1, "sources": ["m4", "m5"]`), `"at": "m5"}`, `"at": "m4"}`), lineC2, "compactions[1].round", "rounds out of order: round 1 listed after round 2"},
		// summaries
		{"empty summary", mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": ""`), lineC2, "compactions[1].summary", `compaction "c2" has an empty summary`},
		{"blank summary", mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": " \n "`), lineC2, "compactions[1].summary", `compaction "c2" has an empty summary`},
		{"preserved unknown", mutate(t, baseDoc, `"summary": "Migrated."`, `"summary": "Migrated.", "preserved": ["m4", "m8"]`), lineC2, "compactions[1].preserved[1]", `unknown message id "m8"`},
		// manifest
		{"duplicate invariant", mutate(t, baseDoc, `"at": "m1"}`, `"at": "m1"}, {"id": "inv1", "text": "again"}`), lineInv1, "manifest.invariants[1].id", `duplicate invariant id "inv1" (also invariants[0])`},
		{"invariant without id", mutate(t, baseDoc, `{"id": "inv1", "text"`, `{"text"`), lineInv1, "manifest.invariants[0]", "invariant has no id"},
		{"invariant without text", mutate(t, baseDoc, `"text": "Never write to staging.", "at"`, `"text": "  ", "at"`), lineInv1, "manifest.invariants[0].text", `invariant "inv1" has no text`},
		{"invariant at unknown id", mutate(t, baseDoc, `"at": "m1"}`, `"at": "m77"}`), lineInv1, "manifest.invariants[0].at", `unknown id "m77"`},
		{"unknown event kind", mutate(t, baseDoc, `"kind": "retire"`, `"kind": "expire"`), lineEvent1, "manifest.events[0].kind", `unknown event kind "expire" (want "retire")`},
		{"event without kind", mutate(t, baseDoc, `"kind": "retire", `, ``), lineEvent1, "manifest.events[0].kind", `unknown event kind ""`},
		{"event names unknown invariant", mutate(t, baseDoc, `"id": "inv1", "at": "m5"`, `"id": "inv2", "at": "m5"`), lineEvent1, "manifest.events[0].id", `event names unknown invariant "inv2"`},
		{"event without id", mutate(t, baseDoc, `"id": "inv1", "at": "m5"`, `"at": "m5"`), lineEvent1, "manifest.events[0]", "event names no invariant"},
		{"event at unknown id", mutate(t, baseDoc, `"at": "m5"}`, `"at": "x"}`), lineEvent1, "manifest.events[0].at", `unknown id "x"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse("sessions/bad.json", []byte(tc.doc))
			if s != nil {
				t.Errorf("got a session along with the error")
			}
			wantInputError(t, err, "sessions/bad.json", tc.line, tc.where, tc.msg)
		})
	}
}

// TestValidateExactLine checks that an error inside a multi-line compaction names the
// line of the value at fault, not of the compaction's first line.
func TestValidateExactLine(t *testing.T) {
	doc := `{"compaudit": "session/v1",
 "messages": [
  {"id": "m1", "role": "user", "text": "a"},
  {"id": "m2", "role": "user", "text": "b"},
  {"id": "m3", "role": "user", "text": "c"}
 ],
 "compactions": [
  {"id": "c1", "round": 1, "sources": ["m1"], "summary": "a"},
  {
   "id": "c2",
   "round": 2,
   "parent": "c1",
   "sources": [
    "c1",
    "m2",
    "m4"
   ],
   "summary": "b"
  }
 ]
}`
	_, err := Parse("multi.json", []byte(doc))
	ie := wantInputError(t, err, "multi.json", 16, "compactions[1].sources[2]", `unknown id "m4"`)
	if ie.Col != 5 {
		t.Errorf("col: got %d, want 5", ie.Col)
	}
	doc = strings.Replace(doc, `"m4"`, `"m3"`, 1)
	if _, err := Parse("multi.json", []byte(doc)); err != nil {
		t.Fatal(err)
	}
	_, err = Parse("multi.json", []byte(strings.Replace(doc, `"round": 2`, `"round": 1`, 1)))
	wantInputError(t, err, "multi.json", 11, "compactions[1].round", "round 1 appears twice")
	_, err = Parse("multi.json", []byte(strings.Replace(doc, `"parent": "c1"`, `"parent": "m1"`, 1)))
	wantInputError(t, err, "multi.json", 12, "compactions[1].parent", "is a message")
	// A missing field is located at its compaction.
	_, err = Parse("multi.json", []byte(strings.Replace(doc, `"round": 2,`, ``, 1)))
	wantInputError(t, err, "multi.json", 9, "compactions[1].round", "has no round")
}

func TestValidateLongerCycle(t *testing.T) {
	doc := `{"compaudit": "session/v1",
 "messages": [{"id": "m1", "role": "user", "text": "a"}],
 "compactions": [
  {"id": "c1", "round": 1, "sources": ["m1", "c3"], "summary": "a"},
  {"id": "c2", "round": 2, "sources": ["c1"], "summary": "b"},
  {"id": "c3", "round": 3, "sources": ["c2"], "summary": "c"}
 ]
}`
	_, err := Parse("cyc.json", []byte(doc))
	wantInputError(t, err, "cyc.json", 5, "compactions[1].sources[0]", "lineage cycle: c1 -> c3 -> c2 -> c1")
}

// TestValidateHandBuilt runs Validate on sessions importers build, with and without
// a Locator.
func TestValidateHandBuilt(t *testing.T) {
	s := &Session{Path: "imported.jsonl", Messages: []Message{{ID: "a", Role: RoleUser, Text: "x"}, {ID: "b", Role: RoleAssistant, Text: "y"}},
		Compactions: []Compaction{{ID: "c1", Round: 1, Sources: []string{"a", "zz"}, Summary: "s"}}}
	err := Validate(s, nil)
	wantInputError(t, err, "imported.jsonl", 0, "compactions[0].sources[1]", `unknown id "zz"`)
	err = Validate(s, func(kind string, i int) (int, int) {
		if kind == "compactions" && i == 0 {
			return 42, 1
		}
		return 0, 0
	})
	wantInputError(t, err, "imported.jsonl", 42, "compactions[0].sources[1]", `unknown id "zz"`)
	s.Compactions[0].Sources = []string{"a", "b"}
	if err := Validate(s, nil); err != nil {
		t.Errorf("valid: %v", err)
	}
	// An opaque compaction may have an empty summary.
	s.Compactions[0].Summary, s.Compactions[0].Opaque = "", true
	if err := Validate(s, nil); err != nil {
		t.Errorf("opaque: %v", err)
	}
}

// writeFile writes data into dir/name and returns the path.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const sidecarTop = `{
 "invariants": [
  {"id": "inv1", "text": "Never write to staging.", "at": "m1"},
  {"id": "inv2", "text": "Keep the port at 5432."}
 ],
 "events": [
  {"kind": "retire", "id": "inv1", "reason": "lock released", "at": "m5"}
 ]
}
`

func TestReadManifestSidecar(t *testing.T) {
	dir := t.TempDir()
	s, err := Parse("base.json", []byte(mutate(t, baseDoc, `"manifest"`, `"manifest-off"`)))
	if err != nil {
		t.Fatal(err)
	}
	if s.Manifest != nil {
		t.Fatal("base without manifest has one")
	}
	top := writeFile(t, dir, "top.json", sidecarTop)
	m, err := ReadManifest(top)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Invariants) != 2 || len(m.Events) != 1 || m.Events[0].Reason != "lock released" {
		t.Fatalf("manifest: %+v", m)
	}
	if err := AttachManifest(s, m, top); err != nil {
		t.Fatal(err)
	}
	if s.Manifest != m {
		t.Error("AttachManifest did not set the manifest")
	}

	// The wrapped form: a session-shaped file with a "manifest" key.
	wrapped := writeFile(t, dir, "wrapped.json", `{"manifest": `+sidecarTop+`}`)
	m2, err := ReadManifest(wrapped)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, m2) {
		t.Errorf("wrapped differs: %+v vs %+v", m, m2)
	}
}

func TestReadManifestErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name  string
		data  string
		line  int
		where string
		msg   string
	}{
		{"duplicate invariant", strings.Replace(sidecarTop, `"id": "inv2"`, `"id": "inv1"`, 1), 4, "invariants[1].id", `duplicate invariant id "inv1"`},
		{"unknown event kind", strings.Replace(sidecarTop, `"retire"`, `"unretire"`, 1), 7, "events[0].kind", `unknown event kind "unretire"`},
		{"event names unknown invariant", strings.Replace(sidecarTop, `"id": "inv1", "reason"`, `"id": "inv3", "reason"`, 1), 7, "events[0].id", `event names unknown invariant "inv3"`},
		{"wrapped: unknown event kind", `{"manifest": ` + strings.Replace(sidecarTop, `"retire"`, `"add"`, 1) + `}`, 7, "manifest.events[0].kind", `unknown event kind "add"`},
		{"invariant text missing", strings.Replace(sidecarTop, `"text": "Keep the port at 5432."`, `"at": "m2"`, 1), 4, "invariants[1].text", `invariant "inv2" has no text`},
		{"wrong type", strings.Replace(sidecarTop, `"events": [`, `"events": {"x": [`, 1) + "}", 6, "events", "got JSON object, want an array"},
		{"truncated", sidecarTop[:60], 3, "invariants[0].text", "unexpected end of file"},
		{"not a manifest", "{\"rules\": []}", 1, "", `not a manifest: no "invariants"`},
		{"empty", "", 1, "", "file is empty"},
		{"invalid UTF-8", strings.Replace(sidecarTop, "5432", "54\xfe32", 1), 4, "invariants[1].text", "invalid UTF-8"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, dir, "m"+string(rune('a'+i))+".json", tc.data)
			m, err := ReadManifest(p)
			if m != nil {
				t.Error("got a manifest along with the error")
			}
			wantInputError(t, err, p, tc.line, tc.where, tc.msg)
		})
	}
	missing := filepath.Join(dir, "none.json")
	_, err := ReadManifest(missing)
	wantInputError(t, err, missing, 0, "", "no such file or directory")
	_, err = ReadManifest(dir)
	if err == nil || !strings.HasPrefix(err.Error(), dir+": ") {
		t.Errorf("folder: %v", err)
	}
}

func TestAttachManifestErrors(t *testing.T) {
	dir := t.TempDir()
	s, err := Parse("base.json", []byte(baseDoc))
	if err != nil {
		t.Fatal(err)
	}
	old := s.Manifest
	// The manifest reads fine on its own, but names ids the session lacks.
	p := writeFile(t, dir, "side.json", strings.Replace(sidecarTop, `"at": "m5"`, `"at": "m50"`, 1))
	m, err := ReadManifest(p)
	if err != nil {
		t.Fatal(err)
	}
	err = AttachManifest(s, m, p)
	wantInputError(t, err, p, 7, "events[0].at", `unknown id "m50"`)
	if s.Manifest != old {
		t.Error("a rejected manifest replaced the session's own")
	}
	if s.Path != "base.json" {
		t.Errorf("session path changed to %q", s.Path)
	}
	p2 := writeFile(t, dir, "side2.json", `{"manifest": {"invariants": [
  {"id": "a", "text": "x", "at": "nowhere"}]}}`)
	m2, err := ReadManifest(p2)
	if err != nil {
		t.Fatal(err)
	}
	wantInputError(t, AttachManifest(s, m2, p2), p2, 2, "manifest.invariants[0].at", `unknown id "nowhere"`)
}

// TestFixtureManifests reads every fixture's sidecar manifest and checks it equals the
// session's own.
func TestFixtureManifests(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fixtures/*/manifest.json")
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	for _, f := range files {
		s, err := ReadFile(filepath.Join(filepath.Dir(f), "session.json"))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m, err := ReadManifest(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		inline := s.Manifest
		s.Manifest = nil
		if err := AttachManifest(s, m, f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if inline != nil && !reflect.DeepEqual(inline, m) {
			t.Errorf("%s: sidecar differs from the session's manifest", f)
		}
	}
}

func TestErrorsAreInputErrors(t *testing.T) {
	// Every error Validate returns is an *InputError, usable with errors.As.
	s := &Session{Path: "p", Messages: []Message{{ID: "", Role: RoleUser}}}
	var ie *InputError
	if err := Validate(s, nil); !errors.As(err, &ie) {
		t.Fatalf("got %T", err)
	}
}
