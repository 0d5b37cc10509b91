package audit

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/compaudit/compaudit/classify"
)

// Markdown limits: long sections fold into <details> so a pull-request comment stays
// readable, and table cells carry shortened quotes (the full text follows in a fold).
const (
	mdQuoteRunes   = 110 // quote length in a findings table cell
	mdDetailRunes  = 160 // detail length in a findings table cell
	mdInvRunes     = 90  // invariant text in the timeline
	mdInlineRows   = 8   // findings rows shown before the rest fold away
	mdFoldWarnings = 5   // more warnings than this fold away
	// mdBudget keeps the report under GitHub's 65,536-character comment limit: a longer
	// report is rendered again more compactly, and cut at a line as a last resort.
	mdBudget = 60000
)

// WriteMarkdown writes r as a Markdown report that fits a pull-request comment
// (GitHub-flavoured: tables and <details>). Every string that may come from a
// transcript is sanitised (ANSI escapes and control characters never reach the output)
// and escaped for Markdown. Output is byte-identical for equal reports.
//
// A report longer than a comment allows is rendered again in compact form (level 1:
// no folded full quotes, invariant details or cumulative tables; level 2: info
// findings counted but not listed, shorter quotes) and, if still too long, cut at a
// line with a note pointing at the JSON or HTML report.
func WriteMarkdown(w io.Writer, r *Report) error {
	var out string
	for level := 0; level <= 2; level++ {
		m := &mdWriter{compact: level}
		m.report(r)
		out = m.b.String()
		if len(out) <= mdBudget {
			break
		}
	}
	if len(out) > mdBudget {
		cut := strings.LastIndex(out[:mdBudget-400], "\n\n")
		if cut < 0 {
			cut = strings.LastIndexByte(out[:mdBudget-400], '\n')
		}
		out = out[:cut+1] + "\n> **Report cut here to fit a pull-request comment.** Render it with `--format html` or `--format json` for everything.\n"
	}
	_, err := io.WriteString(w, out)
	return err
}

type mdWriter struct {
	b strings.Builder
	// compact is 0 for the full report, 1 or 2 for shorter renderings.
	compact int
}

func (m *mdWriter) p(format string, a ...any) { fmt.Fprintf(&m.b, format, a...) }
func (m *mdWriter) ln(s string)               { m.b.WriteString(s); m.b.WriteByte('\n') }

// quoteRunes is the quote length in table cells at the writer's compaction level.
func (m *mdWriter) quoteRunes() int {
	if m.compact >= 2 {
		return 60
	}
	return mdQuoteRunes
}

func (m *mdWriter) report(r *Report) {
	h := rwHeadline(r)
	m.ln("## compaudit: " + mdCell(rwOrDash(r.Session), 120))
	m.ln("")
	m.ln(mdHeadline(h))
	m.ln("")
	var meta []string
	if r.File != "" {
		meta = append(meta, "file "+mdEsc(r.File))
	}
	if r.Format != "" {
		meta = append(meta, "format "+mdEsc(r.Format))
	}
	if r.Summary.Messages > 0 {
		meta = append(meta, rwFmtInt(r.Summary.Messages)+" messages")
	}
	if r.Encoding != "" {
		meta = append(meta, "tokens counted with "+mdEsc(r.Encoding))
	}
	meta = append(meta, mdEsc(strings.TrimSpace(r.Tool+" "+r.Version)))
	m.ln("<sub>" + strings.Join(meta, " · ") + "</sub>")
	m.ln("")
	if m.compact > 0 {
		m.ln("> Compact rendering: the full report is too long for a pull-request comment. Render it with `--format html` or `--format json` for every quote and detail.")
		m.ln("")
	}

	for i := range r.Rounds {
		m.round(&r.Rounds[i])
	}
	m.invariants(r)
	m.survival(r)
	m.checks(r)
	m.warnings(r)
}

// mdHeadline is the one-line summary at the top.
func mdHeadline(h rwHeadlineData) string {
	var parts []string
	rounds := rwPlural(h.Rounds, "round", "rounds")
	if h.Opaque > 0 {
		rounds += fmt.Sprintf(" (%d opaque)", h.Opaque)
	}
	parts = append(parts, "**"+rounds+"**")
	switch {
	case h.Findings == 0 && h.Rounds > 0 && h.Opaque == h.Rounds:
		parts = append(parts, "nothing auditable as text")
	case h.Findings == 0 && h.Opaque > 0:
		parts = append(parts, "no findings in the auditable rounds")
	case h.Findings == 0:
		parts = append(parts, "no findings")
	default:
		var fams []string
		for _, f := range Families {
			if n := h.ByFamily[f]; n > 0 {
				fams = append(fams, fmt.Sprintf("%s %d %s", mdGlyph(f), n, FamilyLabel(f)))
			}
		}
		parts = append(parts, fmt.Sprintf("**%s**: %s", rwPlural(h.Findings, "finding", "findings"), strings.Join(fams, ", ")))
	}
	if h.Flagged > 0 {
		parts = append(parts, fmt.Sprintf("🚩 **%s dropped without retirement**", rwPlural(h.Flagged, "invariant", "invariants")))
	} else {
		parts = append(parts, "no invariant dropped without retirement")
	}
	if h.FailedChecks > 0 {
		parts = append(parts, fmt.Sprintf("**%d of %s failed**", h.FailedChecks, rwPlural(h.Checks, "check", "checks")))
	} else if h.Checks > 0 {
		parts = append(parts, fmt.Sprintf("all %s passed", rwPlural(h.Checks, "check", "checks")))
	}
	parts = append(parts, "worst: "+mdSeverity(h.Worst))
	return strings.Join(parts, " · ")
}

