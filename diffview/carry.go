package diffview

import (
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

// The cumulative view aligns the original messages with a later summary. The report
// keeps only the losses the per-round audits did not already report (Round.Cumulative),
// so a loss reported in round 1 would show bare in round 3's cumulative view. Earlier
// gives the view what it needs to mark it anyway, with the finding that reported it.

// Earlier is the rest of the report, for the cumulative view: the rounds up to and
// including the shown one, and the invariants.
type Earlier struct {
	Rounds     []audit.Round
	Invariants []audit.Invariant
}

// lossOf is the per-round finding (and its round) that reported the loss of src, when
// the loss still holds in round r: the engine judged the pair a loss, r's summary has
// no counterpart for src at all, r lists it as still lost, or src states an invariant
// that r's summary drops.
func (e *Earlier) lossOf(r *audit.Round, src, sum *classify.Fact, judged bool) (*audit.Finding, int) {
	if e == nil {
		return nil, 0
	}
	if !judged && sum != nil && !stillLost(r, src) && !e.invariantDropped(r.Round, src) {
		return nil, 0
	}
	for _, sl := range r.StillLost {
		if sl.Finding == "" || sl.Text != src.Text {
			continue
		}
		for k := range e.Rounds {
			for i := range e.Rounds[k].Findings {
				if f := &e.Rounds[k].Findings[i]; f.ID == sl.Finding {
					return f, e.Rounds[k].Round
				}
			}
		}
	}
	return reportedLoss(src, sum, e.Rounds)
}

func stillLost(r *audit.Round, src *classify.Fact) bool {
	for _, sl := range r.StillLost {
		if sl.Text == src.Text {
			return true
		}
	}
	return false
}

// invariantDropped reports whether src states an invariant (same message, same text)
// whose state in the round numbered round is dropped.
func (e *Earlier) invariantDropped(round int, src *classify.Fact) bool {
	t := foldSpace(src.Text)
	for i := range e.Invariants {
		inv := &e.Invariants[i]
		if inv.Message != src.Message {
			continue
		}
		w := foldSpace(inv.Text)
		if w == "" || t == "" || (!strings.Contains(t, w) && !strings.Contains(w, t)) {
			continue
		}
		for _, s := range inv.States {
			if s.Round == round && s.State == audit.StateDropped {
				return true
			}
		}
	}
	return false
}

func foldSpace(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// reportedLoss finds the per-round finding that first reported the loss of src (the
// earliest round): the same source text, with the same summary text when the row has
// one, else the first with the same source text.
func reportedLoss(src, sum *classify.Fact, rounds []audit.Round) (*audit.Finding, int) {
	var loose *audit.Finding
	looseRound := 0
	for k := range rounds {
		fs := rounds[k].Findings
		for i := range fs {
			f := &fs[i]
			if f.Source == nil || f.Source.Text != src.Text {
				continue
			}
			if sum == nil || (f.Summary != nil && f.Summary.Text == sum.Text) {
				return f, rounds[k].Round
			}
			if loose == nil {
				loose, looseRound = f, rounds[k].Round
			}
		}
	}
	return loose, looseRound
}
