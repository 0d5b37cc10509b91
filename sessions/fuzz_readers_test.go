package sessions

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
)

// Fuzz targets, one per reader: every input ends in a session or in one located line,
// never in a panic, a hang or an allocation out of proportion; the streaming decoders
// agree with themselves however the input is cut into reads. Inputs are bounded in
// size (maxFuzzInput) and every call in time (fuzzDeadline), so the fuzzer explores
// instead of waiting. Their seeds run with the ordinary tests.

const (
	maxFuzzInput = 64 << 10
	fuzzDeadline = 10 * time.Second
)

// fuzzExecs counts the inputs a fuzz worker ran; with COMPAUDIT_FUZZ_COUNT=FILE set
// the count is written to FILE.<pid> every thousand (the fuzzer's own count shows
// only what workers have reported back).
var fuzzExecs atomic.Int64

func countExec() {
	if n := fuzzExecs.Add(1); n%1000 == 0 {
		if p := os.Getenv("COMPAUDIT_FUZZ_COUNT"); p != "" {
			// one file per worker process (a worker that restarts starts a new count)
			_ = os.WriteFile(p+"."+strconv.Itoa(os.Getpid()), []byte(strconv.FormatInt(n, 10)+"\n"), 0o644)
		}
	}
}

// bounded runs f and fails when it takes longer than fuzzDeadline.
func bounded(t *testing.T, f func()) {
	t.Helper()
	countExec()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(fuzzDeadline):
		t.Fatalf("still running after %v", fuzzDeadline)
	}
}

// checkRead checks the outcome of one read: a valid session with bounded summaries,
// or a one-line *InputError that starts with prefix.
func checkRead(t *testing.T, s *Session, err error, prefix string, inputSize int) {
	t.Helper()
	if err != nil {
		if s != nil {
			t.Fatalf("a session along with the error %v", err)
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("error is %T, not *InputError: %v", err, err)
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, prefix) || len(msg) > 2000 {
			t.Fatalf("bad error text %.300q", msg)
		}
		return
	}
	if s == nil {
		t.Fatal("no session and no error")
	}
	if verr := Validate(s, nil); verr != nil {
		t.Fatalf("the session read fails validation: %v", verr)
	}
	total := 0
	for _, m := range s.Messages {
		total += len(m.Text)
	}
	for _, c := range s.Compactions {
		total += len(c.Summary)
		_ = s.Depth(&c)
	}
	// Text can grow by rendering (JSON compacted, blocks joined) and DCP expansion,
	// never without a bound.
	if total > 16*inputSize+maxDCPExpansion {
		t.Fatalf("%d bytes of text from %d bytes of input", total, inputSize)
	}
}

// sameSession compares two reads of one input.
func sameSession(t *testing.T, what string, a, b *Session, ea, eb error) {
	t.Helper()
	if (ea == nil) != (eb == nil) {
		t.Fatalf("%s: one read fails and the other does not: %v / %v", what, ea, eb)
	}
	if ea != nil {
		if ea.Error() != eb.Error() {
			t.Fatalf("%s: errors differ:\n%v\n%v", what, ea, eb)
		}
		return
	}
	if !reflect.DeepEqual(a.Messages, b.Messages) || !reflect.DeepEqual(a.Compactions, b.Compactions) || !reflect.DeepEqual(a.Warnings, b.Warnings) {
		t.Fatalf("%s: sessions differ", what)
	}
}

func addFiles(f *testing.F, globs ...string) {
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil && len(data) <= maxFuzzInput {
				f.Add(data)
			}
		}
	}
}

// FuzzNative: the native reader, whole and streamed one byte at a time.
func FuzzNative(f *testing.F) {
	f.Add([]byte(baseDoc))
	f.Add([]byte(strings.Replace(baseDoc, `"round": 1,`, `"round": 1, "pre_tokens": -3,`, 1)))
	f.Add(append(append([]byte{}, utf8BOM...), baseDoc...))
	f.Add([]byte(baseDoc[:len(baseDoc)/2]))
	addFiles(f, "example/session.json", "../testdata/bad/*.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		bounded(t, func() {
			s, err := ParseNative("f.json", data)
			checkRead(t, s, err, "f.json:", len(data))
			if len(bytes.TrimSpace(data)) == 0 {
				return
			}
			s2, err2 := parseNativeStream("f.json", iotest.OneByteReader(bytes.NewReader(data)), func() ([]byte, error) { return data, nil })
			sameSession(t, "one byte at a time", s, s2, err, err2)
		})
	})
}

