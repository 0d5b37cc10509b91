// Package audit aligns source facts to summary facts, reports the five failure
// families, tracks invariants across rounds, runs the structural checks, and builds the
// report/v1 document and its writers.
package audit

import (
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Schema is the report's schema name. Fields listed in DESIGN.md's report contract
// never change name.
const Schema = "compaudit.report/v1"

// Families.
const (
	Omission          = "omission"
	Mutation          = "mutation"
	Addition          = "addition"
	EpistemicCollapse = "epistemic_collapse"
	ProvenanceLoss    = "provenance_loss"
)

// Families lists the five failure families in report order.
var Families = []string{Omission, Mutation, Addition, EpistemicCollapse, ProvenanceLoss}

// Severities, worst first.
const (
	SevError   = "error"
	SevWarning = "warning"
	SevInfo    = "info"
)

// SeverityRank orders severities: error 3, warning 2, info 1, unknown 0.
func SeverityRank(s string) int {
	switch s {
	case SevError:
		return 3
	case SevWarning:
		return 2
	case SevInfo:
		return 1
	}
	return 0
}

// Side is one side of a finding: a fact as quoted in the report.
type Side struct {
	Text    string `json:"text"`
	Message string `json:"message"`
	Role    string `json:"role"`
	// Fact is the fact's index in the round's source or summary fact list.
	Fact       int                 `json:"fact"`
	Classes    []classify.Class    `json:"classes,omitempty"`
	Tokens     []classify.Token    `json:"tokens,omitempty"`
	Status     classify.Status     `json:"status"`
	Provenance classify.Provenance `json:"provenance"`
	Modality   classify.Modality   `json:"modality"`
	Qualifiers []string            `json:"qualifiers,omitempty"`
	// At is the message's time, when the transcript records one.
	At string `json:"at,omitempty"`
	// Call is, for a line of tool output, the call that printed it, on one line and
	// cut short ("Bash(command=gh api repos/acme/app/pulls/12/comments ...").
	Call string `json:"call,omitempty"`
	// Score is the alignment score of this side against the other (closest match only).
	Score float64 `json:"score,omitempty"`
}

// SlotDiff is one claim slot the rule compared: what the source said and what the
// summary says instead ("" when a side has none).
type SlotDiff struct {
	Slot    string `json:"slot"`
	Source  string `json:"source"`
	Summary string `json:"summary"`
}

// Finding is one defect of one round's summary.
type Finding struct {
	Family   string         `json:"family"`
	Severity string         `json:"severity"`
	Class    classify.Class `json:"class"`
	// Source is the source fact (nil for an addition).
	Source *Side `json:"source,omitempty"`
	// Summary is the summary fact (nil for an omission).
	Summary *Side `json:"summary,omitempty"`
	// Detail explains the finding in one sentence.
	Detail string `json:"detail"`
	// Score is the alignment score of the pair (0 when there is no pair).
	Score float64 `json:"score"`
	// Invariant names the invariant the finding breaks, if any.
	Invariant string `json:"invariant,omitempty"`
	// ID is the finding's stable id within the report ("r2.f5").
	ID string `json:"id"`
	// Rule is the id of the rule that reported it (family/name, see `compaudit rules`).
	Rule string `json:"rule"`
	// Importance (0..1) is how much the lost or changed fact matters; severity follows it.
	Importance float64 `json:"importance"`
	// Why says what made the fact important ("the user's rule", "a failure record").
	Why string `json:"why,omitempty"`
	// Rank orders every finding of the report by importance (1 = most important).
	Rank int `json:"rank"`
	// Closest is, for an omission, the summary fact that came nearest, with its score.
	Closest *Side `json:"closest,omitempty"`
	// Slots are the claim slots the rule compared.
	Slots []SlotDiff `json:"slots,omitempty"`
}

// StillLost is a fact an earlier round already lost that this round still lacks: it is
// reported once, where it was lost, and carried here by reference.
type StillLost struct {
	// Finding is the id of the finding that first reported the loss.
	Finding string `json:"finding"`
	Round   int    `json:"round"`
	Text    string `json:"text"`
}

// Pair is one row of a round's alignment: a source fact, a summary fact, or both.
type Pair struct {
	Source  int     `json:"source"`  // index into SourceFacts, -1 for none
	Summary int     `json:"summary"` // index into SummaryFacts, -1 for none
	Score   float64 `json:"score"`
	// Finding is the index of the finding on this row in Round.Findings, -1 for none.
	Finding int `json:"finding"`
}

// Tokens is a round's token accounting.
type Tokens struct {
	Sources int `json:"sources"`
	Summary int `json:"summary"`
	// Ratio is summary/sources (0 when there are no source tokens).
	Ratio  float64 `json:"ratio"`
	Target int     `json:"target,omitempty"`
	// OverTarget is summary - target when a target is set (negative when under).
	OverTarget int `json:"over_target,omitempty"`
	// PreTokens and PostTokens are what the agent itself recorded, when it did.
	PreTokens  int `json:"pre_tokens,omitempty"`
	PostTokens int `json:"post_tokens,omitempty"`
}

// Survival is kept-of-total for one class in one round.
type Survival struct {
	Class classify.Class `json:"class"`
	Kept  int            `json:"kept"`
	Total int            `json:"total"`
}

// Round is the audit of one compaction round.
type Round struct {
	Round   int    `json:"round"`
	ID      string `json:"id"`
	Parent  string `json:"parent,omitempty"`
	Opaque  bool   `json:"opaque"`
	Depth   int    `json:"depth"`
	Policy  string `json:"policy,omitempty"`
	Model   string `json:"model,omitempty"`
	Trigger string `json:"trigger,omitempty"`
	// Sources are the ids the summary replaced; NewMessages the raw messages among them.
	Sources     []string  `json:"sources"`
	NewMessages []string  `json:"new_messages"`
	Tokens      Tokens    `json:"tokens"`
	Findings    []Finding `json:"findings"`
	// Cumulative holds omissions and mutations against the original messages that the
	// per-round audit does not already report (losses that bled through several rounds).
	Cumulative []Finding  `json:"cumulative"`
	Survival   []Survival `json:"survival"`
	// CumulativeSurvival is survival of the original messages' facts in this summary.
	CumulativeSurvival []Survival `json:"cumulative_survival"`
	Counts             Counts     `json:"counts"`
	// Instructions are the user's own instructions for this compaction, when given.
	Instructions string `json:"instructions,omitempty"`
	// Partial is true when the round's sources are known to be incomplete; Notes say why
	// and what that changed (additions that may stem from unseen context are info).
	Partial bool `json:"partial,omitempty"`
	// Notes are the audit's caveats for this round (partial input, cross-language text).
	Notes []string `json:"notes,omitempty"`
	// StillLost lists losses reported in an earlier round that this summary still lacks.
	StillLost []StillLost `json:"still_lost,omitempty"`

	// The full alignment, for the interactive view (not part of the JSON report).
	SourceFacts  []classify.Fact `json:"-"`
	SummaryFacts []classify.Fact `json:"-"`
	Pairs        []Pair          `json:"-"`
	// CumulativeFacts are the original messages' facts; CumulativePairs aligns them to the summary.
	CumulativeFacts []classify.Fact `json:"-"`
	CumulativePairs []Pair          `json:"-"`
	// Judged is what the rules saw of the round (alignment, importance), for tools.
	Judged *rule.Round `json:"-"`
}

// Counts tallies findings by family and severity.
type Counts struct {
	ByFamily   map[string]int `json:"by_family"`
	BySeverity map[string]int `json:"by_severity"`
}

// InvariantState is an invariant's state in one round.
type InvariantState struct {
	Round int `json:"round"`
	// State is verbatim, paraphrased, dropped, retired, or pending (not yet stated).
	State string `json:"state"`
	// Summary is the summary fact that carries it (empty when dropped).
	Summary string  `json:"summary,omitempty"`
	Score   float64 `json:"score,omitempty"`
	Detail  string  `json:"detail,omitempty"`
}

// Invariant states.
const (
	StateVerbatim    = "verbatim"
	StateParaphrased = "paraphrased"
	StateDropped     = "dropped"
	StateRetired     = "retired"
	StatePending     = "pending"
	StateOpaque      = "unknown"
)

// Invariant is one tracked invariant across rounds.
type Invariant struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Kind is prohibition, precondition or failure_record.
	Kind string `json:"kind"`
	// Origin is "manifest" or "extracted".
	Origin  string `json:"origin"`
	Message string `json:"message,omitempty"`
	// DroppedInRound is the first round whose summary no longer states it with its force.
	DroppedInRound *int `json:"dropped_in_round"`
	// Flagged is true when that drop has no retirement event at or before the round.
	Flagged   bool             `json:"flagged"`
	RetiredAt string           `json:"retired_at,omitempty"`
	Reason    string           `json:"retire_reason,omitempty"`
	States    []InvariantState `json:"states"`
}

