package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// within runs f and fails the test if it has not returned after d (a read that blocks
// on a FIFO never returns).
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still running after %v (blocked?)", what, d)
	}
}

// oneLineInputError checks err is an *InputError naming path, on one line.
func oneLineInputError(t *testing.T, err error, path, want string) {
	t.Helper()
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("%s: error %T %v, want *InputError", path, err, err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, path) || strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, want) {
		t.Errorf("%s: error %q (want it to start with the path, say %q, and be one line)", path, msg, want)
	}
}

func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := makeFIFO(p); err != nil {
		t.Skip("mkfifo:", err)
	}
}

// Before: a FIFO as input, as --manifest, or in a discovered folder blocked forever;
// /dev/zero (size 0) was read whole until memory ran out.
func TestNonRegularInputsAreRefusedWithoutBlocking(t *testing.T) {
	d := t.TempDir()
	fifo := filepath.Join(d, "session.jsonl")
	mkfifo(t, fifo)
	within(t, 5*time.Second, "read FIFO", func() {
		_, err := ReadFile(fifo)
		oneLineInputError(t, err, fifo, "FIFO")
	})
	within(t, 5*time.Second, "manifest FIFO", func() {
		_, err := ReadManifest(fifo)
		oneLineInputError(t, err, fifo, "FIFO")
	})
	if _, err := os.Stat("/dev/zero"); err == nil {
		within(t, 5*time.Second, "read /dev/zero", func() {
			_, err := ReadFile("/dev/zero")
			oneLineInputError(t, err, "/dev/zero", "character device")
			_, err = ReadManifest("/dev/zero")
			oneLineInputError(t, err, "/dev/zero", "character device")
		})
	}
	// a FIFO swapped in after the mode check is opened without blocking and refused
	within(t, 5*time.Second, "open FIFO", func() {
		f, err := os.OpenFile(fifo, os.O_RDONLY|openNonBlocking, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	})
}

func TestDiscoverySkipsFIFOsAndSaysHowMany(t *testing.T) {
	d := t.TempDir()
	mkfifo(t, filepath.Join(d, "a-fifo.jsonl"))
	mkfifo(t, filepath.Join(d, "b-fifo.json"))
	if err := os.Symlink(filepath.Join(d, "missing.jsonl"), filepath.Join(d, "broken.jsonl")); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("example/session.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, "real.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var got Discovery
	within(t, 20*time.Second, "discover", func() {
		got, err = DiscoverWith(d, DiscoverOptions{All: true})
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Skipped != 3 {
		t.Errorf("skipped %d, want 3 (two FIFOs, one broken symlink)", got.Skipped)
	}
	if len(got.Entries) != 1 || filepath.Base(got.Entries[0].Path) != "real.json" {
		t.Errorf("entries %+v, want the one real session", got.Entries)
	}
}

func TestDocumentSizeBound(t *testing.T) {
	old := maxDocBytes
	maxDocBytes = 1000
	defer func() { maxDocBytes = old }()
	p := filepath.Join(t.TempDir(), "big.json")
	big := `{"compaudit":"session/v1","session":"x","messages":[{"id":"m1","role":"user","text":"` + strings.Repeat("a", 2000) + `"}],"compactions":[]}`
	if err := os.WriteFile(p, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(p)
	oneLineInputError(t, err, p, "at most 1000 bytes")
	_, err = ReadWith(StdinPath, strings.NewReader(big), ReadOptions{})
	oneLineInputError(t, err, StdinPath, "at most 1000 bytes")
	// within the bound, standard input reads like a file
	maxDocBytes = old
	s, err := ReadWith(StdinPath, bytes.NewReader([]byte(baseDoc)), ReadOptions{})
	if err != nil || len(s.Messages) == 0 {
		t.Fatalf("stdin: %v", err)
	}
}

func TestNestingBound(t *testing.T) {
	deep := `{"compaudit":"session/v1","messages":[{"id":"m1","role":"user","text":"x","extra":` + strings.Repeat("[", maxNesting+5) + strings.Repeat("]", maxNesting+5) + `}]}`
	_, err := Parse("deep.json", []byte(deep))
	oneLineInputError(t, err, "deep.json:1:", "nested more than 512")
	arr := `[{"role":"user","content":"hi"},{"role":"user","content":` + strings.Repeat(`[{"type":"tool_result","content":`, 600) + `"x"` + strings.Repeat("}]", 600) + `}]`
	_, err = Parse("deep-array.json", []byte(arr))
	oneLineInputError(t, err, "deep-array.json:1:", "nested more than")
	// Brackets inside strings do not count.
	ok := strings.Replace(baseDoc, `"Now migrate."`, `"`+strings.Repeat("[{", 1000)+`"`, 1)
	if ok == baseDoc {
		t.Fatal("base document changed: fix the test")
	}
	if _, err := Parse("strings.json", []byte(ok)); err != nil {
		t.Errorf("brackets in a string: %v", err)
	}
}

// writeDCPBomb writes a storage folder whose DCP record has n blocks, each consuming
// the one before and naming it refs times: expanded naively, block n holds refs^n
// copies of block 1.
func writeDCPBomb(t testing.TB, n, refs int) string {
	t.Helper()
	root := t.TempDir()
	copyTree(t, "testdata/opencode/minimal/storage", root, func(p string) bool { return !strings.Contains(p, "plugin") })
	blocks := map[string]any{}
	for k := 1; k <= n; k++ {
		summary := fmt.Sprintf("[Compressed conversation section]\nblock %d says hello. ", k)
		consumed := []int{}
		if k > 1 {
			summary += strings.Repeat(fmt.Sprintf("(b%d) ", k-1), refs)
			consumed = append(consumed, k-1)
		}
		blocks[fmt.Sprint(k)] = map[string]any{
			"blockId": k, "active": k == n, "topic": "t", "compressMessageId": "msg_10",
			"consumedBlockIds": consumed, "effectiveMessageIds": []string{"msg_7", "msg_8", "msg_9", "msg_10"},
			"createdAt": 12000 + k, "summary": summary,
		}
	}
	st := map[string]any{"prune": map[string]any{"messages": map[string]any{"blocksById": blocks}}, "nudges": map[string]any{}, "stats": map[string]any{}}
	data, _ := json.Marshal(st)
	p := filepath.Join(root, "plugin", "dcp", "ses_minimal.json")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// Before: a 2.8 KB DCP record of references to references allocated 10 GB.
func TestDCPReferencesExpandBounded(t *testing.T) {
	root := writeDCPBomb(t, 40, 10)
	sid := openCodeSessionIDs(root)
	if len(sid) != 1 {
		t.Fatalf("sessions %v", sid)
	}
	if err := os.Rename(filepath.Join(root, "plugin", "dcp", "ses_minimal.json"), filepath.Join(root, "plugin", "dcp", sid[0]+".json")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(root, "plugin", "dcp", sid[0]+".json"))
	var s *Session
	var err error
	within(t, 20*time.Second, "DCP bomb", func() { s, err = ReadFile(root) })
	if err != nil {
		t.Fatal(err)
	}
	total, dcp := 0, 0
	for _, c := range s.Compactions {
		if strings.HasPrefix(c.ID, "dcp-") {
			dcp++
			total += len(c.Summary)
		}
	}
	// each block holds its ancestry once: 40 blocks of ~30 bytes, 40*41/2 texts
	if dcp != 40 || int64(total) > 40*fi.Size() {
		t.Fatalf("%d DCP rounds, expanded summaries %d bytes from a %d-byte record", dcp, total, fi.Size())
	}
	last := s.Compactions[len(s.Compactions)-1].Summary
	if strings.Count(last, "block 1 says hello") != 1 || strings.Count(last, "(b39)") != 9 {
		t.Errorf("the last block does not hold the first's text once and the rest as references: %.300q", last)
	}
	if !strings.Contains(strings.Join(s.Warnings, "\n"), "more than once") {
		t.Errorf("no warning about the repeated references: %q", s.Warnings)
	}
	// the bytes expansions add are bounded, all blocks together
	old := maxDCPExpansion
	maxDCPExpansion = 2000
	defer func() { maxDCPExpansion = old }()
	s, err = ReadFile(root)
	if err != nil {
		t.Fatal(err)
	}
	total = 0
	for _, c := range s.Compactions {
		if strings.HasPrefix(c.ID, "dcp-") {
			total += len(c.Summary)
		}
	}
	if int64(total) > fi.Size()+2000 || !strings.Contains(strings.Join(s.Warnings, "\n"), "more than 2.0 KiB") {
		t.Errorf("capped expansion: %d bytes, warnings %q", total, s.Warnings)
	}
}

func TestInputPaths(t *testing.T) {
	abs, _ := filepath.Abs("testdata/opencode/db/opencode.db")
	got := InputPaths(abs + "#ses_nosuch")
	if len(got) == 0 || got[len(got)-1] != abs {
		t.Errorf("FILE#SESSION: %v does not name the database", got)
	}
	has := func(list []string, want string) bool {
		for _, p := range list {
			if filepath.Clean(p) == filepath.Clean(want) {
				return true
			}
		}
		return false
	}
	if got := InputPaths(abs); !has(got, abs+"-wal") {
		t.Errorf("database: %v lacks its WAL", got)
	}
	infos, _ := filepath.Glob("testdata/opencode/storage/session/*/*.json")
	if len(infos) > 0 {
		if got := InputPaths(infos[0]); !has(got, "testdata/opencode/storage") {
			t.Errorf("session info file: %v lacks the storage folder", got)
		}
	}
	msgDirs, _ := filepath.Glob("testdata/opencode/storage/message/*")
	if len(msgDirs) > 0 {
		if got := InputPaths(msgDirs[0]); !has(got, "testdata/opencode/storage") {
			t.Errorf("message folder: %v lacks the storage folder", got)
		}
	}
	if InputPaths("-") != nil || InputPaths("") != nil {
		t.Error("stdin has input paths")
	}
}

// Before: negative and overflowed token counts were kept silently.
func TestTokenCountsAreCheckedWithAWarning(t *testing.T) {
	doc := strings.Replace(baseDoc, `{"id": "c1", "round": 1,`, `{"id": "c1", "round": 1, "pre_tokens": -5, "post_tokens": 9223372036854775807, "target_tokens": 1000,`, 1)
	if doc == baseDoc {
		t.Fatal("base document changed: fix the test")
	}
	s, err := Parse("t.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	c := s.Compactions[0]
	if c.PreTokens != 0 || c.PostTokens != 0 || c.TargetTokens != 1000 {
		t.Errorf("counts %d %d %d", c.PreTokens, c.PostTokens, c.TargetTokens)
	}
	w := strings.Join(s.Warnings, "\n")
	if !strings.Contains(w, "pre_tokens -5 is not a token count (negative)") || !strings.Contains(w, "post_tokens 9223372036854775807 is not a token count (more than a billion)") {
		t.Errorf("warnings %q", s.Warnings)
	}
	// beyond int64: a located type error that names the field
	doc = strings.Replace(baseDoc, `{"id": "c1", "round": 1,`, `{"id": "c1", "round": 1, "pre_tokens": 1e30,`, 1)
	_, err = Parse("t.json", []byte(doc))
	oneLineInputError(t, err, "t.json:", "compactions[0].pre_tokens: wrong type: got JSON number 1e30, want an integer")
}

// Type errors name the field, for every reader this package streams.
func TestTypeErrorsNameTheField(t *testing.T) {
	cases := map[string]string{
		`[{"role":"user","content":"hi"},{"role":{"x":1},"content":"x"}]`:                                                                    "[1]: not a message object: role: got JSON object, want a string",
		`{"messages":[{"role":"user","content":"hi"},{"role":"user","tool_calls":"x","content":"y"}]}`:                                       "messages[1]: not a message object: tool_calls: got JSON string, want an array",
		`{"info":{"id":"ses_1"},"messages":[{"info":{"id":"m","role":"user"},"parts":[{"id":"p","type":"text","text":{"a":1}}]}],"parts":1}`: "messages[0].parts[0].text: wrong type: got JSON object, want a string",
	}
	for doc, want := range cases {
		_, err := Parse("f.json", []byte(doc))
		oneLineInputError(t, err, "f.json:", want)
	}
}
