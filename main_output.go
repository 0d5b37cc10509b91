package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/internal/outguard"
	"github.com/compaudit/compaudit/internal/termsafe"
	"github.com/compaudit/compaudit/sessions"
)

// say prints one line made terminal-safe: every message compaudit prints about a run
// (errors, warnings, check results) goes through it, so a control character, escape
// sequence or newline from a file name or a message id is shown, not obeyed.
func say(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, termsafe.Line(fmt.Sprintf(format, args...)))
}

// inputGuard protects everything a run reads from its writers: the session path (and
// what reading it touches: a database's WAL, an OpenCode storage folder) and the
// manifest.
func inputGuard(path string, lo loadOptions) *outguard.Guard {
	g := &outguard.Guard{}
	for _, p := range sessions.InputPaths(path) {
		g.Protect(p, "an input")
	}
	if lo.manifest != "" {
		g.Protect(lo.manifest, "the manifest")
	}
	return g
}

// checkOut refuses -o targets before any work is done; "" and "-" mean stdout.
func checkOut(cmd, out string, g *outguard.Guard, stderr io.Writer) bool {
	if out == "" || out == "-" {
		return true
	}
	if err := g.Check(out); err != nil {
		say(stderr, "compaudit %s: -o %s: %v; choose another file", cmd, out, err)
		return false
	}
	return true
}

// terminalSafe filters a rendered document so that no byte of it moves a terminal:
// JSON keeps its meaning (DEL, C1 and invisible characters become \u escapes), text
// (Markdown, HTML) shows them in a visible form. Files get the same bytes as stdout.
func terminalSafe(format string, data []byte) []byte { return termsafe.Document(format, data) }

// renderReport renders r in format, terminal-safe.
func renderReport(format string, r *audit.Report) ([]byte, error) {
	var b bytes.Buffer
	if err := audit.Write(&b, format, r); err != nil {
		return nil, err
	}
	return terminalSafe(format, b.Bytes()), nil
}

// emit writes a rendered document to stdout, or through the guard to out.
func emit(out string, data []byte, g *outguard.Guard, stdout io.Writer) error {
	if out == "" || out == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return g.WriteFile(out, data)
}
