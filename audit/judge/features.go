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

// Features are the importance features of source fact i.
func Features(r *rule.Round, i int, ctx *roundContext) []float64 {
	f := &r.Src[i]
	x := make([]float64, len(FeatureNames))
	set := func(name string, v float64) {
		if k, ok := featureIndex[name]; ok {
			x[k] = v
		}
	}
	set("bias", 1)
	set("origin:"+f.Origin, 1)
	set("act:"+string(f.Act), 1)
	if f.Origin == classify.OriginSummary && f.Section != "" {
		set("sec:"+f.Section, 1)
	}
	words := len(strings.Fields(f.Text))
	set("words:log", math.Log1p(float64(words)))
	if words <= wordsShort {
		set("words:short", 1)
	}
	set("msg_words:log", math.Log1p(float64(ctx.msgWords[f.Message])))
	if ctx.firstInMessage[i] {
		set("first_in_message", 1)
	}
	set("emphasis", math.Min(3, float64(f.Emphasis)))
	for _, t := range f.Tokens {
		switch t.Kind {
		case classify.TokID, classify.TokVersion, classify.TokPort, classify.TokFlag, classify.TokHost:
			set("identifier", 1)
		case classify.TokURL, classify.TokHash:
			set("url_or_hash", 1)
		case classify.TokPath:
			set("path", 1)
		case classify.TokCode:
			set("code_span", 1)
		case classify.TokNumber, classify.TokCount, classify.TokDuration, classify.TokSize, classify.TokPercent, classify.TokMoney, classify.TokDate, classify.TokTime:
			set("number", 1)
		}
	}
	set("modality", float64(f.Modality.Level)/4)
	if f.Modality.Negative && f.Modality.Level >= 3 {
		set("prohibition", 1)
	}
	if f.Negated {
		set("negated", 1)
	}
	switch f.Status.Resolution {
	case classify.StatusOpen, "partial":
		set("open", 1)
	case classify.StatusResolved:
		set("resolved", 1)
	}
	switch f.Status.Epistemic {
	case classify.StatusHypothesis:
		set("hypothesis", 1)
	case classify.StatusEstablished:
		set("established", 1)
	}
	switch f.Status.Choice {
	case classify.StatusChosen:
		set("chosen", 1)
	case classify.StatusRejected:
		set("rejected", 1)
	case classify.StatusTriedFailed:
		set("failed", 1)
	}
	set("echo", math.Min(3, float64(ctx.echo[i])))
	if ctx.lastPos > 0 {
		set("position", float64(r.Pos[i])/float64(ctx.lastPos))
	}
	if r.Pos[i] > ctx.lastPos-lastMessages {
		set("late", 1)
	}
	if f.Origin == classify.OriginUser && words <= wordsShort+2 && answersQuestion(r, i) {
		set("answers_question", 1)
	}
	if strings.HasPrefix(strings.TrimSpace(f.Text), "|") {
		set("table_row", 1)
	}
	if ctx.superseded[i] {
		set("superseded", 1)
	}
	if f.Origin != classify.OriginUser && f.Provenance.Source == "user" {
		set("credited_user", 1)
	}
	switch f.Provenance.Source {
	case "person", "team", "doc", "ci", "vendor":
		set("third_party", 1)
	}
	if (f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking) && artifact(f) {
		set("artifact", 1)
	}
	if f.Act == classify.ActFailure && specificFailure(f) {
		set("specific_failure", 1)
	}
	if f.Code {
		set("code", 1)
	}
	set("resurfaced_user", ctx.resurfacedUser[i])
	set("resurfaced_assistant", ctx.resurfacedAssistant[i])
	return x
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
func NewContext(r *rule.Round) *roundContext { return newContext(r) }

func newContext(r *rule.Round) *roundContext {
	c := &roundContext{echo: echoes(r), superseded: make([]bool, len(r.Src)), msgWords: map[string]int{}, firstInMessage: make([]bool, len(r.Src))}
	seen := map[string]bool{}
	for i := range r.Src {
		c.lastPos = max(c.lastPos, r.Pos[i])
		f := &r.Src[i]
		c.msgWords[f.Message] += len(strings.Fields(f.Text))
		if !seen[f.Message] {
			seen[f.Message] = true
			c.firstInMessage[i] = true
		}
		c.superseded[i] = superseded(r, i)
	}
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
