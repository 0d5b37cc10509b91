package rule

import (
	"slices"
	"testing"
)

// TestQuotePieces: a quotation's pieces are the speaker's words between elisions and
// the writer's bracketed insertions; a Markdown link's text is the speaker's.
func TestQuotePieces(t *testing.T) {
	cases := []struct {
		q    string
		want []string
	}{
		{"move the images... leave the PDFs", []string{"move the images", "leave the PDFs"}},
		{"Carry out the plan: [a plan for the kiln logs] and report back", []string{"Carry out the plan:", "and report back"}},
		{"see [the runbook](https://wiki.example/rb) first", []string{"see [the runbook](https://wiki.example/rb) first"}},
		{"an open [bracket never closed", []string{"an open [bracket never closed"}},
	}
	for _, c := range cases {
		if got := QuotePieces(c.q); !slices.Equal(got, c.want) {
			t.Errorf("QuotePieces(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}
