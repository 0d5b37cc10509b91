package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/internal/outguard"
)

// The CLI's output guard, plugged into the export: a path it protects (here a
// manifest, which the TUI itself knows nothing about) is refused, and a path beside
// the input is written with terminal-safe bytes.
func TestExportThroughTheOutputGuard(t *testing.T) {
	d := t.TempDir()
	in := filepath.Join(d, "session.json")
	man := filepath.Join(d, "manifest.json")
	for _, p := range []string{in, man} {
		if err := os.WriteFile(p, []byte("INPUT"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := &outguard.Guard{}
	g.Protect(in, "an input")
	g.Protect(man, "the manifest")
	for _, target := range []string{man, filepath.Join(d, ".", "manifest.json")} {
		if _, _, err := checkExport(target, in, g.Check); err == nil {
			t.Errorf("export to %s was allowed", target)
		}
	}
	out := filepath.Join(d, "session.audit.md")
	p, exists, err := checkExport(out, in, g.Check)
	if err != nil || exists {
		t.Fatalf("export beside the input: %v (exists %v)", err, exists)
	}
	rep := fake.Report(1, 3)
	rep.Session = "evil\x1b]0;title\x07"
	msg, ok := writeCmd(rep, p, "md")().(exportedMsg)
	if !ok || msg.err != nil {
		t.Fatalf("write: %+v", msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(string(data), "\x1b\x07") {
		t.Errorf("the exported file carries raw control bytes")
	}
	for _, p := range []string{in, man} {
		if b, _ := os.ReadFile(p); string(b) != "INPUT" {
			t.Fatalf("%s was overwritten", p)
		}
	}
}
