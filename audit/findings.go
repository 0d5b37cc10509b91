package audit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// The severity policy, in one place: a finding's weight is the importance of the fact
// it is about times how sure its rule is; the weight sets the severity, and a round
// reports at most RoundBudget findings above info (the rest stay in the report at
// info, ranked), so an engineer reads a handful per round, not hundreds; a round with
// more errors than that reports them all, up to ErrorBudget.
var (
	ErrorWeight   = 0.62
	WarningWeight = 0.36
	// DistortionFloor: a summary fact that changes what a source said (a value, a
	// status, who said it) weighs at least this much whoever said the original; a
	// dropped fact weighs only its importance.
	DistortionFloor = 0.42
	// ReasoningDistortionFloor is the floor when the original is the agent's reasoning.
	ReasoningDistortionFloor = 0.2
	// A change found on a pair weighs its pair's confidence: full when the summary fact
	// covers PairSureCover of the source and the source PairSureBack of it, down to
	// PairConfidenceMin for the loosest pair.
	PairSureCover, PairSureBack, PairConfidenceMin = 0.75, 0.6, 0.6
	// RoundBudget is the number of findings above info a round reports at least; a
	// round that lost more gets one more per BudgetStep further candidates, up to
	// BudgetMax (a summary that dropped half the session says so).
	RoundBudget = 6
	BudgetStep  = 8
	BudgetMax   = 6
	// DocumentFacts: a user or instruction message with this many facts is a document
	// (pasted or injected); at most DocumentLosses of its omissions are above info.
	DocumentFacts, DocumentLosses = 12, 2
	// ErrorBudget: a round that lost more than RoundBudget things of error weight
	// reports them all, up to this many (a summary that dropped a dozen rules says so),
	// and RoundBudget warnings beside them.
	ErrorBudget = 12
	// claimWeight is the importance of a summary claim no source supports, by rule.
	claimWeight = map[string]float64{
		"addition/invented-event": 0.72, "addition/invented-result": 0.7, "addition/invented-decision": 0.62,
		"addition/unsupported-value": 0.5,
	}
	defaultClaimWeight = 0.5
	// evidenceWeight is the importance of a tool's readout the summary changed.
	evidenceWeight = 0.7
)

// scored is a finding with its weight and its source fact (-1 for none).
type scored struct {
	f   Finding
	w   float64
	src int
}

// findings turns a round's hits into findings with severity, then ranks and ids them.
func findings(round int, jr *judge.Result, partial bool, s *sessions.Session) []Finding {
	r := jr.Round
	var out []scored
	seen := map[string]bool{}
	for _, h := range jr.Hits {
		var key string
		switch {
		case h.Rule.Family == ProvenanceLoss && h.Sum >= 0:
			// who the summary credits is said once, in its own line: paired with four
			// source lines, it is still one wrong credit
			key = fmt.Sprintf("%s|sum|%d", h.Rule.Family, h.Sum)
		case h.Src >= 0:
			// the same words lost or changed twice (a repeated error, a restated rule)
			// are one finding
			key = fmt.Sprintf("%s|%s|%d", h.Rule.Family, normText(r.Src[h.Src].Text), h.Sum)
		default:
			key = fmt.Sprintf("%s|%d|%d", h.Rule.Family, h.Src, h.Sum)
		}
		if seen[key] || otherSource(r, h) {
			continue
		}
		seen[key] = true
		f, w := finding(r, h, s)
		if partial && (f.Family == Addition || f.Family == ProvenanceLoss || h.Rule.Absent) {
			w = min(w, WarningWeight-0.01)
			f.Why = strings.TrimSpace(f.Why + "; the round's sources are partial, so this may stem from unseen context")
		}
		f.Importance = round3(w)
		out = append(out, scored{f, w, h.Src})
	}
	slices.SortStableFunc(out, func(a, b scored) int {
		switch {
		case a.w > b.w:
			return -1
		case a.w < b.w:
			return 1
		}
		return position(a.f) - position(b.f)
	})
	out = dedupe(out, func(x scored) (string, int) { return x.f.Family, x.src }, r, quoteUser)
	capDocuments(out, r)
	candidates, errors := 0, 0
	for _, x := range out {
		if x.w >= WarningWeight {
			candidates++
		}
		if x.w >= ErrorWeight {
			errors++
		}
	}
	budget := max(min(BudgetMax, RoundBudget+max(0, candidates-RoundBudget)/BudgetStep), min(ErrorBudget, errors))
	if errors >= RoundBudget {
		// a summary that lost this many things of error weight is broken: every error
		// shows, and the usual budget of warnings beside them
		budget = min(2*ErrorBudget, errors+RoundBudget)
	}
	res := make([]Finding, len(out))
	loud := 0
	for k, x := range out {
		f := x.f
		f.Severity = severityOf(x.w)
		if f.Severity != SevInfo {
			loud++
			if loud > budget {
				f.Severity = SevInfo
				f.Why = strings.TrimSpace(f.Why + "; " + BeyondBudget)
			}
		}
		f.ID = fmt.Sprintf("r%d.f%d", round, k+1)
		res[k] = f
	}
	return res
}

