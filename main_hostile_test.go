package main

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compaudit/compaudit/internal/termsafe"
)

// TestHostileCorpus runs every command on every file of testdata/hostile (and on the
// big and special inputs it makes: a 9 MB line (streamed: over the 8 MiB threshold), a million lines, FIFOs, a symlink
// loop, /dev/zero, hostile file names). It asserts only safety, never findings (the
// engine changes): exit 0, 1 or 2; on exit 2 one line naming the input; no panic; the
// inputs' bytes and modification times unchanged; no raw control byte on stdout or
// stderr; every run within runDeadline.
func TestHostileCorpus(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "corpus")
	copyDir(t, "testdata/hostile", corpus)
	os.Remove(filepath.Join(corpus, "_gen.py"))
	entries, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 60 {
		t.Fatalf("the corpus holds %d cases, want at least 60 (run testdata/hostile/_gen.py)", len(entries))
	}
	var inputs []string
	for _, e := range entries {
		inputs = append(inputs, filepath.Join(corpus, e.Name()))
	}
	inputs = append(inputs, hostileSpecials(t, dir)...)
	before := snapshot(t, dir)

	formats := [][]string{{"audit", "--format", "json"}, {"audit", "--format", "md"}, {"audit", "--format", "html"}, {"check"}, {"convert"}}
	for _, in := range inputs {
		for _, cmd := range formats {
			args := append(append(append([]string{}, cmd...), "--"), in)
			if big(in) && cmd[0] != "check" {
				continue // the big inputs are read once, by check
			}
			runSafely(t, args, in)
		}
	}
	for _, args := range [][]string{{"sessions", "--all", corpus}, {"sessions", "--all", "--json", corpus}, {"sessions", corpus}} {
		runSafely(t, args, "")
	}
	after := snapshot(t, dir)
	for p, b := range before {
		if a, ok := after[p]; !ok || a != b {
			t.Errorf("input %s changed (%v -> %v)", p, b, a)
		}
	}
}

// runDeadline bounds one command (the big inputs included; -race slows them).
const runDeadline = 60 * time.Second

func big(p string) bool { return strings.Contains(filepath.Base(p), "big-") }

// runSafely runs one command in process and checks the safety properties.
func runSafely(t *testing.T, args []string, input string) {
	t.Helper()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		o, e, c := cli(args...)
		done <- result{o, e, c}
	}()
	var r result
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > 2*time.Second {
			t.Logf("%q took %v", args, d.Round(time.Millisecond))
		}
	}()
	select {
	case r = <-done:
	case <-time.After(runDeadline):
		t.Fatalf("%q: still running after %v", args, runDeadline)
	}
	name := strings.Join(args, " ")
	if r.code != exitOK && r.code != exitFindings && r.code != exitUsage {
		t.Errorf("%q: exit %d", name, r.code)
	}
	for what, s := range map[string]string{"stdout": r.out, "stderr": r.errOut} {
		if c, bad := rawControl(s); bad {
			t.Errorf("%q: raw %U on %s", name, c, what)
		}
	}
	// stdout may quote a transcript that talks about panics; stderr may not.
	for _, p := range []string{"panic", "goroutine ", "runtime error", "internal error"} {
		if strings.Contains(r.errOut, p) {
			t.Errorf("%q: %q on stderr", name, p)
		}
	}
	if r.code == exitUsage {
		if !strings.HasSuffix(r.errOut, "\n") || strings.Count(r.errOut, "\n") != 1 {
			t.Errorf("%q: exit 2 with %d lines on stderr: %.300q", name, strings.Count(r.errOut, "\n"), r.errOut)
		}
		if input != "" && !strings.Contains(r.errOut, termsafe.Line(filepath.Base(input))) {
			t.Errorf("%q: the error does not name the input: %.300q", name, r.errOut)
		}
	}
}

type fileState struct {
	sum   [32]byte
	mtime time.Time
	mode  fs.FileMode
}

// snapshot records every regular file and symlink under dir.
func snapshot(t *testing.T, dir string) map[string]fileState {
	t.Helper()
	out := map[string]fileState{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		st := fileState{mtime: info.ModTime(), mode: info.Mode()}
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			st.sum = sha256.Sum256(data)
		}
		if !d.IsDir() {
			out[p] = st
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// hostileSpecials makes the inputs that cannot live in git: big files, FIFOs, a
// symlink loop, a folder, hostile names, and /dev/zero.
func hostileSpecials(t *testing.T, dir string) []string {
	t.Helper()
	sp := filepath.Join(dir, "specials")
	if err := os.MkdirAll(sp, 0o755); err != nil {
		t.Fatal(err)
	}
	var out []string
	add := func(name string, data []byte) string {
		p := filepath.Join(sp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
		return p
	}
	valid, err := os.ReadFile("testdata/hostile/native-valid.json")
	if err != nil {
		t.Fatal(err)
	}
	claude, err := os.ReadFile("testdata/hostile/claude-valid.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{hostileName + ".json", "-o.json", "--help.json", "tab\tname.json", "ünïcödé \u202e.json"} {
		add(name, valid)
	}
	// Over the streaming threshold: one 12 MB line, and a million lines.
	line := bytes.Repeat([]byte("a"), 9<<20)
	add("big-one-line.jsonl", append(append(append([]byte(`{"type":"user","message":{"role":"user","content":"`), line...), `"}}`...), '\n'))
	add("big-million-lines.jsonl", append(claude, bytes.Repeat([]byte("{}\n"), 1_000_000)...))
	for _, name := range []string{"fifo.jsonl", "fifo.json"} {
		if p := filepath.Join(sp, name); makeFIFO(p) == nil {
			out = append(out, p)
		}
	}
	loop := filepath.Join(sp, "loop.json")
	if os.Symlink(loop, loop) == nil {
		out = append(out, loop)
	}
	if os.Symlink(filepath.Join(sp, "nowhere.json"), filepath.Join(sp, "dangling.json")) == nil {
		out = append(out, filepath.Join(sp, "dangling.json"))
	}
	empty := filepath.Join(sp, "empty-folder")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out = append(out, empty, filepath.Join(sp, "does-not-exist.json"))
	if _, err := os.Stat("/dev/zero"); err == nil {
		out = append(out, "/dev/zero")
	}
	return out
}
