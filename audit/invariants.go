package audit

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// Invariant kinds.
const (
	KindProhibition   = "prohibition"
	KindPrecondition  = "precondition"
	KindFailureRecord = "failure_record"
)

type invCandidate struct {
	inv   Invariant
	fact  classify.Fact
	start int // message index where it is first stated (-1: from the start)
}

// trackInvariants follows every invariant (declared or extracted) through the rounds.
// Each round's summary is judged once against all invariants (one alignment index per
// round), so the cost grows with invariants plus summary facts, not their product.
func trackInvariants(s *sessions.Session, r *Report, ex *extractor) []Invariant {
	cands := invariantCandidates(s, ex)
	rounds := s.Rounds()
	rules := make([]classify.Fact, len(cands))
	normFact := make([]string, len(cands))
	normRule := make([]string, len(cands))
	for n := range cands {
		rules[n] = ruleClause(&cands[n].fact)
		rules[n].Index = n
		normFact[n] = normText(cands[n].fact.Text)
		normRule[n] = normText(rules[n].Text)
	}
	states := make([][]InvariantState, len(cands))
	for k, rc := range rounds {
		rd := &r.Rounds[k]
		last := s.LastSourceIndex(rc)
		var jr *judge
		normSum := ""
		if !rd.Opaque {
			normSum = normText(rc.Summary)
		}
		for n, c := range cands {
			st := InvariantState{Round: rc.Round}
			switch {
			case c.start > last:
				st.State = StatePending
			case rd.Opaque:
				st.State = StateOpaque
				st.Detail = "opaque summary: cannot be checked"
			case strings.Contains(normSum, normFact[n]):
				st.State, st.Summary, st.Score = StateVerbatim, c.fact.Text, 1
			case normRule[n] != normFact[n] && strings.Contains(normSum, normRule[n]):
				st.State, st.Summary, st.Score = StateVerbatim, rules[n].Text, 1
			case len(rd.SummaryFacts) == 0:
				st.State, st.Detail = StateDropped, "the summary has no facts"
			default:
				if jr == nil {
					jr = newJudge(rules, rd.SummaryFacts)
					jr.best = make([]match, len(rules))
				}
				st.State, st.Summary, st.Score, st.Detail = invariantState(jr, n)
			}
			states[n] = append(states[n], st)
		}
	}
	out := make([]Invariant, 0, len(cands))
	for n, c := range cands {
		inv := c.inv
		inv.States = states[n]
		retireAt, retireReason, retired := retirement(s, inv.ID)
		if !retired && inv.Origin == "extracted" && inv.Kind == KindFailureRecord {
			retireAt, retireReason, retired = successAfter(s, ex, &c.fact, c.start)
		}
		for k := range inv.States {
			st := &inv.States[k]
			if st.State != StateDropped {
				continue
			}
			isRetired := retired && retireAt <= s.LastSourceIndex(rounds[k])
			if inv.DroppedInRound == nil {
				rn := st.Round
				inv.DroppedInRound = &rn
				inv.Flagged = !isRetired
			}
			if isRetired {
				st.State = StateRetired
				st.Detail = "retired: " + retireReason
			}
		}
		if retired {
			if retireAt >= 0 && retireAt < len(s.Messages) {
				inv.RetiredAt = s.Messages[retireAt].ID
			}
			inv.Reason = retireReason
		}
		out = append(out, inv)
	}
	return out
}

var reGone = classify.MustRx(`(?i)\b(?:is|are)\s+gone\b|\bno\s+longer\s+(?:fails?|crash\w*|happens?|errors?)\b|\bworks\s+now\b|\bnow\s+works\b|\bfixed\b`)

// successLookahead bounds how far after a failure its success event is looked for.
const successLookahead = 40

// rareMessages: a word in at most this many messages names a specific thing.
const rareMessages = 3

