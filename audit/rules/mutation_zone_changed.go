package rules

import "github.com/compaudit/compaudit/audit/rule"

// The same clock time in another zone is another time.
var _ = valueRule("mutation/zone-changed", "zone",
	"The summary keeps a clock time but changes its time zone (21:00 CET to 21:00 UTC).",
	"changed zone to", 1, []rule.Example{
		{Source: []string{"user: The freeze starts at 18:00 CET."}, Summary: "The freeze starts at 18:00 UTC.", Fires: true},
		{Source: []string{"user: The freeze starts at 18:00 CET."}, Summary: "The freeze starts at 18:00.", Fires: false},
	})
