package classify

import (
	"regexp"
	"strings"
)

type cue struct {
	re    *Rx
	level int
	neg   bool
	name  string
}

// modalityCues are checked in order; the strongest match wins.
var modalityCues = []cue{
	{rx(`\bnever\b`), ModMustNot, true, "never"},
	{rx(`\bmust\s+not\b|\bmustn'?t\b|\bmust\s+never\b`), ModMustNot, true, "must not"},
	{rx(`\bdo\s+not\b|\bdon'?t\b`), ModMustNot, true, "do not"},
	{rx(`\bforbidden\b|\bprohibited\b|\bnot\s+(?:allowed|permitted)\b|\bunder no circumstances\b|\bis\s+off[- ]limits\b|\bbanned\b|\bno\s+(?:one|writes?|deploys?|changes?|reboots?|restarts?)\b`), ModMustNot, true, "forbidden"},
	{rx(`\b(?:can ?not|can'?t|may\s+not|is\s+not\s+to|are\s+not\s+to|(?:you|we|they)'re\s+not\s+to|not\s+to\s+be)\b`), ModMustNot, true, "cannot"},
	{gated(rx(`^\s*(?:\W*\s*)?no\s+\w+`), "no"), ModMustNot, true, "no"},
	{gated(rx(`\bmust\b|\bhas\s+to\b|\bhave\s+to\b|\bneeds?\s+to\b|\bneeds?\s+(?:sign[- ]?off|approval|review|an?\s+approval)\b|\brequired?\b|\bmandatory\b|\balways\b|\bonly\s+(?:on|in|during|after|before|when|if|while|between|until|for|from|within|via|through|with|to)\b|^\W*only\b|\bkeep\b.*\bat\b|\bstays?\b|\bremains?\b`), "must", "has", "have", "need", "require", "mandatory", "always", "only", "keep", "stay", "remain"), ModMustNot, false, "must"},
	{rx(`\bshould\s+(?:not|never)\b|\bshouldn'?t\b|\b(?:nobody|no\s+one)\s+should\b`), ModShouldNot, true, "should not"},
	{rx(`\bavoid(?:s|ed|ing)?\b`), ModAvoid, true, "avoid"},
	{rx(`\btry\s+not\s+to\b`), ModAvoid, true, "try not to"},
	{rx(`\bshould\s+ideally\b|\bideally\b|\bwhere\s+(?:possible|practical|feasible)\b|\bif\s+(?:possible|practical|feasible)\b|\bas\s+(?:much|far)\s+as\s+possible\b|\btry\s+(?:not\s+)?to\b`), ModAvoid, false, "ideally"},
	{rx(`\bprefer\s+not\b|\bprefer\s+(?:that\s+)?(?:you|we)\s+(?:do\s+)?not\b|\brather\s+not\b|\bit'?s\s+(?:better|best)\s+not\b`), ModPreferNot, true, "prefer not"},
	{rx(`\bgenerally\b|\busually\b|\btypically\b|\bprefer(?:ably|red|s)?\b|\brecommended\b|\bit'?s\s+(?:better|best)\b|\bconsider\b|\bwhen\s+convenient\b`), ModPreferNot, false, "prefer"},
	{rx(`\bshould\b|\bought\s+to\b`), ModShouldNot, false, "should"},
}

// softeners lower a prohibition's force even when a strong cue is present
// ("never ... unless necessary", "avoid where possible").
var softeners = rx(`\bwhere\s+possible\b|\bif\s+possible\b|\bideally\b|\bgenerally\b|\bwhen\s+(?:practical|convenient)\b|\bas\s+(?:much|far)\s+as\s+possible\b|\btry\s+to\b|\bpreferably\b|\bif\s+you\s+can\b`)

var reGenerally = regexp.MustCompile(`(?i)\b(?:generally|usually|typically|mostly)\b`)

// reAskedRule: a question opening with a modal or auxiliary and a subject other than
// "you" ("Should we ...?", "Do we need to ...?"); "Can you make sure ...?" is a request.
var reAskedRule = regexp.MustCompile(`(?i)^\W*(?:(?:why|what|when|how|where|which)\s+)?(?:should|shall|must|do|does|need|is|are|would)\s+(?:we|i|it|they|this|that|these|those|the)\b.*\?\W*$`)

var reNobodyShould = regexp.MustCompile(`(?i)\b(?:nobody|no\s+one)\s+should\b`)

var reDontForget = regexp.MustCompile(`(?i)\b(?:don'?t|do\s+not|never)\s+forget\s+to\b`)

