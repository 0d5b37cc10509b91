package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/restore"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/sessions"
	"github.com/compaudit/compaudit/sessions/hooks"
)

func init() {
	register(command{"watch", "follow a live session file (or the newest in a folder) and print each new compaction's verdict as it lands", cmdWatch})
}

// watchConfig are watch's settings.
type watchConfig struct {
	target   string        // a file, a folder, or "" for the agents' session folders
	interval time.Duration // how often the file is looked at
	rescan   time.Duration // how often a folder is searched for a newer session
	tui      bool
	theme    string
	ro       restoreOptions
	lo       loadOptions
}

func cmdWatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("watch", "compaudit watch [--interval D] [--tui] [FILE|DIR]\n\n"+
		"Follows FILE, or the newest session file under DIR (default: the Claude Code and Codex session\n"+
		"folders), and prints one line per new compaction: its findings, the worst, and what a restore\n"+
		"block would hand back. With --tui each new compaction opens the interactive auditor on that\n"+
		"round; quitting it goes back to watching. Ctrl-C stops.", stdout)
	var c watchConfig
	fs.DurationVar(&c.interval, "interval", 2*time.Second, "look at the file every `D`")
	fs.DurationVar(&c.rescan, "rescan", 10*time.Second, "with a folder, look for a newer session file every `D`")
	fs.BoolVar(&c.tui, "tui", false, "open the interactive auditor on each new compaction")
	fs.StringVar(&c.theme, "theme", "auto", "colour `theme` for --tui")
	c.ro.register(fs)
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 1 {
		say(stderr, "compaudit watch: one file or folder at a time (got %d)", len(pos))
		return exitUsage
	}
	if len(pos) == 1 {
		c.target = pos[0]
		if _, err := os.Stat(c.target); err != nil {
			say(stderr, "compaudit watch: %s: %v", c.target, errText(err))
			return exitUsage
		}
	}
	if err := c.ro.check(); err != nil {
		say(stderr, "compaudit watch: %v", err)
		return exitUsage
	}
	if c.interval <= 0 || c.rescan <= 0 {
		fmt.Fprintln(stderr, "compaudit watch: --interval and --rescan must be positive")
		return exitUsage
	}
	if c.tui && !interactive(stdout) {
		fmt.Fprintln(stderr, "compaudit watch: --tui needs a terminal")
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return watch(ctx, c, stdout, stderr)
}

