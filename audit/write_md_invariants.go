package audit

import (
	"fmt"

	"github.com/compaudit/compaudit/classify"
)

// The Markdown report's invariant timeline and survival tables.

func (m *mdWriter) invariants(r *Report) {
	m.ln("### Invariant timeline")
	m.ln("")
	if len(r.Invariants) == 0 {
		m.ln("No invariants (prohibitions, preconditions, failure records) were declared or extracted.")
		m.ln("")
		return
	}
	flagged, dropped, para := mdInvariantCounts(r)
	m.ln(rwInvariantLine(len(r.Invariants), dropped, flagged, para, rwUnknownStates(r)))
	m.ln("")
	open := ""
	if len(r.Invariants) > 12 && flagged == 0 {
		m.ln("<details><summary>Timeline</summary>")
		m.ln("")
		open = "</details>"
	}
	m.invariantTable(r)
	if open != "" {
		m.ln(open)
		m.ln("")
	}
	if m.compact > 0 {
		return
	}
	m.ln("<details><summary>Invariant details</summary>")
	m.ln("")
	for i := range r.Invariants {
		m.invariantDetail(&r.Invariants[i])
	}
	m.ln("")
	m.ln("</details>")
	m.ln("")
}

// mdInvariantCounts counts the flagged, dropped and paraphrased invariants.
func mdInvariantCounts(r *Report) (flagged, dropped, para int) {
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
	return flagged, dropped, para
}

// invariantTable writes the timeline: one row per invariant, one column per round.
func (m *mdWriter) invariantTable(r *Report) {
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
}

// invariantDetail writes one invariant's line of the details fold and what each
// round's summary says of it.
func (m *mdWriter) invariantDetail(inv *Invariant) {
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
	line += mdRetired(inv)
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

// mdRetired is " · retired at X: reason" for a retired invariant, "" otherwise.
func mdRetired(inv *Invariant) string {
	if inv.RetiredAt == "" && inv.Reason == "" {
		return ""
	}
	out := " · retired"
	if inv.RetiredAt != "" {
		out += " at " + mdEsc(inv.RetiredAt)
	}
	if inv.Reason != "" {
		out += ": " + mdEsc(inv.Reason)
	}
	return out
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
	m.ln("Facts of each class kept by each round's summary, against that round's own sources (kept/total); ◆ marks a loss in a class whose loss is a defect. There is deliberately no overall average: losing narrative is expected, losing constraints is not.")
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
		cell = "**" + cell + "** ◆"
	}
	return cell
}
