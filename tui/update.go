package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
)

func (m Model) keyMsg(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	if m.prompt != promptNone {
		return m.promptKey(msg)
	}
	if m.exp.step != exportNone {
		return m.exportKey(msg)
	}
	if m.pick.has && !m.loading && m.rep == nil {
		if m.view == viewHelp {
			m.helpKey(msg)
			return m, nil
		}
		return m.pickerKey(msg)
	}
	if m.loading || m.listing || m.err != nil || m.rep == nil {
		if key.Matches(msg, k.Quit) || msg.String() == "esc" {
			if m.pick.has && m.loading && msg.String() == "esc" {
				return m, nil // the picker is still there to go back to once loaded
			}
			return m, tea.Quit
		}
		if (m.loading || m.listing) && len(m.pending) < 32 {
			m.pending = append(m.pending, msg) // typed ahead: replayed once loaded
		}
		return m, nil
	}
	if m.partial && key.Matches(msg, k.Cancel) {
		m.stopStream()
		return m, nil
	}
	switch m.view {
	case viewHelp:
		m.helpKey(msg)
		return m, nil
	case viewDetail:
		return m.detailKey(msg)
	case viewPager:
		return m.pagerKey(msg)
	case viewInvariants:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Invariants) {
			m.view = viewMain
		} else if sel, ok := m.listKey(msg, m.invSel, m.invCount()); ok {
			m.invSel = sel
		} else if key.Matches(msg, k.Detail) {
			m.jumpToInvariant()
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	case viewMatrix:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Matrix) {
			m.view = viewMain
		} else if key.Matches(msg, k.Cumulative) {
			m.matrixCum = !m.matrixCum
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	case viewLineage:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Lineage) {
			m.view = viewMain
		} else if sel, ok := m.listKey(msg, m.linSel, m.roundCount()); ok {
			m.linSel = sel
		} else if key.Matches(msg, k.Detail) {
			if order := m.lineageOrder(); m.linSel < len(order) {
				m.setRound(order[m.linSel])
			}
			m.view = viewMain
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	}
	return m.mainKey(msg)
}

// helpKey scrolls the help, or closes it.
func (m *Model) helpKey(msg tea.KeyMsg) {
	k := m.keys
	page := max(1, m.h-5)
	switch {
	case key.Matches(msg, k.Back), key.Matches(msg, k.Help):
		m.view = viewMain
	case key.Matches(msg, k.Down):
		m.helpY++
	case key.Matches(msg, k.Up):
		m.helpY = max(0, m.helpY-1)
	case key.Matches(msg, k.PageDown), key.Matches(msg, k.HalfDown):
		m.helpY += page
	case key.Matches(msg, k.PageUp), key.Matches(msg, k.HalfUp):
		m.helpY = max(0, m.helpY-page)
	case key.Matches(msg, k.Top):
		m.helpY = 0
	case key.Matches(msg, k.Bottom):
		m.helpY = 1 << 20
	}
}

// listKey moves a selection among n items on down, up, first and last; ok is false
// for any other key.
func (m Model) listKey(msg tea.KeyMsg, sel, n int) (int, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Down):
		return clamp(sel+1, 0, n-1), true
	case key.Matches(msg, k.Up):
		return clamp(sel-1, 0, n-1), true
	case key.Matches(msg, k.Top):
		return 0, true
	case key.Matches(msg, k.Bottom):
		return max(0, n-1), true
	}
	return sel, false
}

// overlayKey goes from one overlay view to another (help, invariants, matrix,
// lineage); the view's own key, which closes it, is handled before.
func (m *Model) overlayKey(msg tea.KeyMsg) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	case key.Matches(msg, k.Invariants):
		m.view = viewInvariants
	case key.Matches(msg, k.Matrix):
		m.view = viewMatrix
	case key.Matches(msg, k.Lineage):
		m.view = viewLineage
	}
}