// imperative openers make a sentence a rule even without a modal verb.
// Only standing orders count ("keep X at", "leave Y alone"); one-off instructions
// ("run the tests", "exclude those two") are task requests, not rules.
var imperative = rx(`^\s*(?:\W+\s*)?(?:please\s+)?(?:keep|leave|pin|stay|make\s+sure|ensure|always|hold|treat|limit|cap|restrict|require|only)\b`)

// conditionalOrder: a one-off verb becomes a standing precondition when it carries
// a condition or a bound ("run the tests before you hand anything back", "reboot at
// most 2 nodes at a time", "dry run first").
var conditionalOrder = rx(`^\s*(?:\W+\s*)?(?:please\s+)?[a-z]+\b.*?(?:\bexactly\b|,\s*(?:and\s+)?not\s+(?:on\s+|in\s+|the\s+)?\w+|\b(?:before\s+(?:you|we|any|anything|anyone|running|deploying|merging|the|every|each|starting|applying|touching|releasing|shipping|pushing|rolling|a|an)|at\s+most|at\s+least|no\s+more\s+than|exactly|every\s+time|whenever|each\s+time|only\s+(?:on|in|during|after|before|when|if|while|between|until|for|from|within|via|with|to)|until|unless)\b)`)

// descriptive cues state facts when an assistant or a tool uses them mid-sentence
// ("setuptools-scm can't derive a version"); they are orders only from the user or
// at the head of a sentence.
// clauseHead is the part of prefix after the last clause break (";", "—", "("), so
// a rule that opens a clause ("...; do not request more") counts as its head.
func clauseHead(prefix string) string {
	if i := strings.LastIndexAny(prefix, ";—("); i >= 0 {
		return prefix[i+1:]
	}
	return prefix
}

var reNeverPast = regexp.MustCompile(`(?i)^never\s+(?:ran|was|were|did|had|got|went|came|saw|made|finished|started|reached|happened|worked|loaded|returned|showed|arrived|completed|succeeded|failed|got)\b`)

var reNegBeforeNeed = regexp.MustCompile(`(?i)(?:do\s+not|don'?t|doesn'?t|does\s+not|no)\s*$`)

var reNoNeed = regexp.MustCompile(`(?i)^(?:do\s+not|don'?t)\s+(?:need|have\s+to|require)\b`)

var reOwnPlan = regexp.MustCompile(`(?i)\b(?:we|i|i'll|we'll|just)\s*$`)

var descriptiveCue = map[string]bool{"cannot": true, "do not": true}

var reHeadLabel = regexp.MustCompile(`^\W*(?:[A-Za-z][\w ]{0,30}:\s*)?$`)

// ModalityOf reads the deontic force of text as the user would mean it.
func ModalityOf(text string) Modality { return ModalityFor(text, "user") }

// ModalityFor reads the deontic force of text said by role.
func ModalityFor(text, role string) Modality {
	best, neg := Modality{}, Modality{}
	// "don't forget to X" orders X
	text = reDontForget.ReplaceAllString(text, "always")
	if reAskedRule.MatchString(text) {
		// "Should we restart the pods?" asks about a rule; it does not set one
		return best
	}
	for _, c := range modalityCues {
		loc := c.re.FindStringIndex(text)
		if loc == nil {
			continue
		}
		if descriptiveCue[c.name] && role != "user" && !reHeadLabel.MatchString(clauseHead(text[:loc[0]])) {
			continue
		}
		if c.name == "never" && reNeverPast.MatchString(text[loc[0]:]) {
			continue // "biber never ran": a report of the past, not a rule
		}
		if c.name == "do not" && reNoNeed.MatchString(text[loc[0]:]) {
			continue // "those don't need the window" lifts a requirement, it forbids nothing
		}
		if c.name == "must" && strings.HasPrefix(strings.ToLower(text[loc[0]:]), "need") && (reOwnPlan.MatchString(text[:loc[0]]) || reNegBeforeNeed.MatchString(text[:loc[0]])) {
			continue // "we need to ship it today" is a plan, not a rule
		}
		// "do not" inside a question or a description of tool behaviour still counts.
		if c.level > best.Level {
			best = Modality{Level: c.level, Negative: c.neg, Cue: strings.ToLower(strings.TrimSpace(text[loc[0]:loc[1]]))}
		}
		if c.neg && c.level > neg.Level {
			neg = Modality{Level: c.level, Negative: true, Cue: strings.ToLower(strings.TrimSpace(text[loc[0]:loc[1]]))}
		}
	}
	if !best.Negative && best.Level <= ModAvoid && neg.Level > 0 {
		// "prefer not to X if possible": a hedge never turns a prohibition into an order
		best = neg
	}
	if strings.HasPrefix(best.Cue, "no one") && reNobodyShould.MatchString(text) {
		best = Modality{Level: ModShouldNot, Negative: true, Cue: "no one should"}
	}
	if strings.HasPrefix(best.Cue, "no need") {
		best = Modality{} // "no need to X" releases; it forbids nothing
	}
	if best.Level == ModMustNot && softeners.MatchString(text) {
		best.Level = ModAvoid
		best.Cue += " (softened)"
	} else if strings.HasPrefix(best.Cue, "avoid") && reGenerally.MatchString(text) {
		// "generally avoid" sits below a plain "avoid"
		best.Level = ModPreferNot
		best.Cue = "generally avoid"
	}
	if best.Level == 0 && role == "user" && (imperative.MatchString(text) || (conditionalOrder.MatchString(text) || reConditionHead.MatchString(text)) && startsImperative(text)) {
		best = Modality{Level: ModMustNot, Cue: "imperative"}
	}
	if best.Level == ModMustNot && best.Cue == "imperative" && reSequencing.MatchString(text) {
		// "Before anything else, check X": an order of work, not a standing rule
		best = Modality{}
	}
	if best.Level == 0 && role == "user" && (reOnlyTail.MatchString(text) || reContingency.MatchString(text)) {
		// "Per-machine install only (ALLUSERS=1)."; "If the upgrade goes wrong, we
		// roll back to exactly 4.2.16": a restriction and a standing contingency plan
		best = Modality{Level: ModMustNot, Cue: "only"}
		if !reOnlyTail.MatchString(text) {
			best.Cue = "contingency"
		}
	}
	return best
}

