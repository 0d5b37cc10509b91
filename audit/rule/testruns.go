package rule

import (
	"regexp"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/classify"
)

// TestsPassedLater reports whether fact i, the agent saying tests fail ("There are
// still some failing tests"), was overtaken before the compaction by a test run that
// passed: a later tool result that reports passing tests and holds no failure line.
// The agent's claim about the suite is then history, not open work. A failure line a
// tool printed is never settled this way (a later run may have run other tests).
func (r *Round) TestsPassedLater(i int) bool {
	f := &r.Src[i]
	if !classify.AssistantSide(f) || !slices.Contains(f.Words, "test") || !slices.Contains(f.Words, "fail") {
		return false
	}
	runs := r.Memo("rule.passingRuns", func() any { return passingRuns(r) }).([]int)
	for _, p := range runs {
		if p > r.Pos[i] {
			return true
		}
	}
	return false
}

// passingRuns are the positions of the tool results that report passing tests and
// hold no failure line.
func passingRuns(r *Round) []int {
	failed := map[string]bool{}
	for j := range r.Src {
		if g := &r.Src[j]; g.Act == classify.ActFailure && classify.ToolSide(g) {
			failed[g.Message] = true
		}
	}
	var out []int
	seen := map[string]bool{}
	for k := range r.Ev {
		e := &r.Ev[k]
		if seen[e.Message] || failed[e.Message] || strings.HasSuffix(e.Message, ".call") || !passLine(e.Text) {
			continue
		}
		seen[e.Message] = true
		out = append(out, r.EvPos[k])
	}
	return out
}

// passLine: a test runner's line for tests that passed: Go's "ok  <package>" and
// "--- PASS", "PASS", pytest's and jest's "12 passed", mocha's "12 passing", cargo's
// "test result: ok".
func passLine(t string) bool {
	if !mayPass(t) {
		return false // (most lines: no lower-casing, no regexp)
	}
	return rePass.MatchString(strings.ToLower(strings.TrimSpace(t)))
}

// mayPass: t holds "ok" or "pass" in some case.
func mayPass(t string) bool {
	for i := 0; i+1 < len(t); i++ {
		switch t[i] | 0x20 {
		case 'o':
			if t[i+1]|0x20 == 'k' {
				return true
			}
		case 'p':
			if i+3 < len(t) && t[i+1]|0x20 == 'a' && t[i+2]|0x20 == 's' && t[i+3]|0x20 == 's' {
				return true
			}
		}
	}
	return false
}

var rePass = regexp.MustCompile(`^(ok\s+\S+|pass$|--- pass|test result: ok)|\b\d+ (passed|passing)\b`)
