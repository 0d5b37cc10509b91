package classify

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// cueSet is the lexicon hits of one text, by category.
type cueSet struct {
	text string
	hits []lexicon.Hit
}

func findCues(text string) cueSet { return cueSet{text: text, hits: lexicon.Default().Find(text)} }

func (c cueSet) of(cat string) []lexicon.Hit {
	var out []lexicon.Hit
	for _, h := range c.hits {
		if h.Category == cat {
			out = append(out, h)
		}
	}
	return out
}

func (c cueSet) has(cat string) bool {
	for _, h := range c.hits {
		if h.Category == cat {
			return true
		}
	}
	return false
}

// first returns the first hit of cat (ok false when none).
func (c cueSet) first(cat string) (lexicon.Hit, bool) {
	for _, h := range c.hits {
		if h.Category == cat {
			return h, true
		}
	}
	return lexicon.Hit{}, false
}

// negatedAt reports whether a negation governs the cue at [s,e): a negation cue in the
// three words before it, within its clause ("not confirmed", "hasn't been fixed").
func (c cueSet) negatedAt(s int) bool {
	for _, h := range c.hits {
		if h.Category != "negation" || h.End > s {
			continue
		}
		gap := c.text[h.End:s]
		if strings.ContainsAny(gap, ",;:.!?") || len(strings.Fields(gap)) > 3 {
			continue
		}
		return true
	}
	return false
}

// negatedFrom: a negation between offsets from and s governs s (a tag's own "not
// yet", not the description's before it).
func (c cueSet) negatedFrom(from, s int) bool {
	for _, h := range c.hits {
		if h.Category == "negation" && h.Start >= from && h.End <= s {
			return true
		}
	}
	return false
}

// noPrefixed: the fact opens on "No" and a named thing, then a reason or a stop ("No
// drive.readonly: it's restricted", "No `--force`, ever."): that thing is ruled out.
// "No errors", "No, that's fine" name nothing.
func noPrefixed(text string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(text, "*_ "), "No ")
	if !ok {
		return false
	}
	end := strings.IndexAny(rest, ":,;(") // the name runs to where its reason starts
	if end < 0 {
		end = len(strings.TrimRight(rest, ".! "))
	}
	name := strings.TrimSpace(rest[:end])
	if strings.ContainsRune(name, ' ') {
		return false // "No errors so far": a phrase, not a name
	}
	return identifierLike(strings.Trim(name, "`*_"), strings.HasPrefix(name, "`"))
}

