// Package judge runs the rule registry over one round: it aligns the source facts
// with the summary's, builds the round the rules read (alignment, support, values,
// importance), and runs the stages in order: pair rules on aligned pairs, lost rules
// on source facts the summary does not carry, claim rules on summary facts, round
// rules on the whole. It returns the hits; the audit package turns them into findings.
package judge

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	_ "github.com/compaudit/compaudit/audit/rules" // the registry
	"github.com/compaudit/compaudit/classify"
)

// Input is one round to judge.
type Input struct {
	// Src are the judged source facts, Ev the evidence lines (tool output), Sum the
	// summary's facts; Pos and EvPos give each source fact's message position.
	Src, Sum, Ev []classify.Fact
	Pos, EvPos   []int
	// After are the facts of the messages that follow the compaction (what the agent
	// and the user did next), when the transcript has them.
	After []classify.Fact
	// Context marks the source facts that are only context (nil: none): they support,
	// settle and restate like any source, but no pair or lost rule judges them (another
	// audit judged them against the same summary).
	Context    []bool
	Cumulative bool
	Partial    bool
	// Workers caps the goroutines that judge the source facts (0 or 1: one). The hits
	// are the same, in the same order, for any number.
	Workers int
}

// Result is the judged round.
type Result struct {
	Round *rule.Round
	Hits  []rule.Hit
}

// Judge judges one round.
func Judge(in Input) *Result {
	r := build(in, max(1, in.Workers))
	return &Result{Round: r, Hits: run(r, in.Workers)}
}

// build aligns the round and fills its look-ups.
func build(in Input, workers int) *rule.Round {
	r := &rule.Round{Src: in.Src, Sum: in.Sum, Ev: in.Ev, Pos: in.Pos, EvPos: in.EvPos, After: in.After, Context: in.Context, Cumulative: in.Cumulative, Partial: in.Partial}
	n := len(in.Src)
	as := align.Forks(align.New(Align, in.Src, in.Sum), shares(n, workers))
	r.Best, r.Cands, r.Kept = make([]align.Match, n), make([][]align.Match, n), make([]bool, n)
	asking := askers(in.Sum)
	mayAskAt := func(k int) bool { return asking[k] }
	forEach(n, workers, func(w, i int) {
		f := &in.Src[i]
		cs := answersOnly(f, in.Sum, as[w].Candidates(f, Align.TopK), mayAskAt) // (a question does not hold its answer)
		r.Cands[i] = cs
		r.Best[i] = align.Match{Fact: -1}
		if len(cs) > 0 {
			r.Best[i] = cs[0]
		}
		r.Kept[i] = kept(as[w], f, in.Sum, cs)
	})
	said := userSaid(r)
	for i := range in.Src {
		if !r.Kept[i] && (pickKept(r, i) || restatesKept(r, i, said)) {
			r.Kept[i] = true
			said.add(&r.Src[i], i)
		}
	}
	r.Support, r.Clauses = support(in)
	r.Text = textIndex(in)
	r.Terms = map[string]bool{}
	for _, fs := range [][]classify.Fact{in.Src, in.Ev} {
		for i := range fs {
			for _, w := range fs[i].Words {
				r.Terms[w] = true
			}
		}
	}
	r.Values, r.SumValues = valueIndex(in)
	r.Importance, r.Why = importance(r, workers)
	return r
}

// support indexes the source facts and evidence lines and finds, per summary fact,
// the sources that hold it best.
func support(in Input) ([][]rule.Support, [][]rule.Clause) {
	all := make([]classify.Fact, 0, len(in.Src)+len(in.Ev))
	all = append(all, in.Src...)
	var evAt []int // index into in.Ev of each evidence line aligned (file dumps are only searched)
	for i := range in.Ev {
		if !in.Ev[i].Code {
			all = append(all, in.Ev[i])
			evAt = append(evAt, i)
		}
	}
	a := align.NewQueried(align.Params{SourceWeight: 1, MaxShare: Align.MaxShare, MinCommon: Align.MinCommon, TopK: Align.TopK}, in.Sum, all) // asked only about in.Sum
	out := make([][]rule.Support, len(in.Sum))
	clauses := make([][]rule.Clause, len(in.Sum))
	toRef := func(m align.Match) rule.Ref {
		if m.Fact >= len(in.Src) {
			return rule.Ref{Ev: true, I: evAt[m.Fact-len(in.Src)]}
		}
		return rule.Ref{I: m.Fact}
	}
	for k := range in.Sum {
		for _, c := range claimClauses(in.Sum[k].Text) {
			cl := rule.Clause{Fact: clauseFact(c.text), Concluded: c.concluded}
			for _, m := range a.Candidates(&cl.Fact, 3) {
				cl.Support = append(cl.Support, rule.Support{Ref: toRef(m), Match: m})
			}
			clauses[k] = append(clauses[k], cl)
		}
		for _, m := range a.Candidates(&in.Sum[k], 3) {
			out[k] = append(out[k], rule.Support{Ref: toRef(m), Match: m})
		}
	}
	return out, clauses
}

