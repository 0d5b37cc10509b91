package tui

import (
	"fmt"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
)

// The detail view explains one row: what the rule found and why it matters, both
// texts with the changed spans, the closest summary fact for an omission, the claim
// slots compared, the invariant the fact belongs to, and each fact's classification.

func (m *Model) detailView() []string {
	it := m.CurrentItem()
	if it == nil {
		return m.titled("detail", []string{" nothing selected"}, m.keys.DetailHelp(), 0)
	}
	w := max(8, m.w-2)
	var body []string
	f := it.Finding
	if f != nil {
		body = append(body, m.findingHead(it, w)...)
	} else {
		body = append(body, " "+m.st.Faint.Render("no finding on this row")+fmt.Sprintf("  alignment score %.2f", it.Score))
	}
	body = append(body, m.bothTexts(it, w)...)
	if f != nil {
		body = append(body, m.closestLines(it, w)...)
		body = append(body, m.slotLines(f, w)...)
		if inv := m.invariantOf(f); inv != nil {
			body = append(body, "", m.st.Title.Render(" the invariant it belongs to"))
			body = append(body, m.invariantDetail(inv, w)...)
		}
	}
	body = append(body, "", m.st.Title.Render(" facts as classified"))
	var fs, fm *audit.Side
	if f != nil {
		fs, fm = f.Source, f.Summary
	}
	if it.Source != nil || fs != nil {
		body = append(body, m.st.Faint.Render("  source"))
		body = append(body, describeFact(m, it.Source, fs, w)...)
	}
	if it.Summary != nil || fm != nil {
		body = append(body, m.st.Faint.Render("  summary"))
		body = append(body, describeFact(m, it.Summary, fm, w)...)
	}
	title := fmt.Sprintf("detail · round %d · row %d of %d", m.Round().Round, m.cur+1, len(m.vis))
	return m.titled(title, body, m.keys.DetailHelp(), m.detailY)
}

// findingHead is the finding's family, severity, rank, rule, importance, why and detail.
func (m *Model) findingHead(it *diffview.Item, w int) []string {
	f := it.Finding
	sep := m.st.Faint.Render(" · ")
	l := " " + m.st.Family(f.Family).Render(m.st.FamilyGlyph(f.Family)+" "+m.st.Theme.FamilyMark(f.Family).Label) + sep +
		m.st.Severity(f.Severity).Render(m.st.SeverityGlyph(f.Severity)+" "+f.Severity)
	if f.Rank > 0 {
		l += sep + fmt.Sprintf("rank %d in the session", f.Rank)
	}
	if f.ID != "" {
		l += sep + "id " + diffview.Sanitize(f.ID)
	}
	if f.Importance > 0 {
		l += sep + fmt.Sprintf("importance %.2f", f.Importance)
	}
	l += sep + "class " + diffview.Sanitize(strings.ReplaceAll(string(f.Class), "_", " "))
	if f.Score > 0 {
		l += sep + fmt.Sprintf("alignment score %.2f", f.Score)
	}
	out := []string{l}
	if it.Reported {
		out = append(out, " "+m.st.Warn.Render(fmt.Sprintf("lost in round %d: the per-round audit reported it there; this summary still lacks it", it.ReportedIn)))
	}
	if f.Why != "" {
		out = append(out, wrapPlain("why it matters: "+diffview.SanitizeText(f.Why), w, " ")...)
	}
	out = append(out, wrapPlain(diffview.SanitizeText(f.Detail), w, " ")...)
	if f.Rule != "" {
		out = append(out, " "+m.st.Faint.Render("rule ")+m.st.Key.Render(diffview.Sanitize(f.Rule)))
		if m.opt.RuleDoc != nil {
			if doc := strings.TrimSpace(m.opt.RuleDoc(f.Rule)); doc != "" {
				out = append(out, wrapPlain(diffview.SanitizeText(doc), w, "   ")...)
			}
		}
	} else {
		out = append(out, " "+m.st.Faint.Render("rule: not recorded by this engine version"))
	}
	return out
}

// bothTexts draws the source and summary texts, the changed spans emphasised.
func (m *Model) bothTexts(it *diffview.Item, w int) []string {
	src, sum := sideOf(it.Source, it.Finding, true), sideOf(it.Summary, it.Finding, false)
	var ls, lm []string
	tw := max(4, w-4)
	switch {
	case src != nil && sum != nil:
		ls, lm = diffview.PairLines(m.st, src.text, sum.text, src.tokens, sum.tokens, tw)
	case src != nil:
		ls = diffview.TextLines(m.st, src.text, tw, 0, nil)
	case sum != nil:
		lm = diffview.TextLines(m.st, sum.text, tw, 0, nil)
	}
	var out []string
	block := func(title string, s *sideText, lines []string, none string) {
		out = append(out, "")
		if s == nil {
			out = append(out, " "+m.st.Title.Render(title)+" "+m.st.Faint.Render(none))
			return
		}
		out = append(out, " "+m.st.Title.Render(title)+m.st.Faint.Render(" · "+s.where))
		for _, l := range lines {
			out = append(out, "   "+m.st.Border.Render("│ ")+l)
		}
	}
	block("source", src, ls, "(none: not in the sources)")
	block("summary", sum, lm, "(none: the summary does not carry it)")
	return out
}

// sideText is one side's text as the detail shows it.
type sideText struct {
	text, where string
	tokens      []classify.Token
}

