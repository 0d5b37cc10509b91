package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
)

// importanceOf is the importance of the finding about the source fact that contains
// text (-1 when there is none).
func importanceOf(t *testing.T, ex rule.Example, text string) float64 {
	t.Helper()
	for _, rd := range audit.Run(ruledoc.Session(ex), audit.Options{Workers: 1}).Rounds {
		for _, f := range rd.Findings {
			if f.Source != nil && strings.Contains(f.Source.Text, text) {
				return f.Importance
			}
		}
	}
	return -1
}

// TestOneOffOrderDoneWeighsLess: an order to do one thing, which the assistant then
// did, matters less once done than the same order left undone; a standing rule does
// not lose weight by being followed.
func TestOneOffOrderDoneWeighsLess(t *testing.T) {
	sum := "Working on the changelog for the 2031.04 release."
	done := importanceOf(t, rule.Example{Source: []string{"user: create the release branch please", "assistant: Created the release branch and pushed it."}, Summary: sum}, "create the release branch")
	undone := importanceOf(t, rule.Example{Source: []string{"user: create the release branch please", "assistant: Looking at the changelog first."}, Summary: sum}, "create the release branch")
	if done < 0 || undone < 0 || done >= undone {
		t.Errorf("a one-off order carried out weighs %.2f, left undone %.2f: want less once done", done, undone)
	}
	rule1 := importanceOf(t, rule.Example{Source: []string{"user: never push the release branch", "assistant: Created the release branch and pushed it."}, Summary: sum}, "never push")
	rule2 := importanceOf(t, rule.Example{Source: []string{"user: never push the release branch", "assistant: Looking at the changelog first."}, Summary: sum}, "never push")
	if rule1 < rule2 {
		t.Errorf("a standing rule weighs %.2f after related work, %.2f without: it must not lose weight", rule1, rule2)
	}
}
