package classify

import (
	"reflect"
	"testing"
)

// Asking for the judged facts alone gives exactly the judged facts of a full
// extraction (their places among the message's facts aside), for every kind of
// source: tool output with failures, numbered file dumps, a refused call, a rejected
// call with the user's words, a document, a call, prose.
func TestJudgedOnlyIsTheJudgedSubset(t *testing.T) {
	srcs := []Source{
		{ID: "t1", Role: "tool", Kind: kindToolResult, Text: "ok  \tpkg/ledger\t0.41s\n--- FAIL: TestSettle (0.02s)\n    settle_test.go:88: balance = 12, want 10\nFAIL\tpkg/ledger\t0.09s\nexit status 1"},
		{ID: "t2", Role: "tool", Kind: kindToolResult, Text: "     1→package ledger\n     2→\n     3→const maxBatch = 500 // rows per flush\n     4→var region = \"eu-west-3\"\n"},
		{ID: "t3", Role: "tool", Kind: kindToolResult, IsError: true, Text: "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"},
		{ID: "t4", Role: "tool", Kind: kindToolResult, IsError: true, Text: "The user doesn't want to proceed with this tool use. The tool use was rejected. To tell you how to proceed, the user said:\nkeep the old schema until the March release, and never drop the audit table"},
		{ID: "t5", Role: "tool", Kind: kindToolResult, Path: "docs/RUNBOOK.md", Text: "# Failover\n\nPromote the replica only after the lag is under 5 s.\nNever restart both nodes at once."},
		{ID: "t6", Role: "tool", Kind: kindToolResult, Text: "error: failed to push some refs to 'origin'\nhint: Updates were rejected because the tip of your current branch is behind\nTo github.com/acme/ledger.git\n ! [rejected]        main -> main (non-fast-forward)"},
		{ID: "c1", Role: "assistant", Kind: kindToolCall, Text: `{"command":"go test ./pkg/ledger -run TestSettle -count=1"}`},
		{ID: "a1", Role: "assistant", Text: "The flush stalls because maxBatch is 500 while the broker caps frames at 256 KiB. I'll lower it to 200 and rerun."},
		{ID: "u1", Role: "user", Text: "Don't touch the migration 0042 files. Here is the log:\n```\n2027-03-04T10:12:01Z ERROR flush timeout after 30s\n```"},
	}
	judged, evidence := 0, 0
	for _, src := range srcs {
		var want []Fact
		for _, f := range ExtractSource(src) {
			if f.Evidence {
				evidence++
			} else {
				judged++
				f.Index = 0
				want = append(want, f)
			}
		}
		only := src
		only.JudgedOnly = true
		var got []Fact
		for _, f := range ExtractSource(only) {
			if f.Evidence {
				t.Fatalf("%s: an evidence fact with JudgedOnly: %q", src.ID, f.Text)
			}
			f.Index = 0
			got = append(got, f)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: judged facts differ:\n got %+v\nwant %+v", src.ID, got, want)
		}
	}
	if judged < 6 || evidence < 6 {
		t.Fatalf("the sources hold %d judged and %d evidence facts: too few to test", judged, evidence)
	}
}
