package audit

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// BriefBudget is the most characters the brief Markdown report takes: a pull-request
// comment a reviewer reads in one screen or two, far under GitHub's 65,536 limit.
const BriefBudget = 10000

// briefLevels are the renderings tried in turn until one fits BriefBudget: how many
// findings, flagged invariants and rounds are listed, and the quote length.
var briefLevels = []struct{ findings, invariants, rounds, quote int }{
	{8, 8, 12, 200},
	{6, 6, 8, 140},
	{5, 5, 6, 100},
	{3, 4, 4, 70},
	{2, 3, 3, 50},
}

// WriteMarkdownBrief writes r as a brief Markdown report that fits in BriefBudget
// characters: the verdict, the flagged invariants, the most important findings with
// both sides, and one line per round. It holds no links (transcript URLs are broken
// so a renderer does not link them, @mentions never ping) and no HTML; the full
// report (WriteMarkdown, WriteHTML) has everything else. Output is byte-identical for
// equal reports.
func WriteMarkdownBrief(w io.Writer, r *Report) error {
	var out string
	for _, lv := range briefLevels {
		b := &briefWriter{findings: lv.findings, invariants: lv.invariants, rounds: lv.rounds, quote: lv.quote}
		b.report(r)
		out = b.b.String()
		if len(out) <= BriefBudget {
			break
		}
	}
	if len(out) > BriefBudget {
		cut := strings.LastIndexByte(out[:BriefBudget-200], '\n')
		if cut < 0 {
			cut = BriefBudget - 200
		}
		out = out[:cut+1] + "\n*(cut to fit: the full report has the rest)*\n"
	}
	_, err := io.WriteString(w, out)
	return err
}

type briefWriter struct {
	b                                   strings.Builder
	findings, invariants, rounds, quote int
}

func (m *briefWriter) ln(s string) { m.b.WriteString(s); m.b.WriteByte('\n') }

func (m *briefWriter) report(r *Report) {
	h := rwHeadline(r)
	m.ln("## compaudit: " + briefText(r.Session, 100))
	m.ln("")
	m.ln("**" + briefVerdict(h) + "**")
	m.ln("")
	var meta []string
	if r.File != "" {
		meta = append(meta, "file "+briefText(r.File, 120))
	}
	if r.Format != "" {
		meta = append(meta, "format "+briefText(r.Format, 40))
	}
	if r.Summary.Messages > 0 {
		meta = append(meta, rwFmtInt(r.Summary.Messages)+" messages")
	}
	meta = append(meta, briefText(strings.TrimSpace(r.Tool+" "+r.Version), 60))
	m.ln(strings.Join(meta, " · "))
	m.ln("")
	for _, n := range reportNotes(r) {
		m.ln("> **Caveat.** " + briefText(n, 400))
		m.ln("")
	}
	m.flagged(r)
	m.top(r)
	m.roundTable(r)
	m.ln("*Brief report: info findings, invariant details, the survival matrix and the checks are in the full report (`compaudit audit --format html` or `--format md`).*")
}

// briefVerdict is the one-line verdict.
func briefVerdict(h rwHeadlineData) string {
	var parts []string
	if h.Flagged > 0 {
		parts = append(parts, fmt.Sprintf("🚩 %s dropped without retirement", rwPlural(h.Flagged, "invariant", "invariants")))
	}
	switch {
	case h.Rounds == 0:
		parts = append(parts, "no compaction rounds")
	case h.Findings == 0 && h.Opaque == h.Rounds:
		parts = append(parts, "nothing auditable as text (every round is opaque)")
	case h.Findings == 0:
		parts = append(parts, "no findings in "+rwPlural(h.Rounds, "round", "rounds"))
	default:
		parts = append(parts, fmt.Sprintf("%s in %s", rwPlural(h.Findings, "finding", "findings"), rwPlural(h.Rounds, "round", "rounds")))
	}
	if h.FailedChecks > 0 {
		parts = append(parts, fmt.Sprintf("%d of %s failed", h.FailedChecks, rwPlural(h.Checks, "check", "checks")))
	}
	if h.Worst != "" {
		parts = append(parts, "worst: "+briefSeverity(h.Worst))
	} else if h.Flagged == 0 {
		parts = append(parts, "nothing lost that matters")
	}
	return strings.Join(parts, " · ")
}

