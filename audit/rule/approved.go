package rule

// An offer the user took. The assistant proposes ("I'd log the failure and go on
// without the transcript. Want me to add that?") and the user's whole reply agrees
// ("yes please", "go ahead"): what was proposed is now the user's decision as much as
// the agent's, and the reply alone ("yes please") says nothing without it.

import (
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// ApprovedBefore is how many facts before the question of an accepted offer, in the
// same message, count as what it proposed.
const ApprovedBefore = 3

// Approved: source fact i is part of an offer the user accepted: the assistant's
// question that a user's assent answered, or one of the ApprovedBefore facts before it
// in the same message (process talk and evidence aside).
func (r *Round) Approved(i int) bool {
	a := r.offers()
	return i >= 0 && i < len(a.approved) && a.approved[i]
}

// Accepts: source fact i is the user's assent that accepted an offer (see Approved).
func (r *Round) Accepts(i int) bool {
	a := r.offers()
	return i >= 0 && i < len(a.accepts) && a.accepts[i]
}

type offers struct{ approved, accepts []bool }

func (r *Round) offers() *offers {
	return r.Memo("rule.offers", func() any { return r.findOffers() }).(*offers)
}

func (r *Round) findOffers() *offers {
	o := &offers{approved: make([]bool, len(r.Src)), accepts: make([]bool, len(r.Src))}
	for i := range r.Src {
		if f := &r.Src[i]; len(f.Picks) > 0 || strings.ContainsAny(f.Text, "0123456789") || !Assent(f.Text) {
			continue // (a reply that picks an option approves that option: classify's Picks)
		}
		q := r.questionAnswered(i)
		if q < 0 {
			continue
		}
		o.accepts[i], o.approved[q] = true, true
		for j, n := q-1, 0; j >= 0 && n < ApprovedBefore && r.Src[j].Message == r.Src[q].Message; j-- {
			if g := &r.Src[j]; g.Act != classify.ActChatter && g.Act != classify.ActTemplate && !g.Evidence {
				o.approved[j] = true
				n++
			}
		}
	}
	return o
}

// Assent: the reply agrees, whole: it opens with an assent cue and the rest is at most
// a few words with no negation, qualifier or request of its own ("yes please", "ok, do
// that"; not "yes, but only for the EU bucket", "ok, and also bump the timeout").
func Assent(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" || len(strings.Fields(t)) > 6 {
		return false
	}
	assent := -1
	hs := lexicon.Default().Find(t)
	for _, h := range hs {
		if h.Start == 0 && h.Category == "assent" {
			assent = max(assent, h.End)
		}
	}
	if assent < 0 || len(strings.Fields(strings.Trim(t[assent:], " ,.!:;-—"))) > 3 {
		return false
	}
	for _, h := range hs {
		switch h.Category {
		case "negation", "qualifier", "undecided", "question", "assent-breaker":
			return false // (a condition, a doubt or an order of its own)
		}
	}
	return true
}
