package judge

import (
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// TestTransientDiagnostic: a compiler diagnostic the round never reports again after
// later tool runs was fixed on the spot; one that recurs, or that nothing ran after,
// or a test's assertion line (no column) is not.
func TestTransientDiagnostic(t *testing.T) {
	diag := "src/feed/parse.rs:88:17: mismatched types: expected `u32`, found `i64`"
	cases := []struct {
		name  string
		src   string
		later []string // tool output after it
		want  bool
	}{
		{"fixed on the spot", diag, []string{"Finished dev profile in 4.1s"}, true},
		{"recurs", diag, []string{"src/feed/parse.rs:88:17: mismatched types: expected `u32`, found `i64`"}, false},
		{"nothing ran after", diag, nil, false},
		{"a test assertion line", "feed_test.go:427: got 3 rows, want 4", []string{"ok  feed 0.2s"}, false},
	}
	for _, c := range cases {
		f := classify.Fact{Text: c.src, Origin: classify.OriginTool, Act: classify.ActFailure}
		r := &rule.Round{Src: []classify.Fact{f}, Pos: []int{1}}
		for k, l := range c.later {
			r.Ev = append(r.Ev, classify.Fact{Text: l, Origin: classify.OriginTool})
			r.EvPos = append(r.EvPos, 2+k)
		}
		if got := transientDiagnostic(r, 0); got != c.want {
			t.Errorf("%s: transient = %v, want %v", c.name, got, c.want)
		}
		r.Text = textIndex(Input{Src: r.Src, Ev: r.Ev}) // the indexed path gives the same answer
		if got := transientDiagnostic(r, 0); got != c.want {
			t.Errorf("%s (indexed): transient = %v, want %v", c.name, got, c.want)
		}
	}
}