func briefSeverity(s string) string {
	switch s {
	case SevError:
		return "⛔ error"
	case SevWarning:
		return "⚠️ warning"
	case SevInfo:
		return "ℹ️ info"
	}
	return briefText(s, 20)
}

// rwFlagged lists the flagged invariants worst first: the earliest lost, then
// prohibitions before preconditions before failure records, then report order.
func rwFlagged(r *Report) []*Invariant {
	var fl []*Invariant
	for i := range r.Invariants {
		if r.Invariants[i].Flagged {
			fl = append(fl, &r.Invariants[i])
		}
	}
	lost := func(inv *Invariant) int {
		if inv.DroppedInRound == nil {
			return 1 << 30
		}
		return *inv.DroppedInRound
	}
	kind := func(inv *Invariant) int {
		switch inv.Kind {
		case "prohibition":
			return 0
		case "precondition":
			return 1
		case "failure_record":
			return 2
		}
		return 3
	}
	sort.SliceStable(fl, func(i, j int) bool {
		if lost(fl[i]) != lost(fl[j]) {
			return lost(fl[i]) < lost(fl[j])
		}
		return kind(fl[i]) < kind(fl[j])
	})
	return fl
}

func (m *briefWriter) flagged(r *Report) {
	fl := rwFlagged(r)
	if len(fl) == 0 {
		return
	}
	m.ln("### 🚩 Flagged invariants")
	m.ln("")
	m.ln("Stated in the session, dropped by a summary, never retired:")
	m.ln("")
	for k, inv := range fl {
		if k == m.invariants {
			m.ln(fmt.Sprintf("- and %s more", rwPlural(len(fl)-k, "flagged invariant", "flagged invariants")))
			break
		}
		line := "- **" + briefText(inv.ID, 30) + "** (" + briefText(rwKindLabel(inv.Kind), 20)
		if inv.DroppedInRound != nil {
			line += fmt.Sprintf(", lost in round %d", *inv.DroppedInRound)
		}
		line += "): “" + briefText(inv.Text, m.quote) + "”"
		m.ln(line)
	}
	m.ln("")
}

// topFindings are the report's most important findings: the engine's top list first,
// then the rest in importance order (round order on ties), info findings last.
func topFindings(r *Report) []briefFinding {
	var all []briefFinding
	for i := range r.Rounds {
		if r.Rounds[i].Opaque {
			continue
		}
		for j := range r.Rounds[i].Findings {
			all = append(all, briefFinding{r.Rounds[i].Round, &r.Rounds[i].Findings[j]})
		}
	}
	top := map[string]int{}
	for k, id := range r.Top {
		if id != "" {
			top[id] = k + 1
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].F, all[j].F
		ta, tb := top[a.ID], top[b.ID]
		if (ta > 0) != (tb > 0) {
			return ta > 0
		}
		if ta > 0 && ta != tb {
			return ta < tb
		}
		if MoreImportant(a, b) != MoreImportant(b, a) {
			return MoreImportant(a, b)
		}
		return rwFamilyIndex(a.Family) < rwFamilyIndex(b.Family)
	})
	return all
}

type briefFinding struct {
	Round int
	F     *Finding
}

func (m *briefWriter) top(r *Report) {
	all := topFindings(r)
	var shown []briefFinding
	rest := 0
	for _, x := range all {
		switch {
		case x.F.Severity == SevInfo:
		case len(shown) < m.findings:
			shown = append(shown, x)
		default:
			rest++
		}
	}
	if len(shown) == 0 {
		return
	}
	m.ln("### Top findings")
	m.ln("")
	for k, x := range shown {
		f := x.F
		head := fmt.Sprintf("%d. %s · %s %s · round %d", k+1, briefSeverity(f.Severity), mdGlyph(f.Family), FamilyLabel(f.Family), x.Round)
		if f.Class != "" {
			head += " · " + briefText(rwClassLabel(f.Class), 30)
		}
		if f.Invariant != "" {
			head += " · invariant " + briefText(f.Invariant, 30)
		}
		if f.Rule != "" {
			head += " · rule " + briefUnlink(mdRuleCode(f.Rule))
		}
		m.ln(head)
		m.ln("   - source: " + m.side(f.Source, f.Summary, false, f.Detail, "*(not in the sources)*"))
		m.ln("   - summary: " + m.side(f.Summary, f.Source, true, f.Detail, "*(missing from the summary)*"))
		m.ln("   - " + briefText(f.Detail, 240))
	}
	m.ln("")
	if rest > 0 {
		m.ln(fmt.Sprintf("%s at warning or above not listed here.", rwPlural(rest, "more finding", "more findings")))
		m.ln("")
	}
}

