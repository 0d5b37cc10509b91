package sessions

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// jsonlSeeds are the Claude Code and Codex files of the tests and the shared fixtures.
func jsonlSeeds(t testing.TB, pattern ...string) map[string][]byte {
	out := map[string][]byte{}
	for _, p := range pattern {
		files, _ := filepath.Glob(p)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = data
		}
	}
	return out
}

var (
	claudeSeedGlobs = []string{filepath.Join("testdata", "claude", "*.jsonl"), filepath.Join("..", "testdata", "fixtures", "f0[1-4]*", "session.claude.jsonl"), filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl")}
	codexSeedGlobs  = []string{filepath.Join("testdata", "codex", "*.jsonl"), filepath.Join("..", "testdata", "fixtures", "f0[6-8]*", "session.codex.jsonl"), filepath.Join("..", "testdata", "samples", "codex-rollout-sample.jsonl")}
)

// sameBothPaths reports how the in-memory and streaming parsers of a format differ
// on data ("" when they agree: the same error text, or equal sessions).
func sameBothPaths(format string, data []byte, opt ReadOptions) string {
	var r Reader
	for _, x := range readers {
		if x.Name == format {
			r = x
		}
	}
	mem, errM := r.Parse("x.jsonl", data, opt)
	str, errS := r.ParseStream("x.jsonl", strings.NewReader(string(data)), opt)
	if fmt.Sprint(errM) != fmt.Sprint(errS) {
		return fmt.Sprintf("errors differ: %v / %v", errM, errS)
	}
	if errM != nil {
		return ""
	}
	mem.Index()
	str.Index()
	if !reflect.DeepEqual(mem, str) {
		return "sessions differ"
	}
	return ""
}

// Every test file reads the same in memory and streamed, with and without
// --skip-bad, errors included.
func TestJSONLBothPathsAgree(t *testing.T) {
	for format, globs := range map[string][]string{ClaudeFormat: claudeSeedGlobs, CodexFormat: codexSeedGlobs} {
		seeds := jsonlSeeds(t, globs...)
		if len(seeds) < 5 {
			t.Fatalf("%s: only %d files", format, len(seeds))
		}
		for f, data := range seeds {
			for _, skip := range []bool{false, true} {
				if d := sameBothPaths(format, data, ReadOptions{SkipBad: skip}); d != "" {
					t.Errorf("%s (skip %v): %s", f, skip, d)
				}
				// damaged: cut in the middle of a line
				if d := sameBothPaths(format, data[:len(data)*2/3], ReadOptions{SkipBad: skip}); d != "" {
					t.Errorf("%s cut (skip %v): %s", f, skip, d)
				}
			}
		}
	}
}

func fuzzBothPaths(f *testing.F, format string, globs []string) {
	for _, data := range jsonlSeeds(f, globs...) {
		if len(data) <= 8<<10 { // small seeds: the fuzzer minimises what it finds
			f.Add(data, false)
		}
	}
	f.Add([]byte(ccFile(`{"trigger":"auto","preTokens":9223372036854775807}`)), true)
	f.Add([]byte(ccFile(`{"trigger":"manual","preTokens":-1}`, "{\"type\":\"queue-operation\",\"operation\":\"enqueue\",\"content\":\"x\x00\"}")), false)
	f.Fuzz(func(t *testing.T, data []byte, skip bool) {
		if len(data) > 1<<20 {
			return
		}
		if d := sameBothPaths(format, data, ReadOptions{SkipBad: skip}); d != "" {
			t.Fatal(d)
		}
	})
}

// The in-memory and streaming Claude Code parsers agree on any input (and neither panics).
func FuzzClaudeBothPaths(f *testing.F) { fuzzBothPaths(f, ClaudeFormat, claudeSeedGlobs) }

// The in-memory and streaming Codex parsers agree on any input (and neither panics).
func FuzzCodexBothPaths(f *testing.F) { fuzzBothPaths(f, CodexFormat, codexSeedGlobs) }
