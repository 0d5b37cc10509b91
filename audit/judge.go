package audit

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/compaudit/compaudit/classify"
)

// Thresholds of the alignment.
const (
	// matchScore is the score above which a summary fact is a source fact's counterpart.
	matchScore = 0.42
	// weakScore is the score above which a pair is "about the same thing" (used to
	// judge changes in the pair even when the counterpart is loose).
	weakScore = 0.30
	// supportScore is the share of a summary fact's weight that must be found in the
	// sources for it to be supported.
	supportScore = 0.5
)

type judge struct {
	src, sum   []classify.Fact
	fwd        *aligner // source -> summary
	rev        *aligner // summary -> source
	best       []match  // best counterpart per source fact (j = -1 none)
	cumulative bool
	// srcTokens holds every exact token of the sources, for addition checks.
	srcTokens     []classify.Token
	srcNorms      map[string]bool
	srcText       string
	userSaidCache map[string]bool
	holders       map[string][]int     // summary value -> source facts stating it in any notation
	byValue       map[string][]int     // equivKeys -> source facts (see valueIndex)
	bound         map[string][]binding // label -> its addresses in the sources (see bindings)
}

func newJudge(src, sum []classify.Fact) *judge {
	j := &judge{src: src, sum: sum}
	j.fwd = newAligner(src, sum)
	j.rev = newAligner(sum, src)
	for i := range src {
		j.srcTokens = append(j.srcTokens, src[i].Tokens...)
	}
	return j
}

func (j *judge) run() ([]Finding, []Pair) {
	var fs []Finding
	j.best = make([]match, len(j.src))
	for i := range j.src {
		cands := j.fwd.candidates(&j.src[i])
		j.best[i] = match{j: -1}
		if len(cands) > 0 {
			j.best[i] = cands[0]
		}
	}
	done := make([]bool, len(j.src))
	// forward: each source fact against its best counterpart
	for i := range j.src {
		b := j.best[i]
		if b.j >= 0 && b.score >= weakScore {
			if found, ok := j.pairFinding(i, &j.src[i], &j.sum[b.j], b); ok {
				fs = append(fs, found)
				done[i] = true
			}
		}
	}
	// reverse: a short summary fact often condenses one long source fact; judge the
	// source facts that best explain each summary fact too
	revMatched := make([]bool, len(j.src))
	for k := range j.sum {
		g := &j.sum[k]
		// a merged summary line is searched clause by clause too
		views := []*classify.Fact{g}
		if cs := classify.Clauses(g.Text); len(cs) > 1 {
			for _, c := range cs {
				sub := g.Sub(c)
				views = append(views, &sub)
			}
		}
		var cands []match
		for vi, v := range views {
			for n, c := range j.rev.candidates(v) {
				if n >= 3 || c.coverage < 0.45 {
					break
				}
				if vi > 0 {
					c.coverage = -c.coverage // a clause view: may pair, never vouches for the whole fact
				}
				cands = append(cands, c)
			}
		}
		for _, c := range cands {
			i := c.j
			if c.coverage >= 0.6 {
				revMatched[i] = true
			}
			if c.coverage < 0 {
				c.coverage = -c.coverage
			}
			if done[i] {
				continue
			}
			fwd := j.fwd.pairCoverage(&j.src[i], k)
			if fwd < 0.2 || done[i] {
				continue
			}
			b := match{j: k, score: max(0.5*(c.coverage+fwd)+0.15, j.best[i].score), coverage: fwd}
			if found, ok := j.pairFinding(i, &j.src[i], g, b); ok {
				fs = append(fs, found)
				done[i] = true
				if j.best[i].j != k {
					j.best[i] = b
				}
			}
		}
	}
	// status pass: a summary fact that announces a status (explored, fallback, fixed,
	// caused by) is checked against the source facts on its subject whose status says
	// otherwise, even when the wording moved too far for the alignment above
	type proposal struct {
		k, i   int
		cov    float64
		d      string
		follow bool // the source fact is a follow-up task
	}
	var props []proposal
	for k := range j.sum {
		g := &j.sum[k]
		kind := statusClaim(g)
		if kind == "" {
			continue
		}
		claim := *g
		for _, c := range classify.Clauses(g.Text) {
			if sub := g.Sub(c); statusClaim(&sub) == kind {
				claim = sub
				break
			}
		}
		named := optionNamed(g.Text)
		n0 := len(props)
		for n, c := range j.rev.candidates(&claim) {
			if n >= 12 {
				break
			}
			if c.coverage < 0.25 && !j.sharesRare(&claim, &j.src[c.j]) {
				continue
			}
			i := c.j
			f := &j.src[i]
			if named != "" {
				if l := optionLabel(f.Text); l != "" && l != named {
					continue // "Option A was a fallback" says nothing of option B
				}
			}
			if d, ok := j.statusConflict(i, f, &claim, kind); ok {
				props = append(props, proposal{k: k, i: i, cov: c.coverage, d: d})
				continue
			}
			// "... on real Safari. The issue remains open until someone checks": the
			// status is stated a sentence later, about the same subject
			found := false
			for _, a := range j.anaphoraAfter(i) {
				if d, ok := j.statusConflict(a, &j.src[a], &claim, kind); ok {
					props = append(props, proposal{k: k, i: a, cov: c.coverage, d: d})
					found = true
					break
				}
			}
			// "moving the fleet to 560 would be less fiddly" answered by the user's
			// "No. 560 is out": the reply holds the status
			for _, a := range j.replyTo(i) {
				if found {
					break
				}
				if d, ok := j.statusConflict(a, &j.src[a], &claim, kind); ok && sharesSubject(&j.src[a], f) {
					props = append(props, proposal{k: k, i: a, cov: 0.9 * c.coverage, d: d})
					found = true
				}
			}
		}
		// "X complete" in a clause too short to share words with the source: a partial
		// count on the fact's wider subject ("7 of 9 resolvers return ...") still says
		// it was not complete
		if len(props) == n0 && kind == "resolved" && claim.Text != g.Text {
			for n, c := range j.rev.candidates(g) {
				if n >= 12 {
					break
				}
				i := c.j
				f := &j.src[i]
				if f.Role == "tool" || !reProgress.MatchString(f.Text) || c.coverage < 0.1 {
					continue
				}
				if d, ok := j.statusConflict(i, f, &claim, kind); ok {
					props = append(props, proposal{k: k, i: i, cov: c.coverage, d: d})
					break
				}
			}
		}
	}
	// each source fact goes to the claim that covers it best, not the first one read
	// (a follow-up task goes last: it is judged on its own once the claim has a conflict)
	for n := range props {
		props[n].follow = reFollowUp.MatchString(j.src[props[n].i].Text)
	}
	sort.SliceStable(props, func(a, b int) bool {
		if fa, fb := props[a].follow, props[b].follow; fa != fb {
			return fb
		}
		return props[a].cov > props[b].cov
	})
	hits := map[int]int{}
	for _, p := range props {
		if done[p.i] || hits[p.k] >= 3 {
			continue
		}
		if hits[p.k] > 0 && p.follow {
			continue // a follow-up task is judged on its own (dropped or kept), once the claim has its conflict
		}
		fs = append(fs, j.claim(done, EpistemicCollapse, p.i, p.k, p.cov, p.d))
		hits[p.k]++
	}
	// first-person pass: "I moved X into Y and decided to keep only Z" where the user
	// ordered exactly that: the user's call is now the agent's own
	for k := range j.sum {
		g := &j.sum[k]
		m := reOwnCall.FindStringIndex(g.Text)
		if m == nil || reSumUser.MatchString(g.Text) || j.userContext(g) {
			continue
		}
		claim := g.Sub(strings.TrimSpace(g.Text[m[0]:]))
		for n, c := range j.rev.candidates(&claim) {
			if n >= 8 || c.coverage < 0.2 {
				break
			}
			f := &j.src[c.j]
			if done[c.j] || f.Role != "user" || j.fwd.pairCoverageFact(f, &claim) < 0.35 || f.Modality.Level < classify.ModShouldNot || f.Modality.Negative && f.Modality.Cue != "only" && !strings.Contains(strings.ToLower(f.Text), "only") {
				continue
			}
			fs = append(fs, j.claim(done, ProvenanceLoss, c.j, k, c.coverage, "the user's order is credited to the agent's own decision"))
			break
		}
	}
	// attribution pass: a summary fact that credits its content to the user ("because
	// the user prefers X") when the user never said X but a document or tool did
	for k := range j.sum {
		g := &j.sum[k]
		if g.Provenance.Source != "user" {
			continue
		}
		what := attributedContent(g)
		if what == "" {
			continue
		}
		claim := g.Sub(what)
		if len(claim.Words) < 2 {
			continue
		}
		var from = -1
		userCov := 0.0
		for _, c := range j.rev.candidates(&claim) {
			x := &j.src[c.j]
			if x.Role == "user" || x.Provenance.Source == "user" {
				userCov = max(userCov, c.coverage)
				continue
			}
			if from < 0 && c.coverage >= 0.67 && !done[c.j] && (x.Provenance.Source == "file" || x.Provenance.Source == "doc" || x.Provenance.Source == "vendor" || x.Provenance.Source == "person" || x.Provenance.Source == "team") {
				from = c.j
			}
		}
		if from < 0 || userCov >= 0.34 {
			continue
		}
		f := &j.src[from]
		d := fmt.Sprintf("attributed to %s in the source (%q), to the user in the summary, who never said it", sourceLabel(f.Provenance), f.Provenance.Who)
		fs = append(fs, j.claim(done, ProvenanceLoss, from, k, j.fwd.pairCoverage(f, k), d))
	}
	fs = append(fs, j.zeroPadded(done)...)
	fs = append(fs, j.rebound(done)...)
	for i := range j.src {
		if done[i] {
			continue
		}
		f := &j.src[i]
		b := j.best[i]
		if b.j >= 0 && b.score >= matchScore && !(strongRule(f) && !ruleLike(&j.sum[b.j]) && !j.ruleElsewhere(f) && !carriedAsFact(f, &j.sum[b.j], b)) {
			if found, ok := j.lostIdentifier(f, b); ok {
				fs = append(fs, found)
			} else if found, ok := j.lostClause(f, b); ok {
				fs = append(fs, found)
			}
			continue
		}
		if revMatched[i] && !strongRule(f) {
			continue
		}
		if found, ok := j.scopeUnlimited(f); ok {
			fs = append(fs, found)
			continue
		}
		if j.ruleClauseKept(f) {
			continue // "never add an overlay widget (it doesn't fix markup; ...)": the rule survives, its reasons are what went
		}
		if found, ok := j.omission(i, f, b); ok {
			fs = append(fs, found)
		}
	}
	claimed := map[int]bool{}
	for _, f := range fs {
		if f.Summary != nil && f.Family == Mutation {
			claimed[f.Summary.Fact] = true
		}
	}
	for k := range j.sum {
		if found, ok := j.addition(k, claimed); ok {
			fs = append(fs, found)
		}
	}
	sortFindings(fs)
	return fs, j.pairs(fs)
}

// pairs builds the alignment rows: every source fact in order with its counterpart,
// then the summary facts no source fact claimed (additions and unpaired text).
func (j *judge) pairs(fs []Finding) []Pair {
	bySrc := map[int]int{}
	bySum := map[int]int{}
	for k, f := range fs {
		if f.Source != nil {
			if _, ok := bySrc[f.Source.Fact]; !ok {
				bySrc[f.Source.Fact] = k
			}
		} else if f.Summary != nil {
			bySum[f.Summary.Fact] = k
		}
	}
	var out []Pair
	claimed := make([]bool, len(j.sum))
	for i := range j.src {
		p := Pair{Source: i, Summary: -1, Finding: -1}
		b := j.best[i]
		if k, ok := bySrc[i]; ok {
			p.Finding = k
			if fs[k].Summary != nil {
				p.Summary = fs[k].Summary.Fact
				p.Score = round3(b.score)
			}
		} else if b.j >= 0 && b.score >= matchScore {
			p.Summary = b.j
			p.Score = round3(b.score)
		}
		if p.Summary >= 0 {
			claimed[p.Summary] = true
		}
		out = append(out, p)
	}
	for k := range j.sum {
		if claimed[k] {
			continue
		}
		p := Pair{Source: -1, Summary: k, Finding: -1}
		if x, ok := bySum[k]; ok {
			p.Finding = x
		}
		out = append(out, p)
	}
	return out
}

func round3(f float64) float64 {
	return float64(int(f*1000+0.5)) / 1000
}

// importance is how much losing a fact matters: the severity of its omission
// ("" when it is not reported at all). Summaries are lossy by contract: only the
// classes whose loss is undetectable downstream (rules, failure records, open work,
// the user's identifiers and preferences) rise above info.
func importance(f *classify.Fact) (string, classify.Class) {
	if f.Code {
		return SevInfo, classify.EvidenceReference
	}
	prim := f.Primary()
	if f.Role == "tool" || f.Role == "system" {
		if f.Has(classify.FailureHistory) {
			return SevInfo, classify.FailureHistory
		}
		if hardIDs(f) {
			return SevInfo, classify.Identifier
		}
		return "", prim
	}
	question := reQuestion.MatchString(f.Text)
	switch {
	case strongRule(f) && !question:
		return SevError, classify.ExactConstraint
	case failureRecord(f):
		return SevError, classify.FailureHistory
	case f.Has(classify.UnresolvedWork) && reFollowUp.MatchString(f.Text) && !question:
		return SevWarning, classify.UnresolvedWork
	case f.Role == "user" && f.Has(classify.Identifier) && !question && specificTokens(f):
		return SevWarning, classify.Identifier
	case f.Role == "assistant" && hardIDs(f) && !question:
		return SevWarning, classify.Identifier
	case f.Role == "user" && f.Has(classify.UserPreference) && !question:
		return SevWarning, classify.UserPreference
	case f.Has(classify.ExactConstraint), f.Has(classify.Decision), f.Has(classify.RejectedAlternative),
		f.Has(classify.Hypothesis), f.Has(classify.UnresolvedWork), f.Has(classify.Identifier), f.Has(classify.FailureHistory):
		return SevInfo, prim
	}
	return "", prim
}

