// Package rule is the rule registry of the audit engine. A rule is one phenomenon: a
// stable id (family/name), a one-line doc, the stage it runs in, a check, and examples
// where it must fire and where it must stay quiet (they run as tests). Rules return
// hits; they never build findings or set severity: the judge's severity policy does
// that, in one place.
package rule

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Families.
const (
	Omission          = "omission"
	Mutation          = "mutation"
	Addition          = "addition"
	EpistemicCollapse = "epistemic_collapse"
	ProvenanceLoss    = "provenance_loss"
)

// Stage says what a rule looks at.
type Stage int

const (
	// StagePair: a source fact and the summary fact aligned to it.
	StagePair Stage = iota
	// StageLost: a source fact the summary does not carry.
	StageLost
	// StageClaim: a summary fact, against what the sources support.
	StageClaim
	// StageRound: the round as a whole (template sections, claims of absence).
	StageRound
)

func (s Stage) String() string {
	return [...]string{"pair", "lost", "claim", "round"}[s]
}

// Example is a case a rule must fire on (Fires) or stay quiet on. Source lines are
// "role: text" (user, assistant, thinking, tool, system); Summary is the summary text.
type Example struct {
	Source  []string
	Summary string
	Fires   bool
	// Quotes, when set on an example that fires, is text the finding's source side
	// must contain: which of several sources the rule holds the summary against.
	Quotes string
}

// Rule is one phenomenon.
type Rule struct {
	ID     string
	Family string
	Doc    string
	Stage  Stage
	// Anchored: the rule's change sits in an exact value or name both sides state (a
	// number, a date, a path, a bound, a product): the slot itself pairs the facts, so
	// how loosely the rest of the sentence aligns says little against it.
	Anchored bool
	// Exact: the change is read off the two values alone (01947 and 1947; two digests
	// one character apart): no loose pairing makes such a relation up, so the rule
	// also runs on a long summary line that packs the source's claim among others.
	Exact bool
	// Absent: the rule's evidence is that no source states the summary's value or
	// claim. When the round's sources are known to be partial, that may stem from the
	// context the file does not hold, so its findings stay below warning (as additions
	// do).
	Absent bool
	// One check, for the rule's stage.
	Pair  func(r *Round, p Pair) (Hit, bool)
	Lost  func(r *Round, i int) (Hit, bool)
	Claim func(r *Round, k int) (Hit, bool)
	Whole func(r *Round) []Hit
	// Examples run as tests (see the rules package's test).
	Examples []Example
}

// Slot is one compared claim slot.
type Slot struct {
	Name, Source, Summary string
}

// Hit is what a rule reports.
type Hit struct {
	Rule *Rule
	// Src and Sum are fact indexes into the round's Src and Sum (-1 for none).
	Src, Sum int
	// Ev, when Src is -1, may point at the evidence line (tool output) the hit is
	// about (index into the round's Ev, -1 for none).
	Ev     int
	Detail string
	Slots  []Slot
	// Strength (0..1] says how sure the rule is; the severity policy multiplies it
	// with the fact's importance.
	Strength float64
}

var (
	mu       sync.Mutex
	registry []*Rule
	byID     = map[string]*Rule{}
)

// Register adds a rule. Ids are unique and name their family ("mutation/unit-change").
func Register(r *Rule) *Rule {
	mu.Lock()
	defer mu.Unlock()
	fam, _, ok := strings.Cut(r.ID, "/")
	if !ok || r.Doc == "" {
		panic(fmt.Sprintf("rule %q: id must be family/name and carry a doc", r.ID))
	}
	if _, dup := byID[r.ID]; dup {
		panic("rule registered twice: " + r.ID)
	}
	if r.Family == "" {
		r.Family = familyOf(fam)
	}
	registry = append(registry, r)
	byID[r.ID] = r
	return r
}

// familyOf maps an id's prefix to its family.
func familyOf(prefix string) string {
	switch prefix {
	case "collapse":
		return EpistemicCollapse
	case "provenance":
		return ProvenanceLoss
	}
	return prefix
}

// All returns the rules sorted by id.
func All() []*Rule {
	mu.Lock()
	defer mu.Unlock()
	out := slices.Clone(registry)
	slices.SortFunc(out, func(a, b *Rule) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// familyOrder is the order rules of one stage run in: a specific explanation
// (a changed value, a moved status) before the general one (an unsupported claim).
var familyOrder = map[string]int{Mutation: 0, EpistemicCollapse: 1, ProvenanceLoss: 2, Omission: 3, Addition: 4}

// ByStage returns the rules of one stage, by family order, then id.
func ByStage(s Stage) []*Rule {
	var out []*Rule
	for _, r := range All() {
		if r.Stage == s {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b *Rule) int { return familyOrder[a.Family] - familyOrder[b.Family] })
	return out
}

// Get returns a rule by id (nil when unknown).
func Get(id string) *Rule {
	mu.Lock()
	defer mu.Unlock()
	return byID[id]
}

// Doc returns a rule's doc line ("" when unknown).
func Doc(id string) string {
	if r := Get(id); r != nil {
		return r.Doc
	}
	return ""
}

// NewHit is a hit on a pair of facts (the judge fills in the rule that returned it).
func NewHit(src, sum int, strength float64, detail string, slots ...Slot) Hit {
	return Hit{Src: src, Sum: sum, Ev: -1, Strength: strength, Detail: detail, Slots: slots}
}

// NewHitAt is a hit on summary fact sum whose source side is ref: a judged source fact
// or an evidence line of tool output.
func NewHitAt(ref Ref, sum int, strength float64, detail string, slots ...Slot) Hit {
	if ref.Ev {
		h := NewHit(-1, sum, strength, detail, slots...)
		h.Ev = ref.I
		return h
	}
	return NewHit(ref.I, sum, strength, detail, slots...)
}
