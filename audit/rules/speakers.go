package rules

import (
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// speakerKind is who established a fact: its explicit attribution ("the user said",
// "per the runbook", "I decided") or else who wrote it; "" when a summary states it
// without saying.
func speakerKind(f *classify.Fact) string {
	if f.Provenance.Source != "" {
		return f.Provenance.Source
	}
	switch f.Origin {
	case classify.OriginUser:
		return "user"
	case classify.OriginAssistant, classify.OriginThinking:
		return "assistant"
	case classify.OriginTool, classify.OriginToolError:
		return "tool"
	case classify.OriginDocument:
		return "doc"
	case classify.OriginInstruction:
		return "instruction"
	}
	return ""
}

// thirdPartyKind: a person, a team, a document, CI, a vendor: neither party of the
// conversation.
func thirdPartyKind(k string) bool {
	switch k {
	case "person", "team", "doc", "ci", "vendor":
		return true
	}
	return false
}

// quotesSource: the summary fact contains the source fact's words as they were (a
// quotation keeps its speaker whatever label it carries).
func quotesSource(f, g *classify.Fact) bool {
	a := flat(f.Text)
	if len(a) < 12 {
		return false
	}
	for _, q := range quotations(g.Text) {
		if strings.Contains(flat(q), a) || len(flat(q)) >= 12 && strings.Contains(a, flat(q)) {
			return true
		}
		// a quotation cut with an ellipsis ("have a look at this first ... - I wrote
		// it"): each piece of it is the speaker's words as they were
		pieces := rule.QuotePieces(q)
		held := len(pieces) > 1
		for _, p := range pieces {
			if fp := flat(p); len(fp) < 12 || !strings.Contains(a, fp) {
				held = false
			}
		}
		if held {
			return true
		}
	}
	return false
}

// quotations are the quoted stretches of a text ("...", “...”).
func quotations(s string) []string { return rule.Quotations(s) }

func flat(s string) string {
	var out strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out.WriteRune(r)
		}
	}
	return out.String()
}

// claimClause is the clause of g (split at ; and full stops) that holds most of f's
// terms: where the summary says what f said.
func claimClause(f, g *classify.Fact) string {
	best, bestN := g.Text, -1
	for _, c := range claimSentences(g.Text) {
		n := 0
		for _, w := range classify.Terms(c, nil) {
			if slices.Contains(f.Words, w) {
				n++
			}
		}
		if n > bestN {
			best, bestN = c, n
		}
	}
	return best
}

// claimSentences splits text at semicolons and at sentence ends (a period before a
// space or the end), not at the dots inside names ("t.Chdir()", "os.Getwd").
func claimSentences(text string) []string {
	var out []string
	for _, part := range strings.Split(text, ";") {
		for _, c := range strings.SplitAfter(part, ". ") {
			if c = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c), ".")); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// reportedWords: the summary line tells what a person said ("User questioned why the
// fix was needed since tests pass", "Per the DBA team, the replica is healthy"): its
// claims are theirs, reported; whether they said it is provenance's question.
func reportedWords(g *classify.Fact) bool {
	switch g.Provenance.Source {
	case "user", "person", "team", "doc":
		return true
	}
	return false
}

// taskLike: the summary fact is a task or a next step (an order, a plan, a pending or
// next-step item), not a claim someone made.
func taskLike(g *classify.Fact) bool {
	if g.Section == classify.SecPending || g.Section == classify.SecNext || g.Act == classify.ActPlan {
		return true
	}
	return (g.Modality.Cue == "imperative" || g.Act == classify.ActRequest) && g.Provenance.Source == ""
}

// statedAsDone: an item of a task list (pending work, the next step) that reads as a
// report, not a task: it opens with a verb in the past tense ("Rebased the branch …")
// or states a settled result with no force and no order ("the suite now passes").
// Misfiled, it still claims something happened.
func statedAsDone(g *classify.Fact) bool {
	if g.Modality.Level > 0 || g.Modality.Cue == "imperative" || g.Act == classify.ActPlan || g.Act == classify.ActQuestion || g.Act == classify.ActRequest {
		return false
	}
	return leadVerb(g.Text) != "" || g.Status.Resolution == classify.StatusResolved
}
