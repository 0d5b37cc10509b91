package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

// PanelWidth is the terminal width from which the invariant panel shows beside the
// rows (below it, the header carries a one-line invariant strip).
const PanelWidth = 140

// View draws the screen: exactly m.h lines, none wider than m.w.
func (m Model) View() string {
	var lines []string
	switch {
	case m.listing:
		lines = []string{"", " " + m.spin.View() + " looking for sessions in " + diffview.Sanitize(m.opt.Title) + "…", "", m.st.Faint.Render(" q quits")}
	case m.loading:
		title := m.opt.Title
		if title == "" {
			title = "session"
		}
		lines = []string{"", " " + m.spin.View() + " reading and auditing " + diffview.Sanitize(title) + "…", "", m.st.Faint.Render(" q quits")}
		if m.stream != nil && m.prog.Messages > 0 {
			lines = append(lines[:2], m.progressLine(), "", lines[3])
		}
	case m.err != nil:
		lines = []string{"", m.st.Severity(audit.SevError).Render(" compaudit: cannot open the session"), ""}
		lines = append(lines, wrapPlain(diffview.Sanitize(m.err.Error()), m.w-2, " ")...)
		lines = append(lines, "", m.st.Faint.Render(" q quits"))
	case m.pick.has && m.rep == nil && m.view != viewHelp:
		lines = m.pickerView()
	default:
		switch m.view {
		case viewHelp:
			lines = m.helpView()
		case viewDetail:
			lines = m.detailView()
		case viewPager:
			lines = m.pagerView()
		case viewInvariants:
			lines = m.invariantView()
		case viewMatrix:
			lines = m.matrixView()
		case viewLineage:
			lines = m.lineageView()
		default:
			lines = m.mainView()
		}
	}
	return m.screen(lines)
}

