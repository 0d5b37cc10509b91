// Command compaudit audits what an AI agent's context compaction lost.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
	"github.com/compaudit/compaudit/themes"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func register(c command) { commands = append(commands, c) }

func init() {
	register(command{"audit", "audit a session and print the report (json, md or html)", cmdAudit})
	register(command{"check", "audit a session for CI: exit 1 when a finding at or above a threshold exists", cmdCheck})
	register(command{"version", "print the version", cmdVersion})
}

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "compaudit version", stdout)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 0 {
		say(stderr, "compaudit version: unexpected argument %q (run 'compaudit version --help')", pos[0])
		return exitUsage
	}
	fmt.Fprintln(stdout, "compaudit", version)
	return exitOK
}

func main() {
	defer func() {
		// A bug must still end in one clear line and exit 2, not a stack dump in a CI log;
		// COMPAUDIT_DEBUG=1 keeps the dump for whoever fixes it.
		if p := recover(); p != nil {
			if os.Getenv("COMPAUDIT_DEBUG") != "" {
				panic(p)
			}
			msg := strings.Join(strings.Fields(fmt.Sprint(p)), " ")
			say(os.Stderr, "compaudit: internal error: %s (please report it with the input; COMPAUDIT_DEBUG=1 shows the stack)", msg)
			os.Exit(exitUsage)
		}
	}()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "-help", "help":
			if len(args) > 1 {
				for _, c := range commands {
					if c.name == args[1] {
						return c.run([]string{"--help"}, stdout, stderr)
					}
				}
				if args[0] == "help" {
					say(stderr, "compaudit help: unknown command %q (run 'compaudit --help')", args[1])
					return exitUsage
				}
			}
			printUsage(stdout)
			return exitOK
		case "--version", "-version", "-v":
			fmt.Fprintln(stdout, "compaudit", version)
			return exitOK
		}
		for _, c := range commands {
			if c.name == args[0] {
				return c.run(args[1:], stdout, stderr)
			}
		}
	}
	return runDefault(args, stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, `compaudit %s: audit what an AI agent's context compaction lost.

Usage:
  compaudit [flags] [FILE]        open FILE (default: the embedded example) in the
                                  interactive auditor, or print its Markdown audit when
                                  stdout is not a terminal
  compaudit <command> [flags] ...

Commands:
`, version)
	cs := append([]command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	for _, c := range cs {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, `
Run 'compaudit <command> --help' for a command's flags.

Exit codes: 0 clean, 1 findings at or above the threshold (check), 2 usage or input error.
`)
}

// newFlagSet returns a flag set that prints its usage to stdout on --help.
func newFlagSet(name, usage string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: %s\n\nFlags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, allowing flags after the positional arguments too (but
// not after "--"). It returns (positional, exit code, done). On --help it prints the
// usage and is done with exit 0; on a bad flag it prints one line to stderr and is
// done with exit 2 (the flag package's own message and usage dump are suppressed).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, int, bool) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() {
		fs.Usage = usage
		fs.SetOutput(out)
	}()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, exitOK, true
			}
			prefix := "compaudit " + fs.Name()
			if fs.Name() == "compaudit" || fs.Name() == "" {
				prefix = "compaudit"
			}
			help := "compaudit --help"
			if prefix != "compaudit" {
				help = prefix + " --help"
			}
			say(stderr, "%s: %v (run '%s')", prefix, err, help)
			return nil, exitUsage, true
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			// Everything after "--" is positional, even when it starts with "-".
			return append(pos, rest...), 0, false
		}
		if len(rest) == 0 {
			return pos, 0, false
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// loadOptions are the flags every command that reads a session shares.
type loadOptions struct {
	manifest     string
	skipBad      bool
	summaryIndex int
}

func (o *loadOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.manifest, "manifest", "", "read the invariant manifest from `FILE` (overrides one in the session)")
	fs.BoolVar(&o.skipBad, "skip-bad", false, "skip malformed JSONL lines (counted as warnings in the report) instead of failing")
	fs.IntVar(&o.summaryIndex, "summary-index", 0, "for a plain message array with no compaction marker: the 1-based position `N` of the message that is the compaction summary")
}