// identifierLike: a word that names one specific thing: code in backticks, or a name
// with dots, slashes, underscores or inner capitals (drive.readonly, --force, maxPods).
func identifierLike(w string, quoted bool) bool {
	if len(w) < 2 {
		return false
	}
	if quoted {
		return true
	}
	if strings.ContainsAny(w[1:len(w)-1], "._/") || strings.HasPrefix(w, "--") {
		return true
	}
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// analyze fills the claim slots of f from its text.
func analyze(f *Fact) {
	text := f.Text
	cues := findCues(text)
	f.Modality = deonticOf(text, cues, f.Origin)
	f.Negated = negatedMain(cues, f.Modality)
	f.Status = statusOf(cues)
	if f.Status.Choice == "" && noPrefixed(text) {
		f.Status.Choice = StatusRejected // "No drive.readonly: it's restricted"
	}
	f.Bounds = boundsOf(text, cues, f.Tokens)
	for _, b := range f.Bounds {
		f.Qualifiers = appendOnce(f.Qualifiers, b.Kind)
	}
	f.Provenance = attributionOf(text, cues, f.Role)
	f.Subjects = subjectsOf(text, f.Tokens)
	f.Scopes = scopesOf(text, cues)
	if f.Modality.Cue == "imperative" {
		// the order's force governs its verb, not every word of the fact
		if w := imperativeVerb(text); w != "" {
			f.Scopes = append(f.Scopes, Scope{Kind: "deontic", Cue: "imperative", Force: 4, Head: Stem(w)})
		}
	}
	f.Emphasis = emphasisOf(text)
	f.Act = actOf(f, cues)
	f.Classes = classesOf(f, cues)
}

func appendOnce(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// deonticOf reads the force of a fact: the strongest deontic cue, or an imperative
// opening (a bare verb: "Pin the container to 18.2"; "Don't touch X"). An epistemic
// "must" ("this must be the cache") and a speaker's own plan ("I need to check") carry
// no force.
func deonticOf(text string, cues cueSet, origin string) Modality {
	best := Modality{}
	for _, h := range cues.of("deontic") {
		if noForce(text, h, origin) {
			continue
		}
		lv := h.Int("force")
		neg := h.Attr("sign") == "-"
		if !neg && cues.negatedAt(h.Start) {
			neg = true // "not required", "don't need to": a lifted obligation reads as permission below
			lv = 0
		}
		if lv > best.Level {
			best = Modality{Level: lv, Negative: neg, Cue: text[h.Start:h.End]}
		}
	}
	if best.Level == 0 {
		best = impliedForce(text, origin)
	}
	if p, ok := cues.first("permission"); ok && best.Level <= 2 && !cues.negatedAt(p.Start) {
		best = Modality{Level: 0, Cue: text[p.Start:p.End]}
	}
	return best
}

// noForce: deontic cue h carries no force here: an epistemic "must", the speaker's
// own plan, a question, a description.
func noForce(text string, h lexicon.Hit, origin string) bool {
	if epistemicModal(text, h) || firstPersonPlan(text, h.Start) || inQuestion(text, h.Start) || embeddedQuestion(text, h.Start) {
		return true
	}
	if (h.Phrase == "only" || h.Phrase == "exactly") && (origin == OriginAssistant || origin == OriginThinking || origin == OriginTool || describesNow(text)) {
		return true // "the job only retries once", "it currently logs to stderr only": a description, not an order
	}
	// "these hosts don't need a reboot", "the job never ran": a description
	return h.Attr("at") == "clause" && !clauseInitial(text, h.Start)
}

// impliedForce is the force of a fact without a deontic cue: an imperative opening
// from a source of rules, or a rule label; the zero Modality if neither.
func impliedForce(text, origin string) Modality {
	if origin == OriginUser || origin == OriginInstruction || origin == OriginDocument || origin == OriginSummary {
		if imperativeOpening(text, origin == OriginUser) {
			return Modality{Level: ModMustNot, Cue: "imperative"}
		}
		if origin == OriginUser && bareProhibition(text) {
			return Modality{Level: ModMustNot, Negative: true, Cue: "no"}
		}
	}
	if ruleLabel(text) {
		return Modality{Level: 3, Cue: "label"} // "User rule: every deploy calls the shared workflow"
	}
	return Modality{}
}

// epistemicModal: "must be", "must have", "can't be", "should be fine": a belief, not
// an order ("needs to be configurable" stays a requirement).
func epistemicModal(text string, h lexicon.Hit) bool {
	switch h.Phrase {
	case "must", "should", "cannot", "can't", "could":
	default:
		return false
	}
	rest := strings.ToLower(strings.TrimSpace(text[h.End:]))
	for _, p := range []string{"be ", "be.", "have been", "have ", "mean"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// firstPersonPlan: "I need to check", "we should look at": the speaker's own next step.
func firstPersonPlan(text string, at int) bool {
	before := strings.ToLower(text[:at])
	ws := strings.Fields(before)
	if len(ws) == 0 {
		return false
	}
	last := strings.Trim(ws[len(ws)-1], ",;:")
	if len(ws) >= 2 && (last == "also" || last == "still" || last == "first" || last == "now" || last == "just") {
		last = strings.Trim(ws[len(ws)-2], ",;:")
	}
	return last == "i" || last == "i'll" || last == "let's" || last == "let" || last == "me"
}

func inQuestion(text string, at int) bool {
	end := strings.IndexAny(text[at:], ".!?")
	return end >= 0 && text[at+end] == '?'
}

// embeddedQuestion: the cue sits in a question a verb of weighing embeds ("consider
// if X should also drop its ids", "decide whether the cache must be cleared"): the
// question is put, not the order given. A plain conditional ("if the build breaks
// you must revert") is none.
func embeddedQuestion(text string, at int) bool {
	before := text[:at]
	if i := strings.LastIndexAny(before, ".;:!?(\n,—–\"“"); i >= 0 {
		before = before[i+1:]
	}
	ws := strings.Fields(strings.ToLower(before))
	for k := 1; k < len(ws); k++ {
		if ws[k] == "if" || ws[k] == "whether" {
			if lexicon.Default().IsWord(strings.Trim(ws[k-1], "*_`"), "question-embedding") {
				return true
			}
		}
	}
	return false
}

// clauseInitial: the cue opens its clause, after at most a discourse word ("please",
// "and", "but", "so", "just") or a subject that addresses someone ("you", "we").
func clauseInitial(text string, at int) bool {
	before := text[:at]
	if i := strings.LastIndexAny(before, ".;:!?(\n,—–\"“"); i >= 0 {
		before = before[i+1:]
	}
	ws := strings.Fields(strings.ToLower(before))
	for len(ws) > 0 && leadWords[strings.Trim(ws[0], "*_-•")] {
		ws = ws[1:]
	}
	return len(ws) == 0 || len(ws) == 1 && (ws[0] == "you" || ws[0] == "we" || ws[0] == "-" || ws[0] == "*" || ws[0] == "•")
}

var leadWords = map[string]bool{"please": true, "and": true, "but": true, "so": true, "just": true, "also": true, "then": true, "now": true, "and,": true, "but,": true, "": true,
	"first": true, "finally": true, "again": true, "really": true, "absolutely": true, "simply": true, "ever": true,
	// a reply's opening interjection before its order ("OK, rerun the seeding", "no, keep the old schema")
	"ok": true, "okay": true, "yes": true, "yeah": true, "yep": true, "sure": true, "right": true, "alright": true,
	"great": true, "cool": true, "fine": true, "good": true, "perfect": true, "nice": true, "hmm": true, "well": true,
	"no": true, "nope": true, "actually": true, "thanks": true, "ah": true}

// skipLead drops the discourse words a sentence opens with (leadWords, in any case,
// past markup and punctuation), stopping at keep ("" for none).
func skipLead(ws []string, keep string) []string {
	for len(ws) > 0 {
		w := strings.ToLower(strings.Trim(ws[0], ",:;*_\"'`"))
		if !leadWords[w] || w == keep {
			break
		}
		ws = ws[1:]
	}
	return ws
}

// imperativeOpening reads a sentence that opens with a bare verb of the lexicon, after
// discourse words or a label ("Rule: ..."); for the user's own words, also after a
// leading scope phrase ("For audit exports use the replica ...").
func imperativeOpening(text string, scoped bool) bool {
	ws := skipLead(strings.Fields(stripLabel(text)), "")
	if len(ws) < 2 {
		return false
	}
	if isImperativeVerb(ws[0]) {
		return true
	}
	if !scoped || !scopeWords[strings.ToLower(ws[0])] {
		return false
	}
	for k := 1; k < len(ws) && k <= 6; k++ {
		prev := strings.ToLower(strings.Trim(ws[k-1], ",:;"))
		if isImperativeVerb(ws[k]) && !stopWord(prev) && !isImperativeVerb(ws[k-1]) {
			return true
		}
	}
	return false
}

// scopeWords open a phrase that scopes an order ("For X, do Y", "On staging run Z").
var scopeWords = map[string]bool{"for": true, "in": true, "on": true, "during": true, "when": true, "while": true, "after": true, "before": true, "once": true, "if": true}

func isImperativeVerb(w string) bool {
	return lexicon.Default().IsWord(strings.ToLower(strings.Trim(w, ",:;*_\"'`")), "imperative")
}

// stripLabel drops a leading "Label:" ("User rule: pin ...", "- Rule 2: ...").
func stripLabel(text string) string {
	if i := strings.Index(text, ":"); i > 0 && i < 40 && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
		// (a label's colon ends a word: "https://host" and "10:30" open no label)
		head := text[:i]
		if !strings.ContainsAny(head, ".`/") && len(strings.Fields(head)) <= 4 {
			return strings.TrimSpace(text[i+1:])
		}
	}
	return text
}

// negatedMain: a negation in the fact that is not part of its deontic cue.
func negatedMain(cues cueSet, m Modality) bool {
	for _, h := range cues.of("negation") {
		cue := strings.ToLower(cues.text[h.Start:h.End])
		if m.Cue != "" && strings.Contains(strings.ToLower(m.Cue), cue) {
			continue
		}
		if cue == "without" || cue == "no" && followedByDigit(cues.text, h.End) {
			continue
		}
		return true
	}
	return false
}

func followedByDigit(s string, i int) bool {
	t := strings.TrimSpace(s[i:])
	return t != "" && isDigit(t[0])
}

// emphasisOf counts shouted words (DOES, NOT, NEVER; not acronyms of two letters) and
// exclamation marks.
func emphasisOf(text string) int {
	n := strings.Count(text, "!")
	for _, w := range splitWords(text) {
		if len(w.t) >= 3 && len(w.t) <= 10 && allUpperLetters(w.t) && !acronym(w.t) {
			n++
		}
	}
	return n
}

func allUpperLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// acronym: upper-case words that are names, not shouting.
func acronym(w string) bool {
	switch w {
	case "NOT", "DOES", "DO", "NEVER", "MUST", "ALWAYS", "ONLY", "NOW", "BUT", "NEW", "ALL", "NONE", "WAS", "ARE", "AND", "THE", "STOP", "DON'T", "WON'T", "CAN'T", "BEFORE", "AFTER", "REAL", "SAME", "STILL", "ACTUALLY", "WRONG", "ANY", "EVERY", "CAN", "WILL", "HAS", "HAVE", "NO", "YES":
		return false
	}
	return true
}

// subjectsOf lists what the fact talks about: identifiers, paths, ids, code spans.
func subjectsOf(text string, toks []Token) []string {
	var out []string
	for _, t := range toks {
		switch t.Kind {
		case TokPath, TokURL, TokID, TokHost, TokCode, TokHash, TokFlag:
			out = appendOnce(out, t.Norm)
		}
	}
	for _, w := range splitWords(text) {
		if identLike(w.t) {
			out = appendOnce(out, "id:"+strings.ToLower(w.t))
		}
	}
	return out
}

// identLike: camelCase, snake_case, dotted.names, PascalCase with a second hump.
func identLike(w string) bool {
	if len(w) < 4 || !utf8.ValidString(w) {
		return false
	}
	humps, under := 0, strings.Contains(w, "_")
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
			humps++
		}
	}
	dotted := strings.Count(w, ".") >= 1 && !strings.HasSuffix(w, ".") && hasLetter(w[strings.LastIndexByte(w, '.')+1:]) && !strings.Contains(w, " ")
	return humps >= 1 || under && hasLetter(w) || dotted && isLetter(w[0])
}

// scopeSkip are words between a cue and the word it governs.
var scopeSkip = map[string]bool{"be": true, "been": true, "being": true, "is": true, "are": true, "was": true, "were": true, "to": true, "the": true,
	"a": true, "an": true, "that": true, "it": true, "this": true, "yet": true, "ever": true, "have": true, "has": true, "had": true, "get": true,
	"got": true, "just": true, "really": true, "also": true, "all": true, "any": true, "some": true, "more": true, "longer": true, "even": true,
	"actually": true, "currently": true, "necessarily": true, "do": true, "does": true, "did": true, "so": true, "very": true, "too": true,
	"we": true, "you": true, "i": true, "they": true, "he": true, "she": true, "one": true, "anyone": true, "anything": true, "ever,": true}

// scopesOf pairs each negation, deontic and hedge cue with the first content word after it.
func scopesOf(text string, cues cueSet) []Scope {
	var out []Scope
	for _, h := range cues.hits {
		var sc Scope
		switch h.Category {
		case "negation":
			sc = Scope{Kind: "neg"}
		case "deontic":
			sc = Scope{Kind: "deontic", Force: h.Int("force"), Neg: h.Attr("sign") == "-"}
		case "hedge", "permission":
			sc = Scope{Kind: "hedge"}
		case "commitment":
			sc = Scope{Kind: "commitment"}
		default:
			continue
		}
		sc.Cue, sc.Start = lexicon.Lower(text[h.Start:h.End]), h.Start
		sc.Head = headAfter(text, h.End)
		if sc.Head != "" {
			out = append(out, sc)
			if also := coordinated(text, h.End, sc.Head); also != "" {
				sc.Head = also // "not purged or restarted" denies both
				out = append(out, sc)
			}
		}
	}
	return out
}

// headAfter is the stem of the first content word after offset i, within its clause.
func headAfter(text string, i int) string {
	rest := text[i:]
	if j := clauseEnd(rest, 0); j < len(rest) {
		rest = rest[:j]
	}
	for k, w := range strings.Fields(rest) {
		if k > 4 {
			break
		}
		lw := strings.ToLower(strings.Trim(w, ",\"'`*_“”‘’"))
		if lw == "" || scopeSkip[lw] || lw == "not" || lw == "n't" || stopWord(lw) && lw != "only" {
			continue
		}
		parts := subWords(lw)
		if len(parts) == 0 {
			continue
		}
		if len(parts) > 1 && strings.ContainsAny(lw, "./_") {
			return "id:" + strings.TrimRight(lw, ".,;:)") // "without go.mod" governs go.mod, not "go"
		}
		return Stem(parts[0])
	}
	return ""
}

// ruleLabel: the fact opens with a label that names it a rule ("User rule:", "Hard
// cap:", "Constraint:", "Policy:"), which gives its statement force.
func ruleLabel(text string) bool {
	i := strings.IndexByte(text, ':')
	if i <= 0 || i > 40 {
		return false
	}
	head := strings.ToLower(strings.Trim(text[:i], "*_-• "))
	for _, w := range []string{"rule", "constraint", "requirement", "invariant", "policy", "hard cap", "guardrail", "must"} {
		if strings.Contains(head, w) {
			return true
		}
	}
	return false
}

// coordinated is the stem of the word joined to head by "or", "nor" or "and" right
// after it ("not purged or restarted" -> restarted), "" when none.
func coordinated(text string, i int, head string) string {
	ws := strings.Fields(text[i:])
	for k := 0; k+2 < len(ws) && k < 6; k++ {
		w := strings.ToLower(strings.Trim(ws[k], ",\"'`*_“”"))
		if Stem(w) != head {
			continue
		}
		if c := strings.ToLower(ws[k+1]); c == "or" || c == "nor" || c == "and" {
			if k+3 < len(ws) && finiteAux[strings.ToLower(strings.Trim(ws[k+3], ",\"'`*_“”"))] {
				return "" // "without a diff and finance has signed": a new clause with its own subject
			}
			return Stem(strings.ToLower(strings.Trim(ws[k+2], ",.;:!?\"'`*_“”")))
		}
		return ""
	}
	return ""
}

// finiteAux: auxiliaries that, right after a noun, make it the subject of a clause.
var finiteAux = map[string]bool{"has": true, "have": true, "had": true, "is": true, "are": true, "was": true, "were": true,
	"will": true, "would": true, "does": true, "did": true, "can": true, "could": true, "should": true, "must": true}

// passiveParticiple: the cue is followed by a place or an agent ("picked in",
// "selected from"): it describes how something is done, not a decision made.
// inFavourOf: the cue is followed by "in favour of" ("X, rejected in favour of Y"):
// a choice between options, not a failed attempt.
func inFavourOf(text string, i int) bool {
	rest := strings.ToLower(strings.TrimSpace(text[i:]))
	return strings.HasPrefix(rest, "in favour of") || strings.HasPrefix(rest, "in favor of")
}

func passiveParticiple(text string, i int) bool {
	rest := strings.ToLower(strings.TrimSpace(text[i:]))
	if strings.HasPrefix(rest, "in favour") || strings.HasPrefix(rest, "in favor") {
		return false
	}
	for _, p := range []string{"in ", "from ", "at ", "via ", "through ", "on "} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// failureNoun are failure cues that name a thing ("errors", "exit code") rather than
// say something failed; they mark a failure only in tool output (see toolfacts.go).
var failureNoun = map[string]bool{"error": true, "errors": true, "exception": true, "exit code": true, "exit status": true, "non-zero": true,
	"not found": true, "regression": true, "timeout": true, "time out": true}

// imperativeVerb is the bare verb an order opens with ("" when none).
func imperativeVerb(text string) string {
	ws := skipLead(strings.Fields(stripLabel(text)), "")
	if len(ws) > 0 && isImperativeVerb(ws[0]) {
		return strings.ToLower(strings.Trim(ws[0], ",:;*_\"'`"))
	}
	return ""
}

// describesNow: the text says how things are at present ("currently", "right now"),
// so a restriction in it describes the state rather than orders it.
func describesNow(text string) bool { return lexicon.Default().Has(text, "present-state") }

// bareProhibition: the user's verbless "no X" rule ("no mocks in the ledger tests", "and
// again: no -dontshrink, even for the debug build"): its first clause opens, after
// discourse words or a label, on "no" and a word, and has no verb of its own (a
// description, "no tests were run", has one). "No, keep it" is a reply.
func bareProhibition(text string) bool {
	clause := stripLabel(text)
	if i := strings.IndexAny(clause, ",;.!?(—"); i >= 0 {
		clause = clause[:i]
	}
	ws := skipLead(strings.Fields(strings.ToLower(clause)), "no")
	if len(ws) < 2 || len(ws) > bareProhibitionWords || ws[0] != "no" {
		return false
	}
	for _, w := range ws[1:] {
		if clauseVerb[strings.Trim(w, ":*_\"'`")] || strings.HasSuffix(w, "ed") && len(w) > 4 {
			return false
		}
	}
	return true
}

// bareProhibitionWords: a verbless rule is short.
const bareProhibitionWords = 8

// clauseVerb: auxiliaries and copulas that make a "no X" clause a statement.
var clauseVerb = map[string]bool{"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "has": true, "have": true, "had": true,
	"does": true, "do": true, "did": true, "will": true, "would": true, "can": true, "could": true, "should": true, "shows": true, "show": true,
	"found": true, "exists": true, "exist": true, "left": true, "needed": true, "matches": true, "returns": true, "runs": true, "seems": true}
