package classify

import "testing"

// A failure record says an attempt failed; a condition ("if the upload fails") and
// the agent's guess ("the hook might have failed") are not records of one. A choice
// word in the agent's guess ("more often the relay than the broker") decides nothing;
// the same words as its plan do.
func TestFactAct(t *testing.T) {
	cases := []struct {
		text string
		act  Act
		want bool // whether the fact is read as act
	}{
		{"The tile import failed with EACCES on the second shard.", ActFailure, true},
		{"If the tile import fails on a shard, we should log it and carry on.", ActFailure, false},
		{"The stop hook might have failed before it wrote the marker.", ActFailure, false},
		{"Timeouts like these usually come from the relay rather than the broker; unproven so far, it needs a bypass to check.", ActDecision, false},
		{"We'll route through the relay rather than the broker.", ActDecision, true},
		// a product whose name holds a failure word is no failure
		{"Crashlytics received the symbol files for build 311.", ActFailure, false},
		{"The symbol uploader crashed on build 311.", ActFailure, true},
		// a bare failure verb ordered or planned is no record of a failure
		{"If the kiln is still above 600 C at dawn (the fan was off overnight), abort the glaze firing and log the reading.", ActFailure, false},
		{"When the canary error rate passes 2%, we abort the rollout and page the on-call.", ActFailure, false},
		{"The label printers crash whenever the queue holds more than 40 jobs.", ActFailure, true},
		{"The spooler aborts with EPIPE on the second page.", ActFailure, true},
		// what something is about is no failure that happened
		{"Review comments 2 and 5 are about silent failures in the tide-gauge exporter.", ActFailure, false},
		{"The tide-gauge exporter failures started after the driver upgrade.", ActFailure, true},
	}
	for _, c := range cases {
		fs := ExtractSource(Source{ID: "m", Role: "assistant", Text: c.text})
		if got := len(fs) > 0 && fs[0].Act == c.act; got != c.want {
			t.Errorf("%q: read as %v = %v, want %v (act %v)", c.text, c.act, got, c.want, fs[0].Act)
		}
	}
}
