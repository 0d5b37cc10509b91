package audit

import (
	"context"
	"errors"
	"runtime"
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
	// Progress, when set, is told how far the audit has got (one call at a time).
	Progress func(Progress)
	// First, when set and the session has more than one round, is handed the first
	// round's audit as soon as it is judged, before the other rounds are read: a
	// report of that round alone, with no invariants or checks. The final report's
	// first round has the same findings.
	First func(*Report)
	// KeepJudged keeps each round's look-ups in Round.Judged whole (for tools that read
	// what the rules saw); without it they are dropped once the round is reported, and
	// Judged holds only the facts, alignment and importance.
	KeepJudged bool
}

// RoleSummary is the role given to facts of a compaction summary.
const RoleSummary = "summary"

// Run audits every compaction round of s. It is deterministic: the same session
// gives the same report, whatever the number of workers.
func Run(s *sessions.Session, opt Options) *Report {
	r, _ := RunContext(context.Background(), s, opt) // (only a cancelled context fails)
	return r
}

// RunContext is Run that stops early when ctx is done: it then returns ctx's error
// and no report. It tells opt.Progress how far it has got, and hands opt.First the
// first round's audit as soon as that is judged. The report does not depend on
// either.
func RunContext(ctx context.Context, s *sessions.Session, opt Options) (*Report, error) {
	if len(s.Compactions) > 0 {
		go loadCodec()
	}
	s.Index() // look-ups are read-only from here on, so rounds can be audited in parallel
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rounds := s.Rounds()
	pr := newProgress(opt.Progress, len(s.Messages), len(rounds))
	ex := newExtractor(s)
	ex.tokens = newTokenCounts()
	ex.keepJudged = opt.KeepJudged
	if opt.First != nil && len(rounds) > 1 {
		// The whole audit below judges round 1 again rather than reuse this one: the
		// early report is the caller's (the TUI draws it meanwhile), and ranking and
		// carrying losses rewrite a report's findings in place.
		first, err := firstRound(ctx, s, rounds[0], ex, workers, opt.Version, pr)
		if err != nil {
			return nil, err
		}
		opt.First(first)
	}
	if err := ex.prefetch(ctx, ex.allIDs(), workers, pr); err != nil {
		return nil, err
	}
	ex.tokens.count(s, rounds, workers) // (the first round's texts are counted already)
	results, err := auditRounds(ctx, s, rounds, ex, workers, pr)
	if err != nil {
		return nil, err
	}
	r := newReport(s, opt.Version)
	r.Rounds = make([]Round, len(rounds))
	for i, res := range results {
		r.Rounds[i] = res.round
	}
	carryLosses(r)
	r.Invariants = trackInvariants(s, r, results, ex)
	r.Checks = runChecks(s, r)
	rank(r)
	r.Summary = summarize(s, r)
	return r, ctx.Err()
}

// newReport is the report's header, with no round yet.
func newReport(s *sessions.Session, version string) *Report {
	return &Report{Schema: Schema, Tool: "compaudit", Version: version, Session: s.ID, File: s.Path, Format: s.Format, Encoding: TokenEncoding,
		Warnings: append([]string{}, s.Warnings...), Top: []string{}}
}

// auditRounds audits every round: each round's own audit on the workers, and beside
// them the chain of cumulative audits in round order, since each skips what its parents
// lost (see cumulative.go); round k's starts once its own audit and round k-1's
// cumulative one are done. The results do not depend on the order tasks run in.
func auditRounds(ctx context.Context, s *sessions.Session, rounds []*sessions.Compaction, ex *extractor, workers int, pr *progress) ([]*roundResult, error) {
	results := make([]*roundResult, len(rounds))
	own := make([]chan struct{}, len(rounds))
	for i := range own {
		own[i] = make(chan struct{})
	}
	perRound := max(1, workers/max(1, len(rounds))) // the own audits share the workers
	chain := make(chan error, 1)
	runChain := func() { chain <- cumulativeChain(ctx, s, rounds, ex, workers, results, own, pr) }
	if workers > 1 {
		go runChain()
	}
	err := parallel(ctx, len(rounds), workers, func(i int) {
		results[i] = auditRound(s, rounds[i], ex, perRound)
		close(own[i])
	})
	if workers <= 1 {
		runChain() // (every own audit is done, or ctx is and the chain gives up)
	}
	if errors.Join(err, <-chain) != nil {
		return nil, ctx.Err()
	}
	return results, nil
}