var reSequencing = rx(`^\s*(?:\W+\s*)?(?:before\s+anything\s+else|first\s+of\s+all|first\s+things\s+first|first)\b`)

// reOnlyTail: a short statement that ends in "only" ("Per-machine install only").
var reOnlyTail = rx(`^\s*(?:\W+\s*)?[\w-]+(?:\s+[\w-]+){0,4}\s+only\s*(?:\(|[.;:]|$)`)

// reContingency: "If X goes wrong, we roll back to ...": a plan the user fixes in advance.
var reContingency = rx(`^\s*(?:\W+\s*)?if\b[^,]{3,80},\s*(?:then\s+)?(?:we|you)\s+(?:roll|revert|restore|switch|fall|pin|stop|abort|page|call|escalate)\b`)

// qualifier cues: restrictive conditions a rule carries.
var qualifierRe = rx(`\b(until|unless|only|without|before|after|except|as long as|provided that|so long as|not before|no later than|at least|at most|no more than|no less than|outside|during|between)\b`)

// QualifiersOf lists the qualifier words in text, lower-cased, in order, without repeats.
func QualifiersOf(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range qualifierRe.FindAllString(text, -1) {
		q := strings.ToLower(m)
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}

var (
	reHypothesis  = rx(`\b(?:suspect(?:s|ed)?|hypothes[ie]s|hypothesi[sz]e|probably|likely|might|may\s+be|maybe|possibly|perhaps|could\s+be|my\s+guess|a\s+guess|guess(?:es|ed)?|i\s+think|we\s+think|seems?|appears?\s+to|unverified|unconfirmed|not\s+(?:yet\s+)?(?:confirmed|verified|proven)|theory|plausible|candidate|suggests?|presumably|speculat\w*|could\s+explain|if\s+so|would\s+explain|not\s+sure|unclear|to\s+be\s+confirmed|tbc|not\s+checked)\b`)
	reEstablished = rx(`\b(?:confirmed|verified|proven|proved|holds|held\s+up|checks\s+out|was\s+right|reproduced|root\s+cause\s+(?:is|was)|is\s+the\s+cause|was\s+the\s+cause|caused\s+by|is\s+caused|cause\s+(?:of|is|was)\b|established|definitely|shows?\s+that|turned\s+out|it\s+was)\b`)
	reOpen        = gated(rx(`^\W*open\s*(?:question|item|issue|blocker)?s?\s*:|\b(?:is|are|was|were|has|have)n'?t\s+(?:\w+\s+)?yet\b|\b(?:pending|todo|to\s+do|follow[- ]?ups?|still\s+(?:need|needs|open|to|has|have|waiting|blocked|failing|unknown|missing|returns?|shows?|points?|serves?|resolves?|answers?|uses?|runs?|on\s+the\s+old)|not\s+yet|remaining|remains?\s+(?:open|to)|open\s+(?:question|issue|item|blocker)|blocked|blockers?|unresolved|outstanding|waiting\s+(?:on|for)|next\s+steps?|needs?\s+to\s+be|has\s+to\s+be|is\s+open|are\s+open|tbd|in\s+progress|partial(?:ly)?|\d+\s+of\s+\d+\s+(?:\w+\s+){0,3}(?:translated|done|migrated|complete|completed|propagated|updated|converted|reachable|resolving|see|seeing|show|showing|have|has|returned|returns?|points?|answer|answers|report|reports|upgraded|deployed|signed|pass|passed|passing)|not\s+all|incomplete|(?:still\s+)?to\s+be\s+(?:checked|verified|confirmed|done|decided|tested|reviewed|measured|investigated|fixed|watched|monitored))\b`), "open", "n't", "pending", "todo", "to do", "follow", "still", "not yet", "remain", "blocked", "blocker", "unresolved", "outstanding", "waiting", "next step", "need", "has to be", "tbd", "progress", "partial", " of ", "not all", "incomplete", "to be ")
	reResolved    = rx(`\b(?:fixed|resolved|done|completed?|closed|solved|works\s+now|now\s+works|passes|passed|passing|unblocked|succeeded|successful(?:ly)?|finished|merged|shipped|deployed|all\s+\d+|fully|complete|no\s+longer)\b`)
	reRejected    = rx(`\b(?:rejected|ruled\s+out|decided\s+against|won'?t\s+(?:use|do|be)|not\s+going\s+(?:with|to)|declined|vetoed|dropped\s+the|discarded|no\s+to\b|refused|not\s+an\s+option|off\s+the\s+table|instead\s+of|rather\s+than|not\s+approved|won'?t\s+be\s+approved|turned\s+down|said\s+no|violates?|excluded|nowhere\s+near\s+ready|not\s+ready\s+for|is\s+out|are\s+out|out\s+of\s+the\s+question|forget\s+(?:it|that|about|\w+)|no\s+way)\b`)
	reFailed      = rx(`\bhelps?\b[^.]{0,15}\b(?:it\s+)?(?:doesn'?t|didn'?t|does\s+not|did\s+not)\b|\bno\s+(?:improvement|effect|gain|speed-?up)\b|\b(?:failed|fails|failing|failure|didn'?t\s+work|didn'?t\s+help|did\s+not\s+help|made\s+no\s+difference|does\s+not\s+work|doesn'?t\s+work|broke|broken|crash(?:ed|es)?|errored|error(?:s)?|exception|reverted|rolled\s+back|timed?\s*out|refused|denied|panic(?:ked)?|traceback|exit\s+(?:code|status)\s+[1-9]|non-?zero|not\s+found|cannot|can'?t|unable|aborted|cancell?ed|killed|oom)\b`)
	reTried       = rx(`\b(?:tried|attempt(?:ed|s)?|trying|ran|re-?ran|tested|experimented|gave\s+it\s+a\s+(?:go|try))\b`)
	reConsidered  = rx(`\b(?:consider(?:ed|ing)?|explored?|exploring|looked\s+(?:at|into)|evaluat(?:ed|ing)|investigat(?:ed|ing)|discussed|reviewed|weighed|thought\s+about|options?\s+(?:were|include)|alternatives?|fallback|back[- ]?up\s+plan|option)\b`)
	reChosen      = rx(`\b(?:chose|chosen|decided|decision|going\s+with|went\s+with|will\s+use|we'?ll\s+use|use\s+\w+\s+instead|picked|selected|settled\s+on|the\s+plan\s+is|plan:|opted|adopt(?:ed)?|switch(?:ed)?\s+to|fallback|approved)\b`)
)

var reUnverified = rx(`\b(?:unverified|unconfirmed|not\s+(?:yet\s+)?(?:confirmed|verified|proven|checked)|to\s+be\s+confirmed|hypothes[ie]s|my\s+guess|a\s+guess|i\s+suspect|we\s+suspect|suspected|not\s+sure)\b`)

// reNoFailures: a zero count of failures ("12 passed, 0 failed") reports none.
var reNoFailures = regexp.MustCompile(`(?i)\b(?:0|no|zero)\s+(?:failed|failures?|errors?)\b|\b(?:failed|failures?|errors?)\s*[:=]\s*0\b|\berror\s+rates?\b`)

var (
	reCountOf     = regexp.MustCompile(`\b(\d+)\s+of\s+(\d+)\b`)
	reReleasedOut = regexp.MustCompile(`(?i)\b(?:version|release|results?|patch|fix|report|update|build|beta|numbers?)\s+(?:is|are)\s+out\b`)
	reHedgedCause = regexp.MustCompile(`(?i)\b(?:might|may|could|probably|possibly|perhaps|likely)\s+(?:be\s+|have\s+been\s+)?(?:caused\s+by|the\s+(?:root\s+)?cause|due\s+to)\b`)
)

// reGuessHolds: a hypothesis said to hold is established ("the guess holds").
var reGuessHolds = regexp.MustCompile(`(?i)\b(?:guess|hypothes[ie]s|theory|suspicion|hunch|assumption)\s+(?:holds|held(?:\s+up)?|checks\s+out|checked\s+out|(?:was|is|has\s+been)\s+(?:confirmed|verified|right|correct))\b`)

// reFailMark: a test runner's failure marker ("--- FAIL: TestFoo", "FAIL\tpkg").
var reFailMark = regexp.MustCompile(`(?:^|[\s:-])FAIL\b`)

// failureIn: text reports a failure; a zero count ("12 passed, 0 failed") reports none.
func failureIn(text string) bool {
	if strings.Contains(text, "FAIL") && reFailMark.MatchString(text) {
		return true
	}
	if !reFailed.MatchString(text) {
		return false
	}
	// "make Client.Do retry failed requests": failure as the object of a task, not
	// a failure that happened (stripped only when a failure word is there at all)
	if stripped := reFailedObject.ReplaceAllString(text, ""); stripped != text {
		text = stripped
		if !reFailed.MatchString(text) {
			return false
		}
	}
	return !reNoFailures.MatchString(text) || reFailed.MatchString(reNoFailures.ReplaceAllString(text, ""))
}

var reFailedObject = regexp.MustCompile(`(?i)\b(?:retry|retries|retrying|re-?run|re-?runs|handle|handles|handling|log|logs|logging|count|counts|alert\s+on|drop|drops|skip|skips|requeue|requeues|resend|resends|report|reports|track|tracks)\s+(?:the\s+|all\s+|any\s+|only\s+)?(?:failed|failing)\s+\w+`)

// StatusOf reads a fact's status.
func StatusOf(text string) Status {
	var st Status
	hyp := reHypothesis.MatchString(text)
	est := reEstablished.MatchString(text)
	switch {
	case reGuessHolds.MatchString(text):
		st.Epistemic = StatusEstablished
	case reUnverified.MatchString(text) || reHedgedCause.MatchString(text):
		st.Epistemic = StatusHypothesis
	case est:
		st.Epistemic = StatusEstablished
	case hyp:
		st.Epistemic = StatusHypothesis
	}
	counted := reCountOf.ReplaceAllStringFunc(text, func(m string) string {
		if g := reCountOf.FindStringSubmatch(m); g[1] == g[2] {
			return "all " + g[2] // "9 of 9 services" is all of them
		}
		return m
	})
	open := reOpen.MatchString(counted)
	res := reResolved.MatchString(counted)
	switch {
	case open:
		st.Resolution = StatusOpen
	case res:
		st.Resolution = StatusResolved
	}
	rej := reRejected.MatchString(reReleasedOut.ReplaceAllString(text, ""))
	failed := failureIn(text)
	tried := reTried.MatchString(text)
	cons := reConsidered.MatchString(text)
	chosen := reChosen.MatchString(text)
	switch {
	case failed && (tried || !cons):
		st.Choice = StatusTriedFailed
	case rej:
		st.Choice = StatusRejected
	case chosen:
		st.Choice = StatusChosen
	case cons:
		st.Choice = StatusConsidered
	}
	return st
}

// attribution patterns: who established a fact.
type attrib struct {
	re     *Rx
	source string
}

var attributions = []attrib{
	{gated(rx(`\b(?:the\s+)?user(?:'s)?\s+(?:asked|wants|wanted|said|says|requires?|required|insists?|insisted|prefers?|preferred|requested|confirmed|decided|chose|ruled|rule|rules|instructions?|order(?:ed)?|call|choice|preference|note|correct(?:ed|ion))\b|\buser\s+(?:rule|preference|request|instruction|requirement|decision)s?\b|^\W*user\b[^:]{0,30}:|\bper\s+the\s+user\b|\bthe\s+user\b|\buser\b`), "user"), "user"},
	{gated(rx(`(?:\b(?-i:[A-Z][\w-]*)'s\s+)?\b(?:readme|makefile|dockerfile|changelog|docs?|documentation|runbook|wiki|config(?:uration)?|chart|values\.ya?ml|manifest|spec|comment|header|release\s+notes|man\s+page|manual|schema|policy\s+doc(?:ument)?)\b[^.]{0,30}?\b(?:says|say|said|states?|stated|claims?|claimed|notes?|noted|lists?|listed|documents?|documented|reports?|reported|mentions?|specifies|recommends?|defaults?|shows?)\b|\b(?:according\s+to|per|from|in)\s+the\s+(?:[\w-]+\s+)?(?:readme|makefile|docs?|documentation|runbook|wiki|config|chart\s+readme|chart|changelog|release\s+notes|comment|spec)\b|\bthe\s+(?:readme|makefile|changelog)\b|\(\s*per\s+[^)]*\)|^\W*[\w .'-]{0,30}\b(?:guide|docs?|documentation|readme|manual|spec|policy|handbook|release\s+notes|changelog)\b[^:]{0,40}:`), "readme", "makefile", "dockerfile", "changelog", "doc", "runbook", "wiki", "config", "chart", "values", "manifest", "spec", "comment", "header", "release", "man page", "schema", "policy", "per ", "guide", "manual", "handbook"), "file"},
	{gated(rx(`\b(?:the\s+)?(?:test|tool|command|build|ci|log|logs|output|stack\s*trace|query|benchmark|profiler|linter|compiler|dig|curl|grep)\s+(?:(?:output|run|job)\s+)?(?:shows?|showed|says|say|said|reports?|reported|printed|returned|confirms?|confirmed)\b`), "test", "tool", "command", "build", "ci", "log", "output", "stack", "query", "benchmark", "profiler", "linter", "compiler", "dig", "curl", "grep"), "tool"},
	{gated(rx(`\b(?:[A-Z][a-z]+\s+)?(?:from|on|of)\s+(?:the\s+)?[A-Za-z&-]+\s+team\b|\b(?:the\s+)?[A-Za-z&-]+\s+team\s+(?:says|said|confirmed|requires?|required|reports?|reported|wants|decided|told|noted|ruled|approved|insists?)\b|\b(?:security|sre|dba|legal|compliance|platform|infra|ops|finance|data|qa|release|networking|mobile|ci)\s+(?:team|lead|folks|group|engineers?)\b|\b(?:team|lead|dba|sre|manager|owner|maintainers?|upstream|vendor|support|registrar|provider|pi|principal\s+investigator|customer|client|auditor|reviewer|architect|admin(?:istrator)?|agent|engineer|rep|representative|contact|folks|desk)\s+(?:(?:just|also|already)\s+)?(?:says|told\s+me|said|confirmed|requires?|required|reports?|reported|wants|decided|told|noted|states?|stated|recommends?|insists?|asked)\b|\b(?:according\s+to|per)\s+(?:the\s+)?(?:security|sre|dba|legal|vendor|support|registrar|provider|upstream)\b|\baccording\s+to\s+(?-i:[A-Z][\w-]*)`), "team", "lead", "folks", "group", "engineer", "according", "per ", "says", "said", "told", "confirm", "require", "report", "want", "decided", "noted", "state", "recommend", "insist", "asked"), "team"},
	{gated(rx(`\b(?-i:[A-Z][a-z]+)\s+(?:\([^)]*\)\s+)?(?:(?:just|also|already|then)\s+)?(?:says|said|confirmed|reports?|reported|wants|decided|told|wrote|noted|asked|insists?|mentioned|thinks|believes)\b|\b(?-i:[A-Z][a-z]+)'s\s+(?:call|decision|verdict|choice|note|report|rule|requirement|pick|request)\b|\b(?-i:[A-Z][a-z]+)\s+(?:from|on|at|in)\s+(?:the\s+)?[\w&/ -]{1,30}?\s+(?:team\s+|side\s+|group\s+|org\s+)?(?:says|said|told|wrote|confirmed|reports?|reported|noted|insists?|decided|asked|wants)\b|\b(?-i:[A-Z][a-z]+)\s+from\s+(?:the\s+)?[\w-]+\s+(?:team|side|group|org)\b|\b(?-i:[A-Z][a-z]+)\s+\([^)]{2,30}\)\s*:`), "says", "said", "confirm", "report", "want", "decided", "told", "wrote", "noted", "asked", "insist", "mention", "think", "believe", "'s", "from", "(", "on ", "at ", "in "), "person"},
	{rx(`\b(?:we|i)\s+(?:decided|chose|ruled|found|picked|selected|went|settled|concluded|determined|confirmed|verified|think|believe|suspect|agreed|will|'ll)\b|^\W*(?:we|i)\b|\bour\s+(?:decision|choice|call|finding|pick)\b|\bthe\s+(?:agent|assistant)\b|\bmy\s+(?:guess|assumption|estimate|finding|call|decision|pick|choice)\b`), "assistant"},
}

var rePronounHead = regexp.MustCompile(`^(?:We|It|This|That|There|Here|You|Today|Yesterday|Tomorrow|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Not|Also|Then|Now|Nothing|Nobody|Everyone|Everything|Both|All|Each|Some|Most|Just|Still|And|But|So|If|When|Once|Already|He|She|They|Our|Their|His|Her|My|Your|Its|Yes|No|Ok|Okay|Test|Tests|Build|Logs|Output|Result|Results|Hypothesis|Hypotheses|Theory|Guess|Assumption|Note|Notes|Update|Status|Todo|TODO|Question|Answer|Cause|Fix|Decision|Rule|Rules|Summary|Context|Plan|Next|Done|Pending|Blocked|Warning|Error|Edit|Correction|Caveat|Risk|Idea|Option|Step|Finding|Observation|Conclusion|Action|Outcome|Goal|Task|Problem|Issue|Bug|Workaround|Root|Timeline|Impact)\b`)

// ProvenanceOf finds an explicit attribution in text and combines it with the role.
func ProvenanceOf(text, role string) Provenance {
	p := Provenance{Role: role}
	bestAt := -1
	for _, a := range attributions {
		loc := a.re.FindStringIndex(text)
		if loc != nil && a.source == "person" && rePronounHead.MatchString(text[loc[0]:loc[1]]) {
			loc = nil // "We decided", "Friday's call": a pronoun or a day is not a named person
		}
		if loc == nil {
			continue
		}
		// prefer the earliest attribution in the sentence; ties keep list order
		if bestAt < 0 || loc[0] < bestAt {
			bestAt = loc[0]
			p.Source = a.source
			p.Who = strings.TrimSpace(text[loc[0]:loc[1]])
		}
	}
	if p.Source == "" && role != "user" && reYouSaid.MatchString(text) {
		// the agent or a summary addressing the user: "You asked me to keep Postgres."
		p.Source, p.Who = "user", strings.TrimSpace(reYouSaid.FindString(text))
	}
	return p
}

var reYouSaid = regexp.MustCompile(`(?i)\byou\s+(?:asked|said|wanted|requested|told\s+(?:me|us)|insisted|decided|chose|preferred)\b`)

var (
	reDecision  = rx(`\b(?:decided|decision|chose|chosen|going\s+with|went\s+with|will\s+use|we'?ll|plan(?:ned)?\s+(?:is|to)|the\s+plan|settled\s+on|opted|picked|selected|agreed|approach:|switch(?:ed)?\s+to|use\s+\S+\s+instead|adopt)\b`)
	reRationale = rx(`\b(?:because|since|so\s+that|due\s+to|in\s+order\s+to|the\s+reason|which\s+(?:means|is\s+why)|so\s+the|otherwise|to\s+avoid|as\s+it|given\s+that|this\s+is\s+why|that'?s\s+why)\b`)
	rePrefer    = rx(`\b(?:i'?d\s+(?:like|rather|prefer)|i\s+(?:want|prefer|like|need)|please|prefer(?:ence)?|rather\s+than|not\s+a\s+fan|don'?t\s+like|wish|keep\s+it)\b`)
	reTaskState = rx(`\b(?:done|completed?|finished|in\s+progress|currently|now\s+(?:on|at|working)|working\s+on|started|starting|next|status|applied|merged|created|wrote|written|updated|added|removed|deployed|ran|pushed|committed)\b`)
	reEvidence  = rx(`\b(?:log|logs|output|stack\s*trace|traceback|screenshot|see\s+|dump|report|graph|dashboard|metrics?|benchmark|profile|test\s+run|results?)\b`)
	rePrecond   = rx(`\b(?:before\s+(?:you|we|any|running|deploying|merging|the)|first\s+(?:run|check|make|get)|requires?|prerequisite|precondition|must\s+(?:first|be)|only\s+(?:after|once|when|if)|until|unless|gate[ds]?)\b`)
)

// ClassesOf assigns the information classes of a fact.
func ClassesOf(text, role string, toks []Token, mod Modality, quals []string, st Status, code bool) []Class {
	var cs []Class
	add := func(c Class) {
		for _, x := range cs {
			if x == c {
				return
			}
		}
		cs = append(cs, c)
	}
	if code {
		add(EvidenceReference)
		return cs
	}
	if mod.Level >= ModShouldNot || (mod.Level > 0 && role == "user") || rePrecond.MatchString(text) && mod.Level > 0 {
		add(ExactConstraint)
	}
	if hasExact(toks) {
		add(Identifier)
	}
	if st.Choice == StatusTriedFailed {
		add(FailureHistory)
	}
	if st.Choice == StatusRejected {
		add(RejectedAlternative)
	}
	if reDecision.MatchString(text) || st.Choice == StatusChosen {
		add(Decision)
	}
	if st.Resolution == StatusOpen {
		add(UnresolvedWork)
	}
	if st.Epistemic == StatusHypothesis {
		add(Hypothesis)
	}
	if role == "user" && (rePrefer.MatchString(text) || mod.Level > 0) {
		add(UserPreference)
	}
	if reRationale.MatchString(text) {
		add(Rationale)
	}
	if role == "tool" || reEvidence.MatchString(text) {
		add(EvidenceReference)
	}
	if reTaskState.MatchString(text) {
		add(TaskState)
	}
	if len(cs) == 0 {
		add(Narrative)
	}
	// keep report order
	ordered := make([]Class, 0, len(cs))
	for _, c := range AllClasses {
		for _, x := range cs {
			if x == c {
				ordered = append(ordered, c)
			}
		}
	}
	return ordered
}

func hasExact(toks []Token) bool {
	for _, t := range toks {
		switch t.Kind {
		case TokVersion, TokID, TokPath, TokPort, TokHex, TokDate, TokTime, TokMoney, TokPercent, TokHost, TokSize, TokDuration, TokFlag:
			return true
		case TokNumber:
			if len(t.Raw) >= 2 {
				return true
			}
		}
	}
	return false
}

var reImperativeVerb = rx(`^\s*(?:\W+\s*)?(?:please\s+)?(?:run|re-?run|reboot|restart|deploy|test|check|verify|work|use|apply|push|merge|ship|migrate|upgrade|install|build|back\s*up|pull|take|do|make|write|send|start|stop|wait|put|add|remove|delete|drop|create|update|purge|rotate|revoke|sign|patch|roll|scale|move|copy|fetch|load|flash|dry[- ]run|validate|lint|notify|announce|get|set|tag|release|commit|rebase|compile|reindex|vacuum|clear|disable|enable|schedule|cut|bump|pin|upload|download|publish|archive|export|import|ask|email|page|call|review|approve|rehearse|backfill|snapshot|switch|change|raise|lower|increase|decrease|reduce|turn|point|route|rename|replace|revert|rewrite|split|open|close|file|fix|retry|resend|pause|resume|restore|reset|drain|cordon|flush|grant|assign|mark|label|skip|provision|attach|detach|mount|unmount|truncate|shrink|extend|renew|expire|invalidate|rollback|failover|promote|demote|refresh|reuse|cache|include|encode|respond|poll|paginate|throttle|batch|retry)\b`)

var reNotImperative = rx(`^\s*(?:\W+\s*)?(?:i|we|you|it|this|that|the|a|an|there|they|he|she|my|our|your|is|are|was|were|do|does|did|can|could|would|will|what|why|how|when|where|which|who|also|and|but|so|then|yes|no|ok|okay|good|great|thanks|hmm|right)\b`)

// startsImperative: the sentence opens with a bare verb (an order), not a subject.
func startsImperative(text string) bool {
	// "Then switch the cache to allkeys-lru, unless ...": a discourse marker before
	// the verb still leaves an order
	if m := reMarker.FindStringIndex(text); m != nil {
		text = text[m[1]:]
	}
	return !reNotImperative.MatchString(text) && reImperativeVerb.MatchString(text) || reConditionHead.MatchString(text)
}

var reMarker = rx(`^\s*(?:\W+\s*)?(?:and\s+)?(?:then|next|now|also|so|after\s+that|afterwards|finally|first|second|meanwhile)\b,?\s+`)

// reConditionHead: "Before any state rm, pull a backup first", "Every time you deploy, ..."
var reConditionHead = rx(`^\s*(?:\W+\s*)?(?:before|after|until|unless|whenever|every\s+time|each\s+time|always|once)\b[^,:;]{3,80}[,:;]\s*(?:please\s+)?[a-z]+`)

// Imperative reports whether text opens with an order ("Switch the cache to
// allkeys-lru", "Then run the backfill"), a bare verb rather than a subject.
func Imperative(text string) bool { return startsImperative(text) }
