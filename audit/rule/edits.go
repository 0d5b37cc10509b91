package rule

import (
	"slices"
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
	for _, c := range calls {
		if c.pos <= r.Pos[i] {
			continue
		}
		if len(ids) > 0 && c.holdsAll(r, ids) || len(ids) == 0 && c.pos-r.Pos[i] <= nextEdit && !r.userBetween(r.Pos[i], c.pos) {
			return true
		}
	}
	return false
}

// nextEdit: an edit this many messages after the agent's words is made at once.
const nextEdit = 3

// userBetween: a fact of the user's sits after position a and before position b.
func (r *Round) userBetween(a, b int) bool {
	for j := range r.Src {
		if r.Pos[j] > a && r.Pos[j] < b && r.Src[j].Origin == classify.OriginUser {
			return true
		}
	}
	return false
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
		if t.Kind != classify.TokCode || len(t.Raw) < 3 || strings.ContainsAny(t.Raw, " /\\\t") || fileName(t.Raw) {
			continue
		}
		out = append(out, strings.TrimSuffix(t.Raw, "()"))
	}
	return out
}

// fileName: "view.go", "README.md": a name with an extension of letters.
func fileName(s string) bool {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 || i == len(s)-1 || len(s)-i > 6 {
		return false
	}
	for _, c := range s[i+1:] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
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
	for j := range r.Src {
		g := &r.Src[j]
		if r.Pos[j] <= r.Pos[i] || g.Origin != f.Origin && !assistantSide(g) || g.Status.Epistemic == classify.StatusHypothesis || g.Act == classify.ActQuestion {
			continue
		}
		if namesAll(g, ids) && sharesPlainTerm(f, g, ids) {
			return true
		}
	}
	return false
}

func assistantSide(f *classify.Fact) bool {
	return f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking
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
