package judge

import (
	"regexp"
	"strings"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// The importance model: how much a source fact matters if the summary loses it, from
// who said it, what it does, and what the rest of the round did with it. Weights are
// named here and nowhere else.
var (
	// base by origin
	baseOrigin = map[string]float64{
		classify.OriginUser:        0.50,
		classify.OriginInstruction: 0.40,
		classify.OriginSummary:     0.38,
		classify.OriginAssistant:   0.22,
		classify.OriginThinking:    0.18,
		classify.OriginToolError:   0.26,
		classify.OriginTool:        0.24,
		classify.OriginDocument:    0.12,
	}
	// a parent summary's section says what kind of fact it holds
	sectionWeight = map[string]float64{
		classify.SecIntent: 0.2, classify.SecRules: 0.25, classify.SecUserMessages: 0.2, classify.SecPending: 0.14,
		classify.SecDecisions: 0.14, classify.SecErrors: 0.1, classify.SecCurrent: -0.12, classify.SecNext: -0.2,
		classify.SecProblems: 0.0, classify.SecConcepts: -0.15, classify.SecFiles: -0.15, classify.SecAnalysis: -0.25,
	}
	actWeight = map[classify.Act]float64{
		classify.ActRule: 0.25, classify.ActDecision: 0.18, classify.ActRequest: 0.10, classify.ActFailure: 0.15,
		classify.ActFinding: 0.05, classify.ActQuestion: 0.0, classify.ActPlan: -0.08, classify.ActReport: 0,
	}
	wordsShort           = 3    // facts this short carry little on their own
	shortPenalty         = 0.25 // multiplier for a short fact that answers nothing
	answerBonus          = 0.30 // a short reply that picks an option or answers a question
	supersededFactor     = 0.45 // a hypothesis settled, a question answered, open work done later
	emphasisStep         = 0.05
	emphasisMax          = 0.15
	identifierUser       = 0.10
	openWorkBonus        = 0.08
	hedgeBonus           = 0.04
	lastMessages         = 6 // the round's last messages describe its current state
	recencyBonus         = 0.05
	codeFactor           = 0.15 // a code block is evidence, rarely a thing to keep
	reloadedFactor       = 0.4  // a skill's or memory file's text: the harness loads it again
	templateFactor       = 0.4  // a slash command's prompt: the same template on every run
	pastedFactor         = 0.5  // someone else's prose the user pasted: forwarded, not ordered
	approvedBonus        = 0.2  // the assistant's offer the user accepted ("yes please"): the user's decision too
	artifactBonus        = 0.22 // the assistant reports an action with consequences on a named thing (a PR opened, a commit pushed)
	echoStep             = 0.04 // a point the round comes back to, in other messages, matters more
	specificFailureBonus = 0.12 // a failure message that names what failed
	tableRowFactor       = 0.5
	shellSlipFactor      = 0.5 // the shell's own error about the agent's command line
	recapWeight          = -0.05
	quotedRemarkWeight   = 0.02
	summaryUserBonus     = 0.12
	// what came after the compaction: the user had to say it again, or the assistant
	// had to find it again
	resurfacedUserBonus      = 0.15
	resurfacedAssistantBonus = 0.06
	echoMax                  = 0.12
)

// importance scores every source fact of the round. Process talk, template lines
// and evidence lines score 0.
func importance(r *rule.Round, workers int) ([]float64, []string) {
	imp := make([]float64, len(r.Src))
	why := make([]string, len(r.Src))
	ctx := newContext(r, workers)
	r.Settled = ctx.superseded
	forEach(len(r.Src), workers, func(_, i int) {
		if !weighed(&r.Src[i]) {
			why[i] = "process talk"
			return
		}
		imp[i], why[i] = score(r, i, ctx)
	})
	return imp, why
}

// weighed: the importance model scores the fact (process talk, template lines and
// evidence lines score 0).
func weighed(f *classify.Fact) bool {
	return f.Act != classify.ActTemplate && f.Act != classify.ActChatter && !f.Evidence
}

// score is the importance model: who said it (the user's words weigh most, then an
// earlier summary's and injected instructions, then the assistant's reply, its
// reasoning least), what it does (a rule, a decision, a failure record), what it
// holds (the user's identifiers, emphasis, open status) and what the round did with
// it (restated, settled later, raised again after the compaction).
func score(r *rule.Round, i int, ctx *roundContext) (float64, string) {
	f := &r.Src[i]
	s := baseScore(f)
	why := reason(f)
	s, why = lengthScore(r, i, s, why)
	s, why = contentScore(r, i, ctx, s, why)
	s, why = roundScore(ctx, i, f, s, why)
	return clamp(s), why
}

// baseScore weighs who said fact f and what it does.
func baseScore(f *classify.Fact) float64 {
	s := baseOrigin[f.Origin]
	if f.Origin == classify.OriginSummary {
		w := sectionWeight[f.Section]
		switch {
		case f.Section == classify.SecUserMessages && !strings.ContainsAny(f.Text, "\"“”"):
			w = recapWeight // "Migration request, three constraints.": a recap, not the user's words
		case f.Section == classify.SecUserMessages && !Binding(f):
			w = quotedRemarkWeight // the user's quoted question or remark: the conversation's history, not an order
		}
		s += w
	}
	s += actWeight[f.Act]
	if f.Act == classify.ActRule {
		s += 0.04 * float64(f.Modality.Level-2)
	}
	return s
}

// lengthScore raises the user's short answer to a question and lowers other short facts.
func lengthScore(r *rule.Round, i int, s float64, why string) (float64, string) {
	f := &r.Src[i]
	words := wordCount(f.Text)
	switch {
	case f.Origin == classify.OriginUser && words <= wordsShort+2 && r.AnswersQuestion(i):
		s += answerBonus
		why = "the user's answer to a question"
		switch {
		case r.Accepts(i):
			s *= shortPenalty // a bare "yes please" weighs in the offer it accepted (rule.Approved)
			why = "the user's assent to the assistant's offer"
		case words <= 1:
			s *= shortPenalty * 2 // a bare "B" or "yes" cannot be matched to what it chose
		}
	case words <= wordsShort && f.Act != classify.ActFailure && !namedOrder(f):
		s *= shortPenalty
	}
	return s, why
}

// contentScore weighs what fact i holds: emphasis, identifiers, open status, artifacts.
func contentScore(r *rule.Round, i int, ctx *roundContext, s float64, why string) (float64, string) {
	f := &r.Src[i]
	s += min(emphasisMax, emphasisStep*float64(f.Emphasis))
	if f.Origin == classify.OriginUser && hasIdentifier(f) {
		s += identifierUser
	}
	if f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial" {
		s += openWorkBonus
	}
	if f.Status.Epistemic == classify.StatusHypothesis && f.Origin != classify.OriginUser {
		s += hedgeBonus
	}
	if r.Pos[i] > ctx.lastPos-lastMessages && f.Origin != classify.OriginSummary {
		s += recencyBonus
	}
	if (f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking) && artifact(f) {
		s += artifactBonus
		why = "an artifact the work produced"
	}
	if f.Origin == classify.OriginAssistant && r.Approved(i) {
		s += approvedBonus
		why = "the assistant's proposal the user accepted"
	}
	if f.Act == classify.ActFailure {
		s, why = failureScore(r, i, s, why)
	}
	if (strings.HasPrefix(strings.TrimSpace(f.Text), "|") || optionItem(f.Text)) && f.Origin != classify.OriginUser {
		s *= tableRowFactor // a row of the assistant's table or list of options
	}
	if f.Origin == classify.OriginSummary && f.Provenance.Source == "user" && f.Section != classify.SecUserMessages {
		s += summaryUserBonus // the earlier summary's record of what the user said
	}
	return s, why
}

