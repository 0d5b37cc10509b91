package judge

// A question does not keep its answer. A summary line that still asks ("is there a
// way to retry?") or holds the point open ("not sure we need a prompt") shares the
// words of the answer that settled it later ("no retries; don't prompt, go on with
// what loaded"), and is no record of that answer: the answer is what the next round
// acts on. So a settled source fact is not carried by a summary line whose clause
// nearest to it asks or doubts.

import (
	"strings"
	"unicode/utf8"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// settled: f states something (not a question, not a hypothesis, no doubt of its own).
func settled(f *classify.Fact) bool {
	if f.Act == classify.ActQuestion || f.Status.Epistemic == classify.StatusHypothesis || len(f.Words) < 2 {
		return false
	}
	return !mayAsk(f)
}

// answersOnly drops from cs the summary facts that hold f only as a question or a
// doubt (see openOn); cs is returned as is when f itself asks or doubts. maybe(k) is
// mayAsk of summary fact k, which a judged round reads once per summary fact (askers)
// rather than once per candidate.
func answersOnly(f *classify.Fact, sum []classify.Fact, cs []align.Match, maybe func(k int) bool) []align.Match {
	if len(cs) == 0 || !settled(f) {
		return cs
	}
	return without(cs, func(m align.Match) bool { return maybe(m.Fact) && openOn(&sum[m.Fact], f) })
}

// mayAsk: g has a question mark or an undecided cue, so one of its clauses may ask or
// doubt (most summary lines have neither).
func mayAsk(g *classify.Fact) bool {
	return strings.ContainsAny(g.Text, "?？") || lexicon.Default().MayFind(g.Text, "undecided")
}

// askers is mayAsk of each summary fact.
func askers(sum []classify.Fact) []bool {
	out := make([]bool, len(sum))
	for k := range sum {
		out[k] = mayAsk(&sum[k])
	}
	return out
}

// without is cs less the matches drop accepts, in order; cs itself (not copied) when
// drop accepts none.
func without(cs []align.Match, drop func(align.Match) bool) []align.Match {
	var out []align.Match
	for k, m := range cs {
		if !drop(m) {
			if out != nil {
				out = append(out, m)
			}
			continue
		}
		if out == nil {
			out = append(make([]align.Match, 0, len(cs)), cs[:k]...)
		}
	}
	if out == nil {
		return cs
	}
	return out
}

// openOn: the clause of g that shares most of f's terms asks (it ends in a question
// mark) or doubts (an undecided cue).
func openOn(g, f *classify.Fact) bool {
	want := map[string]bool{}
	for _, w := range f.Words {
		want[w] = true
	}
	best, open := 0, false
	for _, c := range clauses(g.Text) {
		n := 0
		for _, w := range classify.Terms(c, classify.Values(c)) {
			if want[w] {
				n++
				want[w] = false // (a term counts once per clause)
			}
		}
		for _, w := range f.Words {
			want[w] = true
		}
		if n > best {
			best, open = n, asks(c)
		}
	}
	return open && best >= 2
}

// asks: a clause that ends in a question mark or holds an undecided cue.
func asks(c string) bool {
	t := strings.TrimRight(c, " \t\n\"'”’)*_")
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") {
		return true
	}
	for _, h := range lexicon.Default().Find(c) {
		if h.Category == "undecided" {
			return true
		}
	}
	return false
}

// clauses cuts text after each sentence end (. ! ? ; and their full-width forms
// followed by a space or the end) and at each ellipsis, keeping the mark.
func clauses(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		end := -1
		switch {
		case strings.HasPrefix(text[i:], "..."):
			end = i + 3
		case r == '…' || r == '？' || r == '。' || r == '！' || r == '；':
			end = i + n
		case r == '.' || r == '!' || r == '?' || r == ';':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n' || text[i+1] == '"' || text[i+1] == ')' {
				end = i + 1
			}
		}
		if end < 0 {
			i += n
			continue
		}
		for end < len(text) && (text[end] == '"' || text[end] == ')') {
			end++
		}
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start, i = end, end
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}
