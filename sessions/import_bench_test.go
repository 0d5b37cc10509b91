package sessions

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// genClaudeFile writes a Claude Code session of about size bytes with the given
// number of compactions, as the CLI writes it: prompts, assistant text, thinking with
// signatures, tool_use lines and tool_result lines whose toolUseResult repeats the
// output, usage blocks, boundaries and summaries. Tool outputs follow a long-tailed
// size distribution (most a few KB, some several MB on one line). It returns the
// number of lines.
func genClaudeFile(path string, size int64, rounds int) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewSource(7))
	var written int64
	lines := 0
	parent := ""
	seq := 0
	uuid := func() string {
		seq++
		return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", seq, rng.Intn(1<<16), rng.Intn(1<<12), rng.Intn(1<<12), rng.Int63n(1<<48))
	}
	ts := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	emit := func(rec map[string]any) error {
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		b = append(b, '\n')
		n, err := w.Write(b)
		written += int64(n)
		lines++
		return err
	}
	env := func(typ string) map[string]any {
		ts = ts.Add(time.Duration(500+rng.Intn(4000)) * time.Millisecond)
		u := uuid()
		rec := map[string]any{"parentUuid": nilIfEmpty(parent), "isSidechain": false, "userType": "external", "cwd": "/home/dev/src/ledger",
			"sessionId": "5f0c2a9e-1111-4b2c-9d3e-0a1b2c3d4e5f", "version": "2.0.31", "gitBranch": "main", "type": typ, "uuid": u,
			"timestamp": ts.Format("2006-01-02T15:04:05.000Z")}
		parent = u
		return rec
	}
	words := strings.Fields("the retry loop wraps client Do backoff jitter ledger worker drain timeout config env var parse duration payment endpoint idempotent never POST request cap attempts test passes fails error exit status module vendor build cache index bloat reindex concurrently port pgbouncer")
	sentence := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.Intn(len(words))])
		}
		b.WriteByte('.')
		return b.String()
	}
	output := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			fmt.Fprintf(&b, "%5d\u2192\tfunc (c *Client) %s(req *http.Request) error { return fmt.Errorf(\"%s: %%w\", err) }\n", b.Len()/80, words[rng.Intn(len(words))], sentence(4))
		}
		return b.String()
	}
	outSize := func() int {
		r := rng.Float64()
		switch {
		case r < 0.70:
			return 500 + rng.Intn(4000)
		case r < 0.95:
			return 5000 + rng.Intn(60000)
		case r < 0.995:
			return 100000 + rng.Intn(400000)
		default:
			return 1<<20 + rng.Intn(4<<20)
		}
	}
	usage := map[string]any{"input_tokens": 4, "cache_creation_input_tokens": 912, "cache_read_input_tokens": 14877, "output_tokens": 112, "service_tier": "standard"}
	perRound := size / int64(rounds+1)
	for r := 0; r <= rounds; r++ {
		for written < perRound*int64(r+1) {
			rec := env("user")
			rec["message"] = map[string]any{"role": "user", "content": sentence(10+rng.Intn(40)) + " Never retry POST requests."}
			if err := emit(rec); err != nil {
				return 0, err
			}
			for k := 0; k < 1+rng.Intn(6); k++ {
				msgID := fmt.Sprintf("msg_01%022d", seq)
				rec = env("assistant")
				rec["requestId"] = "req_011CUnP4sQ8vJk2R7tYwZb3F"
				rec["message"] = map[string]any{"model": "claude-sonnet-4-5-20250929", "id": msgID, "type": "message", "role": "assistant",
					"content":     []any{map[string]any{"type": "thinking", "thinking": sentence(30 + rng.Intn(60)), "signature": strings.Repeat("EqMDCkYICBgCKkC3v9xQm2Zr8Ls0", 12)}},
					"stop_reason": nil, "usage": usage}
				if err := emit(rec); err != nil {
					return 0, err
				}
				id := fmt.Sprintf("toolu_01%022d", seq)
				rec = env("assistant")
				call := map[string]any{"command": "go test ./internal/httpx/... -run " + words[rng.Intn(len(words))], "description": sentence(5)}
				if rng.Intn(3) == 0 {
					call = map[string]any{"file_path": "/home/dev/src/ledger/internal/httpx/client.go", "old_string": output(200), "new_string": output(400)}
				}
				rec["message"] = map[string]any{"model": "claude-sonnet-4-5-20250929", "id": msgID, "type": "message", "role": "assistant",
					"content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": call}}, "stop_reason": "tool_use", "usage": usage}
				if err := emit(rec); err != nil {
					return 0, err
				}
				out := output(outSize())
				rec = env("user")
				rec["message"] = map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": id, "type": "tool_result", "content": out, "is_error": rng.Intn(10) == 0}}}
				rec["toolUseResult"] = map[string]any{"stdout": out, "stderr": "", "interrupted": false, "isImage": false}
				if err := emit(rec); err != nil {
					return 0, err
				}
			}
			rec = env("assistant")
			rec["message"] = map[string]any{"model": "claude-sonnet-4-5-20250929", "id": fmt.Sprintf("msg_01%022d", seq), "type": "message", "role": "assistant",
				"content": []any{map[string]any{"type": "text", "text": sentence(40 + rng.Intn(80))}}, "stop_reason": "end_turn", "usage": usage}
			if err := emit(rec); err != nil {
				return 0, err
			}
		}
		if r == rounds {
			break
		}
		last := parent
		parent = ""
		rec := env("system")
		rec["subtype"], rec["content"], rec["level"], rec["isMeta"] = "compact_boundary", "Conversation compacted", "info", false
		rec["logicalParentUuid"] = last
		rec["compactMetadata"] = map[string]any{"trigger": "auto", "preTokens": 160000 + rng.Intn(9000)}
		if err := emit(rec); err != nil {
			return 0, err
		}
		rec = env("user")
		rec["isCompactSummary"], rec["isVisibleInTranscriptOnly"] = true, true
		rec["message"] = map[string]any{"role": "user", "content": "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n" + sentence(300)}
		if err := emit(rec); err != nil {
			return 0, err
		}
	}
	if err := w.Flush(); err != nil {
		return 0, err
	}
	return lines, f.Close()
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

