package audit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/rules"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// InvariantWeight: an extracted invariant is a fact at least this important that is a
// rule, a decision or request of the user's, an instruction's rule, a third party's
// constraint, or a failure record.
var InvariantWeight = 0.35

// invCand is an invariant to track.
type invCand struct {
	id, kind, origin, message string
	fact                      classify.Fact
	pos                       int // message index in the session
}

// trackInvariants follows every invariant across the rounds: declared in a manifest,
// or extracted from what the rounds judged important.
func trackInvariants(s *sessions.Session, r *Report, res []*roundResult, ex *extractor) []Invariant {
	var cands []invCand
	if s.Manifest != nil && len(s.Manifest.Invariants) > 0 {
		cands = manifestCandidates(s)
	} else {
		cands = extractedCandidates(s, res, ex)
	}
	out := []Invariant{}
	for _, c := range cands {
		out = append(out, track(s, r, res, c))
	}
	return out
}

func manifestCandidates(s *sessions.Session) []invCand {
	var out []invCand
	for _, inv := range s.Manifest.Invariants {
		fs := classify.Extract(inv.At, "user", inv.Text)
		f := mergeFacts(inv.At, inv.Text, fs)
		pos := 0
		if inv.At != "" {
			pos = s.MessageIndex(inv.At)
		}
		out = append(out, invCand{id: inv.ID, kind: invariantKind(&f), origin: "manifest", message: inv.At, fact: f, pos: pos})
	}
	return out
}

// mergeFacts is one fact for a whole invariant text (its claim taken from the fact
// with the strongest force).
func mergeFacts(id, text string, fs []classify.Fact) classify.Fact {
	f := classify.Fact{Message: id, Role: "user", Origin: classify.OriginUser, Text: text, Act: classify.ActRule}
	f.Tokens = classify.Values(text)
	f.Words = classify.Terms(text, f.Tokens)
	for _, x := range fs {
		if x.Modality.Level > f.Modality.Level {
			f.Modality = x.Modality
		}
		f.Bounds = append(f.Bounds, x.Bounds...)
		f.Subjects = append(f.Subjects, x.Subjects...)
		f.Scopes = append(f.Scopes, x.Scopes...) // (what its force governs)
	}
	return f
}

// extractedCandidates: the important rules, decisions, constraints and failure records
// of the raw messages, in message order, each once; then the user's standing rules
// stated after the last compaction (tailCandidates).
func extractedCandidates(s *sessions.Session, res []*roundResult, ex *extractor) []invCand {
	seen := map[string]bool{}
	var out []invCand
	for _, rr := range res {
		if rr.jr == nil {
			continue
		}
		jr := rr.jr.Round
		failureMsgs := map[string]bool{}
		for i := range jr.Src {
			f := &jr.Src[i]
			if f.Origin == classify.OriginSummary || jr.Importance[i] < InvariantWeight || !invariantLike(f) {
				continue
			}
			if jr.Kept[i] && jr.Best[i].Fact < 0 {
				continue // it restates or picks what other facts say: those are the ones to track
			}
			if f.Act == classify.ActFailure && f.Origin != classify.OriginUser {
				if failureMsgs[f.Message] {
					continue // one failure record per tool run: its telling line
				}
				failureMsgs[f.Message] = true
			}
			key := f.Message + "|" + f.Text
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, invCand{kind: invariantKind(f), origin: "extracted", message: f.Message, fact: *f, pos: s.MessageIndex(f.Message)})
		}
	}
	out = append(out, tailCandidates(s, ex, seen)...)
	for k := range out {
		out[k].id = fmt.Sprintf("%s.%d", out[k].message, k+1)
	}
	return out
}

func invariantLike(f *classify.Fact) bool {
	if f.Code || f.Evidence || f.Pasted && f.Modality.Level < 3 {
		return false // (a pasted comment's advice is no invariant; its must or never is)
	}
	switch f.Act {
	case classify.ActRule, classify.ActFailure:
		return true
	case classify.ActDecision:
		return f.Origin == classify.OriginUser
	case classify.ActRequest:
		// a task asked once and done is no standing rule; one with a limit is
		return f.Origin == classify.OriginUser && standingRequest(f)
	}
	return f.Origin == classify.OriginUser && len(strings.Fields(f.Text)) >= 4 && f.Act != classify.ActQuestion
}

