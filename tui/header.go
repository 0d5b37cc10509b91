package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

// The main view's header leads with the verdict: the flagged invariants (count and
// the worst one), then the session's most important finding, then where one is (the
// round, the view, its counts), the invariant strip, and the token accounting, each
// number labelled with who counted it. Lines drop from the end as the terminal
// shortens.

// headerLines is how many header lines a terminal of height h gets.
func (m *Model) headerLines() int {
	n := 0
	switch {
	case m.Round() == nil:
		return 1
	case m.h >= 20:
		n = 5
	case m.h >= 14:
		n = 3
	case m.h >= 8:
		n = 2
	default:
		return 1
	}
	if n == 5 && (m.panelW() > 0 || len(m.rep.Invariants) == 0) {
		n-- // no strip: the panel shows the invariants, or there are none
	}
	return n
}

// totalRounds is how many rounds the session has: while the first round's audit is
// shown alone, the count the audit of the rest reports.
func (m *Model) totalRounds() int {
	if m.firstOnly() && m.prog.Rounds > len(m.rep.Rounds) {
		return m.prog.Rounds
	}
	return len(m.rep.Rounds)
}

// header draws the header lines.
func (m *Model) header() []string {
	r := m.Round()
	sep := m.st.Faint.Render(" · ")
	if r == nil {
		session := "session"
		if m.rep != nil && m.rep.Session != "" {
			session = m.rep.Session
		}
		return []string{m.st.Title.Render(" compaudit") + sep + diffview.Sanitize(session) + sep + "no compaction rounds"}
	}
	n := m.headerLines()
	if n == 1 {
		flag := ""
		if k := m.flaggedCount(); k > 0 {
			flag = m.st.Severity(audit.SevError).Render(fmt.Sprintf(" %s%d", m.st.FlagGlyph(), k))
		}
		return []string{flag + m.roundLine()}
	}
	out := []string{m.verdictLine(), m.roundLine(), m.worstLine()}
	if n >= 4 {
		if m.panelW() == 0 && len(m.rep.Invariants) > 0 {
			out = append(out, m.invariantStrip())
		}
		out = append(out, m.tokenLine())
	}
	return out[:min(n, len(out))]
}

func (m *Model) flaggedCount() int {
	n := 0
	for i := range m.rep.Invariants {
		if m.rep.Invariants[i].Flagged {
			n++
		}
	}
	return n
}

// verdictLine names the flagged invariants (count and the worst) and the session's
// findings by severity; the worst invariant's text gets the room that is left.
func (m *Model) verdictLine() string {
	sep := m.st.Faint.Render(" · ")
	invs := m.sortedInvariants()
	counts := sep + m.severityCounts()
	k := m.flaggedCount()
	if m.firstOnly() {
		return " invariants: known once every round is audited" + sep + "round 1: " + counts[len(sep):]
	}
	if k == 0 {
		if len(invs) > 0 {
			return fmt.Sprintf(" no invariant dropped without retirement (%d tracked)", len(invs)) + counts
		}
		return " no invariants tracked" + counts
	}
	worst := invs[0]
	head := m.st.Severity(audit.SevError).Render(fmt.Sprintf(" %s %d flagged %s", m.st.FlagGlyph(), k, plural(k, "invariant", "invariants")))
	if m.w >= 120 {
		head += m.st.Faint.Render(" (dropped, never retired)")
	}
	head += sep + "worst " + m.st.Key.Render(diffview.Sanitize(worst.ID))
	if worst.DroppedInRound != nil {
		if m.w >= 100 {
			head += fmt.Sprintf(" lost in round %d", *worst.DroppedInRound)
		} else {
			head += fmt.Sprintf(" (round %d)", *worst.DroppedInRound)
		}
	}
	head += ": "
	room := m.w - diffview.Width(head) - diffview.Width(counts) - 1
	if room < 24 {
		counts = ""
		room = m.w - diffview.Width(head) - 1
	}
	return head + quote(worst.Text, max(8, min(room, 90))) + counts
}

// severityCounts is the session's findings by severity, worst first.
func (m *Model) severityCounts() string {
	counts := map[string]int{}
	total := 0
	for i := range m.rep.Rounds {
		for _, f := range m.rep.Rounds[i].Findings {
			counts[f.Severity]++
			total++
		}
	}
	parts := []string{fmt.Sprintf("%d %s", total, plural(total, "finding", "findings"))}
	for _, s := range severities {
		if counts[s] > 0 {
			parts = append(parts, m.st.Severity(s).Render(fmt.Sprintf("%s%d", m.st.SeverityGlyph(s), counts[s])))
		}
	}
	return strings.Join(parts, " ")
}

