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

// A file printed with line numbers is searched for the values it names (a dump line,
// marked Code), not judged; a line that names none is not kept.
func TestNumberedReadIsSearchedNotJudged(t *testing.T) {
	text := "     1→package upload\n     2→\n     3→const cachePath = \"/var/lib/media/thumbs.db\"\n     4→const maxRetries = 12\n     5→// error: never log the token\n"
	fs := toolFacts(Source{ID: "t", Role: "tool", Text: text})
	var named []string
	for _, f := range fs {
		if !f.Evidence || !f.Code || f.Act == ActFailure {
			t.Errorf("%q: evidence %v code %v act %v, want a searched dump line", f.Text, f.Evidence, f.Code, f.Act)
		}
		for _, tk := range f.Tokens {
			named = append(named, tk.Raw)
		}
	}
	if len(fs) != 1 || len(named) == 0 {
		t.Errorf("got %d dump lines naming %v, want the one line with the cache path", len(fs), named)
	}
}
