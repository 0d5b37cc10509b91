package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

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
	case m.err != nil:
		lines = []string{"", m.st.Severity(audit.SevError).Render(" compaudit: cannot open the session"), ""}
		lines = append(lines, wrapPlain(diffview.Sanitize(m.err.Error()), m.w-2, " ")...)
		lines = append(lines, "", m.st.Faint.Render(" q quits"))
	case m.hasList && m.rep == nil && m.view != viewHelp:
		lines = m.sessionListView()
		if m.status != "" {
			lines = append(lines[:max(0, len(lines)-1)], m.st.Severity(audit.SevError).Render(" "+diffview.Sanitize(m.status)))
		}
	default:
		switch m.view {
		case viewHelp:
			lines = m.helpView()
		case viewDetail:
			lines = m.detailView()
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

// chromeSize is how many lines the main view spends above and below the rows: three
// header lines (one without rounds), the column header when side by side, the status
// line and the key line, dropped in that order of importance until the rows keep at
// least one line. It builds no strings, so scrolling can ask it cheaply.
func (m *Model) chromeSize() (top, bottom int) {
	top = 3
	if m.Round() == nil || m.h < 12 {
		top = 1 // short terminals keep the round line only, the rows need the room
	}
	if m.mode() == diffview.SideBySide && m.doc != nil && len(m.vis) > 0 {
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

// chrome returns the main view's lines above and below the rows.
func (m *Model) chrome() (top, bottom []string) {
	nt, nb := m.chromeSize()
	top = m.header()
	if m.h < 12 {
		top = top[:1]
	}
	if m.mode() == diffview.SideBySide && m.doc != nil && len(m.vis) > 0 {
		top = append(top, m.columnHeader())
	}
	bottom = []string{m.statusLine(), m.footer()}
	return top[:min(nt, len(top))], bottom[:min(nb, len(bottom))]
}

func (m *Model) mainView() []string {
	top, bottom := m.chrome()
	body := max(1, m.h-len(top)-len(bottom))
	lines := append([]string{}, top...)
	lines = append(lines, m.rows(body)...)
	return append(lines, bottom...)
}

// rows draws body lines of rows from the scroll position.
func (m *Model) rows(body int) []string {
	out := make([]string, 0, body)
	r := m.Round()
	if m.doc == nil || len(m.vis) == 0 {
		msg := " no rows"
		switch {
		case r != nil && r.Opaque:
			msg = " this round's summary is opaque (encrypted): it cannot be audited as text; the header shows its token accounting"
		case m.doc != nil && len(m.doc.Items) > 0:
			msg = " no row matches the filters (0 clears them)"
		case r != nil:
			msg = " no facts were aligned in this round"
		}
		out = append(out, wrapPlain(msg, m.w-1, " ")...)
	}
	mode := m.mode()
	cursor := m.st.Title.Render("▌")
	skip := m.topLine
	for v := m.top; v < len(m.vis) && len(out) < body; v++ {
		ls := m.doc.Lines(m.vis[v], m.w, mode)
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
	l := m.doc.LayoutFor(m.w, diffview.SideBySide)
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

func thousands(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// header is the round's identity and accounting (up to three lines).
func (m *Model) header() []string {
	r := m.Round()
	sep := m.st.Faint.Render(" · ")
	session := "session"
	if m.rep != nil && m.rep.Session != "" {
		session = m.rep.Session
	}
	if r == nil {
		return []string{m.st.Title.Render(" compaudit") + sep + diffview.Sanitize(session) + sep + "no compaction rounds"}
	}
	view := "per-round"
	if m.cumulative {
		view = "cumulative (against the original messages)"
	}
	l1 := m.st.Title.Render(fmt.Sprintf(" round %d of %d", m.round+1, len(m.rep.Rounds))) + sep + diffview.Sanitize(r.ID) + sep + view +
		sep + m.familyCounts(r) + sep + m.st.Faint.Render("session "+diffview.Sanitize(session))

	// what it replaced
	var parts []string
	if r.Parent != "" {
		parts = append(parts, "parent summary "+diffview.Sanitize(r.Parent))
	}
	nm := r.NewMessages
	switch len(nm) {
	case 0:
		if r.Parent == "" {
			parts = append(parts, "no messages")
		}
	case 1:
		parts = append(parts, "message "+diffview.Sanitize(nm[0]))
	default:
		parts = append(parts, fmt.Sprintf("messages %s…%s (%d)", diffview.Sanitize(nm[0]), diffview.Sanitize(nm[len(nm)-1]), len(nm)))
	}
	l2 := " replaced " + strings.Join(parts, " + ")
	for _, kv := range [][2]string{{"trigger", r.Trigger}, {"policy", r.Policy}, {"model", r.Model}} {
		if kv[1] != "" {
			l2 += sep + kv[0] + " " + diffview.Sanitize(kv[1])
		}
	}
	depth := fmt.Sprintf("depth %d", r.Depth)
	if r.Depth > 2 {
		depth = m.st.Warn.Render(depth + " ⚑ over 2")
	}
	l2 += sep + depth
	if r.Opaque {
		l2 += sep + m.st.Warn.Render("opaque")
	}

	t := r.Tokens
	before, after := t.Sources, t.Summary
	if t.PreTokens > 0 {
		before = t.PreTokens
	}
	if t.PostTokens > 0 {
		after = t.PostTokens
	}
	l3 := fmt.Sprintf(" tokens %s → %s", thousands(before), thousands(after))
	if t.Ratio > 0 {
		l3 += fmt.Sprintf(" (ratio %.2f)", t.Ratio)
	} else if before > 0 {
		l3 += fmt.Sprintf(" (ratio %.2f)", float64(after)/float64(before))
	}
	if t.Target > 0 {
		diff := t.Summary - t.Target
		word := "over"
		if diff < 0 {
			word, diff = "under", -diff
		}
		tgt := fmt.Sprintf("target %s, actual %s (%s by %s)", thousands(t.Target), thousands(t.Summary), word, thousands(diff))
		if word == "over" && diff > 0 {
			tgt = m.st.Warn.Render(tgt)
		}
		l3 += sep + tgt
	}
	return []string{l1, l2, l3}
}

func (m *Model) familyCounts(r *audit.Round) string {
	fs := r.Findings
	if m.cumulative && !diffview.CumulativeIsRound(r) {
		fs = r.Cumulative
	}
	k := countKey{r, m.cumulative}
	counts, ok := m.counts[k]
	if !ok {
		counts = map[string]int{}
		for _, f := range fs {
			counts[f.Family]++
		}
		m.counts[k] = counts
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf("%d findings", len(fs)))
	for _, f := range audit.Families {
		b.WriteString(" ")
		b.WriteString(m.st.Family(f).Render(fmt.Sprintf("%s%d", m.st.FamilyGlyph(f), counts[f])))
	}
	return b.String()
}

func (m *Model) statusLine() string {
	if m.searching {
		return " " + m.input.View()
	}
	if m.export == exportFormat {
		return m.st.Title.Render(" export as: ") + "[j]son  [m]arkdown  [h]tml" + m.st.Faint.Render("   esc cancels")
	}
	if m.export == exportPath {
		return " " + m.pathInput.View()
	}
	var parts []string
	if f := m.filterFamily(); f != "" {
		parts = append(parts, "family "+m.st.Family(f).Render(m.st.FamilyGlyph(f)+" "+f))
	}
	if s := m.filterSeverity(); s != "" {
		parts = append(parts, "severity "+m.st.Severity(s).Render(s))
	}
	if c := m.filterClass(); c != "" {
		parts = append(parts, "class "+string(c))
	}
	left := ""
	if len(parts) > 0 {
		left = " filter: " + strings.Join(parts, ", ")
	}
	if m.query != "" {
		left += fmt.Sprintf(" search %q: %d match(es)", diffview.Sanitize(m.query), m.matchN)
	}
	if m.status != "" {
		left += " " + m.st.Title.Render(diffview.Sanitize(m.status))
	} else if it := m.CurrentItem(); it != nil && it.Finding != nil {
		// the finding under the cursor, in one sentence
		f := it.Finding
		left += " " + m.st.Family(f.Family).Render(m.st.FamilyGlyph(f.Family)) + " " + m.st.Severity(f.Severity).Render(f.Severity) + " " +
			diffview.Sanitize(strings.Join(strings.Fields(f.Detail), " "))
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
	if gap < 1 {
		return diffview.Fit(left, max(0, m.w-lipgloss.Width(pos)-1)) + " " + m.st.Faint.Render(pos)
	}
	return left + strings.Repeat(" ", gap) + m.st.Faint.Render(pos)
}

func (m *Model) layoutTag() string {
	if m.layout == layoutAuto {
		return m.mode().String() + " (auto)"
	}
	return m.mode().String()
}

func (m *Model) footer() string {
	m.help.Width = max(1, m.w-1)
	return " " + m.help.ShortHelpView(m.keys.ShortHelp())
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
func (m *Model) titled(title string, body []string, keys string, scroll int) []string {
	head := []string{m.st.Title.Render(" "+title) + m.st.Faint.Render("  "+m.summaryLine()), ""}
	foot := []string{"", m.st.Faint.Render(" " + keys)}
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
	return fmt.Sprintf("%s · %d round(s) · %d finding(s) · %d flagged invariant(s)", diffview.Sanitize(m.rep.Session), len(m.rep.Rounds), s.Findings, s.Flagged)
}

func (m *Model) helpView() []string {
	cols := m.keys.FullHelp()
	var body []string
	colW := 0
	for _, col := range cols {
		for _, b := range col {
			colW = max(colW, lipgloss.Width(b.Help().Key)+2+lipgloss.Width(b.Help().Desc))
		}
	}
	colW += 3
	perRow := max(1, (m.w-1)/colW)
	for start := 0; start < len(cols); start += perRow {
		end := min(len(cols), start+perRow)
		rows := 0
		for _, col := range cols[start:end] {
			rows = max(rows, len(col))
		}
		var title strings.Builder
		title.WriteString(" ")
		for c := start; c < end; c++ {
			title.WriteString(m.st.Title.Render(diffview.Fit(groupNames[c], colW)))
		}
		body = append(body, title.String())
		for r := 0; r < rows; r++ {
			var line strings.Builder
			line.WriteString(" ")
			for c := start; c < end; c++ {
				cell := ""
				if r < len(cols[c]) {
					h := cols[c][r].Help()
					cell = m.st.Key.Render(h.Key) + " " + m.st.Text.Render(h.Desc)
				}
				line.WriteString(diffview.Fit(cell, colW))
			}
			body = append(body, line.String())
		}
		body = append(body, "")
	}
	body = append(body, m.legend()...)
	return m.titled("help", body, "esc or ? closes · j/k scroll", m.helpY)
}

// legend explains glyphs: families, invariant states and severities.
func (m *Model) legend() []string {
	var fam, st []string
	for _, f := range audit.Families {
		fam = append(fam, m.st.Family(f).Render(m.st.FamilyGlyph(f))+" "+m.st.Theme.FamilyMark(f).Label)
	}
	for _, s := range []string{audit.StateVerbatim, audit.StateParaphrased, audit.StateDropped, audit.StateRetired, audit.StatePending, audit.StateOpaque} {
		st = append(st, m.st.State(s).Render(m.st.StateGlyph(s))+" "+m.st.Theme.StateMark(s).Label)
	}
	return []string{
		m.st.Title.Render(" Families"), " " + strings.Join(fam, "   "), "",
		m.st.Title.Render(" Invariant states"), " " + strings.Join(st, "   "),
		"", m.st.Faint.Render(" theme " + m.st.Theme.Name),
	}
}

func (m *Model) sortedInvariants() []*audit.Invariant {
	if m.rep == nil {
		return nil
	}
	out := make([]*audit.Invariant, len(m.rep.Invariants))
	for i := range m.rep.Invariants {
		out[i] = &m.rep.Invariants[i]
	}
	rank := func(inv *audit.Invariant) int {
		switch {
		case inv.Flagged:
			return 0
		case inv.DroppedInRound != nil:
			return 1
		}
		for _, s := range inv.States {
			if s.State == audit.StateParaphrased {
				return 2
			}
		}
		return 3
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

func (m *Model) invariantView() []string {
	invs := m.sortedInvariants()
	if len(invs) == 0 {
		return m.titled("invariants", []string{" no invariants: the session has no manifest and none were extracted"}, "esc back", 0)
	}
	rounds := m.roundCount()
	var body []string
	idW := 4
	for _, inv := range invs {
		idW = max(idW, min(14, lipgloss.Width(diffview.Sanitize(inv.ID))))
	}
	tlW := rounds*2 + 1
	// header: round numbers
	hdr := " " + strings.Repeat(" ", 2+idW+1)
	for i := 0; i < rounds; i++ {
		hdr += fmt.Sprintf("%-2s", fmt.Sprint((m.rep.Rounds[i].Round)%100))
	}
	body = append(body, m.st.Faint.Render(diffview.Fit(hdr, 3+idW+tlW)+"invariant"))
	listH := max(1, (m.h-6)/2)
	start := 0
	if m.invSel >= listH {
		start = m.invSel - listH + 1
	}
	for i := start; i < len(invs) && i < start+listH; i++ {
		inv := invs[i]
		cur := " "
		if i == m.invSel {
			cur = m.st.Title.Render("▌")
		}
		flag := " "
		if inv.Flagged {
			flag = m.st.Severity(audit.SevError).Render("⚑")
		}
		var tl strings.Builder
		for r := 0; r < rounds; r++ {
			state := audit.StatePending
			for _, s := range inv.States {
				if s.Round == m.rep.Rounds[r].Round {
					state = s.State
				}
			}
			tl.WriteString(m.st.State(state).Render(m.st.StateGlyph(state)) + " ")
		}
		text := diffview.Sanitize(strings.Join(strings.Fields(inv.Text), " "))
		line := cur + flag + " " + m.st.Key.Render(diffview.Fit(diffview.Sanitize(inv.ID), idW)) + " " + tl.String() + " " + text
		body = append(body, line)
	}
	body = append(body, "")
	// detail of the selected invariant
	if m.invSel < len(invs) {
		inv := invs[m.invSel]
		d := []string{fmt.Sprintf("%s · %s · %s", diffview.Sanitize(inv.ID), diffview.Sanitize(inv.Kind), diffview.Sanitize(inv.Origin))}
		if inv.Message != "" {
			d[0] += " · from message " + diffview.Sanitize(inv.Message)
		}
		switch {
		case inv.DroppedInRound != nil && inv.Flagged:
			d = append(d, fmt.Sprintf("dropped in round %d without a retirement event (flagged)", *inv.DroppedInRound))
		case inv.DroppedInRound != nil:
			d = append(d, fmt.Sprintf("dropped in round %d", *inv.DroppedInRound))
		case inv.RetiredAt != "":
			d = append(d, "retired at "+diffview.Sanitize(inv.RetiredAt)+" "+diffview.Sanitize(inv.Reason))
		default:
			d = append(d, "never dropped")
		}
		body = append(body, m.st.Title.Render(" "+d[0]))
		for _, x := range d[1:] {
			body = append(body, " "+x)
		}
		body = append(body, wrapPlain(diffview.SanitizeText(inv.Text), m.w-2, "   ")...)
		for _, s := range inv.States {
			if s.Detail != "" || s.Summary != "" {
				line := fmt.Sprintf("   round %d %s %s", s.Round, m.st.State(s.State).Render(m.st.StateGlyph(s.State)+" "+s.State), diffview.Sanitize(s.Detail))
				if s.Summary != "" {
					line += m.st.Faint.Render(" ⇒ " + diffview.Sanitize(s.Summary))
				}
				body = append(body, line)
			}
		}
	}
	return m.titled("invariants", body, "j/k select · enter shows its source fact in the round that lost it · esc back", 0)
}

func (m *Model) matrixView() []string {
	rounds := m.rep.Rounds
	classW := 22
	cellW := 10
	type key struct {
		round int
		class string
	}
	cells := map[key][2]int{}
	present := map[string]bool{}
	for i := range rounds {
		sv := rounds[i].Survival
		if m.matrixCum {
			sv = rounds[i].CumulativeSurvival
		}
		for _, s := range sv {
			cells[key{i, string(s.Class)}] = [2]int{s.Kept, s.Total}
			if s.Total > 0 {
				present[string(s.Class)] = true
			}
		}
	}
	fit := max(1, (m.w-classW-2)/cellW)
	first := 0
	if m.round >= fit {
		first = m.round - fit + 1
	}
	last := min(len(rounds), first+fit)
	hdr := " " + diffview.Fit("class", classW)
	for i := first; i < last; i++ {
		hdr += diffview.Fit(fmt.Sprintf("round %d", rounds[i].Round), cellW)
	}
	body := []string{m.st.Title.Render(hdr)}
	var classes []string
	for _, c := range m.classes() {
		if present[string(c)] {
			classes = append(classes, string(c))
		}
	}
	for c := range present {
		known := false
		for _, x := range classes {
			known = known || x == c
		}
		if !known {
			classes = append(classes, c)
		}
	}
	if len(classes) == 0 {
		body = append(body, " no survival data: the engine found no facts to count")
	}
	for _, c := range classes {
		line := " " + diffview.Fit(strings.ReplaceAll(c, "_", " "), classW)
		for i := first; i < last; i++ {
			v, ok := cells[key{i, c}]
			if !ok || v[1] == 0 {
				line += m.st.Faint.Render(diffview.Fit("  ·", cellW))
				continue
			}
			p := float64(v[0]) / float64(v[1])
			state := audit.StateVerbatim
			switch {
			case p < 0.5:
				state = audit.StateDropped
			case p < 0.9:
				state = audit.StateParaphrased
			}
			txt := fmt.Sprintf(" %s%d/%d ", m.st.StateGlyph(state), v[0], v[1])
			if i == m.round {
				txt = "[" + strings.TrimSpace(txt) + "]"
			}
			line += m.st.State(state).Render(diffview.Fit(txt, cellW))
		}
		body = append(body, line)
	}
	kind := "per round (kept of the round's own source facts)"
	if m.matrixCum {
		kind = "cumulative (kept of the original messages' facts)"
	}
	body = append(body, "", m.st.Faint.Render(" "+kind),
		m.st.Faint.Render(" "+m.st.StateGlyph(audit.StateVerbatim)+" ≥90% kept  "+m.st.StateGlyph(audit.StateParaphrased)+" ≥50%  "+m.st.StateGlyph(audit.StateDropped)+" <50%  · no facts  [ ] the round shown"))
	return m.titled("survival matrix", body, "c per-round/cumulative · esc back", 0)
}

// lineageOrder lists round indices in tree (depth-first) order.
func (m *Model) lineageOrder() []int {
	order, _ := m.lineageTree()
	return order
}

// lineageTree returns the rounds in depth-first order with their tree prefixes.
func (m *Model) lineageTree() ([]int, []string) {
	if m.rep == nil {
		return nil, nil
	}
	rs := m.rep.Rounds
	byID := map[string]int{}
	for i := range rs {
		byID[rs[i].ID] = i
	}
	parent := make([]int, len(rs))
	children := make([][]int, len(rs))
	var roots []int
	for i := range rs {
		parent[i] = -1
		if p, ok := byID[rs[i].Parent]; ok && p != i {
			parent[i] = p
		} else {
			for _, s := range rs[i].Sources {
				if p, ok := byID[s]; ok && p != i {
					parent[i] = p
					break
				}
			}
		}
		if parent[i] < 0 {
			roots = append(roots, i)
		} else {
			children[parent[i]] = append(children[parent[i]], i)
		}
	}
	var order []int
	var prefixes []string
	seen := make([]bool, len(rs))
	var walk func(i int, prefix string, last, root bool)
	walk = func(i int, prefix string, last, root bool) {
		if seen[i] {
			return
		}
		seen[i] = true
		branch, next := "", ""
		if !root {
			if last {
				branch, next = "└─ ", "   "
			} else {
				branch, next = "├─ ", "│  "
			}
		}
		order = append(order, i)
		prefixes = append(prefixes, prefix+branch)
		for j, c := range children[i] {
			walk(c, prefix+next, j == len(children[i])-1, false)
		}
	}
	for _, r := range roots {
		walk(r, "", true, true)
	}
	for i := range rs { // cycles: show the rest flat
		if !seen[i] {
			walk(i, "", true, true)
		}
	}
	return order, prefixes
}

func (m *Model) lineageView() []string {
	order, prefixes := m.lineageTree()
	var body []string
	for k, i := range order {
		r := &m.rep.Rounds[i]
		cur := " "
		if k == m.linSel {
			cur = m.st.Title.Render("▌")
		}
		here := ""
		if i == m.round {
			here = m.st.Title.Render(" ◀")
		}
		depth := fmt.Sprintf("depth %d", r.Depth)
		if r.Depth > 2 {
			depth = m.st.Warn.Render(depth + " ⚑")
		}
		msgs := fmt.Sprintf("%d new message(s)", len(r.NewMessages))
		line := cur + m.st.Border.Render(prefixes[k]) + m.st.Key.Render(diffview.Sanitize(r.ID)) + here +
			fmt.Sprintf(" round %d · ", r.Round) + depth + " · " + msgs + fmt.Sprintf(" · %s → %s tok · ", thousands(r.Tokens.Sources), thousands(r.Tokens.Summary)) + m.familyCounts(r)
		if r.Opaque {
			line += " · " + m.st.Warn.Render("opaque")
		}
		body = append(body, line)
	}
	if len(body) == 0 {
		body = []string{" no compactions"}
	}
	return m.titled("lineage", body, "◀ the round shown · j/k select · enter opens the round · esc back", max(0, m.linSel-(m.h-6)+1))
}

func (m *Model) detailView() []string {
	it := m.CurrentItem()
	if it == nil {
		return m.titled("detail", []string{" nothing selected"}, "esc back", 0)
	}
	var body []string
	w := m.w - 2
	if f := it.Finding; f != nil {
		body = append(body, " "+m.st.Family(f.Family).Render(m.st.FamilyGlyph(f.Family)+" "+m.st.Theme.FamilyMark(f.Family).Label)+
			"  "+m.st.Severity(f.Severity).Render(f.Severity)+"  class "+diffview.Sanitize(string(f.Class))+fmt.Sprintf("  alignment score %.2f", f.Score))
		if f.Invariant != "" {
			body = append(body, " breaks invariant "+diffview.Sanitize(f.Invariant))
		}
		body = append(body, wrapPlain(diffview.SanitizeText(f.Detail), w, " ")...)
	} else {
		body = append(body, " "+m.st.Faint.Render("no finding on this row")+fmt.Sprintf("  alignment score %.2f", it.Score))
	}
	side := func(title string, f *classifyFact, s *audit.Side) {
		body = append(body, "", m.st.Title.Render(" "+title))
		if f == nil && s == nil {
			body = append(body, m.st.Faint.Render("   (none)"))
			return
		}
		body = append(body, describeFact(m, f, s, w)...)
	}
	var fs, fm *audit.Side
	if it.Finding != nil {
		fs, fm = it.Finding.Source, it.Finding.Summary
	}
	side("source", it.Source, fs)
	side("summary", it.Summary, fm)
	return m.titled(fmt.Sprintf("detail · round %d · row %d", m.Round().Round, m.cur+1), body, "j/k scroll · n/N next/previous finding · esc back", m.detailY)
}
