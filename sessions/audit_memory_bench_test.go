package sessions_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// BenchmarkAuditClaude100MBMemory reads and audits a generated 100 MB Claude Code
// session (5 compactions) and reports the peak heap above the baseline while it runs,
// as a multiple of the file's size. It asserts nothing; run it with
//
//	go test -run X -bench AuditClaude100MB -benchtime 1x ./sessions
func BenchmarkAuditClaude100MBMemory(b *testing.B) {
	p := filepath.Join(b.TempDir(), "session.jsonl")
	if _, err := sessions.GenClaudeFile(p, 100<<20, 5); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	var readPeak, auditPeak uint64
	for i := 0; i < b.N; i++ {
		var s *sessions.Session
		readPeak = max(readPeak, sessions.PeakHeapAbove(func() { s, err = sessions.ReadFile(p) }))
		if err != nil {
			b.Fatal(err)
		}
		var r *audit.Report
		auditPeak = max(auditPeak, sessions.PeakHeapAbove(func() { r = audit.Run(s, audit.Options{}) }))
		if len(r.Rounds) != 5 {
			b.Fatalf("%d rounds", len(r.Rounds))
		}
	}
	b.ReportMetric(float64(fi.Size())/(1<<20), "file-MB")
	b.ReportMetric(float64(readPeak)/float64(fi.Size()), "read-peak/file")
	b.ReportMetric(float64(auditPeak)/float64(fi.Size()), "audit-peak-above-session/file")
}
