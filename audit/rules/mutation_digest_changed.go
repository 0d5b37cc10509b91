package rules

import "github.com/compaudit/compaudit/audit/rule"

// A digest or commit id differs, however little.
var _ = exact(valueRule("mutation/digest-changed", "digest",
	"The summary gives a digest, commit id or uuid that differs from the source's (one character is enough).",
	"became", 1, []rule.Example{
		{Source: []string{"assistant: The release artifact has sha256 9f2c4e1ab07d55e3."}, Summary: "The release artifact has sha256 9f2c4e1ab07d55e8.", Fires: true},
		{Source: []string{"assistant: Reverted commit a41c9e2."}, Summary: "Reverted commit a41c9e2.", Fires: false},
	}))
