package audit

import (
	"slices"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// The cumulative audit of a round judges the original messages of its lineage
// against its summary: losses that bled through several rounds. Two kinds of fact are
// not judged again, so a round's cumulative audit costs what its lineage still
// carries, not everything it covers:
//   - a fact an earlier summary of the lineage lost outright (no counterpart): the
//     round's summary descends from that summary, so it cannot hold it; it stays in the
//     cumulative lists as lost;
//   - a fact of the round's own new messages: the round's own audit judged it against
//     the same summary; its row is that audit's (it stays a source of the judged
//     round as context: a correction in it settles an older fact's change).

// cumTask is a round's cumulative audit: the facts it judges, and the rows of the
// lineage's facts it does not judge.
type cumTask struct {
	in    judge.Input
	all   []classify.Fact // every original fact, in order
	at    []int           // all[k]'s index among the judged round's sources, -1 for none
	given []Pair          // all[k]'s row when it is not judged here (Source < 0: judged)
	loud  []bool          // ... and a finding above info is about that fact
}

// factKey names a fact across rounds (the extractor gives a message the same facts
// in every round).
func factKey(f *classify.Fact) string { return f.Message + "\x00" + f.Text }

// lineageLosses lists the original facts the parents of c lost outright, keyed by
// factKey, with whether a finding was about them; nil when a parent is opaque or its
// cumulative audit is not merged yet (then none is skipped). index maps a compaction
// id to its place in results.
func lineageLosses(s *sessions.Session, c *sessions.Compaction, results []*roundResult, index map[string]int) map[string]bool {
	ps := s.ParentCompactions(c)
	if len(ps) == 0 {
		return nil
	}
	lost, kept := map[string]bool{}, map[string]bool{}
	for _, p := range ps {
		i, ok := index[p.ID]
		if !ok || p.Opaque || results[i] == nil || results[i].round.CumulativePairs == nil {
			return nil
		}
		rd := &results[i].round
		for _, pr := range rd.CumulativePairs {
			if pr.Source < 0 || pr.Source >= len(rd.CumulativeFacts) {
				continue
			}
			k := factKey(&rd.CumulativeFacts[pr.Source])
			if pr.Summary >= 0 {
				kept[k] = true
			} else {
				lost[k] = lost[k] || pr.Finding >= 0
			}
		}
	}
	for k := range kept {
		delete(lost, k)
	}
	return lost
}

// ownRows are the rows of round rd's own audit for the facts of its new messages,
// keyed by factKey, with the judged facts.
type ownRow struct {
	p    Pair
	f    classify.Fact
	loud bool
}

func ownRows(s *sessions.Session, c *sessions.Compaction, rd *Round) map[string]ownRow {
	if rd == nil {
		return nil
	}
	fresh := map[string]bool{}
	for _, id := range s.NewMessages(c) {
		fresh[id] = true
	}
	loud := map[int]bool{}
	for _, k := range loudAbout(rd.Findings) {
		loud[k] = true
	}
	out := map[string]ownRow{}
	for _, p := range rd.Pairs {
		if p.Source < 0 || p.Source >= len(rd.SourceFacts) || !fresh[rd.SourceFacts[p.Source].Message] {
			continue
		}
		f := rd.SourceFacts[p.Source]
		if _, dup := out[factKey(&f)]; !dup {
			out[factKey(&f)] = ownRow{p, f, loud[p.Source]}
		}
	}
	return out
}

// cumulativeInput is what the cumulative audit of round c judges (false when there
// is none to judge: an opaque round, or a first round whose sources are those
// messages). gone holds the facts its lineage lost (lineageLosses), own the rows of
// the round's own audit (ownRows).
func cumulativeInput(s *sessions.Session, c *sessions.Compaction, ex *extractor, gone map[string]bool, own map[string]ownRow) (*cumTask, bool) {
	if c.Opaque {
		return nil, false
	}
	orig := s.OriginalMessages(c)
	if c.Round <= 1 && len(orig) == len(s.NewMessages(c)) {
		return nil, false
	}
	in := ex.collect(orig)
	n := len(in.Src)
	t := &cumTask{all: in.Src, at: make([]int, n), given: make([]Pair, n), loud: make([]bool, n)}
	src, pos := make([]classify.Fact, 0, n), make([]int, 0, n)
	var context []bool
	for k := range in.Src {
		f := in.Src[k]
		key := factKey(&f)
		t.at[k], t.given[k] = -1, Pair{Source: -1}
		if flagged, ok := gone[key]; ok {
			t.given[k] = Pair{Source: k, Summary: -1, Finding: -1}
			if flagged {
				t.given[k].Finding = 0 // (a cumulative row's Finding only says a finding was about it)
			}
			continue
		}
		o, mine := own[key]
		if mine {
			t.given[k], t.all[k], t.loud[k] = o.p, o.f, o.loud
		}
		t.at[k] = len(src)
		f.Index = len(src)
		src, pos, context = append(src, f), append(pos, in.Pos[k]), append(context, mine)
	}
	in.Src, in.Pos, in.Context = src, pos, context
	in.Sum = ex.summaryFacts(c.ID) // the facts the round's own audit judges as its summary
	in.Cumulative = true
	t.in = in
	return t, true
}

// judgeCumulative judges a round's cumulative task and keeps what the report reads
// of it (the judged round itself is dropped: it holds every original message). The
// facts not judged return in their places with their rows.
func judgeCumulative(s *sessions.Session, c *sessions.Compaction, ex *extractor, t *cumTask, workers int) *cumResult {
	cr := &cumResult{}
	var judged []Pair
	var judgedSrc []classify.Fact
	if slices.Contains(t.in.Context, false) {
		t.in.Workers = workers
		cj := judge.Judge(t.in)
		partial, _ := partiality(s, c, &Round{Tokens: roundTokens(s, c, ex.tokens)})
		cr.findings = findings(c.Round, cj, partial, s)
		judgedSrc, judged = cj.Round.Src, pairs(cj.Round, cr.findings, len(cj.Round.Src))
	}
	var kept []bool
	cr.facts, cr.pairs, kept = t.merge(judgedSrc, judged, cr.findings)
	cr.survival = survivalOf(cr.facts, kept)
	return cr
}

// merge puts the facts not judged back in source order with their rows, renumbers
// the judged rows and findings, and says which facts the summary keeps.
func (t *cumTask) merge(judgedSrc []classify.Fact, judged []Pair, fs []Finding) ([]classify.Fact, []Pair, []bool) {
	n := len(t.all)
	facts, kept := make([]classify.Fact, n), make([]bool, n)
	rows := make([]Pair, 0, n+len(judged)-len(judgedSrc))
	back := make([]int, len(judgedSrc)) // judged index -> index in facts
	for k := range t.all {
		p := t.given[k]
		if j := t.at[k]; j >= 0 && j < len(back) {
			back[j] = k
			if p.Source < 0 { // (pairs lists each source fact's row first, in order)
				facts[k], p = judgedSrc[j], judged[j]
			} else {
				facts[k] = t.all[k]
			}
		} else {
			facts[k] = t.all[k]
			if p.Source < 0 { // (nothing was judged)
				p = Pair{Summary: -1, Finding: -1}
			}
		}
		facts[k].Index, p.Source = k, k
		kept[k] = p.Summary >= 0 && !t.loud[k]
		rows = append(rows, p)
	}
	for i := range fs {
		if src := fs[i].Source; src != nil && src.Fact >= 0 && src.Fact < len(back) {
			src.Fact = back[src.Fact]
		}
	}
	for _, k := range loudAbout(fs) {
		kept[k] = false
	}
	return facts, append(rows, judged[len(judgedSrc):]...), kept
}

// cumResult is what the report keeps of a round's cumulative audit.
type cumResult struct {
	facts    []classify.Fact
	pairs    []Pair
	survival []Survival
	findings []Finding
}

// cumulative audits the original messages against this summary: losses that bled
// through several rounds, reported only when the per-round audit did not. cr is the
// judged cumulativeInput (nil when there was none).
func cumulative(rd *Round, cr *cumResult) {
	if cr == nil {
		rd.CumulativeFacts, rd.CumulativePairs = rd.SourceFacts, rd.Pairs
		rd.CumulativeSurvival = rd.Survival
		return
	}
	rd.CumulativeFacts, rd.CumulativePairs, rd.CumulativeSurvival = cr.facts, cr.pairs, cr.survival
	seen := map[string]bool{}
	for _, f := range rd.Findings {
		if f.Source != nil {
			seen[f.Source.Text] = true
		}
	}
	for _, f := range cr.findings {
		if (f.Family != Omission && f.Family != Mutation) || SeverityRank(f.Severity) < SeverityRank(SevWarning) || f.Source == nil || seen[f.Source.Text] {
			continue
		}
		f.Source.Fact = -1 // its fact lives in the cumulative list, not the round's
		rd.Cumulative = append(rd.Cumulative, f)
	}
}
