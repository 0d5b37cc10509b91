package rules

import "github.com/compaudit/compaudit/audit/rule"

// 01947 became 1947: an id that keeps its zeros is another id without them.
var _ = exact(valueRule("mutation/leading-zeros", "zeros",
	"The summary drops the leading zeros of an id (01947 to 1947, 0087_add_index to 87_add_index).",
	"lost its leading zeros as", 1, []rule.Example{
		{Source: []string{"user: Apply patch 00412 to the branch."}, Summary: "Apply patch 412 to the branch.", Fires: true},
		{Source: []string{"assistant: The file 0031_drop_legacy.sql is next."}, Summary: "The file 31_drop_legacy.sql is next.", Fires: true},
		{Source: []string{"user: Apply patch 00412 to the branch."}, Summary: "Apply patch 00412 to the branch.", Fires: false},
		// the id inside a long line that packs several claims
		{Source: []string{"assistant: Overnight run loaded on sample tray 000731 in the centrifuge."}, Summary: "Lab status: centrifuge calibrated at 4,000 rpm, reagent lot checked, freezer at -80 C, overnight run on sample tray 731, courier booked for 9:00 with the cold box.", Fires: true},
	}))