// successAfter finds the explicit success event that retires an extracted failure
// record: a later message that reports success on the same subject (the same tool
// run passing, the same step working). A failure record is never retired by a
// summary's silence, only by such an event.
func successAfter(s *sessions.Session, ex *extractor, f *classify.Fact, start int) (int, string, bool) {
	subject := map[string]bool{}
	for _, w := range f.Words {
		if len(w) >= 4 && w[0] != '#' {
			subject[w] = true
		}
	}
	for mi := start + 1; mi < len(s.Messages) && mi <= start+successLookahead; mi++ {
		for _, g := range ex.of(s.Messages[mi].ID) {
			gone := reGone.MatchString(g.Text)
			if !gone && (g.Status.Choice == classify.StatusTriedFailed || reToolError.MatchString(g.Text)) {
				continue
			}
			if !gone && !reToolSuccess.MatchString(g.Text) && g.Status.Resolution != classify.StatusResolved {
				continue
			}
			shared, long, rare := 0, false, false
			for _, w := range g.Words {
				if subject[w] {
					shared++
					long = long || len(w) >= 5
					rare = rare || ex.messageDF(w) <= rareMessages
				}
			}
			// the success must name what failed (a word few messages use), not only
			// the wider subject: "mode 'onBlur' breaks the meter" is not retired by
			// "the email error survives" after a different fix
			if rare && (shared >= 2 || shared == 1 && long) {
				return mi, "a later success: " + g.Text, true
			}
		}
	}
	return 0, "", false
}

// retirement finds the retire event of invariant id: the message index it happens at
// (-1 when the event names no message, meaning from the start).
func retirement(s *sessions.Session, id string) (int, string, bool) {
	if s.Manifest == nil {
		return 0, "", false
	}
	for _, ev := range s.Manifest.Events {
		if ev.Kind == "retire" && ev.ID == id {
			at := -1
			if ev.At != "" {
				at = s.MessageIndex(ev.At)
				if at < 0 {
					if c := s.Compaction(ev.At); c != nil {
						at = s.LastSourceIndex(c)
					}
				}
			}
			return at, ev.Reason, true
		}
	}
	return 0, "", false
}

func invariantCandidates(s *sessions.Session, ex *extractor) []invCandidate {
	var out []invCandidate
	if s.Manifest != nil && len(s.Manifest.Invariants) > 0 {
		for _, mi := range s.Manifest.Invariants {
			fs := classify.Extract(mi.ID, "user", mi.Text)
			f := mergeFacts(mi.ID, mi.Text, fs)
			start := -1
			if mi.At != "" {
				start = s.MessageIndex(mi.At)
			}
			out = append(out, invCandidate{inv: Invariant{ID: mi.ID, Text: mi.Text, Kind: invariantKind(&f), Origin: "manifest", Message: mi.At}, fact: f, start: start})
		}
		return out
	}
	seen := map[string]bool{}
	for mi, m := range s.Messages {
		if m.Role == "system" {
			continue
		}
		toolFailure := false
		facts := ex.of(m.ID)
		for _, f := range facts {
			key := strings.ToLower(strings.TrimSpace(f.Text))
			if !(isInvariantFact(&f) || backedOutFailure(&f, facts)) || seen[key] {
				continue
			}
			seen[key] = true
			if f.Role == "tool" && f.Provenance.Source != "file" {
				if toolFailure {
					continue // one failure record per tool run: its first error line
				}
				toolFailure = true
			}
			id := fmt.Sprintf("%s.%d", m.ID, f.Index+1)
			out = append(out, invCandidate{inv: Invariant{ID: id, Text: f.Text, Kind: invariantKind(&f), Origin: "extracted", Message: m.ID}, fact: f, start: mi})
		}
	}
	return out
}

// mergeFacts makes one fact of a manifest text that may hold several sentences.
func mergeFacts(id, text string, fs []classify.Fact) classify.Fact {
	sp := classify.Span{Text: strings.TrimSpace(text), Start: 0, End: len(text)}
	f := classify.Classify(id, "user", sp)
	if !f.Has(classify.ExactConstraint) && f.Modality.Level == 0 && len(fs) > 0 {
		f.Modality = fs[0].Modality
	}
	return f
}

func isInvariantFact(f *classify.Fact) bool {
	if f.Code || reQuestion.MatchString(f.Text) {
		return false
	}
	switch f.Role {
	case "user":
		if strongRule(f) {
			return true
		}
		if f.Has(classify.RejectedAlternative) {
			return true
		}
		return failureRecord(f)
	case "assistant":
		// the agent's own failure records, and rules it relays from a file, a team or the user
		return failureRecord(f) || strongRule(f) && (f.Provenance.Source == "file" || f.Provenance.Source == "team" || f.Provenance.Source == "person" || f.Provenance.Source == "user")
	case "tool":
		if f.Provenance.Source == "file" {
			return f.Modality.Level >= classify.ModShouldNot && f.Modality.Cue != "should" && !reCannot.MatchString(f.Modality.Cue)
		}
		return toolFailureLine(f.Text)
	}
	return false
}

