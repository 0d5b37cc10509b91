package classify

import "testing"

// A harness's refusal of a malformed call is evidence, not a failure of the work; the
// tool's own error is a failure record.
func TestHarnessRefusalIsNoFailure(t *testing.T) {
	cases := []struct {
		text string
		fail bool
	}{
		{"<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>", false},
		{"<tool_use_error>Found 3 matches of the string to replace, but replace_all is false.</tool_use_error>", false},
		{"error: cannot lock ref 'refs/heads/main': unable to create lock file", true},
	}
	for _, c := range cases {
		got := false
		for _, f := range toolFacts(Source{ID: "t", Role: "tool", Text: c.text, IsError: true}) {
			got = got || f.Act == ActFailure
		}
		if got != c.fail {
			t.Errorf("%q: a failure record = %v, want %v", c.text, got, c.fail)
		}
	}
}