var benchFile struct {
	once  sync.Once
	dir   string
	path  string
	size  int64
	lines int
	err   error
}

// claudeBenchFile generates the ~100 MB benchmark file once per test binary.
func claudeBenchFile(tb testing.TB) (string, int64) {
	benchFile.once.Do(func() {
		benchFile.dir, benchFile.err = os.MkdirTemp("", "compaudit-bench-")
		if benchFile.err != nil {
			return
		}
		benchFile.path = filepath.Join(benchFile.dir, "session.jsonl")
		benchFile.lines, benchFile.err = genClaudeFile(benchFile.path, 100<<20, 5)
		if benchFile.err == nil {
			fi, err := os.Stat(benchFile.path)
			benchFile.err = err
			if err == nil {
				benchFile.size = fi.Size()
			}
		}
	})
	if benchFile.err != nil {
		tb.Fatal(benchFile.err)
	}
	return benchFile.path, benchFile.size
}

// peakHeap samples the heap in use (live objects plus free space in spans, like
// MemStats.HeapInuse) every millisecond while f runs, without stopping the world, and
// returns the highest value seen.
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
	wg.Add(1)
	go func() {
		defer wg.Done()
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
	}()
	f()
	close(done)
	wg.Wait()
	if v := read(); v > peak.Load() {
		peak.Store(v)
	}
	return peak.Load()
}

// BenchmarkClaudeImport100MB reads a generated 100 MB Claude Code file with 5
// compactions through ReadFile (detection plus streaming import). It reports MB/s
// (b.SetBytes) and the peak live heap as a multiple of the file size.
func BenchmarkClaudeImport100MB(b *testing.B) {
	path, size := claudeBenchFile(b)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	var peak uint64
	for i := 0; i < b.N; i++ {
		var s *Session
		var err error
		p := peakHeap(func() { s, err = ReadFile(path) })
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Compactions) != 5 {
			b.Fatalf("%d rounds, want 5", len(s.Compactions))
		}
		if p > peak {
			peak = p
		}
	}
	b.ReportMetric(float64(peak)/float64(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(peak)/float64(size), "peak/file")
}