func (m *mdWriter) round(rd *Round) {
	title := fmt.Sprintf("### Round %d", rd.Round)
	if rd.ID != "" {
		title += " · " + mdCell(rd.ID, 64)
	}
	if rd.Opaque {
		title += " · opaque"
	} else if n := len(rd.Findings); n > 0 {
		title += " · " + rwPlural(n, "finding", "findings")
		if w := rwWorstOf(rd.Findings); w != "" {
			title += " (worst " + w + ")"
		}
	} else {
		title += " · no findings"
	}
	m.ln(title)
	m.ln("")
	m.ln(mdLineage(rd))
	m.ln("")
	if rd.Opaque {
		m.ln("> **opaque: encrypted summary, not auditable as text.** Only the token accounting above is reported; no findings are inferred.")
		m.ln("")
		return
	}
	if len(rd.Findings) == 0 {
		m.ln("No findings in this round.")
		m.ln("")
	} else {
		m.findings(rd.Round, "", rd.Findings)
	}
	if len(rd.Cumulative) > 0 && m.compact > 0 {
		m.ln(fmt.Sprintf("Cumulative vs the original messages: %s that bled through earlier rounds (not listed in the compact rendering).", rwPlural(len(rd.Cumulative), "more finding", "more findings")))
		m.ln("")
	} else if len(rd.Cumulative) > 0 {
		m.ln(fmt.Sprintf("<details><summary>Cumulative vs the original messages: %s that bled through earlier rounds</summary>", rwPlural(len(rd.Cumulative), "more finding", "more findings")))
		m.ln("")
		m.findingsTable(rd.Round, "c", rwOrderFindings(rd.Cumulative))
		m.fullQuotes(rd.Round, "c", rwOrderFindings(rd.Cumulative))
		m.ln("</details>")
		m.ln("")
	}
}

// mdLineage is the round's lineage and token line.
func mdLineage(rd *Round) string {
	var parts []string
	parts = append(parts, "**sources** "+mdEsc(rwSourcesLine(rd)))
	t := rd.Tokens
	if t.Sources == 0 && t.Summary == 0 {
		parts = append(parts, "**tokens** not counted")
	} else {
		parts = append(parts, fmt.Sprintf("**tokens** %s → %s (ratio %s)", rwFmtInt(t.Sources), rwFmtInt(t.Summary), rwFmtRatio(t.Ratio)))
	}
	if t.Target > 0 {
		parts = append(parts, "**target** "+rwTargetLine(t))
	}
	if t.PreTokens > 0 || t.PostTokens > 0 {
		parts = append(parts, fmt.Sprintf("agent recorded %s → %s", rwFmtInt(t.PreTokens), rwFmtInt(t.PostTokens)))
	}
	d := fmt.Sprintf("**depth** %d", rd.Depth)
	if rd.Depth > 2 {
		d += " ⚠️ **over 2** (a summary of summaries: invariant bleed concentrates here)"
	}
	parts = append(parts, d)
	var extra []string
	if rd.Trigger != "" {
		extra = append(extra, "trigger "+mdEsc(rd.Trigger))
	}
	if rd.Model != "" {
		extra = append(extra, "model "+mdEsc(rd.Model))
	}
	if rd.Policy != "" {
		extra = append(extra, "policy "+mdEsc(rwTruncate(rwOneLine(rwSanitize(rd.Policy)), 60)))
	}
	if len(extra) > 0 {
		parts = append(parts, strings.Join(extra, ", "))
	}
	return strings.Join(parts, " · ")
}

func (m *mdWriter) findings(round int, prefix string, fs []Finding) {
	ord := rwOrderFindings(fs)
	hidden := 0
	if m.compact >= 2 {
		for len(ord) > 0 && ord[len(ord)-1].F.Severity == SevInfo {
			ord = ord[:len(ord)-1]
			hidden++
		}
	}
	defer func() {
		if hidden > 0 {
			m.ln(fmt.Sprintf("%s not listed in the compact rendering.", rwPlural(hidden, "info finding", "info findings")))
			m.ln("")
		}
	}()
	if len(ord) <= mdInlineRows+2 {
		m.findingsTable(round, prefix, ord)
	} else {
		m.findingsTable(round, prefix, ord[:mdInlineRows])
		m.ln(fmt.Sprintf("<details><summary>%s (less severe)</summary>", rwPlural(len(ord)-mdInlineRows, "more finding", "more findings")))
		m.ln("")
		m.findingsTable(round, prefix, ord[mdInlineRows:])
		m.ln("</details>")
		m.ln("")
	}
	m.fullQuotes(round, prefix, ord)
}

// rwIndexed is a finding with its number in the round (1-based, after ordering).
type rwIndexed struct {
	N int
	F *Finding
}

