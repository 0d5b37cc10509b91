package classify

import "testing"

// A hedge word that is the subject of a verdict ("the guess holds") settles the claim;
// the same word supposing something keeps it a hypothesis.
func TestVerdictOnBelief(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"Our guess held up: the pump stalls only when the intake valve is half open.", StatusEstablished},
		{"My theory was right, the cron overlap doubles the load at 02:00.", StatusEstablished},
		{"My guess: the pump stalls only when the intake valve is half open.", StatusHypothesis},
		{"One theory is that the cron overlap doubles the load at 02:00.", StatusHypothesis},
	}
	for _, c := range cases {
		fs := Extract("m1", "assistant", c.text)
		if len(fs) == 0 || fs[0].Status.Epistemic != c.want {
			t.Errorf("%q: %+v, want epistemic %q", c.text, fs, c.want)
		}
	}
}

// BeliefVerdict finds a verdict on any belief noun, hedge word or not.
func TestBeliefVerdict(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"The clock-skew explanation checks out against the NTP logs.", true},
		{"so the unit explanation holds", true},
		{"My hunch was right.", true},
		{"The explanation in the runbook is long.", false},
		{"The rack holds 42 units.", false},
		{"A guess. Holds are placed on the account.", false},
	}
	for _, c := range cases {
		if got := BeliefVerdict(c.text); got != c.want {
			t.Errorf("%q: BeliefVerdict %v, want %v", c.text, got, c.want)
		}
	}
}
