package main

import (
	"context"
	"io"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/ruledoc"
	"github.com/compaudit/compaudit/sessions"
	"github.com/compaudit/compaudit/themes"
	"github.com/compaudit/compaudit/tui"
	"github.com/mattn/go-isatty"
	"github.com/muesli/termenv"
)

// interactive reports whether w is a terminal.
func interactive(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// tuiRuleDoc looks up a rule's documentation for the detail view ("" when unknown):
// its doc and first firing example, from the engine's rule registry.
var tuiRuleDoc = ruledoc.Brief

// runTUI opens the interactive auditor. Reading and auditing run inside a command
// (with a spinner), never on the key path.
func runTUI(path, theme string, lo loadOptions, stderr io.Writer) int {
	return runTUIAt(path, theme, lo, 0, stderr)
}

// runTUIAt is runTUI opening on round number round (0: the default round).
func runTUIAt(path, theme string, lo loadOptions, round int, stderr io.Writer) int {
	th, err := themes.Resolve(theme, themes.Env{HasDark: lipgloss.HasDarkBackground})
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	// decide once, before the program starts (detection is unreliable afterwards)
	lipgloss.SetHasDarkBackground(th.Dark)
	if th.Mono && os.Getenv("NO_COLOR") != "" {
		// NO_COLOR forbids colour, not emphasis: keep bold, underline and reverse (the
		// mono theme has no colour to emit) so the cursor and search matches still show.
		lipgloss.SetColorProfile(termenv.ANSI)
	}
	title := path
	if title == "" {
		title = sessions.ExamplePath
	}
	open := func(p string) (tui.Loaded, error) {
		s, err := load(p, lo)
		if err != nil {
			return tui.Loaded{}, err
		}
		return tui.Loaded{Report: audit.Run(s, audit.Options{Version: version}), Messages: tuiMessages(s)}, nil
	}
	load := func() (tui.Loaded, error) { return open(path) }
	progOpts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
	input := path
	if path == "-" {
		// Standard input holds the session: read it before the program takes the keys
		// (from the terminal, then).
		got, err := open(path)
		if err != nil {
			say(stderr, "compaudit: %v", err)
			return exitUsage
		}
		load = func() (tui.Loaded, error) { return got, nil }
		progOpts = append(progOpts, tea.WithInputTTY())
		title, input = sessions.StdinPath, ""
	}
	opt := tui.Options{
		Title:      title,
		Input:      input,
		Theme:      th,
		Load:       load,
		Guard:      inputGuard(path, lo).Check,
		RuleDoc:    tuiRuleDoc,
		StartRound: round,
	}
	if term := os.Getenv("TERM"); term != "dumb" && interactive(os.Stdout) {
		opt.Copy = tui.OSC52(os.Stdout, os.Getenv)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		opt.Stream = func(ctx context.Context, up func(tui.Update)) (tui.Loaded, error) {
			return streamAudit(ctx, path, lo, up)
		}
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		// a folder: the session list, as `compaudit sessions` finds it (a folder that
		// holds no session list but is itself a session, such as OpenCode's, loads)
		opt.Open = open
		opt.List = func() ([]tui.SessionItem, error) { return tuiList(path) }
		opt.Scan = func(p string) (tui.ScanResult, error) { return tuiScan(p, lo) }
	}
	m := tui.New(opt)
	p := tea.NewProgram(m, progOpts...)
	final, err := p.Run()
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	if fm, ok := final.(tui.Model); ok && fm.Err() != nil {
		say(stderr, "compaudit: %v", fm.Err())
		return exitUsage
	}
	return exitOK
}

// streamAudit reads and audits the session at path for the TUI, telling up how far
// the audit has got and handing it the first round as soon as that is judged.
func streamAudit(ctx context.Context, path string, lo loadOptions, up func(tui.Update)) (tui.Loaded, error) {
	s, err := load(path, lo)
	if err != nil {
		return tui.Loaded{}, err
	}
	msgs := tuiMessages(s)
	r, err := audit.RunContext(ctx, s, audit.Options{Version: version,
		Progress: func(p audit.Progress) { up(tui.Update{Progress: p}) },
		First:    func(r *audit.Report) { up(tui.Update{First: &tui.Loaded{Report: r, Messages: msgs}}) },
	})
	if err != nil {
		return tui.Loaded{}, err
	}
	return tui.Loaded{Report: r, Messages: msgs}, nil
}

// tuiMessages lists the transcript's messages and the compaction summaries (under the
// compaction's id) for the pager.
func tuiMessages(s *sessions.Session) []tui.Message {
	out := make([]tui.Message, 0, len(s.Messages)+len(s.Compactions))
	for _, m := range s.Messages {
		out = append(out, tui.Message{ID: m.ID, Role: m.Role, Name: m.Name, At: m.At, Text: m.Text})
	}
	for _, c := range s.Compactions {
		text := c.Summary
		if c.Opaque {
			text = "(opaque: an encrypted summary, not readable as text)"
		}
		out = append(out, tui.Message{ID: c.ID, Role: "summary", At: c.At, Text: text})
	}
	return out
}

func tuiList(dir string) ([]tui.SessionItem, error) {
	entries, err := sessions.Discover(dir, sessions.DiscoverOptions{})
	if err != nil {
		return nil, err
	}
	items := make([]tui.SessionItem, len(entries))
	for i, e := range entries {
		items[i] = tui.SessionItem{Path: e.Path, Agent: e.Agent, ID: e.ID, Messages: e.Messages, Rounds: e.Rounds, Err: e.Err}
		if !e.Date.IsZero() {
			items[i].Date = e.Date.Format("2006-01-02 15:04")
		}
	}
	return items, nil
}

// tuiScan audits one listed session for the picker: its first user prompt, worst
// finding and flagged invariants.
func tuiScan(path string, lo loadOptions) (tui.ScanResult, error) {
	s, err := load(path, lo)
	if err != nil {
		return tui.ScanResult{}, err
	}
	r := audit.Run(s, audit.Options{Version: version})
	res := tui.ScanResult{Name: firstPrompt(s), Flagged: r.Summary.Flagged}
	var top *audit.Finding
	for i := range r.Rounds {
		for j := range r.Rounds[i].Findings {
			f := &r.Rounds[i].Findings[j]
			res.Findings++
			if top == nil || audit.MoreImportant(f, top) {
				top = f
			}
		}
	}
	if top != nil {
		res.Worst = top.Severity
		res.Top = top.Severity + " " + audit.FamilyLabel(top.Family) + ": " + strings.Join(strings.Fields(top.Detail), " ")
	}
	return res, nil
}

// firstPrompt is the first thing the user typed: a plain user message that is not an
// agent's injected text (a command wrapper, a skill's body, an interruption note).
func firstPrompt(s *sessions.Session) string {
	for _, m := range s.Messages {
		if m.Role != sessions.RoleUser || m.Kind != sessions.KindText {
			continue
		}
		t := strings.TrimSpace(m.Text)
		if t == "" || strings.HasPrefix(t, "<") || strings.HasPrefix(t, "[Request interrupted") ||
			strings.HasPrefix(t, "Caveat:") || strings.HasPrefix(t, "Base directory for this skill") ||
			strings.HasPrefix(t, "This session is being continued") {
			continue
		}
		if i := strings.IndexByte(t, '\n'); i >= 0 {
			t = t[:i]
		}
		return t
	}
	return ""
}
