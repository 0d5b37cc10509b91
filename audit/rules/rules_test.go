package rules_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
	"github.com/compaudit/compaudit/sessions"
)

// session builds the one-round session an example describes, as `compaudit rules`
// builds it: each source line is "role: text" (user, assistant, thinking, tool, system).
func session(ex rule.Example) *sessions.Session { return ruledoc.Session(ex) }

// fired reports whether the rule reported anything on the example, at any severity
// (quoting the given source text, when one is given).
func fired(r *audit.Report, id, quotes string) bool {
	for _, rd := range r.Rounds {
		for _, f := range rd.Findings {
			if f.Rule == id && (quotes == "" || f.Source != nil && strings.Contains(f.Source.Text, quotes)) {
				return true
			}
		}
	}
	return false
}

// TestRuleExamples runs every rule's own examples: it must fire where they say so and
// stay quiet where they say so.
func TestRuleExamples(t *testing.T) {
	all := rule.All()
	if len(all) < 20 {
		t.Fatalf("only %d rules registered", len(all))
	}
	for _, ru := range all {
		t.Run(ru.ID, func(t *testing.T) {
			fires, quiet := 0, 0
			for k, ex := range ru.Examples {
				if ex.Fires {
					fires++
				} else {
					quiet++
				}
				got := fired(audit.Run(session(ex), audit.Options{Workers: 1}), ru.ID, ex.Quotes)
				if got != ex.Fires {
					t.Errorf("example %d: fired %v, want %v\n  source: %q\n  summary: %q", k, got, ex.Fires, ex.Source, ex.Summary)
				}
			}
			if fires == 0 || quiet == 0 {
				t.Errorf("%s needs examples where it fires (%d) and where it stays quiet (%d)", ru.ID, fires, quiet)
			}
		})
	}
}

// TestRegistry: ids name their family, every rule has a doc and one check for its stage.
func TestRegistry(t *testing.T) {
	for _, ru := range rule.All() {
		fam, _, _ := strings.Cut(ru.ID, "/")
		if fam != ru.Family && !(fam == "collapse" && ru.Family == rule.EpistemicCollapse) && !(fam == "provenance" && ru.Family == rule.ProvenanceLoss) {
			t.Errorf("%s: family %q does not match its id", ru.ID, ru.Family)
		}
		checks := 0
		for _, c := range []bool{ru.Pair != nil, ru.Lost != nil, ru.Claim != nil, ru.Whole != nil} {
			if c {
				checks++
			}
		}
		if checks != 1 {
			t.Errorf("%s has %d checks, want exactly one", ru.ID, checks)
		}
		if rule.Doc(ru.ID) == "" {
			t.Errorf("%s has no doc", ru.ID)
		}
	}
}