// failureScore weighs failure record i: a message that names what failed weighs more;
// the shell's complaint about the command line, and the user's rejection of a call
// that only looked, weigh less.
func failureScore(r *rule.Round, i int, s float64, why string) (float64, string) {
	f := &r.Src[i]
	if f.Origin != classify.OriginSummary && specificFailure(f) {
		s += specificFailureBonus
	}
	if shellSlip(f.Text) {
		s *= shellSlipFactor
		why += " (the shell's own error about the command line)"
	}
	if rejectedLookOnly(r, i) {
		s *= lookOnlyRejectFactor
		why += " (the user stopped a call that only looked)"
	}
	return s, why
}

// roundScore weighs what the round did with fact i: restated, raised again, settled.
func roundScore(ctx *roundContext, i int, f *classify.Fact, s float64, why string) (float64, string) {
	s += min(echoMax, echoStep*float64(ctx.echo[i]))
	if ctx.resurfacedUser[i] > 0 {
		s += resurfacedUserBonus
		why += " (the user raised it again after the compaction)"
	} else if ctx.resurfacedAssistant[i] > 0 {
		s += resurfacedAssistantBonus
		why += " (it came up again after the compaction)"
	}
	if f.Code {
		s *= codeFactor
	}
	if f.Reloaded != "" {
		s *= reloadedFactor
		why += " (from " + f.Reloaded + ", which the harness loads again)"
	}
	if f.Pasted {
		s *= pastedFactor
		why += " (from text the user pasted)"
	}
	if f.Command != "" {
		s *= templateFactor
		why += " (from the prompt " + f.Command + " expands on every run)"
	}
	if ctx.superseded[i] {
		s *= supersededFactor
		why += " (settled later in the round)"
	}
	return s, why
}