// worstLine is the session's most important finding, both sides.
func (m *Model) worstLine() string {
	f, ri := worstFinding(m.rep)
	if f == nil {
		return m.st.Faint.Render(" no findings in any round")
	}
	g := m.st.Family(f.Family).Render(m.st.FamilyGlyph(f.Family)) + m.st.Severity(f.Severity).Render(m.st.SeverityGlyph(f.Severity))
	head := fmt.Sprintf(" top finding %s round %d ", g, m.rep.Rounds[ri].Round)
	room := max(16, (m.w-diffview.Width(head)-4)/2)
	return head + sidesText(f, min(room, 80))
}

// sidesText is a finding's two sides on one line: "source" → "summary".
func sidesText(f *audit.Finding, n int) string {
	src, sum := "(not in the sources)", "(missing from the summary)"
	if f.Source != nil {
		src = quote(f.Source.Text, n)
	}
	if f.Summary != nil {
		sum = quote(f.Summary.Text, n)
	}
	return src + " → " + sum
}

// quote is transcript text on one line, shortened to n cells, in quotes.
func quote(s string, n int) string {
	s = strings.Join(strings.Fields(diffview.SanitizeText(s)), " ")
	if diffview.Width(s) > n-2 {
		s = diffview.Fit(s, max(1, n-2)) // ends in an ellipsis
	}
	return "“" + s + "”"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// roundLine says where one is: the round, the view, its counts, depth, what it replaced.
func (m *Model) roundLine() string {
	r := m.Round()
	sep := m.st.Faint.Render(" · ")
	view := "per-round"
	if m.cumulative {
		view = "cumulative (vs the original messages)"
	}
	rows := "findings only, ranked"
	if m.all {
		rows = "all facts"
	}
	l := m.st.Title.Render(fmt.Sprintf(" round %d of %d", m.round+1, m.totalRounds())) + sep + diffview.Sanitize(r.ID) + sep + view + sep + rows +
		sep + m.familyCounts(r)
	depth := fmt.Sprintf("depth %d", r.Depth)
	if r.Depth > 2 {
		depth = m.st.Warn.Render(depth + " " + m.st.DeepGlyph() + " over 2")
	}
	l += sep + depth
	if r.Opaque {
		l += sep + m.st.Warn.Render("opaque")
	}
	if r.Partial {
		l += sep + m.st.Warn.Render("partial sources")
	}
	return l + sep + "replaced " + replacedText(r)
}

func replacedText(r *audit.Round) string {
	var parts []string
	if r.Parent != "" {
		parts = append(parts, "summary "+diffview.Sanitize(r.Parent))
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
		parts = append(parts, fmt.Sprintf("%s…%s (%d messages)", diffview.Sanitize(nm[0]), diffview.Sanitize(nm[len(nm)-1]), len(nm)))
	}
	return strings.Join(parts, " + ")
}

// tokenLine keeps the agent's recorded context sizes and compaudit's own counts apart.
func (m *Model) tokenLine() string {
	r := m.Round()
	t := r.Tokens
	sep := m.st.Faint.Render(" · ")
	label := m.st.Faint.Render
	agent := label(" agent recorded context ") + tokOrNot(t.PreTokens) + " → " + tokOrNot(t.PostTokens)
	if t.PreTokens <= 0 && t.PostTokens <= 0 {
		agent = label(" agent recorded no context sizes")
	}
	own := label("compaudit counted ") + fmt.Sprintf("sources %s → summary ", thousands(t.Sources))
	if r.Opaque {
		own += "not counted (opaque)"
	} else {
		own += thousands(t.Summary)
		if t.Sources > 0 {
			own += fmt.Sprintf(" (ratio %.2f)", float64(t.Summary)/float64(t.Sources))
		}
	}
	l := agent + sep + own
	if t.Target > 0 && !r.Opaque {
		diff := t.Summary - t.Target
		word := "over"
		if diff < 0 {
			word, diff = "under", -diff
		}
		tgt := fmt.Sprintf("target %s (%s by %s)", thousands(t.Target), word, thousands(diff))
		if word == "over" && diff > 0 {
			tgt = m.st.Warn.Render(tgt)
		}
		l += sep + tgt
	}
	for _, kv := range [][2]string{{"trigger", r.Trigger}, {"model", r.Model}, {"policy", r.Policy}} {
		if kv[1] != "" {
			l += sep + kv[0] + " " + diffview.Sanitize(strings.Join(strings.Fields(kv[1]), " "))
		}
	}
	return l
}

// tokOrNot is a recorded token count, or "not recorded" for 0 (the agent did not say).
func tokOrNot(n int) string {
	if n <= 0 {
		return "not recorded"
	}
	return thousands(n)
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

// familyCounts is the shown round's findings per family (the cumulative ones in the
// cumulative view, every loss it marks).
func (m *Model) familyCounts(r *audit.Round) string {
	return m.countsOf(r, m.cumulative)
}

func (m *Model) countsOf(r *audit.Round, cumulative bool) string {
	k := countKey{r, cumulative}
	counts, ok := m.counts[k]
	if !ok {
		counts = map[string]int{}
		if cumulative && !diffview.CumulativeIsRound(r) {
			if d := m.docs[docKey{m.roundIndex(r.Round), true}]; d != nil {
				for i := range d.Items {
					if f := d.Items[i].Finding; f != nil {
						counts[f.Family]++
						counts[""]++
					}
				}
			} else {
				for _, f := range r.Cumulative {
					counts[f.Family]++
					counts[""]++
				}
			}
		} else {
			for _, f := range r.Findings {
				counts[f.Family]++
				counts[""]++
			}
		}
		m.counts[k] = counts
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf("%d %s", counts[""], plural(counts[""], "finding", "findings")))
	for _, f := range audit.Families {
		if counts[f] > 0 {
			b.WriteString(" ")
			b.WriteString(m.st.Family(f).Render(fmt.Sprintf("%s%d", m.st.FamilyGlyph(f), counts[f])))
		}
	}
	return b.String()
}

// sortedInvariants lists the invariants worst first: flagged (earliest lost first,
// prohibitions before preconditions before failure records), then dropped after a
// retirement, then paraphrased, then kept.
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
	lost := func(inv *audit.Invariant) int {
		if inv.DroppedInRound == nil {
			return 1 << 30
		}
		return *inv.DroppedInRound
	}
	kind := map[string]int{"prohibition": 0, "precondition": 1, "failure_record": 2}
	kindOf := func(inv *audit.Invariant) int {
		if k, ok := kind[inv.Kind]; ok {
			return k
		}
		return 3
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		if rank(a) == 0 {
			if lost(a) != lost(b) {
				return lost(a) < lost(b)
			}
			return kindOf(a) < kindOf(b)
		}
		return false
	})
	return out
}

