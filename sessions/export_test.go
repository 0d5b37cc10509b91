package sessions

// Exported for the external tests of this package (audit_memory_bench_test.go).
var (
	GenClaudeFile = genClaudeFile
	PeakHeapAbove = peakHeapAbove
)
