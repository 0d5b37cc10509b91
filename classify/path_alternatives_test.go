package classify

import "testing"

// Two words joined by one slash are a path when they read as a folder and its entry,
// and alternatives when one holds the other or both end alike.
func TestSlashAlternatives(t *testing.T) {
	cases := []struct {
		w    string
		path bool
	}{
		{"docs/plans", true},
		{"tests/fixtures", true},
		{"glaze/recipes", true},
		{"kiln/schedules", true},
		{"collapsing/uncollapsing", false},
		{"install/uninstall", false},
		{"compaction/summarization", false},
		{"parsing/rendering", false},
		{"and/or", false},
	}
	for _, c := range cases {
		if got := isPath(c.w); got != c.path {
			t.Errorf("isPath(%q) = %v, want %v", c.w, got, c.path)
		}
	}
}
