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
