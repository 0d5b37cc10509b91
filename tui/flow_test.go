package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
)

// Flows through a real Bubble Tea program (teatest): the report loads in a command,
// keys arrive as a terminal would send them, the screen is read back.

func startFlow(t *testing.T, input string) *teatest.TestModel {
	t.Helper()
	m := New(Options{Title: "fake", Input: input, Theme: themes.Mono(), Load: func() (*audit.Report, error) {
		time.Sleep(20 * time.Millisecond) // loading is slow work: it must not block the UI
		return fake.Report(3, 20), nil
	}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	waitFor(t, tm, "round 1 of 3")
	return tm
}

func waitFor(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(keyMsg(k))
	}
}

func finish(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	keys(tm, "q")
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
}

func TestFlowStepRounds(t *testing.T) {
	tm := startFlow(t, "")
	keys(tm, "]")
	waitFor(t, tm, "round 2 of 3")
	keys(tm, "]")
	waitFor(t, tm, "round 3 of 3")
	keys(tm, "c")
	waitFor(t, tm, "cumulative")
	keys(tm, "[")
	m := finish(t, tm)
	if m.round != 1 || !m.cumulative {
		t.Errorf("final round %d cumulative %v", m.round, m.cumulative)
	}
}

func TestFlowFilter(t *testing.T) {
	tm := startFlow(t, "")
	keys(tm, "f", "f")
	waitFor(t, tm, "filter: family ~ mutation")
	keys(tm, "v")
	waitFor(t, tm, "severity error")
	m := finish(t, tm)
	for _, i := range m.vis {
		it := m.doc.Items[i]
		if it.Family() != audit.Mutation || it.Severity() != audit.SevError {
			t.Errorf("visible row %d: %s/%s", i, it.Family(), it.Severity())
		}
	}
	if len(m.vis) == 0 {
		t.Error("no rows left")
	}
}

func TestFlowSearch(t *testing.T) {
	tm := startFlow(t, "")
	keys(tm, "/")
	tm.Type("pgroll")
	keys(tm, "enter")
	waitFor(t, tm, `search "pgroll": 2 match(es)`)
	keys(tm, ">")
	m := finish(t, tm)
	if it := m.CurrentItem(); it == nil || it.Summary == nil || !strings.Contains(it.Summary.Text, "pgroll") {
		t.Errorf("cursor not on a match: %+v", it)
	}
}

func TestFlowExport(t *testing.T) {
	dir := t.TempDir()
	tm := startFlow(t, filepath.Join(dir, "in", "session.json"))
	keys(tm, "e")
	waitFor(t, tm, "export as")
	keys(tm, "m")
	waitFor(t, tm, "export to:")
	// replace the suggested path with one of our own
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	want := filepath.Join(dir, "out.md")
	tm.Type(want)
	keys(tm, "enter")
	waitFor(t, tm, "wrote md report to")
	m := finish(t, tm)
	if !strings.Contains(m.status, want) {
		t.Errorf("status %q", m.status)
	}
	data, err := os.ReadFile(want)
	if err != nil || !bytes.Contains(data, []byte("fake-session")) {
		t.Errorf("export not written: %v", err)
	}
	// atomic: no temporary file left behind
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