// standingRequest: the user's request carries something that outlives doing it: a
// bound, an exact value, a condition, an emphasis, a negation, or a pick among
// options or a "let's" that sets the way forward.
func standingRequest(f *classify.Fact) bool {
	if len(f.Bounds) > 0 || f.Emphasis > 0 || f.Modality.Negative || f.Negated || len(f.Picks) > 0 {
		return true
	}
	for _, w := range strings.Fields(strings.ToLower(f.Text)) {
		if w = strings.Trim(w, ",.;:!?\"'()"); w == "let's" || w == "let’s" || w == "lets" {
			return true
		}
	}
	for _, sc := range f.Scopes {
		if sc.Kind == "qualifier" {
			return true
		}
	}
	for _, t := range f.Tokens {
		if classify.Specific(t) {
			return true
		}
	}
	return len(strings.Fields(f.Text)) > 12
}

func invariantKind(f *classify.Fact) string {
	switch {
	case f.Act == classify.ActFailure:
		return "failure_record"
	case f.Modality.Negative:
		return "prohibition"
	}
	return "precondition"
}

// track computes one invariant's state in every round.
func track(s *sessions.Session, r *Report, res []*roundResult, c invCand) Invariant {
	inv := Invariant{ID: c.id, Text: c.fact.Text, Kind: c.kind, Origin: c.origin, Message: c.message, States: []InvariantState{}}
	retAt, reason, retired := retirement(s, c.id)
	carrier := "" // the summary fact that carried it in the round before
	for k, rr := range res {
		rd := &r.Rounds[k]
		st := InvariantState{Round: rd.Round}
		switch {
		case rd.Opaque:
			st.State = StateOpaque
		case c.pos >= 0 && c.pos > rr.last:
			st.State = StatePending
		case retired && retAt <= rr.last:
			st.State = StateRetired
			if inv.RetiredAt == "" {
				inv.RetiredAt, inv.Reason = s.Messages[retAt].ID, reason
			}
			// a retired invariant's drop is still the round that dropped it, unflagged
			if in := stateIn(rr, rd, c, carrier); in.State == StateDropped && inv.DroppedInRound == nil {
				n := rd.Round
				inv.DroppedInRound = &n
				st.Detail = "the summary no longer states it (retired, so not flagged)"
			}
		default:
			st = stateIn(rr, rd, c, carrier)
		}
		carrier = ""
		if st.State == StateVerbatim || st.State == StateParaphrased {
			carrier = st.Summary // the next round reads it in this summary's words
		}
		if st.State == StateDropped && inv.DroppedInRound == nil {
			n := rd.Round
			inv.DroppedInRound = &n
			inv.Flagged = !(retired && retAt <= rr.last)
		}
		inv.States = append(inv.States, st)
	}
	return inv
}

// stateIn: judged with the round's findings when the fact is among its sources, or
// dropped when the earlier summary's fact that carried it (carrier) is among them and
// lost outright; else aligned against its summary.
func stateIn(rr *roundResult, rd *Round, c invCand, carrier string) InvariantState {
	st := InvariantState{Round: rd.Round}
	jr := rr.jr.Round
	rr.indexForInvariants(rd)
	i, ok := rr.srcIdx[c.fact.Message+"\x00"+c.fact.Text]
	if !ok && carrier != "" {
		if k, in := rr.summaryIdx[carrier]; in && lostOutright(rr, k) {
			// the earlier summary's line that carried it has no counterpart left
			st.State, st.Detail = StateDropped, rr.lostBy[k]
			return st
		} else if in && carriedOn(rr, k) {
			// the line that carried it is carried on whole: the invariant goes with it
			// ("no -dontshrink" in the user's words, "-dontshrink is not an option" in
			// the earlier summary, "-dontshrink stays excluded" in this one)
			b := jr.Best[k]
			return keptState(st, c.fact.Text, &jr.Sum[b.Fact], b.Score)
		}
	}
	if ok {
		if detail, lost := rr.lostBy[i]; lost {
			st.State, st.Detail = StateDropped, detail
			return st
		}
		if jr.Best[i].Fact >= 0 {
			return keptState(st, c.fact.Text, &jr.Sum[jr.Best[i].Fact], jr.Best[i].Score)
		}
		st.State = StateDropped
		if jr.Kept[i] {
			st.State = StateParaphrased // carried by what it restates or picks, not by words of its own
		}
		return st
	}
	a := rr.sumAlig
	cs := a.Candidates(&c.fact, judge.Align.TopK)
	if len(cs) == 0 || !judge.Kept(a, &c.fact, jr.Sum, cs) {
		st.State = StateDropped
		return st
	}
	for _, t := range c.fact.Tokens {
		if classify.Specific(t) && !summaryHolds(jr.Sum, t) && !amended(jr, &jr.Sum[cs[0].Fact], t) {
			st.State, st.Detail = StateDropped, fmt.Sprintf("%s %q is gone from the summary", t.Kind, t.Raw)
			return st
		}
	}
	if detail, weakened := rules.ForceWeakened(&c.fact, &jr.Sum[cs[0].Fact]); weakened && cs[0].Cover >= weakenedCover {
		st.State, st.Detail = StateDropped, "the summary keeps it with less force: "+detail
		return st
	}
	return keptState(st, c.fact.Text, &jr.Sum[cs[0].Fact], cs[0].Score)
}