// strongRule: a prohibition or precondition with its full force, stated by the user
// or carried by a summary as a rule.
func strongRule(f *classify.Fact) bool {
	if !f.Has(classify.ExactConstraint) || f.Modality.Level < classify.ModShouldNot || f.Modality.Cue == "should" {
		return false
	}
	switch f.Role {
	case "user":
		return true
	case RoleSummary, "assistant":
		if reCannot.MatchString(f.Modality.Cue) {
			return false
		}
		return f.Modality.Negative || f.Provenance.Source == "user" && f.Modality.Cue != "imperative"
	}
	return false
}

var reCannot = classify.MustRx(`can'?t|cannot|can not|doesn'?t|does not`)

var (
	reFollowUp = classify.MustRx(`(?i)\b(?:to\s+be\s+(?:checked|verified|confirmed|decided|tested|reviewed|measured|investigated|watched|monitored)|follow[- ]?ups?|todo|to[- ]do|still\s+(?:need|needs|to)|need\s+to|needs\s+to|must\s+still|open\s+(?:question|item|issue)|blocker|blocked\s+on|pending|outstanding|not\s+yet\s+(?:done|verified|checked|tested|fixed)|remains?\s+open|action\s+items?|later:|next:)\b`)
	reZeroFail = classify.MustRx(`(?i)\b(?:0|zero|no)\s+(?:failed|failures?|errors?)\b|\bfailed[=:]\s*0\b|\berrors?[=:]\s*0\b|\bwithout\s+(?:an?\s+)?(?:errors?|failures?)\b|\bis\s+gone\b|\bno\s+longer\b`)
	reAttempt  = classify.MustRx(`(?i)\b(?:tried|try|trying|attempt\w*|switch\w*|ran|run|re-?ran|set|setting|added|adding|used|using|with|approach|fix|workaround|build|deploy\w*|upgrade\w*|install\w*|migrat\w*|first|second|again|in\s+CI)\b`)
	reQuestion = classify.MustRx(`\?\s*["')]*\s*$`)
)

// failureRecord: "tried X, it failed with E" said in prose (not a tool's raw output).
func failureRecord(f *classify.Fact) bool {
	if !f.Has(classify.FailureHistory) || f.Role == "tool" || f.Role == "system" {
		return false
	}
	if reZeroFail.MatchString(f.Text) || f.Status.Epistemic == classify.StatusHypothesis {
		return false
	}
	return strongFailure(f.Text) && reAttempt.MatchString(f.Text)
}

func specificTokens(f *classify.Fact) bool {
	for _, t := range f.Tokens {
		if specificToken(t) {
			return true
		}
	}
	return false
}

// hardIDs: f carries an identifier nobody can reconstruct (a UUID, a ticket key, a
// long hex id), the kind an agent needs verbatim later.
func hardIDs(f *classify.Fact) bool {
	for _, t := range f.Tokens {
		if strings.HasPrefix(t.Norm, "uuid:") || t.Kind == classify.TokID && reTicket.MatchString(t.Raw) {
			return true
		}
	}
	return false
}

var reTicket = classify.MustRx(`^[A-Z][A-Z0-9]{1,9}-\d+$`)

// specificToken: a value worth keeping exactly (not a list index or a small count).
func specificToken(t classify.Token) bool {
	switch t.Kind {
	case classify.TokID, classify.TokVersion, classify.TokPath, classify.TokHex, classify.TokHost, classify.TokPort, classify.TokDate, classify.TokTime, classify.TokMoney, classify.TokPercent, classify.TokSize, classify.TokDuration, classify.TokFlag:
		return true
	case classify.TokNumber:
		return len(t.Raw) >= 2
	}
	return false
}

var reRuleWord = classify.MustRx(`(?i)\b(?:no|not|\w*n't|never|won't|none|only|every|each|first|always|keep|keeps|kept|stay|stays|remain|remains|exactly|at\s+least|at\s+most|until|unless|without|hold|on\s+hold|frozen|freeze|forbid\w*|ban\w*|cap|capped|limit\w*|max(?:imum)?|min(?:imum)?|rule|required?|requires|mandatory|prohibit\w*|off[- ]limits|untouched|leave|left\s+alone|pinned|pin|abort\w*|halt\s+if|stop\s+if|bail\s+out)\b`)

// ruleLike: g still reads as a rule (it has force, a negation or a restriction).
func ruleLike(g *classify.Fact) bool {
	return g.Modality.Level > 0 || reRuleWord.MatchString(g.Text)
}

// carriedAsFact: a rule restated as a settled fact that keeps all its values ("must
// go in batches of 5000 rows" -> "we settled on batches of 5000 rows"): the content
// survived, so what changed is judged (often who decided it), not an omission.
func carriedAsFact(f, g *classify.Fact, b match) bool {
	if b.score < 0.6 {
		return false
	}
	n := 0
	for _, t := range f.Tokens {
		if !valueToken(t) {
			continue
		}
		if !hasEquivalent(g.Tokens, t) {
			return false
		}
		n++
	}
	return n > 0
}

// ruleElsewhere: another summary fact that shares the rule's subject states it with force.
func (j *judge) ruleElsewhere(f *classify.Fact) bool {
	for n, c := range j.fwd.candidates(f) {
		if n >= 5 || c.score < weakScore {
			break
		}
		g := &j.sum[c.j]
		if ruleLike(g) && c.score >= matchScore {
			return true
		}
	}
	return false
}

// lostClause: a source line that carries several rules ("UI atlas stays lossless;
// audio untouched") matched on one of them, while another has no counterpart.
func (j *judge) lostClause(f *classify.Fact, b match) (Finding, bool) {
	if !strongRule(f) {
		return Finding{}, false
	}
	cs := classify.Clauses(f.Text)
	if len(cs) < 2 {
		return Finding{}, false
	}
	for _, c := range cs {
		sub := f.Sub(c)
		if len(sub.Words) < 3 || sub.Modality.Level == 0 && len(sub.Tokens) == 0 {
			continue
		}
		cands := j.fwd.candidates(&sub)
		if len(cands) > 0 && cands[0].score >= weakScore && (sub.Modality.Level == 0 || ruleLike(&j.sum[cands[0].j])) || j.fwd.unionCoverage(&sub) >= 0.85 && sub.Modality.Level == 0 {
			continue
		}
		return Finding{Family: Omission, Severity: SevError, Class: classify.ExactConstraint, Source: side(f),
			Detail: fmt.Sprintf("the rule %q has no counterpart in the summary (the rest of the line survived)", c), Score: round3(b.score)}, true
	}
	return Finding{}, false
}

// lostIdentifier: the fact survives but an identifier it names (a schema id, a
// ticket, a UUID) appears nowhere in the summary: the part an agent needs verbatim.
func (j *judge) lostIdentifier(f *classify.Fact, b match) (Finding, bool) {
	if f.Role == "tool" || f.Role == "system" || reQuestion.MatchString(f.Text) {
		return Finding{}, false
	}
	for _, t := range f.Tokens {
		if !namedID(f, t) || j.summaryHas(t) {
			continue
		}
		sev := SevInfo
		if f.Role == "user" || hardIDs(f) {
			sev = SevWarning
		}
		fd := Finding{Family: Omission, Severity: sev, Class: classify.Identifier, Source: side(f), Summary: side(&j.sum[b.j]),
			Detail: fmt.Sprintf("the summary keeps this fact but drops its identifier %q", t.Raw), Score: round3(b.score)}
		return fd, true
	}
	return Finding{}, false
}

// namedID: t is an identifier (a UUID, a ticket key, a long hex id, or a number the
// text calls an id: "schema id 100519", "order #4471", "PR 412").
func namedID(f *classify.Fact, t classify.Token) bool {
	switch {
	case strings.HasPrefix(t.Norm, "uuid:"):
		return true
	case t.Kind == classify.TokID && reTicket.MatchString(t.Raw):
		return true
	case t.Kind == classify.TokNumber && len(t.Raw) >= 3:
		w := prevWord(f.Text, t.Start)
		return w == "id" || w == "ids" || strings.HasSuffix(w, "_id") || w == "#" || w == "pr" || w == "ticket" || w == "issue" || w == "order" || w == "pid" || w == "build" || w == "run" || w == "job" || strings.HasPrefix(f.Text[max(0, t.Start-1):], "#")
	}
	return false
}

// prevWord is the word right before pos, lower-cased, without punctuation.
func prevWord(s string, pos int) string {
	ws := strings.Fields(strings.ToLower(s[:min(pos, len(s))]))
	if len(ws) == 0 {
		return ""
	}
	return strings.Trim(ws[len(ws)-1], "(:=,\"'`<>~!.")
}

// summaryHas: some summary fact states t.
func (j *judge) summaryHas(t classify.Token) bool {
	for k := range j.sum {
		if hasEquivalent(j.sum[k].Tokens, t) {
			return true
		}
	}
	return false
}

// omission reports a source fact that matters and has no counterpart.
var reLeadZeros = regexp.MustCompile(`(^|[^0-9])0+([0-9])`)

// withBaseName: t, and for a path also its file name without extensions as a name
// ("0087_invoices_due_date_idx" of "migrations/0087_invoices_due_date_idx.up.sql").
func withBaseName(t classify.Token) []classify.Token {
	if t.Kind != classify.TokPath {
		return []classify.Token{t}
	}
	base := t.Raw[strings.LastIndexByte(strings.TrimRight(t.Raw, "/"), '/')+1:]
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	if base == "" || base == t.Raw {
		return []classify.Token{t}
	}
	return []classify.Token{t, {Kind: classify.TokID, Raw: base, Norm: base, Start: t.Start, End: t.End}}
}

// zeroKey is a token's value with the leading zeros of every number removed.
func zeroKey(t classify.Token) string {
	return reLeadZeros.ReplaceAllString(strings.ToLower(t.Strip()), "$1$2")
}

// zeroPadded: a summary value nobody stated that equals a source value but for its
// leading zeros ("87_invoices_due_date_idx" for "0087_invoices_due_date_idx"): a
// changed identifier, paired with the source fact that states it and is closest to
// the summary fact.
func (j *judge) zeroPadded(done []bool) []Finding {
	var out []Finding
	var idx map[string][]int
	for k := range j.sum {
		g := &j.sum[k]
		for _, x := range g.Tokens {
			if j.tokenSeen(x) {
				continue
			}
			if idx == nil {
				idx = map[string][]int{}
				for i := range j.src {
					for _, t := range j.src[i].Tokens {
						for _, v := range withBaseName(t) {
							if z := zeroKey(v); z != strings.ToLower(v.Strip()) {
								idx[z] = append(idx[z], i)
							}
						}
					}
				}
			}
			best, bestCov := -1, 0.0
			var bt classify.Token
			zeroable := x.Kind == classify.TokID || x.Kind == classify.TokPath || x.Kind == classify.TokNumber || x.Kind == classify.TokVersion
			for _, i := range idx[zeroKey(x)] {
				if !zeroable {
					break
				}
				if done[i] {
					continue
				}
				for _, tok := range j.src[i].Tokens {
					for _, t := range withBaseName(tok) {
						if zeroKey(t) == zeroKey(x) && t.Norm != x.Norm {
							if c := j.fwd.pairCoverage(&j.src[i], k); best < 0 || c > bestCov {
								best, bestCov, bt = i, c, t
							}
						}
					}
				}
			}
			detail := "(leading zeros dropped)"
			if best < 0 {
				best, bestCov, bt = j.nearValue(g, x, done)
				detail = ""
			}
			if best < 0 {
				continue
			}
			out = append(out, j.claim(done, Mutation, best, k, bestCov, strings.TrimSpace(fmt.Sprintf("%s %q became %q %s", tokenLabel(bt), shownValue(bt), shownValue(x), detail))))
		}
	}
	return out
}

var reLabelWord = regexp.MustCompile(`^(?:[A-Z][A-Z0-9_]{2,}|[A-Za-z][\w]*[._-][\w.-]*\w|[a-z]+[A-Z]\w*)$`)

// segmentOwner: the label a value belongs to in a key-value listing: the first word
// of its comma- or semicolon-delimited segment when that word is an identifier
// ("FLASH" in "FLASH : ORIGIN = 0x08008000, LENGTH = 224K" and in "FLASH (app)
// 0x08040000 (224K)"); "" otherwise.
func segmentOwner(text string, pos int) string {
	start := strings.LastIndexAny(text[:pos], ",;\n")
	seg := strings.TrimLeft(text[start+1:pos], " \t-*|`")
	w := seg
	if i := strings.IndexAny(seg, " \t:=("); i >= 0 {
		w = seg[:i]
	}
	w = strings.Trim(w, "`'\"")
	if !reLabelWord.MatchString(w) {
		return ""
	}
	return strings.ToLower(w)
}

// rebound: a summary address given to a label that the sources bind to a different
// address, while they give this one to another label ("FLASH (app) 0x08040000" where
// FLASH starts at 0x08008000 and 0x08040000 is DFU's): a value moved to the wrong key.
func (j *judge) rebound(done []bool) []Finding {
	var out []Finding
	for k := range j.sum {
		g := &j.sum[k]
		for _, x := range g.Tokens {
			switch x.Kind {
			case classify.TokHex, classify.TokPort, classify.TokHost:
			default:
				continue // sizes and versions change over a session; addresses keep their owners
			}
			owner := segmentOwner(g.Text, x.Start)
			if owner == "" {
				continue
			}
			found, elsewhere, other := false, false, -1
			var ot classify.Token
			for _, i := range j.rev.index[x.Key()] {
				switch o := segmentOwner(j.src[i].Text, tokenAt(&j.src[i], x).Start); {
				case o == owner:
					found = true
				case o != "":
					elsewhere = true // the sources give this value to another label
				}
			}
			if found || !elsewhere {
				continue
			}
			for _, b := range j.bindings()[owner] {
				if b.t.Kind == x.Kind && !classify.Equivalent(b.t, x) {
					other, ot = b.i, b.t // the latest binding wins
				}
			}
			if other < 0 || done[other] {
				continue
			}
			out = append(out, j.claim(done, Mutation, other, k, j.fwd.pairCoverage(&j.src[other], k), fmt.Sprintf("%s of %s %q became %q", tokenLabel(ot), owner, shownValue(ot), shownValue(x))))
		}
	}
	return out
}

// binding is an address, port or host of source fact i under its label.
type binding struct {
	i int
	t classify.Token
}

