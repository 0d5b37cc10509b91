package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/request-dropped", "request",
	"Something the user asked for or stated is gone from the summary.", 0.85,
	[]rule.Example{
		{Source: []string{"user: Also add a --dry-run flag to the cleanup command."}, Summary: "Implemented the cleanup command.", Fires: true},
		{Source: []string{"user: Also add a --dry-run flag to the cleanup command."}, Summary: "User asked for a --dry-run flag on the cleanup command.", Fires: false},
		{Source: []string{"user: Could we just switch the session cache to Memcached for cheaper nodes?"}, Summary: "The user asked about Memcached for the session cache; it was ruled out (no persistence).", Fires: false},
		{Source: []string{"user: Could we just switch the session cache to Memcached for cheaper nodes?"}, Summary: "Session cache stays on Redis; node costs reviewed.", Fires: true},
		{Source: []string{"user: Go ahead and migrate the ledger, outside business hours of course."}, Summary: "Replica lag checked first; ledger migrated at 21:40 (schema v14).", Fires: false},
		{Source: []string{"user: the tile script prints \"unknown layer 'roads' for tileset\" on the second run"}, Summary: "Solved: the tile script now builds every layer of the tileset.", Fires: true},
		{Source: []string{"user: The invoice mailer sends every reminder twice since Monday. Find out why and repair it without resending old reminders.", "assistant: The cron entry and the systemd timer both run it.", "user: Repair it in the mailer."}, Summary: "The invoice mailer sends every reminder twice since Monday; track down why and repair it without resending old reminders. Both the cron entry and the systemd timer run it.", Fires: false},
		{Source: []string{"user: The invoice mailer sends every reminder twice since Monday. Find out why and repair it without resending old reminders.", "assistant: The cron entry and the systemd timer both run it.", "user: Page the billing on-call if it recurs."}, Summary: "The invoice mailer sends every reminder twice since Monday; track down why and repair it without resending old reminders. Both the cron entry and the systemd timer run it.", Fires: true},
	})