func (m *mdWriter) findingsTable(round int, prefix string, fs []rwIndexed) {
	m.ln("| # | severity | family | class | source | summary | detail |")
	m.ln("|---|---|---|---|---|---|---|")
	for _, x := range fs {
		f := x.F
		m.p("| %s | %s | %s | %s | %s | %s | %s |\n",
			rwFindingRef(round, prefix, x.N),
			mdSeverity(f.Severity),
			mdGlyph(f.Family)+" "+mdEsc(FamilyLabel(f.Family)),
			mdEsc(rwClassLabel(f.Class)),
			mdSide(f.Source, f.Summary, false, f.Detail, "*(none: not in the sources)*", m.quoteRunes()),
			mdSide(f.Summary, f.Source, true, f.Detail, "*(none: not in the summary)*", m.quoteRunes()),
			mdCell(f.Detail, mdDetailRunes)+mdInvariantRef(f.Invariant))
	}
	m.ln("")
}

func mdInvariantRef(id string) string {
	if id == "" {
		return ""
	}
	return " (invariant " + mdEsc(id) + ")"
}

// mdSide renders one side of a finding for a table cell: the shortened quote and where
// it came from.
func mdSide(s, other *Side, summarySide bool, detail, none string, n int) string {
	if s == nil {
		return none
	}
	var b strings.Builder
	for _, g := range rwTruncateSegs(rwSegments(rwOneLine(rwSanitize(s.Text)), rwMarks(s, other, summarySide), rwKeys(detail)...), n) {
		if g.Mark && strings.TrimSpace(g.T) != "" {
			b.WriteString("**" + mdEscRawMid(g.T, b.Len() == 0) + "**")
		} else {
			b.WriteString(mdEscRawMid(g.T, b.Len() == 0))
		}
	}
	q := "“" + b.String() + "”"
	if where := rwSideWhere(s); where != "" {
		q += " <sub>" + mdCell(where, 80) + "</sub>"
	}
	return q
}

// fullQuotes folds the full text of every quote that the table shortened.
func (m *mdWriter) fullQuotes(round int, prefix string, fs []rwIndexed) {
	if m.compact > 0 {
		return
	}
	var rows []string
	for _, x := range fs {
		f := x.F
		long := func(s *Side, limit int) bool {
			return s != nil && utf8.RuneCountInString(rwOneLine(rwSanitize(s.Text))) > limit
		}
		if !long(f.Source, mdQuoteRunes) && !long(f.Summary, mdQuoteRunes) && utf8.RuneCountInString(rwOneLine(rwSanitize(f.Detail))) <= mdDetailRunes {
			continue
		}
		ref := rwFindingRef(round, prefix, x.N)
		if f.Source != nil {
			rows = append(rows, fmt.Sprintf("- **%s source** (%s): %s", ref, mdEsc(rwSideWhere(f.Source)), mdEsc(f.Source.Text)))
		}
		if f.Summary != nil {
			rows = append(rows, fmt.Sprintf("- **%s summary** (%s): %s", ref, mdEsc(rwSideWhere(f.Summary)), mdEsc(f.Summary.Text)))
		}
		rows = append(rows, fmt.Sprintf("- **%s detail**: %s", ref, mdEsc(f.Detail)))
	}
	if len(rows) == 0 {
		return
	}
	m.ln("<details><summary>Full quotes</summary>")
	m.ln("")
	for _, r := range rows {
		m.ln(r)
	}
	m.ln("")
	m.ln("</details>")
	m.ln("")
}

func (m *mdWriter) invariants(r *Report) {
	m.ln("### Invariant timeline")
	m.ln("")
	if len(r.Invariants) == 0 {
		m.ln("No invariants (prohibitions, preconditions, failure records) were declared or extracted.")
		m.ln("")
		return
	}
	flagged, dropped, para := 0, 0, 0
	for _, inv := range r.Invariants {
		if inv.Flagged {
			flagged++
		}
		if inv.DroppedInRound != nil {
			dropped++
		}
		for _, s := range inv.States {
			if s.State == StateParaphrased {
				para++
				break
			}
		}
	}
	m.ln(rwInvariantLine(len(r.Invariants), dropped, flagged, para, rwUnknownStates(r)))
	m.ln("")
	open := ""
	if len(r.Invariants) > 12 && flagged == 0 {
		m.ln("<details><summary>Timeline</summary>")
		m.ln("")
		open = "</details>"
	}
	head := "| invariant | kind |"
	sep := "|---|---|"
	for _, rd := range r.Rounds {
		head += fmt.Sprintf(" R%d |", rd.Round)
		sep += ":-:|"
	}
	m.ln(head)
	m.ln(sep)
	for _, inv := range r.Invariants {
		name := "**" + mdCell(inv.ID, 40) + "** " + mdCell(inv.Text, mdInvRunes)
		if inv.Flagged {
			name = "🚩 " + name
		}
		row := "| " + name + " | " + mdEsc(rwKindLabel(inv.Kind)) + " |"
		for _, rd := range r.Rounds {
			row += " " + mdState(&inv, rd.Round) + " |"
		}
		m.ln(row)
	}
	m.ln("")
	m.ln("<sub>" + rwStateLegend("🚩") + "</sub>")
	m.ln("")
	if open != "" {
		m.ln(open)
		m.ln("")
	}
	if m.compact > 0 {
		return
	}
	m.ln("<details><summary>Invariant details</summary>")
	m.ln("")
	for _, inv := range r.Invariants {
		line := fmt.Sprintf("- **%s** (%s, %s", mdEsc(inv.ID), mdEsc(rwKindLabel(inv.Kind)), mdEsc(rwOrDash(inv.Origin)))
		if inv.Message != "" {
			line += ", from " + mdEsc(inv.Message)
		}
		line += "): " + mdEsc(inv.Text)
		if inv.DroppedInRound != nil {
			line += fmt.Sprintf(" · dropped in round %d", *inv.DroppedInRound)
			if inv.Flagged {
				line += " **without a retirement event**"
			}
		}
		if inv.RetiredAt != "" || inv.Reason != "" {
			line += " · retired"
			if inv.RetiredAt != "" {
				line += " at " + mdEsc(inv.RetiredAt)
			}
			if inv.Reason != "" {
				line += ": " + mdEsc(inv.Reason)
			}
		}
		m.ln(line)
		for _, s := range rwSortedStates(inv.States) {
			if s.Summary == "" && s.Detail == "" {
				continue
			}
			sub := fmt.Sprintf("  - R%d %s", s.Round, mdEsc(s.State))
			if s.Summary != "" {
				sub += ": “" + mdEsc(s.Summary) + "”"
			}
			if s.Detail != "" {
				sub += " (" + mdEsc(s.Detail) + ")"
			}
			m.ln(sub)
		}
	}
	m.ln("")
	m.ln("</details>")
	m.ln("")
}