// TestClaudeLargeFileMemory checks the memory bound on the generated file: the live
// heap never exceeds twice the file size while it is read. Skipped with -short.
func TestClaudeLargeFileMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a 100 MB file")
	}
	path, size := claudeBenchFile(t)
	var s *Session
	var err error
	peak := peakHeap(func() { s, err = ReadFile(path) })
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) != 5 {
		t.Fatalf("%d rounds, want 5", len(s.Compactions))
	}
	for i, c := range s.Compactions {
		if c.Round != i+1 || len(c.Sources) < 10 || (i > 0 && c.Sources[0] != s.Compactions[i-1].ID) {
			t.Errorf("round %d: %d sources, first %q", c.Round, len(c.Sources), c.Sources[0])
		}
	}
	t.Logf("file %.1f MB, %d messages, peak live heap %.1f MB (%.2fx)", float64(size)/(1<<20), len(s.Messages), float64(peak)/(1<<20), float64(peak)/float64(size))
	if peak > uint64(2*size) {
		t.Errorf("peak heap %d bytes is more than twice the file (%d bytes)", peak, size)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchFile.dir != "" {
		os.RemoveAll(benchFile.dir)
	}
	os.Exit(code)
}

// genCodexFile writes a Codex rollout of about size bytes with the given number of
// local compactions (with replacement_history), outputs long-tailed as above.
func genCodexFile(path string, size int64, rounds int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewSource(11))
	var written int64
	put := func(typ string, payload any) error {
		b, err := json.Marshal(map[string]any{"timestamp": "2026-03-01T09:00:00.000Z", "type": typ, "payload": payload})
		if err != nil {
			return err
		}
		n, err := w.Write(append(b, '\n'))
		written += int64(n)
		return err
	}
	if err := put("session_meta", map[string]any{"id": "019c0000-0000-7000-8000-000000000001", "cwd": "/w", "originator": "codex_cli_rs", "cli_version": "0.63.0", "model_provider": "corp"}); err != nil {
		return err
	}
	out := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			fmt.Fprintf(&b, "ledger/post.go:%d: \"entry\" %d\tposted\n", b.Len(), rng.Intn(1e6))
		}
		return b.String()
	}
	call := 0
	perRound := size / int64(rounds+1)
	for r := 0; r <= rounds; r++ {
		var users []any
		for written < perRound*int64(r+1) {
			u := map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "Make posting idempotent; never double-post."}}}
			users = append(users, u)
			if err := put("response_item", u); err != nil {
				return err
			}
			for k := 0; k < 1+rng.Intn(5); k++ {
				call++
				id := fmt.Sprintf("call_%06d", call)
				if err := put("response_item", map[string]any{"type": "function_call", "name": "shell_command", "arguments": `{"command":"go test ./...","workdir":"/w"}`, "call_id": id}); err != nil {
					return err
				}
				size := 500 + rng.Intn(8000)
				if rng.Intn(100) == 0 {
					size = 1<<20 + rng.Intn(2<<20)
				}
				if err := put("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": "Exit code: 0\nOutput:\n" + out(size)}); err != nil {
					return err
				}
			}
			if err := put("response_item", map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": "Tests pass."}}}); err != nil {
				return err
			}
		}
		if r == rounds {
			break
		}
		hist := append(users[max(0, len(users)-5):], map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "Another language model started to solve this problem.\n- summary"}}})
		if err := put("compacted", map[string]any{"message": "Another language model started to solve this problem.\n- summary of round", "replacement_history": hist}); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// BenchmarkCodexImport100MB is BenchmarkClaudeImport100MB for a Codex rollout (read
// with encoding/json: slower, but within the same memory bound).
func BenchmarkCodexImport100MB(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rollout.jsonl")
	if err := genCodexFile(path, 100<<20, 5); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	b.ResetTimer()
	var peak uint64
	for i := 0; i < b.N; i++ {
		var s *Session
		var err error
		p := peakHeap(func() { s, err = ReadFile(path) })
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Compactions) != 5 {
			b.Fatalf("%d rounds", len(s.Compactions))
		}
		peak = max(peak, p)
	}
	b.ReportMetric(float64(peak)/float64(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(peak)/float64(fi.Size()), "peak/file")
}
