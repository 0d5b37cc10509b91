package main

import (
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
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

// runTUI opens the interactive auditor. Reading and auditing run inside a command
// (with a spinner), never on the key path.
func runTUI(path, theme string, lo loadOptions, stderr io.Writer) int {
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
	open := func(p string) (*audit.Report, error) {
		s, err := load(p, lo)
		if err != nil {
			return nil, err
		}
		return audit.Run(s, audit.Options{Version: version}), nil
	}
	load := func() (*audit.Report, error) { return open(path) }
	progOpts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
	input := path
	if path == "-" {
		// Standard input holds the session: read it before the program takes the keys
		// (from the terminal, then).
		rep, err := open(path)
		if err != nil {
			say(stderr, "compaudit: %v", err)
			return exitUsage
		}
		load = func() (*audit.Report, error) { return rep, nil }
		progOpts = append(progOpts, tea.WithInputTTY())
		title, input = sessions.StdinPath, ""
	}
	opt := tui.Options{
		Title: title,
		Input: input,
		Theme: th,
		Load:  load,
		Guard: inputGuard(path, lo),
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		// a folder: the session list, as `compaudit sessions` finds it (a folder that
		// holds no session list but is itself a session, such as OpenCode's, loads)
		opt.Open = open
		opt.List = func() ([]tui.SessionItem, error) {
			entries, err := sessions.Discover(path, sessions.DiscoverOptions{})
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