// sideOf prefers the aligned fact; the finding's side fills in when there is none.
func sideOf(f *classify.Fact, fd *audit.Finding, source bool) *sideText {
	call := ""
	if source && fd != nil && fd.Source != nil && fd.Source.Call != "" {
		call = " · output of " + diffview.Sanitize(fd.Source.Call)
	}
	if f != nil {
		return &sideText{text: f.Text, where: where(f.Message, f.Role, "") + call, tokens: f.Tokens}
	}
	if fd == nil {
		return nil
	}
	s := fd.Summary
	if source {
		s = fd.Source
	}
	if s == nil {
		return nil
	}
	return &sideText{text: s.Text, where: where(s.Message, s.Role, s.At) + call}
}

func where(msg, role, at string) string {
	parts := []string{}
	for _, p := range []string{msg, role, at} {
		if p != "" {
			parts = append(parts, diffview.Sanitize(p))
		}
	}
	if len(parts) == 0 {
		return "unknown origin"
	}
	return strings.Join(parts, " ")
}

// closestLines shows, for an omission, the summary fact that came nearest.
func (m *Model) closestLines(it *diffview.Item, w int) []string {
	f := it.Finding
	if f.Family != audit.Omission {
		return nil
	}
	out := []string{""}
	c := f.Closest
	if c == nil {
		msg := "closest summary fact: not recorded by this engine version"
		if f.Score > 0 {
			msg += fmt.Sprintf(" (it scored %.2f)", f.Score)
		}
		return append(out, " "+m.st.Faint.Render(msg))
	}
	score := c.Score
	if score == 0 {
		score = f.Score
	}
	out = append(out, " "+m.st.Title.Render(fmt.Sprintf("closest summary fact (score %.2f, not enough to count as kept)", score))+m.st.Faint.Render(" · "+where(c.Message, c.Role, c.At)))
	src := it.Source
	var lines []string
	if src != nil {
		_, lines = diffview.PairLines(m.st, src.Text, c.Text, src.Tokens, c.Tokens, max(4, w-4))
	} else {
		lines = diffview.TextLines(m.st, c.Text, max(4, w-4), 0, nil)
	}
	for _, l := range lines {
		out = append(out, "   "+m.st.Border.Render("│ ")+l)
	}
	return out
}

// slotLines is the table of claim slots the rule compared.
func (m *Model) slotLines(f *audit.Finding, w int) []string {
	if len(f.Slots) == 0 {
		return nil
	}
	out := []string{"", " " + m.st.Title.Render("claim slots compared")}
	sw := 6
	for _, s := range f.Slots {
		sw = max(sw, min(16, diffview.Width(diffview.Sanitize(s.Slot))))
	}
	col := max(6, (w-sw-8)/2)
	out = append(out, m.st.Faint.Render("   "+diffview.Fit("slot", sw)+"  "+diffview.Fit("source", col)+"  summary"))
	for _, s := range f.Slots {
		a, b := orNone(s.Source), orNone(s.Summary)
		mark := " "
		if s.Source != s.Summary {
			mark = m.st.Warn.Render("≠")
		}
		out = append(out, " "+mark+" "+m.st.Key.Render(diffview.Fit(diffview.Sanitize(s.Slot), sw))+"  "+diffview.Fit(a, col)+"  "+b)
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return diffview.Sanitize(strings.Join(strings.Fields(s), " "))
}

// describeFact lists one side's classification: classes, exact tokens, status,
// provenance, modality. The fact is preferred; the finding's side fills gaps.
func describeFact(m *Model, f *classify.Fact, s *audit.Side, w int) []string {
	var out []string
	var (
		classes []classify.Class
		tokens  []classify.Token
		status  classify.Status
		prov    classify.Provenance
		mod     classify.Modality
		quals   []string
	)
	if s != nil {
		classes, tokens, status, prov, mod, quals = s.Classes, s.Tokens, s.Status, s.Provenance, s.Modality, s.Qualifiers
	}
	if f != nil {
		classes, tokens, status, prov, mod, quals = f.Classes, f.Tokens, f.Status, f.Provenance, f.Modality, f.Qualifiers
	}
	label := m.st.Faint.Render
	var cs []string
	for _, c := range classes {
		cs = append(cs, string(c))
	}
	if len(cs) > 0 {
		out = append(out, "   "+label("classes ")+diffview.Sanitize(strings.Join(cs, ", ")))
	}
	if len(tokens) > 0 {
		var ts []string
		for _, t := range tokens {
			x := t.Kind + " " + t.Raw
			if t.Norm != "" && t.Norm != t.Raw {
				x += " (=" + t.Norm + ")"
			}
			ts = append(ts, x)
		}
		out = append(out, wrapPlain(label("exact tokens ")+diffview.Sanitize(strings.Join(ts, " · ")), w, "   ")...)
	}
	var st []string
	for _, x := range []string{status.Epistemic, status.Resolution, status.Choice} {
		if x != "" {
			st = append(st, x)
		}
	}
	if len(st) == 0 {
		st = []string{"not stated"}
	}
	out = append(out, "   "+label("status ")+diffview.Sanitize(strings.Join(st, ", ")))
	p := prov.Role
	if prov.Source != "" {
		p += ", attributed to " + prov.Source
	}
	if prov.Who != "" {
		p += fmt.Sprintf(" (%s)", prov.Who)
	}
	if p == "" {
		p = "unknown"
	}
	out = append(out, "   "+label("provenance ")+diffview.Sanitize(p))
	if mod.Level > 0 {
		kind := "obligation"
		if mod.Negative {
			kind = "prohibition"
		}
		cue := ""
		if mod.Cue != "" {
			cue = " (\"" + mod.Cue + "\")"
		}
		out = append(out, "   "+label("modality ")+fmt.Sprintf("%s level %d", kind, mod.Level)+diffview.Sanitize(cue))
	}
	if len(quals) > 0 {
		out = append(out, "   "+label("qualifiers ")+diffview.Sanitize(strings.Join(quals, ", ")))
	}
	return out
}
