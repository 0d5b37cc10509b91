package judge

import (
	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// requestReportedDone: the user's one-off request (do this now, with no standing force
// of must or never) that the summary reports carried out ("Run tonight's load test of
// the checkout service after the freeze" as "Load test scheduled for 22:30 (job
// lt-checkout)"): a summary fact among its candidates names two of the request's
// terms and reports the action done. The order is spent; the
// summary keeps what came of it.
func requestReportedDone(f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	if f.Origin != classify.OriginUser || f.Modality.Negative || !(f.Act == classify.ActRequest || oneOffOrder(f)) {
		return false
	}
	for _, m := range cs {
		g := &sum[m.Fact]
		if m.Cover < RequestDoneCover || rule.SharedWords(f, g) < 2 || g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Negated {
			continue
		}
		if st := classify.StatusClasses(g); !st[classify.StOpen] && carriedOut(g) {
			return true
		}
	}
	return false
}

// RequestDoneCover: the summary fact that reports a request done holds at least this
// share of it (its object; the order's own words are gone).
var RequestDoneCover = 0.2

// namedProhibitionKept: a prohibition whose object is a named thing ("no
// -dontshrink, even for the debug build", "never `--force`") is kept by a summary
// line that names every value, flag, path or code span it names and denies or rules
// it out ("is not an option"): the name is the rule; the words around it say it again
// or why.
func namedProhibitionKept(f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	if !(f.Modality.Negative || f.Negated) || f.Origin != classify.OriginUser {
		return false
	}
	var named []classify.Token
	for _, t := range f.Tokens {
		if classify.Specific(t) || t.Kind == classify.TokFlag || t.Kind == classify.TokPath || t.Kind == classify.TokCode {
			named = append(named, t)
		}
	}
	if len(named) == 0 {
		return false
	}
	for _, m := range cs {
		g := &sum[m.Fact]
		if m.Cover >= NamedProhibitionCover && (g.Negated || g.Modality.Negative || classify.StatusClasses(g)[classify.StRejected]) && holdsTokens(g, named) {
			return true
		}
	}
	return false
}

// NamedProhibitionCover: the summary line holds at least this share of the prohibition.
var NamedProhibitionCover = 0.15

// holdsTokens: g states a value equivalent to each of ts.
func holdsTokens(g *classify.Fact, ts []classify.Token) bool {
	for _, t := range ts {
		if !classify.HasEquivalent(g.Tokens, t) {
			return false
		}
	}
	return true
}
