package sessions

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// Generated inputs for the memory benchmarks of the readers this file covers: the
// native format, message arrays (a JSON array and JSON Lines), the OpenCode export and
// the OpenCode storage folder. Each holds msgs messages of about textLen bytes (with
// newlines, quotes and non-ASCII text, so strings need unescaping) and a compaction
// every roundEvery messages.

// benchText is a message body of about n bytes.
func benchText(rng *rand.Rand, n int) string {
	words := strings.Fields(`the retry loop wraps client.Do with "backoff" and jitter; ledger worker drain timeout — config env var parse duration, payment endpoint idempotent never POST request cap attempts tests pass fails error exit status módulo vendor build cache index`)
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[rng.Intn(len(words))])
		if rng.Intn(12) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

type genSpec struct {
	msgs, textLen, roundEvery int
}

func (g genSpec) forEach(f func(i int, role, text string, summary bool)) {
	rng := rand.New(rand.NewSource(11))
	roles := []string{"user", "assistant", "tool", "assistant"}
	for i := 0; i < g.msgs; i++ {
		if i > 0 && i%g.roundEvery == 0 {
			f(i, "user", "This session is being continued from a previous conversation. "+benchText(rng, g.textLen), true)
			continue
		}
		f(i, roles[i%len(roles)], benchText(rng, g.textLen), false)
	}
}

