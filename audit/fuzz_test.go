package audit_test

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// FuzzAudit: any user text, tool text and summary audit without a panic, every report
// writer succeeds, and the JSON is the same on a second run.
func FuzzAudit(f *testing.F) {
	f.Add("Never write to staging until the lock is released. Pin postgres:18.2.", "ERROR: lock held by release job", "Staging DB access was discussed; postgres:18 pinned.")
	f.Add("Ship it to staging only until SEC-0412 is signed off.", "PartitionCount: 48\nFLASH : ORIGIN = 0x08008000", "Rollout plan: staging first, then production. FLASH 0x08040000.")
	f.Add("B. Switch to memory. Rejecting B: it violates the rule.", "7 of 9 resolvers return Cloudflare", "Memory buffering remains a fallback. DNS propagation complete.")
	f.Add("", "", "")
	f.Fuzz(func(t *testing.T, user, tool, summary string) {
		if !utf8.ValidString(user) || !utf8.ValidString(tool) || !utf8.ValidString(summary) {
			return
		}
		// A per-input bound: the fuzzer's strings grow without one, each audit then takes
		// seconds and the target makes a handful of executions a minute.
		if len(user)+len(tool)+len(summary) > 2048 {
			return
		}
		s := &sessions.Session{ID: "fuzz", Path: "fuzz", Format: sessions.NativeFormat,
			Messages:    []sessions.Message{{ID: "m1", Role: "user", Text: user}, {ID: "m2", Role: "tool", Text: tool}, {ID: "m3", Role: "assistant", Text: user + " " + tool}},
			Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"}, Summary: summary}},
		}
		s.Index()
		if sessions.Validate(s, nil) != nil {
			return
		}
		var first bytes.Buffer
		for run := 0; run < 2; run++ {
			r := audit.Run(s, audit.Options{})
			var b bytes.Buffer
			for _, format := range []string{"json", "md", "html"} {
				b.Reset()
				if err := audit.Write(&b, format, r); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				if format == "json" && run == 0 {
					first.Write(b.Bytes())
				} else if format == "json" && !bytes.Equal(first.Bytes(), b.Bytes()) {
					t.Fatalf("JSON differs between runs")
				}
			}
		}
	})
}
