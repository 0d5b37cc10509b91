package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "only on weekdays", "until the lock is released", "unless the canary fails": the
// clause that limits a claim is gone.
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/qualifier-dropped",
	Doc:   "The summary keeps a rule or claim but drops the qualifier that limits it (only, until, unless, except, before, after, a scope).",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		loose := p.Match.Cover < 0.35 && !clauseOf(p)
		merged := !limitable(f) && !restated(p) && p.Match.Cover >= 0.8 && claimAct(f) // (one item of a longer summary line)
		if !limitable(f) && !merged && (loose || !((restated(p) || restatedWithout(f, g, p)) && claimAct(f))) {
			return rule.Hit{}, false
		}
		if strings.HasPrefix(strings.TrimSpace(f.Text), "|") || f.Origin != classify.OriginUser && reportsWorkOn(f, g) {
			return rule.Hit{}, false // a table's cell; a problem described, then the work on it reported
		}
		for _, b := range f.Bounds {
			if loose && !mainClauseHeld(f, b, g) || merged && !restatedBut(f, b, g) || !limiting[b.Kind] || qualifierKept(b, g, r) || !predicateKept(f, b, g) || inAlternative(f.Text, b) && !contrasts(g.Text) || mereJust(f, b) || keptElsewhere(r, p, b) {
				continue
			}
			return rule.NewHit(p.Src, p.Sum, 0.8, fmt.Sprintf("the %q qualifier is gone: %q", b.Kind, oneLine(b.Clause)),
				rule.Slot{Name: "qualifier:" + b.Kind, Source: b.Clause}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: Deploy the billing service only on weekdays."}, Summary: "Deploy the billing service whenever it is ready.", Fires: true},
		{Source: []string{"user: Keep the feature flag off until the audit is signed off."}, Summary: "Keep the feature flag off.", Fires: true},
		{Source: []string{"user: Keep the feature flag off until the audit is signed off."}, Summary: "The feature flag stays off until the audit sign-off.", Fires: false},
		// one clause of a long request kept whole, its condition gone
		{Source: []string{"user: Then move the nightly export to the replica, unless the replica lag alarm is still firing; the dashboards read that replica all morning and a slow export would starve them."}, Summary: "Move the nightly export to the replica.", Fires: true},
		{Source: []string{"user: Then move the nightly export to the replica, unless the replica lag alarm is still firing; the dashboards read that replica all morning and a slow export would starve them."}, Summary: "Move the nightly export to the replica unless its lag alarm is firing.", Fires: false},
		{Source: []string{"user: Deploy the billing service only on weekdays."}, Summary: "Billing deploys happen on weekdays only.", Fires: false},
		{Source: []string{"assistant: After the change the scheduler only picks jobs from the priority lane."}, Summary: "After the change the scheduler picks jobs from the priority lane.", Fires: true},
		{Source: []string{"assistant: After the change the scheduler only picks jobs from the priority lane."}, Summary: "The scheduler now picks jobs solely from the priority lane.", Fires: false},
		{Source: []string{"user: Keep the legacy endpoint serving until 2027-06-30, then remove it."}, Summary: "Keep the legacy endpoint serving up to 2027-06-30, then remove it.", Fires: false},
		// the limit kept in another line of the summary
		{Source: []string{"user: Every invoice must produce exactly one ledger entry in the billing db."}, Summary: "## Goal\nEach invoice produces exactly one ledger entry in the billing db.\n## Flow\n- Invoices go to the ledger entry writer, then to the billing db.", Fires: false},
		{Source: []string{"user: Every invoice must produce exactly one ledger entry in the billing db."}, Summary: "## Goal\nInvoices produce ledger entries.\n## Flow\n- Every invoice must produce a ledger entry in the billing db.", Fires: true},
		// one item of a longer summary line, copied whole but for its limit
		{Source: []string{"assistant: reindex-nightly: at 03:00 UTC, only on the replica, runs pg_repack against the orders table."}, Summary: "Jobs: vacuum-hourly (all tables), reindex-nightly: at 03:00 UTC, runs pg_repack against the orders table, backup-weekly (Sundays).", Fires: true},
		{Source: []string{"assistant: reindex-nightly: at 03:00 UTC, only on the replica, runs pg_repack against the orders table."}, Summary: "Jobs: vacuum-hourly (all tables), reindex-nightly: at 03:00 UTC on the replica only, runs pg_repack against the orders table, backup-weekly (Sundays).", Fires: false},
		// a condition restated around its value; its value kept without it
		{Source: []string{"assistant: The backfill takes about 3 h, which fits the freeze if we start at 22:00."}, Summary: "The backfill takes about 3 h, which fits the freeze starting at 22:00.", Fires: false},
		{Source: []string{"assistant: The backfill takes about 3 h, which fits the freeze if we start at 22:00."}, Summary: "The backfill takes about 3 h, which fits the freeze (22:00).", Fires: true},
		// a long rule whose limited clause the summary restates whole, the limit gone
		{Source: []string{"user: Don't drop the legacy orders table until the nightly export has run twice on the new schema without a diff."}, Summary: "## Task\nMove the nightly export to the new schema, then retire the legacy orders table.\n## Constraints\n- Don't drop the legacy orders table.", Fires: true},
		{Source: []string{"user: Don't drop the legacy orders table until the nightly export has run twice on the new schema without a diff."}, Summary: "## Task\nMove the nightly export to the new schema, then retire the legacy orders table.\n## Constraints\n- Don't drop the legacy orders table until two nightly exports on the new schema ran without a diff.", Fires: false},
		// the limit stated from the other side, as the condition of what happens past it
		{Source: []string{"user: Batch the re-index so the queue depth stays under 2000 jobs or we pause it."}, Summary: "Batch the re-index, pausing it if the queue depth exceeds 2000 jobs.", Fires: false},
		{Source: []string{"user: Batch the re-index so the queue depth stays under 2000 jobs or we pause it."}, Summary: "Batch the re-index; mind the queue depth of 2000 jobs.", Fires: true},
		// the qualifier of an alternative the source rejects, a mere "just", a problem and the work on it
		{Source: []string{"assistant: The price table is loaded inside the loop instead of once before it."}, Summary: "The price table is loaded inside the loop.", Fires: false},
		{Source: []string{"assistant: The staging box is just a copy of prod from March."}, Summary: "The staging box is a copy of prod from March.", Fires: false},
		{Source: []string{"assistant: The `retry` flag is only set on the first attempt of each upload."}, Summary: "Fixed the `retry` flag being set on the first attempt of each upload.", Fires: false},
		// a statement restated with its limit cut: the cut keeps the pair's cover low
		{Source: []string{"assistant: The glaze batch ships on Friday unless the studio asks for a delay."}, Summary: "The glaze batch ships on Friday.", Fires: true},
		{Source: []string{"assistant: The glaze batch ships on Friday unless the studio asks for a delay."}, Summary: "The glaze batch ships on Friday unless the studio asks for a delay.", Fires: false},
		{Source: []string{"assistant: The glaze batch ships on Friday unless the studio asks for a delay."}, Summary: "Glaze batch: the studio may still ask for a delay.", Fires: false},
		// a precision word limits like "only": "exactly as before" is not "as before"
		{Source: []string{"user: The kiln schedule stays exactly as the glaze supplier wrote it."}, Summary: "The kiln schedule stays as the glaze supplier wrote it.", Fires: true},
		{Source: []string{"user: The kiln schedule stays exactly as the glaze supplier wrote it."}, Summary: "The kiln schedule stays strictly as the glaze supplier wrote it.", Fires: false},
	},
})

