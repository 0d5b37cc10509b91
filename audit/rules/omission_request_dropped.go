package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/request-dropped", "request",
	"Something the user asked for or stated is gone from the summary.", 0.85,
	[]rule.Example{
		{Source: []string{"user: Also add a --dry-run flag to the cleanup command."}, Summary: "Implemented the cleanup command.", Fires: true},
		{Source: []string{"user: Also add a --dry-run flag to the cleanup command."}, Summary: "User asked for a --dry-run flag on the cleanup command.", Fires: false},
	})
