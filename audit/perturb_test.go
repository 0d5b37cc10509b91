package audit_test

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/perturb"
)

// The perturbation suite (issue 7, item 5): every kind of perturb plants one change in a
// faithful summary; the audit should report it (the target: recall at least
// minRecall per kind) and stay quiet on meaning-preserving rewrites (at most maxTrapFP of
// trap cases with a finding at warning or above). See audit/perturb/README.md for the
// matching rule.
//
// Not every kind meets the target yet. The test fails when a kind falls below the
// target and below its measured floor (recallFloor, trapFloor: the figures of seed 1, 30
// cases a kind, when they were last raised), so it guards what the engine does today and
// logs how far each kind is from the target.
const (
	minRecall = 0.90
	maxTrapFP = 0.05
	// maxVerbatimFP bounds the cases whose round 1 (a verbatim copy) has a finding at
	// warning or above.
	maxVerbatimFP = 0.05
)

// perturbOutcome is the score of one case.
type perturbOutcome struct {
	found     bool
	wrongFam  int // findings at the site with a family the change does not accept
	spurious  int // round-2 findings at warning or above not at the site
	round1    int // round-1 findings at warning or above
	round2Sev []audit.Finding
	// caused counts round-2 findings at warning or above that round 1 (the verbatim
	// copy) does not also have: the ones the change itself brought.
	caused     int
	foundBy    string
	foundRule  string
	foundLevel string
}

// perturbRow is one kind's line of the table.
type perturbRow struct {
	kind     perturb.Kind
	cases    int
	found    int
	wrongFam int
	spurious int
	r1Cases  int
	fpCases  int // traps: cases with any round-2 finding at warning or above
	caused   int // traps: cases with a round-2 finding round 1 does not have
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a non-negative integer", name, v)
	}
	return n
}

func TestPerturbation(t *testing.T) {
	if testing.Short() || raceEnabled && os.Getenv("PERTURB_N") == "" {
		t.Skip("the perturbation suite audits ~800 sessions; run it without -short and without -race (or set PERTURB_N)")
	}
	corpus, err := perturb.LoadCorpus("perturb/testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(envInt(t, "PERTURB_SEED", 1))
	n := envInt(t, "PERTURB_N", 30)
	verbose := os.Getenv("PERTURB_VERBOSE") != ""
	var rows []perturbRow
	for _, k := range perturb.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			cases, err := perturb.Generate(corpus, k.Name, n, seed)
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) == 0 {
				t.Skip("no sites in the corpus")
			}
			row := perturbRow{kind: k, cases: len(cases)}
			shown := 0
			for i, o := range scoreAll(cases) {
				c := cases[i]
				row.add(o, k.Trap)
				bad := k.Trap && len(o.round2Sev) > 0 || !k.Trap && !o.found
				if bad && (verbose || shown < 3) {
					shown++
					t.Logf("%s\n%s", describeMiss(c, o), indent(c.Diff()))
				}
			}
			rows = append(rows, row)
			t.Log(row.line())
			row.check(t, floorsApply(seed, n))
		})
	}
	t.Logf("perturbation suite, seed %d, up to %d cases a kind:\n%s", seed, n, table(rows))
}

