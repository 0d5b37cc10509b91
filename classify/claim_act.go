package classify

import (
	"strings"
)

// actOf decides what a fact does in the conversation.
func actOf(f *Fact, cues cueSet) Act {
	text := strings.TrimSpace(f.Text)
	if a, ok := formAct(f, cues, text); ok {
		return a
	}
	return intentAct(f, cues, text)
}

// AssistantSide: the fact is the assistant's, in its reply or its reasoning.
func AssistantSide(f *Fact) bool { return f.Origin == OriginAssistant || f.Origin == OriginThinking }

// ToolSide: the fact is a tool's output, an error result included.
func ToolSide(f *Fact) bool { return f.Origin == OriginTool || f.Origin == OriginToolError }

// formAct decides the acts a fact's form settles before its intent counts: code, a
// tool error, a question, chatter, a failed attempt. ok is false when none applies.
func formAct(f *Fact, cues cueSet, text string) (Act, bool) {
	switch {
	case f.Code:
		return ActReport, true
	case f.Origin == OriginToolError:
		return ActFailure, true
	case asks(text) && !politeOrder(f, cues) || startsWith(cues, "question"):
		return ActQuestion, true
	case AssistantSide(f) && (chatterFact(f, cues) || processOpener(text) && !readingStated(f, text)):
		return ActChatter, true
	case f.Origin == OriginUser && acknowledgement(f):
		return ActChatter, true
	case !f.Code && statusMoment(text, cues):
		return ActChatter, true // "Started: 02 Mar 26 17:29 CET": a record's field
	case f.Origin == OriginSummary && summarizerTalk(f):
		return ActChatter, true
	case f.Status.Choice == StatusTriedFailed && !f.Negated && !(AssistantSide(f) && f.Status.Epistemic == StatusHypothesis):
		// (the agent supposing something failed is a hypothesis, not a failure record)
		return ActFailure, true
	}
	return "", false
}

// intentAct decides what a fact that states something means to do: a rule, a
// decision, a request, a plan, a finding or a report.
func intentAct(f *Fact, cues cueSet, text string) Act {
	ruleSource := f.Origin == OriginUser || f.Origin == OriginInstruction || f.Origin == OriginDocument || f.Origin == OriginSummary
	switch {
	case f.Modality.Level >= 2 && f.Modality.Cue != "imperative" && (ruleSource || thirdPartyRule(f)):
		return ActRule
	case (f.Status.Choice == StatusChosen || f.Status.Choice == StatusRejected) && !(AssistantSide(f) && f.Status.Epistemic == StatusHypothesis):
		// (the agent's guess, "often the cable rather than the disk", decides nothing)
		return ActDecision
	case f.Origin == OriginUser && (f.Modality.Cue == "imperative" || cues.has("request")):
		return ActRequest
	case f.Modality.Cue == "imperative" && ruleSource:
		return ActRequest
	case AssistantSide(f) && planFact(text):
		return ActPlan
	case AssistantSide(f) && len(f.Subjects) > 0:
		return ActFinding
	}
	return ActReport
}

func startsWith(cues cueSet, cat string) bool {
	h, ok := cues.first(cat)
	return ok && strings.TrimSpace(cues.text[:h.Start]) == ""
}

// chatterFact: process talk (Let me read the file first; Perfect!; Now I'll run the
// tests) that states nothing about the work: it opens with a chatter cue or is a short
// acknowledgement, and carries no failure, hedge, value or rule.
func chatterFact(f *Fact, cues cueSet) bool {
	ws := strings.Fields(f.Text)
	opener := startsWith(cues, "chatter")
	if !opener && len(ws) > 3 {
		return false
	}
	if f.Status.Choice == StatusTriedFailed || f.Status.Epistemic != "" || f.Emphasis > 1 {
		return false
	}
	if opener && len(ws) > 8 && (f.Status.Choice == StatusChosen || f.Status.Choice == StatusRejected) {
		return false // "I should keep X rather than Y": a choice, whatever it opens with
	}
	if f.Negated && len(ws) > 6 {
		return false // "Now I see the problem: X never runs" states a finding
	}
	if strings.Contains(f.Text, ": ") && len(ws) > 8 {
		return false // an opener followed by content ("I see: the cache is ...")
	}
	for _, t := range f.Tokens {
		switch t.Kind {
		case TokNumber, TokCount, TokDuration, TokSize, TokPercent, TokMoney, TokVersion, TokHash, TokDate, TokTime, TokURL:
			return false
		}
	}
	return len(ws) <= 25
}

