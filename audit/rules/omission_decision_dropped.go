package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/decision-dropped", "decision",
	"A decision (an option chosen or rejected, a user's answer to a question) is gone from the summary.", 0.9,
	[]rule.Example{
		{Source: []string{"assistant: Should the export be CSV or Parquet?", "user: Parquet, partitioned by day."}, Summary: "Writing the export job.", Fires: true},
		{Source: []string{"assistant: Should the export be CSV or Parquet?", "user: Parquet, partitioned by day."}, Summary: "User chose Parquet, partitioned by day, for the export.", Fires: false},
		{Source: []string{"assistant: Two ways:\n(a) retry the webhook from the cron job every 5 minutes\n(b) push failed webhooks onto the dead-letter queue and replay them\nI'd go with (b) rather than (a)."}, Summary: "Failed webhooks go onto the dead-letter queue and are replayed from there.", Fires: false},
		{Source: []string{"assistant: Two ways:\n(a) retry the webhook from the cron job every 5 minutes\n(b) push failed webhooks onto the dead-letter queue and replay them\nI'd go with (b) rather than (a)."}, Summary: "Looked at the webhook failures.", Fires: true},
	})
