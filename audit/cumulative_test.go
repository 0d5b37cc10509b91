package audit

import (
	"context"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

// A fact an earlier summary lost outright stays lost in every later cumulative audit
// (it is not judged again), and each cumulative list holds every original fact.
func TestCumulativeSkipsLineageLosses(t *testing.T) {
	s := &sessions.Session{ID: "cum", Path: "cum", Format: sessions.NativeFormat}
	texts := []string{
		"Never deploy billing on Fridays; the ledger close runs then.",
		"Tried raising the pool to 40; it failed with ETIMEDOUT after 30 s.",
		"The replica lag must stay under 200 ms during the backfill.",
		"Pinned psycopg to 3.1.18 because 3.2 breaks the COPY path.",
		"Keep the feature flag off for tenants in eu-west-2 until legal signs off.",
		"Use batch size 500 for the backfill, not 1000.",
	}
	for i, tx := range texts {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		s.Messages = append(s.Messages, sessions.Message{ID: string(rune('a' + i)), Role: role, Text: tx})
	}
	s.Compactions = []sessions.Compaction{
		{ID: "c1", Round: 1, Sources: []string{"a", "b", "c", "d"}, Summary: "Never deploy billing on Fridays (ledger close). Pinned psycopg 3.1.18: 3.2 breaks COPY."},
		{ID: "c2", Round: 2, Parent: "c1", Sources: []string{"c1", "e"}, Summary: "Never deploy billing on Fridays (ledger close). Flag stays off for eu-west-2 tenants until legal signs off."},
		{ID: "c3", Round: 3, Parent: "c2", Sources: []string{"c2", "f"}, Summary: "Flag stays off for eu-west-2 tenants until legal signs off. Backfill batch size 500."},
	}
	s.Index()
	r := Run(s, Options{Workers: 1})
	lostBefore := map[string]bool{}
	for i, rd := range r.Rounds {
		if got, want := len(rd.CumulativeFacts), len(ex(s).collect(s.OriginalMessages(&s.Compactions[i])).Src); got != want {
			t.Fatalf("round %d: %d cumulative facts, want every original fact (%d)", rd.Round, got, want)
		}
		lost := map[string]bool{}
		for _, p := range rd.CumulativePairs {
			if p.Source < 0 {
				continue
			}
			k := factKey(&rd.CumulativeFacts[p.Source])
			if p.Summary < 0 {
				lost[k] = true
			} else if lostBefore[k] {
				t.Errorf("round %d pairs %q, which round %d lost", rd.Round, rd.CumulativeFacts[p.Source].Text, rd.Round-1)
			}
		}
		if i > 0 && len(lostBefore) == 0 {
			t.Fatalf("round %d: the earlier summary lost nothing; the test needs a loss", rd.Round-1)
		}
		lostBefore = lost
	}
	if len(r.Rounds[2].CumulativePairs) == 0 {
		t.Fatal("no cumulative rows in round 3")
	}
}

func ex(s *sessions.Session) *extractor {
	e := newExtractor(s)
	e.tokens = newTokenCounts()
	if err := e.prefetch(context.Background(), e.allIDs(), 1, nil); err != nil {
		panic(err)
	}
	return e
}