// load reads the session at path (or the embedded example when path is empty).
func load(path string, o loadOptions) (*sessions.Session, error) {
	var s *sessions.Session
	var err error
	if o.summaryIndex < 0 {
		return nil, fmt.Errorf("--summary-index must be 1 or more (0 to detect), got %d", o.summaryIndex)
	}
	if path == "" {
		s, err = sessions.Example()
	} else {
		s, err = sessions.ReadFileWith(path, sessions.ReadOptions{SkipBad: o.skipBad, SummaryIndex: o.summaryIndex})
	}
	if err != nil {
		return nil, err
	}
	if o.manifest != "" {
		m, err := sessions.ReadManifest(o.manifest)
		if err != nil {
			return nil, err
		}
		if err := sessions.AttachManifest(s, m, o.manifest); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func cmdAudit(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("audit", "compaudit audit [--format json|md|html] [--brief|--full] [-o FILE] [--manifest FILE] FILE|--example", stdout)
	format := fs.String("format", "md", "report `format`: json, md or html (default: the -o file's extension, else md)")
	out := fs.String("o", "", "write the report to `FILE` (atomically) instead of stdout (\"-\" is stdout)")
	var lo loadOptions
	lo.register(fs)
	var rf reportFlags
	rf.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 1 {
		say(stderr, "compaudit audit: one session file at a time (got %d)", len(pos))
		return exitUsage
	}
	f, err := rf.auditFormat(fs, *format, *out)
	if err != nil {
		say(stderr, "compaudit audit: %v", err)
		return exitUsage
	}
	*format = f
	path, ok := rf.sessionPath("audit", pos, stderr)
	if !ok {
		return exitUsage
	}
	if *out == "-" {
		*out = "" // "-o -" is stdout, not a file named "-"
	}
	if *format == "markdown" {
		*format = "md"
	}
	guard := inputGuard(path, lo)
	if !checkOut("audit", *out, guard, stderr) {
		return exitUsage
	}
	s, err := load(path, lo)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	r := audit.Run(s, audit.Options{Version: version})
	data, err := renderReport(*format, r)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	if err := emit(*out, data, guard, stdout); err != nil {
		if *out == "" {
			say(stderr, "compaudit: %v", err)
		} else {
			say(stderr, "compaudit: writing %s: %s", *out, writeErrMsg(err))
		}
		return exitUsage
	}
	if *out != "" {
		say(stderr, "compaudit: wrote %s", *out)
	}
	return exitOK
}

// writeErrMsg drops the temporary file's name from an atomic write's error: the user
// named the target, not the temporary.
func writeErrMsg(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "compaudit check [--fail-on LIST] [--format text|md|json|html] [--manifest FILE] FILE|--example", stdout)
	failOn := fs.String("fail-on", "error,flagged", "what fails the check: a comma-separated `LIST` of severities (error, warning, info), family names, \"flagged\" (an invariant dropped without retirement) and \"checks\" (a failed structural check)")
	quiet := fs.Bool("q", false, "print nothing; only the exit code")
	var lo loadOptions
	lo.register(fs)
	var cf checkFlags
	cf.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 1 {
		say(stderr, "compaudit check: one session file at a time (got %d)", len(pos))
		return exitUsage
	}
	rule, err := audit.ParseFailOn(*failOn)
	if err != nil {
		say(stderr, "compaudit check: %v", err)
		return exitUsage
	}
	if err := cf.resolveCheck(); err != nil {
		say(stderr, "compaudit check: %v", err)
		return exitUsage
	}
	path, ok := cf.sessionPath("check", pos, stderr)
	if !ok {
		return exitUsage
	}
	s, err := load(path, lo)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	r := audit.Run(s, audit.Options{Version: version})
	hits := rule.Match(r)
	if !*quiet && !cf.report(stdout, stderr, r) {
		name := path
		switch name {
		case "":
			name = "(embedded example)"
		case "-":
			name = sessions.StdinPath
		}
		if len(hits) == 0 {
			say(stdout, "compaudit check: %s: ok (%s)", name, audit.OneLine(r))
		} else {
			say(stdout, "compaudit check: %s: FAIL, %d item(s) at or above --fail-on %s", name, len(hits), *failOn)
			for _, h := range hits {
				say(stdout, "  %s", strings.TrimSpace(h))
			}
		}
	}
	if len(hits) > 0 {
		return exitFindings
	}
	return exitOK
}

// runDefault handles `compaudit [FILE]`: the interactive UI on a terminal, else Markdown.
func runDefault(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("compaudit", "compaudit [--no-tui] [--theme NAME] [--manifest FILE] [FILE|DIR]", stdout)
	noTUI := fs.Bool("no-tui", false, "print the Markdown audit instead of opening the interactive auditor")
	theme := fs.String("theme", "auto", "colour `theme`: auto, dark, light, high-contrast or mono")
	var lo loadOptions
	lo.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 1 {
		say(stderr, "compaudit: unknown command %q (run 'compaudit --help')", pos[0])
		return exitUsage
	}
	path := ""
	if len(pos) == 1 {
		path = pos[0]
	}
	if path != "" && !strings.ContainsAny(path, `./\`) {
		// A bare word that is no file is more likely a mistyped command.
		if _, err := os.Stat(path); os.IsNotExist(err) {
			say(stderr, "compaudit: %s: no such command or file (run 'compaudit --help')", path)
			return exitUsage
		}
	}
	if t := strings.ToLower(*theme); t != "auto" && t != "" {
		if _, err := themes.ByName(t); err != nil {
			say(stderr, "compaudit: --theme: %v", err)
			return exitUsage
		}
	}
	if !*noTUI && interactive(stdout) {
		return runTUI(path, *theme, lo, stderr)
	}
	s, err := load(path, lo)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	r := audit.Run(s, audit.Options{Version: version})
	data, err := renderReport("md", r)
	if err == nil {
		_, err = stdout.Write(data)
	}
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	return exitOK
}