// inAlternative: the qualifier limits the alternative a contrast rejects ("called
// inside the loop instead of once before it"): a summary that drops the alternative
// whole ("called inside the loop") widens nothing the fact holds; one that keeps the
// contrast and cuts its qualifier does.
func inAlternative(text string, b classify.Bound) bool {
	low := strings.ToLower(text)
	i := strings.Index(low, strings.ToLower(b.Clause))
	if i < 0 {
		return false
	}
	before := strings.Fields(low[:i])
	for k := len(before) - 1; k >= 0 && k >= len(before)-3; k-- {
		w := strings.Trim(before[k], ",;:")
		if w == "instead" || w == "rather" || k > 0 && before[k-1] == "instead" && w == "of" {
			return true
		}
	}
	return false
}

// contrasts: the text sets one thing against another ("instead of", "rather than").
func contrasts(text string) bool {
	low := strings.ToLower(text)
	return strings.Contains(low, "instead") || strings.Contains(low, "rather than")
}

// mereJust: "just" in someone's description ("the repo is just a clone") means
// merely; only in an order or a rule ("just fix the two tests") does it limit.
func mereJust(f *classify.Fact, b classify.Bound) bool {
	return strings.EqualFold(b.Cue, "just") && f.Act != classify.ActRule && f.Act != classify.ActRequest && f.Act != classify.ActDecision
}

