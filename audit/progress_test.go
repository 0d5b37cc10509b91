package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// multiRound reads the shared-fixture copies with more than one round, and a
// generated session.
func multiRound(t *testing.T) []*sessions.Session {
	t.Helper()
	ss := []*sessions.Session{genSession(900, 4), genSession(4000, 2)}
	paths, _ := filepath.Glob("../testdata/fixtures/*/session.json")
	for _, p := range paths {
		s, err := sessions.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Compactions) > 1 {
			ss = append(ss, s)
		}
	}
	if len(ss) < 4 {
		t.Fatalf("only %d sessions with several rounds", len(ss))
	}
	return ss
}

func reportJSON(t *testing.T, r *audit.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := audit.WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// unranked is a round's JSON with its findings' ranks cleared (a rank is over every
// round of the report).
func unranked(t *testing.T, rd audit.Round) string {
	t.Helper()
	for k := range rd.Findings {
		rd.Findings[k].Rank = 0
	}
	b, err := json.Marshal(rd)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Watching an audit does not change it: the report is the same bytes with a
// progress listener and an early first round; the first round handed over early
// has the findings the report gives it; progress only grows and ends complete.
func TestProgressiveRunSameReport(t *testing.T) {
	for _, s := range multiRound(t) {
		want := reportJSON(t, audit.Run(s, audit.Options{Workers: 2}))
		var first *audit.Report
		var seen []audit.Progress
		var judgedAtFirst int
		opt := audit.Options{Workers: 2,
			First:    func(r *audit.Report) { first, judgedAtFirst = r, len(seen) },
			Progress: func(p audit.Progress) { seen = append(seen, p) }}
		r, err := audit.RunContext(context.Background(), s, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := reportJSON(t, r); !bytes.Equal(got, want) {
			t.Fatalf("%s: watching the audit changed its report", s.Path)
		}
		if first == nil || len(first.Rounds) != 1 {
			t.Fatalf("%s: no first round handed over early", s.Path)
		}
		if a, b := unranked(t, first.Rounds[0]), unranked(t, r.Rounds[0]); a != b {
			t.Fatalf("%s: the early first round differs from the report's:\n%.400s\n%.400s", s.Path, a, b)
		}
		for _, p := range seen[:judgedAtFirst] {
			if p.Judged != 0 {
				t.Fatalf("%s: a round was judged before the first was handed over: %+v", s.Path, p)
			}
		}
		for k := 1; k < len(seen); k++ {
			if seen[k].Read < seen[k-1].Read || seen[k].Judged < seen[k-1].Judged {
				t.Fatalf("%s: progress went back: %+v then %+v", s.Path, seen[k-1], seen[k])
			}
		}
		last := seen[len(seen)-1]
		if last.Read != len(s.Messages) || last.Messages != len(s.Messages) || last.Judged != len(s.Compactions) || last.Rounds != len(s.Compactions) {
			t.Fatalf("%s: the last progress is %+v, not complete (%d messages, %d rounds)", s.Path, last, len(s.Messages), len(s.Compactions))
		}
	}
}

// A cancelled audit stops with the context's error and no report, also from inside
// the first round's hand-over.
func TestRunContextCancelled(t *testing.T) {
	s := genSession(2000, 5)
	ctx, cancel := context.WithCancel(context.Background())
	firstCalled := false
	r, err := audit.RunContext(ctx, s, audit.Options{Workers: 2, First: func(*audit.Report) { firstCalled = true; cancel() }})
	if !firstCalled || !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("cancelled after the first round: first %v, err %v, report %v", firstCalled, err, r != nil)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if r, err := audit.RunContext(ctx, s, audit.Options{}); !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("cancelled before it started: err %v, report %v", err, r != nil)
	}
}
