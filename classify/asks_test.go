package classify

import "testing"

// TestAsks: a line that ends on a question mark asks, past closing emphasis or an
// aside in parentheses; a question mark inside the line does not make it one.
func TestAsks(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Should we retry?", true},
		{"**Should we retry?**", true},
		{"Should we retry? (the job is idempotent)", true},
		{"Retry it (why not?)", true},
		{"We retried (twice).", false},
		{"Is it safe? We checked: it is.", false},
		{"The job (is it idempotent?) runs nightly", false},
	}
	for _, c := range cases {
		if got := asks(c.text); got != c.want {
			t.Errorf("asks(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestPoliteOrder: the user's request put as a question is a request; a question of
// the user's that asks whether something can be done, and the assistant's question
// to the user, stay questions.
func TestPoliteOrder(t *testing.T) {
	cases := []struct {
		role, text string
		want       Act
	}{
		{"user", "Could you rerun the soak test with -race, please?", ActRequest},
		{"user", "can you pin the runner image to 24.04?", ActRequest},
		{"user", "let's keep the old endpoint for a week, ok?", ActRequest},
		{"user", "Could we just move the cron to the bigger plan?", ActQuestion},
		{"user", "Which region is the bucket in?", ActQuestion},
		{"assistant", "Can you confirm the bucket region?", ActQuestion},
	}
	for _, c := range cases {
		fs := Extract("m", c.role, c.text)
		if len(fs) != 1 {
			t.Fatalf("%q: %d facts, want 1", c.text, len(fs))
		}
		if fs[0].Act != c.want {
			t.Errorf("%s %q: act %s, want %s", c.role, c.text, fs[0].Act, c.want)
		}
	}
}

func TestPartialCount(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"7 of 9 public resolvers return the new nameservers", true},
		{"So far 12 out of 30 shards are migrated.", true},
		{"9 of 9 resolvers switched", false},
		{"one of the nine resolvers lags", false},
		{"3 von 5 Knoten sind aktualisiert", true},
		{"step 2 of the plan", false},
		{"v1.2 of 2024", false},
	}
	for _, c := range cases {
		if got := PartialCount(c.text); got != c.want {
			t.Errorf("PartialCount(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestRestrictionDescribesNow: "only" and "exactly" in a rule source's line give it
// force, unless the line says it describes how things are at present.
func TestRestrictionDescribesNow(t *testing.T) {
	cases := []struct {
		text string
		want int
	}{
		{"Deploy the print spooler from the release branch only.", 3},
		{"Keep exactly three replicas of the ledger.", 3},
		{"The lock check currently writes to stderr only.", 0},
		{"Right now the exporter handles exactly one tenant.", 0},
		{"Der Export schreibt derzeit nur CSV.", 0},
	}
	for _, c := range cases {
		fs := Extract("m", "user", c.text)
		if len(fs) != 1 {
			t.Fatalf("%q: %d facts", c.text, len(fs))
		}
		if got := fs[0].Modality.Level; got != c.want {
			t.Errorf("%q: force %d (%q), want %d", c.text, got, fs[0].Modality.Cue, c.want)
		}
	}
}

// TestNegatedOpenCue: a negated open cue leaves nothing open ("no branches remaining",
// "nothing is pending"); "not started" is still open work.
func TestNegatedOpenCue(t *testing.T) {
	cases := []struct {
		text string
		open bool
	}{
		{"There are no stale kiln jobs remaining.", false},
		{"Nothing is pending on the glaze order.", false},
		{"The glaze order is still pending.", true},
		{"The second kiln firing has not started.", true},
	}
	for _, c := range cases {
		f := Extract("m", "assistant", c.text)[0]
		if got := f.Status.Resolution == StatusOpen; got != c.open {
			t.Errorf("%q: open %v (status %+v), want %v", c.text, got, f.Status, c.open)
		}
	}
}

// TestBareProhibition: the user's verbless "no X" is a prohibition; a "no" that opens a
// reply or a description is not.
func TestBareProhibition(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"No mocks in the ledger tests.", true},
		{"and again: no -dontshrink, even for the debug build", true},
		{"Rule: no new dependencies for the kiln controller.", true},
		{"No, keep the old schema.", false},
		{"No tests were run on the spooler.", false},
		{"No errors found in the glaze logs.", false},
	}
	for _, c := range cases {
		if got := bareProhibition(c.text); got != c.want {
			t.Errorf("bareProhibition(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestSingleDashOption: a long option written with one dash is a flag; a dash before
// a number or a capital is not.
func TestSingleDashOption(t *testing.T) {
	for w, want := range map[string]bool{"-race": true, "-count=1": true, "-dontshrink": true, "-v": false, "-5": false, "-Xmx": false, "-": false, "-a-b": false} {
		if got := singleDashOption(w); got != want {
			t.Errorf("singleDashOption(%q) = %v, want %v", w, got, want)
		}
	}
}
