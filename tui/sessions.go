package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

// SessionItem is one session of a folder, as the session list shows it.
type SessionItem struct {
	Path     string
	Agent    string
	ID       string
	Date     string
	Messages int
	Rounds   int
	// Err is set for a file that looked like a session but did not load.
	Err string
}

type listedMsg struct {
	items []SessionItem
	err   error
}

// listCmd lists the folder's sessions off the key path.
func listCmd(list func() ([]SessionItem, error)) tea.Cmd {
	return func() tea.Msg {
		items, err := list()
		return listedMsg{items, err}
	}
}

// openCmd loads and audits one session off the key path.
func openCmd(open func(string) (*audit.Report, error), path string) tea.Cmd {
	return func() tea.Msg {
		rep, err := open(path)
		return loadedMsg{rep: rep, err: err, path: path}
	}
}

func (m *Model) sessionKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	n := len(m.items)
	switch {
	case key.Matches(msg, k.Quit), msg.String() == "esc":
		return *m, tea.Quit
	case key.Matches(msg, k.Down):
		m.itemSel = clamp(m.itemSel+1, 0, n-1)
	case key.Matches(msg, k.Up):
		m.itemSel = clamp(m.itemSel-1, 0, n-1)
	case key.Matches(msg, k.Top):
		m.itemSel = 0
	case key.Matches(msg, k.Bottom):
		m.itemSel = max(0, n-1)
	case key.Matches(msg, k.PageDown):
		m.itemSel = clamp(m.itemSel+max(1, m.h-6), 0, n-1)
	case key.Matches(msg, k.PageUp):
		m.itemSel = clamp(m.itemSel-max(1, m.h-6), 0, n-1)
	case key.Matches(msg, k.Detail):
		if m.itemSel < n && m.opt.Open != nil {
			it := m.items[m.itemSel]
			m.loading = true
			m.listing = false
			m.opt.Title = it.Path
			m.opt.Input = it.Path
			return *m, tea.Batch(m.spin.Tick, openCmd(m.opt.Open, it.Path))
		}
	case key.Matches(msg, k.Help):
		m.view = viewHelp
	}
	return *m, nil
}

func (m *Model) sessionListView() []string {
	var body []string
	if len(m.items) == 0 {
		body = append(body, " no sessions with a compaction in this folder")
	}
	listH := max(1, m.h-4)
	start := 0
	if m.itemSel >= listH {
		start = m.itemSel - listH + 1
	}
	for i := start; i < len(m.items) && i < start+listH; i++ {
		it := m.items[i]
		cur := " "
		if i == m.itemSel {
			cur = m.st.Title.Render("▌")
		}
		line := cur + fmt.Sprintf("%-16s ", diffview.Sanitize(it.Date)) + m.st.Key.Render(diffview.Fit(diffview.Sanitize(it.Agent), 14)) + " " +
			fmt.Sprintf("%4d msgs %2d rounds  ", it.Messages, it.Rounds) + diffview.Sanitize(it.ID) + m.st.Faint.Render("  "+diffview.Sanitize(it.Path))
		if it.Err != "" {
			line += " " + m.st.Severity(audit.SevError).Render(diffview.Sanitize(it.Err))
		}
		body = append(body, line)
	}
	return m.titled("sessions in "+diffview.Sanitize(m.listDir), body, "j/k select · enter audits the session · esc from a session comes back here · q quits", 0)
}
