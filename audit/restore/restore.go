// Package restore builds, from an audit report, the block an agent reads right after a
// compaction: what the round's summary dropped that still matters (the user's rules
// and words, instructions, decisions, exact identifiers, failure records, open work),
// each quoted verbatim from the transcript with who said it and where, most important
// first, within a token budget.
//
// It reads only report fields (family, severity, importance, rank, rule, class, the
// source side's text, message, role, time and provenance, the round's summary facts
// and opacity), so it follows the engine as the engine improves.
package restore

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

// Schema names the JSON form of a block.
const Schema = "compaudit.restore/v1"

// DefaultMaxTokens is the default budget of a block (o200k_base tokens).
const DefaultMaxTokens = 1500

// MinMaxTokens is the smallest budget that still holds the header and one short item.
const MinMaxTokens = 150

// Marker opens every block; a block found again in a later round's sources is read
// through to the attribution it quoted.
const Marker = "[compaudit restore]"

// Kinds of restored items, in the order a block lists them when the report gives no
// rank or importance.
const (
	KindUserRule    = "user_rule"
	KindRule        = "rule"
	KindInstruction = "instruction"
	KindFailure     = "failure_record"
	KindDecision    = "decision"
	KindOpenWork    = "open_work"
	KindUserWords   = "user_words"
	KindIdentifier  = "identifier"
)

var kindOrder = map[string]int{KindUserRule: 0, KindInstruction: 1, KindRule: 2, KindFailure: 3, KindDecision: 4, KindOpenWork: 5, KindUserWords: 6, KindIdentifier: 7}

var kindLabel = map[string]string{
	KindUserRule:    "The user's rule",
	KindInstruction: "Instruction",
	KindRule:        "Rule an earlier summary carried",
	KindFailure:     "Failure record",
	KindDecision:    "Decision",
	KindOpenWork:    "Open work",
	KindUserWords:   "The user's words",
	KindIdentifier:  "Exact identifier",
}

// Message is what Options.Lookup returns for a message id.
type Message struct {
	Role string
	Text string
	At   string
}

// Options tune Build.
type Options struct {
	// Round is the 1-based round number (0: the last round).
	Round int
	// MaxTokens caps the block's text (0: DefaultMaxTokens).
	MaxTokens int
	// MinSeverity is the least severity a finding needs (default warning).
	MinSeverity string
	// Lookup, when set, finds a message of the session: for a time the report side
	// lacks, and to read an earlier restore block back to the attribution it quoted.
	Lookup func(id string) (Message, bool)
}

// Item is one restored fact.
type Item struct {
	Finding    string         `json:"finding,omitempty"`
	Family     string         `json:"family"`
	Severity   string         `json:"severity"`
	Kind       string         `json:"kind"`
	Class      classify.Class `json:"class"`
	Rule       string         `json:"rule,omitempty"`
	Importance float64        `json:"importance,omitempty"`
	Rank       int            `json:"rank,omitempty"`
	Why        string         `json:"why,omitempty"`
	// Text is the source fact, verbatim.
	Text string `json:"text"`
	// SaidBy says who established it ("the user", "the agent", "tool output", ...).
	SaidBy     string              `json:"said_by"`
	Role       string              `json:"role"`
	Provenance classify.Provenance `json:"provenance"`
	Message    string              `json:"message"`
	At         string              `json:"at,omitempty"`
	// Call is, for tool output, the call that printed it (one line, cut short).
	Call string `json:"call,omitempty"`
	// Via names the earlier restore block the fact was quoted from, when it was.
	Via string `json:"via,omitempty"`
	// SummaryNow is, for a changed rule, what the summary says instead.
	SummaryNow string `json:"summary_now,omitempty"`
	// From says where in the round the finding is: "round", "cumulative" (a loss
	// against the original messages) or "still_lost" (lost in an earlier round).
	From   string `json:"from"`
	Tokens int    `json:"tokens"`

	order candidateOrder
}

// Block is the restore block of one round.
type Block struct {
	Schema     string `json:"schema"`
	Session    string `json:"session"`
	File       string `json:"file"`
	Round      int    `json:"round"`
	Compaction string `json:"compaction"`
	// Opaque is true when the round's summary is encrypted: nothing can be compared.
	Opaque    bool `json:"opaque"`
	MaxTokens int  `json:"max_tokens"`
	// Tokens counts Text.
	Tokens int `json:"tokens"`
	// Qualified counts the facts that qualified; Items are those that fit, LeftOut the rest.
	Qualified int    `json:"qualified"`
	Items     []Item `json:"items"`
	LeftOut   int    `json:"left_out"`
	// Text is the block as the agent reads it ("" when nothing important was lost).
	Text string `json:"text"`
}

