package rules

import "github.com/compaudit/compaudit/audit/rule"

var _ = lostRule("omission/fact-dropped", "fact",
	"Another fact that mattered (from an earlier summary, an instruction, a document) is gone from the summary.", 0.7,
	[]rule.Example{
		{Source: []string{"system: The project builds with Bazel 7 and the remote cache at cache.corp.example."}, Summary: "Working on the flaky test.", Fires: true},
		{Source: []string{"system: The project builds with Bazel 7 and the remote cache at cache.corp.example."}, Summary: "Builds use Bazel 7 with the remote cache at cache.corp.example.", Fires: false},
	})
