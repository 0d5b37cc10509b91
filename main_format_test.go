package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
)

// TestFileRequired: audit and check need a FILE; the built-in example is --example or
// the example command, so an unset variable in CI cannot pass a demo through the gate.
func TestFileRequired(t *testing.T) {
	for _, cmd := range []string{"audit", "check"} {
		out, errOut, code := cli(cmd)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "no session FILE given") || !strings.Contains(errOut, "--example") {
			t.Errorf("%s without FILE: exit %d, stdout %q, stderr %q", cmd, code, out, errOut)
		}
		if _, errOut, code := cli(cmd, "--example", f01); code != exitUsage || !strings.Contains(errOut, "not both") {
			t.Errorf("%s FILE --example: exit %d %q", cmd, code, errOut)
		}
	}
	if _, errOut, code := cli("check", "--example"); code != exitFindings || errOut != "" {
		t.Errorf("check --example: exit %d %q (the example has flagged invariants)", code, errOut)
	}
	out, _, code := cli("example")
	if want, _, _ := cli("audit", "--example"); code != 0 || out != want || !strings.HasPrefix(out, "## compaudit") {
		t.Errorf("example: exit %d, same as audit --example: %v", code, out == want)
	}
	if _, errOut, code := cli("example", f01); code != exitUsage || !strings.Contains(errOut, "needs no FILE") {
		t.Errorf("example FILE: exit %d %q", code, errOut)
	}
}

// TestFormatFromExtension: without --format the -o file's extension picks the format;
// --format wins over it.
func TestFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, format string }{{"r.html", "html"}, {"r.HTM", "html"}, {"r.json", "json"}, {"r.md", "md"}, {"r.markdown", "md"}, {"r.txt", "md"}}
	wants := map[string]string{}
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if _, errOut, code := cli("audit", "-o", p, f01); code != 0 {
			t.Fatalf("%s: exit %d %s", c.name, code, errOut)
		}
		want, ok := wants[c.format]
		if !ok {
			want, _, _ = cli("audit", "--format", c.format, f01)
			wants[c.format] = want
		}
		if got := mustRead(t, p); got != want {
			t.Errorf("-o %s: not the %s report (starts %q)", c.name, c.format, got[:min(40, len(got))])
		}
	}
	p := filepath.Join(dir, "x.html")
	if _, _, code := cli("audit", "--format", "json", "-o", p, f01); code != 0 || !strings.HasPrefix(mustRead(t, p), "{") {
		t.Error("--format json -o x.html: --format does not win")
	}
}

// TestBriefMarkdown: check --format md, --brief and an output named like a comment
// give the brief report; --full the whole one.
func TestBriefMarkdown(t *testing.T) {
	full, _, _ := cli("audit", "--format", "md", f01)
	brief, _, code := cli("audit", "--brief", f01)
	if code != 0 || brief == full || !strings.Contains(brief, "Brief report") || len(brief) > audit.BriefBudget {
		t.Fatalf("--brief: exit %d, %d characters", code, len(brief))
	}
	if out, _, _ := cli("check", "--format", "md", "--fail-on", "none", f01); out != brief {
		t.Error("check --format md is not the brief report")
	}
	if out, _, _ := cli("check", "--format", "md", "--full", "--fail-on", "none", f01); out != full {
		t.Error("check --format md --full is not the full report")
	}
	dir := t.TempDir()
	for name, want := range map[string]string{"pr-comment.md": brief, "COMMENT.md": brief, "report.md": full} {
		p := filepath.Join(dir, name)
		if _, _, code := cli("audit", "-o", p, f01); code != 0 || mustRead(t, p) != want {
			t.Errorf("-o %s: not the expected Markdown", name)
		}
	}
	p := filepath.Join(dir, "pr-comment.md")
	if _, _, code := cli("audit", "--full", "-o", p, f01); code != 0 || mustRead(t, p) != full {
		t.Error("--full -o pr-comment.md: not the full report")
	}
	summary := filepath.Join(dir, "step-summary")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	if _, _, code := cli("audit", "--format", "md", "-o", summary, f01); code != 0 || mustRead(t, summary) != brief {
		t.Error("-o $GITHUB_STEP_SUMMARY: not the brief report")
	}
	for _, args := range [][]string{{"audit", "--brief", "--full", f01}, {"audit", "--brief", "--format", "json", f01}, {"check", "--brief", f01}} {
		if _, errOut, code := cli(args...); code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
	// the check's exit code does not depend on the output format
	_, _, a := cli("check", f01)
	_, _, b := cli("check", "--format", "md", f01)
	if a != b {
		t.Errorf("check exit %d, with --format md %d", a, b)
	}
	if _, err := os.Stat(filepath.Join(dir, "step-summary")); err != nil {
		t.Error(err)
	}
}
