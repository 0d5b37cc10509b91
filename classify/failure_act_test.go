package classify

import "testing"

// A failure record says an attempt failed; a condition ("if the upload fails") and
// the agent's guess ("the hook might have failed") are not records of one.
func TestFailureRecordAct(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"The tile import failed with EACCES on the second shard.", true},
		{"If the tile import fails on a shard, we should log it and carry on.", false},
		{"The stop hook might have failed before it wrote the marker.", false},
	}
	for _, c := range cases {
		fs := ExtractSource(Source{ID: "m", Role: "assistant", Text: c.text})
		got := len(fs) > 0 && fs[0].Act == ActFailure
		if got != c.want {
			t.Errorf("%q: a failure record = %v, want %v (act %v)", c.text, got, c.want, fs[0].Act)
		}
	}
}

// A choice word in the agent's guess ("more often the relay than the broker") decides
// nothing; the same words as its plan do.
func TestGuessIsNoDecision(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Timeouts like these usually come from the relay rather than the broker; unproven so far, it needs a bypass to check.", false},
		{"We'll route through the relay rather than the broker.", true},
	}
	for _, c := range cases {
		fs := ExtractSource(Source{ID: "m", Role: "assistant", Text: c.text})
		got := len(fs) > 0 && fs[0].Act == ActDecision
		if got != c.want {
			t.Errorf("%q: a decision = %v, want %v (act %v)", c.text, got, c.want, fs[0].Act)
		}
	}
}
