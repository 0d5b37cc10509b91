package audit

import (
	"fmt"
	"github.com/compaudit/compaudit/audit/align"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/sessions"
)

// roundResult is a round's report entry with what invariant tracking reuses.
type roundResult struct {
	round Round
	jr    *judge.Result
	comp  *sessions.Compaction
	last  int // the position of the last raw message the round covers

	// look-ups the invariant tracker builds once per round (see invariants.go)
	srcIdx map[string]int // message and text of a source fact -> its first index
	// summaryIdx: text of a source fact from an earlier summary -> its first index
	summaryIdx map[string]int
	lostBy     map[int]string // source fact -> the detail of its first omission or mutation
	sumAlig    *align.Aligner // the round's summary facts, indexed for alignment
}

// auditRound runs round c's own audit, its facts judged on up to workers goroutines.
func auditRound(s *sessions.Session, c *sessions.Compaction, ex *extractor, workers int) *roundResult {
	rd := Round{Round: c.Round, ID: c.ID, Parent: c.Parent, Opaque: c.Opaque, Depth: s.Depth(c),
		Policy: c.Policy, Model: c.Model, Trigger: c.Trigger, Instructions: c.Instructions,
		Sources: append([]string{}, c.Sources...), NewMessages: s.NewMessages(c),
		Findings: []Finding{}, Cumulative: []Finding{}}
	if rd.Parent == "" {
		if ps := s.ParentCompactions(c); len(ps) > 0 {
			rd.Parent = ps[0].ID
		}
	}
	if rd.NewMessages == nil {
		rd.NewMessages = []string{}
	}
	rd.Tokens = roundTokens(s, c, ex.tokens)
	res := &roundResult{comp: c, last: s.LastSourceIndex(c)}
	if c.Opaque {
		rd.Survival, rd.CumulativeSurvival = []Survival{}, []Survival{}
		rd.Counts = countFindings(nil)
		res.round = rd
		return res
	}
	in := ex.collect(c.Sources)
	in.Sum = ex.summaryFacts(c.ID)
	in.After = ex.after(s, c)
	rd.Partial, rd.Notes = partiality(s, c, &rd)
	in.Partial = rd.Partial
	in.Workers = workers
	jr := judge.Judge(in)
	res.jr = jr
	rd.SourceFacts, rd.SummaryFacts, rd.Judged = jr.Round.Src, jr.Round.Sum, jr.Round
	rd.Findings = findings(rd.Round, jr, rd.Partial, s)
	if note, ok := crossLanguageNote(jr.Round, rd.Findings); ok {
		rd.Notes = append(rd.Notes, note)
	}
	retiredOmissions(s, c, rd.Findings)
	rd.Pairs = pairs(jr.Round, rd.Findings, len(rd.SourceFacts))
	rd.Survival = survival(rd.SourceFacts, rd.Pairs, rd.Findings)
	rd.Counts = countFindings(rd.Findings)
	if !ex.keepJudged {
		jr.Round.Shed()
	}
	res.round = rd
	return res
}

// partiality: a round whose sources are known to be incomplete (the reader says so,
// or the messages hold far fewer tokens than the agent recorded before compacting).
func partiality(s *sessions.Session, c *sessions.Compaction, rd *Round) (bool, []string) {
	var notes []string
	if c.Partial != "" {
		notes = append(notes, "partial sources: "+c.Partial)
	}
	first := len(s.ParentCompactions(c)) == 0
	if first && c.PreTokens > 0 && rd.Tokens.Sources > 0 && rd.Tokens.Sources*4 < c.PreTokens {
		notes = append(notes, fmt.Sprintf("partial sources: the messages hold %d tokens against the %d the agent recorded before compacting; findings that may stem from unseen context are info", rd.Tokens.Sources, c.PreTokens))
	}
	return len(notes) > 0, notes
}

// pairs builds the alignment rows of a round: each source fact with its best match
// when it is carried or judged as a pair, each unmatched summary fact alone.
func pairs(r *rule.Round, fs []Finding, nSrc int) []Pair {
	bySrc, bySum := map[int]int{}, map[int]int{}
	for k, f := range fs {
		if f.Source != nil && f.Source.Fact >= 0 {
			if _, ok := bySrc[f.Source.Fact]; !ok {
				bySrc[f.Source.Fact] = k
			}
		}
		if f.Summary != nil && f.Source == nil {
			bySum[f.Summary.Fact] = k
		}
	}
	var out []Pair
	used := map[int]bool{}
	for i := 0; i < nSrc && i < len(r.Src); i++ {
		p := Pair{Source: i, Summary: -1, Finding: -1}
		if k, ok := bySrc[i]; ok {
			p.Finding = k
			if fs[k].Summary != nil {
				p.Summary = fs[k].Summary.Fact
			}
		}
		if p.Summary < 0 && p.Finding < 0 && r.Best[i].Fact >= 0 && (r.Kept[i] || judgePaired(r, i)) {
			p.Summary, p.Score = r.Best[i].Fact, round3(r.Best[i].Score)
		}
		if p.Summary >= 0 {
			used[p.Summary] = true
		}
		out = append(out, p)
	}
	for k := range r.Sum {
		if used[k] {
			continue
		}
		p := Pair{Source: -1, Summary: k, Finding: -1}
		if x, ok := bySum[k]; ok {
			p.Finding = x
		}
		out = append(out, p)
	}
	return out
}

func judgePaired(r *rule.Round, i int) bool {
	b := r.Best[i]
	return b.Score >= judge.PairScore && b.Cover >= judge.PairCover
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
