package tui

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// newModel is a sized model over a synthetic report of 3 rounds of n rows each.
func newModel(t testing.TB, n, w, h int) Model {
	t.Helper()
	return newModelFrom(t, fake.Report(3, n), w, h)
}

func newModelFrom(t testing.TB, rep *audit.Report, w, h int) Model {
	t.Helper()
	m := New(Options{Title: "fake", Theme: themes.Mono(), Report: rep})
	return update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
}

func update(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	nm, _ := m.Update(msg)
	return nm.(Model)
}

// press sends keys (names as bubbletea prints them: "j", "enter", "ctrl+d", " ").
func press(t testing.TB, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		m, _ = pressCmd(t, m, k)
	}
	return m
}

func pressCmd(t testing.TB, m Model, k string) (Model, tea.Cmd) {
	t.Helper()
	nm, cmd := m.Update(keyMsg(k))
	return nm.(Model), cmd
}

var special = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
	"left": tea.KeyLeft, "right": tea.KeyRight, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"home": tea.KeyHome, "end": tea.KeyEnd, "backspace": tea.KeyBackspace, " ": tea.KeySpace,
	"ctrl+c": tea.KeyCtrlC, "ctrl+d": tea.KeyCtrlD, "ctrl+u": tea.KeyCtrlU, "tab": tea.KeyTab,
}

func keyMsg(k string) tea.KeyMsg {
	if t, ok := special[k]; ok {
		return tea.KeyMsg{Type: t, Runes: []rune(strings.TrimSpace(k))[:0]}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// enrich fills, in a copy of rep, the fields engine v2 sets and today's engine leaves
// empty: finding ids, rules, importance, why, a session-wide rank (info first, so the
// rank visibly differs from the severity order), the closest summary fact of each
// omission, compared slots for mutations, the report's top list.
func enrich(rep *audit.Report) *audit.Report {
	cp := *rep
	cp.Rounds = make([]audit.Round, len(rep.Rounds))
	type ref struct{ r, f int }
	var all []ref
	for i := range rep.Rounds {
		rd := rep.Rounds[i]
		rd.Findings = append([]audit.Finding(nil), rd.Findings...)
		for j := range rd.Findings {
			f := &rd.Findings[j]
			f.ID = fmt.Sprintf("r%d.f%d", rd.Round, j+1)
			f.Rule = f.Family + "/synthetic-" + f.Severity
			f.Importance = float64(audit.SeverityRank(f.Severity)) / 3
			f.Why = "a synthetic " + f.Severity
			if f.Family == audit.Omission && len(rd.SummaryFacts) > 0 {
				s := rd.SummaryFacts[len(rd.SummaryFacts)-1]
				f.Closest = &audit.Side{Text: s.Text, Message: s.Message, Role: s.Role, Score: 0.41}
			}
			if f.Family == audit.Mutation {
				f.Slots = []audit.SlotDiff{{Slot: "version", Source: "18.2", Summary: "18"}, {Slot: "subject", Source: "CI image", Summary: "CI image"}}
			}
			all = append(all, ref{i, j})
		}
		cp.Rounds[i] = rd
	}
	// rank: info findings first (a rank the severity order would not give)
	sort.SliceStable(all, func(a, b int) bool {
		fa, fb := &cp.Rounds[all[a].r].Findings[all[a].f], &cp.Rounds[all[b].r].Findings[all[b].f]
		return audit.SeverityRank(fa.Severity) < audit.SeverityRank(fb.Severity)
	})
	cp.Top = nil
	for k, x := range all {
		f := &cp.Rounds[x.r].Findings[x.f]
		f.Rank = k + 1
		if k < 5 {
			cp.Top = append(cp.Top, f.ID)
		}
	}
	return &cp
}
