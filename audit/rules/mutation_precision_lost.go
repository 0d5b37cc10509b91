package rules

import "github.com/compaudit/compaudit/audit/rule"

// 18.2 became 18: a pin loses its precision and means a different thing.
var _ = valueRule("mutation/precision-lost", "precision",
	"The summary cuts a version or figure to fewer components (18.2 to 18, 1.4.2 to 1.4): a pin becomes a range.",
	"lost precision to", 1, []rule.Example{
		{Source: []string{"user: Build against libvips 8.15.2, nothing newer."}, Summary: "Build against libvips 8.15, nothing newer.", Fires: true},
		{Source: []string{"user: Pin the runner image to ubuntu 22.04."}, Summary: "Pin the runner image to ubuntu 22.", Fires: true},
		{Source: []string{"user: Pin the runner image to ubuntu 22.04."}, Summary: "Pin the runner image to ubuntu 22.04.", Fires: false},
		{Source: []string{"user: Use v3.2 of the schema."}, Summary: "Use schema 3.2.", Fires: false},
		// the floating tag the user ruled out is what the summary pins, even though a
		// later message still names it as the old state
		{Source: []string{"user: Build the image on node:22.11, never the floating node:22 tag.", "assistant: The Dockerfile was on node:22; it's pinned to node:22.11 now."}, Summary: "Rules: build the image on node:22.", Fires: true},
		{Source: []string{"user: Build the image on node:22.11, never the floating node:22 tag."}, Summary: "Never use the floating node:22 tag for the image.", Fires: false},
	})