// otherSource: a mutation pairs source fact h.Src with summary fact h.Sum, but the
// summary fact is other sources' claim: some source states it well (holds at least
// OtherSourceCover of it) and h.Src is not even among the sources that hold it best
// (the round's top candidates for it). The two facts are different claims the
// aligner put side by side ("manual_commit.go (needs update)" against a grep's
// "manual_commit_hooks.go"), not one claim changed. (Also asking h.Src to hold it
// nearly as well as the best source cost planted mutations in the fixtures.)
func otherSource(r *rule.Round, h rule.Hit) bool {
	if h.Rule.Family != Mutation || h.Src < 0 || h.Sum < 0 || h.Sum >= len(r.Support) || len(r.Support[h.Sum]) == 0 {
		return false
	}
	sup := r.Support[h.Sum]
	for _, x := range sup {
		if !x.Ref.Ev && x.Ref.I == h.Src {
			return false
		}
	}
	// (a changed value in no source: whichever line the summary copied, it changed it)
	return sup[0].Match.Cover >= OtherSourceCover && !novelSlots(r, h)
}

// novelSlots: every value the hit names as the summary's is a figure or numbered name
// of the summary fact that no source states.
func novelSlots(r *rule.Round, h rule.Hit) bool {
	for _, sl := range h.Slots {
		if !strings.ContainsAny(sl.Summary, "0123456789") || !slices.ContainsFunc(r.Sum[h.Sum].Tokens, func(t classify.Token) bool { return t.Raw == sl.Summary }) || r.MentionsNumbered(sl.Summary) {
			return false
		}
	}
	return len(h.Slots) > 0
}

// OtherSourceCover: see otherSource.
const OtherSourceCover = 0.5

// quoteUser lets a kept loss quote the user's own words that another lost fact
// restates: the engineer and the restore block see what the user typed, not a
// summary's paraphrase of it. The loss keeps its rule and weight.
func quoteUser(kept *scored, x scored) {
	kept.f.Source, kept.f.Closest, kept.f.Class, kept.src = x.f.Source, x.f.Closest, x.f.Class, x.src
	kept.f.Why, kept.f.Detail = x.f.Why, x.f.Detail
}

// BeyondBudget ends the why of a finding the round's budget kept at info: it weighs
// enough for warning, but the round had more such findings than it shows above info.
const BeyondBudget = "beyond the round's budget of findings above info"

// capDocuments: a long injected or pasted text (a skill's or command's body, a
// review the user pasted) lost in a summary is one loss, not one per line: of the
// omissions from one such message, only the DocumentLosses weightiest stay above
// info. out is sorted by weight.
func capDocuments(out []scored, r *rule.Round) {
	facts := map[string]int{}
	for i := range r.Src {
		facts[r.Src[i].Message]++
	}
	loud := map[string]int{}
	for k := range out {
		x := &out[k]
		if x.f.Family != Omission || x.src < 0 || x.w < WarningWeight {
			continue
		}
		f := &r.Src[x.src]
		if (f.Origin != classify.OriginInstruction && f.Origin != classify.OriginUser) || facts[f.Message] < DocumentFacts {
			continue
		}
		if loud[f.Message]++; loud[f.Message] > DocumentLosses {
			x.w = WarningWeight - 0.01
			x.f.Importance = round3(x.w)
			x.f.Why = strings.TrimSpace(x.f.Why + fmt.Sprintf("; one more loss from the same long message (%s, %d facts)", f.Message, facts[f.Message]))
		}
	}
}

// pairConfidence (0..1) says how surely the summary fact is the source fact's claim
// restated: both hold most of each other. A loose pairing (a short note against a long
// line that says much else, or a sentence that shares half its words) is weak
// evidence that anything was changed, so it weighs less.
func pairConfidence(r *rule.Round, i, k int) float64 {
	for _, m := range r.Cands[i] {
		if m.Fact == k {
			c := min(1, m.Cover/PairSureCover) * min(1, m.Back/PairSureBack)
			return PairConfidenceMin + (1-PairConfidenceMin)*c
		}
	}
	return 1 // a pair the aligner did not rank (a rule's own pairing): no evidence either way
}

func severityOf(w float64) string {
	switch {
	case w >= ErrorWeight:
		return SevError
	case w >= WarningWeight:
		return SevWarning
	}
	return SevInfo
}

func position(f Finding) int {
	if f.Source != nil {
		return f.Source.Fact
	}
	if f.Summary != nil {
		return 1<<20 + f.Summary.Fact
	}
	return 1 << 30
}

