package rules_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
)

// idPrefix is the id prefix of each family's rules.
var idPrefix = map[string]string{
	rule.Omission:          "omission",
	rule.Mutation:          "mutation",
	rule.Addition:          "addition",
	rule.EpistemicCollapse: "collapse",
	rule.ProvenanceLoss:    "provenance",
}

var ruleName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// TestRegistryQuality: what `compaudit rules` and docs/rules.md show is fit to show.
// Every rule belongs to one of the five families under its family's id prefix, has a
// unique kebab-case name, a one-line doc that reads as a sentence, and examples that
// fire and stay quiet, each with source lines in a role the example runner knows and
// a summary; no example is given twice.
func TestRegistryQuality(t *testing.T) {
	if len(idPrefix) != len(audit.Families) {
		t.Fatalf("the test knows %d families, the report %d", len(idPrefix), len(audit.Families))
	}
	seen := map[string]bool{}
	for _, r := range rule.All() {
		if seen[r.ID] {
			t.Errorf("%s registered twice", r.ID)
		}
		seen[r.ID] = true
		prefix, name, _ := strings.Cut(r.ID, "/")
		want, ok := idPrefix[r.Family]
		if !ok || !slices.Contains(audit.Families, r.Family) {
			t.Errorf("%s: family %q is not one of the five", r.ID, r.Family)
		} else if prefix != want {
			t.Errorf("%s: a %s rule's id starts %q", r.ID, r.Family, want+"/")
		}
		if !ruleName.MatchString(name) {
			t.Errorf("%s: name %q is not kebab-case", r.ID, name)
		}
		doc := r.Doc
		if doc != strings.Join(strings.Fields(doc), " ") || !strings.HasSuffix(doc, ".") || !unicode.IsUpper([]rune(doc)[0]) {
			t.Errorf("%s: doc %q is not one sentence-like line (capital first, a period last, single spaces)", r.ID, doc)
		}
		if len(doc) < 30 {
			t.Errorf("%s: doc %q says too little", r.ID, doc)
		}
		exampleQuality(t, r)
	}
}

func exampleQuality(t *testing.T, r *rule.Rule) {
	t.Helper()
	fires, quiet := 0, 0
	dup := map[string]bool{}
	for k, ex := range r.Examples {
		if ex.Fires {
			fires++
		} else {
			quiet++
		}
		if len(ex.Source) == 0 || strings.TrimSpace(ex.Summary) == "" {
			t.Errorf("%s example %d: needs source lines and a summary", r.ID, k+1)
		}
		for _, line := range ex.Source {
			role, text, ok := strings.Cut(line, ": ")
			if !ok || !slices.Contains(ruledoc.Roles, role) || strings.TrimSpace(text) == "" {
				t.Errorf("%s example %d: source line %q is not \"role: text\" with a role of %v", r.ID, k+1, line, ruledoc.Roles)
			}
		}
		key := strings.Join(ex.Source, "\n") + "\x00" + ex.Summary
		if dup[key] {
			t.Errorf("%s example %d repeats an earlier one", r.ID, k+1)
		}
		dup[key] = true
	}
	if fires == 0 || quiet == 0 {
		t.Errorf("%s: %d firing and %d quiet examples; it needs both", r.ID, fires, quiet)
	}
}
