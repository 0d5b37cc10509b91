package judge

// What counts as carried: a source fact the summary holds in words of its own, in
// parts, as the same status, as the options it picked, or as a restatement.

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Kept reports whether the summary carries f (see kept): for callers that align a fact
// outside a judged round, such as an invariant in a later round.
func Kept(a *align.Aligner, f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	return kept(a, f, sum, answersOnly(f, sum, cs, func(k int) bool { return mayAsk(&sum[k]) }))
}

// kept: the summary carries the fact (one summary fact holds most of it, or its top
// matches do together). cs are its candidates less those that only ask about it
// (answersOnly).
func kept(a *align.Aligner, f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	cs = claimCarriers(f, sum, cs)
	if len(cs) == 0 {
		return false
	}
	if forceRule(f) && !forceCarried(sum, cs) {
		// a rule is its force: a summary that keeps its words as a plain statement
		// ("poolSize 8" for "poolSize must never drop under 8") has not kept it,
		// unless it states the same status ("forget X, it's off the table": "X was
		// ruled out")
		return sameClaim(a, f, sum, cs) || ruleClauseKept(a, f, sum, true) || namedProhibitionKept(f, sum, cs)
	}
	if cs[0].Cover >= KeptCover {
		return true
	}
	if a.UnionCover(f, restating(cs)) >= UnionCover {
		return true
	}
	return sameClaim(a, f, sum, cs) || ruleClauseKept(a, f, sum, false) || questionReported(a, f, sum, cs) || sameSectionRestated(f, sum, cs) ||
		requestReportedDone(f, sum, cs)
}

// sameSectionRestated: an earlier summary's item restated in the same section of the
// new one, in fewer words ("Rework the Helm chart for billing-api (EKS 1.29)." as
// "Keep billing-api on Helm." under its goal): most of the new item is the old
// one's words, so it is that item, shortened.
func sameSectionRestated(f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	if f.Origin != classify.OriginSummary || f.Section == "" {
		return false
	}
	for _, m := range cs {
		if sum[m.Fact].Section == f.Section && m.Back >= SectionBack && m.Cover >= SectionCover {
			return true
		}
	}
	return false
}

// questionReported: a question the summary reports as asked ("The user asked about
// Enterprise Grid") in a fact that names its rarest term.
func questionReported(a *align.Aligner, f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	if f.Act != classify.ActQuestion {
		return false
	}
	rare := rarestPresent(a, f, 2)
	for _, m := range cs {
		g := &sum[m.Fact]
		if m.Cover >= 0.2 && sharesAny(g.Words, rare) && reportsAsking(g.Text) {
			return true
		}
	}
	return false
}