// mdState is an invariant's cell in one round.
func mdState(inv *Invariant, round int) string {
	s, ok := rwStateIn(inv, round)
	if !ok {
		return "–"
	}
	switch s.State {
	case StateVerbatim:
		return rwStateGlyphs[StateVerbatim] + " verbatim"
	case StateParaphrased:
		return rwStateGlyphs[StateParaphrased] + " paraphrased"
	case StateDropped:
		if inv.Flagged && inv.DroppedInRound != nil && *inv.DroppedInRound == round {
			return "🚩 **" + rwStateGlyphs[StateDropped] + " DROPPED**"
		}
		return rwStateGlyphs[StateDropped] + " dropped"
	case StateRetired:
		return rwStateGlyphs[StateRetired] + " retired"
	case StatePending:
		return rwStateGlyphs[StatePending]
	case StateOpaque:
		return rwStateGlyphs[StateOpaque] + " opaque"
	}
	return mdEsc(s.State)
}

func (m *mdWriter) survival(r *Report) {
	m.ln("### Survival matrix")
	m.ln("")
	classes := rwSurvivalClasses(r, false)
	if len(classes) == 0 {
		if n := rwHeadline(r); n.Rounds > 0 && n.Opaque == n.Rounds {
			m.ln("No facts to count: every round is opaque.")
		} else {
			m.ln("No facts to count.")
		}
		m.ln("")
		return
	}
	m.ln("Facts of each class kept by each round's summary, against that round's own sources (kept/total). There is deliberately no overall average: losing narrative is expected, losing constraints is not.")
	m.ln("")
	m.survivalTable(r, classes, false)
	cum := rwSurvivalClasses(r, true)
	if len(cum) > 0 && m.compact < 2 {
		m.ln("<details><summary>Cumulative: facts of the original messages still present in each round's summary</summary>")
		m.ln("")
		m.survivalTable(r, cum, true)
		m.ln("</details>")
		m.ln("")
	}
}

func (m *mdWriter) survivalTable(r *Report, classes []classify.Class, cumulative bool) {
	head := "| class |"
	sep := "|---|"
	for _, rd := range r.Rounds {
		head += fmt.Sprintf(" R%d |", rd.Round)
		sep += "--:|"
	}
	m.ln(head)
	m.ln(sep)
	for _, c := range classes {
		row := "| " + mdEsc(rwClassLabel(c)) + " |"
		for i := range r.Rounds {
			row += " " + mdSurvCell(&r.Rounds[i], c, cumulative) + " |"
		}
		m.ln(row)
	}
	m.ln("")
}

func mdSurvCell(rd *Round, c classify.Class, cumulative bool) string {
	if rd.Opaque {
		return "n/a"
	}
	s, ok := rwSurvivalOf(rd, c, cumulative)
	if !ok || s.Total == 0 {
		return "–"
	}
	cell := fmt.Sprintf("%d/%d", s.Kept, s.Total)
	if s.Kept < s.Total && rwCriticalClass(c) {
		cell = "**" + cell + "** ⚠️"
	}
	return cell
}

func (m *mdWriter) checks(r *Report) {
	m.ln("### Checks")
	m.ln("")
	if len(r.Checks) == 0 {
		m.ln("No structural checks ran.")
		m.ln("")
		return
	}
	failed := 0
	for _, c := range r.Checks {
		if !c.Passed {
			failed++
		}
	}
	m.ln(fmt.Sprintf("%d passed, %d failed.", len(r.Checks)-failed, failed))
	m.ln("")
	var shown, passed []Check
	for _, c := range rwOrderChecks(r.Checks) {
		if c.Passed && failed > 0 && len(r.Checks) > 6 {
			passed = append(passed, c)
		} else {
			shown = append(shown, c)
		}
	}
	m.checkTable(shown)
	if len(passed) > 0 {
		m.ln(fmt.Sprintf("<details><summary>%s</summary>", rwPlural(len(passed), "passed check", "passed checks")))
		m.ln("")
		m.checkTable(passed)
		m.ln("</details>")
		m.ln("")
	}
}

