package sessions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Doubling benchmarks for the paths that were quadratic: each reads inputs of size n,
// 2n and 4n and logs the time and its growth per doubling (about 2 is linear, about 4
// quadratic). They assert nothing about time. Run with
//
//	go test -run X -bench Growth -benchtime 1x ./sessions
func growth(b *testing.B, what string, sizes []int, run func(n int) func()) {
	b.Helper()
	var prev time.Duration
	for _, n := range sizes {
		f := run(n)
		best := time.Duration(1 << 62)
		for rep := 0; rep < 3; rep++ {
			start := time.Now()
			f()
			best = min(best, time.Since(start))
		}
		g := ""
		if prev > 0 {
			g = fmt.Sprintf("  growth x%.2f", float64(best)/float64(prev))
		}
		b.Logf("%s n=%-7d %10v%s", what, n, best.Round(time.Millisecond), g)
		prev = best
	}
}

// readOK reads path and fails the benchmark on an error.
func readOK(b *testing.B, path string) func() {
	return func() {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// Message arrays and the OpenCode export: each message's line was counted from the
// start of the file (300k messages took 40 s).
func BenchmarkGrowthLineNumbering(b *testing.B) {
	dir := b.TempDir()
	sizes := []int{25000, 50000, 100000}
	for _, c := range []struct {
		name string
		gen  func(p string, g genSpec) error
	}{
		{"array", func(p string, g genSpec) error { return genArray(p, g, false) }},
		{"native", genNative},
		{"opencode-export", genOpenCodeExport},
	} {
		growth(b, c.name, sizes, func(n int) func() {
			p := filepath.Join(dir, fmt.Sprintf("%s-%d.json", c.name, n))
			if err := c.gen(p, genSpec{msgs: n, textLen: 40, roundEvery: n / 4}); err != nil {
				b.Fatal(err)
			}
			return readOK(b, p)
		})
	}
}

// nestedContent is a message array whose second message's content nests depth
// tool_result blocks deep.
func nestedContent(depth int) string {
	inner := `"` + strings.Repeat("x", 64) + `"`
	for i := 0; i < depth; i++ {
		inner = `[{"type":"tool_result","tool_use_id":"t","content":` + inner + `}]`
	}
	return `[{"role":"user","content":"hi"},{"role":"user","content":` + inner + `},{"role":"user","content":"Summary of the conversation so far: hi"}]`
}

// Nested content blocks were decoded again at every level (quadratic in the depth).
func BenchmarkGrowthNestedContent(b *testing.B) {
	dir := b.TempDir()
	growth(b, "nested content", []int{60, 120, 240}, func(depth int) func() {
		p := filepath.Join(dir, fmt.Sprintf("nested-%d.json", depth))
		if err := os.WriteFile(p, []byte(nestedContent(depth)), 0o644); err != nil {
			b.Fatal(err)
		}
		return func() {
			for i := 0; i < 200; i++ {
				readOK(b, p)()
			}
		}
	})
}

// DCP references: a chain of blocks, each referring to the one before; expanded
// without a bound, the text grew with the square of the chain (and exponentially with
// repeated references).
func BenchmarkGrowthDCPChain(b *testing.B) {
	growth(b, "DCP chain", []int{200, 400, 800}, func(n int) func() {
		root := writeDCPBomb(b, n, 3)
		sid := openCodeSessionIDs(root)[0]
		if err := os.Rename(filepath.Join(root, "plugin", "dcp", "ses_minimal.json"), filepath.Join(root, "plugin", "dcp", sid+".json")); err != nil {
			b.Fatal(err)
		}
		return readOK(b, root)
	})
}
