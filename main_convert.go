package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/compaudit/compaudit/sessions"
)

func init() {
	register(command{"convert", "convert a session (any supported format) to the native session/v1 JSON", cmdConvert})
}

func cmdConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", "compaudit convert [--manifest FILE] [--summary-index N] [-o FILE] FILE|DIR|opencode.db#SESSION", stdout)
	out := fs.String("o", "", "write the native session to `FILE` (atomically) instead of stdout")
	var lo loadOptions
	lo.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "compaudit convert: want one session file or folder (got %d); run 'compaudit convert --help'\n", len(pos))
		return exitUsage
	}
	if *out != "" && samePath(*out, pos[0]) {
		fmt.Fprintf(stderr, "compaudit convert: -o %s would overwrite the input; choose another file\n", *out)
		return exitUsage
	}
	s, err := load(pos[0], lo)
	if err != nil {
		fmt.Fprintf(stderr, "compaudit: %v\n", err)
		return exitUsage
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(stderr, "compaudit: warning: %s\n", w)
	}
	if *out == "" {
		data, err := sessions.MarshalNative(s)
		if err != nil {
			fmt.Fprintf(stderr, "compaudit: %v\n", err)
			return exitUsage
		}
		if _, err := stdout.Write(data); err != nil {
			fmt.Fprintf(stderr, "compaudit: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if err := sessions.WriteNative(*out, s); err != nil {
		fmt.Fprintf(stderr, "compaudit: writing %s: %v\n", *out, err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "compaudit: wrote %s (%s: %d messages, %d compaction rounds)\n", *out, s.Format, len(s.Messages), len(s.Compactions))
	return exitOK
}

// samePath reports whether a and b name the same existing file.
func samePath(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(fa, fb)
	}
	aa, _ := filepath.Abs(a)
	bb, _ := filepath.Abs(b)
	return aa == bb
}