// Empty reports whether the block restores nothing.
func (b *Block) Empty() bool { return len(b.Items) == 0 }

// Build builds the restore block of one round of r.
func Build(r *audit.Report, opt Options) (*Block, error) {
	rd, err := pickRound(r, opt.Round)
	if err != nil {
		return nil, err
	}
	if opt.MaxTokens == 0 {
		opt.MaxTokens = DefaultMaxTokens
	}
	if opt.MinSeverity == "" {
		opt.MinSeverity = audit.SevWarning
	}
	b := &Block{Schema: Schema, Session: r.Session, File: r.File, Round: rd.Round, Compaction: rd.ID,
		Opaque: rd.Opaque, MaxTokens: opt.MaxTokens, Items: []Item{}}
	if rd.Opaque {
		return b, nil
	}
	items := candidates(r, rd, opt)
	b.Qualified = len(items)
	b.Items, b.Text = fit(b, items, opt.MaxTokens)
	b.LeftOut = b.Qualified - len(b.Items)
	b.Tokens = audit.CountTokens(b.Text)
	return b, nil
}

func pickRound(r *audit.Report, k int) (*audit.Round, error) {
	if len(r.Rounds) == 0 {
		return nil, fmt.Errorf("the session has no compaction round")
	}
	if k == 0 {
		return &r.Rounds[len(r.Rounds)-1], nil
	}
	for i := range r.Rounds {
		if r.Rounds[i].Round == k {
			return &r.Rounds[i], nil
		}
	}
	return nil, fmt.Errorf("no round %d (the session has rounds 1 to %d)", k, r.Rounds[len(r.Rounds)-1].Round)
}

// candidates are the round's qualifying findings as items, deduplicated, best first.
func candidates(r *audit.Report, rd *audit.Round, opt Options) []Item {
	st := newStatedIn(rd)
	min := audit.SeverityRank(opt.MinSeverity)
	seen := map[string]bool{}
	var out []Item
	add := func(f *audit.Finding, from string, group int) {
		it, ok := itemOf(f, min)
		if !ok {
			return
		}
		key := normalize(it.Text)
		if key == "" || seen[key] || st.states(&it, f.Source) {
			return
		}
		seen[key] = true
		it.From = from
		it.order = orderOf(f, it.Kind, group)
		attribute(&it, opt.Lookup)
		out = append(out, it)
	}
	for i := range rd.Findings {
		add(&rd.Findings[i], "round", 0)
	}
	for _, sl := range rd.StillLost {
		if f := findingByID(r, sl.Finding); f != nil {
			add(f, "still_lost", 1)
		}
	}
	for i := range rd.Cumulative {
		add(&rd.Cumulative[i], "cumulative", 2)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].order.less(out[j].order) })
	return oneQuote(out)
}

// oneQuote keeps one item of words said once and recorded twice: the user's message
// ("fine, the small one is enough") and an earlier summary's record of it ("\"fine,
// the small one is enough\" (instance size for the staging cluster)") are one item,
// in the better place, quoting the fuller text (the record's gloss says what the
// words were about).
func oneQuote(items []Item) []Item {
	var out []Item
	for _, it := range items {
		k := slices.IndexFunc(out, func(o Item) bool { return sameWords(o.Text, it.Text) })
		switch {
		case k < 0:
			out = append(out, it)
		case len(it.Text) > len(out[k].Text):
			it.order = out[k].order
			out[k] = it
		}
	}
	return out
}

// sameWords: one text holds the other whole, and the shorter runs at least
// quoteWords words.
func sameWords(a, b string) bool {
	a, b = normalize(a), normalize(b)
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(strings.Fields(a)) >= quoteWords && strings.Contains(b, a)
}

// quoteWords: a shorter text of fewer words ("yes please") says too little to be
// the same item as a longer one that holds it.
const quoteWords = 4

func findingByID(r *audit.Report, id string) *audit.Finding {
	if id == "" {
		return nil
	}
	for i := range r.Rounds {
		for j := range r.Rounds[i].Findings {
			if r.Rounds[i].Findings[j].ID == id {
				return &r.Rounds[i].Findings[j]
			}
		}
	}
	return nil
}

