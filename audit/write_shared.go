package audit

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/compaudit/compaudit/classify"
)

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

// rwOrderFindings orders findings most important first (the engine's rank, else
// severity and importance: MoreImportant), then by family, keeping the engine's order
// otherwise, and numbers them.
func rwOrderFindings(fs []Finding) []rwIndexed {
	out := make([]rwIndexed, len(fs))
	for i := range fs {
		out[i] = rwIndexed{F: &fs[i]}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].F, out[j].F
		if MoreImportant(a, b) != MoreImportant(b, a) {
			return MoreImportant(a, b)
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
	if s.Call != "" {
		parts = append(parts, "output of "+s.Call)
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
