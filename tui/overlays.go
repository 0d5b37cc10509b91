package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/themes"
)

// helpView is the legend, then every binding of the key map in groups laid out side
// by side as the width allows.
func (m *Model) helpView() []string {
	cols := m.keys.FullHelp()
	widths := make([]int, len(cols))
	for c, col := range cols {
		widths[c] = lipgloss.Width(groupNames[c])
		for _, b := range col {
			widths[c] = max(widths[c], lipgloss.Width(b.Help().Key)+1+lipgloss.Width(b.Help().Desc))
		}
		widths[c] += 3
	}
	body := append(m.legend(), "")
	for start := 0; start < len(cols); {
		end, used := start, 1
		for end < len(cols) && (end == start || used+widths[end] <= m.w) {
			used += widths[end]
			end++
		}
		rows := 0
		for _, col := range cols[start:end] {
			rows = max(rows, len(col))
		}
		var title strings.Builder
		title.WriteString(" ")
		for c := start; c < end; c++ {
			title.WriteString(m.st.Title.Render(diffview.Fit(groupNames[c], widths[c])))
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
				line.WriteString(diffview.Fit(cell, widths[c]))
			}
			body = append(body, line.String())
		}
		body = append(body, "")
		start = end
	}
	body = append(body, m.st.Faint.Render(" theme "+m.st.Theme.Name))
	m.helpY = clamp(m.helpY, 0, max(0, len(body)-(m.h-4)))
	return m.titled("help and legend", body, m.keys.HelpHelp(), m.helpY)
}

// legend explains every glyph the views draw; each has one meaning.
func (m *Model) legend() []string {
	item := func(g, label string) string { return g + " " + label }
	var fam, sev, st, bars []string
	for _, f := range audit.Families {
		fam = append(fam, item(m.st.Family(f).Render(m.st.FamilyGlyph(f)), m.st.Theme.FamilyMark(f).Label))
	}
	for _, s := range severities {
		sev = append(sev, item(m.st.Severity(s).Render(m.st.SeverityGlyph(s)), s))
	}
	for _, s := range []string{audit.StateVerbatim, audit.StateParaphrased, audit.StateDropped, audit.StateRetired, audit.StatePending, audit.StateOpaque} {
		st = append(st, item(m.st.State(s).Render(m.st.StateGlyph(s)), m.st.Theme.StateMark(s).Label))
	}
	for _, b := range themes.BarMarks {
		bars = append(bars, item(m.st.Theme.Glyph(b), b.Label))
	}
	w := m.w - 1
	out := []string{m.st.Title.Render(" Legend")}
	out = append(out, wrapPlain("rows: the family glyph, then the severity glyph, then the fact", w, " ")...)
	out = append(out, itemLines("families", fam, w)...)
	out = append(out, itemLines("severities", append(sev, m.st.Faint.Render("faint: a loss an earlier round already reported")), w)...)
	out = append(out, itemLines("invariants", st, w)...)
	out = append(out, itemLines("marks", []string{
		item(m.st.Severity(audit.SevError).Render(m.st.FlagGlyph()), themes.FlagMark.Label),
		item(m.st.Warn.Render(m.st.DeepGlyph()), themes.DeepMark.Label),
		"⇒ the summary fact under its source (stacked)", "▌ the cursor"}, w)...)
	out = append(out, itemLines("survival", bars, w)...)
	out = append(out, wrapPlain("numbers: \"agent recorded\" is the context size the agent itself logged before and after compacting (\"not recorded\" when it logged none); \"compaudit counted\" is this tool's own count of the replaced text and of the summary (o200k_base tokens)", w, " ")...)
	return out
}

// itemLines lays items out after a label, wrapping under it.
func itemLines(label string, items []string, w int) []string {
	pad := " " + diffview.Fit(label, 11) + " "
	var out []string
	cur := pad
	for _, it := range items {
		if lipgloss.Width(cur)+lipgloss.Width(it)+3 > w && cur != pad {
			out = append(out, cur)
			cur = strings.Repeat(" ", lipgloss.Width(pad))
		}
		if strings.TrimSpace(cur) != "" && cur != pad {
			cur += "   "
		}
		cur += it
	}
	return append(out, cur)
}