// reportsAsking: the text reports that someone asked or raised a question.
func reportsAsking(text string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"asked", "asks", "question", "wondered", "wanted to know", "raised"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// pickKept: a short choice made by labels ("(c) it is, not (a)", "Fine,
// (b).") says what its options say; the summary carries it when it carries an option
// it picked.
func pickKept(r *rule.Round, i int) bool {
	f := &r.Src[i]
	if len(f.Picks) == 0 || len(f.Words) > pickWords {
		return false
	}
	for _, k := range f.Picks {
		if k < len(r.Kept) && r.Kept[k] {
			return true
		}
	}
	return false
}

// restatesKept: a short request of the user's whose every term an earlier message of
// theirs holds in facts the summary carries ("Sort it in the mailer." after "The invoice
// mailer double-sends... sort it out without resending anything."): said again, it is carried too.
func restatesKept(r *rule.Round, i int, said *carriedWords) bool {
	f := &r.Src[i]
	if f.Origin != classify.OriginUser || len(f.Words) == 0 || len(f.Words) > restateWords ||
		f.Act != classify.ActRequest && f.Act != classify.ActRule {
		return false
	}
	for _, m := range said.order {
		if said.first[m] < i && m != f.Message && holdsAll(said.words[m], f.Words) {
			return true
		}
	}
	return false
}

// carriedWords are, per message of the user's, the terms of its facts the summary
// carries, and where in the sources the message's first carried fact is.
type carriedWords struct {
	order []string
	first map[string]int
	words map[string][]string
}

// userSaid collects the carried user facts' terms of round r, built once per round.
func userSaid(r *rule.Round) *carriedWords {
	c := &carriedWords{first: map[string]int{}, words: map[string][]string{}}
	for j := range r.Src {
		if r.Kept[j] {
			c.add(&r.Src[j], j)
		}
	}
	return c
}

// add records carried source fact j, when it is the user's.
func (c *carriedWords) add(g *classify.Fact, j int) {
	if g.Origin != classify.OriginUser {
		return
	}
	if _, ok := c.first[g.Message]; !ok {
		c.first[g.Message] = j
		c.order = append(c.order, g.Message)
	}
	c.words[g.Message] = append(c.words[g.Message], g.Words...)
}

func holdsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// forceRule: a fact that is a rule with the force of must or never.
func forceRule(f *classify.Fact) bool {
	return f.Act == classify.ActRule && f.Modality.Level >= 3
}

// forceCarried: a summary fact that holds a good share of the rule carries some force
// of its own (a modal, a negation, an order, a rules section, the user's words quoted).
func forceCarried(sum []classify.Fact, cs []align.Match) bool {
	for _, m := range cs {
		if m.Cover < PairCover {
			continue
		}
		if carriesForce(&sum[m.Fact]) {
			return true
		}
	}
	return false
}

// carriesForce: a modal, a negation, an order, a rules section, the user's words quoted.
func carriesForce(g *classify.Fact) bool {
	return g.Act == classify.ActRule || g.Modality.Level >= 2 || g.Negated || g.Modality.Negative ||
		g.Section == classify.SecRules || g.Section == classify.SecUserMessages
}

// restating keeps the candidates that are mostly about the fact (at least UnionBack of
// the summary fact is the source's words): a long summary line that shares two common
// words with it does not carry part of it.
func restating(cs []align.Match) []align.Match {
	out := make([]align.Match, 0, len(cs))
	for _, m := range cs {
		if m.Back >= UnionBack {
			out = append(out, m)
		}
	}
	return out
}

// ruleClauseKept: a rule whose force-bearing clause the summary carries, without the
// reasons that follow it ("Do not change the API; other services embed it").
func ruleClauseKept(a *align.Aligner, f *classify.Fact, sum []classify.Fact, force bool) bool {
	if f.Act != classify.ActRule {
		return false
	}
	i := strings.IndexAny(f.Text, ";(—")
	if i <= 0 {
		if j := strings.Index(f.Text, ": "); j > 0 && j > len(f.Text)/3 {
			i = j
		}
	}
	if i <= 0 || i >= len(f.Text)-3 {
		return false
	}
	c := clauseFact(f.Text[:i]) // its values and terms, computed once per text
	if len(c.Words) < 2 {
		return false
	}
	cs := a.Candidates(&c, 3)
	if len(cs) == 0 || cs[0].Cover < KeptCover {
		return false
	}
	// a rule of force is kept by a clause that carries force of its own
	return !force || carriesForce(&sum[cs[0].Fact])
}

// sameClaim: a summary fact states the same status of the same thing in other words
// ("forget X, that's off the table" and "X was ruled out"): it shares the fact's
// rarest term and one of its status classes.
func sameClaim(a *align.Aligner, f *classify.Fact, sum []classify.Fact, cs []align.Match) bool {
	fs := classify.StatusClasses(f)
	if f.Status.Epistemic == classify.StatusHypothesis {
		fs["hypothesis"] = true
	}
	if len(fs) == 0 {
		return false
	}
	// the fact's rarest terms the summary uses at all: a term no summary fact has
	// ("forget", "right") is rare only because it was reworded away
	rare := append(slices.Clip(rarest(a, f, 3)), rarestPresent(a, f, 2)...)
	for _, m := range cs {
		g := &sum[m.Fact]
		if m.Cover < 0.15 || !sharesAny(g.Words, rare) {
			continue
		}
		if g.Status.Epistemic == classify.StatusHypothesis && fs["hypothesis"] {
			return true
		}
		for c := range classify.StatusClasses(g) {
			if fs[c] {
				return true
			}
		}
	}
	return false
}

// claimCarriers drops, for a claim of the agent's or the user's (a finding, a
// failure, a decision, a rule), the summary items of a topic list (Claude Code's Key
// Technical Concepts and Files sections) that hold less than TopicCover of it: "Session
// state files in .git/entire-sessions/" names the topic of "the sessions all show as
// active, so they all have state files in .git/entire-sessions/", not what was found.
func claimCarriers(f *classify.Fact, sum []classify.Fact, cs []align.Match) []align.Match {
	switch f.Act {
	case classify.ActFinding, classify.ActFailure, classify.ActDecision, classify.ActRule:
	default:
		return cs
	}
	if f.Origin == classify.OriginSummary {
		return cs // (an earlier summary's item may well be a topic too)
	}
	return without(cs, func(m align.Match) bool {
		sec := sum[m.Fact].Section
		return (sec == classify.SecConcepts || sec == classify.SecFiles) && m.Cover < TopicCover
	})
}
