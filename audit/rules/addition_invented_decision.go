package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "Decided to move the queue to SQS": nobody decided it.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/invented-decision",
	Doc:   "The summary reports a decision (decided, chose, agreed, approved) that no source fact makes: nobody decided it.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Status.Choice != classify.StatusChosen || g.Negated || g.Act == classify.ActQuestion {
			return rule.Hit{}, false
		}
		if g.Provenance.Source == "user" && userChose(r, g) {
			return rule.Hit{}, false // the user's pick ("option C"), told in other words
		}
		for _, s := range r.Support[k] {
			if s.Match.Cover < 0.45 {
				continue
			}
			f := r.Fact(s.Ref)
			if f.Status.Choice == classify.StatusChosen || f.Act == classify.ActDecision && (f.Status.Choice != classify.StatusRejected || choosesByContrast(f)) ||
				f.Act == classify.ActRequest || f.Act == classify.ActRule || f.Origin == classify.OriginUser || f.Act == classify.ActPlan {
				return rule.Hit{}, false
			}
		}
		if decisionEchoed(r, g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(-1, k, 0.8, "no source makes this decision", rule.Slot{Name: "decision", Summary: oneLine(g.Text)}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: SQS and Kafka both fit the queue; the user has not picked one."}, Summary: "Decided to move the job queue to SQS.", Fires: true},
		{Source: []string{"user: Let's go with SQS for the job queue."}, Summary: "Decided to move the job queue to SQS.", Fires: false},
		// a source that makes the decision in the summary's own word, about what it names
		{Source: []string{"tool: The reviewer approved the seating chart for the gala."}, Summary: "Seating chart: approved.", Fires: false},
		{Source: []string{"tool: The reviewer has not approved the seating chart yet."}, Summary: "Seating chart: approved.", Fires: true},
		{Source: []string{"assistant: I drafted the seating chart for the gala; nobody has looked at it yet."}, Summary: "Seating chart: approved.", Fires: true},
		// "X instead of Y" decides X
		{Source: []string{"assistant: SQS and Kafka both fit the queue.", "user: Use SQS for the job queue instead of Kafka."}, Summary: "Decided: the job queue moves to SQS.", Fires: false},
	},
})

// choosesByContrast: the fact rejects one option for another ("X instead of Y"),
// which decides X.
func choosesByContrast(f *classify.Fact) bool {
	_, _, ok := contrastSides(f.Text)
	return ok
}

// decisionEchoed: a source fact makes a decision with the summary's own decision word
// ("approved", "picked") about a thing the summary names too ("User approved the
// migration plan" for "Migration plan: approved"), however little else they share.
func decisionEchoed(r *rule.Round, g *classify.Fact) bool {
	cues := choiceStems(g.Text)
	if len(cues) == 0 {
		return false
	}
	var named []string // g's words of the thing decided: what a source must name too
	for _, w := range claimWords(g.Words) {
		if !slices.Contains(cues, w) && !strings.Contains(w, ":") {
			named = append(named, w)
		}
	}
	for i := range r.Src {
		f := &r.Src[i]
		if (f.Status.Choice == classify.StatusChosen || f.Act == classify.ActDecision && f.Status.Choice != classify.StatusRejected) && echoesChoice(f, named, cues) {
			return true
		}
	}
	for i := range r.Ev {
		if f := &r.Ev[i]; !f.Code && echoesChoice(f, named, cues) {
			return true // a tool's record of it ("The reviewer approved the chart")
		}
	}
	return false
}

// echoesChoice: f names one of the things named and says one of the decision words
// (stems) cues. (The words are compared first: the lexicon search is the dearer test,
// and most evidence lines share no word.)
func echoesChoice(f *classify.Fact, named, cues []string) bool {
	if !slices.ContainsFunc(named, func(w string) bool { return hasWord(f, w) }) {
		return false
	}
	return slices.ContainsFunc(choiceStems(f.Text), func(c string) bool { return slices.Contains(cues, c) })
}

// choiceStems are the stems of the decision words of a text ("approved" -> approv),
// but those a negation just before denies ("has not approved").
func choiceStems(text string) []string {
	var out []string
	low := lexicon.Lower(text)
	for _, h := range lexicon.Default().Find(low) {
		if h.Category != "chosen" || deniedBefore(low[:h.Start]) {
			continue
		}
		ws := strings.Fields(h.Phrase)
		out = append(out, classify.Stem(ws[len(ws)-1]))
	}
	return out
}

// deniedBefore: one of the last three words of s negates what follows.
func deniedBefore(s string) bool {
	ws := strings.Fields(s)
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-3; k-- {
		w := strings.Trim(ws[k], ",;:")
		if w == "not" || w == "never" || w == "no" || strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t") {
			return true
		}
	}
	return false
}

// userChose: a user fact answers a question or picks an option, about what g is about.
func userChose(r *rule.Round, g *classify.Fact) bool {
	for i := range r.Src {
		f := &r.Src[i]
		if f.Origin == classify.OriginUser && (r.AnswersQuestion(i) || f.Status.Choice == classify.StatusChosen || rule.About(g, f)) {
			return true
		}
	}
	return false
}