// clauseOf: the summary fact is all but entirely the source's words, one clause of a
// longer sentence ("switch the cache to allkeys-lru" of "switch the cache to
// allkeys-lru, unless ...; those keys ..."): a restatement of that clause.
func clauseOf(p rule.Pair) bool { return p.Match.Back >= 0.9 && p.Match.Cover >= 0.2 }

// keptElsewhere: another line of the summary, a candidate for the source fact at least
// as good as the pair's, states the qualifier (a bound of its kind holding most of the
// clause's content words): the summary keeps the limit, in a line the aligner did not
// pair ("exactly one record per order" in its goals, the
// paired line a short description of the flow).
func keptElsewhere(r *rule.Round, p rule.Pair, b classify.Bound) bool {
	words := classify.Terms(strings.TrimPrefix(b.Clause, b.Cue), nil)
	if len(words) == 0 {
		return false
	}
	for _, m := range r.Cands[p.Src] {
		j := m.Fact
		if j == p.Sum || j < 0 || m.Cover < p.Match.Cover {
			continue // (a line that restates the fact less well than the pair's is not where it went)
		}
		g := &r.Sum[j]
		if !slices.ContainsFunc(g.Bounds, func(x classify.Bound) bool { return x.Kind == b.Kind }) {
			continue
		}
		if heldWords(g, words)*3 >= len(words)*2 {
			return true
		}
	}
	return false
}

// mainClauseHeld: g holds nearly every content word of the clause b limits (the
// words of f's sentence before the qualifier, at least mainClauseWords of them): the
// summary restates that clause whole, however little of the rest of f it holds.
func mainClauseHeld(f *classify.Fact, b classify.Bound, g *classify.Fact) bool {
	i := strings.Index(f.Text, b.Clause)
	if i <= 0 {
		return false
	}
	before := f.Text[:i]
	if j := strings.LastIndexAny(before, ".;!?\n"); j >= 0 {
		before = before[j+1:]
	}
	ws := classify.Terms(before, nil)
	if len(ws) < mainClauseWords {
		return false
	}
	return heldWords(g, ws)*10 >= len(ws)*9
}

// restatedWithout: the summary fact is mostly the source's words (Back) and holds
// nearly whole the clause one of its limits governs: the claim restated with the limit
// cut, which the cut itself keeps below restated's cover ("ships on Friday unless the
// studio asks for a delay" as "ships on Friday").
func restatedWithout(f, g *classify.Fact, p rule.Pair) bool {
	if p.Match.Back < 0.6 {
		return false
	}
	return slices.ContainsFunc(f.Bounds, func(b classify.Bound) bool { return limiting[b.Kind] && mainClauseHeld(f, b, g) })
}

// mainClauseWords: the fewest content words a limited clause needs to be matched alone.
const mainClauseWords = 3

// limiting are the qualifier kinds whose loss widens a claim.
var limiting = map[string]bool{"only": true, "until": true, "unless": true, "except": true, "before": true, "after": true, "scope": true, "if": true,
	"atmost": true, "atleast": true}

// limitable: a fact whose qualifiers matter (a rule, a decision, a request, a finding).
func limitable(f *classify.Fact) bool {
	switch f.Act {
	case classify.ActRule, classify.ActDecision, classify.ActRequest:
		return true
	}
	return false
}

// qualifierKept: the summary fact has a qualifier of the same kind, or the clause's
// distinctive words (its values, or most of its content words) are in the summary fact.
func qualifierKept(b classify.Bound, g *classify.Fact, r *rule.Round) bool {
	for _, x := range g.Bounds {
		if x.Kind == b.Kind || b.Kind == "scope" || x.Kind == "only" && b.Kind == "scope" {
			return true
		}
		if boundSide[x.Kind] != "" && boundSide[x.Kind] == boundSide[b.Kind] && sharesValue(x.Values, b.Values) {
			return true // "until 14 May" restated as "up to 14 May": the same limit
		}
		if complementBound(b, x, g) {
			return true
		}
	}
	if len(b.Values) > 0 {
		// the bound's value is still there but not the bound ("not before 09-30" became
		// "on 09-30"): dropped, unless a condition is restated whole around its value
		// ("fits the freeze if we begin at 22:00" as "fits the freeze beginning at 22:00")
		return b.Kind == "if" && conditionRestated(b, g)
	}
	if b.Kind == "only" {
		// a focus word limits by itself: the clause it scopes survives whole when the
		// word is cut ("rewind only sees the current branch" became "rewind sees ...")
		return hasFocusWord(g.Text)
	}
	words := classify.Terms(strings.TrimPrefix(b.Clause, b.Cue), nil)
	if len(words) == 0 {
		return true
	}
	return heldWords(g, words)*2 >= len(words)
}