func clamp(x float64) float64 { return max(0, min(1, x)) }

// reason says in words what makes the fact matter.
func reason(f *classify.Fact) string {
	who := map[string]string{classify.OriginUser: "the user's", classify.OriginInstruction: "an instruction's", classify.OriginSummary: "the earlier summary's",
		classify.OriginAssistant: "the assistant's", classify.OriginThinking: "the assistant's reasoning:", classify.OriginToolError: "a tool's",
		classify.OriginTool: "a tool's", classify.OriginDocument: "a document's"}[f.Origin]
	what := map[classify.Act]string{classify.ActRule: "rule", classify.ActDecision: "decision", classify.ActRequest: "request", classify.ActFailure: "failure record",
		classify.ActFinding: "finding", classify.ActQuestion: "question", classify.ActPlan: "plan", classify.ActReport: "statement"}[f.Act]
	if f.Status.Resolution == classify.StatusOpen && f.Act != classify.ActRule {
		what = "open work"
	}
	if f.Status.Epistemic == classify.StatusHypothesis && f.Act == classify.ActFinding {
		what = "hypothesis"
	}
	return strings.TrimSpace(who + " " + what)
}

// namedOrder: the user's order that names an exact thing ("reply to <url>", "pin
// v2.3.1"), which says all it needs to however short.
func namedOrder(f *classify.Fact) bool {
	return f.Origin == classify.OriginUser && (f.Act == classify.ActRequest || f.Act == classify.ActRule) && hasIdentifier(f)
}

func hasIdentifier(f *classify.Fact) bool {
	for _, t := range f.Tokens {
		switch t.Kind {
		case classify.TokID, classify.TokPath, classify.TokURL, classify.TokVersion, classify.TokHash, classify.TokPort, classify.TokCode, classify.TokFlag:
			return true
		}
	}
	return false
}

func answersQuestion(r *rule.Round, i int) bool { return r.AnswersQuestion(i) }

