package classify

import "testing"

// TestEmbeddedQuestion: a deontic cue inside a question that a verb of weighing embeds
// gives no order; a conditional's main clause, a cue before the question, or a cue
// past the clause keep theirs. Invented cases.
func TestEmbeddedQuestion(t *testing.T) {
	cases := []struct {
		text string
		rule bool
	}{
		{"Consider if the exporter should also skip archived rows", false},
		{"Check whether the cache must be flushed before the deploy", false},
		{"Worth evaluating whether the greenhouse vents should close at night", false},
		{"We need to decide whether the greenhouse vents close at night", true}, // the need is the order
		{"If the build breaks you must revert the merge", true},
		{"You should decide whether to keep the staging bucket", true},
		{"Decide whether to keep the cache, but never delete the audit log", true},
	}
	for _, c := range cases {
		f := Extract("m1", "user", c.text)[0]
		if got := f.Act == ActRule; got != c.rule {
			t.Errorf("%q: rule = %v (act %s, modality %+v), want %v", c.text, got, f.Act, f.Modality, c.rule)
		}
	}
}
