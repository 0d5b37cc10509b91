package judge

import (
	"testing"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
)

// TestRequestReportedDone: the user's one-off order is carried by a summary line that
// reports it done and names two of its terms; a line that plans it, asks about it,
// names one term, or the user's standing prohibition, is not.
func TestRequestReportedDone(t *testing.T) {
	order := "Run tonight's load test of the checkout service after the code freeze ends."
	cases := []struct {
		src, sum string
		want     bool
	}{
		{order, "Load test scheduled 2026-11-03 22:30 (job lt-checkout).", true},
		{order, "Next: schedule the load test for tonight.", false},
		{order, "Should the load test run tonight?", false},
		{order, "Dashboards reviewed; tests scheduled.", false},
		{"Never run a load test against the checkout service during the freeze.", "Load test scheduled 2026-11-03 22:30 (job lt-checkout).", false},
	}
	for _, c := range cases {
		f := classify.Extract("m1", "user", c.src)[0]
		sum := classify.Extract("c1", "summary", c.sum)
		cs := []align.Match{{Fact: 0, Cover: 0.25, Back: 0.2}}
		if got := requestReportedDone(&f, sum, cs); got != c.want {
			t.Errorf("%q as %q: %v, want %v (act %s, summary act %s)", c.src, c.sum, got, c.want, f.Act, sum[0].Act)
		}
	}
}

// TestNamedProhibitionKept: a prohibition on a named thing is kept by a line that names
// it and denies or rules it out, whatever else the line says; a line that names it
// without denying it, or names another thing, does not keep it.
func TestNamedProhibitionKept(t *testing.T) {
	rule := "and again: no -dontwarn, whatever the lint says"
	cases := []struct {
		sum  string
		want bool
	}{
		{"Lint config: -dontwarn is ruled out; fix the warnings instead.", true},
		{"-dontwarn is not an option (said twice).", true},
		{"Added -dontwarn to the lint config.", false},
		{"-dontshrink is ruled out.", false},
	}
	for _, c := range cases {
		f := classify.Extract("m1", "user", rule)[0]
		sum := classify.Extract("c1", "summary", c.sum)
		cs := []align.Match{{Fact: 0, Cover: 0.2, Back: 0.2}}
		if got := namedProhibitionKept(&f, sum, cs); got != c.want {
			t.Errorf("%q: %v, want %v (rule negated %v, tokens %v)", c.sum, got, c.want, f.Negated || f.Modality.Negative, f.Tokens)
		}
	}
}
