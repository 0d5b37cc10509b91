package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

// The session picker lists a folder's sessions by a name a person recognises (the
// project and the first user prompt), with agent, date, rounds and the worst finding,
// which is audited in the background, one session at a time, with progress.

// SessionItem is one session of a folder, as the picker shows it.
type SessionItem struct {
	Path     string
	Agent    string
	ID       string
	Date     string
	Messages int
	Rounds   int
	// Project is the project the session belongs to ("" to take it from the path).
	Project string
	// Name is the session's first user prompt, when known (a scan fills it in).
	Name string
	// Err is set for a file that looked like a session but did not load.
	Err string
}

// ScanResult is what a background audit of one listed session found.
type ScanResult struct {
	// Name is the first user prompt ("" when none).
	Name string
	// Worst is the worst severity of its findings ("" for none); Findings and Flagged
	// count its findings and flagged invariants; Top is its most important finding.
	Worst             string
	Findings, Flagged int
	Top               string
}

type scanState struct {
	done bool
	res  ScanResult
	err  string
}

type picker struct {
	has    bool
	dir    string
	items  []SessionItem
	scans  []scanState
	next   int // the next item to scan
	shown  []int
	sel    int // index into shown
	filter string
}

func (p *picker) scanning() bool { return p.has && p.next < len(p.items) }

type (
	listedMsg struct {
		items []SessionItem
		err   error
	}
	scannedMsg struct {
		i   int
		res ScanResult
		err error
	}
)

// listCmd lists the folder's sessions off the key path.
func listCmd(list func() ([]SessionItem, error)) tea.Cmd {
	return func() tea.Msg {
		items, err := list()
		return listedMsg{items, err}
	}
}

func (m Model) listed(msg listedMsg) (tea.Model, tea.Cmd) {
	m.listing = false
	if msg.err != nil {
		m.err = msg.err
		return m, nil
	}
	if len(msg.items) == 0 && m.opt.Load != nil {
		// not a folder of sessions: perhaps a session stored as a folder
		m.loading = true
		return m, loadCmd(m.opt.Load)
	}
	m.pick.items, m.pick.has = msg.items, true
	m.pick.scans = make([]scanState, len(msg.items))
	m.pick.setFilter(&m, "")
	if m.opt.Scan == nil {
		m.pick.next = len(m.pick.items)
		return m, nil
	}
	return m, tea.Batch(m.spin.Tick, m.scanCmd())
}

// scanCmd audits the next unscanned session, unless a session is open or loading
// (the background work yields to the one the user is reading).
func (m *Model) scanCmd() tea.Cmd {
	p := &m.pick
	for p.next < len(p.items) && p.items[p.next].Err != "" {
		p.scans[p.next] = scanState{done: true, err: p.items[p.next].Err}
		p.next++
	}
	if p.next >= len(p.items) || m.opt.Scan == nil || m.loading || m.rep != nil {
		return nil
	}
	i, path, scan := p.next, p.items[p.next].Path, m.opt.Scan
	return func() tea.Msg {
		res, err := scan(path)
		return scannedMsg{i: i, res: res, err: err}
	}
}

func (m Model) scanned(msg scannedMsg) (tea.Model, tea.Cmd) {
	p := &m.pick
	if msg.i < 0 || msg.i >= len(p.scans) {
		return m, nil
	}
	st := scanState{done: true, res: msg.res}
	if msg.err != nil {
		st.err = msg.err.Error()
	}
	p.scans[msg.i] = st
	if msg.i == p.next {
		p.next++
	}
	if msg.res.Name != "" && p.items[msg.i].Name == "" {
		p.items[msg.i].Name = msg.res.Name
	}
	p.setFilter(&m, p.filter) // a new name may match the filter
	return m, m.scanCmd()
}

// openCmd loads and audits one session off the key path.
func openCmd(open func(string) (Loaded, error), path string) tea.Cmd {
	return func() tea.Msg {
		res, err := open(path)
		return loadedMsg{res: res, err: err, path: path}
	}
}

// setFilter keeps the items whose name, project, path, agent, id or date hold every
// word of f (case-insensitive), keeping the selection on the same item when it can.
func (p *picker) setFilter(m *Model, f string) {
	keep := -1
	if p.sel >= 0 && p.sel < len(p.shown) {
		keep = p.shown[p.sel]
	}
	p.filter = f
	words := strings.Fields(strings.ToLower(f))
	p.shown = p.shown[:0]
	for i := range p.items {
		it := &p.items[i]
		hay := strings.ToLower(strings.Join([]string{it.Name, m.projectOf(it), it.Path, it.Agent, it.ID, it.Date}, "\x00"))
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(hay, w)
		}
		if ok {
			p.shown = append(p.shown, i)
		}
	}
	p.sel = 0
	for j, i := range p.shown {
		if i == keep {
			p.sel = j
		}
	}
}