// acknowledgement: the user's short go-ahead or thanks ("OK.", "Go ahead and switch.",
// "Thanks, all good for now."), with no value, name or rule of its own.
func acknowledgement(f *Fact) bool {
	low := strings.ToLower(strings.TrimSpace(f.Text))
	if len(strings.Fields(low)) > 8 || f.Modality.Level > 0 && f.Modality.Cue != "imperative" || f.Negated {
		return false
	}
	for _, t := range f.Tokens {
		if t.Kind != TokCount && t.Kind != TokNumber {
			return false
		}
	}
	for _, p := range []string{"ok", "okay", "thanks", "thank you", "great", "good", "fine", "go ahead", "sounds good", "perfect", "yes", "yep", "yeah", "sure", "cool", "nice", "lgtm", "that's it", "that's all", "awesome", "excellent", "done", "right", "alright", "agreed", "looks good", "works"} {
		if strings.HasPrefix(low, p) && (len(low) == len(p) || !isLetter(low[len(p)])) {
			rest := strings.TrimLeft(low[len(p):], " ,.!:;-")
			return rest == "" || len(strings.Fields(rest)) <= 5 && !strings.ContainsAny(rest, "`/")
		}
	}
	return false
}

// processOpener: the assistant announcing its next look ("Let me check the error
// type", "Now I'll read the config"): process, whatever words follow.
func processOpener(text string) bool {
	low := strings.ToLower(strings.TrimLeft(text, "*_ "))
	for _, p := range []string{"let me ", "now let me ", "let's see", "let me also ", "now i'll ", "i'll now ", "i'll check", "i'll look", "i'll read", "i'll start", "i need to check", "i need to look", "i need to read", "i should check", "i should look", "first, let me", "next, let me", "ok, let me", "okay, let me", "good, let me", "great, let me", "now i need to", "let me now", "looking at ", "checking ", "reading ", "running ", "investigating ", "searching ", "now looking", "now checking"} {
		if strings.HasPrefix(low, p) {
			return len(strings.Fields(low)) <= 30
		}
	}
	return false
}

// readingStated: a participle opener followed by a clause that states what the look
// found, with a hedge, a failure or a negation of its own ("Checking the logs, the
// disk seems to fill overnight"; "Reading the schema, the index was never built"):
// the opener frames a reading, not the next step. "Looking at the config now" and
// "Reading the file, then the tests" announce a look and stay process talk.
func readingStated(f *Fact, text string) bool {
	if f.Status.Epistemic == "" && f.Status.Choice != StatusTriedFailed && !f.Negated {
		return false
	}
	low := strings.ToLower(strings.TrimLeft(text, "*_ "))
	low = strings.TrimPrefix(low, "now ")
	for _, p := range participleOpeners {
		if !strings.HasPrefix(low, p) {
			continue
		}
		c := strings.Index(low, ", ")
		if c < 0 || len(strings.Fields(low[:c])) > 8 {
			return false
		}
		rest := strings.Fields(low[c+2:])
		return len(rest) >= 5 && rest[0] != "then" && rest[0] != "and"
	}
	return false
}

// participleOpeners open a look in progress ("Looking at the trace, ...").
var participleOpeners = []string{"looking at ", "checking ", "reading ", "running ", "investigating ", "searching ", "looking through ", "going through "}

