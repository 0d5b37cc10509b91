package rules

import (
	"testing"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A short failure line and a long summary line that holds two of its words are no
// pair to judge: open-closed needs the summary fact to be mostly the source's words.
func TestOpenClosedNeedsAPair(t *testing.T) {
	src := oneFact(t, "m1", "assistant", "The nightly export to the archive bucket is still failing.")
	sum := oneFact(t, "c1", "summary", "The nightly export to the archive bucket is fixed and passing.")
	r := &rule.Round{Src: []classify.Fact{src}, Sum: []classify.Fact{sum}, Pos: []int{0}}
	ru := rule.Get("collapse/open-closed")
	for _, c := range []struct {
		back float64
		want bool
	}{{0.9, true}, {0.2, false}} {
		p := rule.Pair{Src: 0, Sum: 0, Match: align.Match{Fact: 0, Score: 0.6, Cover: 0.9, Back: c.back}}
		if _, got := ru.Pair(r, p); got != c.want {
			t.Errorf("back %.1f: fired %v, want %v", c.back, got, c.want)
		}
	}
}

// oneFact extracts text, which must make exactly one fact.
func oneFact(t *testing.T, id, role, text string) classify.Fact {
	t.Helper()
	fs := classify.Extract(id, role, text)
	if len(fs) != 1 {
		t.Fatalf("%q makes %d facts, want one", text, len(fs))
	}
	return fs[0]
}
