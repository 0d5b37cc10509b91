package audit

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

func intp(i int) *int { return &i }

// failOnReport has one finding of each severity, a flagged and an unflagged dropped
// invariant, and one failed check.
func failOnReport() *Report {
	return &Report{
		Rounds: []Round{
			{Round: 1, Findings: []Finding{
				{Family: Omission, Severity: SevError, Class: "constraint", Detail: "dropped the port"},
				{Family: ProvenanceLoss, Severity: SevInfo, Class: "narrative", Detail: "who said it"},
			}},
			{Round: 2, Findings: []Finding{
				{Family: Mutation, Severity: SevWarning, Class: "quantity", Detail: "5432 became 5433"},
			}},
		},
		Invariants: []Invariant{
			{ID: "inv-a", Text: "never write to staging", Flagged: true, DroppedInRound: intp(2)},
			{ID: "inv-b", Text: "retired one", Flagged: false, DroppedInRound: intp(1)},
			{ID: "inv-c", Text: "kept", Flagged: false},
		},
		Checks: []Check{
			{Name: "density", Passed: true},
			{Name: "depth", Round: 2, Passed: false, Detail: "depth 3 > 2"},
		},
	}
}

func TestParseFailOn(t *testing.T) {
	cases := []struct {
		list    string
		min     int
		fams    []string
		flagged bool
		checks  bool
	}{
		{"error", 3, nil, false, false},
		{"warning", 2, nil, false, false},
		{"error,info", 1, nil, false, false},
		{" Error , FLAGGED ", 3, nil, true, false},
		{"omission,mutation", 0, []string{"omission", "mutation"}, false, false},
		{"epistemic-collapse,provenance_loss", 0, []string{"epistemic_collapse", "provenance_loss"}, false, false},
		{"checks", 0, nil, false, true},
		{"invariants", 0, nil, true, false},
		{"none", 0, nil, false, false},
		{"", 0, nil, false, false},
	}
	for _, tc := range cases {
		f, err := ParseFailOn(tc.list)
		if err != nil {
			t.Errorf("%q: %v", tc.list, err)
			continue
		}
		if f.MinSeverity != tc.min || f.Flagged != tc.flagged || f.Checks != tc.checks || len(f.Families) != len(tc.fams) {
			t.Errorf("%q: got %+v", tc.list, f)
		}
		for _, fam := range tc.fams {
			if !f.Families[fam] {
				t.Errorf("%q: family %s missing", tc.list, fam)
			}
		}
	}
	for _, bad := range []string{"errors", "error,bogus", "critical", "omission;mutation"} {
		_, err := ParseFailOn(bad)
		if err == nil {
			t.Errorf("%q: want an error", bad)
			continue
		}
		if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "--fail-on") {
			t.Errorf("%q: error %q", bad, err)
		}
	}
}

func TestFailOnMatch(t *testing.T) {
	r := failOnReport()
	cases := []struct {
		list string
		want []string // substrings of the matched lines, in order
	}{
		{"error", []string{"round 1: error omission"}},
		{"warning", []string{"round 1: error omission", "round 2: warning mutation"}},
		{"info", []string{"round 1: error omission", "round 1: info provenance_loss", "round 2: warning mutation"}},
		{"mutation", []string{"5432 became 5433"}},
		{"provenance-loss", []string{"who said it"}},
		{"flagged", []string{"round 2: invariant inv-a dropped without a retirement event"}},
		{"checks", []string{"check depth failed: depth 3 > 2"}},
		{"error,flagged", []string{"round 1: error omission", "invariant inv-a"}},
		{"error,mutation", []string{"round 1: error omission", "round 2: warning mutation"}},
		{"none", nil},
		{"addition,epistemic_collapse", nil},
	}
	for _, tc := range cases {
		f, err := ParseFailOn(tc.list)
		if err != nil {
			t.Fatal(err)
		}
		got := f.Match(r)
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %d lines %q, want %d", tc.list, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%q: line %d %q lacks %q", tc.list, i, got[i], w)
			}
		}
	}
}