func writeJSONFile(path string, write func(w *bufio.Writer, enc func(any))) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := func(v any) {
		b, _ := json.Marshal(v)
		w.Write(b)
	}
	write(w, enc)
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// genNative writes a native session (pretty-printed: one field a line, as the writer
// does).
func genNative(path string, g genSpec) error {
	s := &Session{ID: "bench"}
	var pending []string
	prev := ""
	g.forEach(func(i int, role, text string, summary bool) {
		if summary {
			id := fmt.Sprintf("c%d", len(s.Compactions)+1)
			src := append([]string{}, pending...)
			if prev != "" {
				src = append([]string{prev}, src...)
			}
			s.Compactions = append(s.Compactions, Compaction{ID: id, Round: len(s.Compactions) + 1, Parent: prev, Sources: src, Summary: text})
			prev, pending = id, nil
			return
		}
		if role == "tool" {
			role = RoleTool
		}
		id := fmt.Sprintf("m%d", i+1)
		s.Messages = append(s.Messages, Message{ID: id, Role: role, Text: text})
		pending = append(pending, id)
	})
	data, err := MarshalNative(s)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// genArray writes an OpenAI chat messages array (jsonl: one message a line).
func genArray(path string, g genSpec, jsonl bool) error {
	return writeJSONFile(path, func(w *bufio.Writer, enc func(any)) {
		if !jsonl {
			w.WriteString("[\n")
		}
		g.forEach(func(i int, role, text string, summary bool) {
			if i > 0 {
				if jsonl {
					w.WriteString("\n")
				} else {
					w.WriteString(",\n")
				}
			}
			m := map[string]any{"role": role, "content": text}
			if role == "tool" {
				m["tool_call_id"] = fmt.Sprintf("call_%d", i)
			}
			enc(m)
		})
		if !jsonl {
			w.WriteString("\n]")
		}
		w.WriteString("\n")
	})
}

// genOpenCodeExport writes an `opencode export` file: each message an info and parts;
// every summary answers a compaction request.
func genOpenCodeExport(path string, g genSpec) error {
	return writeJSONFile(path, func(w *bufio.Writer, enc func(any)) {
		w.WriteString(`{"info":{"id":"ses_bench","title":"bench"},"messages":[` + "\n")
		n := 0
		add := func(info map[string]any, parts []map[string]any) {
			if n > 0 {
				w.WriteString(",\n")
			}
			n++
			enc(map[string]any{"info": info, "parts": parts})
		}
		g.forEach(func(i int, role, text string, summary bool) {
			t := 1700000000000 + i*1000
			id := fmt.Sprintf("msg_%08d", i)
			if summary {
				add(map[string]any{"id": id + "r", "sessionID": "ses_bench", "role": "user", "time": map[string]any{"created": t}},
					[]map[string]any{{"id": fmt.Sprintf("prt_%08dr", i), "type": "compaction", "auto": true}})
				add(map[string]any{"id": id + "s", "sessionID": "ses_bench", "role": "assistant", "parentID": id + "r", "summary": true, "finish": "stop", "time": map[string]any{"created": t + 1}, "tokens": map[string]any{"input": 1000, "cache": map[string]any{"read": 10}}},
					[]map[string]any{{"id": fmt.Sprintf("prt_%08ds", i), "type": "text", "text": text}})
				return
			}
			r := "user"
			if role != "user" {
				r = "assistant"
			}
			add(map[string]any{"id": id, "sessionID": "ses_bench", "role": r, "time": map[string]any{"created": t}},
				[]map[string]any{{"id": fmt.Sprintf("prt_%08d", i), "type": "text", "text": text}})
		})
		w.WriteString("\n]}\n")
	})
}

// genOpenCodeStorage writes the same session as a storage folder (one file per
// message and per part) and returns the folder's total size.
func genOpenCodeStorage(root string, g genSpec) (int64, error) {
	exp := filepath.Join(filepath.Dir(root), "export.tmp.json")
	if err := genOpenCodeExport(exp, g); err != nil {
		return 0, err
	}
	data, err := os.ReadFile(exp)
	if err != nil {
		return 0, err
	}
	os.Remove(exp)
	var doc struct {
		Messages []struct {
			Info  map[string]any   `json:"info"`
			Parts []map[string]any `json:"parts"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return 0, err
	}
	var total int64
	put := func(p string, v any) error {
		b, _ := json.Marshal(v)
		total += int64(len(b))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, b, 0o644)
	}
	if err := put(filepath.Join(root, "session", "proj", "ses_bench.json"), map[string]any{"id": "ses_bench", "projectID": "proj"}); err != nil {
		return 0, err
	}
	for _, m := range doc.Messages {
		id := m.Info["id"].(string)
		if err := put(filepath.Join(root, "message", "ses_bench", id+".json"), m.Info); err != nil {
			return 0, err
		}
		for _, p := range m.Parts {
			p["messageID"] = id
			if err := put(filepath.Join(root, "part", id, p["id"].(string)+".json"), p); err != nil {
				return 0, err
			}
		}
	}
	return total, nil
}

// memCase is one reader's benchmark input.
type memCase struct {
	name string
	gen  func(dir string, g genSpec) (string, int64, error)
}

func fileCase(name string, gen func(path string, g genSpec) error) memCase {
	return memCase{name, func(dir string, g genSpec) (string, int64, error) {
		p := filepath.Join(dir, name+".json")
		if n, ok := kept(p); ok {
			return p, n, nil
		}
		if err := gen(p, g); err != nil {
			return "", 0, err
		}
		fi, err := os.Stat(p)
		if err != nil {
			return "", 0, err
		}
		return p, fi.Size(), nil
	}}
}

// kept reports the size of an input generated before into COMPAUDIT_MEMBENCH_DIR (a
// folder's is the total of its files).
func kept(path string) (int64, bool) {
	if os.Getenv("COMPAUDIT_MEMBENCH_DIR") == "" {
		return 0, false
	}
	var n int64
	err := filepath.WalkDir(path, func(_ string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		fi, err := e.Info()
		n += fi.Size()
		return err
	})
	return n, err == nil
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(samples)
	return samples[0].Value.Uint64()
}

// peakHeapAbove is the peak heap in use while f runs (sampled as peakHeap does) above
// the heap in use just before, after a collection: what f itself holds, live or not
// yet collected.
func peakHeapAbove(f func()) uint64 {
	runtime.GC()
	runtime.GC()
	debug.FreeOSMemory()
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(samples)
	base := samples[0].Value.Uint64() + samples[1].Value.Uint64()
	peak := peakHeap(f)
	if peak < base {
		return 0
	}
	return peak - base
}

// genOpenCodeDB writes the export's session as an OpenCode database (with Python's
// sqlite3: the repository has no SQLite writer of its own).
func genOpenCodeDB(path string, g genSpec) error {
	exp := path + ".export.json"
	if err := genOpenCodeExport(exp, g); err != nil {
		return err
	}
	defer os.Remove(exp)
	script := `
import json, sqlite3, sys
doc = json.load(open(sys.argv[1]))
c = sqlite3.connect(sys.argv[2])
c.execute("CREATE TABLE session (id text PRIMARY KEY, title text, time_created integer, time_updated integer)")
c.execute("CREATE TABLE message (id text PRIMARY KEY, session_id text, time_created integer, time_updated integer, data text)")
c.execute("CREATE TABLE part (id text PRIMARY KEY, message_id text, session_id text, time_created integer, time_updated integer, data text)")
c.execute("INSERT INTO session VALUES ('ses_bench', 'bench', 1, 2)")
for m in doc["messages"]:
    i = m["info"]
    c.execute("INSERT INTO message VALUES (?,?,?,?,?)", (i["id"], "ses_bench", i["time"]["created"], i["time"]["created"], json.dumps(i)))
    for p in m["parts"]:
        c.execute("INSERT INTO part VALUES (?,?,?,?,?,?)", (p["id"], i["id"], "ses_bench", 1, 1, json.dumps(p)))
c.commit()
c.close()
`
	out, err := exec.Command("python3", "-c", script, exp, path).CombinedOutput()
	if err != nil {
		return fmt.Errorf("python3 sqlite3: %v: %s", err, out)
	}
	return nil
}

var memCases = []memCase{
	fileCase("native", genNative),
	fileCase("array", func(p string, g genSpec) error { return genArray(p, g, false) }),
	fileCase("array-jsonl", func(p string, g genSpec) error { return genArray(p, g, true) }),
	fileCase("opencode-export", genOpenCodeExport),
	fileCase("opencode-db", genOpenCodeDB),
	{"opencode-storage", func(dir string, g genSpec) (string, int64, error) {
		root := filepath.Join(dir, "storage")
		if n, ok := kept(root); ok {
			return root, n, nil
		}
		n, err := genOpenCodeStorage(root, g)
		return root, n, err
	}},
}

// BenchmarkReaderMemory reads a generated ~40 MB input per reader and reports the
// peak heap in use while it is read, as a multiple of the input's size (peak/file),
// the heap the session it returns keeps alive (session/file, at least 0) and the read's
// speed (MB/s). Each read runs in a process of its own (this test binary, re-run for
// TestReaderMemoryChild): nothing generated, read or collected before it counts, and
// its heap starts at the runtime's own minimum, as the command's does. With
// COMPAUDIT_MEMBENCH_DIR set, the inputs are generated there and kept (and reused when
// they are there already).
func BenchmarkReaderMemory(b *testing.B) {
	g := genSpec{msgs: 40000, textLen: 1000, roundEvery: 5000}
	keep := os.Getenv("COMPAUDIT_MEMBENCH_DIR")
	for _, c := range memCases {
		b.Run(c.name, func(b *testing.B) {
			dir := keep
			if dir == "" {
				dir = b.TempDir()
			}
			path, size, err := c.gen(dir, g)
			if err != nil {
				b.Fatal(err)
			}
			var peak, live uint64
			var ns int64
			for i := 0; i < b.N; i++ {
				r, err := measureInChild(path)
				if err != nil {
					b.Fatal(err)
				}
				peak, live, ns = max(peak, r.peak), r.live, ns+r.ns
			}
			perOp := float64(ns) / float64(b.N)
			b.ReportMetric(perOp, "ns/op")
			b.ReportMetric(float64(size)/1e6/(perOp/1e9), "MB/s")
			b.ReportMetric(float64(size)/(1<<20), "file-MB")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(size), "peak/file")
			b.ReportMetric(float64(live)/float64(size), "session/file")
		})
	}
}

// memChildEnv names the input TestReaderMemoryChild reads.
const memChildEnv = "COMPAUDIT_MEMBENCH_INPUT"

// readMeasure is what one measured read found.
type readMeasure struct {
	peak, live uint64 // peak heap above the base while reading; heap the session keeps
	ns         int64  // the read's wall time
}

// measureInChild runs TestReaderMemoryChild on path in a new process of this binary.
func measureInChild(path string) (readMeasure, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestReaderMemoryChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), memChildEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return readMeasure{}, fmt.Errorf("measuring %s: %v\n%s", path, err, out)
	}
	var r readMeasure
	for _, line := range strings.Split(string(out), "\n") {
		if _, err := fmt.Sscanf(line, "membench peak=%d live=%d ns=%d", &r.peak, &r.live, &r.ns); err == nil {
			return r, nil
		}
	}
	return readMeasure{}, fmt.Errorf("measuring %s: no result in\n%s", path, out)
}

// TestReaderMemoryChild is BenchmarkReaderMemory's measuring process: it reads the
// input memChildEnv names once and prints what it measured. It does nothing in an
// ordinary test run.
func TestReaderMemoryChild(t *testing.T) {
	path := os.Getenv(memChildEnv)
	if path == "" {
		t.Skip("run by BenchmarkReaderMemory")
	}
	var s *Session
	var err error
	start := time.Now()
	peak := peakHeapAbove(func() { s, err = ReadFile(path) })
	ns := time.Since(start).Nanoseconds()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Compactions) < 7 {
		t.Fatalf("%d rounds", len(s.Compactions))
	}
	// What the session keeps alive: the heap in use with it and without it (a
	// difference from a base taken before the read would count whatever else died
	// meanwhile).
	with := int64(liveHeap())
	runtime.KeepAlive(s)
	s = nil
	live := max(with-int64(liveHeap()), 0)
	fmt.Printf("membench peak=%d live=%d ns=%d\n", peak, live, ns)
}