// toolFailureLine: a tool output line that reports a failure, as logs write one: the
// error word opens the line or is shouted or labelled ("ERROR ...", "ABORT: ...",
// "fatal: ...", "... failed: ...", "KeyError"), not a code comment that mentions
// aborting ("#  sleep(PAUSE_S); abort if lag > MAX").
func toolFailureLine(text string) bool {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "--") || strings.HasPrefix(t, "/*") {
		return false
	}
	if !reToolError.MatchString(t) || reZeroFail.MatchString(t) {
		return false
	}
	return reLogFailure.MatchString(t)
}

var reLogFailure = regexp.MustCompile(`(?:^\W*(?:\[?[\d:.TZ-]+\]?\s+)?(?:[\w.-]+\s*[|:]\s*)?(?i:error|fatal|exception|traceback|abort(?:ed)?|panic|denied|refused|failed|failure|timed?\s*out|cannot|could\s+not|not\s+found|rejected|oom|killed)\b)|\b(?:ERROR|FATAL|ABORT(?:ED)?|PANIC|FAILED|FAILURE|DENIED|REFUSED|OOM|KILLED)\b|(?i:\b(?:error|errors|fatal|failed|failure|denied|refused|aborted|exception|timed?\s*out)\s*[:!(])|\w+(?:Error|Exception)\b|_exception\b|(?i:\b(?:permission|access)\s+denied\b|\bdoes\s+not\s+have\b|\bno\s+longer\s+available\b|\bnot\s+found\b)`)

var reToolError = classify.MustRx(`(?i)(?:^|[\s:\[(])(?:error|fatal|exception|traceback|abort(?:ed)?|panic|denied|refused|failed|failure|timed?\s*out|cannot|could\s+not|not\s+found|rejected|oom|killed)\b|\w+(?:Error|Exception)\b|_exception\b`)

// backedOutFailure: the agent reports that a change broke something and, in the same
// message, backs it out ("mode 'onBlur' breaks the live strength meter. Reverting to
// 'onChange'"): the attempt is a failure record even without the word "tried".
func backedOutFailure(f *classify.Fact, msg []classify.Fact) bool {
	if f.Role != "assistant" || !f.Has(classify.FailureHistory) || f.Status.Epistemic == classify.StatusHypothesis || !strongFailure(f.Text) || reZeroFail.MatchString(f.Text) {
		return false
	}
	for k := range msg {
		if reBackOut.MatchString(msg[k].Text) {
			return true
		}
	}
	return false
}

var reBackOut = classify.MustRx(`(?i)\b(?:revert(?:ing|ed)?|rolling\s+back|rolled\s+back|roll\s+(?:it\s+)?back|backing\s+out|backed\s+out|undo(?:ing)?|undid|drop(?:ping|ped)?\s+(?:that|this|the)\s+(?:approach|idea|plan|route|option|attempt)|abandon(?:ing|ed)?|giv(?:e|ing)\s+up\s+on|instead)\b`)

func invariantKind(f *classify.Fact) string {
	switch {
	case f.Has(classify.FailureHistory) && f.Modality.Level == 0:
		return KindFailureRecord
	case f.Modality.Negative || f.Has(classify.RejectedAlternative):
		return KindProhibition
	}
	return KindPrecondition
}

var reSpace = regexp.MustCompile(`[\s*_` + "`" + `]+`)

func normText(s string) string {
	s = strings.ToLower(reSpace.ReplaceAllString(s, " "))
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".;:!"))
}

// reRulesLabel: a summary line or section that files its items as rules.
var reRulesLabel = classify.MustRx(`(?i)^\W*(?:user\s+)?(?:rules?|constraints?|requirements?|invariants?|guardrails?|do\s+not|don'?ts)\b[^:]{0,30}:|\b(?:rules|constraints|requirements|invariants|guardrails)\b`)

// valueToken: a quantity a rule is stated with (a version, a limit, a time).
func valueToken(t classify.Token) bool {
	switch t.Kind {
	case classify.TokVersion, classify.TokDuration, classify.TokTime, classify.TokDate, classify.TokPercent, classify.TokSize, classify.TokMoney, classify.TokHex, classify.TokPort:
		return true
	case classify.TokNumber:
		return len(t.Raw) >= 2
	}
	return false
}