// FuzzMessageArray: JSON arrays, objects and JSON Lines of chat messages.
func FuzzMessageArray(f *testing.F) {
	addFiles(f, "testdata/arrays/*.json")
	f.Add([]byte("{\"role\":\"user\",\"content\":\"hi\"}\n{\"role\":\"user\",\"content\":\"Summary of the conversation so far: hi\"}\n"))
	f.Add([]byte(nestedContent(20)))
	f.Add([]byte(`{"messages":null,"input":[{"type":"message","role":"user","content":"a"},{"type":"compaction","encrypted_content":"gAAAAAx"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		bounded(t, func() {
			s, err := parseArray("a.json", data, ReadOptions{})
			checkRead(t, s, err, "a.json", len(data))
			s2, err2 := parseArrayStream("a.json", iotest.HalfReader(bytes.NewReader(data)), ReadOptions{}, func() ([]byte, error) { return data, nil })
			sameSession(t, "half reads", s, s2, err, err2)
			s3, err3 := parseArray("a.json", data, ReadOptions{SummaryIndex: 2})
			checkRead(t, s3, err3, "a.json", len(data))
		})
	})
}

// FuzzOpenCodeExport: `opencode export` files.
func FuzzOpenCodeExport(f *testing.F) {
	addFiles(f, "testdata/opencode/*.json")
	f.Add([]byte(`{"info":{"id":"ses_1"},"messages":[{"info":{"id":"m1","role":"user","time":{"created":1}},"parts":[{"id":"p1","type":"text","text":"a"}]},{"info":{"id":"m2","role":"user"},"parts":[{"id":"p2","type":"compaction"}]},{"info":{"id":"m3","role":"assistant","parentID":"m2","summary":true},"parts":[{"id":"p3","type":"text","text":"s"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		bounded(t, func() {
			s, err := parseOpenCodeExport("e.json", data, ReadOptions{})
			checkRead(t, s, err, "e.json", len(data))
			s2, err2 := parseOpenCodeExportStream("e.json", iotest.OneByteReader(bytes.NewReader(data)), func() ([]byte, error) { return data, nil })
			sameSession(t, "one byte at a time", s, s2, err, err2)
		})
	})
}

// storageFiles lists the minimal storage folder's files, relative, sorted.
func storageFiles(tb testing.TB) []string {
	var out []string
	root := "testdata/opencode/minimal/storage"
	err := filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, rel)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// FuzzOpenCodeStorage: a storage folder (the minimal one) with one stored file
// replaced by the input and a DCP record from the input.
func FuzzOpenCodeStorage(f *testing.F) {
	files := storageFiles(f)
	dcp, _ := os.ReadFile("testdata/opencode/minimal/storage/plugin/dcp/ses_demo.json")
	for i := range files {
		data, _ := os.ReadFile(filepath.Join("testdata/opencode/minimal/storage", files[i]))
		f.Add(uint8(i), data, dcp)
		f.Add(uint8(i), data[:len(data)/2], []byte(`{"prune":{"messages":{"blocksById":{"1":{"blockId":1,"consumedBlockIds":[1],"effectiveMessageIds":["msg_7"],"summary":"(b1)(b1)"}}}}}`))
	}
	var mu sync.Mutex
	var root string // one copy of the folder per worker, restored after each input
	orig := map[string][]byte{}
	f.Fuzz(func(t *testing.T, which uint8, data, dcpData []byte) {
		if len(data)+len(dcpData) > maxFuzzInput {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if root == "" {
			d, err := os.MkdirTemp("", "fuzz-storage-")
			if err != nil {
				t.Fatal(err)
			}
			root = filepath.Join(d, "storage")
			copyTree(t, "testdata/opencode/minimal/storage", root, func(string) bool { return true })
			for _, rel := range files {
				orig[rel], _ = os.ReadFile(filepath.Join(root, rel))
			}
		}
		target := files[int(which)%len(files)]
		dcpRel := ""
		for _, rel := range files {
			if strings.HasPrefix(rel, filepath.Join("plugin", "dcp")+string(filepath.Separator)) {
				dcpRel = rel
			}
		}
		dcpFile := filepath.Join(root, dcpRel)
		defer func() {
			for _, rel := range []string{target, dcpRel} {
				_ = os.WriteFile(filepath.Join(root, rel), orig[rel], 0o644)
			}
		}()
		if err := os.WriteFile(filepath.Join(root, target), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dcpFile, dcpData, 0o644); err != nil {
			t.Fatal(err)
		}
		bounded(t, func() {
			s, err := ReadFile(root)
			checkRead(t, s, err, "", len(data)+len(dcpData)+4096)
			s2, err2 := ReadFileWith(root, ReadOptions{SkipBad: true})
			checkRead(t, s2, err2, "", len(data)+len(dcpData)+4096)
		})
	})
}

// FuzzSQLite: an OpenCode database file, read through the file system (and its one
// session through FILE#SESSION).
func FuzzSQLite(f *testing.F) {
	seed, err := os.ReadFile("testdata/seeds/tiny-opencode.db")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add(seed[:100])
	for _, off := range []int{16, 20, 56, 100, 512 + 3, 1024 + 8} {
		b := append([]byte{}, seed...)
		b[off] ^= 0xff
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		p := filepath.Join(t.TempDir(), "opencode.db")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		bounded(t, func() {
			s, err := ReadFile(p)
			checkRead(t, s, err, p, len(data))
			s, err = ReadFile(p + "#ses_t")
			checkRead(t, s, err, p, len(data))
			all, err := readOpenCodeDBAll(p)
			if err == nil {
				for _, d := range all {
					checkRead(t, d.s, d.err, p, len(data))
				}
			}
		})
	})
}

// FuzzDiscover: a folder with two files of any name and content (and a FIFO), listed.
func FuzzDiscover(f *testing.F) {
	claude, _ := os.ReadFile("testdata/claude/multi-round.jsonl")
	f.Add("a.jsonl", claude, "b.json", []byte(baseDoc))
	f.Add("x.db", []byte("SQLite format 3\x00"), "storage/message/ses_1/m.json", []byte(`{"id":"m"}`))
	f.Add("plugin/dcp/s.json", []byte(`{"prune":{}}`), "n\x1b]0;t\x07.json", []byte("{"))
	f.Fuzz(func(t *testing.T, name1 string, data1 []byte, name2 string, data2 []byte) {
		if len(data1)+len(data2) > maxFuzzInput {
			return
		}
		dir := t.TempDir()
		for _, nf := range []struct {
			name string
			data []byte
		}{{name1, data1}, {name2, data2}} {
			rel := filepath.Clean(nf.name)
			if !filepath.IsLocal(rel) || strings.ContainsRune(rel, 0) || len(rel) > 200 {
				continue
			}
			p := filepath.Join(dir, rel)
			if os.MkdirAll(filepath.Dir(p), 0o755) != nil {
				continue
			}
			_ = os.WriteFile(p, nf.data, 0o644)
		}
		_ = makeFIFO(filepath.Join(dir, "fifo.jsonl"))
		bounded(t, func() {
			for _, all := range []bool{false, true} {
				d, err := DiscoverWith(dir, DiscoverOptions{All: all})
				if err != nil {
					checkRead(t, nil, err, "", 0)
					continue
				}
				for _, e := range d.Entries {
					if strings.ContainsAny(e.Err, "\n\r") {
						t.Fatalf("entry error spans lines: %q", e.Err)
					}
				}
			}
		})
	})
}

// FuzzClaudeCode and FuzzCodex: the JSONL readers in memory and streamed (the path a
// file over 8 MiB takes); both must end in a session or a located line.
func FuzzClaudeCode(f *testing.F) {
	addFiles(f, "testdata/claude/*.jsonl", "../testdata/samples/claude-code-sample.jsonl")
	fuzzJSONLReader(f, ClaudeFormat)
}

func FuzzCodex(f *testing.F) {
	addFiles(f, "testdata/codex/*.jsonl", "../testdata/samples/codex-rollout-sample.jsonl")
	fuzzJSONLReader(f, CodexFormat)
}

func fuzzJSONLReader(f *testing.F, name string) {
	var r *Reader
	for i := range readers {
		if readers[i].Name == name {
			r = &readers[i]
		}
	}
	if r == nil || r.Parse == nil || r.ParseStream == nil {
		f.Fatalf("no reader %q with both paths", name)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		bounded(t, func() {
			for _, opt := range []ReadOptions{{}, {SkipBad: true}} {
				s, err := r.Parse("c.jsonl", data, opt)
				checkRead(t, s, err, "c.jsonl", len(data))
				s, err = r.ParseStream("c.jsonl", iotest.HalfReader(bytes.NewReader(data)), opt)
				checkRead(t, s, err, "c.jsonl", len(data))
			}
		})
	})
}