// stateIn is inv's state in the round numbered round (pending when none).
func stateIn(inv *audit.Invariant, round int) string {
	for _, s := range inv.States {
		if s.Round == round {
			return s.State
		}
	}
	return audit.StatePending
}

// invariantStrip is one line: the invariants worst first, each with its state in the
// shown round.
func (m *Model) invariantStrip() string {
	r := m.Round()
	invs := m.sortedInvariants()
	head := m.st.Faint.Render(fmt.Sprintf(" invariants in round %d: ", r.Round))
	var b strings.Builder
	b.WriteString(head)
	used := diffview.Width(diffview.Sanitize(head))
	for k, inv := range invs {
		cell := m.invCell(inv, r.Round)
		cw := 3 + diffview.Width(diffview.Sanitize(inv.ID)) + 1
		rest := len(invs) - k
		if used+cw+14 > m.w && rest > 1 {
			b.WriteString(m.st.Faint.Render(fmt.Sprintf("+%d more (i)", rest)))
			break
		}
		b.WriteString(cell + " ")
		used += cw
	}
	return b.String()
}

// invCell is "⚑✗ id": the flag (or a space), the state glyph, the id.
func (m *Model) invCell(inv *audit.Invariant, round int) string {
	flag := " "
	if inv.Flagged {
		flag = m.st.Severity(audit.SevError).Render(m.st.FlagGlyph())
	}
	s := stateIn(inv, round)
	return flag + m.st.State(s).Render(m.st.StateGlyph(s)) + " " + m.st.Key.Render(diffview.Sanitize(inv.ID))
}
