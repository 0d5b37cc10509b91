package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "probably the cache" became "caused by the cache".
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/hedge-removed",
	Doc:   "The summary states as settled what the source only supposed (a guess, a likely cause, an unverified reading), and nothing later in the round settled it.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if cue, ok := quotedHedgeDropped(f, g); ok {
			return rule.NewHit(p.Src, p.Sum, 0.8, "the quoted words lost their hedge ("+cue+")",
				rule.Slot{Name: "status", Source: classify.StatusHypothesis, Summary: "stated as fact"}), true
		}
		if f.Status.Epistemic != classify.StatusHypothesis || g.Status.Epistemic == classify.StatusHypothesis || !claim(f) {
			return rule.Hit{}, false
		}
		if p.Match.Cover < 0.4 || g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Act == classify.ActRequest || g.Modality.Cue == "imperative" ||
			(g.Section == classify.SecPending || g.Section == classify.SecNext) && !claim(g) {
			return rule.Hit{}, false // a task to check it is not a claim that it holds
		}
		if settledLater(r, p.Src) || !subjectRestated(f, g) || !predicateRestated(f, g) {
			return rule.Hit{}, false
		}
		strength := 0.7
		if g.Status.Epistemic == classify.StatusEstablished {
			strength = 1
		}
		return rule.NewHit(p.Src, p.Sum, strength, "a hypothesis is stated as established",
			rule.Slot{Name: "status", Source: classify.StatusHypothesis, Summary: statusOr(g.Status.Epistemic, "stated as fact")}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The timeouts are probably caused by DNS retries on the sidecar."}, Summary: "Root cause: DNS retries on the sidecar cause the timeouts.", Fires: true},
		{Source: []string{"assistant: My guess is the flaky test depends on wall-clock time."}, Summary: "The flaky test depends on wall-clock time.", Fires: true},
		{Source: []string{"assistant: The timeouts are probably caused by DNS retries on the sidecar.", "assistant: Confirmed: with DNS caching on the sidecar the timeouts are gone."}, Summary: "DNS retries on the sidecar caused the timeouts.", Fires: false},
		{Source: []string{"assistant: The timeouts are probably caused by DNS retries on the sidecar."}, Summary: "Hypothesis: DNS retries on the sidecar likely cause the timeouts.", Fires: false},
		// a label that says the claim is untried keeps the doubt
		{Source: []string{"assistant: I think the cold-start spike comes from the font preload, but I haven't measured it."}, Summary: "Lead (untested): the cold-start spike comes from the font preload.", Fires: false},
		{Source: []string{"assistant: I think the cold-start spike comes from the font preload, but I haven't measured it."}, Summary: "Lead: the cold-start spike comes from the font preload.", Fires: true},
		// a line that shares the guess's evidence but not what it is about
		{Source: []string{"assistant: The lint failures are probably from the vendoring PR (#412) that landed on main last night."}, Summary: "Successfully created and merged the vendoring PR #412 that landed on main last night.", Fires: false},
		{Source: []string{"assistant: The lint failures are probably from the vendoring PR (#412) that landed on main last night."}, Summary: "The lint failures come from the vendoring PR #412 on main.", Fires: true},
		// a claim listed among the tasks is still a claim; a task to check it is not
		{Source: []string{"assistant: The nightly export is probably failing because the bucket quota is full."}, Summary: "Pending Tasks:\n- The nightly export is failing because the bucket quota is full.", Fires: true},
		// a line that gives the subject's value states nothing of the guess about it
		{Source: []string{"assistant: `retry_budget` might be stale"}, Summary: "`retry_budget: 4`", Fires: false},
		{Source: []string{"assistant: `retry_budget` might be stale"}, Summary: "`retry_budget` is stale", Fires: true},
		// a quotation that drops the speaker's hedge
		{Source: []string{"user: \"Yeah I think we need the glaze log per firing, one file each\""}, Summary: "User's words: \"Yeah we need the glaze log per firing, one file each\"", Fires: true},
		{Source: []string{"user: \"Yeah I think we need the glaze log per firing, one file each\""}, Summary: "User's words: \"Yeah I think we need the glaze log per firing, one file each\"", Fires: false},
		// a lead-in's hedge is about its list, not about the topic it names
		{Source: []string{"assistant: The most likely reasons the \"print queue stays empty\" on the studio laptop:"}, Summary: "The print queue stays empty on the studio laptop.", Fires: false},
		{Source: []string{"assistant: The most likely reason is that the print queue stays empty on the studio laptop."}, Summary: "The print queue stays empty on the studio laptop.", Fires: true},
		// the user agreed to the guess when asked
		{Source: []string{"assistant: The 502s are probably the idle timeout on the load balancer. Was the balancer changed last week?", "user: yes, that's it"}, Summary: "The 502s come from the load balancer's idle timeout.", Fires: false},
		{Source: []string{"assistant: The 502s are probably the idle timeout on the load balancer. Was the balancer changed last week?", "user: not sure, check the console"}, Summary: "The 502s come from the load balancer's idle timeout.", Fires: true},
		{Source: []string{"assistant: The nightly export is probably failing because the bucket quota is full."}, Summary: "Pending Tasks:\n- Find out whether the nightly export is failing because the bucket quota is full.", Fires: false},
		// the words the hedge covers are what it adds to the fact, not the words it repeats
		{Source: []string{"assistant: This invoice (INV-2291) has no VAT line - it appears to be a proforma invoice."}, Summary: "Found that invoices after INV-2280 (INV-2291, INV-2293) had no VAT line.", Fires: false},
		{Source: []string{"assistant: This invoice (INV-2291) has no VAT line - it appears to be a proforma invoice."}, Summary: "INV-2291 is a proforma invoice without a VAT line.", Fires: true},
	},
})