func (m *Model) pickerKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	p := &m.pick
	n := len(p.shown)
	m.status = ""
	switch {
	case key.Matches(msg, k.Quit):
		return *m, tea.Quit
	case msg.String() == "esc":
		if p.filter != "" {
			p.setFilter(m, "")
		} else {
			m.status = "this is the session list: q quits"
		}
	case key.Matches(msg, k.Filter):
		return *m, m.openPrompt(promptPickerFilter, p.filter)
	case key.Matches(msg, k.Down):
		p.sel = clamp(p.sel+1, 0, n-1)
	case key.Matches(msg, k.Up):
		p.sel = clamp(p.sel-1, 0, n-1)
	case key.Matches(msg, k.Top):
		p.sel = 0
	case key.Matches(msg, k.Bottom):
		p.sel = max(0, n-1)
	case key.Matches(msg, k.PageDown):
		p.sel = clamp(p.sel+max(1, m.h-6), 0, n-1)
	case key.Matches(msg, k.PageUp):
		p.sel = clamp(p.sel-max(1, m.h-6), 0, n-1)
	case key.Matches(msg, k.Open):
		if p.sel < n && m.opt.Open != nil {
			it := p.items[p.shown[p.sel]]
			m.loading = true
			m.opt.Title = it.Path
			m.opt.Input = it.Path
			return *m, tea.Batch(m.spin.Tick, openCmd(m.opt.Open, it.Path))
		}
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	}
	return *m, nil
}

// agentName is a reader's name as a column shows it: "Claude Code session JSONL" is
// "Claude Code".
func agentName(a string) string {
	a = diffview.Sanitize(a)
	if i := strings.Index(strings.ToLower(a), " session"); i > 0 {
		a = a[:i]
	}
	return a
}

func (m *Model) home() string {
	if m.opt.Home != "" {
		return m.opt.Home
	}
	h, _ := os.UserHomeDir()
	return h
}

// projectOf names the session's project: the item's own, else its folder (Claude
// Code's encoded project folder loses the home prefix: -home-ana-src-shop → src-shop).
func (m *Model) projectOf(it *SessionItem) string {
	if it.Project != "" {
		return it.Project
	}
	dir := filepath.Base(filepath.Dir(it.Path))
	if strings.HasPrefix(dir, "-") {
		if enc := strings.ReplaceAll(m.home(), string(filepath.Separator), "-") + "-"; m.home() != "" && strings.HasPrefix(dir, enc) && len(dir) > len(enc) {
			return dir[len(enc):]
		}
		return strings.TrimPrefix(dir, "-")
	}
	if dir == "." || dir == string(filepath.Separator) {
		return ""
	}
	return dir
}

// shortPath shortens p to ~ under the home folder, then cuts it in the middle to w
// cells, keeping its start and, longer, its end (the file name).
func shortPath(p, home string, w int) string {
	if home != "" && (p == home || strings.HasPrefix(p, home+string(filepath.Separator))) {
		p = "~" + p[len(home):]
	}
	p = diffview.Sanitize(p)
	rs := []rune(p)
	if diffview.Width(p) <= w || w < 5 {
		if w < 5 {
			return diffview.Fit(p, max(0, w))
		}
		return p
	}
	head := (w - 1) / 3
	tail := w - 1 - head
	for head > 0 && diffview.Width(string(rs[:head]))+1+diffview.Width(string(rs[len(rs)-tail:])) > w {
		head--
	}
	for tail > 0 && diffview.Width(string(rs[:head]))+1+diffview.Width(string(rs[len(rs)-tail:])) > w {
		tail--
	}
	return string(rs[:head]) + "…" + string(rs[len(rs)-tail:])
}

