package judge

import (
	"math"
	"strings"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// The importance model reads these features of a source fact: who said it, what it
// does, what it holds, and what the round did with it afterwards. None reads the
// fact's wording; weights.go holds the weights fitted on labelled rounds (see
// audit/judge/fit).
var FeatureNames = []string{
	"bias",
	"origin:user", "origin:assistant", "origin:thinking", "origin:tool_error", "origin:tool", "origin:document", "origin:instruction", "origin:summary",
	"act:rule", "act:request", "act:decision", "act:question", "act:failure", "act:finding", "act:plan", "act:report",
	"sec:intent", "sec:user_messages", "sec:pending", "sec:errors", "sec:problems", "sec:concepts", "sec:files", "sec:current", "sec:next", "sec:analysis", "sec:rules", "sec:decisions",
	"words:log", "words:short", "msg_words:log", "first_in_message",
	"emphasis", "identifier", "url_or_hash", "path", "code_span", "number",
	"modality", "prohibition", "negated",
	"open", "resolved", "hypothesis", "established", "chosen", "rejected", "failed",
	"echo", "position", "late", "answers_question", "table_row", "superseded", "credited_user", "third_party", "artifact", "specific_failure", "code",
	"resurfaced_user", "resurfaced_assistant",
}

// featureIndex maps a feature name to its slot.
var featureIndex = func() map[string]int {
	m := map[string]int{}
	for i, n := range FeatureNames {
		m[n] = i
	}
	return m
}()

// tokenFeature names the feature each token kind sets.
var tokenFeature = map[string]string{
	classify.TokID: "identifier", classify.TokVersion: "identifier", classify.TokPort: "identifier",
	classify.TokFlag: "identifier", classify.TokHost: "identifier",
	classify.TokURL: "url_or_hash", classify.TokHash: "url_or_hash",
	classify.TokPath:   "path",
	classify.TokCode:   "code_span",
	classify.TokNumber: "number", classify.TokCount: "number", classify.TokDuration: "number",
	classify.TokSize: "number", classify.TokPercent: "number", classify.TokMoney: "number",
	classify.TokDate: "number", classify.TokTime: "number",
}

// Status features, one table per axis of a fact's status.
var (
	resolutionFeature = map[string]string{classify.StatusOpen: "open", "partial": "open", classify.StatusResolved: "resolved"}
	epistemicFeature  = map[string]string{classify.StatusHypothesis: "hypothesis", classify.StatusEstablished: "established"}
	choiceFeature     = map[string]string{classify.StatusChosen: "chosen", classify.StatusRejected: "rejected", classify.StatusTriedFailed: "failed"}
	thirdParty        = map[string]bool{"person": true, "team": true, "doc": true, "ci": true, "vendor": true}
)

// featureSetter sets one named feature of a feature vector.
type featureSetter func(name string, v float64)

// flag sets name to 1 when cond holds.
func (set featureSetter) flag(name string, cond bool) {
	if cond {
		set(name, 1)
	}
}

// lookup sets the feature table names for key, if any.
func (set featureSetter) lookup(table map[string]string, key string) {
	if name, ok := table[key]; ok {
		set(name, 1)
	}
}

// Features are the importance features of source fact i.
func Features(r *rule.Round, i int, ctx *roundContext) []float64 {
	f := &r.Src[i]
	x := make([]float64, len(FeatureNames))
	set := featureSetter(func(name string, v float64) {
		if k, ok := featureIndex[name]; ok {
			x[k] = v
		}
	})
	words := len(strings.Fields(f.Text))
	shapeFeatures(set, r, i, ctx, words)
	for _, t := range f.Tokens {
		set.lookup(tokenFeature, t.Kind)
	}
	statusFeatures(set, f)
	positionFeatures(set, r, i, ctx)
	kindFeatures(set, r, i, ctx, words)
	set("resurfaced_user", ctx.resurfacedUser[i])
	set("resurfaced_assistant", ctx.resurfacedAssistant[i])
	return x
}

// shapeFeatures are where fact i comes from and how long and emphatic it is.
func shapeFeatures(set featureSetter, r *rule.Round, i int, ctx *roundContext, words int) {
	f := &r.Src[i]
	set("bias", 1)
	set("origin:"+f.Origin, 1)
	set("act:"+string(f.Act), 1)
	set.flag("sec:"+f.Section, f.Origin == classify.OriginSummary && f.Section != "")
	set("words:log", math.Log1p(float64(words)))
	set.flag("words:short", words <= wordsShort)
	set("msg_words:log", math.Log1p(float64(ctx.msgWords[f.Message])))
	set.flag("first_in_message", ctx.firstInMessage[i])
	set("emphasis", math.Min(3, float64(f.Emphasis)))
}

// statusFeatures are fact f's modality, negation and status.
func statusFeatures(set featureSetter, f *classify.Fact) {
	set("modality", float64(f.Modality.Level)/4)
	set.flag("prohibition", f.Modality.Negative && f.Modality.Level >= 3)
	set.flag("negated", f.Negated)
	set.lookup(resolutionFeature, f.Status.Resolution)
	set.lookup(epistemicFeature, f.Status.Epistemic)
	set.lookup(choiceFeature, f.Status.Choice)
}

// positionFeatures are how often and where in the session fact i appears.
func positionFeatures(set featureSetter, r *rule.Round, i int, ctx *roundContext) {
	set("echo", math.Min(3, float64(ctx.echo[i])))
	if ctx.lastPos > 0 {
		set("position", float64(r.Pos[i])/float64(ctx.lastPos))
	}
	set.flag("late", r.Pos[i] > ctx.lastPos-lastMessages)
}

// kindFeatures say what sort of fact i is: an answer, a table row, an artifact...
func kindFeatures(set featureSetter, r *rule.Round, i int, ctx *roundContext, words int) {
	f := &r.Src[i]
	set.flag("answers_question", f.Origin == classify.OriginUser && words <= wordsShort+2 && answersQuestion(r, i))
	set.flag("table_row", strings.HasPrefix(strings.TrimSpace(f.Text), "|"))
	set.flag("superseded", ctx.superseded[i])
	set.flag("credited_user", f.Origin != classify.OriginUser && f.Provenance.Source == "user")
	set.flag("third_party", thirdParty[f.Provenance.Source])
	set.flag("artifact", (f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking) && artifact(f))
	set.flag("specific_failure", f.Act == classify.ActFailure && specificFailure(f))
	set.flag("code", f.Code)
}

// roundContext holds what the features need of the whole round, computed once.
type roundContext struct { //nolint:revive // returned by NewContext for the fitting tool
	lastPos        int
	echo           []int
	superseded     []bool
	msgWords       map[string]int
	firstInMessage []bool
	// resurfaced*: how much of the fact comes up again after the compaction, in the
	// user's words (they had to say it again) or the assistant's (it had to find it again).
	resurfacedUser, resurfacedAssistant []float64
}

// NewContext computes the round-wide parts of the features (for the fitting tool).
func NewContext(r *rule.Round) *roundContext { return newContext(r, 1) }

func newContext(r *rule.Round, workers int) *roundContext {
	c := &roundContext{echo: echoes(r, workers), superseded: make([]bool, len(r.Src)), msgWords: map[string]int{}, firstInMessage: make([]bool, len(r.Src))}
	seen := map[string]bool{}
	for i := range r.Src {
		c.lastPos = max(c.lastPos, r.Pos[i])
		f := &r.Src[i]
		c.msgWords[f.Message] += len(strings.Fields(f.Text))
		if !seen[f.Message] {
			seen[f.Message] = true
			c.firstInMessage[i] = true
		}
	}
	forEach(len(r.Src), workers, func(_, i int) { c.superseded[i] = superseded(r, i) })
	c.resurfacedUser, c.resurfacedAssistant = resurfaced(r)
	return c
}

// AfterWindow caps how many facts after the compaction are read.
const AfterWindow = 1500

// resurfaced: per source fact, the best share of its terms that one fact after the
// compaction holds, split by who said it then.
func resurfaced(r *rule.Round) ([]float64, []float64) {
	u, a := make([]float64, len(r.Src)), make([]float64, len(r.Src))
	if len(r.After) == 0 {
		return u, a
	}
	after := r.After
	if len(after) > AfterWindow {
		after = after[:AfterWindow]
	}
	al := align.New(Align, r.Src, after)
	for i := range r.Src {
		if len(r.Src[i].Words) < 3 || r.Src[i].Act == classify.ActChatter {
			continue
		}
		for _, m := range al.Candidates(&r.Src[i], 6) {
			g := &after[m.Fact]
			v := 0.0
			if m.Cover >= 0.5 {
				v = m.Cover
			}
			switch g.Origin {
			case classify.OriginUser:
				u[i] = math.Max(u[i], v)
			case classify.OriginAssistant, classify.OriginThinking:
				a[i] = math.Max(a[i], v)
			}
		}
	}
	return u, a
}

// Model is a fitted importance model: the log-odds weights of FeatureNames.
type Model struct {
	Weights []float64
}

// Score is the model's importance for a feature vector (0..1).
func (m Model) Score(x []float64) float64 {
	z := 0.0
	for k, v := range x {
		if k < len(m.Weights) {
			z += m.Weights[k] * v
		}
	}
	return 1 / (1 + math.Exp(-z))
}
