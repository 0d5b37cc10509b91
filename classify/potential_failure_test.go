package classify

import "testing"

// TestPotentialFailure: a way the code can fail is no failure record; a failure that
// happened is one, even next to such a word. Invented cases.
func TestPotentialFailure(t *testing.T) {
	cases := []struct {
		text   string
		failed bool
	}{
		{"A nil config causes a panic in the loader.", false},
		{"The upload may fail on files over 2 GB.", false},
		{"The parser panics when the header row is empty.", false},
		{"The deploy to staging failed with a timeout.", true},
		{"When we rolled out the patch it crashed on the first request.", true},
		{"The import broke after the schema change.", true},
		// a consequence threatened, not one that came
		{"The heap must stay under 3 GB or we abort the run.", false},
		{"Keep the token fresh, otherwise the sync fails.", false},
		{"The build or the deploy failed twice today.", true},
		// an outcome foretold: a test written to fail first, a prediction
		{"**Expected:** FAILS until the path fix lands.", false},
		{"The new parser test should fail before the patch.", false},
		{"The parser test failed, as expected.", true},
		{"We expected a clean run, but the migration failed on the third table.", true},
	}
	for _, c := range cases {
		f := Extract("m1", "assistant", c.text)[0]
		if got := f.Status.Choice == StatusTriedFailed; got != c.failed {
			t.Errorf("%q: tried-failed = %v (status %+v, act %s), want %v", c.text, got, f.Status, f.Act, c.failed)
		}
	}
}
