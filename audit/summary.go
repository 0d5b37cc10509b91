package audit

import (
	"fmt"
	"slices"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// TopFindings is how many findings the report's top list names.
const TopFindings = 5

// rank orders every finding of the report by severity, then weight, then round: one
// ranking across rounds. Report.Top names the first few.
func rank(r *Report) {
	type ref struct{ round, k int }
	var all []ref
	for i := range r.Rounds {
		for k := range r.Rounds[i].Findings {
			all = append(all, ref{i, k})
		}
	}
	get := func(x ref) *Finding { return &r.Rounds[x.round].Findings[x.k] }
	slices.SortStableFunc(all, func(a, b ref) int {
		fa, fb := get(a), get(b)
		if d := SeverityRank(fb.Severity) - SeverityRank(fa.Severity); d != 0 {
			return d
		}
		switch {
		case fa.Importance > fb.Importance:
			return -1
		case fa.Importance < fb.Importance:
			return 1
		}
		if a.round != b.round {
			return a.round - b.round
		}
		return a.k - b.k
	})
	r.Top = []string{}
	for n, x := range all {
		f := get(x)
		f.Rank = n + 1
		if n < TopFindings && f.Severity != SevInfo {
			r.Top = append(r.Top, f.ID)
		}
	}
}

// carryLosses: a source fact lost in round k is reported there once; later rounds
// list it as still lost (their cumulative audit does not report it again).
func carryLosses(r *Report) {
	first := map[string]Finding{}
	firstRound := map[string]int{}
	for i := range r.Rounds {
		rd := &r.Rounds[i]
		kept := rd.Cumulative[:0]
		for _, f := range rd.Cumulative {
			if f.Source == nil {
				kept = append(kept, f)
				continue
			}
			if g, ok := first[f.Source.Text]; ok {
				rd.StillLost = append(rd.StillLost, StillLost{Finding: g.ID, Round: firstRound[f.Source.Text], Text: f.Source.Text})
				continue
			}
			kept = append(kept, f)
		}
		rd.Cumulative = kept
		for _, f := range rd.Findings {
			if f.Source != nil && (f.Family == Omission || f.Family == Mutation) && f.Severity != SevInfo {
				if _, ok := first[f.Source.Text]; !ok {
					first[f.Source.Text] = f
					firstRound[f.Source.Text] = rd.Round
				}
			}
		}
		for k := range rd.Cumulative {
			f := rd.Cumulative[k]
			f.ID = fmt.Sprintf("r%d.c%d", rd.Round, k+1)
			rd.Cumulative[k] = f
			if _, ok := first[f.Source.Text]; !ok && f.Source != nil {
				first[f.Source.Text] = f
				firstRound[f.Source.Text] = rd.Round
			}
		}
	}
}

// retiredOmissions lowers to info the omissions of facts that state a manifest
// invariant retired at or before this round: its disappearance is expected.
func retiredOmissions(s *sessions.Session, c *sessions.Compaction, fs []Finding) {
	if s.Manifest == nil || len(s.Manifest.Events) == 0 {
		return
	}
	last := s.LastSourceIndex(c)
	for _, inv := range s.Manifest.Invariants {
		at, reason, ok := retirement(s, inv.ID)
		if !ok || at > last {
			continue
		}
		iw := classify.Terms(inv.Text, classify.Values(inv.Text))
		for k := range fs {
			f := &fs[k]
			if f.Family != Omission || f.Source == nil || f.Severity == SevInfo {
				continue
			}
			if termShare(iw, classify.Terms(f.Source.Text, classify.Values(f.Source.Text))) >= 0.6 {
				f.Severity = SevInfo
				f.Invariant = inv.ID
				f.Detail += fmt.Sprintf("; invariant %s was retired (%s)", inv.ID, reason)
			}
		}
	}
}

// termShare is the share of a's terms found in b.
func termShare(a, b []string) float64 {
	if len(a) == 0 {
		return 0
	}
	n := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// survival counts, per class, the source facts kept (paired, and not mutated or
// collapsed at warning or worse) of the total.
func survival(src []classify.Fact, pairs []Pair, fs []Finding) []Survival {
	kept := make([]bool, len(src))
	for _, p := range pairs {
		if p.Source >= 0 && p.Summary >= 0 && p.Source < len(kept) {
			kept[p.Source] = true
		}
	}
	for _, k := range loudAbout(fs) {
		if k < len(kept) {
			kept[k] = false
		}
	}
	return survivalOf(src, kept)
}

// loudAbout lists the source facts a finding above info says were lost or changed.
func loudAbout(fs []Finding) []int {
	var out []int
	for _, f := range fs {
		if f.Source != nil && f.Source.Fact >= 0 && f.Family != Addition && SeverityRank(f.Severity) >= SeverityRank(SevWarning) {
			out = append(out, f.Source.Fact)
		}
	}
	return out
}

// survivalOf counts, per class, the facts of src and those kept.
func survivalOf(src []classify.Fact, kept []bool) []Survival {
	out := []Survival{}
	for _, cl := range classify.AllClasses {
		sv := Survival{Class: cl}
		for i := range src {
			if src[i].Has(cl) {
				sv.Total++
				if kept[i] {
					sv.Kept++
				}
			}
		}
		out = append(out, sv)
	}
	return out
}

func summarize(s *sessions.Session, r *Report) Summary {
	sm := Summary{Rounds: len(r.Rounds), Messages: len(s.Messages), ByFamily: map[string]int{}, BySeverity: map[string]int{}}
	for _, f := range Families {
		sm.ByFamily[f] = 0
	}
	for _, sv := range []string{SevError, SevWarning, SevInfo} {
		sm.BySeverity[sv] = 0
	}
	worst := 0
	for _, rd := range r.Rounds {
		if rd.Opaque {
			sm.OpaqueRounds++
		}
		for _, f := range rd.Findings {
			sm.Findings++
			sm.ByFamily[f.Family]++
			sm.BySeverity[f.Severity]++
			worst = max(worst, SeverityRank(f.Severity))
		}
	}
	for _, inv := range r.Invariants {
		if inv.Flagged {
			sm.Flagged++
		}
	}
	for _, c := range r.Checks {
		if !c.Passed {
			sm.FailedChecks++
		}
	}
	sm.Worst = map[int]string{3: SevError, 2: SevWarning, 1: SevInfo, 0: "none"}[worst]
	return sm
}
