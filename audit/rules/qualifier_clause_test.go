package rules

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// A summary line that restates the clause a qualifier limits, nearly word for word,
// is that clause's counterpart however little of a long source sentence it holds.
func TestMainClauseHeld(t *testing.T) {
	src := "Don't drop the legacy orders table until the nightly export has run twice on the new schema without a diff and finance has signed off the March close."
	for _, c := range []struct {
		sum  string
		want bool
	}{
		{"Don't drop the legacy orders table.", true},
		{"Keep the legacy orders table for the finance reports.", false},
		{"Drop the old table.", false},
	} {
		f := classify.Extract("m1", "user", src)[0]
		g := classify.Extract("c1", "summary", c.sum)[0]
		var until *classify.Bound
		for k := range f.Bounds {
			if f.Bounds[k].Kind == "until" {
				until = &f.Bounds[k]
			}
		}
		if until == nil {
			t.Fatalf("no until bound in %q: %+v", src, f.Bounds)
		}
		if got := mainClauseHeld(&f, *until, &g); got != c.want {
			t.Errorf("mainClauseHeld(%q) = %v, want %v", c.sum, got, c.want)
		}
	}
}

// The limited predicate is kept when the summary names the thing it limits (the two
// content words before the qualifier, a light verb aside), not when it shares one
// word of it in another rule.
func TestPredicateKept(t *testing.T) {
	src := "Rules: do not delete the old archive bucket until every replica reports in sync; never run the backfill on weekends."
	limit := "Keep the queue depth under 2000 jobs or we pause it."
	for _, c := range []struct {
		src, sum, kind string
		want           bool
	}{
		{src, "Rules: don't delete the old archive bucket yet.", "until", true},
		{src, "Rules: never run the backfill on weekends; the archive is read-only.", "until", false},
		{limit, "Mind the queue depth of 2000 jobs.", "atmost", true},
		{limit, "Mind the 2000 jobs limit.", "atmost", false},
	} {
		f := classify.Extract("m1", "user", c.src)[0]
		g := classify.Extract("c1", "summary", c.sum)[0]
		var b *classify.Bound
		for k := range f.Bounds {
			if f.Bounds[k].Kind == c.kind {
				b = &f.Bounds[k]
			}
		}
		if b == nil {
			t.Fatalf("no %s bound in %q: %+v", c.kind, c.src, f.Bounds)
		}
		if got := predicateKept(&f, *b, &g); got != c.want {
			t.Errorf("%q: predicate kept %v, want %v", c.sum, got, c.want)
		}
	}
}
