package tui

import (
	"os"
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