// superseded: later in the round, a hypothesis was settled, a question answered, or
// open work done, on the same subject.
func superseded(r *rule.Round, i int) bool {
	f := &r.Src[i]
	switch {
	case f.Act == classify.ActFailure && classify.ToolSide(f):
		return transientDiagnostic(r, i)
	case f.Status.Epistemic == classify.StatusHypothesis && f.Origin != classify.OriginUser:
		return len(r.Later(i, func(g *classify.Fact) bool {
			return g.Status.Epistemic == classify.StatusEstablished
		})) > 0 || r.ConfirmedLater(i) || r.SettledBack(i) || r.Approved(i) // (the user said yes to it)
	case f.Act == classify.ActQuestion && f.Origin != classify.OriginUser:
		return r.Approved(i) || r.WorkedOn(i) || len(r.Later(i, func(g *classify.Fact) bool { return g.Origin == classify.OriginUser })) > 0
	case f.Plan && !f.Modality.Negative && !f.Negated && r.EditedLater(i):
		return true // a plan's step whose code the agent then edited: done (a "don't" stays)
	case f.Status.Resolution == classify.StatusOpen && f.Act != classify.ActRule:
		return openDone(r, i)
	case f.Origin == classify.OriginUser:
		return userSettled(r, i)
	}
	return false
}

// openDone: open work a later fact reports resolved, that a later edit naming its
// code carried out (the agent's "need to drop `retryBudget`", then the edit), or the
// agent's "some tests still fail" overtaken by a clean run.
func openDone(r *rule.Round, i int) bool {
	f := &r.Src[i]
	return len(r.Later(i, func(g *classify.Fact) bool { return g.Status.Resolution == classify.StatusResolved })) > 0 ||
		f.Origin != classify.OriginUser && r.EditedLater(i) ||
		r.TestsPassedLater(i)
}

// userSettled: the user's question the assistant then answered, or the user's one-off
// request the assistant then carried out (its limits still hold).
func userSettled(r *rule.Round, i int) bool {
	f := &r.Src[i]
	switch {
	case f.Act == classify.ActQuestion:
		return len(r.Later(i, func(g *classify.Fact) bool {
			return g.Origin == classify.OriginAssistant && g.Act != classify.ActQuestion && g.Act != classify.ActChatter
		})) > 0
	case (f.Act == classify.ActRequest || oneOffOrder(f)) && !constrained(f):
		return len(r.Later(i, func(g *classify.Fact) bool {
			return (g.Origin == classify.OriginAssistant || g.Origin == classify.OriginTool) && (g.Status.Resolution == classify.StatusResolved || carriedOut(g))
		})) > 0
	}
	return false
}

// transientDiagnostic: a compiler's or linter's diagnostic at a place in the code
// ("pkg/tree.go:42:24: cannot use …") that the round never reports again, though
// tools ran after it: the code it pointed at was changed and the error went away. A
// diagnostic that recurs is the failure worth keeping; one fixed on the spot is not.
func transientDiagnostic(r *rule.Round, i int) bool {
	loc := diagnosticAt.FindString(r.Src[i].Text)
	if loc == "" {
		return false
	}
	p := r.Pos[i]
	if n := len(r.EvPos); n == 0 || r.EvPos[n-1] <= p {
		return false // nothing ran after it
	}
	if r.Text != nil && len(r.Text.Lookup([]byte(strings.ToLower(loc)), 2)) < 2 {
		return true // the place is named once in the whole round: here
	}
	ranAfter := false
	for k := range r.Ev {
		if r.EvPos[k] <= p {
			continue
		}
		ranAfter = true
		if strings.Contains(r.Ev[k].Text, loc) {
			return false
		}
	}
	for j := range r.Src {
		if r.Pos[j] > p && strings.Contains(r.Src[j].Text, loc) {
			return false
		}
	}
	return ranAfter
}

// diagnosticAt matches the place a diagnostic opens with: a source file, a line and
// a column ("cmd/list/tree.go:42:24:"); the column tells a compiler's or linter's
// diagnostic from a test's "file_test.go:427:" assertion line.
var diagnosticAt = regexp.MustCompile(`^\S+\.[A-Za-z]{1,5}:\d+:\d+:`)

// oneOffOrder: an order to do one thing now ("create a draft PR please", "run the
// suite"), not a standing rule (never, always, must): once done, it is done.
func oneOffOrder(f *classify.Fact) bool {
	return f.Act == classify.ActRule && !f.Modality.Negative && (f.Modality.Cue == "imperative" || f.Modality.Cue == "please")
}

