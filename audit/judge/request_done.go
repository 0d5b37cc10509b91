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
	if f.Origin != classify.OriginUser || f.Modality.Negative || !(f.Act == classify.ActRequest || oneOffOrder(f)) || forceRule(f) && !oneOffOrder(f) {
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
