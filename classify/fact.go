// Package classify splits text into facts and classifies each one: its information
// classes, exact tokens, modality, qualifiers, status and provenance. It never compares
// two texts; that is the audit package's job.
package classify

// Class is an information class. A fact may carry several.
type Class string

// The information classes, in the order reports list them.
const (
	ExactConstraint     Class = "exact_constraint"
	Identifier          Class = "identifier"
	Decision            Class = "decision"
	Rationale           Class = "rationale"
	RejectedAlternative Class = "rejected_alternative"
	FailureHistory      Class = "failure_history"
	UnresolvedWork      Class = "unresolved_work"
	Hypothesis          Class = "hypothesis"
	EvidenceReference   Class = "evidence_reference"
	UserPreference      Class = "user_preference"
	TaskState           Class = "task_state"
	Narrative           Class = "narrative"
)

// AllClasses lists every class in report order.
var AllClasses = []Class{ExactConstraint, Identifier, Decision, Rationale, RejectedAlternative,
	FailureHistory, UnresolvedWork, Hypothesis, EvidenceReference, UserPreference, TaskState, Narrative}

// Token kinds.
const (
	TokVersion  = "version"
	TokNumber   = "number"
	TokID       = "id"
	TokPath     = "path"
	TokPort     = "port"
	TokHost     = "host"
	TokDate     = "date"
	TokTime     = "time"
	TokDuration = "duration"
	TokMoney    = "money"
	TokPercent  = "percent"
	TokFlag     = "flag"
	TokHex      = "hex"
	TokSize     = "size"
	TokCode     = "code" // an inline `code` span
	TokURL      = "url"
	TokHash     = "hash"  // a digest or commit id (hex, 7+ characters)
	TokCount    = "count" // a number with the noun it counts
)

// Token is an exact token found in a fact.
type Token struct {
	Kind string `json:"kind"`
	// Raw is the text as written.
	Raw string `json:"raw"`
	// Norm is the normalised value: equal values written differently share it
	// (5,000 and 5000; v18.2 and 18.2), different values never do (01947 and 1947).
	Norm string `json:"norm"`
	// Start and End are byte offsets within the fact's Text.
	Start int `json:"-"`
	End   int `json:"-"`
	// The quantity model: Num is the magnitude in the family's base unit (seconds,
	// bytes, percent points, one), Unit the unit as written (lower-case), Family the
	// unit family ("time", "size", "percent", a currency, "count").
	Num    float64 `json:"-"`
	Unit   string  `json:"unit,omitempty"`
	Family string  `json:"-"`
	// Noun is what a count counts ("48 partitions" -> "partition"); Key the word the
	// value is given to ("port 5432" -> "port"), for pairing values across facts.
	Noun string `json:"-"`
	Key  string `json:"-"`
	// Prec is a version's number of components or a number's decimals.
	Prec int `json:"-"`
}

// Modality levels, strongest first. Zero means the fact states no obligation.
const (
	ModNone       = 0
	ModPreferNot  = 1 // prefer not, generally avoid, try not to, ideally
	ModAvoid      = 2 // avoid, should ideally, where possible
	ModShouldNot  = 3 // should not, should
	ModMustNot    = 4 // never, must not, do not, don't, forbidden, only
	ModMaxDefault = ModMustNot
)

// Modality is the deontic force of a fact, on one scale whoever speaks: 4 absolute
// (never, must, always, an imperative), 3 required (need to, have to, only), 2 should,
// 1 preferred (ideally, try to), 0 none.
type Modality struct {
	Level int `json:"level"`
	// Negative is true for prohibitions (never, must not, avoid), false for obligations (must, always).
	Negative bool `json:"negative"`
	// Cue is the word or phrase that set the level.
	Cue string `json:"cue,omitempty"`
}

// Status dimensions.
const (
	StatusHypothesis  = "hypothesis"
	StatusEstablished = "established"
	StatusOpen        = "open"
	StatusResolved    = "resolved"
	StatusChosen      = "chosen"
	StatusRejected    = "rejected"
	StatusTriedFailed = "tried_failed"
	StatusConsidered  = "considered"
)

// Status is the epistemic and work status of a fact. Empty fields are unknown.
type Status struct {
	Epistemic  string `json:"epistemic,omitempty"`  // hypothesis | established
	Resolution string `json:"resolution,omitempty"` // open | resolved
	Choice     string `json:"choice,omitempty"`     // chosen | rejected | tried_failed | considered
}

// Provenance says who established a fact.
type Provenance struct {
	// Role is the role of the message the fact came from (user, assistant, tool, system, summary).
	Role string `json:"role"`
	// Source is the explicit attribution when the text names one, normalised to a kind:
	// user, assistant, tool, file, doc, team, person, vendor, ci (empty when none).
	Source string `json:"source,omitempty"`
	// Who is the attribution as written ("Ines on the storage team", "the README").
	Who string `json:"who,omitempty"`
}

// Act is what a fact does in the conversation.
type Act string

// Acts.
const (
	ActRule     Act = "rule"     // an order or prohibition with force (never, must, do X)
	ActRequest  Act = "request"  // something asked for (please, can you, let's)
	ActDecision Act = "decision" // a choice made (chose, going with, option B)
	ActQuestion Act = "question" // a question left to the other party
	ActFailure  Act = "failure"  // a failure record (an error, a failed attempt)
	ActFinding  Act = "finding"  // a claim about the system under work
	ActPlan     Act = "plan"     // what the speaker will do next
	ActReport   Act = "report"   // anything else stated
	ActChatter  Act = "chatter"  // process talk with no content of its own
	ActTemplate Act = "template" // a summary template's boilerplate
)

