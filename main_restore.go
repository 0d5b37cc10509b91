package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/restore"
	"github.com/compaudit/compaudit/internal/termsafe"
	"github.com/compaudit/compaudit/sessions"
)

func init() {
	register(command{"restore", "print what a compaction dropped that still matters, quoted verbatim, for the agent to read again", cmdRestore})
}

// restoreOptions are the flags restore and the hook share.
type restoreOptions struct {
	maxTokens   int
	minSeverity string
}

func (o *restoreOptions) register(fs *flag.FlagSet) {
	fs.IntVar(&o.maxTokens, "max-tokens", restore.DefaultMaxTokens, "cap the block at `N` tokens (o200k_base)")
	fs.StringVar(&o.minSeverity, "min-severity", audit.SevWarning, "the least `severity` a loss needs to be restored: error, warning or info")
}

func (o *restoreOptions) check() error {
	if o.maxTokens < restore.MinMaxTokens {
		return fmt.Errorf("--max-tokens must be at least %d, got %d", restore.MinMaxTokens, o.maxTokens)
	}
	o.minSeverity = strings.ToLower(strings.TrimSpace(o.minSeverity))
	if audit.SeverityRank(o.minSeverity) == 0 {
		return fmt.Errorf("--min-severity: unknown severity %q (want error, warning or info)", o.minSeverity)
	}
	return nil
}

func cmdRestore(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("restore", "compaudit restore [--round K] [--max-tokens N] [--format text|json] FILE", stdout)
	round := fs.Int("round", 0, "the round `K` to restore (default: the last)")
	format := fs.String("format", "text", "output `format`: text (what the agent reads) or json")
	var ro restoreOptions
	ro.register(fs)
	var lo loadOptions
	lo.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) != 1 {
		say(stderr, "compaudit restore: name one session file (got %d; run 'compaudit restore --help')", len(pos))
		return exitUsage
	}
	*format = strings.ToLower(strings.TrimSpace(*format))
	if *format != "text" && *format != "json" {
		say(stderr, "compaudit restore: unknown format %q (want text or json)", *format)
		return exitUsage
	}
	if err := ro.check(); err != nil {
		say(stderr, "compaudit restore: %v", err)
		return exitUsage
	}
	if *round < 0 {
		say(stderr, "compaudit restore: --round must be 1 or more (0 for the last), got %d", *round)
		return exitUsage
	}
	s, err := load(pos[0], lo)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	b, err := buildRestore(s, *round, ro)
	if err != nil {
		say(stderr, "compaudit restore: %s: %v", pos[0], err)
		return exitUsage
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(b); err != nil {
			say(stderr, "compaudit: %v", err)
			return exitUsage
		}
		return exitOK
	}
	switch {
	case b.Opaque:
		say(stderr, "compaudit restore: round %d's summary is encrypted: nothing to compare", b.Round)
	case b.Empty() && b.Qualified > 0:
		say(stderr, "compaudit restore: round %d: %d lost item(s), none fits --max-tokens %d", b.Round, b.Qualified, b.MaxTokens)
	case b.Empty():
		say(stderr, "compaudit restore: round %d: nothing important was lost", b.Round)
	default:
		// the same bytes to a terminal, a pipe or a file: nothing a terminal obeys
		fmt.Fprint(stdout, termsafe.Text(b.Text))
	}
	return exitOK
}

// buildRestore audits s and builds the restore block of round k (0: the last).
func buildRestore(s *sessions.Session, k int, ro restoreOptions) (*restore.Block, error) {
	r := audit.Run(s, audit.Options{Version: version})
	return restore.Build(r, restore.Options{Round: k, MaxTokens: ro.maxTokens, MinSeverity: ro.minSeverity, Lookup: sessionLookup(s)})
}

// sessionLookup finds a message (or a compaction summary) of s by id.
func sessionLookup(s *sessions.Session) func(string) (restore.Message, bool) {
	return func(id string) (restore.Message, bool) {
		if m := s.Message(id); m != nil {
			return restore.Message{Role: m.Role, Text: m.Text, At: m.At}, true
		}
		if c := s.Compaction(id); c != nil {
			return restore.Message{Role: audit.RoleSummary, Text: c.Summary, At: c.At}, true
		}
		return restore.Message{}, false
	}
}
