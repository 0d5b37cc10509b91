package audit

// The writers' safety and limits: escaping, empty and huge reports, every fixture in
// every format, truncation, atomic writes. (Golden files and content: write_test.go.)

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

func TestSanitize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\x1b[1;31mred\x1b[0m", "red"},
		{"a\x1b]0;title\x07b", "ab"},
		{"a\x1b]8;;http://x\x1b\\b", "ab"},
		{"bell\x07", "bell␇"},
		{"nul\x00", "nul␀"},
		{"cr\r\nlf\rx", "cr\nlf\nx"},
		{"tab\there", "tab here"},
		{"\u202eevil", "[U+202E]evil"},
		{"bad\xffutf8", "bad\uFFFDutf8"},
		{"lone\x1b", "lone"},
		{"c1\u009b2Jx", "c1x"},
	}
	for _, c := range cases {
		if got := rwSanitize(c.in); got != c.want {
			t.Errorf("rwSanitize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMarkdownEscape(t *testing.T) {
	cases := []struct{ in, want string }{
		{"# title", `\# title`},
		{"a # b", "a # b"},
		{"1. one", `1\. one`},
		{"- item", `\- item`},
		{"x | y", `x \| y`},
		{"<b>", `\<b\>`},
		{"`code`", "\\`code\\`"},
		{"ping @alice", "ping @\u2060alice"},
		{"mail a@", "mail a@"},
		{"5,000 & 18.2", `5,000 \& 18.2`},
	}
	for _, c := range cases {
		if got := mdEscRaw(c.in); got != c.want {
			t.Errorf("mdEscRaw(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := mdCell("line one\nline two", 100); got != "line one ↵ line two" {
		t.Errorf("mdCell folds lines as %q", got)
	}
	if got := rwTruncate(strings.Repeat("word ", 40), 30); len([]rune(got)) > 30 || !strings.HasSuffix(got, "…") {
		t.Errorf("rwTruncate = %q", got)
	}
}

func TestEmptyReport(t *testing.T) {
	r := &Report{Schema: Schema, Tool: "compaudit", Session: "empty"}
	for _, format := range Formats {
		if out := tRender(t, format, r); len(out) == 0 {
			t.Errorf("%s: empty output", format)
		}
	}
	md := string(tRender(t, "md", r))
	if !strings.Contains(md, "no findings") {
		t.Errorf("empty report md lacks 'no findings': %s", md)
	}
}

// TestMarkdownFitsComment checks a huge report is rendered compactly under GitHub's
// comment limit, and cut with a note when even that is too long.
func TestMarkdownFitsComment(t *testing.T) {
	big := func(n int) *Report {
		r := tSampleReport()
		text := strings.Repeat("never deploy on Friday without the on-call's approval | ", 8)
		for i := 0; i < n; i++ {
			sev := []string{SevError, SevWarning, SevInfo}[i%3]
			r.Rounds[0].Findings = append(r.Rounds[0].Findings, Finding{Family: Families[i%5], Severity: sev, Class: classify.ExactConstraint,
				Source: tSide(text, "m1", "user"), Summary: tSide(text, "c1", "summary"), Detail: text})
		}
		return r
	}
	md := string(tRender(t, "md", big(150)))
	if len(md) > 65536 || !strings.Contains(md, "Compact rendering") {
		t.Errorf("150-finding report: %d bytes, compact note present: %v", len(md), strings.Contains(md, "Compact rendering"))
	}
	md = string(tRender(t, "md", big(500)))
	if len(md) > 65536 || !strings.Contains(md, "Report cut here") {
		t.Errorf("500-finding report: %d bytes, cut note present: %v", len(md), strings.Contains(md, "Report cut here"))
	}
	if md := string(tRender(t, "md", tSampleReport())); strings.Contains(md, "Compact rendering") {
		t.Errorf("the sample report should not be compacted")
	}
}

// TestWritersOnFixtures renders the audit of every labelled fixture in all three
// formats: twice (byte-identical), the Markdown under the comment limit, the HTML free
// of raw control characters.
func TestWritersOnFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	// A recursive case and an opaque case (the engine's own tests cover
	// the rest; the audit itself is slow under -race).
	for _, name := range []string{"p04-postgres-index-bloat-3round", "f07-opaque-xlsx-streaming"} {
		p := filepath.Join("..", "testdata", "fixtures", name, "session.json")
		s, err := sessions.ReadFile(p)
		if err != nil {
			t.Logf("%s: %v", p, err)
			continue
		}
		r := Run(s, Options{Version: "test"})
		for _, format := range Formats {
			a, b := tRender(t, format, r), tRender(t, format, r)
			if !bytes.Equal(a, b) {
				t.Errorf("%s: %s output is not deterministic", p, format)
			}
			if format == "md" && len(a) > 65536 {
				t.Errorf("%s: Markdown report is %d bytes, over the comment limit", p, len(a))
			}
			if format != "json" && bytes.ContainsAny(a, "\x1b\x07\x00") {
				t.Errorf("%s: %s output holds a raw control character", p, format)
			}
		}
	}
}

func TestTruncateSlidesToMark(t *testing.T) {
	text := strings.Repeat("context words here ", 12) + "image e41d2c94 pushed, and more words after it"
	segs := rwTruncateSegs(rwSegments(text, []string{"e41d2c94"}), 80)
	var b strings.Builder
	marked := false
	for _, s := range segs {
		b.WriteString(s.T)
		marked = marked || (s.Mark && s.T == "e41d2c94")
	}
	got := b.String()
	if !marked || !strings.HasPrefix(got, "…") || len([]rune(got)) > 82 {
		t.Errorf("window does not show the mark: %q", got)
	}
	if short := rwTruncateSegs(rwSegments("port 5432 only", []string{"5432"}), 80); len(short) != 3 || !short[1].Mark {
		t.Errorf("short text changed: %+v", short)
	}
}

// AtomicWrite must not turn a device, a symlink or a folder into a regular file.
func TestAtomicWriteRefusesNonRegularTargets(t *testing.T) {
	d := t.TempDir()
	target := filepath.Join(d, "real.md")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(d, "link.md")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, d} {
		if err := AtomicWrite(p, []byte("new")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("AtomicWrite(%s): %v, want a refusal", p, err)
		}
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced")
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the symlink's target was written: %q", b)
	}
	if err := AtomicWrite(filepath.Join(d, "new.md"), []byte("ok")); err != nil {
		t.Errorf("a new regular file: %v", err)
	}
}
