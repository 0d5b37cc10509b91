package classify

import (
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// Summary sections, as Claude Code's nine-section template names them (and the
// headings other compactors use for the same thing).
const (
	SecIntent       = "intent"
	SecConcepts     = "concepts"
	SecFiles        = "files"
	SecErrors       = "errors"
	SecProblems     = "problems"
	SecUserMessages = "user_messages"
	SecPending      = "pending"
	SecCurrent      = "current"
	SecNext         = "next"
	SecAnalysis     = "analysis"
	SecRules        = "rules"
	SecDecisions    = "decisions"
)

// sectionCues maps words of a heading to the section it names (first match wins).
var sectionCues = []struct{ words, section string }{
	{"user message", SecUserMessages},
	{"all user", SecUserMessages},
	{"primary request", SecIntent},
	{"intent", SecIntent},
	{"goal", SecIntent},
	{"objective", SecIntent},
	{"task", SecPending},
	{"pending", SecPending},
	{"todo", SecPending},
	{"open question", SecPending},
	{"remaining", SecPending},
	{"next step", SecNext},
	{"next", SecNext},
	{"current work", SecCurrent},
	{"current state", SecCurrent},
	{"status", SecCurrent},
	{"progress", SecCurrent},
	{"error", SecErrors},
	{"fix", SecErrors},
	{"failure", SecErrors},
	{"problem", SecProblems},
	{"troubleshoot", SecProblems},
	{"finding", SecProblems},
	{"file", SecFiles},
	{"code", SecFiles},
	{"concept", SecConcepts},
	{"technical", SecConcepts},
	{"context", SecConcepts},
	{"rule", SecRules},
	{"constraint", SecRules},
	{"guardrail", SecRules},
	{"requirement", SecRules},
	{"invariant", SecRules},
	{"decision", SecDecisions},
	{"analysis", SecAnalysis},
}

// SectionOf names the summary section a heading opens ("" when it names none).
func SectionOf(heading string) string {
	h := strings.ToLower(heading)
	for _, c := range sectionCues {
		if strings.Contains(h, c.words) {
			return c.section
		}
	}
	return ""
}

// sectionTracker follows a summary's sections through its sub-headings. A heading
// of words only ("Errors and fixes", "<state>", "What was done") opens the
// section it names, or none. A label with numbers or asides ("**Rounding
// Fixes** (commit 4be1f07):", "Found 3 stuck valves:", "Open items
// (two left):") heads a step of the narrative inside the section it sits in, even
// when one of its words names another.
type sectionTracker struct{ cur, ctx string }

func (t *sectionTracker) at(ctx string) string {
	if ctx == t.ctx {
		return t.cur
	}
	t.ctx = ctx
	if t.cur == "" || plainHeading(ctx) {
		t.cur = SectionOf(ctx)
	}
	return t.cur
}

// describedOnly: in a section where a summary describes the system (its concepts,
// its files and code, its analysis), "only" and "exactly" describe what the code
// does ("the importer only reads CSV files from the inbox"), as they do in the
// assistant's own words: no order. A must, a never or an imperative there keeps its
// force, and so does the user's word the summary records.
func describedOnly(f *Fact) {
	switch f.Section {
	case SecConcepts, SecFiles, SecAnalysis:
	default:
		return
	}
	if f.Modality.Cue != "only" && f.Modality.Cue != "exactly" || f.Provenance.Source == "user" {
		return
	}
	f.Modality = Modality{}
	cues := findCues(f.Text)
	f.Act = actOf(f, cues)
	f.Classes = classesOf(f, cues) // (after Act: the classes read it)
}

// plainHeading: a heading of words only ("Errors and fixes", "**Pending Tasks**"),
// no digits, asides or sentence punctuation.
func plainHeading(h string) bool {
	h = strings.Trim(strings.TrimSpace(h), "*_#` ")
	if h == "" || len(strings.Fields(h)) > 6 {
		return false
	}
	for _, r := range h {
		if !(unicode.IsLetter(r) || r == ' ' || r == '&' || r == '/' || r == '-' || r == '\'') {
			return false
		}
	}
	return true
}

// summaryBody is the summary text as facts are taken from it (the whole text: the
// template's boilerplate lines are marked, not cut, so offsets stay).
func summaryBody(text string) string { return text }

// templateLine: a sentence of a compactor's fixed template (the continuation preamble,
// the pointer to the transcript, the instruction to carry on), from the lexicon's
// template section. It is neither a fact to keep nor an addition.
func templateLine(text string) bool {
	low := lexicon.Lower(strings.TrimSpace(text))
	meta, about := false, false
	for _, h := range lexicon.Default().Find(low) {
		switch {
		case h.Category == "template" && h.Start <= 3:
			return true
		case h.Category == "compaction-verb":
			meta = true
		case h.Category == "compaction-object":
			about = true
		}
	}
	// a note about the compaction itself ("earlier messages were trimmed to save
	// context"): the summary describing its own making, not the session
	return meta && about && len(low) < 160
}
