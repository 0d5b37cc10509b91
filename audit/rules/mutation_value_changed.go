package rules

import "github.com/compaudit/compaudit/audit/rule"

// A value the summary states differently: a port, a count, a size, a date, an id.
var _ = valueRule("mutation/value-changed", "value",
	"The summary gives a different value (a number, date, id, size, port) to the slot the source filled.",
	"became", 1, []rule.Example{
		{Source: []string{"user: The nightly export runs at 02:30 and writes to bucket reports-eu-7."}, Summary: "The nightly export runs at 03:30 and writes to bucket reports-eu-7.", Fires: true},
		{Source: []string{"assistant: The queue holds 4,812 messages."}, Summary: "The queue holds 4,182 messages.", Fires: true},
		// another source gives the summary's value for the same thing: a correction, not a change
		{Source: []string{"assistant: The search index has 32 shards, replicated twice.", "assistant: Rebalancing the search index with its 36 shards left the hot node as busy as before."}, Summary: "The search index has 36 shards, replicated twice.", Fires: false},
		{Source: []string{"assistant: The March payout batch totals EUR 2,417,306.15 across 980 payees.", "tool: $ payout-check --batch march\nOK: EUR 2,417,360.15 in 980 transfers"}, Summary: "March payout batch: EUR 2,417,360.15 for 980 payees.", Fires: false},
		// a rate's amount is its value, whatever it is per
		{Source: []string{"user: Invoices for the print shop come to £1,375.20/month."}, Summary: "Print shop invoices: £1,735.20/month.", Fires: true},
		{Source: []string{"user: Keep the cache at 512 entries."}, Summary: "Keep the cache at 512 entries.", Fires: false},
		{Source: []string{"user: Keep the cache at 5,000 entries."}, Summary: "Keep the cache at 5000 entries.", Fires: false},
		{Source: []string{"assistant: Timeout was 30s.", "user: Make it 45s."}, Summary: "Timeout is 45s.", Fires: false},
		{Source: []string{"assistant: Proposed: retry.backoffMillis 1500, then at most 3 attempts spaced by 500ms."}, Summary: "Retry backoff is 500ms, at most 3 attempts spaced by 500ms.", Fires: true},
		{Source: []string{"assistant: Proposed: retry.backoffMillis 1500, then at most 3 attempts spaced by 500ms."}, Summary: "Retry backoff of 1.5 s, then at most 3 attempts spaced by 500ms.", Fires: false},
		{Source: []string{"user: The gRPC backend is 10.4.0.12:9091 on these nodes; 9090 is the legacy gateway, keep traffic off it."}, Summary: "gRPC backend: 10.4.0.12:9090 (the legacy gateway port; keep traffic off it).", Fires: true},
		{Source: []string{"user: The metrics broker (mq-1, port 5672) keeps dropping messages; fix its prefetch.\nThe billing broker next to it (port 5673) must not be touched.", "tool: $ rabbitmqctl -n mq-1 -p 5672 list_queues\nmetrics 18233"}, Summary: "The billing broker next to it (port 5672) must not be touched.", Fires: true},
		{Source: []string{"user: The gRPC backend is 10.4.0.12:9091 on these nodes; 9090 is the legacy gateway, keep traffic off it."}, Summary: "gRPC backend: 10.4.0.12:9091; 9090 is the legacy gateway, keep traffic off it.", Fires: false},
		// the value the source names only to rule it out has taken the chosen one's place
		{Source: []string{"user: Point the app at port 6432 rather than 5432, the pooler sits there."}, Summary: "The app connects to the database on port 5432.", Fires: true},
		{Source: []string{"user: Point the app at port 6432 rather than 5432, the pooler sits there."}, Summary: "The app connects to the pooler on port 6432, not 5432.", Fires: false},
		// a pattern's blank spelled another way is the same pattern; its fixed part changed is not
		{Source: []string{"assistant: Each tenant's config is rendered to /srv/relay-agent/conf/<tenant>.toml on first upload."}, Summary: "Tenant configs are rendered to /srv/relay/conf/<tenant>.toml on first upload.", Fires: true},
		{Source: []string{"assistant: Each tenant's config is rendered to /srv/relay/conf/<tenant>.toml on first upload."}, Summary: "Tenant configs are rendered to /srv/relay/conf/{tenant-id}.toml on first upload.", Fires: false},
		// a place in code given as roughly where it is: code moves as it is edited
		{Source: []string{"assistant: The retry guard sits in `flushQueue()` (line 388)."}, Summary: "Moved the retry guard in `flushQueue()` (line ~395).", Fires: false},
		{Source: []string{"assistant: The retry guard sits in `flushQueue()` (line 388)."}, Summary: "The retry guard sits in `flushQueue()` (line 383).", Fires: true},
		{Source: []string{"assistant: Step 3 of the rollout is blocked on the DNS change.", "assistant: Step 5 of the rollout adds the alert rules."}, Summary: "Step 5 of the rollout is blocked on the DNS change.", Fires: true},
		// a file the summary names in a line of its own: the line beside it is about another file
		{Source: []string{"assistant: `web/app/router.ts` — added the /healthz route with a 2 s timeout."}, Summary: "- Files touched: `web/app/router.ts`, `web/app/router_test.ts`.\n- `web/app/router_test.ts` — checks the /healthz route and its 2 s timeout.", Fires: false},
		{Source: []string{"assistant: `web/app/router.ts` — added the /healthz route with a 2 s timeout."}, Summary: "- `web/app/router_test.ts` — added the /healthz route with a 2 s timeout.", Fires: true},
		// a figure stated twice keeps one mention; the other's slot, between the same
		// words, now holds another figure
		{Source: []string{"assistant: The import skipped 2 rows, then wrote 2 new batches to the archive."}, Summary: "The import skipped 2 rows, then wrote 5 new batches to the archive.", Fires: true},
		{Source: []string{"assistant: Bed 4 gets 2 trays, bed 7 gets 2 trays."}, Summary: "Bed 4 gets 2 trays, bed 7 gets 3 trays.", Fires: true},
		{Source: []string{"assistant: The import skipped 2 rows, then wrote 2 new batches to the archive."}, Summary: "The import skipped 2 rows and wrote 2 new batches to the archive; 5 more are queued.", Fires: false},
		{Source: []string{"assistant: Bed 4 gets 2 trays and bed 7 gets 2 trays."}, Summary: "Both beds (4 and 7) get 2 trays each.", Fires: false},
		// the same file with a line to look at is no other value; another file is
		{Source: []string{"assistant: The lock is taken in store/lease.go when a tenant imports."}, Summary: "**File**: `store/lease.go:85` takes the lock when a tenant imports.", Fires: false},
		{Source: []string{"assistant: The lock is taken in store/lease.go when a tenant imports."}, Summary: "**File**: `store/lock.go:85` takes the lock when a tenant imports.", Fires: true},
		// a count moved onto the noun another count had: the total now counts one part
		{Source: []string{"assistant: The survey got 40 replies (25 staff + 15 students)."}, Summary: "Survey replies: 40 staff + 15 students.", Fires: true},
		{Source: []string{"assistant: The survey got 40 replies (25 staff + 15 students)."}, Summary: "The survey got 40 replies: 25 from staff, 15 from students.", Fires: false},
		// a value inside the words of someone the summary quotes is theirs
		{Source: []string{"assistant: Option 2: keep the parsers in the `ingest` package (current layout).", "user: yes do option 1"}, Summary: "Parsers move out of the `ingest` package (user: \"yes do option 1\").", Fires: false},
	})
