package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/open-work-dropped", "open",
	"Open work (a pending item, a blocker, an unanswered offer or question to the user) is gone from the summary.", 0.85,
	[]rule.Example{
		{Source: []string{"assistant: The Windows build is still blocked on the missing signing certificate."}, Summary: "The Linux and macOS builds are green.", Fires: true},
		{Source: []string{"assistant: The Windows build is still blocked on the missing signing certificate."}, Summary: "Pending: Windows build, blocked on the signing certificate.", Fires: false},
	})
