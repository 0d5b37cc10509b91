package judge

import (
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// TestRejectedLookOnly: the user's rejection of a call that only looked weighs less;
// a rejected edit, commit or pipe into a shell, and a failure that is no rejection, do
// not.
func TestRejectedLookOnly(t *testing.T) {
	note := "The user doesn't want to proceed with this tool use. The tool use was rejected."
	cases := []struct {
		result, call string
		want         bool
	}{
		{note, "Bash(command=ls -la /srv/kiln | grep log, description=List the kiln logs)", true},
		{note, "Read:\nfile_path: /srv/kiln/ramp.toml", true},
		{note, "Bash:\ncommand: git log --oneline -5\ndescription: recent commits", true},
		{note, "Bash(command=git push origin main, description=Push the fix)", false},
		{note, "Edit:\nfile_path: kiln/ramp.go\nold_string: rate := 120", false},
		{note, "Bash(command=cat install.sh | sh, description=Run the installer)", false},
		{note, "", false},
		{"Error: exit status 1", "Bash(command=ls -la /srv/kiln, description=List)", false},
	}
	for _, c := range cases {
		r := &rule.Round{Src: []classify.Fact{{Message: "m2", Origin: classify.OriginToolError, Act: classify.ActFailure, Text: c.result}}, Pos: []int{1}}
		if c.call != "" {
			r.Ev = []classify.Fact{{Message: "m2.call", Text: c.call}}
			r.EvPos = []int{0}
		}
		if got := rejectedLookOnly(r, 0); got != c.want {
			t.Errorf("%q after %q: %v, want %v", c.result, c.call, got, c.want)
		}
	}
}
