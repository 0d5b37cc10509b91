package rules

import "github.com/compaudit/compaudit/audit/rule"

// 01947 became 1947: an id that keeps its zeros is another id without them.
var _ = valueRule("mutation/leading-zeros", "zeros",
	"The summary drops the leading zeros of an id (01947 to 1947, 0087_add_index to 87_add_index).",
	"lost its leading zeros as", 1, []rule.Example{
		{Source: []string{"user: Apply patch 00412 to the branch."}, Summary: "Apply patch 412 to the branch.", Fires: true},
		{Source: []string{"assistant: The file 0031_drop_legacy.sql is next."}, Summary: "The file 31_drop_legacy.sql is next.", Fires: true},
		{Source: []string{"user: Apply patch 00412 to the branch."}, Summary: "Apply patch 00412 to the branch.", Fires: false},
	})