func (m *mdWriter) checkTable(cs []Check) {
	m.ln("| result | check | round | severity | detail |")
	m.ln("|---|---|---|---|---|")
	for _, c := range cs {
		res := "✅ pass"
		if !c.Passed {
			res = "❌ **fail**"
		}
		round := "all"
		if c.Round > 0 {
			round = strconv.Itoa(c.Round)
		}
		sev := mdSeverity(c.Severity)
		if c.Passed {
			sev = mdEsc(c.Severity)
		}
		m.p("| %s | %s | %s | %s | %s |\n", res, mdEsc(c.Name), round, sev, mdCell(c.Detail, 240))
	}
	m.ln("")
}

func (m *mdWriter) warnings(r *Report) {
	if len(r.Warnings) == 0 {
		return
	}
	m.ln("### Warnings")
	m.ln("")
	fold := len(r.Warnings) > mdFoldWarnings || (m.compact > 0 && len(r.Warnings) > 1)
	if fold {
		m.ln(fmt.Sprintf("<details><summary>%s the reader tolerated</summary>", rwPlural(len(r.Warnings), "warning", "warnings")))
		m.ln("")
	}
	for _, w := range r.Warnings {
		m.ln("- " + mdEsc(w))
	}
	m.ln("")
	if fold {
		m.ln("</details>")
		m.ln("")
	}
}

// ---- shared helpers (Markdown and HTML) ----

// rwHeadlineData is the report's headline, counted from what the report shows.
type rwHeadlineData struct {
	Rounds, Opaque, Findings, Flagged, Checks, FailedChecks int
	ByFamily                                                map[string]int
	Worst                                                   string
}

func rwHeadline(r *Report) rwHeadlineData {
	h := rwHeadlineData{Rounds: len(r.Rounds), ByFamily: map[string]int{}, Checks: len(r.Checks)}
	worst := 0
	for _, rd := range r.Rounds {
		if rd.Opaque {
			h.Opaque++
		}
		for _, f := range rd.Findings {
			h.Findings++
			h.ByFamily[f.Family]++
			if k := SeverityRank(f.Severity); k > worst {
				worst, h.Worst = k, f.Severity
			}
		}
	}
	for _, inv := range r.Invariants {
		if inv.Flagged {
			h.Flagged++
		}
	}
	for _, c := range r.Checks {
		if !c.Passed {
			h.FailedChecks++
			if k := SeverityRank(c.Severity); k > worst {
				worst, h.Worst = k, c.Severity
			}
		}
	}
	if h.Flagged > 0 && worst < 3 {
		h.Worst = SevError
	}
	if SeverityRank(r.Summary.Worst) > SeverityRank(h.Worst) {
		h.Worst = r.Summary.Worst
	}
	return h
}

// rwOrderFindings orders findings worst first, then by family, keeping the engine's
// order otherwise, and numbers them.
func rwOrderFindings(fs []Finding) []rwIndexed {
	out := make([]rwIndexed, len(fs))
	for i := range fs {
		out[i] = rwIndexed{F: &fs[i]}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].F, out[j].F
		if ra, rb := SeverityRank(a.Severity), SeverityRank(b.Severity); ra != rb {
			return ra > rb
		}
		return rwFamilyIndex(a.Family) < rwFamilyIndex(b.Family)
	})
	for i := range out {
		out[i].N = i + 1
	}
	return out
}

func rwOrderChecks(cs []Check) []Check {
	out := append([]Check(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Passed != out[j].Passed {
			return !out[i].Passed
		}
		return false
	})
	return out
}

func rwFamilyIndex(f string) int {
	for i, x := range Families {
		if x == f {
			return i
		}
	}
	return len(Families)
}

func rwWorstOf(fs []Finding) string {
	w, k := "", 0
	for _, f := range fs {
		if r := SeverityRank(f.Severity); r > k {
			w, k = f.Severity, r
		}
	}
	return w
}

func rwFindingRef(round int, prefix string, n int) string {
	return fmt.Sprintf("%d.%s%d", round, prefix, n)
}

// rwSideWhere says where a quoted fact came from: message id and role.
func rwSideWhere(s *Side) string {
	var parts []string
	if s.Message != "" {
		parts = append(parts, s.Message)
	}
	role := s.Role
	if role == "" {
		role = s.Provenance.Role
	}
	if role != "" {
		parts = append(parts, role)
	}
	switch s.Provenance.Source {
	case "", "user", "assistant", "summary", "system":
		// the role already says it
	default:
		if s.Provenance.Who != "" {
			parts = append(parts, "per "+s.Provenance.Who)
		} else {
			parts = append(parts, "per "+s.Provenance.Source)
		}
	}
	return strings.Join(parts, ", ")
}

