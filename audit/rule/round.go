package rule

import (
	"slices"
	"strings"
	"sync"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
)

// Pair is a source fact and the summary fact aligned to it.
type Pair struct {
	Src, Sum int
	Match    align.Match
}

// Ref points at a fact of the round: a judged source fact (Ev false) or an evidence
// line of tool output (Ev true).
type Ref struct {
	Ev bool
	I  int
}

// Round is what rules see of one compaction round: both sides' facts, the alignment,
// and look-ups into the round's evidence. The judge builds it; rules only read it.
type Round struct {
	// Src are the judged source facts (the user's and the assistant's words, injected
	// instructions, the parent summary, tool failures and documents), in order.
	Src []classify.Fact
	// Sum are the summary's facts.
	Sum []classify.Fact
	// Ev are evidence lines of tool output and tool calls, searched but never judged.
	Ev []classify.Fact
	// Pos is, per source fact, the position of its message in the round's sources;
	// EvPos the same for evidence lines.
	Pos, EvPos []int
	// Best is, per source fact, its best summary match (Fact -1 when none); Cands its
	// top candidates; Kept whether the summary carries it.
	Best  []align.Match
	Cands [][]align.Match
	Kept  []bool
	// Support is, per summary fact, the source facts and evidence lines that hold its
	// terms best (Refs), with their scores.
	Support [][]Support
	// Clauses are, per summary fact that joins several claims with semicolons ("A
	// passes; B builds; C is resolved"), each clause with the sources that back it
	// best; nil for a single claim.
	Clauses [][]Clause
	// Settled marks source facts the round settled later (a hypothesis confirmed, a
	// question answered, open work done, a request carried out).
	Settled []bool
	// Importance (0..1) of each source fact, and what made it important.
	Importance []float64
	Why        []string
	// Values maps a value's normalised form to the facts that state it.
	Values map[string][]Ref
	// SumValues maps a value's normalised form to the summary facts that state it.
	SumValues map[string][]int
	// After are the facts of the messages after the compaction (what came next).
	After []classify.Fact
	// Text indexes the lower-cased text of every source fact and evidence line, for
	// substring look-ups (an id the summary names inside a longer one).
	Text *TextIndex
	// Terms holds every alignment term of the round's sources and evidence.
	Terms map[string]bool
	// Explained marks, per summary fact, the values a pair rule already reported as
	// changed (so claim rules do not report them again as unsupported).
	Explained map[int]map[string]bool
	// Context marks the source facts no pair or lost rule judges (nil: none).
	Context []bool
	// Cumulative is true when the sources are the original messages of a multi-round
	// lineage rather than the round's own sources.
	Cumulative bool
	// Partial is true when the round's sources are known to be incomplete.
	Partial bool

	ixOnce, vrOnce, svOnce sync.Once // look-ups built on first use (index.go)
	quOnce                 sync.Once
	quoted                 [][]string // per summary fact, its quoted pieces the round holds (quotes.go)
	ix                     *roundIndex
	vr                     []Ref
	sorted                 []string
	memoMu                 sync.Mutex
	memo                   map[string]any
}

// Clause is one claim of a summary line that joins several (its text, values and
// terms, read-only), and what backs it.
type Clause struct {
	Fact    classify.Fact
	Support []Support
	// Concluded: the clause follows an arrow ("count 214 -> the cable is faulty"),
	// so the line draws it as a conclusion.
	Concluded bool
}

// Support is a source fact or evidence line that backs a summary fact.
type Support struct {
	Ref   Ref
	Match align.Match // Cover: share of the summary fact the source holds
}

// Fact returns the fact a ref points at.
func (r *Round) Fact(x Ref) *classify.Fact {
	if x.Ev {
		return &r.Ev[x.I]
	}
	return &r.Src[x.I]
}

// PosOf is the message position of a ref.
func (r *Round) PosOf(x Ref) int {
	if x.Ev {
		return r.EvPos[x.I]
	}
	return r.Pos[x.I]
}

// HasValue reports whether any source fact or evidence line states the value.
func (r *Round) HasValue(norm string) bool { return len(r.Values[norm]) > 0 }

// SummaryHas reports whether any summary fact states the value.
func (r *Round) SummaryHas(norm string) bool { return len(r.SumValues[norm]) > 0 }

// Later lists the source facts after fact i (in later messages) that pred accepts and
// that share a subject or at least share terms with fact i.
func (r *Round) Later(i int, pred func(*classify.Fact) bool) []int {
	return r.laterAbout(i, pred)
}

