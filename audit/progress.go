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

func (pr *progress) read()   { pr.add(1, 0) }
func (pr *progress) judged() { pr.add(0, 1) }

// add counts read messages and judged rounds, and tells the listener when a round is
// judged or the messages read pass the next step (or all are read).
func (pr *progress) add(read, judged int) {
	if pr == nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.p.Read = min(pr.p.Read+read, pr.p.Messages)
	pr.p.Judged = min(pr.p.Judged+judged, pr.p.Rounds)
	if judged > 0 || pr.p.Read >= pr.next || pr.p.Read == pr.p.Messages {
		pr.next = pr.p.Read + pr.step
		pr.tell(pr.p)
	}
}

// firstRound audits the first round alone, reading only the messages it needs: its
// sources, its summary and what follows it (judge.AfterWindow). Its round holds the
// findings the whole audit reports for it (only their ranks, which are over every
// round, differ); the report around it has no invariants or checks yet, since those
// need every round.
func firstRound(ctx context.Context, s *sessions.Session, c *sessions.Compaction, ex *extractor, workers int, version string, pr *progress) (*Report, error) {
	counted := make(chan struct{})
	go func() { // (on a core the reading leaves idle)
		ex.tokens.count(s, []*sessions.Compaction{c}, 1)
		close(counted)
	}()
	ids := append([]string{c.ID}, c.Sources...)
	ids = append(ids, s.OriginalMessages(c)...)
	err := ex.prefetch(ctx, ids, workers, pr)
	if err == nil {
		err = ex.prefetchAfter(ctx, s, c, workers)
	}
	<-counted
	if err != nil {
		return nil, err
	}
	res := auditRound(s, c, ex, workers)
	if !c.Opaque {
		var cr *cumResult
		if t, ok := cumulativeInput(s, c, ex, nil, ownRows(s, c, &res.round)); ok {
			cr = judgeCumulative(s, c, ex, t, workers)
		}
		cumulative(&res.round, cr)
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
		msgs := s.Messages[j:min(j+batch, len(s.Messages))]
		var ids []string
		for _, m := range msgs {
			if !e.known(m.ID) {
				ids = append(ids, m.ID)
			}
		}
		out := make([][]classify.Fact, len(ids))
		if err := parallel(ctx, len(ids), workers, func(i int) { out[i] = e.extractWith(ids[i], true) }); err != nil {
			return err
		}
		for i, id := range ids {
			e.judged[id] = out[i]
		}
		for _, m := range msgs {
			for _, f := range e.judgedOf(m.ID) {
				if followUp(&f) {
					facts++
				}
			}
		}
	}
	return nil
}