// finding builds one finding and its weight.
func finding(r *rule.Round, h rule.Hit, s *sessions.Session) (Finding, float64) {
	f := Finding{Family: h.Rule.Family, Rule: h.Rule.ID, Detail: h.Detail, Score: 0}
	w := defaultClaimWeight
	if cw, ok := claimWeight[h.Rule.ID]; ok {
		w = cw
	}
	if h.Src >= 0 {
		sf := &r.Src[h.Src]
		f.Source = side(sf, s)
		f.Class = sf.Primary()
		w = r.Importance[h.Src]
		if h.Rule.Family != Omission && h.Sum >= 0 {
			// the summary states something wrong: that misleads whoever said the original
			floor := DistortionFloor
			switch {
			case sf.Act == classify.ActChatter:
				// process talk ("let me check X next") states nothing a summary could
				// distort: a summary line that names X otherwise says something else
				floor = 0
			case sf.Origin == classify.OriginThinking:
				// a reasoning step is a draft the agent revised as it went: the summary
				// restating it otherwise is weaker evidence of a distortion
				floor = ReasoningDistortionFloor
			}
			w = floor + (1-floor)*w
			if !h.Rule.Anchored && h.Rule.Stage != rule.StageRound {
				// (a round rule pairs by the claims' roles, "nothing is left" against
				// the open tail, not by shared words: the aligner's rank says nothing of it)
				w *= pairConfidence(r, h.Src, h.Sum)
			}
		}
		f.Why = r.Why[h.Src]
		if h.Sum < 0 && r.Best[h.Src].Fact >= 0 {
			b := r.Best[h.Src]
			f.Closest = side(&r.Sum[b.Fact], s)
			f.Closest.Score = round3(b.Score)
			f.Detail = fmt.Sprintf("%s (closest summary fact scores %.2f)", h.Detail, b.Score)
		}
	}
	if h.Src < 0 && h.Ev >= 0 {
		ef := &r.Ev[h.Ev]
		f.Source = side(ef, s)
		f.Source.Fact = -1 // an evidence line, not one of the round's judged facts
		w = evidenceWeight
		f.Why = "a value a tool reported"
	}
	if h.Sum >= 0 {
		gf := &r.Sum[h.Sum]
		f.Summary = side(gf, s)
		if h.Src < 0 && h.Ev < 0 {
			f.Class = gf.Primary()
			f.Why = "a claim of the summary's"
		}
		if h.Src >= 0 {
			f.Score = round3(alignScore(r, h.Src, h.Sum))
		}
	}
	for _, sl := range h.Slots {
		f.Slots = append(f.Slots, SlotDiff{Slot: sl.Name, Source: sl.Source, Summary: sl.Summary})
	}
	f.Detail = strings.TrimSpace(f.Detail)
	if f.Why != "" && h.Src >= 0 {
		f.Detail = f.Why + ": " + f.Detail
	}
	return f, w * h.Strength
}

func alignScore(r *rule.Round, i, k int) float64 {
	for _, m := range r.Cands[i] {
		if m.Fact == k {
			return m.Score
		}
	}
	return 0
}

func side(f *classify.Fact, s *sessions.Session) *Side {
	sd := &Side{Text: f.Text, Message: f.Message, Role: f.Role, Fact: f.Index, Classes: f.Classes, Tokens: f.Tokens,
		Status: f.Status, Provenance: f.Provenance, Modality: f.Modality, Qualifiers: f.Qualifiers}
	if m := s.Message(f.Message); m != nil {
		sd.At = m.At
		if m.Kind == sessions.KindToolResult {
			sd.Call = callLine(callFor(s, f.Message))
		}
	} else if c := s.Compaction(f.Message); c != nil {
		sd.At = c.At
	}
	return sd
}

// callFor is the text of the tool call whose result is message id: the call the
// reader paired with it, else the nearest call before it ("" when none).
func callFor(s *sessions.Session, id string) string {
	if c := s.Message(id + ".call"); c != nil {
		return c.Text
	}
	i := s.MessageIndex(id)
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if m := s.Messages[j]; m.Kind == sessions.KindToolCall {
			return m.Text
		}
	}
	return ""
}

// callLine is a call's text on one line, cut to callRunes.
func callLine(call string) string {
	t := strings.Join(strings.Fields(call), " ")
	if r := []rune(t); len(r) > callRunes {
		t = string(r[:callRunes-1]) + "…"
	}
	return t
}

// callRunes: a call is shown in at most this many characters.
const callRunes = 100

func countFindings(fs []Finding) Counts {
	c := Counts{ByFamily: map[string]int{}, BySeverity: map[string]int{}}
	for _, f := range Families {
		c.ByFamily[f] = 0
	}
	for _, s := range []string{SevError, SevWarning, SevInfo} {
		c.BySeverity[s] = 0
	}
	for _, f := range fs {
		c.ByFamily[f.Family]++
		c.BySeverity[f.Severity]++
	}
	return c
}
