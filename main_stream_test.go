package main

import (
	"context"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/themes"
	"github.com/compaudit/compaudit/tui"
)

// The TUI draws the first round while the audit of the rest goes on: nothing the
// early round holds may be written by that audit (run with -race), and the whole
// audit arrives with every round.
func TestStreamAuditFirstRoundWhileTheRestRuns(t *testing.T) {
	path := "testdata/fixtures/p04-postgres-index-bloat-3round/session.claude.jsonl"
	var wg sync.WaitGroup
	var firstRounds int
	var progressed bool
	up := func(u tui.Update) {
		if u.First == nil {
			progressed = true
			return
		}
		firstRounds = len(u.First.Report.Rounds)
		first := *u.First
		wg.Add(1)
		go func() { // draw it over and over, as the TUI does, while the audit goes on
			defer wg.Done()
			m := tui.New(tui.Options{Title: path, Theme: themes.Mono(), Report: first.Report, Messages: first.Messages})
			nm, _ := m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
			for i := 0; i < 20; i++ {
				nm, _ = nm.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j")})
				_ = nm.View()
			}
		}()
	}
	got, err := streamAudit(context.Background(), path, loadOptions{}, up)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if firstRounds != 1 || !progressed {
		t.Fatalf("first round handed over with %d rounds, progress told: %v", firstRounds, progressed)
	}
	if n := len(got.Report.Rounds); n != 3 {
		t.Fatalf("the whole audit has %d rounds, want 3", n)
	}
}