// conditionRestated: every content word of the condition's clause besides its values
// is in g, and there is at least one.
func conditionRestated(b classify.Bound, g *classify.Fact) bool {
	var words []string
	for _, w := range classify.Terms(strings.TrimPrefix(b.Clause, b.Cue), nil) {
		if !strings.ContainsAny(w, ":0123456789") {
			words = append(words, w)
		}
	}
	return len(words) > 0 && heldWords(g, words) == len(words)
}

// complementBound: the summary states the limit from the other side, as the condition
// of what happens past it ("keep the queue under 2000 jobs or we pause" as "pause if
// the queue exceeds 2000 jobs"): the same value, the opposite side, inside a condition
// of g.
func complementBound(b, x classify.Bound, g *classify.Fact) bool {
	if boundSide[b.Kind] == "" || boundSide[x.Kind] == "" || boundSide[x.Kind] == boundSide[b.Kind] || !sharesValue(x.Values, b.Values) {
		return false
	}
	at := strings.Index(g.Text, x.Clause)
	if at < 0 {
		return false
	}
	for _, h := range lexicon.Default().Find(g.Text[clauseStart(g.Text, at):at]) {
		if h.Category == "qualifier" && h.Attr("kind") == "if" {
			return true
		}
	}
	return false
}

// predicateKept: the claim the qualifier limits survives in the summary fact (a
// content word of its clause before the qualifier, or, when the qualifier opens the
// clause, the word it governs), so the summary restates the claim without its limit
// rather than saying something else.
func predicateKept(f *classify.Fact, b classify.Bound, g *classify.Fact) bool {
	i := strings.Index(f.Text, b.Clause)
	if i < 0 {
		return true
	}
	before := f.Text[:i]
	if j := strings.LastIndexAny(before, ".;:!?(\n"); j >= 0 {
		before = before[j+1:]
	}
	ws := slices.DeleteFunc(classify.Terms(before, nil), lightVerb)
	if len(ws) > 2 {
		ws = ws[len(ws)-2:]
	}
	if len(ws) == 0 {
		ws = classify.Terms(strings.TrimPrefix(b.Clause, b.Cue), nil)
		if len(ws) > 1 {
			ws = ws[:1]
		}
	}
	return heldWords(g, ws) == len(ws)
}

// lightVerb: a term of a verb that says little of what is limited ("stays under
// 2000", "remains below"): the words before it name the thing.
func lightVerb(w string) bool { return lightVerbs[w] }

var lightVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"stay", "stays", "remain", "remains", "keep", "keeps", "get", "gets", "become", "becomes"} {
		m[classify.Stem(w)] = true
	}
	return m
}()

// restatedBut: g holds every content word of f outside the qualifier's clause (at
// least four, and twice the clause's): f is one item of a longer summary line, copied
// but for its limit.
func restatedBut(f *classify.Fact, b classify.Bound, g *classify.Fact) bool {
	i := strings.Index(f.Text, b.Clause)
	if i < 0 {
		return false
	}
	if b.Kind == "only" && strings.HasSuffix(strings.ToLower(f.Text[:i]), "the ") {
		return false // "the only blocker": which one, not a limit the item carries
	}
	rest := f.Text[:i] + " " + f.Text[i+len(b.Clause):]
	ws := classify.Terms(rest, classify.Values(rest))
	limit := classify.Terms(b.Clause, nil)
	return len(ws) >= 4 && len(ws) >= 2*len(limit) && heldWords(g, ws) == len(ws)
}

// restated: the summary fact says the source fact again nearly word for word, so a
// clause missing from it was cut, not summarised away.
func restated(p rule.Pair) bool { return p.Match.Cover >= 0.6 && p.Match.Back >= 0.6 }

// claimAct: a fact that states something (not chatter, a question or a plan).
func claimAct(f *classify.Fact) bool {
	switch f.Act {
	case classify.ActChatter, classify.ActQuestion, classify.ActPlan, classify.ActTemplate:
		return false
	}
	return true
}

// hasFocusWord: the text limits something with a focus word of its own (only, solely,
// exclusively, nothing but), wherever it stands ("on weekdays only").
func hasFocusWord(text string) bool {
	low := " " + strings.ToLower(text) + " "
	for _, w := range []string{"only", "solely", "exclusively", "nothing but", "alone"} {
		for _, sep := range []string{" ", ",", ".", ";", ":", ")", "("} {
			if strings.Contains(low, " "+w+sep) || strings.Contains(low, "("+w+sep) {
				return true
			}
		}
	}
	return false
}
