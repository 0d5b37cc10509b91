package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/compaudit/compaudit/audit"
)

// Report flags shared by audit and check: which session (a FILE, or --example for the
// built-in one) and which rendering (--format, else the -o file's extension; --brief
// and --full choose between the two Markdown reports).

type reportFlags struct {
	example     bool
	brief, full bool
}

func (f *reportFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.example, "example", false, "audit the built-in example session instead of a FILE")
	fs.BoolVar(&f.brief, "brief", false, "Markdown: the brief report (verdict, flagged invariants, top findings; under 10,000 characters)")
	fs.BoolVar(&f.full, "full", false, "Markdown: the full report, even where the brief one is the default")
}

// sessionPath is the FILE argument; without one, --example (the built-in session, "")
// is required: an unset variable in a CI script must not pass a demo through the gate.
func (f *reportFlags) sessionPath(cmd string, pos []string, stderr io.Writer) (string, bool) {
	switch {
	case len(pos) == 1 && f.example:
		say(stderr, "compaudit %s: give a FILE or --example, not both", cmd)
		return "", false
	case len(pos) == 1:
		return pos[0], true
	case f.example:
		return "", true
	}
	say(stderr, "compaudit %s: no session FILE given (name one, or use --example for the built-in example; run 'compaudit %s --help')", cmd, cmd)
	return "", false
}

// formatSet reports whether the flag named name was given on the command line.
func formatSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// formatOf is the format an output file's extension asks for ("" when it names none).
func formatOf(out string) string {
	switch strings.ToLower(filepath.Ext(out)) {
	case ".json":
		return "json"
	case ".html", ".htm":
		return "html"
	case ".md", ".markdown":
		return "md"
	}
	return ""
}

// looksLikeComment reports whether out is where a pull-request comment or a CI job
// summary is written: $GITHUB_STEP_SUMMARY, or a file named like comment.md or
// pr-comment.md.
func looksLikeComment(out string) bool {
	if out == "" || out == "-" {
		return false
	}
	if s := os.Getenv("GITHUB_STEP_SUMMARY"); s != "" && filepath.Clean(s) == filepath.Clean(out) {
		return true
	}
	return strings.Contains(strings.ToLower(filepath.Base(out)), "comment")
}

// resolve picks the rendering: --format when given, else the -o extension, else def;
// Markdown is brief with --brief, full with --full, and otherwise brief when
// briefDefault or when the output looks like a pull-request comment. It returns an
// audit.Write format name (json, md, brief or html).
func (f *reportFlags) resolve(fs *flag.FlagSet, format, def, out string, briefDefault bool) (string, error) {
	if f.brief && f.full {
		return "", fmt.Errorf("--brief and --full: choose one")
	}
	format = strings.ToLower(strings.TrimSpace(format))
	if !formatSet(fs, "format") {
		format = def
		if x := formatOf(out); x != "" {
			format = x
		}
	}
	switch format {
	case "markdown":
		format = "md"
	case "json", "md", "html", "text":
	default:
		return "", fmt.Errorf("unknown format %q (want json, md or html)", format)
	}
	if (f.brief || f.full) && format != "md" {
		return "", fmt.Errorf("--brief and --full choose a Markdown report; the format is %s", format)
	}
	if format == "md" && !f.full && (f.brief || briefDefault || looksLikeComment(out)) {
		return "brief", nil
	}
	return format, nil
}

// checkFlags are check's output flags: the one-line verdict by default, a report with
// --format (Markdown is then the brief report unless --full).
type checkFlags struct {
	reportFlags
	format string
	fs     *flag.FlagSet
	name   string // the resolved format
}

func (c *checkFlags) register(fs *flag.FlagSet) {
	c.reportFlags.register(fs)
	fs.StringVar(&c.format, "format", "text", "output `format`: text (the verdict and the failing items), md (the brief Markdown report; --full for the whole one), json or html")
	c.fs = fs
}

// resolveCheck validates the format once the flags are parsed.
func (c *checkFlags) resolveCheck() error {
	n, err := c.resolve(c.fs, c.format, "text", "", true)
	c.name = n
	return err
}

// report writes the check's report to stdout when a report format was asked for; it
// returns false for the plain text verdict, which check prints itself.
func (c *checkFlags) report(stdout, stderr io.Writer, r *audit.Report) bool {
	if c.name == "" || c.name == "text" {
		return false
	}
	data, err := renderReport(c.name, r)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return true
	}
	if _, err := stdout.Write(data); err != nil {
		say(stderr, "compaudit: %v", err)
	}
	return true
}

// auditFormat is audit's rendering: md by default, no text verdict.
func (f *reportFlags) auditFormat(fs *flag.FlagSet, format, out string) (string, error) {
	n, err := f.resolve(fs, format, "md", out, false)
	if err == nil && n == "text" {
		err = fmt.Errorf("unknown format %q (want json, md or html)", format)
	}
	return n, err
}