// screen fits lines to exactly h lines of exactly w cells.
func (m *Model) screen(lines []string) string {
	if len(lines) > m.h {
		lines = lines[:m.h]
	}
	var b strings.Builder
	for i := 0; i < m.h; i++ {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		b.WriteString(diffview.Fit(l, m.w))
		if i < m.h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// panelW is the invariant panel's width (0 when it does not show).
func (m *Model) panelW() int {
	if m.w < PanelWidth || m.rep == nil || len(m.rep.Invariants) == 0 || m.h < 8 {
		return 0
	}
	return clamp(m.w/4, 38, 60)
}

func (m *Model) hasColumnHeader() bool {
	return m.mode() == diffview.SideBySide && m.doc != nil && len(m.vis) > 0
}

// chromeSize is how many lines the main view spends above and below the rows: the
// header, the column header when side by side, the status line and the key line,
// dropped until the rows keep at least one line. It builds no strings, so scrolling
// can ask it cheaply.
func (m *Model) chromeSize() (top, bottom int) {
	top = m.headerLines()
	if m.hasColumnHeader() {
		top++
	}
	bottom = 2
	for m.h-top-bottom < 1 {
		switch {
		case bottom > 1:
			bottom--
		case top > 1:
			top--
		case bottom > 0:
			bottom--
		case top > 0:
			top--
		default:
			return
		}
	}
	return top, bottom
}

func (m *Model) mainView() []string {
	nt, nb := m.chromeSize()
	head := m.header()
	head = head[:min(len(head), nt)]
	var cols []string
	if m.hasColumnHeader() && len(head) < nt {
		cols = []string{m.columnHeader()}
	}
	bottom := []string{m.statusLine(), m.footer()}[:nb]
	if m.partial && nb > 0 && m.h-len(head)-len(cols)-nb > 2 {
		bottom = append([]string{m.progressLine()}, bottom...)
	}
	body := max(1, m.h-len(head)-len(cols)-len(bottom))
	rows := append(cols, m.rows(body)...)
	if pw := m.panelW(); pw > 0 {
		panel := m.invariantPanel(pw, len(rows))
		rw := m.rowW()
		for i := range rows {
			rows[i] = diffview.Fit(rows[i], rw) + panel[i]
		}
	}
	lines := append(append([]string{}, head...), rows...)
	return append(lines, bottom...)
}

// rows draws body lines of rows from the scroll position.
func (m *Model) rows(body int) []string {
	out := make([]string, 0, body)
	r := m.Round()
	w := m.rowW()
	if m.doc == nil || len(m.vis) == 0 {
		msg := " no rows"
		switch {
		case r != nil && r.Opaque:
			msg = " this round's summary is opaque (encrypted): it cannot be audited as text; the header shows what the agent recorded"
		case m.doc != nil && m.filtered():
			msg = " no row matches the filters (0 clears them)"
		case m.doc != nil && !m.all && len(m.doc.Items) > 0:
			msg = fmt.Sprintf(" no findings in this round: its %d facts were kept (a shows them; ] and [ change round)", len(m.doc.Items))
		case r != nil:
			msg = " no facts were aligned in this round"
		}
		out = append(out, wrapPlain(msg, w-1, " ")...)
	}
	mode := m.mode()
	cursor := m.st.Title.Render("▌")
	skip := m.topLine
	for v := m.top; v < len(m.vis) && len(out) < body; v++ {
		ls := m.doc.Lines(m.vis[v], w, mode)
		for j := skip; j < len(ls) && len(out) < body; j++ {
			l := ls[j]
			if v == m.cur && len(l) > 0 {
				l = cursor + l[1:]
			}
			out = append(out, l)
		}
		skip = 0
	}
	for len(out) < body {
		out = append(out, "")
	}
	return out[:body]
}

func (m *Model) columnHeader() string {
	l := m.doc.LayoutFor(m.rowW(), diffview.SideBySide)
	r := m.Round()
	src := "source facts"
	if m.cumulative {
		src = "original messages' facts"
	}
	left := fmt.Sprintf("%s (%d)", src, sourceFacts(r, m.cumulative))
	right := fmt.Sprintf("summary facts (%d)", len(r.SummaryFacts))
	g := ""
	if l.Gutter > 0 {
		label := "msg role"
		if diffview.Width(label) > l.Gutter-1 {
			label = "msg"
		}
		g = diffview.Fit(label, l.Gutter-1) + " "
	}
	return m.st.Faint.Render(strings.Repeat(" ", l.Mark)+g) + m.st.Title.Render(diffview.Fit(left, l.Left)) + m.st.Border.Render(" │ ") + m.st.Title.Render(diffview.Fit(right, l.Right))
}

func sourceFacts(r *audit.Round, cumulative bool) int {
	if r == nil {
		return 0
	}
	if cumulative {
		return len(r.CumulativeFacts)
	}
	return len(r.SourceFacts)
}

func (m *Model) statusLine() string {
	if m.prompt != promptNone {
		return " " + m.input.View()
	}
	if s := m.exportStatus(); s != "" {
		return s
	}
	var parts []string
	if f := m.filterFamily(); f != "" {
		parts = append(parts, "family "+m.st.Family(f).Render(m.st.FamilyGlyph(f)+" "+f))
	}
	if s := m.filterSeverity(); s != "" {
		label := s + " and above"
		if s == audit.SevError {
			label = "error"
		}
		parts = append(parts, "severity "+m.st.Severity(s).Render(label))
	}
	if c := m.filterClass(); c != "" {
		parts = append(parts, "class "+string(c))
	}
	left := ""
	if len(parts) > 0 {
		left = " filter: " + strings.Join(parts, ", ")
	}
	if m.query != "" {
		hits := m.searchHits()
		m.syncHit()
		where := ""
		if m.hitIdx >= 0 {
			where = fmt.Sprintf("match %d of %d ·", m.hitIdx+1, len(hits))
		} else {
			where = fmt.Sprintf("%d %s in all rounds", len(hits), plural(len(hits), "match", "matches"))
		}
		left += fmt.Sprintf(" search %q: %s", diffview.Sanitize(m.query), where)
	}
	if m.status != "" {
		left += " " + m.st.Title.Render(diffview.Sanitize(m.status))
	} else if it := m.CurrentItem(); it != nil && it.Finding != nil {
		left += " " + m.findingSentence(it)
	}
	pos := ""
	if m.doc != nil {
		pos = fmt.Sprintf("row %d/%d ", min(m.cur+1, len(m.vis)), len(m.vis))
		if len(m.vis) != len(m.doc.Items) {
			pos = fmt.Sprintf("row %d/%d of %d ", min(m.cur+1, len(m.vis)), len(m.vis), len(m.doc.Items))
		}
		pos = m.layoutTag() + " " + pos
	}
	gap := m.w - lipgloss.Width(left) - lipgloss.Width(pos)
	if gap < 1 && m.status != "" {
		return diffview.Fit(left, m.w) // a message wins over the row position
	}
	if gap < 1 {
		return diffview.Fit(left, max(0, m.w-lipgloss.Width(pos)-1)) + " " + m.st.Faint.Render(pos)
	}
	return left + strings.Repeat(" ", gap) + m.st.Faint.Render(pos)
}

// findingSentence is the finding under the cursor in one line.
func (m *Model) findingSentence(it *diffview.Item) string {
	f := it.Finding
	s := m.st.Family(f.Family).Render(m.st.FamilyGlyph(f.Family)) + m.st.Severity(f.Severity).Render(m.st.SeverityGlyph(f.Severity)) + " "
	if f.Rank > 0 {
		s += fmt.Sprintf("#%d ", f.Rank)
	}
	if it.Reported {
		s += m.st.Faint.Render(fmt.Sprintf("lost in round %d: ", it.ReportedIn))
	}
	return s + diffview.Sanitize(strings.Join(strings.Fields(f.Detail), " "))
}

func (m *Model) layoutTag() string {
	if m.layout == layoutAuto {
		return m.mode().String() + " (auto)"
	}
	return m.mode().String()
}

func (m *Model) footer() string { return m.keyLine(m.keys.ShortHelp()) }

// keyLine is a footer generated from bindings.
func (m *Model) keyLine(bs []key.Binding) string {
	m.help.Width = max(1, m.w-1)
	return " " + m.help.ShortHelpView(bs)
}

// wrapPlain wraps plain (already sanitised) text at w cells with a prefix.
func wrapPlain(s string, w int, prefix string) []string {
	w -= lipgloss.Width(prefix)
	if w < 4 {
		w = 4
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, prefix)
			continue
		}
		cur := ""
		for _, wd := range words {
			for lipgloss.Width(wd) > w {
				if cur != "" {
					out = append(out, prefix+cur)
					cur = ""
				}
				cut := diffview.Fit(wd, w)
				out = append(out, prefix+cut)
				wd = string([]rune(wd)[len([]rune(strings.TrimRight(cut, " "))):])
				if wd == "" {
					break
				}
			}
			if wd == "" {
				continue
			}
			if cur == "" {
				cur = wd
			} else if lipgloss.Width(cur)+1+lipgloss.Width(wd) <= w {
				cur += " " + wd
			} else {
				out = append(out, prefix+cur)
				cur = wd
			}
		}
		if cur != "" {
			out = append(out, prefix+cur)
		}
	}
	return out
}