// bindings maps each label to the addresses, ports and hosts the sources give it, in
// source order (built once per judge).
func (j *judge) bindings() map[string][]binding {
	if j.bound == nil {
		j.bound = map[string][]binding{}
		for i := range j.src {
			for _, t := range j.src[i].Tokens {
				switch t.Kind {
				case classify.TokHex, classify.TokPort, classify.TokHost:
					if o := segmentOwner(j.src[i].Text, t.Start); o != "" {
						j.bound[o] = append(j.bound[o], binding{i, t})
					}
				}
			}
		}
	}
	return j.bound
}

// tokenAt: the token of f equivalent to x (f's own spelling and position).
func tokenAt(f *classify.Fact, x classify.Token) classify.Token {
	for _, t := range f.Tokens {
		if classify.Equivalent(t, x) {
			return t
		}
	}
	return classify.Token{Start: 0}
}

// nearValue: a summary value nobody stated (x) that differs by one edit from a value
// of a source fact on the same subject ("expires 2026-12-04" for "expires on
// 2026-12-14"), when the summary line is too reworded to pair with that fact.
func (j *judge) nearValue(g *classify.Fact, x classify.Token, done []bool) (int, float64, classify.Token) {
	switch x.Kind {
	case classify.TokDate, classify.TokVersion, classify.TokHex, classify.TokPort, classify.TokMoney, classify.TokSize, classify.TokPercent:
	case classify.TokNumber:
		if len(strings.Trim(x.Raw, ",.")) < 3 {
			return -1, 0, classify.Token{}
		}
	default:
		return -1, 0, classify.Token{}
	}
	for n, c := range j.rev.candidates(g) {
		if n >= 12 || c.coverage < 0.1 {
			break
		}
		if done[c.j] || !j.sharesRare(g, &j.src[c.j]) && c.coverage < 0.3 {
			continue
		}
		for _, t := range j.src[c.j].Tokens {
			if t.Kind != x.Kind || hasEquivalent(g.Tokens, t) || !similarToken(t, x) || approximation(t, x) || changeClaim(&j.src[c.j], g, x) || !sharesKey(t, x, &j.src[c.j], g) {
				continue
			}
			return c.j, j.fwd.pairCoverage(&j.src[c.j], indexOf(j.sum, g)), t
		}
	}
	return -1, 0, classify.Token{}
}

// indexOf: g's position in fs (g points into fs).
func indexOf(fs []classify.Fact, g *classify.Fact) int {
	for k := range fs {
		if &fs[k] == g {
			return k
		}
	}
	return -1
}

// ruleClauseKept: the clause of a rule that carries its force is stated, as a rule, by
// a summary fact, though the whole line (with its reasons) scores too low to pair.
func (j *judge) ruleClauseKept(f *classify.Fact) bool {
	if !strongRule(f) {
		return false
	}
	rc := ruleClause(f)
	if bare := strings.TrimSpace(reParenthetical.ReplaceAllString(rc.Text, "")); bare != rc.Text && bare != "" {
		rc = f.Sub(bare) // the reasons in brackets are not the rule
	}
	if rc.Text == f.Text || len(rc.Words) < 3 {
		return false
	}
	for n, c := range j.fwd.candidates(&rc) {
		if n >= 3 || c.coverage < 0.6 {
			break
		}
		whole := &j.sum[c.j]
		gc := clauseOf(whole, &rc)
		forced := gc.Modality.Level > 0 || reRulesLabel.MatchString(whole.Text) || reRulesLabel.MatchString(whole.Context)
		if forced && (!rc.Modality.Negative || reNegWord.MatchString(gc.Text)) && !j.lostValue(&rc, &gc) {
			return true
		}
	}
	return false
}

var reNegWord = classify.MustRx(`(?i)\b(?:no|not|never|none|nothing|nobody|without|forbid\w*|ban\w*|prohibit\w*)\b|n't\b`)

var reParenthetical = regexp.MustCompile(`\s*\([^)]*(?:\)|$)`)

// lostValue: one of f's exact tokens is stated differently, or not at all, by g.
func (j *judge) lostValue(f, g *classify.Fact) bool {
	for _, t := range f.Tokens {
		if !hasEquivalent(g.Tokens, t) {
			return true
		}
	}
	return false
}

// reOnlyScope: the term a rule confines something to ("to staging only until ...",
// "only on release branches").
var reOnlyScope = classify.MustRx(`(?i)\b([\w.-]{4,})\s+only\b|\bonly\s+(?:on|in|to|for|from)?\s*(?:the\s+)?([\w.-]{4,})`)

var rePlanWord = classify.MustRx(`(?i)\b(?:plan|rollout|roll-out|first|then|next|after\s+that|phase|stage\s+\d)\b`)

// scopeUnlimited: a rule that confines work to a scope ("ship to staging only until
// SEC-0412 is signed off") whose summary keeps the scope as a mere step of a plan
// ("rollout plan: staging first, then production"): the confinement is gone.
func (j *judge) scopeUnlimited(f *classify.Fact) (Finding, bool) {
	if !strongRule(f) || !strings.HasPrefix(f.Modality.Cue, "only") {
		return Finding{}, false
	}
	m := reOnlyScope.FindStringSubmatch(f.Text)
	if m == nil {
		return Finding{}, false
	}
	scope := classify.Stem(strings.ToLower(m[1] + m[2]))
	post := j.fwd.index[scope]
	if len(post) == 0 || len(post) > 6 {
		return Finding{}, false
	}
	for _, k := range post {
		g := &j.sum[k]
		for _, c := range classify.Clauses(g.Text) {
			sub := g.Sub(c)
			if !containsWord(sub.Words, scope) || !rePlanWord.MatchString(c) || reLimitWord.MatchString(c) || j.keepsCondition(f, &sub) {
				continue
			}
			b := match{j: k, score: j.fwd.pairCoverage(f, k), coverage: j.fwd.pairCoverage(f, k)}
			return j.finding(Mutation, f, g, b, fmt.Sprintf("the restriction %q is gone: the summary keeps %q only as a step", qualifierPhrase(f.Text, "only"), m[1]+m[2])), true
		}
	}
	return Finding{}, false
}

var reLimitWord = classify.MustRx(`(?i)\b(?:only|until|unless|before|not|never|no|hold|gate[sd]?|blocked|wait)\b`)

// keepsCondition: g states one of f's exact tokens (the condition's ticket or date).
func (j *judge) keepsCondition(f, g *classify.Fact) bool {
	for _, t := range f.Tokens {
		if hasEquivalent(g.Tokens, t) {
			return true
		}
	}
	return false
}

var reRecapSection = classify.MustRx(`(?i)\buser\s+messages\b|\brecap\b|\bconversation\s+(?:so\s+far|log|history)\b|\bmessages\s+so\s+far\b`)

// ruleOnSubject: some summary fact states a rule about f's subject (a distinctive word
// of f, such as a tool's name, under a rule's force).
func (j *judge) ruleOnSubject(f *classify.Fact) bool {
	for _, w := range f.Words {
		if len(w) < 4 || w[0] == '#' {
			continue
		}
		post := j.fwd.index[w]
		if len(post) == 0 || len(post) > 8 {
			continue
		}
		for _, k := range post {
			if g := &j.sum[k]; g.Modality.Level >= classify.ModShouldNot {
				return true
			}
		}
	}
	return false
}

func (j *judge) omission(i int, f *classify.Fact, b match) (Finding, bool) {
	sev, cls := importance(f)
	if sev == "" {
		return Finding{}, false
	}
	// Spread over several summary facts: most of its words and every exact token survive.
	if j.fwd.unionCoverage(f) >= 0.85 && j.tokensKeptAnywhere(f) && (!strongRule(f) || j.ruleElsewhere(f)) {
		return Finding{}, false
	}
	if sev == SevError && f.Role == RoleSummary && reRecapSection.MatchString(f.Context) && j.ruleOnSubject(f) {
		// a parent summary's recap of what the user wrote ("All user messages: ...
		// 'Jenkins stays as is for now'") dropped while a rule on the same subject is
		// kept: the recap is gone, the rule is not
		sev = SevInfo
	}
	if sev != SevInfo && (f.Status.Epistemic == classify.StatusHypothesis || cls == classify.UnresolvedWork || cls == classify.Hypothesis) && b.j >= 0 && b.score >= 0.25 {
		// "Hypothesis (not yet verified): ..." replaced by "Cause, now confirmed from
		// the logs: ..." after the sources confirmed it: superseded, not lost
		if g := &j.sum[b.j]; reConfirm.MatchString(g.Text) && !reHedge.MatchString(g.Text) && j.confirmedSince(i, f, g) {
			sev = SevInfo
		}
	}
	if cls == classify.FailureHistory && sev == SevError && (j.resolvedLater(i, f) || j.succeededLater(i, f, func(x *classify.Fact) bool { return !failureLike(x) })) {
		sev = SevInfo // the failure was fixed later in the same sources
	}
	fd := Finding{Family: Omission, Severity: sev, Class: cls, Source: side(f), Detail: fmt.Sprintf("%s from %s has no counterpart in the summary", classLabel(cls), roleLabel(f.Role))}
	if b.j >= 0 {
		fd.Score = round3(b.score)
		fd.Detail += fmt.Sprintf(" (closest match scores %.2f)", b.score)
	}
	return fd, true
}