// claimClauses are the clauses of a summary line that joins several claims with
// semicolons, or draws a conclusion with an arrow ("count 214 -> the cable is
// faulty"), each of at least three words; nil for a line of one claim.
func claimClauses(text string) []claimClause {
	if !strings.Contains(text, ";") && !strings.Contains(text, " -> ") && !strings.Contains(text, " → ") {
		return nil
	}
	var out []claimClause
	at, concluded := 0, false
	for _, sep := range append(clauseSplit.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		if c := strings.TrimSpace(text[at:sep[0]]); len(strings.Fields(c)) >= 3 {
			out = append(out, claimClause{c, concluded})
		}
		concluded = concluded || sep[1]-sep[0] > 1 // past an arrow (";" is one byte)
		at = sep[1]
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// claimClause is one clause of a line, and whether an arrow comes before it.
type claimClause struct {
	text      string
	concluded bool
}

var clauseSplit = regexp.MustCompile(`;| -> | → `)

func valueIndex(in Input) (map[string][]rule.Ref, map[string][]int) {
	vs := map[string][]rule.Ref{}
	for i := range in.Src {
		for _, t := range in.Src[i].Tokens {
			vs[t.Norm] = append(vs[t.Norm], rule.Ref{I: i})
		}
	}
	for i := range in.Ev {
		for _, t := range in.Ev[i].Tokens {
			vs[t.Norm] = append(vs[t.Norm], rule.Ref{Ev: true, I: i})
		}
	}
	ss := map[string][]int{}
	for k := range in.Sum {
		for _, t := range in.Sum[k].Tokens {
			ss[t.Norm] = append(ss[t.Norm], k)
		}
	}
	return vs, ss
}

// run runs the stages. An aligned pair that a pair rule explains is not also lost;
// an aligned pair that no rule explains is kept, never an omission.
func run(r *rule.Round, workers int) []rule.Hit {
	claimRules, roundRules := rule.ByStage(rule.StageClaim), rule.ByStage(rule.StageRound)
	hits := sourceHits(r, workers)
	r.Explained = map[int]map[string]bool{}
	for _, h := range hits {
		if h.Rule.Family == rule.Mutation && h.Sum >= 0 {
			for _, sl := range h.Slots {
				if r.Explained[h.Sum] == nil {
					r.Explained[h.Sum] = map[string]bool{}
				}
				r.Explained[h.Sum][sl.Summary] = true // reported as a change already
			}
		}
	}
	for k := range r.Sum {
		if r.Sum[k].Act == classify.ActTemplate {
			continue
		}
		for _, ru := range claimRules {
			if h, ok := ru.Claim(r, k); ok {
				h.Rule = ru
				hits = append(hits, h)
				break
			}
		}
	}
	for _, ru := range roundRules {
		for _, h := range ru.Whole(r) {
			h.Rule = ru
			hits = append(hits, h)
		}
	}
	return withoutExplainedLosses(hits)
}

// sourceHits runs the pair and lost rules on every judged source fact, on up to
// workers goroutines; the hits come in source order whatever the number.
func sourceHits(r *rule.Round, workers int) []rule.Hit {
	pairRules, lostRules := rule.ByStage(rule.StagePair), rule.ByStage(rule.StageLost)
	per := make([][]rule.Hit, len(r.Src))
	forEach(len(r.Src), workers, func(_, i int) { per[i] = factHits(r, i, pairRules, lostRules) })
	var hits []rule.Hit
	for _, h := range per {
		hits = append(hits, h...)
	}
	return hits
}

// factHits are the hits of source fact i: the pair rules' on its counterparts, else
// the first lost rule's.
func factHits(r *rule.Round, i int, pairRules, lostRules []*rule.Rule) []rule.Hit {
	f := &r.Src[i]
	if f.Act == classify.ActTemplate || f.Evidence || r.Context != nil && r.Context[i] {
		return nil
	}
	partly := false
	if paired(r, i) {
		ph := pairHits(r, i, pairRules)
		if len(ph) > 0 || r.Kept[i] && !forceLost(r, i) {
			return ph
		}
		// aligned only in part, and no rule explains the pair: what the summary
		// holds of the fact is too little to call it carried
		partly = true
	}
	for _, ru := range lostRules {
		if h, ok := ru.Lost(r, i); ok {
			h.Rule = ru
			if partly {
				h.Strength *= PartlyCarried
				h.Detail = "the summary carries only part of it"
			}
			return []rule.Hit{h}
		}
	}
	return nil
}

// withoutExplainedLosses drops the omission of a source fact another family's hit
// already explains (a value of it changed, its status moved): one finding per loss.
func withoutExplainedLosses(hits []rule.Hit) []rule.Hit {
	explained := map[int]bool{}
	for _, h := range hits {
		if h.Rule.Family != rule.Omission && h.Src >= 0 && h.Sum >= 0 {
			explained[h.Src] = true
		}
	}
	out := hits[:0]
	for _, h := range hits {
		if h.Rule.Family == rule.Omission && h.Sum < 0 && explained[h.Src] {
			continue
		}
		out = append(out, h)
	}
	return out
}

// paired: the fact has a counterpart in the summary.
func paired(r *rule.Round, i int) bool {
	b := r.Best[i]
	return r.Kept[i] || b.Fact >= 0 && b.Score >= PairScore && (b.Cover >= PairCover || b.Back >= PartBack && b.Cover >= PartCover)
}

// pairHits runs the pair rules on the best match and on other strong candidates; the
// first rule that explains a pair reports it, one hit per family and source fact.
// strongCandidate: a candidate other than the best that pair rules look at too: it
// scores or covers PairRulesOn, or is made mostly of the source's words.
func strongCandidate(m align.Match) bool {
	return m.Score >= PairRulesOn || m.Cover >= PairRulesOn || m.Back >= PairRulesBack
}

// pairRuleApplies: rule ru may judge a pair of this kind and alignment: a pair that
// only credits someone is for provenance rules, and a change of value, polarity or
// status needs a summary fact the source holds enough of (MutationBack), unless the
// rule reads its change off the values alone and the line holds the source's claim.
func pairRuleApplies(ru *rule.Rule, kind int, m align.Match) bool {
	if kind == pairProvenanceOnly && ru.Family != rule.ProvenanceLoss {
		return false
	}
	loose := m.Back < MutationBack && !(ru.Exact && m.Cover >= ExactCover)
	return !((ru.Family == rule.Mutation || ru.Family == rule.EpistemicCollapse) && loose)
}

func pairHits(r *rule.Round, i int, rules []*rule.Rule) []rule.Hit {
	var out []rule.Hit
	if b := r.Best[i]; b.Fact >= 0 && b.Cover >= Verbatim && b.Back >= Verbatim && sameText(&r.Src[i], &r.Sum[b.Fact]) {
		return nil // carried word for word: nothing about it changed
	}
	seen := map[string]bool{}
	// a summary fact that restates the source nearly whole is where the claim went; the
	// other candidates are other claims that share its words
	restated := r.Best[i].Fact >= 0 && r.Best[i].Cover >= Restated && r.Best[i].Back >= Restated
	for n, m := range r.Cands[i] {
		if n > 0 && (restated || !strongCandidate(m)) {
			continue
		}
		p := rule.Pair{Src: i, Sum: m.Fact, Match: m}
		kind := pairKind(&r.Src[i], &r.Sum[m.Fact])
		if kind == pairNone || r.QuotesOther(m.Fact, i) {
			continue
		}
		for _, ru := range rules {
			if seen[ru.Family] || !pairRuleApplies(ru, kind, m) {
				continue
			}
			if h, ok := ru.Pair(r, p); ok {
				h.Rule = ru
				seen[ru.Family] = true
				out = append(out, h)
			}
		}
	}
	if seen[rule.Mutation] {
		// a value that changed is a mutation; the same value is not also lost
		kept := out[:0]
		for _, h := range out {
			if h.Rule.Family != rule.Omission {
				kept = append(kept, h)
			}
		}
		out = kept
	}
	slices.SortStableFunc(out, func(a, b rule.Hit) int { return a.Sum - b.Sum })
	return out
}

// What a source fact and a summary fact can be compared for.
const (
	pairAll            = iota
	pairProvenanceOnly // the summary quotes the user; the source is someone else's
	pairNone           // the summary fact states no claim to compare
)

// pairKind: a summary's code block or its own process talk ("Let me analyse the
// conversation") claims nothing a source could have said otherwise; an item the summary
// gives as the user's words restates the user, so against anyone else's fact it can only
// be wrong about who said it.
func pairKind(f, g *classify.Fact) int {
	switch {
	case g.Code || g.Act == classify.ActTemplate || g.Act == classify.ActChatter || f.Reloaded != "":
		// (a skill's or memory file's text is the harness's to reload, not the summary's to restate)
		return pairNone
	case g.Section == classify.SecUserMessages && f.Origin != classify.OriginUser && f.Section != classify.SecUserMessages:
		return pairProvenanceOnly
	}
	return pairAll
}

// sameText: the two facts read the same once case, spacing and emphasis are set aside.
func sameText(a, b *classify.Fact) bool { return normalize(a.Text) == normalize(b.Text) }

func normalize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '*' || r == '`' || r == '_' || r == '"' || r == '“' || r == '”':
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return strings.TrimRight(b.String(), ".;:,")
}

// textIndex is the round's substring index over its sources' text (built when first
// asked).
func textIndex(in Input) *rule.TextIndex {
	return rule.NewTextIndex(func() []string {
		out := make([]string, 0, len(in.Src)+len(in.Ev))
		for _, fs := range [][]classify.Fact{in.Src, in.Ev} {
			for i := range fs {
				out = append(out, fs[i].Text)
			}
		}
		return out
	})
}

// forceLost: a rule whose best summary match keeps its words but none of its force
// (no deontic cue, no negation, no order): the rule is gone, whatever the words.
func forceLost(r *rule.Round, i int) bool {
	f := &r.Src[i]
	b := r.Best[i]
	if f.Act != classify.ActRule || b.Fact < 0 || f.Modality.Cue == "imperative" || f.Modality.Cue == "label" || f.Modality.Cue == "only" || f.Modality.Cue == "exactly" {
		return false // an imperative's force is its form; "only" is a qualifier the mutation rules judge
	}
	g := &r.Sum[b.Fact]
	if g.Modality.Level >= 2 || g.Negated && f.Modality.Negative {
		return false
	}
	for _, s := range g.Scopes {
		if s.Kind == "deontic" || s.Kind == "neg" && f.Modality.Negative {
			return false
		}
	}
	return true
}

// rarest are the n terms of f that weigh most in the round.
func rarest(a *align.Aligner, f *classify.Fact, n int) []string {
	ws := slices.Clone(f.Words)
	slices.SortStableFunc(ws, func(x, y string) int {
		wx, wy := a.Weight(x), a.Weight(y)
		switch {
		case wx > wy:
			return -1
		case wx < wy:
			return 1
		}
		return 0
	})
	if len(ws) > n {
		ws = ws[:n]
	}
	return ws
}

// rarestPresent are the n rarest terms of f that some summary fact holds, the parties'
// names aside.
func rarestPresent(a *align.Aligner, f *classify.Fact, n int) []string {
	var ws []string
	for _, w := range f.Words {
		if a.InSummary(w) && !classify.PartyWord(w) {
			ws = append(ws, w)
		}
	}
	f2 := classify.Fact{Words: ws}
	return rarest(a, &f2, n)
}

func sharesAny(ws, of []string) bool {
	for _, w := range of {
		if slices.Contains(ws, w) {
			return true
		}
	}
	return false
}