// Check is one structural check (the seed's silent-class guards).
type Check struct {
	Name     string `json:"name"`
	Round    int    `json:"round,omitempty"`
	Passed   bool   `json:"passed"`
	Severity string `json:"severity"`
	Detail   string `json:"detail"`
}

// Summary is the report's headline.
type Summary struct {
	Rounds       int            `json:"rounds"`
	Messages     int            `json:"messages"`
	Findings     int            `json:"findings"`
	ByFamily     map[string]int `json:"by_family"`
	BySeverity   map[string]int `json:"by_severity"`
	Worst        string         `json:"worst"`
	Flagged      int            `json:"flagged_invariants"`
	FailedChecks int            `json:"failed_checks"`
	OpaqueRounds int            `json:"opaque_rounds"`
}

// Report is the whole audit (report/v1).
type Report struct {
	Schema   string `json:"schema"`
	Tool     string `json:"tool"`
	Version  string `json:"version"`
	Session  string `json:"session"`
	File     string `json:"file"`
	Format   string `json:"format"`
	Encoding string `json:"encoding"`
	// Warnings are problems the reader tolerated.
	Warnings   []string    `json:"warnings"`
	Summary    Summary     `json:"summary"`
	Rounds     []Round     `json:"rounds"`
	Invariants []Invariant `json:"invariants"`
	Checks     []Check     `json:"checks"`
	// Top lists the ids of the most important findings across rounds (at most five).
	Top []string `json:"top"`
}
