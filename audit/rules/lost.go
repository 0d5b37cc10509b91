package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// LostFloor: a source fact less important than this is not reported when the summary
// drops it (summaries are lossy by contract).
const LostFloor = 0.22

// lostKind says which omission rule owns a dropped fact ("" when none: too minor).
func lostKind(r *rule.Round, i int) string {
	f := &r.Src[i]
	if r.Importance[i] < LostFloor || len(f.Words) == 0 || f.Code || f.Act == classify.ActChatter || f.Act == classify.ActTemplate {
		return ""
	}
	if f.Origin == classify.OriginSummary {
		if kind, ok := sectionKind(f); ok {
			return kind
		}
	}
	if f.Origin == classify.OriginUser && oneOff(f) && fulfilledInSummary(r, i) {
		return "" // the summary reports it done ("Deployed to the preview domain")
	}
	if classify.ToolSide(f) && f.Act == classify.ActFailure && replyKept(r, i) {
		return "" // a call the user rejected, kept as the user's reason for it
	}
	return factKind(r, i)
}

// replyKept: tool fact i is the notice of a call the user rejected and the summary
// keeps the words the user gave with it (the same tool result's user reply).
func replyKept(r *rule.Round, i int) bool {
	for j := i + 1; j < len(r.Src) && r.Src[j].Message == r.Src[i].Message; j++ {
		if r.Src[j].Origin == classify.OriginUser && r.Kept[j] {
			return true
		}
	}
	return false
}

// sectionKind: an earlier summary's section says what its items are.
func sectionKind(f *classify.Fact) (string, bool) {
	switch f.Section {
	case classify.SecIntent, classify.SecUserMessages, classify.SecRules:
		if f.Act == classify.ActRule {
			return "rule", true
		}
		return "request", true
	case classify.SecPending, classify.SecCurrent, classify.SecNext:
		return "open", true
	case classify.SecErrors:
		return "failure", true
	case classify.SecDecisions:
		return "decision", true
	}
	return "", false
}

// factKind is the omission kind of source fact i by its act, status and origin.
func factKind(r *rule.Round, i int) string {
	f := &r.Src[i]
	if f.Pasted && f.Act != classify.ActFailure {
		return "fact" // a reviewer's "consider using UTC", forwarded: not the user's rule
	}
	switch {
	case f.Act == classify.ActRule:
		return "rule"
	case f.Act == classify.ActFailure:
		return "failure"
	case f.Act == classify.ActDecision || r.AnswersQuestion(i):
		return "decision"
	case f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial" || f.Act == classify.ActQuestion && f.Origin != classify.OriginUser:
		return "open"
	case f.Act == classify.ActRequest || f.Origin == classify.OriginUser:
		return "request"
	case f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking:
		return "finding"
	}
	return "fact"
}

// lostRule registers the omission rule for one kind of dropped fact.
func lostRule(id, kind, doc string, strength float64, ex []rule.Example) *rule.Rule {
	return rule.Register(&rule.Rule{ID: id, Doc: doc, Stage: rule.StageLost, Examples: ex,
		Lost: func(r *rule.Round, i int) (rule.Hit, bool) {
			if lostKind(r, i) != kind {
				return rule.Hit{}, false
			}
			return rule.NewHit(i, -1, strength, "the summary has no counterpart"), true
		}})
}

// fulfilledInSummary: a summary fact that shares the request's rarest terms reports
// doing it (an action, a result): the request is carried as its outcome.
func fulfilledInSummary(r *rule.Round, i int) bool {
	f := &r.Src[i]
	for _, m := range r.Cands[i] {
		if m.Cover < 0.15 {
			continue
		}
		g := &r.Sum[m.Fact]
		if reportsDoing(g) && (rule.About(f, g) || sharesRare(f, g)) && keepsExactValues(f, g) {
			return true
		}
		if doneOnSameThing(f, g) && keepsExactValues(f, g) {
			return true // "migrate the ledger" reported as "ledger migrated at 21:40"
		}
	}
	return false
}

// doneOnSameThing: the summary fact reports the request's own verb as done (a past
// form of one of its words: "upgraded" for "upgrade") and shares another of its terms.
func doneOnSameThing(f, g *classify.Fact) bool {
	verb := ""
	for _, w := range strings.Fields(lower(g.Text)) {
		w = strings.Trim(w, ",.;:!?()\"'`*")
		if len(w) >= 5 && strings.HasSuffix(w, "ed") && slices.Contains(f.Words, classify.Stem(w)) {
			verb = classify.Stem(w)
			break
		}
	}
	if verb == "" {
		return false
	}
	for _, w := range f.Words {
		if w != verb && !strings.Contains(w, ":") && len(w) >= 3 && slices.Contains(g.Words, w) {
			return true
		}
	}
	return false
}

// sharesRare: the two facts share an identifier, a value or a long word.
func sharesRare(f, g *classify.Fact) bool {
	for _, w := range f.Words {
		if (strings.Contains(w, ":") || len(w) >= 7) && slices.Contains(g.Words, w) {
			return true
		}
	}
	return false
}

// keepsExactValues: every exact value of f (a flag, an id, a path) is in g.
func keepsExactValues(f, g *classify.Fact) bool {
	for _, t := range f.Tokens {
		if (exactValue(t) || quantity(t)) && !classify.HasEquivalent(g.Tokens, t) {
			return false
		}
	}
	return true
}

// oneOff: an order to do something once (an imperative, "only this time") rather than
// a standing rule (never, must, always), or a request, a go-ahead, a question. A
// statement (an error the user reports, a fact about the system) is none: nothing the
// summary reports doing carries it.
func oneOff(f *classify.Fact) bool {
	if f.Act != classify.ActRule {
		return f.Act == classify.ActRequest || f.Act == classify.ActQuestion
	}
	switch f.Modality.Cue {
	case "imperative", "only", "exactly", "please":
		return true
	}
	return false
}