// rwSourcesLine summarises what a round's summary replaced.
func rwSourcesLine(rd *Round) string {
	newSet := map[string]bool{}
	for _, id := range rd.NewMessages {
		newSet[id] = true
	}
	var other []string
	for _, id := range rd.Sources {
		if !newSet[id] {
			other = append(other, id)
		}
	}
	var parts []string
	if rd.Parent != "" && !rwContains(other, rd.Parent) {
		other = append([]string{rd.Parent}, other...)
	}
	if len(other) > 0 {
		if len(other) > 3 {
			parts = append(parts, fmt.Sprintf("%s … %s (%d earlier items)", other[0], other[len(other)-1], len(other)))
		} else {
			parts = append(parts, strings.Join(other, ", "))
		}
	}
	if n := len(rd.NewMessages); n > 0 {
		s := rwPlural(n, "new message", "new messages")
		if n == 1 {
			s += " (" + rd.NewMessages[0] + ")"
		} else {
			s += " (" + rd.NewMessages[0] + "…" + rd.NewMessages[n-1] + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none recorded"
	}
	return strings.Join(parts, " + ")
}

func rwContains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// rwTargetLine compares the summary's size with its target.
func rwTargetLine(t Tokens) string {
	s := fmt.Sprintf("%s, actual %s", rwFmtInt(t.Target), rwFmtInt(t.Summary))
	over := t.OverTarget
	if over == 0 && t.Target > 0 {
		over = t.Summary - t.Target
	}
	switch {
	case over > 0:
		s += fmt.Sprintf(" (%s over)", rwFmtInt(over))
	case over < 0:
		s += fmt.Sprintf(" (%s under)", rwFmtInt(-over))
	default:
		s += " (on target)"
	}
	return s
}

func rwStateIn(inv *Invariant, round int) (InvariantState, bool) {
	for _, s := range inv.States {
		if s.Round == round {
			return s, true
		}
	}
	return InvariantState{}, false
}

func rwSortedStates(ss []InvariantState) []InvariantState {
	out := append([]InvariantState(nil), ss...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Round < out[j].Round })
	return out
}

// rwClassLabel is an information class as a reader writes it ("exact constraint").
func rwClassLabel(c classify.Class) string {
	return strings.ReplaceAll(string(c), "_", " ")
}

func rwKindLabel(k string) string {
	return strings.ReplaceAll(rwOrDash(k), "_", " ")
}

// rwSurvivalClasses lists the classes any round counts, in classify.AllClasses order,
// then any unknown class in name order.
func rwSurvivalClasses(r *Report, cumulative bool) []classify.Class {
	seen := map[classify.Class]bool{}
	for _, rd := range r.Rounds {
		list := rd.Survival
		if cumulative {
			list = rd.CumulativeSurvival
		}
		for _, s := range list {
			if s.Total > 0 {
				seen[s.Class] = true
			}
		}
	}
	var out []classify.Class
	for _, c := range classify.AllClasses {
		if seen[c] {
			out = append(out, c)
			delete(seen, c)
		}
	}
	var rest []string
	for c := range seen {
		rest = append(rest, string(c))
	}
	sort.Strings(rest)
	for _, c := range rest {
		out = append(out, classify.Class(c))
	}
	return out
}

func rwSurvivalOf(rd *Round, c classify.Class, cumulative bool) (Survival, bool) {
	list := rd.Survival
	if cumulative {
		list = rd.CumulativeSurvival
	}
	for _, s := range list {
		if s.Class == c {
			return s, true
		}
	}
	return Survival{}, false
}

// rwCriticalClass marks the classes whose loss is a defect (the invariant classes).
func rwCriticalClass(c classify.Class) bool {
	switch c {
	case classify.ExactConstraint, classify.FailureHistory, classify.RejectedAlternative, classify.UserPreference:
		return true
	}
	return false
}

func rwPlural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return rwFmtInt(n) + " " + many
}

func rwOrDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// rwFmtInt writes n with thousands separators.
func rwFmtInt(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
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

func rwFmtRatio(f float64) string {
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// rwSanitize makes transcript text safe to show: ANSI escape sequences are removed,
// other control characters become their visible Unicode control pictures (␇ for
// BEL), bidirectional overrides become a visible [U+202E] marker, tabs become spaces
// and every line break becomes \n. Invalid UTF-8 becomes U+FFFD.
func rwSanitize(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size <= 1:
			b.WriteRune('\uFFFD')
		case c == 0x1b:
			i += rwAnsiLen(s[i:])
			continue
		case c == 0x9b: // C1 CSI
			i += rwCsiLen(s[i:], size)
			continue
		case c == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				break
			}
			b.WriteByte('\n')
		case c == '\n':
			b.WriteByte('\n')
		case c == '\t':
			b.WriteByte(' ')
		case c < 0x20:
			b.WriteRune(0x2400 + c)
		case c == 0x7f:
			b.WriteRune('\u2421')
		case c >= 0x80 && c < 0xa0:
			b.WriteRune('\uFFFD')
		case (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c:
			fmt.Fprintf(&b, "[U+%04X]", c)
		case c == 0x2028 || c == 0x2029:
			b.WriteByte('\n')
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// rwAnsiLen is the length of the escape sequence at the start of s (s[0] is ESC).
func rwAnsiLen(s string) int {
	if len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[':
		return rwCsiLen(s, 2)
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
			if s[j] == '\n' { // unterminated: stop at the line end
				return j
			}
		}
		return len(s)
	case '(', ')', '*', '+', '#', '%':
		if len(s) >= 3 {
			return 3
		}
		return len(s)
	}
	if s[1] >= 0x20 && s[1] < 0x7f {
		return 2
	}
	return 1
}

// rwCsiLen is the length of a CSI sequence whose parameters start at offset start.
func rwCsiLen(s string, start int) int {
	for j := start; j < len(s); j++ {
		c := s[j]
		if c >= 0x40 && c <= 0x7e {
			return j + 1
		}
		if c < 0x20 || c > 0x7e {
			return j
		}
	}
	return len(s)
}

// rwOneLine folds line breaks into a visible ↵ marker.
func rwOneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ↵ ")
}

// rwTruncate shortens s to at most n runes, at a word boundary when one is near,
// marking the cut with an ellipsis.
func rwTruncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	cut := n - 1
	for j := cut; j > n*3/4; j-- {
		if rs[j] == ' ' {
			cut = j
			break
		}
	}
	return strings.TrimRight(string(rs[:cut]), " ") + "…"
}