// amended: the summary fact g gives value t's slot a new value (same kind and family)
// that the user stated in the round's own messages ("make it 45 minutes instead of 20"): the
// user changed the invariant; the summary keeps it as changed.
func amended(jr *rule.Round, g *classify.Fact, t classify.Token) bool {
	for _, y := range g.Tokens {
		if y.Kind != t.Kind || y.Family != t.Family || classify.Equivalent(y, t) {
			continue
		}
		for i := range jr.Src {
			if f := &jr.Src[i]; f.Origin == classify.OriginUser && classify.HasEquivalent(f.Tokens, y) {
				return true
			}
		}
	}
	return false
}

// carriedOn: source fact k (an earlier summary's line) has no loss or change of its
// own and a summary fact carries it.
func carriedOn(rr *roundResult, k int) bool {
	_, lost := rr.lostBy[k]
	return !lost && rr.jr.Round.Kept[k] && rr.jr.Round.Best[k].Fact >= 0
}

// lostOutright: source fact k has an omission and no summary fact pairs with it at all
// (a line lost in part says nothing of the invariant it carried).
func lostOutright(rr *roundResult, k int) bool {
	_, lost := rr.lostBy[k]
	b := rr.jr.Round.Best[k]
	return lost && (b.Fact < 0 || b.Score < judge.PairScore || b.Cover < judge.PairCover)
}

// indexForInvariants builds the round's look-ups once: where each source fact is, the
// first omission or mutation of each (or a failure record the summary keeps only as
// an option: lost as it was stated), and an aligner over the summary.
func (rr *roundResult) indexForInvariants(rd *Round) {
	if rr.srcIdx != nil {
		return
	}
	jr := rr.jr.Round
	rr.srcIdx = make(map[string]int, len(jr.Src))
	rr.summaryIdx = map[string]int{}
	for i := range jr.Src {
		k := jr.Src[i].Message + "\x00" + jr.Src[i].Text
		if _, seen := rr.srcIdx[k]; !seen {
			rr.srcIdx[k] = i
		}
		if _, seen := rr.summaryIdx[jr.Src[i].Text]; !seen && jr.Src[i].Origin == classify.OriginSummary {
			rr.summaryIdx[jr.Src[i].Text] = i
		}
	}
	rr.lostBy = map[int]string{}
	for _, fd := range rd.Findings {
		if fd.Source == nil || fd.Family != Omission && fd.Family != Mutation && !failureStatusLost(fd) {
			continue
		}
		if _, seen := rr.lostBy[fd.Source.Fact]; !seen {
			rr.lostBy[fd.Source.Fact] = fd.Detail
		}
	}
	rr.sumAlig = align.New(judge.Align, nil, jr.Sum)
}

// failureStatusLost: the finding says a failure record's status (tried, failed) is
// gone from the summary, whatever the summary made of the attempt.
func failureStatusLost(fd Finding) bool {
	return slices.ContainsFunc(fd.Slots, func(s SlotDiff) bool { return s.Slot == "status" && s.Source == classify.StatusTriedFailed })
}

// weakenedCover is how much of an invariant its best summary fact must hold for a
// weaker force there to be the invariant weakened (as the pair rule reads it).
const weakenedCover = 0.4

func summaryHolds(sum []classify.Fact, t classify.Token) bool {
	return slices.ContainsFunc(sum, func(g classify.Fact) bool { return classify.HasEquivalent(g.Tokens, t) })
}

func keptState(st InvariantState, text string, g *classify.Fact, score float64) InvariantState {
	st.Summary, st.Score = g.Text, round3(score)
	if strings.Contains(normText(g.Text), normText(text)) {
		st.State = StateVerbatim
	} else {
		st.State = StateParaphrased
	}
	return st
}

func normText(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, " .\"'`"))), " ")
}

// retirement returns the message index and reason of invariant id's retire event.
func retirement(s *sessions.Session, id string) (int, string, bool) {
	if s.Manifest == nil {
		return 0, "", false
	}
	for _, e := range s.Manifest.Events {
		if e.Kind != "retire" || e.ID != id {
			continue
		}
		at := len(s.Messages) - 1
		if e.At != "" {
			if i := s.MessageIndex(e.At); i >= 0 {
				at = i
			}
		}
		return at, e.Reason, true
	}
	return 0, "", false
}
