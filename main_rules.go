package main

//go:generate go run . rules --format md -o docs/rules.md

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/compaudit/compaudit/audit/ruledoc"
	"github.com/compaudit/compaudit/internal/outguard"
)

func init() {
	register(command{"rules", "list the engine's rules, or show one (or a family's) with its doc and examples", cmdRules})
}

func cmdRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", "compaudit rules [--format text|json|md] [-o FILE] [ID|PREFIX ...]\n\n"+
		"With no ID, lists every rule: its id (family/name), the highest severity its own examples\n"+
		"reach in this build, and its one-line doc. With an id (mutation/unit-change), a prefix\n"+
		"(mutation/) or a family name (epistemic_collapse), shows each rule's doc and runs its\n"+
		"examples: the source lines, the summary, and whether it fires (with the finding) or stays\n"+
		"quiet. --format md writes the reference in docs/rules.md.", stdout)
	format := fs.String("format", "text", "output `format`: text, json (every rule's examples with their outcomes) or md (the reference, from the registry alone)")
	out := fs.String("o", "", "write to `FILE` (atomically) instead of stdout (\"-\" is stdout)")
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	f := strings.ToLower(strings.TrimSpace(*format))
	if f == "markdown" {
		f = "md"
	}
	if f != "text" && f != "json" && f != "md" {
		say(stderr, "compaudit rules: unknown format %q (want text, json or md)", *format)
		return exitUsage
	}
	rs, err := ruledoc.Select(pos)
	if err != nil {
		var ue *ruledoc.UnknownError
		if errors.As(err, &ue) {
			say(stderr, "compaudit rules: %v; run 'compaudit rules' for the list", err)
		} else {
			say(stderr, "compaudit rules: %v", err)
		}
		return exitUsage
	}
	guard := &outguard.Guard{}
	if !checkOut("rules", *out, guard, stderr) {
		return exitUsage
	}
	var b bytes.Buffer
	switch {
	case f == "md":
		err = ruledoc.WriteMarkdown(&b, ruledoc.Entries(rs, false))
	case f == "json":
		err = ruledoc.WriteJSON(&b, ruledoc.Entries(rs, true))
	case len(pos) == 0:
		err = ruledoc.WriteList(&b, ruledoc.Entries(rs, true))
	default:
		err = ruledoc.WriteDetail(&b, ruledoc.Entries(rs, true))
	}
	if err == nil {
		err = emit(*out, b.Bytes(), guard, stdout)
	}
	if err != nil {
		if *out == "" || *out == "-" {
			say(stderr, "compaudit rules: %v", err)
		} else {
			say(stderr, "compaudit rules: writing %s: %s", *out, writeErrMsg(err))
		}
		return exitUsage
	}
	if *out != "" && *out != "-" {
		say(stderr, "compaudit: wrote %s", *out)
	}
	return exitOK
}