// titled frames a secondary view: a title line, the body, a footer of its keys.
func (m *Model) titled(title string, body []string, keys []key.Binding, scroll int) []string {
	head := []string{m.st.Title.Render(" "+title) + m.st.Faint.Render("  "+m.summaryLine()), ""}
	foot := []string{"", m.keyLine(keys)}
	if m.status != "" {
		foot[0] = " " + m.st.Title.Render(diffview.Sanitize(m.status))
	}
	avail := m.h - len(head) - len(foot)
	if avail < 1 {
		head, foot = head[:1], nil
		avail = max(1, m.h-1)
	}
	if scroll > len(body)-avail {
		scroll = max(0, len(body)-avail)
	}
	if scroll > 0 && scroll < len(body) {
		body = body[scroll:]
	}
	if len(body) > avail {
		body = body[:avail]
	}
	for len(body) < avail {
		body = append(body, "")
	}
	return append(append(head, body...), foot...)
}

func (m *Model) summaryLine() string {
	if m.rep == nil {
		return ""
	}
	s := m.rep.Summary
	return fmt.Sprintf("%s · %d round(s) · %d finding(s) · %d flagged invariant(s)", diffview.Sanitize(m.rep.Session), len(m.rep.Rounds), s.Findings, m.flaggedCount())
}