// scoreAll scores the cases on GOMAXPROCS workers; outcomes keep the cases' order.
func scoreAll(cases []perturb.Case) []perturbOutcome {
	out := make([]perturbOutcome, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, runtime.GOMAXPROCS(0)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = scoreCase(cases[i])
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// findingKey identifies a finding across rounds 1 and 2 (same family and quoted texts).
func findingKey(f audit.Finding) string {
	return f.Family + "\x00" + sideText(f.Source) + "\x00" + sideText(f.Summary)
}

func scoreCase(c perturb.Case) perturbOutcome {
	rep := audit.Run(c.Session(), audit.Options{})
	var o perturbOutcome
	inRound1 := map[string]bool{}
	for _, r := range rep.Rounds {
		for _, f := range append(append([]audit.Finding{}, r.Findings...), r.Cumulative...) {
			if audit.SeverityRank(f.Severity) < audit.SeverityRank(audit.SevWarning) {
				continue
			}
			if r.Round == 1 {
				o.round1++
				inRound1[findingKey(f)] = true
				continue
			}
			o.round2Sev = append(o.round2Sev, f)
			if !inRound1[findingKey(f)] {
				o.caused++
			}
			src, sum := sideText(f.Source), sideText(f.Summary)
			switch {
			case c.Change.Trap:
				o.spurious++
			case !c.Change.AtSite(src, sum):
				o.spurious++
			case c.Change.Accepts(f.Family):
				if !o.found {
					o.found, o.foundBy, o.foundRule, o.foundLevel = true, f.Family, f.Rule, f.Severity
				}
			default:
				o.wrongFam++
			}
		}
	}
	return o
}

func sideText(s *audit.Side) string {
	if s == nil {
		return ""
	}
	return s.Text
}

func (r *perturbRow) add(o perturbOutcome, trap bool) {
	if o.found {
		r.found++
	}
	r.wrongFam += o.wrongFam
	r.spurious += o.spurious
	if o.round1 > 0 {
		r.r1Cases++
	}
	if trap && len(o.round2Sev) > 0 {
		r.fpCases++
	}
	if trap && o.caused > 0 {
		r.caused++
	}
}

func (r perturbRow) recall() float64 { return float64(r.found) / float64(r.cases) }
func (r perturbRow) fpRate() float64 { return float64(r.fpCases) / float64(r.cases) }
func (r perturbRow) r1Rate() float64 { return float64(r.r1Cases) / float64(r.cases) }

func (r perturbRow) line() string {
	if r.kind.Trap {
		return fmt.Sprintf("%-18s trap  cases %3d  flagged %3d  FP %5.1f%%  by the rewrite %3d  findings/case %4.2f  round-1 FP %5.1f%%",
			r.kind.Name, r.cases, r.fpCases, 100*r.fpRate(), r.caused, float64(r.spurious)/float64(r.cases), 100*r.r1Rate())
	}
	return fmt.Sprintf("%-18s %-28s cases %3d  found %3d  recall %5.1f%%  wrong family %3d  spurious/case %4.2f  round-1 FP %5.1f%%",
		r.kind.Name, strings.Join(r.kind.Families, ","), r.cases, r.found, 100*r.recall(), r.wrongFam, float64(r.spurious)/float64(r.cases), 100*r.r1Rate())
}

// recallFloor is each below-target kind's measured recall (seed 1, 30 cases a kind); a
// kind not listed must meet minRecall.
var recallFloor = map[string]float64{}

// trapFloor is each above-target trap's measured false-alarm rate; a trap not listed
// must stay within maxTrapFP (today every trap does).
var trapFloor = map[string]float64{}

// floorsApply reports whether the run is the one the floors were measured on.
func floorsApply(seed uint64, n int) bool { return seed == 1 && n == 30 }

func (r perturbRow) check(t *testing.T, floors bool) {
	t.Helper()
	const eps = 1e-9
	if r.kind.Trap && r.fpRate() > maxTrapFP {
		limit, ok := trapFloor[r.kind.Name]
		msg := fmt.Sprintf("%s: %d of %d meaning-preserving rewrites reported at warning or above (%.1f%%; target %.0f%%)", r.kind.Name, r.fpCases, r.cases, 100*r.fpRate(), 100*maxTrapFP)
		if floors && (!ok || r.fpRate() > limit+eps) {
			t.Errorf("%s, above the measured ceiling %.1f%%", msg, 100*limit)
		} else {
			t.Logf("below target: %s", msg)
		}
	}
	if !r.kind.Trap && r.recall() < minRecall {
		floor, ok := recallFloor[r.kind.Name]
		msg := fmt.Sprintf("%s: %d of %d planted changes found (%.1f%%; target %.0f%%)", r.kind.Name, r.found, r.cases, 100*r.recall(), 100*minRecall)
		if floors && (!ok || r.recall() < floor-eps) {
			t.Errorf("%s, below the measured floor %.1f%%", msg, 100*floor)
		} else {
			t.Logf("below target: %s", msg)
		}
	}
	if r.r1Rate() > maxVerbatimFP {
		t.Errorf("%s: %d of %d cases have a finding at warning or above on round 1, a verbatim copy (%.1f%% > %.0f%%)", r.kind.Name, r.r1Cases, r.cases, 100*r.r1Rate(), 100*maxVerbatimFP)
	}
}

func table(rows []perturbRow) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-18s %-30s %5s %5s %7s %6s %8s %7s\n", "kind", "family", "cases", "found", "recall", "wrong", "spur/cs", "r1 FP")
	for _, r := range rows {
		if r.kind.Trap {
			continue
		}
		fmt.Fprintf(&sb, "%-18s %-30s %5d %5d %6.1f%% %6d %8.2f %6.1f%%\n", r.kind.Name, strings.Join(r.kind.Families, ","), r.cases, r.found, 100*r.recall(), r.wrongFam, float64(r.spurious)/float64(r.cases), 100*r.r1Rate())
	}
	fmt.Fprintf(&sb, "\n%-18s %5s %7s %7s %8s %8s %7s\n", "trap", "cases", "flagged", "FP", "by-edit", "find/cs", "r1 FP")
	for _, r := range rows {
		if r.kind.Trap {
			fmt.Fprintf(&sb, "%-18s %5d %7d %6.1f%% %8d %8.2f %6.1f%%\n", r.kind.Name, r.cases, r.fpCases, 100*r.fpRate(), r.caused, float64(r.spurious)/float64(r.cases), 100*r.r1Rate())
		}
	}
	sb.WriteString("\nfound: a round-2 finding at warning or above, of an accepted family, at the change's anchor;\n" +
		"wrong: findings at the anchor with another family; spur/cs: other round-2 findings at warning or above per case;\n" +
		"r1 FP: cases whose round 1 (a verbatim copy) has a finding at warning or above;\n" +
		"by-edit: trap cases with a round-2 finding round 1 does not also have (what the rewrite itself set off).\n")
	return sb.String()
}

func describeMiss(c perturb.Case, o perturbOutcome) string {
	var sb strings.Builder
	what := "missed"
	if c.Change.Trap {
		what = "flagged"
	}
	fmt.Fprintf(&sb, "%s %s (%s, line %d, %s): want %s at %q / %q", what, c.ID, c.Corpus, c.Change.Line, c.Change.Variant, strings.Join(c.Change.Families, " or "), c.Change.SourceAnchor, c.Change.SummaryAnchor)
	for i, f := range o.round2Sev {
		if i == 4 {
			fmt.Fprintf(&sb, "\n    ... %d more", len(o.round2Sev)-i)
			break
		}
		fmt.Fprintf(&sb, "\n    round 2 %s %s %s: %s", f.Severity, f.Family, f.Rule, indent(clip(f.Detail, 120))[4:])
	}
	return sb.String()
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// indent indents a diff for the log, with control characters shown as '?' (no byte of
// a corpus text reaches a terminal raw).
func indent(s string) string {
	s = strings.Map(func(r rune) rune {
		if r != '\n' && (r < 0x20 || r >= 0x7f && r < 0xa0) {
			return '?'
		}
		return r
	}, clip(s, 1200))
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}
