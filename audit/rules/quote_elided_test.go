package rules

import (
	"slices"
	"strings"
	"testing"
)

// elidedGaps finds what a quotation leaves out at its elisions, and only there.
func TestElidedGaps(t *testing.T) {
	cases := []struct {
		source, summary string
		want            []string
	}{
		// between two pieces the source holds
		{"Ship the lantern firmware to the north pier, then wait for the harbour master, then flash the rest.",
			`"Ship the lantern firmware to the north pier... then flash the rest."`, []string{", then wait for the harbour master, "}},
		// past the last piece, when the quote ends in an elision
		{"Book the ferry for the survey crew and pay with the project card only.",
			`"Book the ferry for the survey crew…"`, []string{" and pay with the project card only."}},
		// the quote resumes in words of another sentence
		{"Archive the glaze tests from spring (keep the cone-10 ones out of it).",
			`"Archive the glaze tests from spring... and label the shelves"`, []string{" (keep the cone-10 ones out of it)."}},
		// no elision, or pieces too short to place
		{"Book the ferry for the survey crew and pay with the project card only.",
			`"Book the ferry for the survey crew and pay with the project card only."`, nil},
		{"Book the ferry for the survey crew and pay with the project card only.", `"Book... only"`, nil},
		// lower-casing that changes the length: the gap is given lower-case
		{"Die Fähre für die Crew buchen und İmmer mit der Projektkarte zahlen.",
			`"Die Fähre für die Crew buchen…"`, []string{strings.ToLower(" und İmmer mit der Projektkarte zahlen.")}},
	}
	for _, c := range cases {
		if got := elidedGaps(c.source, c.summary); !slices.Equal(got, c.want) {
			t.Errorf("elidedGaps(%q, %q) = %q, want %q", c.source, c.summary, got, c.want)
		}
	}
}

func TestBalanced(t *testing.T) {
	for in, want := range map[string]string{
		"for now) but keep it":        "for now but keep it",
		"keep (the cone-10 ones) out": "keep (the cone-10 ones) out",
	} {
		if got := balanced(in); got != want {
			t.Errorf("balanced(%q) = %q, want %q", in, got, want)
		}
	}
}