func (m Model) mainKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	body := m.bodyHeight()
	if !key.Matches(msg, k.Quit) {
		m.status = "" // a message lasts until the next key
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	case key.Matches(msg, k.Down):
		m.moveCursor(1)
	case key.Matches(msg, k.Up):
		m.moveCursor(-1)
	case key.Matches(msg, k.PageDown):
		m.scrollLines(max(1, body-1))
	case key.Matches(msg, k.PageUp):
		m.scrollLines(-max(1, body-1))
	case key.Matches(msg, k.HalfDown):
		m.scrollLines(max(1, body/2))
	case key.Matches(msg, k.HalfUp):
		m.scrollLines(-max(1, body/2))
	case key.Matches(msg, k.Top):
		m.cur, m.top, m.topLine = 0, 0, 0
	case key.Matches(msg, k.Bottom):
		m.cur = max(0, len(m.vis)-1)
		m.ensureVisible()
	case key.Matches(msg, k.NextRound):
		m.nextRound()
	case key.Matches(msg, k.PrevRound):
		m.setRound(m.round - 1)
	case key.Matches(msg, k.Cumulative):
		m.cumulative = !m.cumulative
		m.selectDoc()
	case key.Matches(msg, k.ShowAll):
		keep := m.curItem()
		m.all = !m.all
		m.applyFilter(keep)
		if m.all {
			m.status = "all facts in context"
		} else {
			m.status = "findings only, most important first"
		}
	case key.Matches(msg, k.NextFinding):
		m.nextFinding(true)
	case key.Matches(msg, k.PrevFinding):
		m.nextFinding(false)
	case key.Matches(msg, k.Detail):
		if len(m.vis) > 0 {
			m.view, m.detailY = viewDetail, 0
		}
	case key.Matches(msg, k.Message):
		m.openPager(viewMain)
	case key.Matches(msg, k.Copy):
		return m, m.copyCmd()
	case key.Matches(msg, k.Goto):
		return m, m.openPrompt(promptGoto, "")
	case key.Matches(msg, k.FilterFamily):
		m.famIdx = (m.famIdx + 1) % (len(audit.Families) + 1)
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.FilterSeverity):
		m.sevIdx = (m.sevIdx + 1) % (len(severities) + 1)
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.FilterClass):
		m.nextClass()
	case key.Matches(msg, k.ClearFilters):
		m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.Search):
		return m, m.openPrompt(promptSearch, m.query)
	case key.Matches(msg, k.NextMatch):
		m.nextMatch(true)
	case key.Matches(msg, k.PrevMatch):
		m.nextMatch(false)
	case key.Matches(msg, k.ClearSearch):
		m.setQuery("")
	case key.Matches(msg, k.Layout):
		m.layout = (m.layout + 1) % 3
		m.ensureVisible()
		m.status = "layout: " + m.layout.String()
	case key.Matches(msg, k.Invariants):
		m.view = viewInvariants
	case key.Matches(msg, k.Matrix):
		m.view = viewMatrix
		m.matrixCum = m.cumulative
	case key.Matches(msg, k.Lineage):
		m.view = viewLineage
		for i, r := range m.lineageOrder() {
			if r == m.round {
				m.linSel = i
			}
		}
	case key.Matches(msg, k.Export):
		return m, m.startExport()
	case key.Matches(msg, k.Mouse):
		m.mouse = !m.mouse
		if m.mouse {
			m.status = "mouse on: the wheel scrolls"
			return m, tea.EnableMouseCellMotion
		}
		m.status = "mouse off: the terminal can select text"
		return m, tea.DisableMouse
	case msg.String() == "esc":
		return m, m.escape()
	}
	return m, nil
}

// escape undoes the last narrowing: the search, then the filters, then the session
// (back to the picker, whose background audits resume).
func (m *Model) escape() tea.Cmd {
	switch {
	case m.query != "":
		m.setQuery("")
	case m.filtered():
		m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
		m.applyFilter(m.curItem())
	case m.pick.has:
		m.rep, m.doc, m.vis, m.msgs = nil, nil, nil, nil
		m.resetCaches()
		m.status = ""
		if m.pick.scanning() {
			return tea.Batch(m.spin.Tick, m.scanCmd())
		}
	}
	return nil
}

// nextClass cycles through the classes this round's rows carry.
func (m *Model) nextClass() {
	n := len(m.classes()) + 1
	for j := 0; j < n; j++ {
		m.classIdx = (m.classIdx + 1) % n
		if m.classIdx == 0 || m.classPresent(m.classes()[m.classIdx-1]) {
			break
		}
	}
	m.applyFilter(m.curItem())
}

func (m Model) detailKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	m.status = ""
	switch {
	case key.Matches(msg, k.Back), key.Matches(msg, k.Detail):
		m.view = viewMain
	case key.Matches(msg, k.Down):
		m.detailY++
	case key.Matches(msg, k.Up):
		m.detailY = max(0, m.detailY-1)
	case key.Matches(msg, k.PageDown):
		m.detailY += max(1, m.h-5)
	case key.Matches(msg, k.PageUp):
		m.detailY = max(0, m.detailY-max(1, m.h-5))
	case key.Matches(msg, k.Top):
		m.detailY = 0
	case key.Matches(msg, k.NextFinding):
		m.nextFinding(true)
		m.detailY = 0
	case key.Matches(msg, k.PrevFinding):
		m.nextFinding(false)
		m.detailY = 0
	case key.Matches(msg, k.Message):
		m.openPager(viewDetail)
	case key.Matches(msg, k.Copy):
		return m, m.copyCmd()
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	}
	return m, nil
}
