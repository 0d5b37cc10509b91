package rule

import (
	"slices"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// EditedLater reports whether, later in the round, one call of a file-editing tool
// names every code identifier fact i names in backticks ("drop the `retryBudget`
// field from `Scheduler`", then an Edit whose old text holds both): the agent
// went on to change what the fact was about, so as open work it is done. A fact that
// names no such identifier, or only paths, is never settled this way.
//
// A fact of the agent's that names no identifier is settled by an edit the agent made
// at once: within nextEdit messages, with no word of the user's between ("Right, need
// to change the signature too", then the Edit).
func (r *Round) EditedLater(i int) bool {
	if len(r.Ev) == 0 {
		return false
	}
	ids := codeNames(&r.Src[i])
	calls := r.Memo("rule.editCalls", func() any { return editCalls(r) }).([]editCall)
	p := r.Pos[i]
	later := calls[sort.Search(len(calls), func(k int) bool { return calls[k].pos > p }):]
	if len(ids) == 0 {
		// (calls are in order: the first later one is the one made at once, if any)
		return len(later) > 0 && later[0].pos-p <= nextEdit && !r.userBetween(p, later[0].pos)
	}
	for _, c := range later {
		if c.holdsAll(r, ids) {
			return true
		}
	}
	return false
}

// nextEdit: an edit this many messages after the agent's words is made at once.
const nextEdit = 3

// userBetween: a fact of the user's sits after position a and before position b.
func (r *Round) userBetween(a, b int) bool {
	ps := r.Memo("rule.userPositions", func() any {
		var out []int // positions of the user's facts, in order
		for j := range r.Src {
			if r.Src[j].Origin == classify.OriginUser {
				out = append(out, r.Pos[j])
			}
		}
		return out
	}).([]int)
	k := sort.SearchInts(ps, a+1)
	return k < len(ps) && ps[k] < b
}

// editCall is one call of an editing tool: its position and its evidence lines.
type editCall struct {
	pos   int
	lines []int
}

func (c editCall) holdsAll(r *Round, ids []string) bool {
	for _, id := range ids {
		found := false
		for _, k := range c.lines {
			if strings.Contains(r.Ev[k].Text, id) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// editCalls are the round's calls of editing tools, in order: a call's evidence lines
// come from its ".call" message, whose first line names the tool ("Edit:").
func editCalls(r *Round) []editCall {
	var out []editCall
	msg, editing := "", false
	for k := range r.Ev {
		e := &r.Ev[k]
		if e.Message != msg {
			msg = e.Message
			name := strings.TrimSuffix(strings.TrimSpace(e.Text), ":")
			editing = strings.HasSuffix(msg, ".call") && !strings.ContainsAny(name, " \t") && lexicon.Default().IsWord(strings.ToLower(name), "edit-tool")
			if editing {
				out = append(out, editCall{pos: r.EvPos[k]})
			}
		}
		if editing {
			out[len(out)-1].lines = append(out[len(out)-1].lines, k)
		}
	}
	return out
}

// codeNames are the identifiers fact f names in backticks: one word each, not a path
// or a file name (a file is edited for many reasons).
func codeNames(f *classify.Fact) []string {
	var out []string
	for _, t := range f.Tokens {
		if t.Kind != classify.TokCode || len(t.Raw) < 3 || strings.ContainsAny(t.Raw, " /\\\t") || classify.IsPath(t.Raw) {
			continue
		}
		out = append(out, strings.TrimSuffix(t.Raw, "()"))
	}
	return out
}

// ConfirmedLater reports whether a later fact of the agent's states fact i's guess
// without a hedge ("`repo` in `discardSession` might be unused", then "`repo` is
// unused now in `discardSession`"): it names every code identifier fact i names in
// backticks and shares another of its terms, and is no guess itself.
func (r *Round) ConfirmedLater(i int) bool {
	f := &r.Src[i]
	ids := codeNames(f)
	if len(ids) == 0 {
		return false
	}
	// (a later fact naming every identifier shares a subject with f: Later finds it)
	return len(r.Later(i, func(g *classify.Fact) bool {
		return (g.Origin == f.Origin || classify.AssistantSide(g)) && g.Status.Epistemic != classify.StatusHypothesis &&
			g.Act != classify.ActQuestion && namesAll(g, ids) && sharesPlainTerm(f, g, ids)
	})) > 0
}

// namesAll: g names each of ids in backticks too.
func namesAll(g *classify.Fact, ids []string) bool {
	have := codeNames(g)
	for _, id := range ids {
		if !slices.Contains(have, id) {
			return false
		}
	}
	return true
}

// sharesPlainTerm: f and g share a term that is none of the identifiers ids nor one of
// their sub-words ("flush" of flushQueue).
func sharesPlainTerm(f, g *classify.Fact, ids []string) bool {
	of := map[string]bool{}
	for _, id := range ids {
		for _, w := range classify.Terms(id, classify.Values(id)) {
			of[w] = true
		}
	}
	for _, w := range f.Words {
		if !strings.Contains(w, ":") && len(w) >= 4 && !of[w] && slices.Contains(g.Words, w) {
			return true
		}
	}
	return false
}

// EditLine reports whether evidence line k is part of a call of an editing tool: code
// or text the agent wrote into a file.
func (r *Round) EditLine(k int) bool {
	calls := r.Memo("rule.editCalls", func() any { return editCalls(r) }).([]editCall)
	set := r.Memo("rule.editLines", func() any { // (build must not call Memo: calls is read first)
		out := map[int]bool{}
		for _, c := range calls {
			for _, l := range c.lines {
				out[l] = true
			}
		}
		return out
	}).(map[int]bool)
	return set[k]
}

// CallText is the text of the call that the tool result of message id answers: the
// round's evidence lines of its ".call" message, one a line ("" when the round holds
// none; editCalls reads the same lines).
func (r *Round) CallText(id string) string {
	msg := id + ".call"
	var b strings.Builder
	for k := range r.Ev {
		if r.Ev[k].Message == msg {
			b.WriteString(r.Ev[k].Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
