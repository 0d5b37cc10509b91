package audit

import (
	"fmt"
	"sort"
	"strings"
)

// FailOn is the rule `compaudit check` applies.
type FailOn struct {
	// MinSeverity is the lowest severity that fails (0 when severities do not fail).
	MinSeverity int
	Families    map[string]bool
	Flagged     bool
	Checks      bool
}

// ParseFailOn parses a comma-separated list: severities (error, warning, info; the
// lowest one named sets the threshold), family names, "flagged", "checks", "none".
func ParseFailOn(list string) (FailOn, error) {
	var f FailOn
	f.Families = map[string]bool{}
	for _, item := range strings.Split(list, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		switch {
		case item == "" || item == "none":
		case SeverityRank(item) > 0:
			if f.MinSeverity == 0 || SeverityRank(item) < f.MinSeverity {
				f.MinSeverity = SeverityRank(item)
			}
		case item == "flagged" || item == "invariants":
			f.Flagged = true
		case item == "checks":
			f.Checks = true
		case isFamily(item):
			f.Families[item] = true
		case item == "epistemic-collapse" || item == "provenance-loss":
			f.Families[strings.ReplaceAll(item, "-", "_")] = true
		default:
			return f, fmt.Errorf("--fail-on: unknown item %q (want error, warning, info, a family name, flagged, checks or none)", item)
		}
	}
	return f, nil
}

func isFamily(s string) bool {
	for _, f := range Families {
		if f == s {
			return true
		}
	}
	return false
}

// Match returns one line per report item that fails the rule, in report order.
func (f FailOn) Match(r *Report) []string {
	var out []string
	for _, rd := range r.Rounds {
		for _, fd := range rd.Findings {
			if (f.MinSeverity > 0 && SeverityRank(fd.Severity) >= f.MinSeverity) || f.Families[fd.Family] {
				out = append(out, fmt.Sprintf("round %d: %s %s (%s): %s%s", rd.Round, fd.Severity, fd.Family, fd.Class, fd.Detail, quoteSides(fd)))
			}
		}
		// losses that bled through several rounds count too: the agent acts on this summary
		for _, fd := range rd.Cumulative {
			if (f.MinSeverity > 0 && SeverityRank(fd.Severity) >= f.MinSeverity) || f.Families[fd.Family] {
				out = append(out, fmt.Sprintf("round %d (against the original messages): %s %s (%s): %s%s", rd.Round, fd.Severity, fd.Family, fd.Class, fd.Detail, quoteSides(fd)))
			}
		}
	}
	if f.Flagged {
		for _, inv := range r.Invariants {
			if inv.Flagged && inv.DroppedInRound != nil {
				out = append(out, fmt.Sprintf("round %d: invariant %s dropped without a retirement event: %q", *inv.DroppedInRound, inv.ID, inv.Text))
			}
		}
	}
	if f.Checks {
		for _, c := range r.Checks {
			if !c.Passed {
				out = append(out, fmt.Sprintf("check %s failed: %s", c.Name, c.Detail))
			}
		}
	}
	return out
}

// checkQuoteRunes caps each side quoted on a check line.
const checkQuoteRunes = 100

// quoteSides quotes a finding's two sides on one line: the source fact with its message
// id, then what the summary says instead.
func quoteSides(fd Finding) string {
	var b strings.Builder
	if fd.Source != nil && fd.Source.Text != "" {
		fmt.Fprintf(&b, " | %s %q", orDash(fd.Source.Message), oneLineCut(fd.Source.Text, checkQuoteRunes))
	}
	if fd.Summary != nil && fd.Summary.Text != "" {
		fmt.Fprintf(&b, " -> summary %q", oneLineCut(fd.Summary.Text, checkQuoteRunes))
	}
	return b.String()
}

// oneLineCut folds a text onto one line and cuts it to n runes with an ellipsis.
func oneLineCut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// OneLine is the report's headline in one line.
func OneLine(r *Report) string {
	s := r.Summary
	var fams []string
	keys := make([]string, 0, len(s.ByFamily))
	for k := range s.ByFamily {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if s.ByFamily[k] > 0 {
			fams = append(fams, fmt.Sprintf("%d %s", s.ByFamily[k], k))
		}
	}
	fam := "no findings"
	if len(fams) > 0 {
		fam = strings.Join(fams, ", ")
	}
	return fmt.Sprintf("%d round(s), %s; %d invariant(s) dropped without retirement; %d check(s) failed", s.Rounds, fam, s.Flagged, s.FailedChecks)
}
