package audit

import (
	"fmt"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
	"github.com/compaudit/compaudit/sessions"
)

// Check names.
const (
	CheckDensity  = "constraint_density"
	CheckDepth    = "recursive_depth"
	CheckVerbatim = "invariants_verbatim"
	CheckCount    = "invariant_count"
	CheckGrowth   = "summary_growth"
	CheckTarget   = "token_target"
	MaxSafeDepth  = 2
)

// prohibitions counts the prohibition cues of a text (never, must not, do not ...).
func prohibitions(text string) int {
	n := 0
	for _, h := range lexicon.Default().Find(text) {
		if h.Category == "deontic" && h.Attr("sign") == "-" {
			n++
		}
	}
	return n
}

// runChecks runs the seed's structural guards per round.
func runChecks(s *sessions.Session, r *Report) []Check {
	out := []Check{}
	prevPresent := -1
	prevSummary := -1
	for k, rd := range r.Rounds {
		if rd.Opaque {
			out = append(out, Check{Name: CheckDensity, Round: rd.Round, Passed: true, Severity: SevInfo, Detail: "opaque summary: not checked"})
			prevPresent, prevSummary = -1, rd.Tokens.Summary
			continue
		}
		active, present, verbatim, retiredNow, activeProhib := 0, 0, 0, 0, 0
		for _, inv := range r.Invariants {
			st := inv.States[k].State
			switch st {
			case StatePending:
				continue
			case StateRetired:
				retiredNow++
				continue
			}
			active++
			if inv.Kind == "prohibition" {
				activeProhib++
			}
			if st == StateVerbatim || st == StateParaphrased {
				present++
			}
			if st == StateVerbatim {
				verbatim++
			}
		}
		// constraint density
		c := s.Compaction(rd.ID)
		prohib := prohibitions(c.Summary)
		srcC, sumC := countClass(rd.SourceFacts, classify.ExactConstraint), countClass(rd.SummaryFacts, classify.ExactConstraint)
		dens := Check{Name: CheckDensity, Round: rd.Round, Passed: true, Severity: SevError}
		srcD := perK(srcC, rd.Tokens.Sources)
		sumD := perK(sumC, rd.Tokens.Summary)
		dens.Detail = fmt.Sprintf("%d prohibition word(s) for %d active invariant(s); constraints per 1k tokens %.1f in sources, %.1f in summary", prohib, active, srcD, sumD)
		if activeProhib > 0 && prohib == 0 {
			dens.Passed = false
			dens.Detail = fmt.Sprintf("%d active prohibition(s) but the summary contains no prohibition (never, must not, do not, forbidden): lossy promotion; ", activeProhib) + dens.Detail
		} else if srcC >= 3 && sumC*2 < srcC && sumD < srcD*0.5 {
			dens.Passed = false
			dens.Detail = fmt.Sprintf("constraint density collapsed: %d constraint fact(s) in the sources, %d in the summary; ", srcC, sumC) + dens.Detail
		}
		out = append(out, dens)
		// depth
		dc := Check{Name: CheckDepth, Round: rd.Round, Passed: rd.Depth <= MaxSafeDepth, Severity: SevWarning,
			Detail: fmt.Sprintf("recursive depth %d (cap %d)", rd.Depth, MaxSafeDepth)}
		if !dc.Passed {
			dc.Detail += ": a summary of a summary of a summary; rehydrate invariants from the transcript or a manifest"
		}
		out = append(out, dc)
		// verbatim presence
		vc := Check{Name: CheckVerbatim, Round: rd.Round, Passed: verbatim == active, Severity: SevWarning,
			Detail: fmt.Sprintf("%d of %d active invariant(s) present verbatim", verbatim, active)}
		out = append(out, vc)
		// count non-decreasing
		if prevPresent >= 0 {
			cc := Check{Name: CheckCount, Round: rd.Round, Passed: present >= prevPresent, Severity: SevError,
				Detail: fmt.Sprintf("invariants preserved: %d (previous round %d)", present, prevPresent)}
			out = append(out, cc)
		}
		prevPresent = present
		// growth
		if prevSummary >= 0 {
			g := Check{Name: CheckGrowth, Round: rd.Round, Passed: rd.Tokens.Summary <= prevSummary, Severity: SevWarning,
				Detail: fmt.Sprintf("summary %d tokens (previous round %d)", rd.Tokens.Summary, prevSummary)}
			if !g.Passed {
				g.Detail += ": the summary grew, so the token budget was not reclaimed"
			}
			out = append(out, g)
		}
		prevSummary = rd.Tokens.Summary
		if rd.Tokens.Target > 0 {
			out = append(out, Check{Name: CheckTarget, Round: rd.Round, Passed: rd.Tokens.Summary <= rd.Tokens.Target, Severity: SevInfo,
				Detail: fmt.Sprintf("summary %d tokens, target %d", rd.Tokens.Summary, rd.Tokens.Target)})
		}
	}
	return out
}

func countClass(fs []classify.Fact, c classify.Class) int {
	n := 0
	for i := range fs {
		if fs[i].Has(c) {
			n++
		}
	}
	return n
}

func perK(n, tokens int) float64 {
	if tokens == 0 {
		return 0
	}
	return float64(int(float64(n)*10000/float64(tokens)+0.5)) / 10
}
