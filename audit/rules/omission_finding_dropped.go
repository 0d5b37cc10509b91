package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/finding-dropped", "finding",
	"A finding of the assistant's about the system under work (a cause, a behaviour, a limit) is gone from the summary.", 0.7,
	[]rule.Example{
		{Source: []string{"assistant: The `flushQueue()` path never runs when the worker runs with --once, so the last batch is lost."}, Summary: "Fixed the worker's batch handling.", Fires: true},
		{Source: []string{"assistant: Let me check the worker next."}, Summary: "Fixed the worker's batch handling.", Fires: false},
	})
