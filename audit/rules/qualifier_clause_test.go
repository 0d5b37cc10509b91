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
