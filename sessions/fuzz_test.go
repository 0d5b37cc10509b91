package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds sessions.Parse arbitrary bytes: it must never panic, and every error
// must be an *InputError whose text is one line starting with the path. Seeds are the
// native fixtures and broken variants of them.
func FuzzParse(f *testing.F) {
	seeds := []string{baseDoc, "", "{}", "[]", "null", "{\"compaudit\":\"session/v1\"}"}
	files, _ := filepath.Glob("../testdata/fixtures/*/session.json")
	files = append(files, "example/session.json")
	// The importers' renderings too: Parse routes to every reader.
	jsonl, _ := filepath.Glob("../testdata/fixtures/f0[1-3]*/session.*.jsonl")
	files = append(files, jsonl...)
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil || len(data) > 64<<10 {
			continue
		}
		seeds = append(seeds, string(data))
	}
	bad, _ := filepath.Glob("../testdata/bad/*")
	for _, p := range bad {
		if data, err := os.ReadFile(p); err == nil && len(data) < 64<<10 {
			seeds = append(seeds, string(data))
		}
	}
	// Broken variants of the base document.
	for _, v := range [][2]string{
		{`"round": 2`, `"round": "2"`},
		{`"round": 2`, `"round": 1`},
		{`"round": 1`, `"round": 3`},
		{`"sources": ["m1", "m2", "m3"]`, `"sources": "m1"`},
		{`"m5"]`, `"m9"]`},
		{`"parent": "c1"`, `"parent": "c2"`},
		{`{"id": "c1", "round": 1,`, `{"id": "c1", "round": 1, "parent": "c2",`},
		{`"kind": "retire"`, `"kind": "expire"`},
		{`"id": "m2"`, `"id": "m1"`},
		{`, "summary": "Migrated."`, ``},
		{`Now migrate.`, "Now mi\xffgrate."},
		{` "messages": [`, ` "messages": {`},
	} {
		seeds = append(seeds, strings.Replace(baseDoc, v[0], v[1], 1))
	}
	seeds = append(seeds, baseDoc[:len(baseDoc)/3], baseDoc[:len(baseDoc)-5])
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	const path = "fuzz/session.json"
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(path, data)
		if err == nil {
			if s == nil {
				t.Fatal("nil session without an error")
			}
			// A session that parsed is valid and its helpers terminate.
			if verr := Validate(s, nil); verr != nil {
				t.Fatalf("parsed session fails validation: %v", verr)
			}
			for _, c := range s.Rounds() {
				_ = s.Depth(c)
				_ = s.Chain(c)
				_ = s.LastSourceIndex(c)
			}
			return
		}
		if s != nil {
			t.Fatalf("session returned with error %v", err)
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("error is %T, not *InputError: %v", err, err)
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\r") {
			t.Fatalf("error is not one line: %q", msg)
		}
		if !strings.HasPrefix(msg, path+":") {
			t.Fatalf("error does not start with the path: %q", msg)
		}
		if len(msg) > 1000 {
			t.Fatalf("error is %d bytes long: %.200q", len(msg), msg)
		}
	})
}

// FuzzParseManifest: the sidecar manifest reader has the same guarantees.
func FuzzParseManifest(f *testing.F) {
	for _, s := range []string{sidecarTop, `{"manifest": ` + sidecarTop + `}`, "", "{}", `{"invariants": null}`, sidecarTop[:50]} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../testdata/fixtures/*/manifest.json")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	const path = "fuzz/manifest.json"
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest(path, data)
		if err == nil {
			if m == nil {
				t.Fatal("nil manifest without an error")
			}
			return
		}
		if m != nil {
			t.Fatal("manifest returned with an error")
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("error is %T: %v", err, err)
		}
		if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, path+":") {
			t.Fatalf("bad error text %q", msg)
		}
	})
}