// carriedOut: the fact reports an action done (created, updated, ran, switched ...).
func carriedOut(g *classify.Fact) bool {
	for _, h := range lexicon.Default().Find(g.Text) {
		if h.Category == "event" || h.Category == "consequential" {
			return true
		}
	}
	return false
}

// artifact: the fact reports an action with consequences on a named thing (a pull
// request opened at a URL, a commit pushed, an issue filed).
func artifact(f *classify.Fact) bool {
	named := false
	for _, t := range f.Tokens {
		if t.Kind == classify.TokURL || t.Kind == classify.TokHash || t.Kind == classify.TokID && strings.Contains(t.Norm, "#") {
			named = true
		}
	}
	if !named {
		return false
	}
	for _, h := range lexicon.Default().Find(f.Text) {
		if h.Category == "consequential" || h.Category == "event" && (h.Phrase == "created" || h.Phrase == "opened" || h.Phrase == "filed" || h.Phrase == "committed") {
			return true
		}
	}
	return false
}

// shellSlip: the shell's own complaint about the agent's command line ("zsh: command
// not found: grep", "(eval):cd:1: not a directory: cmd/x"): a slip of the
// invocation, retried at once, not a failure of the work.
func shellSlip(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	shell := false
	for _, p := range []string{"zsh:", "bash:", "sh:", "/bin/sh:", "/bin/bash:", "fish:", "(eval):"} {
		shell = shell || strings.HasPrefix(t, p)
	}
	if !shell {
		return false
	}
	for _, m := range []string{"command not found", "no such file", "parse error", "syntax error", "not a directory", "unmatched"} {
		if strings.Contains(t, m) {
			return true
		}
	}
	return false
}

// specificFailure: the failure message names what failed (a value, a path, a quoted
// name) and says more than that something failed.
func specificFailure(f *classify.Fact) bool {
	if wordCount(f.Text) < 5 {
		return false
	}
	for _, t := range f.Tokens {
		switch t.Kind {
		case classify.TokPath, classify.TokID, classify.TokCode, classify.TokURL, classify.TokFlag, classify.TokNumber, classify.TokCount:
			return true
		}
	}
	return strings.ContainsAny(f.Text, "\"'`")
}

// echoes counts, per source fact, the facts of other messages that restate it.
func echoes(r *rule.Round, workers int) []int {
	out := make([]int, len(r.Src))
	as := align.Forks(align.New(Align, nil, r.Src), shares(len(r.Src), workers))
	forEach(len(r.Src), workers, func(w, i int) {
		if r.Src[i].Act == classify.ActChatter || len(r.Src[i].Words) < 3 {
			return
		}
		// (the matches of a.Candidates(&r.Src[i], 8) that restate it, found through the index)
		out[i] = len(as[w].TopMatching(&r.Src[i], 8, 0.6, 0.5, func(j int) bool { return j != i && r.Src[j].Message != r.Src[i].Message }))
	})
	return out
}

// optionItem: a line of a list of options ("(a) ...", "B. ...", "Option 2: ...").
func optionItem(text string) bool {
	t := strings.TrimLeft(text, "*_ ")
	if len(t) >= 3 && (t[0] == '(' && t[2] == ')' || t[1] == ')' || t[1] == '.' && t[0] >= 'A' && t[0] <= 'E') {
		return t[0] == '(' || t[0] >= 'a' && t[0] <= 'e' || t[0] >= 'A' && t[0] <= 'E' || t[0] >= '1' && t[0] <= '9'
	}
	return strings.HasPrefix(strings.ToLower(t), "option ")
}

// constrained: the request carries limits that outlive doing it (a bound, a figure).
func constrained(f *classify.Fact) bool {
	if len(f.Bounds) > 0 {
		return true
	}
	for _, t := range f.Tokens {
		if classify.Specific(t) {
			return true
		}
	}
	return false
}

// Binding: the fact orders, rules or decides something (what a quote of the user's
// must keep, what stands as the user's rule), rather than asking or remarking.
func Binding(f *classify.Fact) bool {
	switch f.Act {
	case classify.ActRule, classify.ActRequest, classify.ActDecision:
		return true
	}
	return false
}