// cumulativeChain runs the rounds' cumulative audits in round order, each once own[i]
// says round i's own audit is done; it gives up when ctx is done.
func cumulativeChain(ctx context.Context, s *sessions.Session, rounds []*sessions.Compaction, ex *extractor, workers int, results []*roundResult, own []chan struct{}, pr *progress) error {
	index := make(map[string]int, len(rounds))
	for i, c := range rounds {
		index[c.ID] = i
	}
	for i, c := range rounds {
		select {
		case <-own[i]:
		case <-ctx.Done():
			return ctx.Err()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !c.Opaque {
			var cr *cumResult
			if t, ok := cumulativeInput(s, c, ex, lineageLosses(s, c, results, index), ownRows(s, c, &results[i].round)); ok {
				cr = judgeCumulative(s, c, ex, t, workers)
			}
			cumulative(&results[i].round, cr)
		}
		pr.judged()
	}
	return nil
}

// parallel runs f(0..n-1) on at most workers goroutines. Once ctx is done it starts
// no more calls and returns ctx's error.
func parallel(ctx context.Context, n, workers int, f func(int)) error {
	if workers <= 1 || n <= 1 {
		for i := 0; i < n; i++ {
			if ctx.Err() != nil {
				break
			}
			f(i)
		}
		return ctx.Err()
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
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}

// extractor caches the facts of each message and summary (built once, read by every
// round).
type extractor struct {
	s     *sessions.Session
	facts map[string][]classify.Fact
	// judged holds the judged facts alone of messages not in facts (the first round
	// reads what follows it so; see prefetchAfter).
	judged map[string][]classify.Fact
	tokens *tokenCounts
	// keepJudged: rounds keep the rules' look-ups (Options.KeepJudged)
	keepJudged bool
}

func newExtractor(s *sessions.Session) *extractor {
	return &extractor{s: s, facts: map[string][]classify.Fact{}, judged: map[string][]classify.Fact{}}
}

// allIDs lists every message and summary of the session.
func (e *extractor) allIDs() []string {
	ids := make([]string, 0, len(e.s.Messages)+len(e.s.Compactions))
	for _, m := range e.s.Messages {
		ids = append(ids, m.ID)
	}
	for _, c := range e.s.Compactions {
		ids = append(ids, c.ID)
	}
	return ids
}

// prefetch extracts the messages and summaries of ids not extracted yet, spread over
// the workers, and counts the messages read in pr.
func (e *extractor) prefetch(ctx context.Context, ids []string, workers int, pr *progress) error {
	var todo []string
	for _, id := range ids {
		if _, ok := e.facts[id]; !ok {
			e.facts[id] = nil // (an id listed twice is extracted once)
			todo = append(todo, id)
		}
	}
	out := make([][]classify.Fact, len(todo))
	err := parallel(ctx, len(todo), workers, func(i int) {
		out[i] = e.extract(todo[i])
		if e.s.Message(todo[i]) != nil {
			pr.read()
		}
	})
	for i, id := range todo {
		e.facts[id] = out[i]
	}
	return err
}

// of returns the facts of a message or compaction id.
func (e *extractor) of(id string) []classify.Fact { return e.facts[id] }

// extract classifies the text of a message or compaction id (nil when unknown).
func (e *extractor) extract(id string) []classify.Fact { return e.extractWith(id, false) }

// extractWith is extract, of the judged facts alone when judgedOnly is set.
func (e *extractor) extractWith(id string, judgedOnly bool) []classify.Fact {
	if c := e.s.Compaction(id); c != nil {
		if c.Opaque {
			return nil
		}
		return classify.ExtractSource(classify.Source{ID: id, Role: RoleSummary, Text: c.Summary, JudgedOnly: judgedOnly})
	}
	if m := e.s.Message(id); m != nil {
		src := classify.Source{ID: m.ID, Role: m.Role, Kind: m.Kind, Name: m.Name, IsError: m.IsError, Text: m.Text, JudgedOnly: judgedOnly}
		if m.Kind == sessions.KindToolResult || m.Role == sessions.RoleTool {
			src.Path = classify.ReadPath(e.callOf(id), m.Text)
		}
		return classify.ExtractSource(src)
	}
	return nil
}

// callOf is the text of the tool call a result answers: the call named after it
// (Claude Code's "m7.call" for "m7"), else the nearest call before it.
func (e *extractor) callOf(id string) string { return callFor(e.s, id) }

// collect gathers the facts of ids: the judged ones and the evidence lines, each with
// the position of its message among ids.
func (e *extractor) collect(ids []string) judge.Input {
	var in judge.Input
	nSrc, nEv := 0, 0
	for _, id := range ids { // (sized first: the lists are the largest a round builds)
		fs := e.of(id)
		for k := range fs {
			switch f := &fs[k]; {
			case f.Evidence:
				nEv++
			case f.Act != classify.ActTemplate:
				nSrc++
			}
		}
	}
	in.Src, in.Pos = make([]classify.Fact, 0, nSrc), make([]int, 0, nSrc)
	in.Ev, in.EvPos = make([]classify.Fact, 0, nEv), make([]int, 0, nEv)
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
		for _, f := range e.judgedOf(s.Messages[j].ID) {
			if followUp(&f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// followUp: a fact after a compaction that says what came next (not a tool's
// evidence line, a template or chatter).
func followUp(f *classify.Fact) bool {
	return !f.Evidence && f.Act != classify.ActTemplate && f.Act != classify.ActChatter
}

// known: id's facts are read, in full or its judged ones alone.
func (e *extractor) known(id string) bool {
	_, full := e.facts[id]
	_, judged := e.judged[id]
	return full || judged
}

// judgedOf is id's facts when read in full, else its judged facts alone (nil when
// neither is read).
func (e *extractor) judgedOf(id string) []classify.Fact {
	if fs, ok := e.facts[id]; ok {
		return fs
	}
	return e.judged[id]
}
