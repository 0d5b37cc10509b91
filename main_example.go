package main

import (
	"io"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/themes"
)

func init() {
	register(command{"example", "open the built-in example session (the interactive auditor, or its Markdown audit when stdout is not a terminal)", cmdExample})
}

// cmdExample shows the built-in example: what `compaudit` does with a FILE, without one.
func cmdExample(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("example", "compaudit example [--no-tui] [--format md|json|html] [--brief|--full] [--theme NAME]", stdout)
	noTUI := fs.Bool("no-tui", false, "print the audit instead of opening the interactive auditor")
	theme := fs.String("theme", "auto", "colour `theme`: auto, dark, light, high-contrast or mono")
	format := fs.String("format", "md", "printed report `format`: md, json or html")
	var rf reportFlags
	rf.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 0 {
		say(stderr, "compaudit example: unexpected argument %q (the example needs no FILE; run 'compaudit example --help')", pos[0])
		return exitUsage
	}
	f, err := rf.auditFormat(fs, *format, "")
	if err != nil {
		say(stderr, "compaudit example: %v", err)
		return exitUsage
	}
	if t := strings.ToLower(*theme); t != "auto" && t != "" {
		if _, err := themes.ByName(t); err != nil {
			say(stderr, "compaudit example: --theme: %v", err)
			return exitUsage
		}
	}
	if !*noTUI && interactive(stdout) {
		return runTUI("", *theme, loadOptions{}, stderr)
	}
	s, err := load("", loadOptions{})
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	if err := audit.Write(stdout, f, audit.Run(s, audit.Options{Version: version})); err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	return exitOK
}