// subjectRestated: the summary fact names what the guess is about: a content word of
// the clause before the hedge ("the conflicts" of "the conflicts are likely from PR
// 175"), when the clause has one. A summary line that shares only the guess's
// evidence (the PR) says something else about it.
func subjectRestated(f, g *classify.Fact) bool {
	for _, sc := range f.Scopes {
		if sc.Kind != "hedge" || sc.Start <= 0 || sc.Start > len(f.Text) {
			continue
		}
		return holdsAnyTerm(g, f.Text[clauseStart(f.Text, sc.Start):sc.Start])
	}
	return true
}

// holdsAnyTerm: g holds a content word of text, or text has none. Words of known (what
// the fact said before the hedge: "this commit has no trailer; it appears to be a
// manual commit") are not what the hedge covers; they count only when text has no
// other.
func holdsAnyTerm(g *classify.Fact, text string, known ...string) bool {
	ws := classify.Terms(text, nil)
	if len(known) > 0 {
		seen := map[string]bool{}
		for _, k := range known {
			for _, w := range classify.Terms(k, nil) {
				seen[w] = true
			}
		}
		var fresh []string
		for _, w := range ws {
			if !seen[w] {
				fresh = append(fresh, w)
			}
		}
		if len(fresh) > 0 {
			ws = fresh
		}
	}
	return len(ws) == 0 || heldWords(g, ws) > 0
}

// quotedHedgeDropped: g quotes f's quotation word for word but for a hedge of f's
// ("I think", "probably", "maybe") that it leaves out: whoever said it is quoted as
// surer than they were. It returns the hedge.
func quotedHedgeDropped(f, g *classify.Fact) (string, bool) {
	gq := map[string]bool{}
	for _, q := range quotations(g.Text) {
		gq[flat(q)] = true
	}
	if len(gq) == 0 {
		return "", false
	}
	for _, q := range quotations(f.Text) {
		for _, h := range lexicon.Default().Find(q) {
			if h.Category != "hedge" || h.Attr("belief") != "yes" {
				continue
			}
			without := q[:h.Start] + " " + q[h.End:]
			if len(strings.Fields(without)) >= 4 && gq[flat(without)] && !gq[flat(q)] {
				return q[h.Start:h.End], true
			}
		}
	}
	return "", false
}

// predicateRestated: the summary fact says what the guess says of its subject: a
// content word of the clause after the hedge ("wrong" of "`checkpoint_count` might
// be wrong"), when it has one. A line that only gives the subject's value
// ("`checkpoint_count: 0`") states no guess as fact.
func predicateRestated(f, g *classify.Fact) bool {
	for _, sc := range f.Scopes {
		if sc.Kind != "hedge" || sc.Start < 0 || sc.Start+len(sc.Cue) > len(f.Text) {
			continue
		}
		after := f.Text[sc.Start+len(sc.Cue):]
		if end := strings.IndexAny(after, ",;()!?\n"); end >= 0 {
			after = after[:end]
		}
		if end := strings.Index(after, ". "); end >= 0 {
			after = after[:end]
		}
		return holdsAnyTerm(g, after, f.Text[:sc.Start])
	}
	return true
}

// leadIn: a line that introduces a list ("The most likely scenario for X:"): its
// hedge covers the items below it, and its own words only name their topic.
func leadIn(text string) bool {
	return strings.HasSuffix(strings.TrimRight(text, " \t*_"), ":")
}

// settledLater: a later source fact on the same subject confirms or refutes it, or
// the user agreed to it when asked (rule.Approved: "probably the branch. Were they
// on main?" "yes, that was it").
func settledLater(r *rule.Round, i int) bool {
	if r.Approved(i) {
		return true
	}
	return memoFact(r, "rules.settledLater", i, func() bool { // (once per fact and round)
		return len(r.Later(i, func(g *classify.Fact) bool {
			return g.Status.Epistemic == classify.StatusEstablished || g.Origin == classify.OriginTool && g.Act != classify.ActFailure
		})) > 0 || r.SettledBack(i)
	})
}

func statusOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// claim: a fact that states something about the world (not an order, a request, a
// question or a plan), so its certainty can collapse.
func claim(f *classify.Fact) bool {
	if leadIn(f.Text) {
		return false // "The likely causes:": what it claims is in the list that follows
	}
	switch f.Act {
	case classify.ActFinding, classify.ActReport, classify.ActFailure:
		return f.Origin != classify.OriginUser || thirdPartyKind(f.Provenance.Source)
	}
	return false
}