func TestFailOnMatchClean(t *testing.T) {
	r := &Report{Rounds: []Round{{Round: 1, Findings: []Finding{}}}, Invariants: []Invariant{{ID: "a", Flagged: false}}, Checks: []Check{{Name: "x", Passed: true}}}
	f, _ := ParseFailOn("info,flagged,checks,omission")
	if got := f.Match(r); len(got) != 0 {
		t.Errorf("clean report matched: %q", got)
	}
	// A flagged invariant with no drop round does not match (nothing to point at).
	r.Invariants[0].Flagged = true
	if got := f.Match(r); len(got) != 0 {
		t.Errorf("flagged without round matched: %q", got)
	}
	if got := f.Match(&Report{}); len(got) != 0 {
		t.Errorf("empty report matched: %q", got)
	}
}

func TestOneLine(t *testing.T) {
	r := &Report{Summary: Summary{Rounds: 2, ByFamily: map[string]int{Omission: 2, Mutation: 1, Addition: 0}, Flagged: 1, FailedChecks: 0}}
	got := OneLine(r)
	want := "2 round(s), 1 mutation, 2 omission; 1 invariant(s) dropped without retirement; 0 check(s) failed"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := OneLine(&Report{}); !strings.Contains(got, "no findings") {
		t.Errorf("got %q", got)
	}
}

func TestMatchCountsCumulativeLosses(t *testing.T) {
	r := &Report{Rounds: []Round{{Round: 3, Cumulative: []Finding{
		{Family: Omission, Severity: SevError, Class: "exact_constraint", Detail: "rule from m6 gone"},
	}}}}
	rule, err := ParseFailOn("error")
	if err != nil {
		t.Fatal(err)
	}
	hits := rule.Match(r)
	if len(hits) != 1 || !strings.Contains(hits[0], "against the original messages") {
		t.Fatalf("cumulative error not matched: %q", hits)
	}
	rule, _ = ParseFailOn("warning,mutation")
	if hits := rule.Match(&Report{Rounds: []Round{{Round: 1, Cumulative: []Finding{{Family: Addition, Severity: SevInfo}}}}}); len(hits) != 0 {
		t.Fatalf("info addition should not fail warning,mutation: %q", hits)
	}
}

// A check line quotes the fact it is about, on one line, cut to a readable length.
func TestQuoteSides(t *testing.T) {
	fd := Finding{Family: Mutation, Severity: SevError, Detail: "port changed",
		Source:  &Side{Message: "m12", Text: "Connect the worker to\nport 5432 on the replica."},
		Summary: &Side{Text: "Worker connects to port 5433."}}
	got := quoteSides(fd)
	if got != ` | m12 "Connect the worker to port 5432 on the replica." -> summary "Worker connects to port 5433."` {
		t.Errorf("quoteSides = %s", got)
	}
	long := Finding{Source: &Side{Message: "m1", Text: strings.Repeat("word ", 60)}}
	if q := quoteSides(long); strings.Count(q, "…") != 1 || len([]rune(q)) > checkQuoteRunes+20 {
		t.Errorf("a long fact is not cut: %q", q)
	}
}

// TestCleanFixturesPassCheck: a faithful summary passes `compaudit check` with the
// default --fail-on (the fixtures named "clean" are labelled with no loss at all).
func TestCleanFixturesPassCheck(t *testing.T) {
	dirs, _ := filepath.Glob("../testdata/fixtures/*clean*")
	if len(dirs) < 4 {
		t.Fatalf("found %d clean fixtures, want at least 4", len(dirs))
	}
	fo, err := ParseFailOn("error,flagged")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		s, err := sessions.ReadFile(filepath.Join(d, "session.json"))
		if err != nil {
			t.Fatal(err)
		}
		if hits := fo.Match(Run(s, Options{})); len(hits) > 0 {
			t.Errorf("%s fails check:\n  %s", filepath.Base(d), strings.Join(hits, "\n  "))
		}
	}
}