func (m *Model) invariantView() []string {
	invs := m.sortedInvariants()
	if len(invs) == 0 {
		return m.titled("invariants", []string{" no invariants: the session has no manifest and none were extracted"}, m.keys.InvariantHelp(), 0)
	}
	rounds := m.roundCount()
	var body []string
	idW := 4
	for _, inv := range invs {
		idW = max(idW, min(14, lipgloss.Width(diffview.Sanitize(inv.ID))))
	}
	tlW := rounds*2 + 1
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
			flag = m.st.Severity(audit.SevError).Render(m.st.FlagGlyph())
		}
		line := cur + flag + " " + m.st.Key.Render(diffview.Fit(diffview.Sanitize(inv.ID), idW)) + " " + m.timeline(inv, 0) + "  " + diffview.Sanitize(strings.Join(strings.Fields(inv.Text), " "))
		body = append(body, line)
	}
	body = append(body, "")
	if m.invSel < len(invs) {
		body = append(body, m.invariantDetail(invs[m.invSel], m.w-2)...)
	}
	return m.titled("invariants", body, m.keys.InvariantHelp(), 0)
}

// timeline is inv's state glyph in each round (the last n rounds when n > 0).
func (m *Model) timeline(inv *audit.Invariant, n int) string {
	rs := m.rep.Rounds
	if n > 0 && len(rs) > n {
		rs = rs[len(rs)-n:]
	}
	var tl []string
	for i := range rs {
		s := stateIn(inv, rs[i].Round)
		tl = append(tl, m.st.State(s).Render(m.st.StateGlyph(s)))
	}
	return strings.Join(tl, " ")
}

// invariantDetail describes one invariant: id, kind, origin, what became of it.
func (m *Model) invariantDetail(inv *audit.Invariant, w int) []string {
	head := fmt.Sprintf("%s · %s · %s", diffview.Sanitize(inv.ID), diffview.Sanitize(strings.ReplaceAll(inv.Kind, "_", " ")), diffview.Sanitize(inv.Origin))
	if inv.Message != "" {
		head += " · from message " + diffview.Sanitize(inv.Message)
	}
	var what string
	switch {
	case inv.DroppedInRound != nil && inv.Flagged:
		what = m.st.Severity(audit.SevError).Render(fmt.Sprintf("%s dropped in round %d without a retirement event (flagged)", m.st.FlagGlyph(), *inv.DroppedInRound))
	case inv.DroppedInRound != nil:
		what = fmt.Sprintf("dropped in round %d, after it was retired", *inv.DroppedInRound)
	case inv.RetiredAt != "":
		what = "retired at " + diffview.Sanitize(inv.RetiredAt) + " " + diffview.Sanitize(inv.Reason)
	default:
		what = "never dropped"
	}
	out := []string{m.st.Title.Render(" " + head), " " + what + "   " + m.timeline(inv, 0)}
	out = append(out, wrapPlain(diffview.SanitizeText(inv.Text), w, "   │ ")...)
	for _, s := range inv.States {
		if s.Detail != "" || s.Summary != "" {
			line := fmt.Sprintf("   round %d %s %s", s.Round, m.st.State(s.State).Render(m.st.StateGlyph(s.State)+" "+s.State), diffview.Sanitize(s.Detail))
			if s.Summary != "" {
				line += m.st.Faint.Render(" ⇒ " + diffview.Sanitize(s.Summary))
			}
			out = append(out, line)
		}
	}
	return out
}

