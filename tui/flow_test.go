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

func startFlowWith(t *testing.T, opt Options, rep *audit.Report, wait string) *teatest.TestModel {
	t.Helper()
	opt.Title, opt.Theme = "fake", themes.Mono()
	opt.Load = func() (Loaded, error) {
		time.Sleep(20 * time.Millisecond) // loading is slow work: it must not block the UI
		return Loaded{Report: rep}, nil
	}
	tm := teatest.NewTestModel(t, New(opt), teatest.WithInitialTermSize(120, 40))
	waitFor(t, tm, wait)
	return tm
}

func startFlow(t *testing.T, input string) *teatest.TestModel {
	t.Helper()
	return startFlowWith(t, Options{Input: input}, fake.Report(3, 20), "round 1 of 3")
}

// waitFor waits until the output read from now on holds every one of ss (they may
// come in one frame: the renderer redraws only the lines that changed).
func waitFor(t *testing.T, tm *teatest.TestModel, ss ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, s := range ss {
			if !bytes.Contains(b, []byte(s)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
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

// TestFlowFindingsOnlyAndAll: the first screen lists findings only, ranked by the
// engine's rank; a shows every fact in context, keeping the cursor on its row.
func TestFlowFindingsOnlyAndAll(t *testing.T) {
	rep := enrich(fake.Report(3, 20))
	tm := startFlowWith(t, Options{}, rep, "findings only, ranked")
	keys(tm, "j")
	waitFor(t, tm, "row 2/16 of 20")
	keys(tm, "a")
	waitFor(t, tm, "all facts in context")
	keys(tm, "a")
	waitFor(t, tm, "findings only, most important first")
	m := finish(t, tm)
	if m.all || len(m.vis) != 16 {
		t.Fatalf("findings only: all %v, %d rows", m.all, len(m.vis))
	}
	prev := 0
	for _, i := range m.vis {
		f := m.doc.Items[i].Finding
		if f == nil {
			t.Fatal("a row without a finding in the findings-only view")
		}
		if f.Rank < prev {
			t.Errorf("rank %d after %d: not in the engine's order", f.Rank, prev)
		}
		prev = f.Rank
	}
	// the enriched ranks put info first: the view follows the rank, not the severity
	if first := m.doc.Items[m.vis[0]].Finding; first.Severity != audit.SevInfo {
		t.Errorf("first row is %s, want the rank-1 info finding", first.Severity)
	}
	if m.cur != 1 {
		t.Errorf("cursor %d after a, a: want it back on row 2", m.cur)
	}
}

// TestFlowSearchAcrossRounds: a search counts its matches in every round, and > walks
// them into the next round.
func TestFlowSearchAcrossRounds(t *testing.T) {
	tm := startFlow(t, "")
	keys(tm, "/")
	tm.Type("pgroll")
	keys(tm, "enter")
	waitFor(t, tm, `search "pgroll": match 1 of 6`)
	keys(tm, ">", ">")
	waitFor(t, tm, "match 3 of 6 · round 2", "round 2 of 3")
	m := finish(t, tm)
	if it := m.CurrentItem(); it == nil || it.Summary == nil || !strings.Contains(it.Summary.Text, "pgroll") || m.round != 1 {
		t.Errorf("cursor not on the third match (round index %d): %+v", m.round, it)
	}
}

// TestFlowDetailClosest: an omission's detail shows the closest summary fact with its
// score, the rule with its doc, and the invariant it belongs to; o opens the message.
func TestFlowDetailClosest(t *testing.T) {
	rep := enrich(fake.Report(3, 20))
	docs := func(id string) string {
		if strings.HasPrefix(id, "omission/") {
			return "An omission rule: the source fact has no counterpart."
		}
		return ""
	}
	tm := startFlowWith(t, Options{RuleDoc: docs}, rep, "findings only")
	keys(tm, ":") // go to the omission of the staging rule by its id
	tm.Type("r2.f2")
	keys(tm, "enter")
	waitFor(t, tm, "finding r2.f2")
	keys(tm, "enter")
	waitFor(t, tm, "closest summary fact (score 0.41", "omission/synthetic-error",
		"An omission rule: the source fact has no counterpart.", "the invariant it belongs to", "inv-staging")
	keys(tm, "o")
	waitFor(t, tm, "message in context", "rebuilt from its facts", "Never write to the staging DB")
	keys(tm, "esc") // back to the detail, then q goes back to the rows
	waitFor(t, tm, "detail · round 2")
	keys(tm, "q")
	m := finish(t, tm)
	if it := m.CurrentItem(); it == nil || it.Finding == nil || it.Finding.ID != "r2.f2" {
		t.Errorf("not on r2.f2: %+v", it)
	}
}

// TestFlowExportRefusesInput: export never writes over the session it audits, and the
// input is unchanged.
func TestFlowExportRefusesInput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "session.json")
	if err := os.WriteFile(input, []byte(`{"keep":"me"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tm := startFlow(t, input)
	keys(tm, "e")
	waitFor(t, tm, "export as")
	keys(tm, "m")
	waitFor(t, tm, "export to:")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	tm.Type(input)
	keys(tm, "enter")
	waitFor(t, tm, "the session being audited")
	// and a good path works, saying where it wrote
	keys(tm, "e", "m")
	waitFor(t, tm, "export to:")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	want := filepath.Join(dir, "out.md")
	tm.Type(want)
	keys(tm, "enter")
	waitFor(t, tm, "wrote md report to")
	m := finish(t, tm)
	if !strings.Contains(m.status, want) {
		t.Errorf("status %q", m.status)
	}
	if data, _ := os.ReadFile(input); string(data) != `{"keep":"me"}` {
		t.Errorf("the input was written: %q", data)
	}
	if data, err := os.ReadFile(want); err != nil || !bytes.Contains(data, []byte("fake-session")) {
		t.Errorf("export not written: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestFlowPickerFilter: / narrows the session list as one types, esc clears the
// filter (it does not quit), the background audit fills the name and worst columns.
func TestFlowPickerFilter(t *testing.T) {
	items := []SessionItem{
		{Path: "/p/shop/a.jsonl", Agent: "claude-code", ID: "s-a", Rounds: 1},
		{Path: "/p/billing/b.jsonl", Agent: "codex", ID: "s-b", Rounds: 2},
		{Path: "/p/shop/c.jsonl", Agent: "claude-code", ID: "s-c", Rounds: 1},
	}
	names := map[string]string{"/p/shop/a.jsonl": "fix the cart total", "/p/billing/b.jsonl": "refund webhooks", "/p/shop/c.jsonl": "migrate orders table"}
	opt := Options{Title: "/p", Theme: themes.Mono(),
		List: func() ([]SessionItem, error) { return items, nil },
		Scan: func(p string) (ScanResult, error) {
			return ScanResult{Name: names[p], Worst: audit.SevError, Findings: 3, Top: "error omission: lost"}, nil
		},
		Open: func(p string) (Loaded, error) { return Loaded{Report: fake.Report(1, 10)}, nil },
	}
	tm := teatest.NewTestModel(t, New(opt), teatest.WithInitialTermSize(120, 30))
	waitFor(t, tm, "migrate orders table", "E 3")
	keys(tm, "/")
	tm.Type("refund")
	waitFor(t, tm, `1 match "refund"`)
	keys(tm, "enter", "esc")
	waitFor(t, tm, "sessions in /p · 3  ")
	keys(tm, "esc") // nothing left to clear: esc stays
	waitFor(t, tm, "this is the session list: q quits")
	keys(tm, "/")
	tm.Type("shop migrate")
	keys(tm, "enter", "enter")
	waitFor(t, tm, "round 1 of 1")
	keys(tm, "esc")
	waitFor(t, tm, "sessions in /p")
	m := finish(t, tm)
	if m.opt.Input != "/p/shop/c.jsonl" {
		t.Errorf("opened %q, want the one session matching both words", m.opt.Input)
	}
}