// side quotes one side of a finding, the changed values in bold, with its origin.
func (m *briefWriter) side(s, other *Side, summarySide bool, detail, none string) string {
	if s == nil {
		return none
	}
	var b strings.Builder
	for _, g := range rwTruncateSegs(rwSegments(rwOneLine(rwSanitize(s.Text)), rwMarks(s, other, summarySide), rwKeys(detail)...), m.quote) {
		t := briefUnlink(mdEscRawMid(g.T, b.Len() == 0))
		if g.Mark && strings.TrimSpace(g.T) != "" {
			t = "**" + t + "**"
		}
		b.WriteString(t)
	}
	q := "“" + b.String() + "”"
	if where := rwSideWhere(s); where != "" {
		q += " (" + briefText(where, 60) + ")"
	}
	return q
}

func (m *briefWriter) roundTable(r *Report) {
	if len(r.Rounds) == 0 {
		return
	}
	m.ln("### Rounds")
	m.ln("")
	m.ln("| round | findings | worst | compaudit counted (sources → summary tokens) | agent recorded (context before → after) |")
	m.ln("|---|---|---|---|---|")
	for k := range r.Rounds {
		if k == m.rounds && len(r.Rounds) > m.rounds+1 {
			m.ln(fmt.Sprintf("| … | %s more | | | |", rwPlural(len(r.Rounds)-k, "round", "rounds")))
			break
		}
		rd := &r.Rounds[k]
		name := fmt.Sprintf("%d", rd.Round)
		if rd.Depth > 2 {
			name += fmt.Sprintf(" (depth %d)", rd.Depth)
		}
		worst := rwWorstOf(rd.Findings)
		cells := []string{name, fmt.Sprint(len(rd.Findings)), briefSeverity(worst), briefTokens(rd), briefAgent(rd.Tokens)}
		if rd.Opaque {
			cells[1], cells[2] = "opaque", "n/a"
		} else if worst == "" {
			cells[2] = "none"
		}
		m.ln("| " + strings.Join(cells, " | ") + " |")
	}
	m.ln("")
}

// briefTokens is compaudit's own count; an opaque summary is not counted as text.
func briefTokens(rd *Round) string {
	t := rd.Tokens
	if rd.Opaque {
		return rwFmtInt(t.Sources) + " → not counted (opaque)"
	}
	if t.Sources == 0 && t.Summary == 0 {
		return "not counted"
	}
	return fmt.Sprintf("%s → %s", rwFmtInt(t.Sources), rwFmtInt(t.Summary))
}

// briefAgent is what the agent recorded; 0 means it recorded nothing.
func briefAgent(t Tokens) string {
	if t.PreTokens == 0 && t.PostTokens == 0 {
		return "not recorded"
	}
	f := func(n int) string {
		if n <= 0 {
			return "not recorded"
		}
		return rwFmtInt(n)
	}
	return f(t.PreTokens) + " → " + f(t.PostTokens)
}

// briefText is report text for the brief: sanitised, one line, shortened, escaped,
// link-free.
func briefText(s string, n int) string { return briefUnlink(mdCell(s, n)) }

// briefUnlink breaks what a Markdown renderer would turn into a link: a URL scheme's
// "://" and a "www." host get a word joiner (U+2060), invisible when read.
func briefUnlink(s string) string {
	if !strings.Contains(s, "://") && !strings.Contains(strings.ToLower(s), "www.") {
		return s
	}
	s = strings.ReplaceAll(s, "://", ":\u2060//")
	var b strings.Builder
	low := strings.ToLower(s)
	for i := 0; i < len(s); {
		if strings.HasPrefix(low[i:], "www.") {
			b.WriteString(s[i:i+3] + "\u2060.")
			i += 4
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}
