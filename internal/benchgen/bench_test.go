package benchgen_test

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/internal/benchgen"
	"github.com/compaudit/compaudit/sessions"
)

// The harness: generated Claude Code sessions of 6, 25, 50 and 100 MB (5 rounds each,
// written once per test binary to a temporary folder), read, audited and written in
// each report format. Each benchmark reports MB/s (of the session file), ns/msg (per
// imported message), allocations and the peak heap in use (the loaded session and, for
// the writers, the report included) in MB and as a multiple of the file.
// They assert nothing about time. Run one size, or all:
//
//	go test -run X -bench 'Audit/25MB' -benchtime 3x ./internal/benchgen
//	go test -run X -bench . -benchtime 1x ./internal/benchgen
//
// BenchmarkGrowth logs the audit's time per size and its growth per doubling.

var sizes = []int{6, 25, 50, 100}

var files struct {
	sync.Mutex
	dir  string
	path map[int]string
}

// file is the generated session of mb megabytes (made on first use).
func file(b *testing.B, mb int) (string, int64) {
	b.Helper()
	files.Lock()
	defer files.Unlock()
	if files.dir == "" {
		d, err := os.MkdirTemp("", "compaudit-benchgen-")
		if err != nil {
			b.Fatal(err)
		}
		files.dir, files.path = d, map[int]string{}
	}
	p, ok := files.path[mb]
	if !ok {
		p = filepath.Join(files.dir, fmt.Sprintf("session-%dMB.jsonl", mb))
		if _, err := benchgen.WriteFile(p, benchgen.Options{Size: int64(mb) << 20, Rounds: 5, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		files.path[mb] = p
	}
	fi, err := os.Stat(p)
	if err != nil {
		b.Fatal(err)
	}
	return p, fi.Size()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if files.dir != "" {
		os.RemoveAll(files.dir)
	}
	os.Exit(code)
}

func load(b *testing.B, p string) *sessions.Session {
	b.Helper()
	s, err := sessions.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// measure runs f b.N times and reports the harness's metrics.
func measure(b *testing.B, size int64, msgs int, f func()) {
	b.Helper()
	audit.CountTokens("warm up the tokenizer") // its vocabulary loads once per process
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	var peak uint64
	for i := 0; i < b.N; i++ {
		peak = max(peak, peakHeap(f))
	}
	b.StopTimer()
	if msgs > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(msgs), "ns/msg")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(peak)/float64(size), "peak/file")
}

func BenchmarkLoad(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			p, size := file(b, mb)
			n := len(load(b, p).Messages)
			measure(b, size, n, func() { load(b, p) })
		})
	}
}

func BenchmarkAudit(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			p, size := file(b, mb)
			s := load(b, p)
			measure(b, size, len(s.Messages), func() {
				if r := audit.Run(s, audit.Options{}); len(r.Rounds) != 5 {
					b.Fatalf("%d rounds, want 5", len(r.Rounds))
				}
			})
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	for _, mb := range sizes {
		for _, format := range []string{"json", "md", "brief", "html"} {
			b.Run(fmt.Sprintf("%s/%dMB", format, mb), func(b *testing.B) {
				p, size := file(b, mb)
				s := load(b, p)
				r := audit.Run(s, audit.Options{})
				measure(b, size, len(s.Messages), func() {
					if err := audit.Write(io.Discard, format, r); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkGrowth logs, per size, the best of three audits and the growth per doubling
// of the file from the previous size (2 is linear).
func BenchmarkGrowth(b *testing.B) {
	var prevT time.Duration
	var prevSize int64
	for _, mb := range sizes {
		p, size := file(b, mb)
		s := load(b, p)
		best := time.Duration(math.MaxInt64)
		for rep := 0; rep < 3; rep++ {
			start := time.Now()
			audit.Run(s, audit.Options{})
			best = min(best, time.Since(start))
		}
		g := ""
		if prevT > 0 {
			doublings := math.Log2(float64(size) / float64(prevSize))
			g = fmt.Sprintf("  growth per doubling x%.2f", math.Pow(float64(best)/float64(prevT), 1/doublings))
		}
		b.Logf("audit %3d MB (%d messages): %8v  %.1f MB/s%s", mb, len(s.Messages), best.Round(time.Millisecond), float64(size)/(1<<20)/best.Seconds(), g)
		prevT, prevSize = best, size
	}
}

// peakHeap samples the heap in use (objects plus unused span space) every millisecond
// while f runs and returns the highest value seen.
func peakHeap(f func()) uint64 {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	read := func() uint64 {
		metrics.Read(samples)
		var v uint64
		for _, s := range samples {
			if s.Value.Kind() == metrics.KindUint64 {
				v += s.Value.Uint64()
			}
		}
		return v
	}
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	return max(peak.Load(), read())
}
