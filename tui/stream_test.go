package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
)

// streamed is a model whose Stream reports progress, hands over a first round of
// three, then waits for release (or for its context to end) before handing the
// whole audit; nothing of it runs until Init's commands are.
func streamed(t *testing.T, release chan struct{}) (Model, []tea.Cmd) {
	t.Helper()
	whole := fake.Report(3, 40)
	first := fake.Report(1, 40)
	load := func(ctx context.Context, up func(Update)) (Loaded, error) {
		up(Update{Progress: audit.Progress{Read: 50, Messages: 200, Rounds: 3}})
		up(Update{First: &Loaded{Report: first}})
		up(Update{Progress: audit.Progress{Read: 200, Messages: 200, Judged: 1, Rounds: 3}})
		select {
		case <-release:
			return Loaded{Report: whole}, nil
		case <-ctx.Done():
			return Loaded{}, ctx.Err()
		}
	}
	m := New(Options{Title: "big.jsonl", Theme: themes.Mono(), Stream: load})
	m = update(t, m, tea.WindowSizeMsg{Width: 150, Height: 30})
	if !m.loading {
		t.Fatal("a streamed model does not start loading")
	}
	// Init batches the spinner, the load and the first wait: run the last two
	return m, []tea.Cmd{m.stream.run(m.opt.Stream), m.stream.next()}
}

// pump feeds the stream's messages to the model until pred holds.
func pump(t *testing.T, m Model, pred func(Model) bool) Model {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !pred(m) {
		select {
		case msg := <-m.stream.ch:
			m = update(t, m, msg)
		case <-deadline:
			t.Fatalf("the stream never got there; screen:\n%s", m.View())
		}
	}
	return m
}

func TestStreamShowsTheFirstRoundThenTheWhole(t *testing.T) {
	release := make(chan struct{})
	m, cmds := streamed(t, release)
	go cmds[0]()
	m = pump(t, m, func(m Model) bool { return m.prog.Messages > 0 })
	if v := m.View(); !strings.Contains(v, "auditing: 50/200 messages read") {
		t.Fatalf("the loading screen shows no progress:\n%s", v)
	}
	m = pump(t, m, func(m Model) bool { return m.rep != nil })
	if !m.partial || m.loading {
		t.Fatalf("the first round is not shown as partial (partial %v, loading %v)", m.partial, m.loading)
	}
	m = press(t, m, "j", "j")
	m = pump(t, m, func(m Model) bool { return m.prog.Judged == 1 })
	v := m.View()
	for _, want := range []string{"round 1 of 3", "1/3 rounds judged", "X stops", "invariants: known once every round is audited"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the partial screen lacks %q:\n%s", want, v)
		}
	}
	if m = press(t, m, "]"); m.round != 0 || !strings.Contains(m.View(), "round 2 is still being audited") {
		t.Fatalf("] moved to a round not audited yet (round %d)", m.round)
	}
	close(release)
	m = pump(t, m, func(m Model) bool { return !m.partial })
	v = m.View()
	if len(m.rep.Rounds) != 3 || m.cur != 2 || !strings.Contains(v, "audit complete: 3 rounds") || strings.Contains(v, "X stops") {
		t.Fatalf("the whole audit did not replace the first round in place (rounds %d, row %d):\n%s", len(m.rep.Rounds), m.cur, v)
	}
	if m = press(t, m, "]"); m.round != 1 {
		t.Fatalf("] does not reach round 2 once it is audited (round %d)", m.round)
	}
}

func TestStreamStopKeyCancelsTheRest(t *testing.T) {
	m, cmds := streamed(t, make(chan struct{}))
	go cmds[0]()
	m = pump(t, m, func(m Model) bool { return m.rep != nil })
	m = press(t, m, "X")
	if m.stream.ctx.Err() == nil {
		t.Fatal("X did not cancel the audit")
	}
	m = pump(t, m, func(m Model) bool { return !m.partial })
	v := m.View()
	if !m.stopped || len(m.rep.Rounds) != 1 || !strings.Contains(v, "audit stopped: only round 1 was judged") || !strings.Contains(v, "round 1 of 3") {
		t.Fatalf("a stopped audit does not keep round 1 and say so:\n%s", v)
	}
	if m = press(t, m, "]"); !strings.Contains(m.View(), "the audit was stopped after round 1") {
		t.Fatalf("] after a stop says nothing:\n%s", m.View())
	}
	if m = press(t, m, "q"); m.err != nil {
		t.Fatalf("quitting a stopped audit is an error: %v", m.err)
	}
}
