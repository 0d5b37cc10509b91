package classify

import "testing"

// A participle opener ("Looking at the trace, ...") followed by a hedged, failed or
// negated reading states what the look found; the same opener announcing a look
// stays process talk.
func TestReadingStated(t *testing.T) {
	cases := []struct {
		text    string
		chatter bool
	}{
		{"Looking at the kiln logs, the thermocouple probably drifts after the third firing of the day.", false},
		{"Checking the spooler queue, the jobs never reach the second printer at all.", false},
		{"Reading the tide tables, the survey window might close before the boat is back.", false},
		{"Looking at the kiln logs now.", true},
		{"Checking the spooler queue, then the driver settings on the front-desk machine.", true},
		{"Reading the tide tables to see when the survey window opens next week.", true},
	}
	for _, c := range cases {
		fs := Extract("m1", "assistant", c.text)
		if len(fs) == 0 {
			t.Fatalf("%q: no fact", c.text)
		}
		if got := fs[0].Act == ActChatter; got != c.chatter {
			t.Errorf("%q: act %s, want chatter=%v", c.text, fs[0].Act, c.chatter)
		}
	}
}
