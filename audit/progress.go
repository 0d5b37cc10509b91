package audit

import (
	"context"
	"sync"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// Progress is how far an audit has got: the messages whose facts are read, and the
// rounds judged, each of all.
type Progress struct {
	Read, Messages int
	Judged, Rounds int
}

// progress counts what the workers have done and tells a listener, one call at a
// time, each time the share of messages read grows by a percent or a round is judged.
// A nil *progress counts nothing.
type progress struct {
	mu   sync.Mutex
	tell func(Progress)
	p    Progress
	step int // messages read between two calls
	next int // the Read count of the next call
}

func newProgress(tell func(Progress), messages, rounds int) *progress {
	if tell == nil {
		return nil
	}
	step := max(1, messages/100)
	return &progress{tell: tell, p: Progress{Messages: messages, Rounds: rounds}, step: step, next: step}
}

func (pr *progress) read() {
	if pr == nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.p.Read = min(pr.p.Read+1, pr.p.Messages)
	if pr.p.Read >= pr.next || pr.p.Read == pr.p.Messages {
		pr.next = pr.p.Read + pr.step
		pr.tell(pr.p)
	}
}

func (pr *progress) judged() {
	if pr == nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.p.Judged = min(pr.p.Judged+1, pr.p.Rounds)
	pr.tell(pr.p)
}

// firstRound audits the first round alone, reading only the messages it needs: its
// sources, its summary and what follows it (judge.AfterWindow). Its round holds the
// findings the whole audit reports for it (only their ranks, which are over every
// round, differ); the report around it has no invariants or checks yet, since those
// need every round.
func firstRound(ctx context.Context, s *sessions.Session, c *sessions.Compaction, ex *extractor, workers int, version string, pr *progress) (*Report, error) {
	tokens := make(chan *tokenCounts, 1)
	go func() { tokens <- countTokens(s, []*sessions.Compaction{c}, 1) }() // (on a core the reading leaves idle)
	ids := append([]string{c.ID}, c.Sources...)
	ids = append(ids, s.OriginalMessages(c)...)
	err := ex.prefetch(ctx, ids, workers, pr)
	if err == nil {
		err = ex.prefetchAfter(ctx, s, c, workers)
	}
	ex.tokens = <-tokens
	if err != nil {
		return nil, err
	}
	res := auditRound(s, c, ex)
	if !c.Opaque {
		var cj *judge.Result
		if in, ok := cumulativeInput(s, c, ex); ok {
			cj = judge.Judge(in)
		}
		cumulative(s, &res.round, cj)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r := newReport(s, version)
	r.Rounds = []Round{res.round}
	r.Invariants, r.Checks = []Invariant{}, []Check{}
	carryLosses(r)
	rank(r)
	r.Summary = summarize(s, r)
	return r, nil
}

// prefetchAfter reads the judged facts of the messages after compaction c that
// extractor.after reads (into e.judged: the whole audit reads them in full later): a
// batch at a time, until the batches hold judge.AfterWindow judged facts.
func (e *extractor) prefetchAfter(ctx context.Context, s *sessions.Session, c *sessions.Compaction, workers int) error {
	const batch = 64
	facts := 0
	for j := s.LastSourceIndex(c) + 1; j >= 0 && j < len(s.Messages) && facts < judge.AfterWindow; j += batch {
		var ids []string
		for k := j; k < min(j+batch, len(s.Messages)); k++ {
			id := s.Messages[k].ID
			if _, ok := e.facts[id]; ok {
				continue
			}
			if _, ok := e.judged[id]; !ok {
				ids = append(ids, id)
			}
		}
		out := make([][]classify.Fact, len(ids))
		if err := parallel(ctx, len(ids), workers, func(i int) { out[i] = e.extractWith(ids[i], true) }); err != nil {
			return err
		}
		for i, id := range ids {
			e.judged[id] = out[i]
		}
		for k := j; k < min(j+batch, len(s.Messages)); k++ {
			id := s.Messages[k].ID
			fs, ok := e.facts[id]
			if !ok {
				fs = e.judged[id]
			}
			for _, f := range fs {
				if !f.Evidence && f.Act != classify.ActTemplate && f.Act != classify.ActChatter {
					facts++
				}
			}
		}
	}
	return nil
}