// ruleClause is the clause of f that carries its force ("Never refund a charge that
// has an open dispute" of "...; Stripe would double-pay ..."), as a fact of its own.
func ruleClause(f *classify.Fact) classify.Fact {
	cs := classify.Clauses(f.Text)
	if len(cs) < 2 {
		return *f
	}
	forced := 0
	for _, c := range cs {
		if sub := f.Sub(c); sub.Modality.Level >= classify.ModShouldNot || hasQualifier(&sub, "only") {
			forced++
		}
	}
	if forced >= 2 {
		// "fr-CA only; fr-FR strings ... we shouldn't touch them": two faces of one
		// rule, kept by a summary that keeps either
		return *f
	}
	cue := strings.ToLower(f.Modality.Cue)
	for k, c := range cs {
		if cue != "" && strings.Contains(strings.ToLower(c), strings.TrimSuffix(cue, " (softened)")) {
			if len(classify.ContentWords(c)) < 4 || reObjectPronoun.MatchString(c) && k > 0 {
				if k > 0 {
					c = cs[k-1] + "; " + c // "don't request more" needs what it refers to
				} else {
					return *f
				}
			}
			return f.Sub(c)
		}
	}
	return f.Sub(cs[0])
}

func hasQualifier(f *classify.Fact, q string) bool {
	for _, x := range f.Qualifiers {
		if x == q {
			return true
		}
	}
	return false
}

// reObjectPronoun: a rule clause that points back for its object ("don't let anyone
// upgrade it to 5.x"): the clause before says what "it" is.
var reObjectPronoun = regexp.MustCompile(`(?i)\b(?:it|them|these|those)\b`)

// clauseOf is the clause of g closest to f, so a merged summary line is judged by the
// part that restates f, not by a neighbouring rule's softer wording.
func clauseOf(g, f *classify.Fact) classify.Fact {
	cs := classify.Clauses(g.Text)
	if len(cs) < 2 {
		return *g
	}
	fw := map[string]bool{}
	for _, w := range f.Words {
		fw[w] = true
	}
	best, bestN := *g, -1
	for _, c := range cs {
		sub := g.Sub(c)
		n := 0
		for _, w := range sub.Words {
			if fw[w] {
				n++
			}
		}
		if n > bestN {
			best, bestN = sub, n
		}
	}
	return best
}

// invariantState judges whether a summary (the judge's summary facts) still states
// invariant n (the judge's source fact n) with its force: the same modality, the exact
// values and the qualifiers.
func invariantState(j *judge, n int) (string, string, float64, string) {
	rule := &j.src[n]
	cands := j.fwd.candidates(rule)
	if len(cands) == 0 {
		return StateDropped, "", 0, "no summary fact mentions it"
	}
	failure := (rule.Has(classify.FailureHistory) || rule.Role == "tool" && toolFailureLine(rule.Text)) && rule.Modality.Level == 0
	b := cands[0]
	if failure && !reFailCue.MatchString(j.sum[b.j].Text) {
		// a failure record is kept by a line that says it failed: prefer such a
		// line among the close candidates
		for _, c := range cands[1:min(len(cands), 4)] {
			if c.score >= weakScore && reFailCue.MatchString(j.sum[c.j].Text) {
				b = c
				break
			}
		}
	}
	j.best[n] = b
	whole := j.sum[b.j]
	g := clauseOf(&whole, rule)
	need := matchScore
	if failure {
		need = weakScore
	}
	if b.score >= weakScore {
		if d, ok := j.mutation(n, rule, &g, b); ok {
			return StateDropped, whole.Text, round3(b.score), d
		}
	}
	if b.score < need {
		return StateDropped, "", round3(b.score), fmt.Sprintf("no summary fact states it (closest scores %.2f)", b.score)
	}
	if failure {
		if !reFailCue.MatchString(whole.Text) {
			return StateDropped, whole.Text, round3(b.score), "the summary mentions it but not that it failed"
		}
	} else if d, ok := j.collapse(n, rule, &g); ok {
		return StateDropped, whole.Text, round3(b.score), d
	}
	if rule.Modality.Level >= classify.ModShouldNot && !ruleLike(&g) && !reRulesLabel.MatchString(whole.Text) && !reRulesLabel.MatchString(whole.Context) {
		return StateDropped, whole.Text, round3(b.score), "the summary mentions it without its force"
	}
	for _, t := range rule.Tokens {
		if failure || rule.Role == "tool" {
			break // a failure record survives with the failure and what failed, not every figure of its log line
		}
		if valueToken(t) && !hasEquivalent(whole.Tokens, t) {
			return StateDropped, whole.Text, round3(b.score), fmt.Sprintf("the exact value %q is gone", t.Raw)
		}
	}
	return StateParaphrased, whole.Text, round3(b.score), ""
}
