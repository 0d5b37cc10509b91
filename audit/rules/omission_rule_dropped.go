package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/rule-dropped", "rule",
	"A rule with force (never, must, only, an order) that the user, an instruction or a document gave is gone from the summary.", 1,
	[]rule.Example{
		{Source: []string{"user: Never delete rows from the audit_log table, archive them instead."}, Summary: "Working on the archive job for old rows.", Fires: true},
		{Source: []string{"user: Never delete rows from the audit_log table, archive them instead."}, Summary: "User rule: never delete audit_log rows; archive them instead.", Fires: false},
		{Source: []string{"user: 請求テーブルの列は絶対に削除しないでください。"}, Summary: "APIのページネーションを実装中。", Fires: true},
		{Source: []string{"user: 請求テーブルの列は絶対に削除しないでください。"}, Summary: "ユーザーのルール：請求テーブルの列は絶対に削除しない。", Fires: false},
		{Source: []string{"user: Could we shard by tenant instead?", "user: Honestly, scrap Vitess, we're rejecting that whole direction."}, Summary: "- Sharding: the user asked about Vitess; it was rejected (operational cost).", Fires: false},
	})