func errText(err error) string {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// watcher is the state of one watch.
type watcher struct {
	c      watchConfig
	out    io.Writer
	errw   io.Writer
	file   string
	size   int64
	mod    time.Time
	rounds int // rounds already reported
	failed string
}

// watch runs until ctx ends.
func watch(ctx context.Context, c watchConfig, stdout, stderr io.Writer) int {
	w := &watcher{c: c, out: stdout, errw: stderr}
	if err := w.pick(true); err != nil {
		say(stderr, "compaudit watch: %v", err)
		return exitUsage
	}
	tick := time.NewTicker(c.interval)
	defer tick.Stop()
	lastScan := time.Now()
	for {
		select {
		case <-ctx.Done():
			return exitOK
		case <-tick.C:
		}
		if w.isFolder() && time.Since(lastScan) >= c.rescan {
			lastScan = time.Now()
			if err := w.pick(false); err != nil {
				w.say("%v", err)
			}
		}
		w.poll()
	}
}

func (w *watcher) isFolder() bool {
	if w.c.target == "" {
		return true
	}
	fi, err := os.Stat(w.c.target)
	return err == nil && fi.IsDir()
}

// say prints one line, made safe for a terminal, with the time.
func (w *watcher) say(format string, a ...any) {
	fmt.Fprintf(w.out, "%s %s\n", time.Now().Format("15:04:05"), diffview.Sanitize(fmt.Sprintf(format, a...)))
}

// pick chooses the file to follow: the target, or the newest session file under the
// folder. A new file is read at once; its newest round so far is reported.
func (w *watcher) pick(first bool) error {
	file := w.c.target
	if w.isFolder() {
		f, err := newestSession(w.c.target)
		if err != nil {
			return err
		}
		file = f
	}
	if file == w.file {
		return nil
	}
	w.file, w.size, w.mod, w.rounds, w.failed = file, -1, time.Time{}, 0, ""
	s, err := sessions.ReadFileWith(file, sessions.ReadOptions{SkipBad: true})
	if err != nil {
		if first && !w.isFolder() {
			return err
		}
		w.say("watching %s (not readable yet: %s)", file, hooks.OneLine(err.Error()))
		return nil
	}
	n := len(s.Rounds())
	w.say("watching %s (%d round(s) so far)", file, n)
	if n > 0 {
		w.rounds = n - 1
		w.report(s, true)
	}
	w.stamp()
	return nil
}

// stamp records the file's size and time, so poll reads it again only when it changed.
func (w *watcher) stamp() {
	if fi, err := os.Stat(w.file); err == nil {
		w.size, w.mod = fi.Size(), fi.ModTime()
	}
}

// poll reads the file again when it changed and reports each new round.
func (w *watcher) poll() {
	fi, err := os.Stat(w.file)
	if err != nil {
		if msg := errText(err); msg != w.failed {
			w.failed = msg
			w.say("%s: %s", w.file, msg)
		}
		return
	}
	if fi.Size() == w.size && fi.ModTime().Equal(w.mod) {
		return
	}
	w.size, w.mod = fi.Size(), fi.ModTime()
	s, err := sessions.ReadFileWith(w.file, sessions.ReadOptions{SkipBad: true})
	if err != nil {
		if msg := hooks.OneLine(err.Error()); msg != w.failed {
			w.failed = msg
			w.say("%s", msg)
		}
		return
	}
	w.failed = ""
	w.report(s, false)
}

// report audits s and prints a verdict line for every round past w.rounds.
func (w *watcher) report(s *sessions.Session, before bool) {
	n := len(s.Rounds())
	if n < w.rounds {
		w.rounds = 0 // the file was replaced by a shorter one
	}
	if n == w.rounds {
		return
	}
	r := audit.Run(s, audit.Options{Version: version})
	when := ""
	if before {
		when = " (before watching)"
	}
	var last *audit.Round
	for i := range r.Rounds {
		rd := &r.Rounds[i]
		if i < w.rounds {
			continue
		}
		b, err := restore.Build(r, restore.Options{Round: rd.Round, MaxTokens: w.c.ro.maxTokens, MinSeverity: w.c.ro.minSeverity, Lookup: sessionLookup(s)})
		if err != nil {
			w.say("%s: %s", filepath.Base(w.file), hooks.OneLine(err.Error()))
			continue
		}
		w.say("%s %s%s", filepath.Base(w.file), restore.VerdictOf(rd, b).Line(), when)
		last = rd
	}
	w.rounds = n
	if w.c.tui && !before && last != nil {
		if code := runTUIAt(w.file, w.c.theme, w.c.lo, last.Round, w.errw); code != exitOK {
			w.say("the auditor ended with an error; still watching")
		} else {
			w.say("still watching %s", w.file)
		}
	}
}

// newestSession is the most recently written .jsonl file under dir (or, for "", under
// the agents' session folders).
func newestSession(dir string) (string, error) {
	roots := []string{dir}
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home folder: %v", err)
		}
		roots = sessions.DefaultDirs(home)[:2] // Claude Code's and Codex's JSONL folders
	}
	best, bestTime := "", time.Time{}
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
				return nil
			}
			if fi, err := d.Info(); err == nil && (fi.ModTime().After(bestTime) || fi.ModTime().Equal(bestTime) && p < best) {
				best, bestTime = p, fi.ModTime()
			}
			return nil
		})
	}
	if best == "" {
		return "", fmt.Errorf("no session file (*.jsonl) under %s", strings.Join(roots, ", "))
	}
	return best, nil
}
