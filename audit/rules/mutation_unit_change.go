package rules

import "github.com/compaudit/compaudit/audit/rule"

// The number kept, the unit changed: 250 ms became 250 s.
var _ = valueRule("mutation/unit-change", "unit",
	"The summary keeps the number but changes its unit within the family (ms to s, MB to GB, µs to ms).",
	"changed unit to", 1, []rule.Example{
		{Source: []string{"assistant: The p99 render time is 180 µs after the change."}, Summary: "The p99 render time is 180 ms after the change.", Fires: true},
		{Source: []string{"user: Cap uploads at 20 MB per file."}, Summary: "Cap uploads at 20 GB per file.", Fires: true},
		// a unit written in Japanese
		{Source: []string{"user: ポンプの再起動間隔は 500 ms にすること。"}, Summary: "ユーザーのルール: ポンプの再起動間隔は 500 秒。", Fires: true},
		{Source: []string{"user: ポンプの再起動間隔は 500 ms にすること。"}, Summary: "ユーザーのルール: ポンプの再起動間隔は 500 ミリ秒。", Fires: false},
		{Source: []string{"user: Cap uploads at 20 MB per file."}, Summary: "Cap uploads at 20MB per file.", Fires: false},
		{Source: []string{"assistant: The probe waits 1500 ms."}, Summary: "The probe waits 1.5 s.", Fires: false},
	})
