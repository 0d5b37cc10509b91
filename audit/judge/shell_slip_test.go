package judge

import "testing"

// The shell's own complaint about a command line is a slip of the invocation; a
// program's failure is a failure of the work, whatever shell ran it.
func TestShellSlip(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"zsh: command not found: rg", true},
		{"(eval):cd:1: no such file or directory: services/billing", true},
		{"bash: syntax error near unexpected token `)'", true},
		{"bash: ./deploy.sh: Permission denied", false},
		{"error: could not open services/billing/main.go: no such file or directory", false},
		{"FAIL\texample.com/billing [build failed]", false},
	} {
		if got := shellSlip(c.text); got != c.want {
			t.Errorf("shellSlip(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
