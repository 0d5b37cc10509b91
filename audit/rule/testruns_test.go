package rule

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// TestPassLine: the lines test runners print for passing tests, in several runners;
// lines that only mention passing or ok are not. Invented lines.
func TestPassLine(t *testing.T) {
	for line, want := range map[string]bool{
		"ok  \tgithub.com/acme/ledger/store\t0.412s": true,
		"--- PASS: TestRefundRounding (0.00s)":       true,
		"PASS":                                       true,
		"==== 42 passed, 3 skipped in 1.84s ====":    true,
		"  17 passing (231ms)":                       true,
		"test result: ok. 12 passed; 0 failed":       true,
		"ok, the export looks fine":                  false,
		"the password was rotated":                   false,
		"FAIL\tgithub.com/acme/ledger/store\t0.412s": false,
	} {
		if got := passLine(line); got != want {
			t.Errorf("passLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestTestsPassedLater: the agent's "tests still fail" is overtaken by a later clean
// run; not by a run with a failure in it, an earlier run, or for a failure line a
// tool printed.
func TestTestsPassedLater(t *testing.T) {
	run := func(id, out string) []classify.Fact {
		return classify.ExtractSource(classify.Source{ID: id, Role: "tool", Kind: "tool_result", Name: "Bash", Text: out})
	}
	clean := "ok  \tgithub.com/acme/kiln/firing\t1.204s\nok  \tgithub.com/acme/kiln/glaze\t0.311s"
	failing := "--- FAIL: TestRampRate (0.01s)\n    ramp_test.go:41: ramp = 150, want 120\nFAIL\tgithub.com/acme/kiln/firing\t0.912s\nok  \tgithub.com/acme/kiln/glaze\t0.311s"
	cases := []struct {
		name, fact, role string
		at               int // position of the run: after (3) or before (1) the fact at 2
		out              string
		want             bool
	}{
		{"a clean run after", "A few kiln tests are still failing.", "assistant", 3, clean, true},
		{"a run with a failure", "A few kiln tests are still failing.", "assistant", 3, failing, false},
		{"a clean run before", "A few kiln tests are still failing.", "assistant", 1, clean, false},
		{"a tool's failure line", "ramp_test.go:41: ramp = 150, want 120", "tool", 3, clean, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Round{}
			add := func(fs []classify.Fact, pos int) {
				for _, f := range fs {
					if f.Evidence {
						r.Ev, r.EvPos = append(r.Ev, f), append(r.EvPos, pos)
					} else {
						r.Src, r.Pos = append(r.Src, f), append(r.Pos, pos)
					}
				}
			}
			if c.role == "tool" {
				add(run("m2", c.fact), 2)
			} else {
				add(classify.Extract("m2", c.role, c.fact), 2)
			}
			add(run("m9", c.out), c.at)
			if got := r.TestsPassedLater(0); got != c.want {
				t.Errorf("TestsPassedLater = %v, want %v", got, c.want)
			}
		})
	}
}