func (j *judge) tokensKeptAnywhere(f *classify.Fact) bool {
	for _, t := range f.Tokens {
		found := false
		for k := range j.sum {
			if hasEquivalent(j.sum[k].Tokens, t) {
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

func hasEquivalent(ts []classify.Token, t classify.Token) bool {
	for _, x := range ts {
		if classify.Equivalent(x, t) {
			return true
		}
	}
	return false
}

// pairFinding judges a paired fact: mutation, epistemic collapse, provenance loss.
func (j *judge) pairFinding(i int, f, g *classify.Fact, b match) (Finding, bool) {
	if d, ok := j.mutation(i, f, g, b); ok {
		return j.finding(Mutation, f, g, b, d), true
	}
	if b.score < matchScore {
		return Finding{}, false
	}
	if strongRule(f) && !ruleLike(g) && !carriedAsFact(f, g, b) {
		// the summary mentions the subject but no longer states the rule: an omission
		return Finding{}, false
	}
	if d, ok := j.collapse(i, f, g); ok {
		return j.finding(EpistemicCollapse, f, g, b, d), true
	}
	if k, ok := j.measuredGuess(f, g); ok {
		// a measurement restated by the agent, then guessed at in the summary: the
		// loss is the tool output's, so the finding names it
		return j.finding(ProvenanceLoss, &j.src[k], g, b, "established from tool output in the source, stated as an assumption in the summary"), true
	}
	if d, ok := j.provenance(i, f, g); ok {
		return j.finding(ProvenanceLoss, f, g, b, d), true
	}
	return Finding{}, false
}

// claim records a finding that pairs source fact i with summary fact k (at coverage
// cov) and marks i judged, so no later pass judges it again.
func (j *judge) claim(done []bool, family string, i, k int, cov float64, detail string) Finding {
	b := match{j: k, score: max(cov, j.best[i].score), coverage: cov}
	done[i] = true
	j.best[i] = b
	return j.finding(family, &j.src[i], &j.sum[k], b, detail)
}

func (j *judge) finding(family string, f, g *classify.Fact, b match, detail string) Finding {
	sev, cls := importance(f)
	switch family {
	case Mutation:
		if sev == "" || sev == SevInfo {
			sev = SevWarning
		}
		if f.Has(classify.ExactConstraint) || f.Has(classify.Identifier) && f.Role == "user" {
			sev = SevError
		}
		if cls == classify.Narrative || cls == classify.TaskState {
			cls = classify.Identifier
		}
	case EpistemicCollapse:
		sev = SevWarning
		if f.Has(classify.FailureHistory) || f.Has(classify.RejectedAlternative) {
			sev = SevError
		}
		switch {
		case f.Status.Epistemic == classify.StatusHypothesis:
			cls = classify.Hypothesis
		case f.Status.Choice == classify.StatusRejected:
			cls = classify.RejectedAlternative
		case f.Status.Choice == classify.StatusTriedFailed:
			cls = classify.FailureHistory
		case f.Status.Resolution == classify.StatusOpen:
			cls = classify.UnresolvedWork
		}
	case ProvenanceLoss:
		sev = SevWarning
		if f.Role == "user" || f.Has(classify.ExactConstraint) {
			sev = SevError
		}
	}
	return Finding{Family: family, Severity: sev, Class: cls, Source: side(f), Summary: side(g), Detail: detail, Score: round3(b.score)}
}

// ---- mutation ----

func sameFamily(a, b classify.Token) bool {
	num := func(t classify.Token) bool {
		switch t.Kind {
		case classify.TokNumber, classify.TokVersion, classify.TokPercent, classify.TokSize, classify.TokDuration, classify.TokMoney, classify.TokPort, classify.TokHex, classify.TokTime, classify.TokDate:
			return true
		}
		return false
	}
	if a.Kind == b.Kind {
		return true
	}
	if a.Kind == classify.TokNumber && b.Kind == classify.TokDuration || a.Kind == classify.TokDuration && b.Kind == classify.TokNumber {
		// compare the figures as written: "600" and "60s" are close, "6m52s" and "412" are not
		x, y := classify.LeadingNumeral(a.Raw), classify.LeadingNumeral(b.Raw)
		return x != "" && y != "" && (strings.HasPrefix(x, y) || strings.HasPrefix(y, x))
	}
	if num(a) && num(b) {
		// a number and a version are one family; durations, sizes, money only with themselves
		group := func(t classify.Token) string {
			switch t.Kind {
			case classify.TokNumber, classify.TokVersion, classify.TokPort:
				return "n"
			case classify.TokHex:
				return "n"
			}
			return t.Kind
		}
		return group(a) == group(b)
	}
	return false
}

// rivalOf finds a token of g that is a changed version of t: same family, and either
// close in shape (a prefix/suffix, one edit, leading zeros) or stated after the same
// key word ("port 5432" / "port 6432"). A token that f itself states elsewhere is a
// rival only when the summary moved it under t's key (a swapped pair of values).
func rivalsOf(t classify.Token, f, g *classify.Fact, score float64) []classify.Token {
	var strong, weak, unmatched []classify.Token
	for _, x := range g.Tokens {
		if !sameFamily(t, x) || classify.Equivalent(t, x) {
			continue
		}
		if k, inF := tokenIn(f, x); inF && countEquivalent(g.Tokens, x) <= countEquivalent(f.Tokens, x) {
			// a swapped pair of plain values ("port 5432, not 6432" -> "port 6432")
			if t.Kind == classify.TokNumber && x.Kind == classify.TokNumber && sharesKey(t, x, f, g) && wordBefore(f.Text, k.Start) != wordBefore(g.Text, x.Start) {
				strong = append(strong, x)
			} else if closeToken(t, x) && sharesKey(t, x, f, g) && len(x.Strip()) < len(t.Strip()) {
				// "pin postgres:18.2, never postgres:18" -> "pin postgres:18": the exact
				// value is gone and only its truncation, which f forbade, remains
				strong = append(strong, x)
			}
			continue
		}
		small := t.Kind == classify.TokNumber && len(t.Raw) == 1
		switch {
		case t.Kind == classify.TokTime && x.Kind == classify.TokTime && timeBase(t) == timeBase(x):
			strong = append(strong, x) // the same clock time in another zone (21:00 CET -> 21:00 UTC)
		case small && !sharesKey(t, x, f, g):
			// "4" and "2" in one sentence are rarely the same quantity
		case f.Role == "tool" && t.Kind == classify.TokID && !sharesKey(t, x, f, g):
			// summaries shorten identifiers copied from tool output ("TL2024-historic")
		case t.Kind == classify.TokPath && x.Kind == classify.TokPath && onePathSegment(t.Raw, x.Raw) && sameBase(t.Raw, x.Raw):
			strong = append(strong, x) // the same path with one directory or file name changed
		case (t.Kind == classify.TokPath || t.Kind == classify.TokFlag) && !sharesKey(t, x, f, g):
			// a different file or option, not a changed one
		case t.Kind == classify.TokNumber && len(strings.Trim(t.Raw, ",.")) <= 2 && !sharesKey(t, x, f, g):
			// small counts in one sentence are rarely the same quantity
		case sharesKey(t, x, f, g) || closeToken(t, x):
			strong = append(strong, x)
		case similarToken(t, x):
			weak = append(weak, x)
		default:
			unmatched = append(unmatched, x)
		}
	}
	_ = unmatched
	return append(strong, weak...)
}

// closeToken: one value is a truncation or extension of the other (18.2/18,
// 0x10000/0x1000, 01947/1947, v1.19.1-acme.2/v1.19.1).
func closeToken(a, b classify.Token) bool {
	x, y := strings.ToLower(a.Strip()), strings.ToLower(b.Strip())
	if x == "" || y == "" {
		return false
	}
	if len(x) < len(y) {
		x, y = y, x
	}
	// y truncates x at a separator: "18" of "18.2", "1.19.1" of "1.19.1-acme.2"
	if len(x) > len(y) && len(y) > 0 && strings.HasPrefix(x, y) && strings.ContainsRune(".-+_:", rune(x[len(y)])) {
		return true
	}
	return strings.TrimLeft(x, "0") == strings.TrimLeft(y, "0")
}

// sameBase: the paths name the same file (or neither names a file).
func sameBase(a, b string) bool {
	base := func(p string) string {
		p = strings.TrimRight(p, "/")
		return p[strings.LastIndexByte(p, '/')+1:]
	}
	ba, bb := base(a), base(b)
	isFile := func(x string) bool { return strings.Contains(x, ".") && !strings.HasSuffix(x, ".d") }
	if isFile(ba) && isFile(bb) {
		return ba == bb
	}
	return true
}

// onePathSegment: two paths with as many segments, all equal but one.
func onePathSegment(a, b string) bool {
	pa := strings.Split(strings.Trim(a, "/"), "/")
	pb := strings.Split(strings.Trim(b, "/"), "/")
	if len(pa) != len(pb) || len(pa) < 2 {
		return false
	}
	diff := 0
	for k := range pa {
		if pa[k] != pb[k] {
			diff++
		}
	}
	return diff == 1
}

var reFromBefore = classify.MustRx(`(?i)\b(?:from|was|previously|formerly|instead\s+of|replacing|not)\s+(?:the\s+)?(?:old\s+)?(?:v(?:ersion)?\s*)?$`)

// reChangeTo: a change reported as made, ending at its new value ("bumped the go
// directive to ", "raised the limit from 20 to ").
var reChangeTo = classify.MustRx(`(?i)\b(bump(?:ed)?|upgraded|downgraded|raised|lowered|increased|decreased|changed|updated|moved|set)\b[^;]{0,80}\bto\s+\S*$`)

// changeClaim: g reports x as the new value of a change that f, a plain statement of
// the old value, does not describe; whether the change happened is the addition
// check's question, not a changed value.
func changeClaim(f, g *classify.Fact, x classify.Token) bool {
	m := reChangeTo.FindStringSubmatch(g.Text[:x.Start])
	if m == nil {
		return false
	}
	stem := strings.ToLower(m[1])
	if len(stem) > 4 {
		stem = stem[:4]
	}
	if strings.Contains(strings.ToLower(f.Text), stem) || reNewValue.MatchString(f.Text) {
		return false // f records a change too ("is now p=quarantine"): the values differ
	}
	return true
}

var reNewValue = classify.MustRx(`(?i)\bnow\b|\bfrom\s+\S+\s+to\b|->|→`)

// ownerBefore: the identifier, host or path a value at pos belongs to, the nearest
// one written just before it ("github.com/acme/client_golang" in "...client_golang at
// v1.19.1"); "" when none is that close.
func ownerBefore(f *classify.Fact, pos int) string {
	words := strings.Fields(f.Text[:min(pos, len(f.Text))])
	for n := len(words) - 1; n >= 0 && n >= len(words)-3; n-- {
		w := strings.ToLower(strings.Trim(words[n], "`'\",:()[]"))
		switch w {
		case "", "at", "to", "=>", "->", "@", "=", "version", "is", "of", "on":
			continue
		}
		if strings.ContainsAny(w, "/._-") {
			return w
		}
		return ""
	}
	return ""
}

// guessesAbout: a clause of g hedges ("presumably", "probably") something f states:
// it shares one of f's content words or exact tokens.
func guessesAbout(g, f *classify.Fact) bool {
	if !reGuessWord.MatchString(g.Text) {
		return false
	}
	fw := map[string]bool{}
	for _, w := range f.Words {
		fw[w] = true
	}
	for _, c := range classify.Clauses(g.Text) {
		if !reGuessWord.MatchString(c) {
			continue
		}
		sub := g.Sub(c)
		n := 0
		for _, w := range sub.Words {
			if fw[w] {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// shownValue: a token as written, with the zone of a time ("21:00 CET").
func shownValue(t classify.Token) string {
	if t.Kind == classify.TokTime {
		if _, z, ok := strings.Cut(t.Norm, "@"); ok {
			return t.Raw + " " + strings.ToUpper(z)
		}
	}
	return t.Raw
}

// timeBase is a time token's clock time without its zone.
func timeBase(t classify.Token) string {
	b, _, _ := strings.Cut(t.Norm, "@")
	return b
}

// equivKeys: keys that every token equivalent to t shares with it at least one of
// (classify.Equivalent's cases: the same figure with or without its unit, a version
// written as a number, the same quantity in another unit, a name in another case).
func equivKeys(t classify.Token) []string {
	keys := []string{"n:" + strings.ToLower(t.Strip())}
	if t.Kind == classify.TokTime {
		keys = append(keys, "t:"+timeBase(t)) // 21:00 and 21:00 CET
	}
	if l := classify.LeadingNumeral(t.Raw); l != "" {
		keys = append(keys, "l:"+l)
	}
	if v, unit, ok := t.Value(); ok {
		keys = append(keys, "v:"+unit+strconv.FormatFloat(v, 'g', 9, 64))
	}
	if t.Kind == classify.TokPercent {
		if v, _, ok := t.Value(); ok {
			keys = append(keys, "f:"+strconv.FormatFloat(v, 'g', 9, 64))
		}
	} else if v, err := strconv.ParseFloat(t.Raw, 64); err == nil && v > 0 && v < 1 {
		keys = append(keys, "f:"+strconv.FormatFloat(v, 'g', 9, 64))
	}
	return keys
}

// valueIndex maps equivKeys to the source facts holding such a token (built once).
func (j *judge) valueIndex() map[string][]int {
	if j.byValue == nil {
		j.byValue = map[string][]int{}
		for k := range j.src {
			for _, t := range j.src[k].Tokens {
				for _, key := range equivKeys(t) {
					if l := j.byValue[key]; len(l) == 0 || l[len(l)-1] != k {
						j.byValue[key] = append(l, k)
					}
				}
			}
		}
	}
	return j.byValue
}

// qualifiedSuffix: x is t without its qualifier (the last segments of a dotted,
// slashed or ::-separated name).
func qualifiedSuffix(t, x classify.Token) bool {
	a, b := strings.ToLower(t.Raw), strings.ToLower(x.Raw)
	if len(b) < 3 || len(b) >= len(a) || !strings.HasSuffix(a, b) {
		return false
	}
	c := a[len(a)-len(b)-1]
	return c == '.' || c == '/' || c == ':'
}

// countEquivalent: how many of ts state x's value.
func countEquivalent(ts []classify.Token, x classify.Token) int {
	n := 0
	for _, t := range ts {
		if classify.Equivalent(t, x) {
			n++
		}
	}
	return n
}

// tokenIn: f's token equivalent to x, if any.
func tokenIn(f *classify.Fact, x classify.Token) (classify.Token, bool) {
	for _, t := range f.Tokens {
		if classify.Equivalent(t, x) {
			return t, true
		}
	}
	return classify.Token{}, false
}

// sharesKey: both tokens follow the same word ("port 5432" / "port 6432", "p=quarantine" / "p=reject").
func sharesKey(t, x classify.Token, f, g *classify.Fact) bool {
	if i := strings.IndexByte(t.Raw, '='); i > 0 {
		if k := strings.IndexByte(x.Raw, '='); k > 0 && strings.EqualFold(t.Raw[:i], x.Raw[:k]) {
			return true
		}
	}
	a := wordBefore(f.Text, t.Start)
	b := wordBefore(g.Text, x.Start)
	return a != "" && a == b && len(a) > 2
}

// wordBefore is the nearest word before pos that names something (operators and
// short function words such as "at", "to", ">=" are skipped).
func wordBefore(s string, pos int) string {
	if pos > len(s) {
		return ""
	}
	ws := strings.Fields(strings.ToLower(s[:pos]))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-3; k-- {
		w := strings.Trim(ws[k], "(:=,\"'`<>~!")
		if len(w) > 2 && !wordStop[w] {
			return w
		}
	}
	return ""
}

var wordStop = map[string]bool{"the": true, "and": true, "for": true, "from": true, "with": true, "was": true, "are": true, "is": true, "now": true, "still": true, "than": true, "into": true, "onto": true, "only": true, "about": true, "around": true, "approx": true}

func similarToken(a, b classify.Token) bool {
	x, y := strings.ToLower(a.Strip()), strings.ToLower(b.Strip())
	if x == "" || y == "" {
		return false
	}
	if a.Kind == classify.TokID && b.Kind == classify.TokID {
		// one identifier inside another is usually a different name ("currency_code",
		// "orders_currency_code"); only a same-shape edit is a changed one
		return len(x) == len(y) && editDistance(x, y) <= 1+len(x)/8
	}
	if closeToken(a, b) {
		return true
	}
	if sx, sy := len(x), len(y); min(sx, sy) >= 3 && (strings.HasSuffix(x, y) || strings.HasSuffix(y, x)) {
		return true
	}
	if strings.TrimLeft(x, "0") == strings.TrimLeft(y, "0") {
		return true
	}
	if editDistance(x, y) <= 1+len(x)/6 {
		return true
	}
	// same length digits: a changed digit, or two in a long value (a transposition)
	if len(x) == len(y) && len(x) >= 2 {
		diff := 0
		for k := 0; k < len(x); k++ {
			if x[k] != y[k] {
				diff++
			}
		}
		if diff == 2 {
			// two adjacent characters swapped (96.4 -> 69.4, 45 -> 54)
			for k := 0; k+1 < len(x); k++ {
				if x[k] != y[k] {
					if x[k] == y[k+1] && x[k+1] == y[k] {
						return true
					}
					break
				}
			}
		}
		return diff == 1 || diff == 2 && len(x) >= 5
	}
	return false
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		if a == b {
			return 0
		}
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for k := range prev {
		prev[k] = k
	}
	for x := 1; x <= len(a); x++ {
		cur[0] = x
		for y := 1; y <= len(b); y++ {
			c := 1
			if a[x-1] == b[y-1] {
				c = 0
			}
			cur[y] = min(prev[y]+1, cur[y-1]+1, prev[y-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// backedLater reports whether value x is stated in a source fact after fact i that
// talks about the same thing (a user's correction, a re-read file).
func (j *judge) backedLater(i int, x classify.Token) bool {
	f := &j.src[i]
	pred := func(k *classify.Fact) bool {
		if !hasEquivalent(k.Tokens, x) {
			return false
		}
		// a correction comes from a person; a re-read file restates the same line;
		// a parent summary's figure is corrected by the tool that computes it
		return k.Role != "tool" || f.Role == RoleSummary || j.rev.pairCoverageFact(f, k) >= 0.7
	}
	if j.laterWith(i, f, []string{x.Key()}, pred) {
		return true
	}
	// the same value in another notation ("1482913.47" for "EUR 1,482,913.47")
	for _, key := range equivKeys(x) {
		for _, k := range j.valueIndex()[key] {
			if k > i && pred(&j.src[k]) && j.rev.pairCoverageFact(f, &j.src[k]) >= 0.35 {
				return true
			}
		}
	}
	return false
}

// backedElsewhere reports whether g restates another source fact that states x: then
// g's x is that fact's value, not a changed copy of f's.
func (j *judge) backedElsewhere(skip int, x classify.Token, g, f *classify.Fact, t classify.Token) bool {
	rule := strongRule(&j.src[skip])
	// "github.com/acme/client_golang v1.19.1-acme.2" -> "the fork github.com/acme/
	// client_golang at v1.19.1": the summary gives the value to the same owner f
	// did, so another owner's v1.19.1 does not excuse it
	owner := ownerBefore(f, t.Start)
	if owner == "" || owner != ownerBefore(g, x.Start) {
		owner = ""
	}
	holders := j.rev.index[x.Key()]
	if len(holders) == 0 {
		// the same value in another notation (money vs a bare figure): a linear scan,
		// once per distinct summary value
		cached, ok := j.holders[x.Norm]
		if !ok {
			// candidates through the value keys any equivalent notation shares, then
			// the exact test on those few
			seen := map[int]bool{}
			for _, key := range equivKeys(x) {
				for _, k := range j.valueIndex()[key] {
					if !seen[k] && hasEquivalent(j.src[k].Tokens, x) {
						seen[k] = true
						cached = append(cached, k)
					}
				}
			}
			sort.Ints(cached)
			if j.holders == nil {
				j.holders = map[string][]int{}
			}
			j.holders[x.Norm] = cached
		}
		holders = cached
	}
	fSkip, rSkip := -1.0, -1.0 // f's own coverages, computed once when first needed
	for _, k := range holders {
		if k == skip || rule && j.src[k].Role == "tool" {
			continue // what a tool shows today does not excuse changing the user's rule
		}
		if owner != "" {
			if h, ok := tokenIn(&j.src[k], x); ok {
				if o := ownerBefore(&j.src[k], h.Start); o != "" && o != owner {
					continue
				}
			}
		}
		if c := j.fwd.pairCoverageFact(&j.src[k], g); c >= 0.45 {
			if fSkip < 0 {
				fSkip = j.fwd.pairCoverageFact(&j.src[skip], g)
			}
			if c >= 0.8*fSkip {
				return true
			}
		}
		// the other direction: the holder states nearly all of g ("prod file: 500,
		// 300000" for "prod file: still 500 / 300000"), better than f does
		if c := j.rev.pairCoverage(g, k); c >= 0.7 {
			if rSkip < 0 {
				rSkip = j.rev.pairCoverage(g, skip)
			}
			if c > rSkip {
				return true
			}
		}
	}
	return false
}

// reOnlyCond: "only" restricting when or where a rule applies ("only on weekdays").
var reOnlyCond = classify.MustRx(`(?i)\bonly\s+(?:on|in|during|after|before|when|if|while|between|until|for|from|within|inside|outside|via|through|with)\b`)

var qualifierSyn = map[string][]string{
	"until":         {"until", "till", "pending", "before", "unless", "up to", "through", "by "},
	"unless":        {"unless", "except", "until", "without"},
	"only":          {"only", "exclusively", "solely", "just", "restricted", "limited"},
	"without":       {"without", "unless", "no ", "not "},
	"except":        {"except", "unless", "other than", "excluding"},
	"not before":    {"not before", "no earlier than", "earliest", "after", "at the earliest"},
	"no later than": {"no later than", "by", "before", "at the latest", "deadline"},
	"at least":      {"at least", "minimum", "min", ">=", "or more", "no fewer", "no less"},
	"at most":       {"at most", "maximum", "max", "<=", "or less", "no more"},
}

// mutation finds a changed exact value, a weakened modality or a dropped qualifier.
func (j *judge) mutation(i int, f, g *classify.Fact, b match) (string, bool) {
	// exact tokens
	for _, t := range f.Tokens {
		if hasEquivalent(g.Tokens, t) {
			continue
		}
		for _, x := range rivalsOf(t, f, g, b.score) {
			if approximation(t, x) {
				continue // "31 minutes" for 31m13s, "~16 GB" for 15.7 GB
			}
			if qualifiedSuffix(t, x) {
				continue // "shipping_address" for orders.shipping_address: the same column, less qualified
			}
			if j.backedLater(i, x) {
				continue // corrected or re-read in a later source message
			}
			if j.backedElsewhere(i, x, g, f, t) {
				continue
			}
			if reFromBefore.MatchString(g.Text[:x.Start]) && j.tokenSeen(x) {
				continue // "raised from 5.1.4": the old value, which the sources do state
			}
			if changeClaim(f, g, x) {
				continue // "bumped the go directive to 1.22": a claimed action, judged as one
			}
			return fmt.Sprintf("%s %q became %q", tokenLabel(t), shownValue(t), shownValue(x)), true
		}
	}
	if b.score < matchScore {
		return "", false
	}
	if gc := clauseOf(g, f); gc.Text != g.Text && gc.Modality.Level > 0 {
		g = &gc
	}
	// a qualifier that carries the force itself ("only on release branches", "not
	// before 2026-09-30") can be dropped from a line that keeps the rest
	qualForce := strings.HasPrefix(f.Modality.Cue, "only") || f.Modality.Level == 0
	if g.Modality.Level == 0 && !qualForce && !classify.Imperative(g.Text) {
		return "", false // the rule is not carried at all: judged as an omission, not a change
	}
	// modality
	if f.Modality.Level >= classify.ModShouldNot && g.Modality.Level > 0 && g.Modality.Level < f.Modality.Level && f.Has(classify.ExactConstraint) {
		return fmt.Sprintf("modality weakened: %q became %q", f.Modality.Cue, g.Modality.Cue), true
	}
	// qualifiers of a rule, or of a value ("not before <date>")
	ruleQ := f.Has(classify.ExactConstraint) && f.Modality.Level >= classify.ModShouldNot
	gl := strings.ToLower(g.Text)
	for _, q := range f.Qualifiers {
		syn, restrictive := qualifierSyn[q]
		if !restrictive || q == "only" && !reOnlyCond.MatchString(f.Text) {
			continue
		}
		if !ruleQ && !qualifiesKeptValue(f, g, q) {
			continue
		}
		kept := false
		for _, s := range syn {
			if strings.Contains(gl, s) {
				kept = true
				break
			}
		}
		if !kept && clausePresent(f.Text, q, g) {
			return fmt.Sprintf("qualifier %q dropped", qualifierPhrase(f.Text, q)), true
		}
	}
	return "", false
}

// qualifiesKeptValue: q sits right before a value (a date, a time, a version, a
// quantity) that g keeps, so g states the value without its bound.
func qualifiesKeptValue(f, g *classify.Fact, q string) bool {
	l := strings.ToLower(f.Text)
	i := strings.Index(l, q)
	if i < 0 {
		return false
	}
	after := i + len(q)
	for _, t := range f.Tokens {
		if t.Start >= after && t.Start-after <= 12 && valueToken(t) && hasEquivalent(g.Tokens, t) {
			return true
		}
	}
	return false
}

// clausePresent: the clause that carries the qualifier (between semicolons) is
// otherwise in g, so the rule survived without its condition. When the whole clause
// is gone, the rule was omitted, not changed.
func clausePresent(text, q string, g *classify.Fact) bool {
	l := strings.ToLower(text)
	i := strings.Index(l, q)
	if i < 0 {
		return false
	}
	start := strings.LastIndexAny(l[:i], ";") + 1
	clause := text[start:i]
	ws := classify.ContentWords(clause)
	if len(ws) == 0 {
		return true
	}
	gw := map[string]bool{}
	for _, w := range g.Words {
		gw[w] = true
	}
	n := 0
	for _, w := range ws {
		if gw[w] {
			n++
		}
	}
	return float64(n) >= 0.6*float64(len(ws))
}

func qualifierPhrase(text, q string) string {
	l := strings.ToLower(text)
	i := strings.Index(l, q)
	if i < 0 {
		return q
	}
	end := i + len(q)
	words := 0
	for end < len(text) && words < 4 {
		if text[end] == ' ' {
			words++
		}
		if strings.ContainsRune(",;.)", rune(text[end])) {
			break
		}
		end++
	}
	return strings.TrimSpace(text[i:end])
}

// approximation: the two values are within 5% and one is written with fewer
// significant digits, a rounding rather than a change.
func approximation(t, x classify.Token) bool {
	if t.Kind == classify.TokVersion && strings.HasSuffix(t.Norm, ".x") && x.Kind == classify.TokVersion && strings.HasPrefix(x.Norm, strings.TrimSuffix(t.Norm, "x")) {
		return true // "v1.19.1" is within "v1.19.x"
	}
	a, ua, ok1 := t.Value()
	b, ub, ok2 := x.Value()
	if !ok1 || !ok2 || ua != ub || a == 0 || b == 0 {
		return false
	}
	d := (a - b) / max(abs(a), abs(b))
	if abs(d) > 0.05 {
		return false
	}
	return sigDigits(t.Raw) != sigDigits(x.Raw)
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func sigDigits(s string) int {
	n := 0
	started := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '1' && c <= '9' {
			started = true
		}
		if started && isDigit(c) {
			n++
		}
	}
	return n
}

func tokenLabel(t classify.Token) string {
	switch t.Kind {
	case classify.TokNumber:
		return "value"
	case classify.TokID:
		return "identifier"
	}
	return t.Kind
}

// ---- epistemic collapse ----

var (
	reHedge       = classify.MustRx(`(?i)\b(?:suspect\w*|hypothes\w+|probably|likely|might|may|maybe|possibly|perhaps|could|guess\w*|think|seems?|appears?|unverified|unconfirmed|not\s+(?:yet\s+)?(?:confirmed|verified|proven)|theory|candidate|suggests?|presumably|unclear|not\s+sure|tbc|if\s+so|would)\b`)
	reFailCue     = classify.MustRx(`(?i)\b(?:fail\w*|didn'?t\s+work|does\s+not\s+work|doesn'?t\s+work|broke\w*|crash\w*|error\w*|revert\w*|rolled\s+back|abandon\w*|dead\s+end|no\s+luck|unsuccessful|did\s+not\s+work|timed?\s*out|denied|rejected|abort(?:ed|s)?|killed|oom|refused|blocked\s+by|did\s+not\s+help|didn'?t\s+help)\b`)
	reExploreCue  = classify.MustRx(`(?i)\b(?:consider\w*|explor\w*|looked\s+(?:at|into)|evaluat\w*|investigat\w*|discuss\w*|weigh\w*|thought\s+about|an\s+option|alternatives?|approaches)\b`)
	reRejectCue   = classify.MustRx(`(?i)\b(?:reject\w*|ruled\s+out|decided\s+against|won'?t|not\s+(?:use|going|an\s+option|approved)|declined|vetoed|dropped|discarded|refused|off\s+the\s+table|instead\s+of|rather\s+than|violat\w*|no\b|not\b|never)\b`)
	reAdoptCue    = classify.MustRx(`(?i)\b(?:fallback|fall\s+back|back[- ]?up|plan\s+b|option|could\s+use|may\s+use|might\s+use|chose|chosen|going\s+with|will\s+use|use\b|using|adopt\w*|switch\w*\s+to|keep\s+\w+\s+as|reconsider\w*|revisit\w*|still\s+on\s+the\s+table|considered)\b`)
	reOpenCue     = classify.MustRx(`(?i)\b(?:pending|todo|follow[- ]?up|still|not\s+yet|remaining|open|blocked|blocker|unresolved|outstanding|waiting|in\s+progress|partial\w*|of\s+\d+|until|once|gate\w*|tbd|next)\b`)
	reResolvedCue = classify.MustRx(`(?i)\b(?:fixed|resolved|done|completed?|closed|solved|works|passes|passed|unblocked|succeeded|finished|merged|shipped|deployed|all\b|fully|confirmed|verified|cleared|complete)\b`)
)

func (j *judge) collapse(i int, f, g *classify.Fact) (string, bool) {
	st := f.Status
	// hypothesis -> fact
	if st.Epistemic == classify.StatusHypothesis && !reHedge.MatchString(g.Text) && f.Role != "tool" && asserts(g) {
		if gc := clauseOf(g, f); !j.confirmedSince(i, f, &gc) {
			return "a hypothesis is stated as established fact", true
		}
	}
	// tried and failed -> considered / explored
	if st.Choice == classify.StatusTriedFailed && strongFailure(f.Text) && f.Role != "tool" && !reFailCue.MatchString(g.Text) && reExploreCue.MatchString(g.Text) {
		return "a failed attempt is recorded as merely considered or explored", true
	}
	// rejected -> chosen / fallback / back under consideration
	if st.Choice == classify.StatusRejected && f.Role != "tool" && reAdoptCue.MatchString(g.Text) && !reRejectCue.MatchString(g.Text) {
		return "a rejected option is back as chosen or under consideration", true
	}
	// open -> resolved
	if st.Resolution == classify.StatusOpen && f.Role != "tool" && reResolvedCue.MatchString(g.Text) && !reOpenCue.MatchString(g.Text) {
		if gc := clauseOf(g, f); !j.resolvedSince(i, f, &gc) {
			return "open work is recorded as resolved", true
		}
	}
	return "", false
}

var (
	reAssertCue   = classify.MustRx(`(?i)\b(?:cause[sd]?|caused\s+by|root\s+cause|because|due\s+to|confirmed|verified|is\s+(?:the|a)\s+(?:bug|problem|issue|culprit|reason)|turned\s+out|comes?\s+from|results?\s+from|explains?|fault(?:y)?|broken|bad|known|established|identified|diagnosed|traced\s+to)\b`)
	reCopula      = classify.MustRx(`(?i)\b(?:is|are|was|were|has|have)\b`)
	reRequestVerb = classify.MustRx(`(?i)^\W*(?:investigate|check|find|look|verify|confirm|test|plan|decide|ask|figure|determine|measure|diagnose|debug|explore|try|see|query|read|review|rehearse|wait|prepare|draft)\b`)
)

// asserts: g states something as fact (not a task, a plan or a question).
func asserts(g *classify.Fact) bool {
	if reRequestVerb.MatchString(g.Text) || reQuestion.MatchString(g.Text) || rePlanContext.MatchString(g.Context) {
		return false
	}
	return reAssertCue.MatchString(g.Text) || reCopula.MatchString(g.Text)
}

var (
	reClaimExplored = classify.MustRx(`(?i)\b(?:was|were|been|got)\s+(?:considered|explored|looked\s+at|evaluated|discussed|investigated|weighed)|\b(?:considered|explored|evaluated|looked\s+(?:at|into))\b`)
	reClaimFallback = classify.MustRx(`(?i)\bfall\s*-?back\b|\bfallback\b|\bplan\s+b\b|\bremains?\s+(?:an?\s+)?(?:option|possible|on\s+the\s+table)|\bstill\s+an?\s+option\b|\bback\s+on\s+the\s+table\b|\bif\s+\w+(?:\s+\w+){0,4}\s+(?:keep|keeps)\s+(?:failing|breaking)\b`)
	reClaimResolved = classify.MustRx(`(?i)\b(?:fixed|resolved|complete|completed|done|all\s+\d[\d,]*\b|fully\s+\w+|no\s+longer\s+(?:an\s+)?(?:issue|problem|failing|open)|accepted|succeeded|unblocked|closed)\b`)
	reClaimCause    = classify.MustRx(`(?i)\b(?:caused\s+by|is\s+caused|root\s+cause|cause\s+(?:of|is|was)|is\s+(?:faulty|broken|bad|the\s+culprit)|comes?\s+from|because\s+of|due\s+to|traced\s+to|the\s+culprit)\b`)
)

// sharesRare: g and f share a distinctive word (one few facts use, such as a tool's
// name), enough to say they talk about the same subject.
func (j *judge) sharesRare(g, f *classify.Fact) bool {
	have := map[string]bool{}
	for _, w := range f.Words {
		have[w] = true
	}
	for _, w := range g.Words {
		if have[w] && len(w) >= 4 && w[0] != '#' && len(j.rev.index[w]) <= 4 {
			return true
		}
	}
	return false
}

// statusClaim: which status a summary fact asserts ("" when none).
func statusClaim(g *classify.Fact) string {
	if reQuestion.MatchString(g.Text) {
		return ""
	}
	switch {
	case reClaimExplored.MatchString(g.Text) && !reFailCue.MatchString(g.Text):
		return "explored"
	case reClaimFallback.MatchString(g.Text) && !reRejectCue2.MatchString(g.Text):
		return "fallback"
	case reClaimCause.MatchString(g.Text) && !reHedge.MatchString(g.Text):
		return "cause"
	case reClaimResolved.MatchString(g.Text) && !reOpenCue.MatchString(g.Text) && !rePlanContext.MatchString(g.Context):
		return "resolved"
	}
	return ""
}

var reRejectCue2 = classify.MustRx(`(?i)\b(?:reject\w*|ruled\s+out|not\s+(?:an?\s+)?(?:option|fallback)|no\s+fallback|never|vetoed|off\s+the\s+table|not\s+even)\b`)

// statusConflict: f's status contradicts what g claims about the same subject.
func (j *judge) statusConflict(i int, f, g *classify.Fact, kind string) (string, bool) {
	switch kind {
	case "explored":
		if failureLike(f) {
			return "a failed attempt is recorded as merely considered or explored", true
		}
	case "fallback":
		if f.Role != "tool" && (f.Status.Choice == classify.StatusRejected || j.labelRejected(i) || f.Modality.Negative && f.Modality.Level >= classify.ModMustNot && f.Role == "user" && !excludesScope(g, f)) {
			return "a rejected option is back as a fallback", true
		}
	case "cause":
		if f.Role != "tool" && f.Status.Epistemic == classify.StatusHypothesis && !j.confirmedSince(i, f, g) {
			return "a hypothesis is stated as the established cause", true
		}
	case "resolved":
		if f.Status.Resolution == classify.StatusOpen && (f.Role != "tool" || reProgress.MatchString(f.Text)) && !j.resolvedSince(i, f, g) {
			return "open work is recorded as resolved", true
		}
	}
	return "", false
}

// reOptionLabel: a fact that opens with an option's label ("B. Switch ...", "Option
// 2: ...", "(b) ...").
var reOptionLabel = classify.MustRx(`^\W*(?:option\s+)?(?:\(([A-Ha-h1-9])\)|([A-H1-9])[.):])\s`)

// excludesScope: g explicitly leaves out what f forbids touching ("delete non-audit
// chunks" against "never delete chunks from the audit.* streams").
func excludesScope(g, f *classify.Fact) bool {
	fw := map[string]bool{}
	for _, w := range classify.ContentWords(f.Text) {
		fw[w] = true
	}
	for _, m := range reNonWord.FindAllStringSubmatch(g.Text, -1) {
		for _, w := range classify.ContentWords(m[1]) {
			if fw[w] {
				return true
			}
		}
	}
	return false
}

var reNonWord = classify.MustRx(`(?i)\b(?:non-|except\s+(?:for\s+)?(?:the\s+)?|other\s+than\s+(?:the\s+)?|excluding\s+(?:the\s+)?)([\w.*-]+)`)

// optionLabel: the label f opens with ("B" of "B. Switch ..."), "" when none.
func optionLabel(text string) string {
	m := reOptionLabel.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return strings.ToUpper(m[1] + m[2])
}

var reOptionNamed = classify.MustRx(`\b(?i:option|plan|approach)\s+([A-H1-9])\b`)

// optionNamed: the option a summary fact names by its label ("Option A ..."), "" when none.
func optionNamed(text string) string {
	m := reOptionNamed.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return strings.ToUpper(m[1])
}

// labelRejected: f is a labelled option that a nearby fact rejects by its label
// ("B. Switch to memory buffering ..." then "Rejecting B: it violates the rule").
func (j *judge) labelRejected(i int) bool {
	label := optionLabel(j.src[i].Text)
	if label == "" {
		return false
	}
	re := labelRx(label)
	msgs := 0
	for k := i + 1; k < len(j.src) && msgs <= 2; k++ {
		if j.src[k].Message != j.src[k-1].Message {
			msgs++
		}
		x := &j.src[k]
		if x.Status.Choice == classify.StatusRejected && re.MatchString(x.Text) && !reOptionLabel.MatchString(x.Text) {
			return true
		}
	}
	return false
}

var labelRxs sync.Map

func labelRx(label string) *regexp.Regexp {
	if v, ok := labelRxs.Load(label); ok {
		return v.(*regexp.Regexp)
	}
	re := regexp.MustCompile(`(?:^|[^\w.])(?:(?i:option)\s+)?` + regexp.QuoteMeta(strings.ToUpper(label)) + `(?:$|[^\w.]|\.\s|\.$)`)
	labelRxs.Store(label, re)
	return re
}

// replyTo: the facts of the message that answers i's message (the next message,
// from the other party).
func (j *judge) replyTo(i int) []int {
	var out []int
	next := ""
	for a := i + 1; a < len(j.src); a++ {
		x := &j.src[a]
		if x.Message == j.src[i].Message {
			continue
		}
		if next == "" {
			if x.Role == j.src[i].Role || x.Role == "tool" || x.Role == RoleSummary {
				return nil
			}
			next = x.Message
		}
		if x.Message != next {
			break
		}
		out = append(out, a)
	}
	return out
}

// sharesSubject: a and f name the same thing: a shared content word of four letters
// or more, or an exact token of one that begins a token of the other (560 and
// 560.35.03).
func sharesSubject(a, f *classify.Fact) bool {
	fw := map[string]bool{}
	for _, w := range f.Words {
		fw[w] = true
	}
	for _, w := range a.Words {
		if fw[w] && len(w) >= 4 && w[0] != '#' {
			return true
		}
	}
	for _, t := range a.Tokens {
		for _, x := range f.Tokens {
			if classify.Equivalent(t, x) || closeToken(t, x) {
				return true
			}
		}
	}
	return false
}

// reAnaphor: a sentence whose subject points back to the one before ("The issue
// remains open", "This is still unconfirmed", "It fails on arm64").
var reAnaphor = classify.MustRx(`(?i)^\W*(?:the\s+(?:issue|problem|bug|fix|change|workaround|error|failure|regression|ticket|task)|this|that|it|which)\b`)

// anaphoraAfter: the next few facts of i's message that refer back to it.
func (j *judge) anaphoraAfter(i int) []int {
	var out []int
	for a := i + 1; a < len(j.src) && a <= i+3 && j.src[a].Message == j.src[i].Message; a++ {
		if reAnaphor.MatchString(j.src[a].Text) {
			out = append(out, a)
		}
	}
	return out
}

var reProgress = classify.MustRx(`(?i)\b\d+\s+of\s+\d+\b|\bpending\b|\bpartial\w*\b|\bin\s+progress\b`)

// failureLike: f records a failure (prose or a tool's error line).
func failureLike(f *classify.Fact) bool {
	if reZeroFail.MatchString(f.Text) {
		return false
	}
	if f.Role == "tool" {
		return reToolErrorLine.MatchString(f.Text)
	}
	return strongFailure(f.Text) || f.Status.Choice == classify.StatusTriedFailed && reFailCue.MatchString(f.Text)
}

var reToolErrorLine = classify.MustRx(`(?i)(?:^|[\s:\[(])(?:error|fatal|exception|abort(?:ed)?|denied|refused|failed|failure|timed?\s*out|could\s+not|rejected)\b|\w+(?:Error|Exception)\b|does\s+not\s+have\b`)

var reConfirm = classify.MustRx(`(?i)\b(?:confirmed|verified|proven|proved|shows?|showed|root\s+cause|is\s+the\s+cause|was\s+the\s+cause|caused\s+by|turned\s+out|matches|consistent\s+with)\b`)

// confirmedSince: f's hypothesis was confirmed after it was stated: a later source
// fact says so, or g cites the confirmation and a later source fact carries the new
// evidence g quotes (a value f did not have).
func (j *judge) confirmedSince(i int, f, g *classify.Fact) bool {
	if j.confirmedLater(i, f) || j.confirmedLater(i, g) {
		return true
	}
	if reCitesCheck.MatchString(g.Text) && j.succeededLater(i, g, nil) {
		return true // "confirmed from the raw CSV": the check is in the sources after f
	}
	return reConfirm.MatchString(g.Text) && j.laterEvidence(i, f, g, func(*classify.Fact) bool { return true })
}

// resolvedSince: f's open work was closed after it was stated: a later source fact
// says so, or carries the new values g reports and is itself a success.
func (j *judge) resolvedSince(i int, f, g *classify.Fact) bool {
	if j.resolvedLater(i, f) || j.resolvedLater(i, g) {
		return true
	}
	return j.laterEvidence(i, f, g, func(k *classify.Fact) bool {
		return k.Status.Resolution == classify.StatusResolved || k.Role == "tool" && k.Status.Choice != classify.StatusTriedFailed && reToolSuccess.MatchString(k.Text)
	})
}

var reToolSuccess = classify.MustRx(`(?i)\b(?:pass(?:ed|es)?|succeeded|success(?:ful)?|ok|green|ready|completed?|done|finished|healthy|resolved|[1-9]\d*/[1-9]\d*\s+(?:passed|ok))\b`)

var reCitesCheck = classify.MustRx(`(?i)\b(?:confirmed|verified|reproduced|proven|checked)\b`)

// succeededLater: a source fact after i, on g's subject (two shared content words,
// or one distinctive one), reports a check or a success; pred may narrow it further.
func (j *judge) succeededLater(i int, g *classify.Fact, pred func(*classify.Fact) bool) bool {
	// candidates come from the source-side index through g's words, so the cost is
	// the postings of those words, not the whole transcript
	shared := map[int]int{}
	long := map[int]bool{}
	seen := map[string]bool{}
	for _, w := range g.Words {
		if len(w) < 4 || w[0] == '#' || seen[w] {
			continue
		}
		seen[w] = true
		post := j.rev.index[w]
		if len(post) > maxPostings {
			continue
		}
		for _, k := range post {
			if k > i {
				shared[k]++
				long[k] = long[k] || len(w) >= 6
			}
		}
	}
	ks := make([]int, 0, len(shared))
	for k, n := range shared {
		if n >= 2 || n == 1 && long[k] {
			ks = append(ks, k)
		}
	}
	sort.Ints(ks)
	for _, k := range ks {
		x := &j.src[k]
		if !reToolSuccess.MatchString(x.Text) && !reCitesCheck.MatchString(x.Text) && x.Status.Resolution != classify.StatusResolved {
			continue
		}
		if pred == nil || pred(x) {
			return true
		}
	}
	return false
}

// laterEvidence: some source fact after i states a specific value of g that f lacks,
// and satisfies pred.
func (j *judge) laterEvidence(i int, f, g *classify.Fact, pred func(*classify.Fact) bool) bool {
	for _, t := range g.Tokens {
		if !specificToken(t) || hasEquivalent(f.Tokens, t) {
			continue
		}
		for _, k := range j.rev.index[t.Key()] {
			if k > i && pred(&j.src[k]) {
				return true
			}
		}
	}
	return false
}

// confirmedLater: a later source fact about the same subject establishes it.
func (j *judge) confirmedLater(i int, f *classify.Fact) bool {
	return j.laterAbout(i, f, func(x *classify.Fact) bool {
		return reConfirm.MatchString(x.Text) && !reHedge.MatchString(x.Text) || x.Role == "tool" && x.Status.Epistemic != classify.StatusHypothesis
	})
}

// resolvedLater: a later source fact about the same subject says it was resolved.
func (j *judge) resolvedLater(i int, f *classify.Fact) bool {
	return j.laterAbout(i, f, func(x *classify.Fact) bool {
		return x.Status.Resolution == classify.StatusResolved
	})
}

// laterAbout reports whether some source fact after i, on f's subject (at least 35%
// of f's weight), satisfies pred. Candidates come from the source-side index through
// f's rarer words, so the cost does not grow with the whole transcript.
func (j *judge) laterAbout(i int, f *classify.Fact, pred func(*classify.Fact) bool) bool {
	return j.laterWith(i, f, f.Words, pred)
}

// maxPostings bounds how many facts a single word may nominate as candidates: a word
// that common says nothing about the subject.
const maxPostings = 256

func (j *judge) laterWith(i int, f *classify.Fact, via []string, pred func(*classify.Fact) bool) bool {
	seen := map[int]bool{}
	total := 0.0
	for _, w := range f.Words {
		total += j.rev.weight(w)
	}
	if total == 0 {
		return false
	}
	for _, w := range via {
		post := j.rev.index[w]
		if len(post) > maxPostings {
			continue
		}
		for _, k := range post {
			if k <= i || seen[k] {
				continue
			}
			seen[k] = true
			// pred first: it is usually a field test, the coverage a weighted overlap
			if pred(&j.src[k]) && j.rev.pairCoverageFact(f, &j.src[k]) >= 0.35 {
				return true
			}
		}
	}
	return false
}

// ---- provenance loss ----

var (
	reSumUser  = classify.MustRx(`(?i)\buser\b|\byou\b|\brequested\b|\basked\b`)
	reSumOwn   = classify.MustRx(`(?i)\b(?:we|i|our|us|my)\b|\bthe\s+(?:agent|assistant)\b|\bassistant\b`)
	reAttrWord = classify.MustRx(`[A-Za-z][A-Za-z0-9'.-]+`)
)

var attrStop = map[string]bool{"the": true, "from": true, "says": true, "said": true, "per": true, "according": true, "to": true, "of": true, "on": true,
	"team": false, "confirmed": true, "reports": true, "reported": true, "wants": true, "requires": true, "required": true, "states": true, "stated": true,
	"in": true, "a": true, "an": true, "and": true, "told": true, "wrote": true, "me": true, "just": true, "also": true, "lines": true, "line": true, "excerpt": true, "noted": true, "notes": true, "says:": true, "claims": true, "claimed": true, "s": true}

var reFileNoun = classify.MustRx(`(?i)^(?:readme|makefile|dockerfile|changelog|docs?|documentation|runbook|wiki|config(?:uration)?|values|manifest|spec|comment|header|notes|guide|policy|schema)$`)

// whoWords: the distinctive words of an attribution ("Marta", "DBA", "README"). For
// a file, the file's own name or kind ("README", "values.yaml"), not its modifiers.
func whoWords(who, source string) []string {
	var out, nouns []string
	for _, w := range reAttrWord.FindAllString(who, -1) {
		lw := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		if attrStop[lw] || len(lw) < 2 {
			continue
		}
		out = append(out, lw)
		if reFileNoun.MatchString(lw) || strings.ContainsAny(lw, "./") {
			nouns = append(nouns, lw)
		}
	}
	if source == "file" && len(nouns) > 0 {
		return nouns
	}
	return out
}

func mentionsAny(text string, words []string) bool {
	l := strings.ToLower(text)
	for _, w := range words {
		if w == "team" || w == "user" {
			continue
		}
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// measuredGuess: f is the agent restating a tool's readout and g only presumes it
// ("The host presumably runs on UTC"); the readout's fact index is returned.
func (j *judge) measuredGuess(f, g *classify.Fact) (int, bool) {
	if f.Role != "assistant" || f.Provenance.Source != "" || reHedge.MatchString(f.Text) || !guessesAbout(g, f) {
		return -1, false
	}
	k := j.backingTool(f, g)
	return k, k >= 0
}

func (j *judge) provenance(i int, f, g *classify.Fact) (string, bool) {
	p := f.Provenance
	gp := g.Provenance
	switch p.Source {
	case "file", "team", "person":
		ww := whoWords(p.Who, p.Source)
		if len(ww) == 0 || mentionsAny(blankTokens(g), ww) || mentionsAny(g.Context, ww) || sharesStem(ww, g) {
			return "", false
		}
		if f.Role == "tool" {
			// a file's content restated without a source is ordinary condensing; it is
			// a loss only when a prose claim of the file is credited to someone
			gc := clauseOf(g, f) // the part of a merged line that restates f
			if len(f.Words) < 5 || strings.HasPrefix(strings.TrimSpace(f.Text), "$") || j.userSaid(&gc) {
				return "", false
			}
			// a document's rule restated as a bare rule ("provider tokens must be
			// refreshed no more often than every 20 minutes"): the reader can no longer
			// tell it is the vendor's, not the user's
			docRule := (f.Modality.Level >= classify.ModShouldNot || classify.Imperative(strings.TrimLeft(f.Text, "-*• "))) && g.Modality.Level >= classify.ModShouldNot && gp.Source == ""
			if gp.Source != "user" && !reSumOwnClaim.MatchString(g.Text) && !docRule {
				return "", false
			}
		}
		if gp.Source != "" && gp.Source != "assistant" && j.attributionBacked(i, g) {
			return "", false // the summary's own attribution comes from another source fact
		}
		if gp.Source == "user" || gp.Source == "assistant" || gp.Source != "" && gp.Source != p.Source || reSumOwn.MatchString(g.Text) || reSumUser.MatchString(g.Text) {
			return fmt.Sprintf("attributed to %s in the source (%q), to %s in the summary", sourceLabel(p), p.Who, attrLabel(g)), true
		}
		if f.Modality.Level > 0 || quotedOrder(f.Text) {
			return "", false // an order carried out: the summary records compliance, not the claim
		}
		return fmt.Sprintf("attributed to %s in the source (%q); the summary states it without a source", sourceLabel(p), p.Who), true
	}
	if p.Source == "tool" {
		// a measurement turned into a guess, or a document's rule into the agent's own
		switch {
		case len(f.Words) >= 3 && !reHedge.MatchString(f.Text) && reGuessWord.MatchString(clauseText(g, f)):
			return fmt.Sprintf("shown by tool output (%s) in the source, stated as an assumption in the summary", p.Who), true
		case reSumOwnClaim.MatchString(g.Text) && len(f.Words) >= 5 && f.Modality.Level == 0 && !j.userSaid(g):
			return fmt.Sprintf("stated by tool output (%s) in the source, claimed as the agent's own in the summary", p.Who), true
		}
		return "", false
	}
	if f.Role == "user" && p.Source == "" || p.Source == "user" && f.Role == "user" {
		// a user's order or call credited to the agent
		if gp.Source == "assistant" && !reSumUser.MatchString(g.Text) && !j.userContext(g) {
			return "the user's statement is credited to the agent", true
		}
	}
	return "", false
}

var reGuessWord = classify.MustRx(`(?i)\b(?:presumably|probably|likely|possibly|maybe|perhaps|might|may\s+be|seems?|appears?\s+to|unconfirmed|unverified|i\s+think|we\s+think|assumed|assuming|(?:we|i)\s+assume|guess\w*|suspect\w*)\b`)

// clauseText is the clause of g that restates f.
// reOwnCall: the agent claiming a call as its own ("I moved ...", "I decided to ...").
var reOwnCall = classify.MustRx(`\bI\s+(?:(?:also|then|have|had)\s+)?(?:decided|chose|opted|moved|went\s+with|settled\s+on|picked|made\s+the\s+call)\b`)

// attributedContent: what a summary fact credits to its named source, from the
// attribution's verb to the end of its clause ("prefers soft spreading" in "stays soft
// because the user prefers soft spreading (3-node pool)"); "" when it names none.
func attributedContent(g *classify.Fact) string {
	who := g.Provenance.Who
	at := strings.Index(g.Text, who)
	if who == "" || at < 0 {
		return ""
	}
	// keep the verb of the attribution ("prefers"), drop the subject ("the user")
	rest := g.Text[at:]
	if sp := strings.Fields(who); len(sp) > 1 {
		last := sp[len(sp)-1]
		rest = rest[strings.Index(rest, last):]
	}
	if cut := strings.IndexAny(rest, "(;,:—"); cut > 0 {
		rest = rest[:cut]
	}
	return strings.TrimSpace(strings.TrimRight(rest, ". "))
}

func clauseText(g, f *classify.Fact) string {
	c := clauseOf(g, f)
	return c.Text
}

var reSumOwnClaim = classify.MustRx(`(?i)^\W*(?:we|i)\b|\b(?:we|i)\s+(?:decided|chose|don'?t|do\s+not|never|always|will|require|determined|found|settled|ruled)\b|\bour\s+(?:rule|policy|decision)\b`)

func sourceLabel(p classify.Provenance) string {
	switch p.Source {
	case "file":
		return "a file"
	case "team":
		return "a team"
	case "person":
		return "a named person"
	}
	return p.Source
}

// blankTokens is g's text with paths, ids and hosts removed, so an attribution word
// inside an identifier ("acme/platform-workflows") does not count as naming the source.
func blankTokens(g *classify.Fact) string {
	b := []byte(g.Text)
	for _, t := range g.Tokens {
		switch t.Kind {
		case classify.TokPath, classify.TokID, classify.TokHost, classify.TokFlag:
			for k := t.Start; k < t.End && k < len(b); k++ {
				b[k] = ' '
			}
		}
	}
	return string(b)
}

// backingTool: the tool readout behind f's values (or, failing that, a short readout
// just before f on what g presumes); -1 when none.
func (j *judge) backingTool(f, g *classify.Fact) int {
	// a specific value the agent read off a tool: the readout that states most of the
	// values the summary lost (then of any of f's values), the latest on a tie
	for _, lostOnly := range []bool{true, false} {
		count := map[int]int{}
		for _, t := range f.Tokens {
			if !specificToken(t) || t.Kind == classify.TokNumber || lostOnly && hasEquivalent(g.Tokens, t) {
				continue // a bare count ("13 nodes") matches too many readouts
			}
			for _, k := range j.rev.index[t.Key()] {
				if x := &j.src[k]; x.Role == "tool" && x.Index < f.Index && !strings.HasPrefix(strings.TrimSpace(x.Text), "$") && hasEquivalent(x.Tokens, t) {
					count[k]++ // a readout, not the command that asked for it
				}
			}
		}
		if best, _ := mostCounted(count); best >= 0 {
			return best
		}
	}
	// a short tool readout just before f that names what f and g are about
	// ("Time zone: Etc/UTC (UTC, +0000)" behind "The host runs in Etc/UTC")
	gw := map[string]bool{}
	guessed := *g
	for _, c := range classify.Clauses(g.Text) {
		if reGuessWord.MatchString(c) {
			guessed = g.Sub(c)
			break
		}
	}
	for _, w := range guessed.Words {
		gw[w] = true
	}
	shared := map[int]int{}
	for _, w := range f.Words {
		if len(w) < 3 || !gw[w] {
			continue
		}
		post := j.rev.index[w]
		if len(post) > 32 {
			continue
		}
		for _, k := range post {
			x := &j.src[k]
			if x.Role == "tool" && k < f.Index && f.Index-k <= 40 && len(x.Words) <= 12 {
				shared[k]++
			}
		}
	}
	best, _ := mostCounted(shared)
	return best
}

// mostCounted: the key with the highest count, the latest (highest) key on a tie;
// -1 when counts is empty.
func mostCounted(counts map[int]int) (int, int) {
	best, bestN := -1, 0
	for k, n := range counts {
		if n > bestN || n == bestN && k > best {
			best, bestN = k, n
		}
	}
	return best, bestN
}

// attributionBacked: another source fact that supports g names g's source.
func (j *judge) attributionBacked(skip int, g *classify.Fact) bool {
	ww := whoWords(g.Provenance.Who, g.Provenance.Source)
	if len(ww) == 0 {
		return false
	}
	if g.Provenance.Source == "person" {
		// a name is distinctive: any source fact that names them backs it
		name := ww[0]
		for k := range j.src {
			if k != skip && strings.Contains(strings.ToLower(j.src[k].Text), name) {
				return true
			}
		}
	}
	for n, c := range j.rev.candidates(g) {
		if n >= 8 || c.coverage < 0.3 {
			break
		}
		if c.j != skip && mentionsAny(j.src[c.j].Text, ww) {
			return true
		}
	}
	return false
}

// quotedOrder: the quoted words after "X said:" are an order ("keep the step").
func quotedOrder(text string) bool {
	i := strings.LastIndex(text, ":")
	if i < 0 {
		return false
	}
	q := strings.TrimLeft(text[i+1:], " \"“'")
	return classify.ModalityOf(q).Level >= classify.ModShouldNot
}

// sharesStem: the summary names the source in other words ("docs" / "documentation").
func sharesStem(who []string, g *classify.Fact) bool {
	gw := map[string]bool{}
	// words of the prose, not of paths and ids ("acme/platform-workflows" does not
	// name the platform team)
	for _, w := range classify.ContentWords(blankTokens(g)) {
		gw[w] = true
	}
	for _, w := range classify.ContentWords(g.Context) {
		gw[w] = true
	}
	for _, w := range who {
		if w == "team" || w == "user" {
			continue
		}
		if gw[classify.Stem(w)] {
			return true
		}
	}
	return false
}

func attrLabel(g *classify.Fact) string {
	if g.Provenance.Source != "" {
		return g.Provenance.Source
	}
	if reSumOwn.MatchString(g.Text) {
		return "the agent"
	}
	return "the user"
}

func (j *judge) userContext(g *classify.Fact) bool {
	return strings.Contains(strings.ToLower(g.Context), "user")
}

// userSaid: some user message in the sources backs summary fact g.
func (j *judge) userSaid(g *classify.Fact) bool {
	if v, ok := j.userSaidCache[g.Text]; ok {
		return v
	}
	v := j.userSaidUncached(g)
	if j.userSaidCache == nil {
		j.userSaidCache = map[string]bool{}
	}
	j.userSaidCache[g.Text] = v
	return v
}

func (j *judge) userSaidUncached(g *classify.Fact) bool {
	for _, c := range j.rev.candidates(g) {
		if c.coverage < 0.35 {
			break
		}
		if j.src[c.j].Role == "user" || j.src[c.j].Role == RoleSummary && j.src[c.j].Provenance.Source == "user" {
			return true
		}
	}
	return false
}

// ---- addition ----

var (
	reBoiler = classify.MustRx(`(?i)^(?:this session is being continued|the conversation is summari[sz]ed|summary:?$|analysis:?$|context checkpoint|handoff|none\.?$|n/a|nothing\b)`)
	reAction = classify.MustRx(`(?i)\b(?:terminated|killed|restarted|deleted|removed|dropped|created|deployed|rolled|migrated|upgraded|bumped|notified|emailed|messaged|informed|announced|sent|paged|ran|executed|applied|merged|pushed|published|released|tagged|approved|signed|granted|revoked|rotated|flattened|purged|scrubbed|fixed|patched|opened|filed|closed|tested|verified|confirmed|load[- ]tested|benchmarked|completed|finished|passed|consented|obtained|received|agreed|decided)\b`)
)

func (j *judge) addition(k int, claimed map[int]bool) (Finding, bool) {
	g := &j.sum[k]
	if g.Code || reBoiler.MatchString(strings.TrimSpace(g.Text)) || claimed[k] {
		return Finding{}, false
	}
	cands := j.rev.candidates(g)
	best := match{j: -1}
	if len(cands) > 0 {
		best = cands[0]
	}
	union := j.rev.unionCoverage(g)
	// exact tokens nobody stated
	var unseen []classify.Token
	for _, t := range g.Tokens {
		if !j.tokenSeen(t) && !derivable(t, j.srcTokens) {
			unseen = append(unseen, t)
		}
	}
	supported := best.coverage >= supportScore || union >= 0.8
	if len(unseen) > 0 && !(rePlanContext.MatchString(g.Context) || reImperativeHead.MatchString(g.Text)) {
		t := unseen[0]
		switch {
		case unseenSpecific(unseen) && best.coverage < supportScore:
			return j.addFinding(g, best, SevError, fmt.Sprintf("states %s %q that no source contains", tokenLabel(t), t.Raw)), true
		case unseenSpecific(unseen) && best.coverage < 0.75:
			return j.addFinding(g, best, SevWarning, fmt.Sprintf("states %s %q that no source contains", tokenLabel(t), t.Raw)), true
		case !supported:
			return j.addFinding(g, best, SevInfo, fmt.Sprintf("states %s %q that no source contains", tokenLabel(t), t.Raw)), true
		}
	}
	if d, ok := j.resultNeverRan(g, cands); ok {
		return j.addFinding(g, best, SevError, d), true
	}
	if verb, ok := j.unsupportedAction(g, cands); ok {
		return j.addFinding(g, best, SevError, fmt.Sprintf("says %q happened, but no source records that action", verb)), true
	}
	if !supported && union < 0.45 {
		return j.addFinding(g, best, SevInfo, "has little support in the sources"), true
	}
	return Finding{}, false
}

// reImperativeHead: a to-do ("Write docs/runbooks/x.md") may name something new.
var reImperativeHead = classify.MustRx(`^\W*(?:write|create|add|draft|open|file|prepare|set\s+up|make|run|check|read|look|ask|wait|update|implement|rehearse|schedule)\b`)

// tokenSeen: the value appears somewhere in the sources, in any notation.
func (j *judge) tokenSeen(t classify.Token) bool {
	if j.srcNorms == nil {
		j.srcNorms = map[string]bool{}
		for _, x := range j.srcTokens {
			j.srcNorms[x.Norm] = true
			if k := valueKey(x); k != "" {
				j.srcNorms[k] = true
			}
		}
	}
	if j.srcNorms[t.Norm] {
		return true
	}
	if k := valueKey(t); k != "" && j.srcNorms[k] {
		return true
	}

	if j.srcText == "" {
		var b strings.Builder
		for i := range j.src {
			b.WriteString(strings.ToLower(j.src[i].Text))
			b.WriteByte('\n')
		}
		j.srcText = strings.NewReplacer(",", "", "`", "", "*", "").Replace(b.String())
	}
	if v, unit, ok := t.Value(); ok && unit == "n" && t.Kind == classify.TokPercent {
		if j.tokenSeen(classify.Token{Kind: classify.TokNumber, Raw: fmtFloat(v), Norm: "num:" + fmtFloat(v)}) {
			return true
		}
	}
	if t.Kind == classify.TokPath {
		if i := strings.LastIndexByte(strings.TrimRight(t.Raw, "/"), '/'); i >= 0 && i < len(t.Raw)-1 {
			base := strings.TrimRight(t.Raw, "/")[i+1:]
			if len(base) > 3 && j.tokenSeen(classify.Token{Kind: classify.TokID, Raw: base, Norm: base}) {
				return true
			}
		}
	}
	raw := strings.NewReplacer(",", "", "`", "", "*", "").Replace(strings.ToLower(strings.TrimSpace(t.Raw)))
	raw = strings.Trim(raw, "./:;()[]")
	if raw == "" {
		return true
	}
	for from := 0; ; {
		i := strings.Index(j.srcText[from:], raw)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(raw)
		// digits must not continue a longer number ("12" inside "4120" does not count)
		before := i == 0 || !isDigit(j.srcText[i-1]) || !isDigit(raw[0])
		after := end >= len(j.srcText) || !isDigit(j.srcText[end]) || !isDigit(raw[len(raw)-1])
		if before && after {
			return true
		}
		from = i + 1
	}
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// valueKey files numbers, percentages and durations under their value, so 0.921 and
// 92.1% (or 90 s and 1m30s) meet in one lookup.
func valueKey(t classify.Token) string {
	if v, unit, ok := t.Value(); ok {
		return "=" + unit + strconv.FormatFloat(v, 'g', 12, 64)
	}
	return ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

var reDecisionVerb = classify.MustRx(`(?i)^(?:decided|agreed|chose|opted|decision)`)

// reActionVerb matches actions reported as done (past tense), not plans or nouns.
var reActionVerb = classify.MustRx(`(?i)\b(decided\s+to|agreed\s+to|chose\s+to|opted\s+to|decision\s+(?:was|is)\s+to|terminated|killed|restarted|deleted|deployed|migrated|upgraded|bumped|notified|emailed|messaged|informed|announced|sent|paged|merged|pushed|published|released|tagged|signed\s+off|granted|revoked|rotated|flattened|purged|scrubbed|patched|filed|load[- ]tested|benchmarked|consented|obtained|rebooted|rebuilt|reindexed|vacuumed|installed|uninstalled|rolled\s+out|rolled\s+back|reverted|ticketed|scaled|resized|escalated|refunded|charged|invoiced|emailed|contacted|notified|backfilled|restored|wiped|truncated|dropped\s+the\s+table)\b`)

// actionGroups: ways sources describe the same action.
var actionGroups = [][]string{
	{"bump", "upgrad", "updat", "raise", "pin", "chang", "edit", "==", "->", "→", "set "},
	{"deploy", "rollout", "roll out", "releas", "ship", "promot"},
	{"migrat", "convert", "mov", "port"},
	{"notif", "email", "messag", "inform", "announc", "sent", "send", "post", "told", "contact", "slack"},
	{"terminat", "kill", "cancel", "pg_cancel", "stop"},
	{"restart", "reboot", "bounce", "recycl"},
	{"delet", "remov", "drop", "purg", "wip", "truncat", "rm "},
	{"merg", "land"},
	{"revert", "roll back", "rollback", "undo"},
	{"install", "add"},
	{"rotat", "regenerat", "renew", "reissu"},
	{"scal", "resiz"},
	{"decid", "decision", "chose", "choos", "agree", "opted", "opt for", "settl", "go with", "going with", "let's", "lets ", "approv", "sign off", "signed off", "fine with", "ok with", "sounds good", "go ahead"},
}

func actionStems(verb string) []string {
	stem := verb
	if len(stem) > 5 {
		stem = stem[:5]
	}
	out := []string{stem}
	for _, g := range actionGroups {
		for _, x := range g {
			if strings.HasPrefix(verb, strings.TrimSpace(x)) {
				return append(out, g...)
			}
		}
	}
	return out
}

var rePlanContext = classify.MustRx(`(?i)pending|next|todo|to do|plan|intent|request|remaining|open|follow`)

// unsupportedAction: the fact reports an action as done (terminated, notified, load
// tested) that none of the source facts it draws on mentions.
func (j *judge) unsupportedAction(g *classify.Fact, cands []match) (string, bool) {
	if rePlanContext.MatchString(g.Context) || reQuestion.MatchString(g.Text) {
		return "", false
	}
	m := reActionVerb.FindStringIndex(g.Text)
	if m == nil {
		return "", false
	}
	verb := strings.ToLower(g.Text[m[0]:m[1]])
	// "not deployed", "was never merged", "will be tagged" do not claim the action
	pre := strings.ToLower(g.Text[max(0, m[0]-14):m[0]])
	if strings.Contains(pre, "not ") || strings.Contains(pre, "never") || strings.Contains(pre, "n't") || strings.Contains(pre, "will") || strings.Contains(pre, "to be") {
		return "", false
	}
	stems := actionStems(verb)
	decision := reDecisionVerb.MatchString(verb)
	// the things acted on, when the summary names them after the verb ("purged the
	// /img/zoom/ prefix") and the sources know them: support must name one too
	var objects []classify.Token
	for _, t := range g.Tokens {
		if t.Start >= m[1] && (t.Kind == classify.TokPath || t.Kind == classify.TokHost) && j.tokenSeen(t) {
			objects = append(objects, t)
		}
	}
	if len(cands) == 0 || cands[0].coverage < 0.2 {
		return "", false // unrelated text: the token and support checks judge it
	}
	for _, c := range cands {
		if c.coverage < 0.15 {
			break
		}
		if decision && j.src[c.j].Role == "user" && (j.src[c.j].Modality.Level > 0 || classify.Imperative(j.src[c.j].Text)) {
			return "", false // the user's order is the decision
		}
		l := strings.ToLower(j.src[c.j].Text)
		for _, st := range stems {
			if strings.Contains(l, st) {
				if len(objects) > 0 && !j.messageNames(c.j, objects) {
					break // the action is recorded, on something else
				}
				return "", false
			}
		}
	}
	return verb, true
}

// messageNames: some fact of i's message states one of ts (a command and the line
// of output that names what it acted on are facts of one message).
func (j *judge) messageNames(i int, ts []classify.Token) bool {
	msg := j.src[i].Message
	for k := i; k >= 0 && j.src[k].Message == msg; k-- {
		if namesAny(&j.src[k], ts) {
			return true
		}
	}
	for k := i + 1; k < len(j.src) && j.src[k].Message == msg; k++ {
		if namesAny(&j.src[k], ts) {
			return true
		}
	}
	return false
}

var (
	reResultClaim = classify.MustRx(`(?i)\b(?:pass(?:ed|es)?|green|succeeded|successful(?:ly)?|all\s+\d+\s+(?:tests?\s+)?pass|\d+/\d+\s+(?:passed|ok|green))\b`)
	reNotRun      = classify.MustRx(`(?i)\b(?:ha(?:ve|s)\s+not\s+(?:yet\s+)?(?:run|been\s+run|executed)|ha(?:ve|s)n'?t\s+(?:yet\s+)?(?:run|been\s+run)|(?:did|does)\s+not\s+run|didn'?t\s+run|never\s+ran|not\s+(?:yet\s+)?(?:run|executed)|could\s+not\s+(?:be\s+)?run|couldn'?t\s+(?:be\s+)?run|were\s+skipped|was\s+skipped)\b`)
)

// resultNeverRan: g reports a result (14/14 passed, green) for a check that the
// closest source facts say never ran ("So the 14 on-target tests have not run"), with
// no later source fact reporting it passed: an invented result.
func (j *judge) resultNeverRan(g *classify.Fact, cands []match) (string, bool) {
	if !reResultClaim.MatchString(g.Text) || rePlanContext.MatchString(g.Context) || reNotRun.MatchString(g.Text) {
		return "", false
	}
	notRun := -1
	for n, c := range cands {
		if n >= 6 || c.coverage < 0.2 {
			break
		}
		x := &j.src[c.j]
		if x.Role != "tool" && reNotRun.MatchString(x.Text) && j.fwd.pairCoverageFact(x, g) >= 0.5 {
			notRun = c.j
			break
		}
	}
	if notRun < 0 {
		return "", false
	}
	// a later source fact on the subject that reports the pass: then it did run
	for n, c := range cands {
		if n >= 12 {
			break
		}
		if x := &j.src[c.j]; c.j > notRun && reResultClaim.MatchString(x.Text) && !reNotRun.MatchString(x.Text) && j.fwd.pairCoverageFact(x, g) >= 0.3 {
			return "", false
		}
	}
	return fmt.Sprintf("reports a result for what the sources say never ran (%q)", j.src[notRun].Text), true
}

// namesAny: f states one of the tokens ts.
func namesAny(f *classify.Fact, ts []classify.Token) bool {
	for _, t := range ts {
		if hasEquivalent(f.Tokens, t) {
			return true
		}
	}
	return false
}

// unseenSpecific: an unseen identifier-like value (a ticket, a version, an address,
// a sum, a date) rather than a figure a summariser may compute or reformat.
func unseenSpecific(ts []classify.Token) bool {
	for _, t := range ts {
		switch t.Kind {
		case classify.TokVersion, classify.TokHex, classify.TokHost, classify.TokMoney, classify.TokDate:
			return true
		case classify.TokID:
			if strings.ContainsAny(t.Raw, "0123456789") {
				return true
			}
		case classify.TokPath:
			if strings.Count(strings.Trim(t.Raw, "/"), "/") >= 1 {
				return true
			}
		case classify.TokSize, classify.TokPercent:
			// a measured figure with a decimal ("3.9 GB", "38.2%") is not a rounding
			if strings.Contains(t.Raw, ".") {
				return true
			}
		}
	}
	return false
}

// derivable: small numbers and counts a summariser may compute (list sizes, "2 of
// 3") are not inventions.
func derivable(t classify.Token, src []classify.Token) bool {
	if t.Kind == classify.TokNumber {
		if v, _, ok := t.Value(); ok && v <= 12 && v == float64(int(v)) {
			return true
		}
	}
	return false
}

func (j *judge) addFinding(g *classify.Fact, b match, sev, detail string) Finding {
	cls := g.Primary()
	fd := Finding{Family: Addition, Severity: sev, Class: cls, Summary: side(g), Detail: "the summary " + detail}
	if b.j >= 0 {
		fd.Score = round3(b.score)
	}
	return fd
}

func classLabel(c classify.Class) string {
	return strings.ReplaceAll(string(c), "_", " ")
}

func roleLabel(r string) string {
	switch r {
	case RoleSummary:
		return "the parent summary"
	case "user":
		return "the user"
	case "assistant":
		return "the assistant"
	case "tool":
		return "tool output"
	}
	return r
}

var reStrongFailure = classify.MustRx(`(?i)\bhelps?\b[^.]{0,15}\b(?:it\s+)?(?:doesn'?t|didn'?t|does\s+not|did\s+not)\b|\bno\s+(?:improvement|effect|gain|speed-?up)\b|\b(?:failed|fails|breaks|didn'?t\s+work|does\s+not\s+work|doesn'?t\s+work|did\s+not\s+work|broke|crash(?:ed|es)?|reverted|rolled\s+back|errored|was\s+rejected|got\s+(?:an?\s+)?error|no\s+luck|dead\s+end)\b`)

func strongFailure(s string) bool { return reStrongFailure.MatchString(s) }
