package rules

import (
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Nothing pending" is judged against the open work the round ends with: a step stated
// at the round's start and followed by its work is not that.
func TestNothingLeftLooksAtTheTail(t *testing.T) {
	open := oneFact(t, "m1", "assistant", "The retry for the webhook job is still failing on staging and needs a look.")
	sum := oneFact(t, "c1", "summary", "Pending tasks: none remaining, all requested items are done.")
	filler := oneFact(t, "m2", "assistant", "Edited the push handler.")
	if open.Status.Resolution != classify.StatusOpen {
		t.Fatalf("the open fact reads as %+v", open.Status)
	}
	ru := rule.Get("collapse/nothing-left")
	for _, c := range []struct {
		openAt int
		want   bool
	}{{9, true}, {0, false}} {
		r := &rule.Round{Src: []classify.Fact{open, filler}, Sum: []classify.Fact{sum}, Pos: []int{c.openAt, 9 - c.openAt},
			Kept: []bool{false, false}, Importance: []float64{0.8, 0.1}}
		if got := len(ru.Whole(r)) > 0; got != c.want {
			t.Errorf("open work at message %d of 10: fired %v, want %v", c.openAt, got, c.want)
		}
	}
}
