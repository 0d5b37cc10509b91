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
