package classify

import (
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// A claim's status (epistemic, work, choice) and its bounds ("at most 3", "within 5 minutes").

// statusOf reads the epistemic, work and choice status with their negation scope:
// "not confirmed" is a hypothesis, "not yet fixed" open work, "all but two" partial.
func statusOf(cues cueSet) Status {
	var st Status
	hedged, certain := false, false
	attributive := false                      // the open status came from a label of the thing ("the open question")
	fieldEnd, field := momentField(cues.text) // ("Started: 09:14 UTC": a record's field, its label no status)
	for _, h := range cues.hits {
		neg := cues.negatedAt(h.Start)
		switch h.Category {
		case "hedge":
			if verdictAfter(cues.text, h.End) {
				certain = true // "my hunch was right: …": a verdict on the belief
				continue
			}
			hedged = true
		case "certain":
			if neg {
				hedged = true
			} else {
				certain = true
			}
		case "open", "partial", "done":
			if h.Category == "done" && nounCompound(cues.text, h) || field && h.Start < fieldEnd {
				continue // "the working tree", "a working copy": a thing, not a state of work; "Started: 09:14 UTC", a record's field
			}
			attributive = st.workCue(cues, h, neg, attributive)
		case "failed", "rejected", "chosen", "explored":
			st.choiceCue(cues, h, neg)
		}
	}
	if st.Resolution == "" && notYet(cues) {
		st.Resolution = StatusOpen // "the rate isn't measured yet": what is still to be done
	}
	switch {
	case hedged:
		st.Epistemic = StatusHypothesis
	case certain:
		st.Epistemic = StatusEstablished
	}
	return st
}

// workCue applies a work-status cue h to st; attributive says the open status so far
// came from a label of the thing ("the open question"), and the result says it for
// what follows.
func (st *Status) workCue(cues cueSet, h lexicon.Hit, neg, attributive bool) bool {
	if h.Category == "done" && attributive && !neg && st.Resolution == StatusOpen {
		st.Resolution = "" // "The open question is answered": the thing's label, then its status
	}
	wasSet := st.Resolution != ""
	if h.Category == "open" && neg && !openWhenNegated[strings.ToLower(h.Phrase)] {
		return false // "no shadow branches remaining", "nothing pending": nothing is open
	}
	st.resolutionCue(h.Category, neg)
	if at := statusTag(cues.text, h.Start); h.Category == "done" && at >= 0 && !cues.negatedFrom(at, h.Start) {
		st.Resolution = StatusResolved // "Iterator not closed (already fixed)": the tag is the item's status
	}
	return h.Category == "open" && !wasSet && !neg && attributiveCue(cues.text, h)
}

// openWhenNegated are the open cues whose negation still leaves the work open ("not
// started", "never finished").
var openWhenNegated = map[string]bool{"started": true}

// notYet: a negation with "yet" a few words after it, in one clause ("isn't measured
// yet", "hasn't been rolled out yet"): the thing is still to be done.
func notYet(cues cueSet) bool {
	for _, h := range cues.hits {
		if h.Category != "negation" {
			continue
		}
		rest := cues.text[h.End:]
		if i := strings.IndexAny(rest, ",.;:!?\n"); i >= 0 {
			rest = rest[:i] // ("not warm, yet the hit rate ...": another clause)
		}
		ws := strings.Fields(strings.ToLower(rest))
		for k := 0; k < len(ws) && k < 8; k++ {
			if ws[k] == "yet" {
				return true
			}
		}
	}
	return false
}

// attributiveCue: an open cue used as a label of the noun after it, behind a
// determiner ("the open question", "an open ticket"), not as the state of the claim.
func attributiveCue(text string, h lexicon.Hit) bool {
	before := strings.Fields(strings.ToLower(text[:h.Start]))
	if len(before) == 0 || !determinerWords[before[len(before)-1]] || h.End >= len(text) || text[h.End] != ' ' {
		return false
	}
	next, _, _ := strings.Cut(strings.TrimLeft(text[h.End:], " "), " ")
	return next != "" && isLetter(next[0])
}

var determinerWords = map[string]bool{"the": true, "an": true, "a": true, "this": true, "that": true, "its": true, "our": true, "their": true}

// nounCompound: a done cue in -ing that modifies the noun after it ("working tree",
// "working directory", "passing grade"): it names a thing and says nothing of the work.
// "working now", "working again", "working on it" are states.
func nounCompound(text string, h lexicon.Hit) bool {
	if !strings.HasSuffix(h.Phrase, "ing") || h.End >= len(text) || text[h.End] != ' ' {
		return false
	}
	next, _, _ := strings.Cut(strings.TrimLeft(text[h.End:], " "), " ")
	next = strings.ToLower(next)
	if next == "" || !isLetter(next[0]) {
		return false
	}
	return compoundHeads[strings.TrimRight(next, ".,;:!?)")]
}

// statusMoment: the text is a field labelled with a status word whose value is a
// moment ("Started: 02 Mar 26 17:29 CET", "Finished: 2026-03-01 12:03"), as a status
// command prints it: when something happened, not a claim or a state of the work.
// ("Deadline: 2026-03-01" is a field too, but no status word labels it.)
func statusMoment(text string, cues cueSet) bool {
	n, ok := momentField(text)
	if !ok {
		return false
	}
	for _, h := range cues.hits {
		if h.Start < n && (h.Category == "open" || h.Category == "done" || h.Category == "partial") {
			return true
		}
	}
	return false
}

// momentField: the text is a field of a one- or two-word label whose value is a
// date or a time of day and nothing else (month, weekday and zone names aside). n is
// where the label ends.
func momentField(text string) (n int, ok bool) {
	i := strings.IndexByte(text, ':')
	if i <= 0 {
		return 0, false
	}
	label := strings.Fields(strings.TrimLeft(text[:i], " \t-*•"))
	if len(label) == 0 || len(label) > 2 || strings.ContainsAny(text[:i], "0123456789`") {
		return 0, false
	}
	rest := text[i+1:]
	ws := strings.Fields(rest)
	if len(ws) == 0 || len(ws) > 6 {
		return 0, false
	}
	for _, w := range ws {
		if !strings.ContainsAny(w, "0123456789") && (len(w) > 4 || strings.ToLower(w) == w) {
			return 0, false // a word, not a month, a weekday or a zone ("Started: the import")
		}
	}
	moment := false
	for _, t := range Values(rest) {
		switch {
		case t.Kind == TokDate || t.Kind == TokTime:
			moment = true
		case t.Kind != TokNumber && t.Kind != TokCount && !(t.Kind == TokID && isNumeric(t.Raw)):
			return 0, false // a name, a path, a version: the field holds more than a moment
		}
	}
	return i, moment
}

// compoundHeads are nouns an -ing status word commonly modifies into a thing's name.
var compoundHeads = map[string]bool{"tree": true, "directory": true, "dir": true, "copy": true, "set": true, "group": true,
	"day": true, "days": true, "hours": true, "memory": true, "branch": true, "grade": true,
	// a belief still being held ("working theory", "working guess") or said in passing
	"guess": true, "theory": true, "hypothesis": true, "assumption": true, "idea": true, "draft": true, "title": true,
	"mention": true, "remark": true, "thought": true, "reference": true}

// statusTag: the cue at offset at stands in a short tag that closes the text, after a
// parenthesis, a bracket or a dash ("… (already fixed)", "… - resolved", "… — done"):
// a list item's status, given after what the item is about. It returns where the tag
// starts (-1 when the cue is in none).
func statusTag(text string, at int) int {
	open := max(strings.LastIndexAny(text[:at], "(["), strings.LastIndex(text[:at], " - "), strings.LastIndex(text[:at], "—"))
	if open <= 0 {
		return -1
	}
	tag := text[open:]
	if len(strings.Fields(tag)) > 6 {
		return -1
	}
	if closeAt := strings.IndexAny(tag, ")]"); closeAt >= 0 && strings.Trim(tag[closeAt:], ")]. *") != "" {
		return -1
	}
	return open
}

// resolutionCue applies a work-status cue (open, partial, done) to st.
func (st *Status) resolutionCue(cat string, neg bool) {
	switch cat {
	case "open":
		st.Resolution = StatusOpen
	case "partial":
		if st.Resolution == "" {
			st.Resolution = "partial"
		}
	case "done":
		switch {
		case neg:
			st.Resolution = StatusOpen
		case st.Resolution == "":
			st.Resolution = StatusResolved
		}
	}
}

// potentialFailure: the failure cue h follows, in its clause, a word that makes it a
// way things can fail (the lexicon's potential category: "causes a panic", "may
// fail", "panics when the map is empty"), a defect described, not an attempt that
// failed. A past "caused" or "failed" is no such word.
func potentialFailure(cues cueSet, h lexicon.Hit) bool {
	cue := strings.ToLower(cues.text[h.Start:h.End])
	past, present := strings.HasSuffix(cue, "ed"), strings.HasSuffix(cue, "s") && !strings.HasSuffix(cue, "ss")
	for _, q := range cues.hits {
		if q.Category != "potential" {
			continue
		}
		w := strings.ToLower(q.Phrase)
		when := w == "when" || w == "whenever"
		switch {
		case q.End <= h.Start && !strings.ContainsAny(cues.text[q.End:h.Start], ",.;:!?()\n"):
			if !(past && when) { // "when we deployed it crashed": a time, and the crash happened
				return true
			}
		case q.Start >= h.End && when && present && !strings.ContainsAny(cues.text[h.End:q.Start], ",.;:!?()\n"):
			return true // "the parser panics when the header is empty": what it does
		}
	}
	return false
}

// failureOrdered: the failure cue is a bare verb that opens its clause or follows a
// modal or a first person ("abort the auto-apply", "then abort", "we abort the
// rollout if the canary drops", "should fail the build"): an order or a plan to stop
// something, not a failure that happened. "The tests fail on CI" reports one.
func failureOrdered(text string, h lexicon.Hit) bool {
	if !bareFailureVerb[strings.ToLower(text[h.Start:h.End])] {
		return false
	}
	before := strings.TrimRight(text[:h.Start], " *_")
	if before == "" || strings.HasSuffix(before, ",") || strings.HasSuffix(before, ":") || strings.HasSuffix(before, ";") || strings.HasSuffix(before, ".") {
		return true
	}
	ws := strings.Fields(strings.ToLower(before))
	return orderLead[strings.Trim(ws[len(ws)-1], "\"'(")]
}

// failureTopic: the failure cue is a noun that a preposition of topic governs, with
// at most one word between ("these issues are about silent failures", "a note
// regarding build errors"): what something is about, not a failure that happened.
func failureTopic(text string, h lexicon.Hit) bool {
	if p := strings.ToLower(text[h.Start:h.End]); p != "failure" && p != "failures" && p != "errors" && p != "crashes" {
		return false
	}
	ws := strings.Fields(strings.ToLower(text[:h.Start]))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-2; k-- {
		switch strings.Trim(ws[k], ",;:()\"'") {
		case "about", "regarding", "concerning":
			return true
		}
	}
	return false
}

// bareFailureVerb: the failure cues that, bare, can be ordered.
var bareFailureVerb = map[string]bool{"abort": true, "fail": true, "crash": true, "break": true, "panic": true}

// orderLead: the words after which a bare verb is ordered or planned, not reported.
var orderLead = map[string]bool{"then": true, "and": true, "or": true, "should": true, "must": true, "will": true, "would": true,
	"shall": true, "we": true, "i": true, "please": true, "just": true, "we'll": true, "i'll": true, "let's": true}

// foretold: the failure cue h comes at most foretoldWords words after an expectation
// cue in its sentence ("**Expected:** FAILS", "should fail until the fix lands"): an
// outcome foretold (a test written to fail first, a plan's prediction), not a failure
// that happened. A comma or full stop between them ends the expectation's reach.
func foretold(cues cueSet, h lexicon.Hit) bool {
	for _, q := range cues.hits {
		if q.Category != "expectation" || q.End > h.Start {
			continue
		}
		between := cues.text[q.End:h.Start]
		if !strings.ContainsAny(between, ",.;!?\n") && len(strings.Fields(strings.Trim(between, " :*_"))) <= foretoldWords {
			return true
		}
	}
	return false
}

// foretoldWords: how far an expectation reaches to the failure it foretells.
const foretoldWords = 3

// choiceCue applies a choice cue (failed, rejected, chosen, explored) h to st.
func (st *Status) choiceCue(cues cueSet, h lexicon.Hit, neg bool) {
	switch h.Category {
	case "failed":
		if !neg && !failureNoun[h.Phrase] && !zeroBefore(cues.text, h.Start) && !inFavourOf(cues.text, h.End) && !conditional(cues.text, cues.hits, h) && !potentialFailure(cues, h) && !foretold(cues, h) && !failureOrdered(cues.text, h) && !failureTopic(cues.text, h) {
			st.Choice = StatusTriedFailed
		}
	case "rejected":
		if !neg && st.Choice == "" {
			st.Choice = StatusRejected
		}
	case "chosen":
		switch {
		case passiveParticiple(cues.text, h.End):
			// "files picked in the Picker": a description, not a choice
		case st.Choice != "":
			// the first choice cue is the claim's own ("settled on X: it won't be
			// approved" chose X); a later one belongs to a reason
		case neg:
			st.Choice = StatusRejected
		default:
			st.Choice = StatusChosen
		}
	case "explored":
		if st.Choice == "" {
			st.Choice = StatusConsidered
		}
	}
}

// boundsOf reads the typed qualifiers: each qualifier cue with the clause it governs
// (to the next clause mark) and the values inside that clause.
// comparativePreposition are bound cues that are prepositions too: they bound only the
// quantity right after them ("under 200 ms", "over ~3 hours", "within 30 days").
var comparativePreposition = map[string]bool{"under": true, "over": true, "above": true, "below": true, "within": true, "min": true, "max": true}

// quantityAfter: a value token starts within the two words after i (an article or "~"
// may stand between).
func quantityAfter(text string, i int, toks []Token) bool {
	rest := text[i:]
	ws := strings.Fields(rest)
	limit := len(text)
	if len(ws) > 2 {
		limit = i + strings.Index(rest, ws[2])
	}
	for _, t := range toks {
		if t.Start >= i && t.Start <= limit {
			return true
		}
	}
	return false
}

// boundCue: the qualifier cue bounds something; a preposition that bounds only a
// quantity needs one right after it ("under secret/", "over a month" bound nothing).
func boundCue(text string, h lexicon.Hit, toks []Token) bool {
	if rest := strings.TrimLeft(text[h.End:], " *_`"); rest != "" && strings.ContainsRune("]):", rune(rest[0])) {
		return false // a tag ("[pending]", "(only)", "Until:") limits nothing: no clause follows it
	}
	kind := h.Attr("kind")
	if (kind == "atmost" || kind == "atleast") && comparativePreposition[strings.ToLower(h.Phrase)] {
		return quantityAfter(text, h.End, toks)
	}
	if strings.EqualFold(h.Phrase, "once") && countAdverb(text, h) {
		return false
	}
	if strings.EqualFold(h.Phrase, "just") {
		// "just the staging bucket", "just one retry" limit; "just fix it", "I just
		// ran it" are a softener and a time adverb
		next := wordsAfter(text, h.End, 1)
		if len(next) == 0 {
			return false
		}
		w := next[0]
		return limitingDeterminer[w] || w != "" && isDigit(w[0])
	}
	return true
}

// countAdverb: "once" counts how often ("once every 20 minutes", "once a week", "more
// than once", "at once") rather than opening a time clause ("once the build is green",
// "once a new one is created").
func countAdverb(text string, h lexicon.Hit) bool {
	if next := wordsAfter(text, h.End, 2); len(next) > 0 {
		switch w := next[0]; {
		case frequencyAfterOnce[w]:
			return true
		case (w == "a" || w == "an") && len(next) > 1:
			return timeUnitWord[strings.TrimSuffix(next[1], "s")]
		}
	}
	return frequencyBeforeOnce[wordBefore(text, h.Start)]
}

// wordPunct is what wordsAfter and wordBefore trim off a word.
const wordPunct = ",.;:!?\"'`*()"

// wordsAfter are the first n words of text from offset i, lower-cased and trimmed of
// punctuation, read without splitting the rest of the text.
func wordsAfter(text string, i, n int) []string {
	var out []string
	rest := text[i:]
	for len(out) < n {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		out = append(out, strings.Trim(strings.ToLower(rest[:end]), wordPunct))
		rest = rest[end:]
	}
	return out
}

// wordBefore is the word that ends before offset i, lower-cased and trimmed ("" when none).
func wordBefore(text string, i int) string {
	t := strings.TrimRightFunc(text[:i], unicode.IsSpace)
	return strings.Trim(strings.ToLower(t[strings.LastIndexFunc(t, unicode.IsSpace)+1:]), wordPunct)
}

var (
	frequencyAfterOnce  = map[string]bool{"every": true, "per": true, "each": true, "more": true, "again": true, "or": true, "daily": true, "weekly": true, "nightly": true, "hourly": true, "monthly": true}
	frequencyBeforeOnce = map[string]bool{"at": true, "than": true, "only": true, "just": true, "exactly": true, "all": true}
	timeUnitWord        = map[string]bool{"second": true, "minute": true, "hour": true, "day": true, "night": true, "week": true, "fortnight": true, "month": true, "quarter": true, "year": true, "sprint": true, "shift": true}
)

// limitingDeterminer: words that open the phrase a focus word limits.
var limitingDeterminer = map[string]bool{"the": true, "one": true, "a": true, "an": true, "this": true, "that": true, "these": true, "those": true, "for": true, "on": true, "in": true, "two": true, "three": true}

func boundsOf(text string, cues cueSet, toks []Token) []Bound {
	var out []Bound
	qs := cues.of("qualifier")
	for k, h := range qs {
		if !boundCue(text, h, toks) || insideLonger(qs, k) {
			continue
		}
		kind := h.Attr("kind")
		if kind == "if" || kind == "scope" && h.Phrase == "per" {
			if !strings.ContainsAny(text, ",:") && kind == "if" {
				continue
			}
		}
		end := clauseEnd(text, h.End)
		for _, n := range qs {
			if n.Start > h.End+1 && n.Start < end && boundCue(text, n, toks) {
				end = n.Start // the next bound opens its own clause ("over 80 runs | up to May 2")
			}
		}
		b := Bound{Kind: kind, Cue: text[h.Start:h.End], Clause: strings.TrimSpace(text[h.Start:end])}
		for _, t := range toks {
			if t.Start >= h.Start && t.Start < end {
				// a value that starts in the clause is its own ("up to February 2, 2026")
				b.Values = append(b.Values, t.Norm)
			}
		}
		if kind == "only" && b.Clause == b.Cue {
			continue
		}
		out = append(out, b)
	}
	return out
}

// insideLonger: qualifier cue k lies within a longer one ("before" in "not before",
// "most" in "at most"): the longer cue is the bound.
func insideLonger(qs []lexicon.Hit, k int) bool {
	h := qs[k]
	for j, o := range qs {
		if j != k && o.Start <= h.Start && o.End >= h.End && o.End-o.Start > h.End-h.Start {
			return true
		}
	}
	return false
}

// clauseEnd is where the clause that starts at i ends.
func clauseEnd(text string, i int) int {
	for j := i; j < len(text); j++ {
		switch text[j] {
		case ',', ';', '(', ')', '\n':
			return j
		case '.', '!', '?':
			if j+1 >= len(text) || text[j+1] == ' ' || text[j+1] == '\n' {
				return j
			}
		}
	}
	return len(text)
}
