package audit

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// tEnriched fills, in the sample report, what engine v2 sets: ids, rules, rank (the
// info omission first, so the brief visibly follows the rank), the top list.
func tEnriched() *Report {
	r := tSampleReport()
	rank := 1
	for i := range r.Rounds {
		for j := range r.Rounds[i].Findings {
			f := &r.Rounds[i].Findings[j]
			f.ID = fmt.Sprintf("r%d.f%d", r.Rounds[i].Round, j+1)
			f.Rule = f.Family + "/sample"
			f.Rank = rank
			rank++
		}
	}
	r.Top = []string{"r1.f3", "r1.f2"}
	return r
}

func TestGoldenBriefMarkdown(t *testing.T) {
	tGolden(t, "report.golden.brief.md", tRender(t, "brief", tSampleReport()))
	tGolden(t, "ranked.golden.brief.md", tRender(t, "brief", tEnriched()))
	tGolden(t, "hostile.golden.brief.md", tRender(t, "brief", tHostileReport()))
}

// TestBriefContent: the verdict, the flagged invariants and the top findings with both
// sides come first; info findings stay out; the engine's top list orders the findings.
func TestBriefContent(t *testing.T) {
	out := string(tRender(t, "brief", tSampleReport()))
	iv, ifl, ito := strings.Index(out, "🚩 1 invariant dropped without retirement"), strings.Index(out, "### 🚩 Flagged invariants"), strings.Index(out, "### Top findings")
	if iv < 0 || ifl < iv || ito < ifl {
		t.Fatalf("not verdict, flagged invariants, top findings in that order:\n%s", out)
	}
	if !strings.Contains(out, "port **5432**") || !strings.Contains(out, "port **6432**") {
		t.Errorf("the mutation's two sides are not both quoted with the changed value:\n%s", out)
	}
	if strings.Contains(out, "p95 went up") {
		t.Error("an info finding is listed in the brief report")
	}
	if !strings.Contains(out, "| 4 (depth 4) | opaque | n/a | ") || !strings.Contains(out, "not counted (opaque)") {
		t.Errorf("the opaque round's summary tokens are counted:\n%s", out)
	}
	ranked := string(tRender(t, "brief", tEnriched()))
	first := ranked[strings.Index(ranked, "### Top findings"):]
	if !strings.HasPrefix(strings.SplitN(first, "\n", 4)[2], "1. ⛔ error · `~` mutation · round 1") {
		t.Errorf("the top list's first error (r1.f2, after the info r1.f3 that the brief omits) does not lead:\n%s", first)
	}
}

// TestBriefLinkFree: nothing in the brief report renders as a link or pings anyone.
func TestBriefLinkFree(t *testing.T) {
	r := tSampleReport()
	evil := "see https://evil.example/x and www.example.com or mail root@example.com, [click](http://a.b) <a href=x>y</a> @octocat"
	r.Session = evil
	r.Rounds[0].Findings[1].Source.Text = evil
	r.Rounds[0].Findings[1].Detail = evil
	r.Invariants[0].Text = evil
	out := string(tRender(t, "brief", r))
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`https?://`), regexp.MustCompile(`(?i)www\.`), regexp.MustCompile(`[^\\]\]\(`), // an unescaped ](
		regexp.MustCompile(`[^\\]<a[ >]`), regexp.MustCompile(`@octocat`), regexp.MustCompile(`@example\.com`),
	} {
		if loc := bad.FindStringIndex(out); loc != nil {
			t.Errorf("%s in the brief report: %q", bad, out[max(0, loc[0]-20):min(len(out), loc[1]+20)])
		}
	}
	if strings.Contains(out, "](#") {
		t.Error("an anchor link in the brief report")
	}
}

// tBigReport is larger than any real session: many rounds, thousands of findings with
// long quotes, many flagged invariants, long identifiers.
func tBigReport(rounds, findings int) *Report {
	long := strings.Repeat("a long quoted fact with identifiers 01947_split and postgres:18.2 and a path /srv/app/db/migrations/01947.sql ", 12)
	r := &Report{Schema: Schema, Tool: "compaudit", Version: "test", Session: strings.Repeat("session-", 40), File: strings.Repeat("/very/long/path", 30)}
	for k := 1; k <= rounds; k++ {
		rd := Round{Round: k, ID: fmt.Sprintf("c%d-%s", k, strings.Repeat("x", 60)), Depth: k, Tokens: Tokens{Sources: 100000 * k, Summary: 3000, PreTokens: 160000}}
		for j := 0; j < findings; j++ {
			sev := []string{SevError, SevWarning, SevInfo}[j%3]
			fam := Families[j%len(Families)]
			f := Finding{Family: fam, Severity: sev, Class: classify.ExactConstraint, Detail: long,
				Source: &Side{Text: long, Message: fmt.Sprintf("m%d", j), Role: "user"}, Summary: &Side{Text: long + " changed", Message: rd.ID, Role: "summary"}}
			rd.Findings = append(rd.Findings, f)
		}
		r.Rounds = append(r.Rounds, rd)
	}
	for i := 0; i < 300; i++ {
		d := 1 + i%rounds
		r.Invariants = append(r.Invariants, Invariant{ID: fmt.Sprintf("m%d.%d", i, i), Text: long, Kind: "prohibition", Flagged: true, DroppedInRound: &d})
	}
	return r
}

// TestBriefFits: the brief report fits BriefBudget for reports far larger than the
// real sessions (the largest: 940 messages, 232 findings), and still leads with the
// verdict and findings.
func TestBriefFits(t *testing.T) {
	for _, sz := range [][2]int{{1, 232}, {2, 600}, {40, 300}, {200, 50}} {
		out := string(tRender(t, "brief", tBigReport(sz[0], sz[1])))
		if len(out) > BriefBudget {
			t.Errorf("%d rounds x %d findings: %d characters", sz[0], sz[1], len(out))
		}
		if !strings.Contains(out, "invariants dropped without retirement") || !strings.Contains(out, "### Top findings") || !strings.Contains(out, "1. ⛔ error") {
			t.Errorf("%d rounds x %d findings: the verdict or the top findings are missing", sz[0], sz[1])
		}
	}
}
