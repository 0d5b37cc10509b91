package audit

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
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
	for _, n := range reportNotes(r) {
		m.ln("> **Caveat.** " + mdEsc(n))
		m.ln("")
	}
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
	m.rules(r)
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

// mdLineage is the round's lineage and token line: compaudit's own counts and the
// agent's recorded context sizes, each labelled as what it is.
func mdLineage(rd *Round) string {
	var parts []string
	parts = append(parts, "**sources** "+mdEsc(rwSourcesLine(rd)))
	parts = append(parts, "**compaudit counted** "+rwTokensLine(rd))
	if rd.Tokens.Target > 0 && !rd.Opaque {
		parts = append(parts, "**target** "+rwTargetLine(rd.Tokens))
	}
	if a := rwAgentLine(rd.Tokens); a != "" {
		parts = append(parts, "**agent recorded** "+a)
	}
	d := fmt.Sprintf("**depth** %d", rd.Depth)
	if rd.Depth > 2 {
		d += " ▲ **over 2** (a summary of summaries: invariant bleed concentrates here)"
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

// rwTokensLine is compaudit's own token count of a round: the replaced text and the
// summary, with their ratio; an opaque summary is not text and is not counted.
func rwTokensLine(rd *Round) string {
	t := rd.Tokens
	switch {
	case rd.Opaque:
		return fmt.Sprintf("sources %s → summary not counted (opaque)", rwFmtInt(t.Sources))
	case t.Sources == 0 && t.Summary == 0:
		return "not counted"
	}
	return fmt.Sprintf("sources %s → summary %s tokens (ratio %s)", rwFmtInt(t.Sources), rwFmtInt(t.Summary), rwFmtRatio(t.Ratio))
}

// rwAgentLine is the context size the agent itself recorded before and after
// compacting ("" when it recorded neither; a missing one is "not recorded", never 0).
func rwAgentLine(t Tokens) string {
	if t.PreTokens <= 0 && t.PostTokens <= 0 {
		return ""
	}
	f := func(n int) string {
		if n <= 0 {
			return "not recorded"
		}
		return rwFmtInt(n)
	}
	return "context " + f(t.PreTokens) + " → " + f(t.PostTokens)
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
			mdGlyph(f.Family)+" "+mdEsc(FamilyLabel(f.Family))+mdRuleRef(f.Rule),
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
