package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/failure-dropped", "failure",
	"A failure record (an error a tool reported, an attempt that failed) is gone from the summary, so the next round may repeat it.", 0.9,
	[]rule.Example{
		{Source: []string{"assistant: Running the upgrade.", "tool: error: cannot lock ref 'refs/heads/main': unable to create lock file"}, Summary: "Ran the upgrade.", Fires: true},
		{Source: []string{"tool: error: cannot lock ref 'refs/heads/main': unable to create lock file"}, Summary: "Errors: the push failed with 'cannot lock ref refs/heads/main: unable to create lock file'.", Fires: false},
		// a call the user rejected is kept by the reason the user gave for it
		{Source: []string{"assistant: Creating the release branch from main.", "tool: Call rejected: git checkout -b release/4.3 was not run. Asked why, the user said:\ncut the branch from release/4.2, not from main"}, Summary: "## Constraints\n- User: cut the branch from release/4.2, not from main.", Fires: false},
		{Source: []string{"assistant: Creating the release branch from main.", "tool: Call rejected: git checkout -b release/4.3 was not run. Asked why, the user said:\ncut the branch from release/4.2, not from main"}, Summary: "## Done\n- Created the release branch.", Fires: true},
	})