// Bound is a typed qualifier of a claim: its kind (only, until, unless, except,
// before, after, atmost, atleast, if, scope), the clause it governs and the values in it.
type Bound struct {
	Kind   string   `json:"kind"`
	Cue    string   `json:"cue"`
	Clause string   `json:"clause"`
	Values []string `json:"values,omitempty"`
}

// Scope is a cue (a negation, a deontic word, a hedge) and the content word it governs.
type Scope struct {
	Kind  string // neg, deontic, hedge
	Cue   string
	Force int    // deontic force (0..4)
	Neg   bool   // deontic sign: a prohibition
	Head  string // the alignment stem of the governed word
	Start int
}

// Origin says what produced a fact's text.
const (
	OriginUser        = "user"        // the user's own words
	OriginAssistant   = "assistant"   // the assistant's reply
	OriginThinking    = "thinking"    // the assistant's reasoning
	OriginTool        = "tool"        // tool output (evidence)
	OriginToolError   = "tool_error"  // a tool result the tool reported as an error
	OriginDocument    = "document"    // a document a tool read (README, a guide)
	OriginInstruction = "instruction" // injected instructions (CLAUDE.md, a skill)
	OriginSummary     = "summary"     // a compaction summary
)

// Fact is the smallest unit a reader would quote.
type Fact struct {
	// Index is the fact's position in the list it was extracted into.
	Index int `json:"index"`
	// Message is the id of the message (or compaction) the fact came from.
	Message string `json:"message"`
	// Role is that message's role ("summary" for a compaction summary).
	Role string `json:"role"`
	Text string `json:"text"`
	// Start and End are byte offsets of Text within the message text.
	Start int `json:"start"`
	End   int `json:"end"`
	// Context is the nearest heading or label above the fact ("Pending Tasks").
	Context    string     `json:"context,omitempty"`
	Classes    []Class    `json:"classes"`
	Tokens     []Token    `json:"tokens,omitempty"`
	Modality   Modality   `json:"modality"`
	Qualifiers []string   `json:"qualifiers,omitempty"`
	Status     Status     `json:"status"`
	Provenance Provenance `json:"provenance"`
	// Code marks a fenced code block or file dump (one evidence fact).
	Code bool `json:"code,omitempty"`
	// Lang is the fence's language tag, when given.
	Lang string `json:"lang,omitempty"`
	// Words are the alignment terms (stems, identifier sub-words, values).
	Words []string `json:"-"`

	// The claim: what the fact says, in slots the judges compare.
	Origin string `json:"origin,omitempty"`
	Act    Act    `json:"act,omitempty"`
	// Subjects are the things talked about: identifiers, paths, code spans (lower-case).
	Subjects []string `json:"subjects,omitempty"`
	// Negated is true when the main predicate is negated (is not, does not, never did).
	Negated bool    `json:"negated,omitempty"`
	Bounds  []Bound `json:"bounds,omitempty"`
	// Scopes are the fact's cues with the word each governs ("never run" -> run,
	// "without CONCURRENTLY" -> concurrently): judges compare them word by word.
	Scopes []Scope `json:"-"`
	// Emphasis counts shouted words and exclamation marks.
	Emphasis int `json:"-"`
	// Evidence marks a tool-output line kept only to be searched (never judged as lost).
	Evidence bool `json:"-"`
	// Picks are the positions, among the facts ResolveOptions was given, of the
	// labelled options this fact chooses or rules out by label ("(c) it is, not
	// (a)"): what it says is what those options say.
	Picks []int `json:"-"`
	// Item is the number of the numbered list item the fact opens ("3" for "3. Drop
	// the cache"): an option's label when the list offers options.
	Item string `json:"-"`
	// Reloaded marks an injected instruction the agent's harness loads again when it
	// needs it (a skill's body, a CLAUDE.md or AGENTS.md memory file): a summary need
	// not carry it. Its value is the instruction's origin ("skill:tdd", "CLAUDE.md").
	Reloaded string `json:"-"`
	// Plan marks a step of a plan the user approved (an instruction named "plan":
	// Claude Code's plan mode hands its plan back so): work to do, not a standing rule.
	Plan bool `json:"-"`
	// Pasted marks a sentence of someone else's prose the user pasted (a reviewer's
	// comment, an issue's body; see pastedProse): forwarded, not the user's own order.
	Pasted bool `json:"-"`
	// Command names the slash command whose expanded prompt the fact comes from
	// ("command:/review"): a template the command expands on each run, not words said
	// for this work alone.
	Command string `json:"-"`
	// Section is the summary section the fact sits in (Claude Code's template:
	// "intent", "concepts", "files", "errors", "problems", "user_messages", "pending",
	// "current", "next", "analysis"), empty elsewhere.
	Section string `json:"section,omitempty"`
}

// Has reports whether f carries class c.
func (f *Fact) Has(c Class) bool {
	for _, x := range f.Classes {
		if x == c {
			return true
		}
	}
	return false
}

// Primary is the fact's most important class, the one that drives severity.
func (f *Fact) Primary() Class {
	for _, c := range AllClasses {
		if f.Has(c) {
			return c
		}
	}
	return Narrative
}
