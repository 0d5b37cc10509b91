package rules

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// A claim's clause ends at a semicolon or a sentence's end, not at the dots inside a
// name, so the clause that restates "the linter wants t.TempDir()" keeps "Linter".
func TestClaimClauseKeepsNames(t *testing.T) {
	f := classify.Fact{Text: "The linter wants us to use t.TempDir() instead of os.MkdirTemp()."}
	f.Words = classify.Terms(f.Text, nil)
	g := classify.Fact{Text: "**Error**: Linter suggesting `t.TempDir()` instead of `os.MkdirTemp()` in tests"}
	if got := claimClause(&f, &g); !strings.Contains(got, "Linter") || !strings.Contains(got, "MkdirTemp") {
		t.Errorf("claimClause = %q, want the whole claim with its source", got)
	}
	want := []string{"Rotated the key", "the old one stays valid for 24 h", "Nobody else was told"}
	if got := claimSentences("Rotated the key; the old one stays valid for 24 h. Nobody else was told."); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("claimSentences = %q, want %q", got, want)
	}
}
