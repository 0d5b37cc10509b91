package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/internal/outguard"
)

// Before: the export prompt accepted the input's own path and overwrote the session.
func TestExportRefusesTheInput(t *testing.T) {
	d := t.TempDir()
	in := filepath.Join(d, "session.json")
	if err := os.WriteFile(in, []byte("SESSION"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := &outguard.Guard{}
	g.Protect(in, "an input")
	rep := fake.Report(1, 3)
	for _, target := range []string{in, filepath.Join(d, ".", "session.json")} {
		msg, ok := exportCmd(rep, target, "json", g)().(exportedMsg)
		if !ok || msg.err == nil || !strings.Contains(msg.err.Error(), "never overwrites") {
			t.Errorf("export to %s: %+v", target, msg)
		}
	}
	if data, _ := os.ReadFile(in); string(data) != "SESSION" {
		t.Fatal("the input was overwritten")
	}
	out := filepath.Join(d, "session.audit.json")
	if msg := exportCmd(rep, out, "json", g)().(exportedMsg); msg.err != nil {
		t.Fatalf("export beside the input: %v", msg.err)
	}
	// through the prompt: the error is shown, sanitized, in the status line
	m := newModelFrom(t, rep, 100, 30)
	m.opt.Guard = g
	m = update(t, m, exportCmd(rep, in, "md", g)())
	if v := m.View(); !strings.Contains(v, "export failed") {
		t.Errorf("no refusal on screen:\n%s", v)
	}
}