// invariantPanel is the column beside the rows on wide terminals: every invariant,
// worst first, with its timeline; exactly n lines of w cells, a border on the left.
func (m *Model) invariantPanel(w, n int) []string {
	bar := m.st.Border.Render("│ ")
	inner := w - 2
	r := m.Round()
	invs := m.sortedInvariants()
	var body []string
	body = append(body, m.st.Title.Render(diffview.Fit("invariants", inner)))
	body = append(body, diffview.Fit(fmt.Sprintf("%d tracked · ", len(invs))+m.st.Severity(audit.SevError).Render(fmt.Sprintf("%d %s flagged", m.flaggedCount(), m.st.FlagGlyph())), inner))
	tlN := min(m.roundCount(), max(1, (inner-14)/4))
	idW := 4
	for _, inv := range invs {
		idW = max(idW, min(12, diffview.Width(diffview.Sanitize(inv.ID))))
	}
	room := n - len(body) - 1
	for k, inv := range invs {
		if k >= room && len(invs) > room {
			body = append(body, m.st.Faint.Render(fmt.Sprintf("+%d more: i opens the panel", len(invs)-k)))
			break
		}
		flag := " "
		if inv.Flagged {
			flag = m.st.Severity(audit.SevError).Render(m.st.FlagGlyph())
		}
		line := flag + " " + m.timeline(inv, tlN) + " " + m.st.Key.Render(diffview.Fit(diffview.Sanitize(inv.ID), idW)) + " " + diffview.Sanitize(strings.Join(strings.Fields(inv.Text), " "))
		body = append(body, line)
	}
	if r != nil && len(body) < n {
		body = append(body, m.st.Faint.Render(fmt.Sprintf("states up to round %d", m.rep.Rounds[len(m.rep.Rounds)-1].Round)))
	}
	out := make([]string, n)
	for i := range out {
		l := ""
		if i < len(body) {
			l = body[i]
		}
		out[i] = bar + diffview.Fit(l, inner)
	}
	return out
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
				line += m.st.Faint.Render(diffview.Fit("   –", cellW))
				continue
			}
			state := audit.StateVerbatim
			switch p := float64(v[0]) / float64(v[1]); {
			case p < 0.5:
				state = audit.StateDropped
			case p < 0.9:
				state = audit.StateParaphrased
			}
			txt := fmt.Sprintf(" %s %d/%d ", m.st.Theme.Glyph(themes.Bar(v[0], v[1])), v[0], v[1])
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
	var bars []string
	for _, b := range themes.BarMarks {
		bars = append(bars, m.st.Theme.Glyph(b)+" "+b.Label)
	}
	body = append(body, "", m.st.Faint.Render(" "+kind))
	body = append(body, wrapPlain(strings.Join(bars, " · ")+" · – no facts · [ ] the round shown", m.w-2, " ")...)
	return m.titled("survival matrix", body, m.keys.MatrixHelp(), 0)
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

// lineageView is the rounds as a tree. Its counts are always per round (each round's
// own findings) and its tokens compaudit's own counts, whatever the main view shows.
func (m *Model) lineageView() []string {
	order, prefixes := m.lineageTree()
	body := []string{m.st.Faint.Render(" findings: each round's own (per-round audit) · tokens: compaudit's count of the replaced text → of the summary"), ""}
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
			depth = m.st.Warn.Render(depth + " " + m.st.DeepGlyph())
		}
		msgs := fmt.Sprintf("%d new message(s)", len(r.NewMessages))
		sum := thousands(r.Tokens.Summary)
		if r.Opaque {
			sum = "not counted"
		}
		line := cur + m.st.Border.Render(prefixes[k]) + m.st.Key.Render(diffview.Sanitize(r.ID)) + here +
			fmt.Sprintf(" round %d · ", r.Round) + depth + " · " + msgs + fmt.Sprintf(" · %s → %s tok · ", thousands(r.Tokens.Sources), sum) + m.countsOf(r, false)
		if r.Opaque {
			line += " · " + m.st.Warn.Render("opaque")
		}
		body = append(body, line)
	}
	if len(order) == 0 {
		body = append(body, " no compactions")
	}
	return m.titled("lineage · ◀ the round shown", body, m.keys.LineageHelp(), max(0, m.linSel-(m.h-8)+1))
}
