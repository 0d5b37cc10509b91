package audit

import (
	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// TailWindow caps how many messages after the last compaction are read for the
// user's standing rules.
const TailWindow = 2000

// standingTerms: a standing rule names at least this many content terms.
const standingTerms = 2

// tailCandidates: the user's rules, decisions and requests stated after the last
// compaction. No summary has carried them yet, so every round holds them as pending;
// the next compaction is the one that must keep them.
func tailCandidates(s *sessions.Session, ex *extractor, seen map[string]bool) []invCand {
	rounds := s.Rounds()
	if len(rounds) == 0 {
		return nil
	}
	last := -1
	for _, c := range rounds {
		last = max(last, s.LastSourceIndex(c))
	}
	var facts []classify.Fact
	var pos []int
	for j := last + 1; j >= 0 && j < len(s.Messages) && j <= last+TailWindow; j++ {
		for _, f := range ex.judgedOf(s.Messages[j].ID) {
			facts, pos = append(facts, f), append(pos, j)
		}
	}
	imp := judge.Standing(facts, pos)
	var out []invCand
	for i := range facts {
		f := &facts[i]
		if f.Origin != classify.OriginUser || imp[i] < InvariantWeight || !invariantLike(f) || !standingAct(f) {
			continue
		}
		key := f.Message + "|" + f.Text
		if seen[key] || seen["\x00"+f.Text] {
			continue // (the user's same words again, in a later message, are the same rule)
		}
		seen[key], seen["\x00"+f.Text] = true, true
		out = append(out, invCand{kind: invariantKind(f), origin: "extracted", message: f.Message, fact: *f, pos: pos[i]})
	}
	return out
}

// standingAct: a fact that binds what comes next (a rule, a decision, a request); a
// remark or a question of the user's is no standing rule until a round weighs it.
func standingAct(f *classify.Fact) bool {
	// (a bare "can you help me with that" names nothing to keep)
	return !f.Pasted && len(f.Words) >= standingTerms && judge.Binding(f)
}
