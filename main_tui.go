package main

import (
	"io"
	"os"

	"github.com/compaudit/compaudit/audit"
	"github.com/mattn/go-isatty"
)

// interactive reports whether w is a terminal.
func interactive(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// runTUI opens the interactive auditor. Until it exists, it prints the Markdown audit.
func runTUI(path, theme string, lo loadOptions, stderr io.Writer) int {
	s, err := load(path, lo)
	if err != nil {
		io.WriteString(stderr, "compaudit: "+err.Error()+"\n")
		return exitUsage
	}
	r := audit.Run(s, audit.Options{Version: version})
	if err := audit.WriteMarkdown(os.Stdout, r); err != nil {
		return exitUsage
	}
	return exitOK
}
