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

// Modality is the deontic force of a fact.
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
	// Who is the attribution as written ("Marta from the DBA team", "the README").
	Who string `json:"who,omitempty"`
}

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
	// Words are the normalised content words used for alignment.
	Words []string `json:"-"`
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
