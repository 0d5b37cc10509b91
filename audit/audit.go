package audit

import (
	"runtime"
	"slices"
	"sync"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// Options tune an audit.
type Options struct {
	// Version is written into the report.
	Version string
	// Workers caps the goroutines used (0: one per CPU). The report is the same for
	// any value.
	Workers int
}

// RoleSummary is the role given to facts of a compaction summary.
const RoleSummary = "summary"

// Run audits every compaction round of s. It is deterministic: the same session
// gives the same report, whatever the number of workers.
func Run(s *sessions.Session, opt Options) *Report {
	r := &Report{Schema: Schema, Tool: "compaudit", Version: opt.Version, Session: s.ID, File: s.Path, Format: s.Format, Encoding: TokenEncoding,
		Warnings: append([]string{}, s.Warnings...), Top: []string{}}
	if len(s.Compactions) > 0 {
		go loadCodec()
	}
	s.Index() // look-ups are read-only from here on, so rounds can be audited in parallel
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ex := newExtractor(s)
	ex.prefetch(workers)
	ex.tokens = countTokens(s, workers)
	rounds := s.Rounds()
	r.Rounds = make([]Round, len(rounds))
	results := auditRounds(s, rounds, ex, workers)
	for i, res := range results {
		r.Rounds[i] = res.round
	}
	carryLosses(r)
	r.Invariants = trackInvariants(s, r, results, ex)
	r.Checks = runChecks(s, r)
	rank(r)
	r.Summary = summarize(s, r)
	return r
}

// auditRounds audits every round: each round's own audit and its cumulative one are
// separate tasks for the workers, the largest first (the cumulative audits of late
// rounds judge the most). The results do not depend on the order tasks run in.
func auditRounds(s *sessions.Session, rounds []*sessions.Compaction, ex *extractor, workers int) []*roundResult {
	results := make([]*roundResult, len(rounds))
	cums := make([]*judge.Result, len(rounds))
	type task struct {
		round int
		cum   bool
		in    judge.Input
		size  int
	}
	var tasks []task
	for i, c := range rounds {
		tasks = append(tasks, task{round: i, size: len(c.Sources)})
		if in, ok := cumulativeInput(s, c, ex); ok {
			tasks = append(tasks, task{round: i, cum: true, in: in, size: len(in.Src) + len(in.Ev)})
		}
	}
	if workers > 1 {
		slices.SortStableFunc(tasks, func(a, b task) int { return b.size - a.size })
	}
	parallel(len(tasks), workers, func(k int) {
		t := &tasks[k]
		if t.cum {
			cums[t.round] = judge.Judge(t.in)
			t.in = judge.Input{} // its facts are the result's now
			return
		}
		results[t.round] = auditRound(s, rounds[t.round], ex)
	})
	parallel(len(rounds), workers, func(i int) {
		if !rounds[i].Opaque {
			cumulative(s, &results[i].round, cums[i])
		}
	})
	return results
}

// parallel runs f(0..n-1) on at most workers goroutines.
func parallel(n, workers int, f func(int)) {
	if workers <= 1 || n <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// extractor caches the facts of each message and summary (built once, read by every
// round).
type extractor struct {
	s      *sessions.Session
	facts  map[string][]classify.Fact
	tokens *tokenCounts
}

func newExtractor(s *sessions.Session) *extractor {
	return &extractor{s: s, facts: map[string][]classify.Fact{}}
}

// prefetch extracts every message and summary, spread over the workers.
func (e *extractor) prefetch(workers int) {
	var ids []string
	for _, m := range e.s.Messages {
		ids = append(ids, m.ID)
	}
	for _, c := range e.s.Compactions {
		ids = append(ids, c.ID)
	}
	out := make([][]classify.Fact, len(ids))
	parallel(len(ids), workers, func(i int) { out[i] = e.extract(ids[i]) })
	for i, id := range ids {
		if _, ok := e.facts[id]; !ok {
			e.facts[id] = out[i]
		}
	}
}

// of returns the facts of a message or compaction id.
func (e *extractor) of(id string) []classify.Fact { return e.facts[id] }

// extract classifies the text of a message or compaction id (nil when unknown).
func (e *extractor) extract(id string) []classify.Fact {
	if c := e.s.Compaction(id); c != nil {
		if c.Opaque {
			return nil
		}
		return classify.ExtractSource(classify.Source{ID: id, Role: RoleSummary, Text: c.Summary})
	}
	if m := e.s.Message(id); m != nil {
		src := classify.Source{ID: m.ID, Role: m.Role, Kind: m.Kind, Name: m.Name, IsError: m.IsError, Text: m.Text}
		if m.Kind == sessions.KindToolResult || m.Role == sessions.RoleTool {
			src.Path = classify.ReadPath(e.callOf(id), m.Text)
		}
		return classify.ExtractSource(src)
	}
	return nil
}

// callOf is the text of the tool call a result answers: the call named after it
// (Claude Code's "m7.call" for "m7"), else the nearest call before it.
func (e *extractor) callOf(id string) string {
	if c := e.s.Message(id + ".call"); c != nil {
		return c.Text
	}
	i := e.s.MessageIndex(id)
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if m := e.s.Messages[j]; m.Kind == sessions.KindToolCall {
			return m.Text
		}
	}
	return ""
}

// collect gathers the facts of ids: the judged ones and the evidence lines, each with
// the position of its message among ids.
func (e *extractor) collect(ids []string) judge.Input {
	var in judge.Input
	for p, id := range ids {
		for _, f := range e.of(id) {
			if f.Evidence {
				f.Index = len(in.Ev)
				in.Ev = append(in.Ev, f)
				in.EvPos = append(in.EvPos, p)
				continue
			}
			if f.Act == classify.ActTemplate {
				continue
			}
			f.Index = len(in.Src)
			in.Src = append(in.Src, f)
			in.Pos = append(in.Pos, p)
		}
	}
	classify.ResolveOptions(in.Src)
	return in
}

// summaryFacts are a compaction's facts without its template lines.
func (e *extractor) summaryFacts(id string) []classify.Fact {
	var out []classify.Fact
	for _, f := range e.of(id) {
		if f.Act == classify.ActTemplate {
			continue
		}
		f.Index = len(out)
		out = append(out, f)
	}
	return out
}

// after is the judged facts of the messages that follow compaction c in the
// transcript (what the agent and the user did next), up to judge.AfterWindow.
func (e *extractor) after(s *sessions.Session, c *sessions.Compaction) []classify.Fact {
	last := s.LastSourceIndex(c)
	var out []classify.Fact
	for j := last + 1; j >= 0 && j < len(s.Messages) && len(out) < judge.AfterWindow; j++ {
		for _, f := range e.of(s.Messages[j].ID) {
			if !f.Evidence && f.Act != classify.ActTemplate && f.Act != classify.ActChatter {
				out = append(out, f)
			}
		}
	}
	return out
}