// itemOf turns a finding into an item when it qualifies: an omission, or a changed
// rule, at min severity or worse, whose source is of a kind worth restoring.
func itemOf(f *audit.Finding, min int) (Item, bool) {
	if f.Source == nil || strings.TrimSpace(f.Source.Text) == "" {
		return Item{}, false
	}
	if f.Family != audit.Omission && !(f.Family == audit.Mutation && isRule(f)) {
		return Item{}, false
	}
	kind := kindOf(f)
	if kind == "" || audit.SeverityRank(f.Severity) < min && !(kind == KindUserRule && overBudget(f, min)) {
		return Item{}, false
	}
	s := f.Source
	it := Item{Finding: f.ID, Family: f.Family, Severity: f.Severity, Kind: kind, Class: f.Class, Rule: f.Rule,
		Importance: f.Importance, Rank: f.Rank, Why: f.Why, Text: strings.TrimSpace(s.Text), Role: s.Role,
		Provenance: s.Provenance, Message: s.Message, At: s.At, Call: s.Call, SaidBy: saidBy(s)}
	if f.Family == audit.Mutation && f.Summary != nil {
		it.SummaryNow = strings.TrimSpace(f.Summary.Text)
	}
	return it, true
}

// overBudget: a loss that weighs as much as min asks and sits at info only because
// the round had more such losses than its report shows above info. The report's
// budget spares the engineer's reading; for the user's own rules the block, capped
// by tokens, is not bound by it.
func overBudget(f *audit.Finding, min int) bool {
	w := audit.WarningWeight
	if min >= audit.SeverityRank(audit.SevError) {
		w = audit.ErrorWeight
	}
	return min > 0 && f.Importance >= w && strings.Contains(f.Why, audit.BeyondBudget)
}

func hasClass(f *audit.Finding, c classify.Class) bool {
	if f.Class == c {
		return true
	}
	for _, x := range f.Source.Classes {
		if x == c {
			return true
		}
	}
	return false
}

func isRule(f *audit.Finding) bool {
	return hasClass(f, classify.ExactConstraint) || hasClass(f, classify.UserPreference) || f.Source.Modality.Level > 0
}

// kindOf says what the source is, or "" when it is not worth restoring. The user's
// words and system instructions always are; tool output only as a failure record (or
// the user's own rule relayed through it, as a rejected tool call carries it); the
// agent's words and an earlier summary's by the finding's class: a decision, an
// identifier, a failure record or open work (and for a summary, a rule it carried).
func kindOf(f *audit.Finding) string {
	s := f.Source
	switch s.Role {
	case "tool":
		if f.Class == classify.FailureHistory {
			return KindFailure
		}
		if s.Provenance.Source == "user" && isRule(f) {
			return KindUserRule
		}
		return ""
	case "system":
		return KindInstruction
	case "user":
		if isRule(f) {
			return KindUserRule
		}
		return KindUserWords
	case audit.RoleSummary:
		if isRule(f) {
			if s.Provenance.Source == "user" {
				return KindUserRule
			}
			return KindRule
		}
	}
	return classKind(f.Class)
}

// classKind is the kind a class makes worth restoring on its own ("" for none).
func classKind(c classify.Class) string {
	switch c {
	case classify.FailureHistory:
		return KindFailure
	case classify.Decision:
		return KindDecision
	case classify.UnresolvedWork:
		return KindOpenWork
	case classify.Identifier:
		return KindIdentifier
	}
	return ""
}

func saidBy(s *audit.Side) string {
	who := strings.TrimSpace(s.Provenance.Who)
	switch s.Role {
	case "user":
		return "the user"
	case "system":
		if who != "" {
			return "a system instruction (" + who + ")"
		}
		return "a system instruction"
	case "tool":
		if s.Provenance.Source == "user" {
			return "the user, relayed in tool output"
		}
		if who != "" && who != "tool output" {
			return "tool output (" + who + ")"
		}
		return "tool output"
	case audit.RoleSummary:
		if s.Provenance.Source == "user" {
			return "the user, as an earlier summary recorded"
		}
		return "an earlier compaction summary"
	}
	switch s.Provenance.Source {
	case "user":
		return "the user, as the agent reported"
	case "", "assistant":
		return "the agent"
	}
	if who != "" {
		return "the agent, citing " + who
	}
	return "the agent"
}

// candidateOrder sorts items: the report's rank, then importance, then severity, then
// kind, then where the finding sits.
type candidateOrder struct {
	rank       int
	importance float64
	severity   int
	kind       int
	group      int
	fact       int
}

func orderOf(f *audit.Finding, kind string, group int) candidateOrder {
	return candidateOrder{rank: f.Rank, importance: f.Importance, severity: audit.SeverityRank(f.Severity),
		kind: kindOrder[kind], group: group, fact: f.Source.Fact}
}

func (a candidateOrder) less(b candidateOrder) bool {
	if (a.rank > 0) != (b.rank > 0) {
		return a.rank > 0
	}
	if a.rank != b.rank {
		return a.rank < b.rank
	}
	if a.importance != b.importance {
		return a.importance > b.importance
	}
	if a.severity != b.severity {
		return a.severity > b.severity
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	if a.group != b.group {
		return a.group < b.group
	}
	return a.fact < b.fact
}