// mdCell renders transcript text for a table cell: sanitised, on one line, shortened
// to n runes, escaped.
func mdCell(s string, n int) string {
	return mdEscRaw(rwTruncate(rwOneLine(rwSanitize(s)), n))
}

// mdEsc renders any report string for Markdown: sanitised, on one line, escaped.
func mdEsc(s string) string {
	return mdEscRaw(rwOneLine(rwSanitize(s)))
}

// mdEscRaw escapes already sanitised one-line text for GitHub-flavoured Markdown:
// inline markup, HTML, table pipes, math dollars and entity ampersands are
// backslash-escaped, a leading block marker is neutralised, and @mentions are broken
// with a word joiner so a report never pings anyone.
func mdEscRaw(s string) string { return mdEscRawMid(s, true) }

// mdEscRawMid is mdEscRaw for a piece of a line: block markers are neutralised only
// when the piece starts the line.
func mdEscRawMid(s string, start bool) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, c := range s {
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&', '$', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '#', '+', '-', '=':
			if i == 0 && start {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		case '@':
			b.WriteRune(c)
			if i+1 < len(s) && rwIsWordByte(s[i+1]) {
				b.WriteRune('\u2060')
			}
		default:
			b.WriteRune(c)
		}
	}
	out := b.String()
	if !start {
		return out
	}
	// A leading ordered-list marker ("1. ", "2) ") would start a list.
	j := 0
	for j < len(out) && out[j] >= '0' && out[j] <= '9' {
		j++
	}
	if j > 0 && j < len(out) && (out[j] == '.' || out[j] == ')') {
		out = out[:j] + "\\" + out[j:]
	}
	return out
}

func rwIsWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func mdGlyph(family string) string {
	return "`" + FamilyGlyph(family) + "`"
}

func mdSeverity(s string) string {
	switch s {
	case SevError:
		return "⛔ **error**"
	case SevWarning:
		return "⚠️ warning"
	case SevInfo:
		return "ℹ️ info"
	case "":
		return "none"
	}
	return mdEsc(s)
}

// rwSeg is a run of quoted text; Mark runs are what changed between the two sides.
type rwSeg struct {
	T    string
	Mark bool
	// Key marks a value the finding's detail quotes: the window slides to it first.
	Key bool
}

var rwQuoted = regexp.MustCompile(`"([^"\n]{1,80})"`)

// rwKeys are the values a finding's detail quotes ("5432" became "6432").
func rwKeys(detail string) []string {
	var out []string
	for _, m := range rwQuoted.FindAllStringSubmatch(detail, 8) {
		out = append(out, m[1])
	}
	return out
}

// rwMarks lists what to highlight in self, a finding's side, against other, the
// finding's other side: exact tokens whose value the other side does not carry, the
// modality cue when the force differs, qualifiers the other side lost. A side with no
// counterpart (an addition's summary) marks its exact tokens.
func rwMarks(self, other *Side, summarySide bool) []string {
	if self == nil || (other == nil && !summarySide) {
		return nil // an omission's lost fact: nothing to contrast it with
	}
	var out []string
	norms := map[string]bool{}
	if other != nil {
		for _, t := range other.Tokens {
			norms[t.Norm] = true
		}
	}
	for _, t := range self.Tokens {
		if t.Raw != "" && !norms[t.Norm] {
			out = append(out, t.Raw)
		}
	}
	if other == nil {
		return out
	}
	if self.Modality.Cue != "" && (self.Modality.Level != other.Modality.Level || self.Modality.Negative != other.Modality.Negative) {
		out = append(out, self.Modality.Cue)
	}
	have := map[string]bool{}
	for _, q := range other.Qualifiers {
		have[strings.ToLower(q)] = true
	}
	for _, q := range self.Qualifiers {
		if q != "" && !have[strings.ToLower(q)] {
			out = append(out, q)
		}
	}
	return out
}

