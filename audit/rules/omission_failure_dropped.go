package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/failure-dropped", "failure",
	"A failure record (an error a tool reported, an attempt that failed) is gone from the summary, so the next round may repeat it.", 0.9,
	[]rule.Example{
		{Source: []string{"assistant: Running the upgrade.", "tool: error: cannot lock ref 'refs/heads/main': unable to create lock file"}, Summary: "Ran the upgrade.", Fires: true},
		{Source: []string{"tool: error: cannot lock ref 'refs/heads/main': unable to create lock file"}, Summary: "Errors: the push failed with 'cannot lock ref refs/heads/main: unable to create lock file'.", Fires: false},
	})
