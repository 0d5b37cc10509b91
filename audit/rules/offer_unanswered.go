package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// lastUnansweredOffer is the latest source fact that is the assistant's question
// closing its turn (an offer or a choice put to the user) which the user's next
// message neither answered nor took up, nobody came back to later, and the summary
// does not carry (-1 when none). The user moved on to other work; the question still
// waits on them, wherever in the round it was put.
func lastUnansweredOffer(r *rule.Round) int {
	for i := len(r.Src) - 1; i >= 0; i-- {
		f := &r.Src[i]
		if f.Origin != classify.OriginAssistant || f.Act != classify.ActQuestion || !strings.HasSuffix(strings.TrimRight(f.Text, " \t\n*_"), "?") ||
			r.Kept[i] || r.Importance[i] < OfferFloor || r.Approved(i) || len(r.Settled) > i && r.Settled[i] {
			continue
		}
		if reply := nextUserFact(r, i); reply >= 0 && !takenUpAfter(r, i, reply) {
			return i
		}
	}
	return -1
}

// OfferFloor: an offer less important than this is small talk ("Anything else?").
var OfferFloor = 0.15

// nextUserFact is the first fact of the user's next message after fact i, provided
// fact i ends the assistant's turn (no other assistant message comes between); -1
// otherwise.
func nextUserFact(r *rule.Round, i int) int {
	for j := i + 1; j < len(r.Src); j++ {
		g := &r.Src[j]
		switch {
		case g.Origin == classify.OriginUser:
			return j
		case g.Origin == classify.OriginAssistant && r.Pos[j] != r.Pos[i]:
			return -1 // the assistant went on: the question was not the turn's last word
		}
	}
	return -1
}

// takenUpAfter: the user's reply (fact reply) or any later user or assistant fact
// takes up question i: nobody came back to it.
func takenUpAfter(r *rule.Round, i, reply int) bool {
	q := &r.Src[i]
	if takenUp(q, &r.Src[reply]) {
		return true
	}
	ws := classify.Terms(q.Text, q.Tokens)
	for j := reply + 1; j < len(r.Src); j++ {
		g := &r.Src[j]
		if g.Origin != classify.OriginUser && g.Origin != classify.OriginAssistant {
			continue
		}
		if len(q.Tokens) > 0 && namesToken(g, q.Tokens) || len(q.Tokens) == 0 && 5*heldWords(g, ws) >= 3*len(ws) {
			return true // (later, a name the question gives; with none, most of its words)
		}
	}
	return false
}

func namesToken(g *classify.Fact, ts []classify.Token) bool {
	low := strings.ToLower(g.Text)
	for _, t := range ts {
		if strings.Contains(low, strings.ToLower(t.Raw)) {
			return true
		}
	}
	return false
}

// takenUp: the user's reply answers the question: it assents or declines, or it
// names something the question names.
func takenUp(q, reply *classify.Fact) bool {
	if rule.Assent(reply.Text) || reply.Negated && len(strings.Fields(reply.Text)) <= 6 {
		return true
	}
	return namesToken(reply, q.Tokens) || heldWords(reply, classify.Terms(q.Text, q.Tokens)) >= 2
}