// rwSegments splits text at every whole-word, ASCII-case-insensitive occurrence of
// the marks (longest first, no overlaps).
func rwSegments(text string, marks []string, keys ...string) []rwSeg {
	if len(marks)+len(keys) == 0 || text == "" {
		return []rwSeg{{T: text}}
	}
	isKey := map[string]bool{}
	for _, k := range keys {
		isKey[rwASCIILower(strings.TrimSpace(k))] = true
	}
	ms := append(append([]string(nil), marks...), keys...)
	sort.SliceStable(ms, func(i, j int) bool { return len(ms[i]) > len(ms[j]) })
	lower := rwASCIILower(text)
	taken := make([]bool, len(text))
	type span struct{ a, b int }
	var spans []span
	for _, m := range ms {
		m = rwASCIILower(strings.TrimSpace(m))
		if m == "" {
			continue
		}
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], m)
			if i < 0 {
				break
			}
			a, b := from+i, from+i+len(m)
			from = b
			if (a > 0 && rwIsWordByte(lower[a-1]) && rwIsWordByte(lower[a])) || (b < len(lower) && rwIsWordByte(lower[b]) && rwIsWordByte(lower[b-1])) {
				continue
			}
			free := true
			for k := a; k < b; k++ {
				if taken[k] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for k := a; k < b; k++ {
				taken[k] = true
			}
			spans = append(spans, span{a, b})
		}
	}
	if len(spans) == 0 {
		return []rwSeg{{T: text}}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].a < spans[j].a })
	var out []rwSeg
	at := 0
	for _, s := range spans {
		if s.a > at {
			out = append(out, rwSeg{T: text[at:s.a]})
		}
		out = append(out, rwSeg{T: text[s.a:s.b], Mark: true, Key: isKey[lower[s.a:s.b]]})
		at = s.b
	}
	if at < len(text) {
		out = append(out, rwSeg{T: text[at:]})
	}
	return out
}

// rwTruncateSegs shortens segments to n runes in all, like rwTruncate. When the first
// mark would fall past the cut, the window slides to it and an ellipsis opens the text.
func rwTruncateSegs(segs []rwSeg, n int) []rwSeg {
	segs = rwSlideToMark(segs, n)
	total := 0
	for _, s := range segs {
		total += utf8.RuneCountInString(s.T)
	}
	if total <= n {
		return segs
	}
	var out []rwSeg
	left := n - 1
	for _, s := range segs {
		c := utf8.RuneCountInString(s.T)
		if c <= left {
			out = append(out, s)
			left -= c
			continue
		}
		if left > 0 && !s.Mark {
			cut := rwTruncate(s.T, left+1)
			out = append(out, rwSeg{T: strings.TrimSuffix(cut, "…"), Mark: s.Mark})
		}
		break
	}
	if len(out) > 0 && !out[len(out)-1].Mark {
		out[len(out)-1].T = strings.TrimRight(out[len(out)-1].T, " ")
	}
	return append(out, rwSeg{T: "…"})
}

func rwASCIILower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// rwInvariantLine sums up the invariant timeline in one sentence.
func rwInvariantLine(n, dropped, flagged, para, unknown int) string {
	s := rwPlural(n, "invariant", "invariants") + " tracked: "
	switch {
	case dropped == 0:
		s += "none dropped"
	case flagged == dropped && dropped == 1:
		s += "1 dropped without a retirement event"
	case flagged == dropped:
		s += fmt.Sprintf("%d dropped, all without a retirement event", dropped)
	case flagged == 0:
		s += fmt.Sprintf("%d dropped, each after a retirement event", dropped)
	default:
		s += fmt.Sprintf("%d dropped, %d of them without a retirement event", dropped, flagged)
	}
	if para > 0 {
		s += fmt.Sprintf("; %d paraphrased in some round (paraphrased is not verbatim)", para)
	}
	if unknown > 0 {
		s += fmt.Sprintf("; %s unknown in opaque rounds", rwPlural(unknown, "state", "states"))
	}
	return s + "."
}

// rwUnknownStates counts invariant states that opaque rounds leave unknown.
func rwUnknownStates(r *Report) int {
	n := 0
	for _, inv := range r.Invariants {
		for _, st := range inv.States {
			if st.State == StateOpaque {
				n++
			}
		}
	}
	return n
}

// rwSlideToMark drops leading text when the first marked segment would not fit in n
// runes, keeping about a third of the window as context before it.
func rwSlideToMark(segs []rwSeg, n int) []rwSeg {
	key := false
	for _, s := range segs {
		key = key || s.Key
	}
	at := 0
	for i, s := range segs {
		c := utf8.RuneCountInString(s.T)
		if !s.Mark || (key && !s.Key) {
			at += c
			continue
		}
		if at+c <= n-2 {
			return segs
		}
		keep := n / 3
		if keep > at {
			keep = at
		}
		var out []rwSeg
		// Keep the last keep runes before the mark, from a word start when one is near.
		var before []rune
		for _, p := range segs[:i] {
			before = append(before, []rune(p.T)...)
		}
		tail := before[len(before)-keep:]
		for j := 0; j < len(tail) && j < keep/2; j++ {
			if tail[j] == ' ' {
				tail = tail[j+1:]
				break
			}
		}
		out = append(out, rwSeg{T: "…" + string(tail)})
		return append(out, segs[i:]...)
	}
	return segs
}