// About reports whether g is about what f is about: a shared subject, or at least
// two shared content terms of which one is not a plain word.
func About(f, g *classify.Fact) bool {
	for _, s := range f.Subjects {
		for _, t := range g.Subjects {
			if s == t {
				return true
			}
		}
	}
	shared := 0
	for _, a := range f.Words {
		for _, b := range g.Words {
			if a == b {
				shared++
				break
			}
		}
	}
	return shared >= 3 || shared >= 2 && len(f.Words) <= 4
}

// AnswersQuestion: fact i is the user's short reply right after the assistant asked or
// offered options (so "B", "yes, the first", "Parquet, by day" is a decision).
func (r *Round) AnswersQuestion(i int) bool { return r.questionAnswered(i) >= 0 }

// questionAnswered is the assistant's question (or offer) that user fact i replies to
// (see AnswersQuestion), -1 for none.
func (r *Round) questionAnswered(i int) int {
	f := &r.Src[i]
	if f.Origin != classify.OriginUser || len(strings.Fields(f.Text)) > 8 {
		return -1
	}
	p := r.Pos[i]
	for j := i - 1; j >= 0; j-- {
		g := &r.Src[j]
		if r.Pos[j] == p {
			if g.Act == classify.ActQuestion {
				return -1 // (what follows the user's own question elaborates it: "which format? the files are huge")
			}
			continue
		}
		if g.Origin == classify.OriginUser {
			return -1
		}
		if g.Origin != classify.OriginAssistant {
			continue
		}
		if g.Act == classify.ActQuestion || strings.HasSuffix(strings.TrimSpace(g.Text), "?") {
			return j
		}
		if p-r.Pos[j] > 3 {
			return -1
		}
	}
	return -1
}

// Mentions reports whether some source fact or evidence line contains s (any case).
func (r *Round) Mentions(s string) bool {
	if r.Text == nil || s == "" {
		return false
	}
	return len(r.Text.Lookup([]byte(strings.ToLower(s)), 1)) > 0
}

// MentionsNumbered is Mentions for a name that starts with digits ("912_manifest"):
// an occurrence right after another digit is the tail of a longer number
// ("00912_manifest"), not the name.
func (r *Round) MentionsNumbered(s string) bool {
	if !r.Mentions(s) {
		return false
	}
	if s[0] < '0' || s[0] > '9' {
		return true
	}
	text := r.Text.Bytes()
	return r.Text.Any([]byte(strings.ToLower(s)), func(at int) bool { return at == 0 || text[at-1] < '0' || text[at-1] > '9' })
}

// ValueRefs lists, in round order (source facts, then evidence lines), every fact that
// states a value: a deterministic walk where a map's order would not be.
func (r *Round) ValueRefs() []Ref { return r.valueRefsOf() }

// SortedValues lists the normalised values of the round in sorted order.
func (r *Round) SortedValues() []string {
	r.svOnce.Do(func() {
		out := make([]string, 0, len(r.Values))
		for k := range r.Values {
			out = append(out, k)
		}
		slices.Sort(out)
		r.sorted = slices.Clip(out)
	})
	return r.sorted
}

// Shed drops what only the rules read: the evidence lines, the support and clause
// look-ups, the candidate lists, the value, text and term indexes, what follows the
// compaction, and the rules' memos. What a report and invariant tracking read of a
// judged round stays: both sides' facts and positions, the best match, what is kept,
// importance and its reasons. Rules must not run on a round once it is shed.
func (r *Round) Shed() {
	r.Ev, r.EvPos, r.Cands, r.Support, r.Clauses = nil, nil, nil, nil, nil
	r.Values, r.SumValues, r.After, r.Text, r.Terms, r.Explained = nil, nil, nil, nil, nil, nil
	r.quoted, r.ix, r.vr, r.sorted = nil, nil, nil, nil
	r.memoMu.Lock()
	r.memo = nil
	r.memoMu.Unlock()
}

// WorkedOn reports whether the agent went on working right after fact i's message:
// the next message of the round is the agent's or a tool's, not the user's. A question
// the agent asks and then pursues itself ("is 82b4027 an ancestor of main?", then a
// git call) waits for nobody; one that ends its turn waits for the user.
func (r *Round) WorkedOn(i int) bool {
	p := r.Pos[i]
	next, nextUser := -1, false
	for j := range r.Src {
		if q := r.Pos[j]; q > p && (next < 0 || q < next) {
			next, nextUser = q, r.Src[j].Origin == classify.OriginUser
		}
	}
	for k := range r.Ev {
		if q := r.EvPos[k]; q > p && (next < 0 || q < next) {
			next, nextUser = q, false
		}
	}
	return next >= 0 && !nextUser
}
