package main

import (
	"io"

	"github.com/compaudit/compaudit/sessions"
)

func init() {
	register(command{"convert", "convert a session (any supported format) to the native session/v1 JSON", cmdConvert})
}

func cmdConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", "compaudit convert [--manifest FILE] [--summary-index N] [-o FILE] FILE|DIR|opencode.db#SESSION|-", stdout)
	out := fs.String("o", "", "write the native session to `FILE` (atomically) instead of stdout (\"-\" is stdout)")
	var lo loadOptions
	lo.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) != 1 {
		say(stderr, "compaudit convert: want one session file or folder (got %d); run 'compaudit convert --help'", len(pos))
		return exitUsage
	}
	guard := inputGuard(pos[0], lo)
	if !checkOut("convert", *out, guard, stderr) {
		return exitUsage
	}
	s, err := load(pos[0], lo)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	for _, w := range s.Warnings {
		say(stderr, "compaudit: warning: %s", w)
	}
	data, err := sessions.MarshalNative(s)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	if err := emit(*out, terminalSafe("json", data), guard, stdout); err != nil {
		if *out == "" || *out == "-" {
			say(stderr, "compaudit: %v", err)
		} else {
			say(stderr, "compaudit: writing %s: %s", *out, writeErrMsg(err))
		}
		return exitUsage
	}
	if *out != "" && *out != "-" {
		say(stderr, "compaudit: wrote %s (%s: %d messages, %d compaction rounds)", *out, s.Format, len(s.Messages), len(s.Compactions))
	}
	return exitOK
}