func (m *Model) pickerView() []string {
	p := &m.pick
	var body []string
	if len(p.items) == 0 {
		body = append(body, " no sessions with a compaction in this folder")
	} else if len(p.shown) == 0 {
		body = append(body, fmt.Sprintf(" no session matches %q (esc clears the filter)", diffview.Sanitize(p.filter)))
	}
	listH := max(1, m.h-6)
	start := 0
	if p.sel >= listH {
		start = p.sel - listH + 1
	}
	for j := start; j < len(p.shown) && j < start+listH; j++ {
		body = append(body, m.pickerRow(p.shown[j], j == p.sel))
	}
	body = append(body, "")
	body = append(body, m.pickerFoot()...)
	title := fmt.Sprintf("sessions in %s · %d", shortPath(m.pick.dir, m.home(), max(10, m.w/2)), len(p.items))
	if p.filter != "" {
		title += fmt.Sprintf(" · %d match %q", len(p.shown), diffview.Sanitize(p.filter))
	}
	lines := m.titled(title, body, m.keys.PickerHelp(), 0)
	if m.prompt == promptPickerFilter && len(lines) > 1 {
		lines[len(lines)-2] = " " + m.input.View()
	}
	return lines
}

// pickerRow is one session: date, agent, rounds, worst finding, name, path.
func (m *Model) pickerRow(i int, sel bool) string {
	it := &m.pick.items[i]
	sc := m.pick.scans[i]
	cur := " "
	if sel {
		cur = m.st.Title.Render("▌")
	}
	worst := m.st.Faint.Render(diffview.Fit("…", 7))
	scanned := m.opt.Scan != nil
	switch {
	case !scanned:
		worst = m.st.Faint.Render(diffview.Fit("–", 7))
	case it.Err != "" || sc.err != "":
		worst = m.st.Severity(audit.SevError).Render(diffview.Fit("error", 7))
	case sc.done && sc.res.Findings == 0:
		worst = m.st.Faint.Render(diffview.Fit("none", 7))
	case sc.done:
		s := sc.res.Worst
		worst = m.st.Severity(s).Render(diffview.Fit(fmt.Sprintf("%s %d", m.st.SeverityGlyph(s), sc.res.Findings), 7))
	}
	name := diffview.Sanitize(strings.Join(strings.Fields(it.Name), " "))
	proj := m.projectOf(it)
	switch {
	case name == "" && scanned && !sc.done:
		name = m.st.Faint.Render("(first prompt: after its audit) " + diffview.Sanitize(it.ID))
	case name == "" && scanned:
		name = m.st.Faint.Render("(no user prompt) " + diffview.Sanitize(it.ID))
	case name == "":
		name = m.st.Faint.Render(diffview.Sanitize(it.ID))
	}
	if proj != "" {
		name = m.st.Key.Render(diffview.Sanitize(proj)) + ": " + name
	}
	rounds := fmt.Sprintf("%d %s", it.Rounds, plural(it.Rounds, "round", "rounds"))
	left := cur + diffview.Fit(diffview.Sanitize(it.Date), 16) + " " + diffview.Fit(agentName(it.Agent), 12) + " " + diffview.Fit(rounds, 9) + " " + worst + " "
	lw := lipgloss.Width(left)
	rest := m.w - lw - 1
	pathW := 0
	if rest > 60 {
		pathW = min(48, rest/3)
	}
	out := left + diffview.Fit(name, rest-pathW)
	if pathW > 0 {
		out += " " + m.st.Faint.Render(diffview.Fit(shortPath(it.Path, m.home(), pathW-1), pathW-1))
	}
	return out
}

// pickerFoot is the selected session's path, top finding, and the scan's progress.
func (m *Model) pickerFoot() []string {
	p := &m.pick
	var out []string
	if p.sel < len(p.shown) {
		i := p.shown[p.sel]
		it, sc := &p.items[i], p.scans[i]
		out = append(out, " "+m.st.Faint.Render("path ")+shortPath(it.Path, m.home(), max(10, m.w-7)))
		switch {
		case it.Err != "":
			out = append(out, " "+m.st.Severity(audit.SevError).Render(diffview.Sanitize(it.Err)))
		case sc.err != "":
			out = append(out, " "+m.st.Severity(audit.SevError).Render("audit failed: "+diffview.Sanitize(sc.err)))
		case sc.done && sc.res.Top != "":
			line := " top finding: " + diffview.Sanitize(sc.res.Top)
			if sc.res.Flagged > 0 {
				line = m.st.Severity(audit.SevError).Render(fmt.Sprintf(" %s %d flagged", m.st.FlagGlyph(), sc.res.Flagged)) + " ·" + line
			}
			out = append(out, line)
		}
	}
	if p.scanning() && m.status == "" { // titled shows the status
		done := 0
		for _, s := range p.scans {
			if s.done {
				done++
			}
		}
		out = append(out, " "+m.spin.View()+m.st.Faint.Render(fmt.Sprintf(" auditing for the worst findings: %d of %d done", done, len(p.items))))
	}
	return out
}
