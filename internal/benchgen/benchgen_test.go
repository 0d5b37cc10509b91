package benchgen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/compaudit/compaudit/internal/benchgen"
	"github.com/compaudit/compaudit/sessions"
)

// The generator is deterministic and writes a Claude Code session that imports with
// the asked number of rounds, each summary a summary of the previous one.
func TestGenerated(t *testing.T) {
	var a, b bytes.Buffer
	opt := benchgen.Options{Size: 1 << 20, Rounds: 3, Seed: 7}
	st, err := benchgen.Write(&a, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := benchgen.Write(&b, opt); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two runs with the same options differ")
	}
	var c bytes.Buffer
	if _, err := benchgen.Write(&c, benchgen.Options{Size: 1 << 20, Rounds: 3, Seed: 8}); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Fatal("another seed gives the same bytes")
	}
	if st.Bytes != int64(a.Len()) || st.Bytes < 1<<20 || st.Bytes > 2<<20 {
		t.Fatalf("stats say %d bytes, wrote %d (asked for %d)", st.Bytes, a.Len(), opt.Size)
	}
	p := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(p, a.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := sessions.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != sessions.ClaudeFormat || len(s.Compactions) != 3 {
		t.Fatalf("format %q, %d compactions", s.Format, len(s.Compactions))
	}
	tools := 0
	for _, m := range s.Messages {
		if m.Role == sessions.RoleTool {
			tools++
		}
	}
	if tools < st.Tools/2 {
		t.Errorf("%d tool messages imported, %d tool calls written", tools, st.Tools)
	}
	for i, c := range s.Compactions[1:] {
		if len(c.Sources) == 0 || c.Sources[0] != s.Compactions[i].ID {
			t.Errorf("round %d does not start from the previous summary: %v", c.Round, c.Sources[:min(3, len(c.Sources))])
		}
	}
}
