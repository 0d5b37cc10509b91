package rules

import (
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
		// an earlier summary's section says what its items are
		switch f.Section {
		case classify.SecIntent, classify.SecUserMessages, classify.SecRules:
			if f.Act == classify.ActRule {
				return "rule"
			}
			return "request"
		case classify.SecPending, classify.SecCurrent, classify.SecNext:
			return "open"
		case classify.SecErrors:
			return "failure"
		case classify.SecDecisions:
			return "decision"
		}
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