// summarizerTalk: the summary's writer announcing its own method ("Let me go through
// the conversation in order"), outside the sections that record the agent's next steps.
func summarizerTalk(f *Fact) bool {
	switch f.Section {
	case SecPending, SecCurrent, SecNext:
		return false
	}
	low := strings.ToLower(strings.TrimLeft(f.Text, "*_ "))
	return (strings.HasPrefix(low, "let me ") || strings.HasPrefix(low, "i'll ") || strings.HasPrefix(low, "i will ")) && len(strings.Fields(low)) <= 30
}

func planFact(text string) bool {
	low := strings.ToLower(text)
	for _, p := range []string{"i'll ", "i will ", "next, i", "next i", "then i", "i'm going to", "i am going to", "let me ", "now let", "we'll ", "we will "} {
		if strings.HasPrefix(low, p) {
			return true
		}
	}
	return false
}

// classesOf maps the claim to the information classes reports count.
func classesOf(f *Fact, cues cueSet) []Class {
	var cs classList
	cs.addAct(f)
	if f.Origin == OriginTool || f.Origin == OriginDocument || f.Code {
		cs.add(EvidenceReference)
	}
	if f.Status.Epistemic == StatusHypothesis {
		cs.add(Hypothesis)
	}
	if f.Status.Resolution == StatusOpen || f.Status.Resolution == "partial" {
		cs.add(UnresolvedWork)
	}
	if f.Status.Resolution == StatusResolved {
		cs.add(TaskState)
	}
	if hasIdentifierToken(f) {
		cs.add(Identifier)
	}
	low := strings.ToLower(f.Text)
	if containsWord(low, "because") || containsWord(low, "since") || strings.Contains(low, "so that") || containsWord(low, "reason") {
		cs.add(Rationale)
	}
	if len(cs) == 0 {
		cs.add(Narrative)
	}
	return cs
}

// classList is a list of classes without repeats, in the order first added.
type classList []Class

func (cs *classList) add(c Class) {
	for _, x := range *cs {
		if x == c {
			return
		}
	}
	*cs = append(*cs, c)
}

// addAct adds the class the fact's act implies, if any.
func (cs *classList) addAct(f *Fact) {
	switch f.Act {
	case ActRule:
		if f.Modality.Level >= 3 || f.Modality.Negative {
			cs.add(ExactConstraint)
		} else {
			cs.add(UserPreference)
		}
	case ActRequest:
		cs.add(UserPreference)
	case ActDecision:
		if f.Status.Choice == StatusRejected {
			cs.add(RejectedAlternative)
		} else {
			cs.add(Decision)
		}
	case ActFailure:
		cs.add(FailureHistory)
	}
}

// hasIdentifierToken: the fact holds an id, path, version, hash, URL or port.
func hasIdentifierToken(f *Fact) bool {
	for _, t := range f.Tokens {
		if t.Kind == TokID || t.Kind == TokPath || t.Kind == TokVersion || t.Kind == TokHash || t.Kind == TokURL || t.Kind == TokPort {
			return true
		}
	}
	return false
}

// thirdPartyRule: the assistant relays a rule someone else gave ("the user said never
// X", "the README says Y must"), with the rule in the same fact.
func thirdPartyRule(f *Fact) bool {
	switch f.Provenance.Source {
	case "user", "doc", "team", "person", "ci", "vendor":
		return f.Modality.Level >= 3
	}
	return false
}

// asks: the text ends on a question mark, maybe inside emphasis or before a closing
// aside ("Should we retry? (the job is idempotent)").
func asks(text string) bool {
	t := strings.TrimRight(text, "*_ ")
	if strings.HasSuffix(t, ")") {
		if k := strings.LastIndex(t, "("); k > 0 && strings.HasSuffix(strings.TrimRight(t[:k], "*_ "), "?") {
			return true
		}
	}
	return strings.HasSuffix(strings.TrimRight(t, "*_ )"), "?")
}

// politeOrder: the user's request put as a question ("can we pin the runner image?",
// "could you rerun it with -race, please?"): it asks for the thing done, not for an
// answer, so it binds like any other order.
func politeOrder(f *Fact, cues cueSet) bool {
	return f.Origin == OriginUser && cues.has("request")
}
