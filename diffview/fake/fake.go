// Package fake builds synthetic audited rounds and reports for tests, goldens and
// benchmarks of the views, independent of the audit engine's output.
package fake

import (
	"fmt"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

func tok(text, raw, kind, norm string) classify.Token {
	i := strings.Index(text, raw)
	if i < 0 {
		return classify.Token{Kind: kind, Raw: raw, Norm: norm}
	}
	return classify.Token{Kind: kind, Raw: raw, Norm: norm, Start: i, End: i + len(raw)}
}

func fact(i int, msg, role, text string, classes ...classify.Class) classify.Fact {
	return classify.Fact{Index: i, Message: msg, Role: role, Text: text, Classes: classes, Provenance: classify.Provenance{Role: role}}
}

// pattern is one block of rows repeated to reach the wanted size: every family, a
// clean pair, code, wide and hostile text.
type row struct {
	src, sum string
	family   string
	sev      string
	class    classify.Class
	srcTok   [][3]string // raw, kind, norm
	sumTok   [][3]string
	code     bool
	lang     string
	role     string
}

var pattern = []row{
	{src: "We run PostgreSQL 18.2 everywhere; pin the CI image to postgres:18.2.", sum: "We run PostgreSQL 18 everywhere; pin the CI image to postgres:18.", family: audit.Mutation, sev: audit.SevError, class: classify.ExactConstraint,
		srcTok: [][3]string{{"18.2", "version", "18.2"}, {"postgres:18.2", "id", "postgres:18.2"}}, sumTok: [][3]string{{"18", "version", "18"}, {"postgres:18", "id", "postgres:18"}}, role: "user"},
	{src: "Never write to the staging DB until the release job releases its lock.", family: audit.Omission, sev: audit.SevError, class: classify.ExactConstraint, role: "user"},
	{src: "Reading the migration and checking the server versions first.", sum: "Read the migration and checked server versions.", class: classify.Narrative, role: "assistant"},
	{sum: "The team chose pgroll for the rollout.", family: audit.Addition, sev: audit.SevWarning, class: classify.Decision},
	{src: "Maybe the lock is held by the nightly vacuum (unconfirmed).", sum: "The lock is held by the nightly vacuum.", family: audit.EpistemicCollapse, sev: audit.SevWarning, class: classify.Hypothesis, role: "assistant"},
	{src: "Ines from the DBA team: batches of 5000 rows with a 200 ms pause.", sum: "Batches of 5000 rows with a 200 ms pause.", family: audit.ProvenanceLoss, sev: audit.SevInfo, class: classify.UserPreference, role: "user",
		srcTok: [][3]string{{"5000", "number", "5000"}, {"200 ms", "duration", "200ms"}}, sumTok: [][3]string{{"5000", "number", "5000"}, {"200 ms", "duration", "200ms"}}},
	{src: "```go\nfunc main() {\n\tfmt.Println(\"port\", 5432)\n}\n```", sum: "```go\nfunc main() {\n\tfmt.Println(\"port\", 5433)\n}\n```", family: audit.Mutation, sev: audit.SevError, class: classify.EvidenceReference, code: true, lang: "go", role: "tool",
		srcTok: [][3]string{{"5432", "port", "5432"}}, sumTok: [][3]string{{"5433", "port", "5433"}}},
	{src: "日本語のテキスト：移行は今夜 🚀 done — café", sum: "日本語のテキスト：移行は明日 🚀 done — café", family: audit.Mutation, sev: audit.SevWarning, class: classify.TaskState, role: "user"},
	{src: "tool said \x1b[31mFAILED\x1b[0m\twith exit 2\u200b and \u202eevil", family: audit.Omission, sev: audit.SevError, class: classify.FailureHistory, role: "tool"},
	{src: "A very long narrative line that goes on and on about the plan for the evening, the order of play, the people involved, and why the expand/backfill/contract shape was picked over a single transaction.", sum: "Plan: expand/backfill/contract instead of one transaction.", class: classify.Rationale, role: "assistant"},
}

// Round builds a round of about n rows (a multiple of the pattern), numbered k.
func Round(k, n int) audit.Round {
	r := audit.Round{Round: k, ID: fmt.Sprintf("c%d", k), Depth: k, Trigger: "auto", Policy: "uniform", Model: "model-x",
		Tokens: audit.Tokens{Sources: 1200 * k, Summary: 400 * k, Ratio: 0.33, Target: 500 * k}, Findings: []audit.Finding{}, Cumulative: []audit.Finding{}}
	if k > 1 {
		r.Parent = fmt.Sprintf("c%d", k-1)
		r.Sources = append(r.Sources, r.Parent)
	}
	blocks := max(1, (n+len(pattern)-1)/len(pattern))
	for b := 0; b < blocks; b++ {
		for j, p := range pattern {
			msg := fmt.Sprintf("m%d", b*len(pattern)+j+1)
			si, ti := -1, -1
			if p.src != "" {
				f := fact(len(r.SourceFacts), msg, p.role, p.src, p.class)
				f.Code, f.Lang = p.code, p.lang
				for _, t := range p.srcTok {
					f.Tokens = append(f.Tokens, tok(p.src, t[0], t[1], t[2]))
				}
				si = len(r.SourceFacts)
				r.SourceFacts = append(r.SourceFacts, f)
				if j == 0 {
					r.NewMessages = append(r.NewMessages, msg)
				}
			}
			if p.sum != "" {
				f := fact(len(r.SummaryFacts), r.ID, "summary", p.sum, p.class)
				f.Code, f.Lang = p.code, p.lang
				for _, t := range p.sumTok {
					f.Tokens = append(f.Tokens, tok(p.sum, t[0], t[1], t[2]))
				}
				ti = len(r.SummaryFacts)
				r.SummaryFacts = append(r.SummaryFacts, f)
			}
			fi := -1
			if p.family != "" {
				fd := audit.Finding{Family: p.family, Severity: p.sev, Class: p.class, Detail: "synthetic " + p.family, Score: 0.8}
				if si >= 0 {
					s := r.SourceFacts[si]
					fd.Source = &audit.Side{Text: s.Text, Message: s.Message, Role: s.Role, Fact: si, Classes: s.Classes, Tokens: s.Tokens}
				}
				if ti >= 0 {
					s := r.SummaryFacts[ti]
					fd.Summary = &audit.Side{Text: s.Text, Message: s.Message, Role: s.Role, Fact: ti, Classes: s.Classes, Tokens: s.Tokens}
				}
				if p.family == audit.Omission && j == 1 {
					fd.Invariant = "inv-staging"
				}
				fi = len(r.Findings)
				r.Findings = append(r.Findings, fd)
			}
			r.Pairs = append(r.Pairs, audit.Pair{Source: si, Summary: ti, Score: 0.8, Finding: fi})
		}
	}
	r.CumulativeFacts = r.SourceFacts
	r.CumulativePairs = r.Pairs
	r.Cumulative = r.Findings
	for _, c := range classify.AllClasses {
		r.Survival = append(r.Survival, audit.Survival{Class: c, Kept: k % 3, Total: 2})
		r.CumulativeSurvival = append(r.CumulativeSurvival, audit.Survival{Class: c, Kept: 1, Total: 3})
	}
	return r
}

// Report builds a report of rounds rounds of about n rows each, with invariants.
func Report(rounds, n int) *audit.Report {
	rep := &audit.Report{Schema: audit.Schema, Tool: "compaudit", Session: "fake-session", Format: "synthetic", Warnings: []string{}}
	for k := 1; k <= rounds; k++ {
		rep.Rounds = append(rep.Rounds, Round(k, n))
	}
	two := 2
	states := func(ss ...string) []audit.InvariantState {
		var out []audit.InvariantState
		for i, s := range ss {
			if i < rounds {
				out = append(out, audit.InvariantState{Round: i + 1, State: s})
			}
		}
		return out
	}
	rep.Invariants = []audit.Invariant{
		{ID: "inv-pin", Text: "We run PostgreSQL 18.2 everywhere; pin the CI image to postgres:18.2.", Kind: "precondition", Origin: "extracted", Message: "m1", States: states("paraphrased", "paraphrased", "paraphrased")},
		{ID: "inv-staging", Text: "Never write to the staging DB until the release job releases its lock.", Kind: "prohibition", Origin: "manifest", Message: "m2", DroppedInRound: &two, Flagged: true, States: states("verbatim", "dropped", "dropped")},
		{ID: "inv-retired", Text: "Don't touch orders_summary.", Kind: "prohibition", Origin: "manifest", Message: "m3", RetiredAt: "m40", Reason: "done", States: states("verbatim", "retired", "retired")},
	}
	rep.Summary = audit.Summary{Rounds: rounds, Findings: len(rep.Rounds[0].Findings) * rounds, Flagged: 1}
	return rep
}
