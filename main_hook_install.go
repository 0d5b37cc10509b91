package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/compaudit/compaudit/sessions/hooks"
)

func cmdHookInstall(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("hook install", "compaudit hook install claude-code|codex [--project | --user] [--dir DIR] [--command CMD] [--write]\n\n"+
		"Prints the hook entry compaudit needs and the change it makes to the agent's hook settings;\n"+
		"with --write it merges the entry in (keeping every other hook and setting, with a backup).", stdout)
	project := fs.Bool("project", false, "the project's settings (.claude/settings.json or .codex/hooks.json under --dir; the default)")
	user := fs.Bool("user", false, "your own settings (~/.claude/settings.json or ~/.codex/hooks.json)")
	dir := fs.String("dir", ".", "the project folder for --project")
	command := fs.String("command", "", "the `command` the agent runs (default: compaudit hook AGENT)")
	write := fs.Bool("write", false, "merge the entry into the settings file (the diff is shown first; a backup is kept)")
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) != 1 || !hooks.KnownAgent(pos[0]) {
		say(stderr, "compaudit hook install: name the agent: %s (run 'compaudit hook install --help')", strings.Join(hooks.Agents, " or "))
		return exitUsage
	}
	agent := pos[0]
	if *project && *user {
		fmt.Fprintln(stderr, "compaudit hook install: --project or --user, not both")
		return exitUsage
	}
	scope := hooks.ScopeProject
	if *user {
		scope = hooks.ScopeUser
	}
	if *command == "" {
		*command = "compaudit hook " + agent
	}
	home, _ := os.UserHomeDir()
	path, err := hooks.SettingsPath(agent, scope, *dir, home, os.Getenv)
	if err != nil {
		say(stderr, "compaudit hook install: %v", err)
		return exitUsage
	}
	return installHook(agent, scope, path, *command, *write, stdout, stderr)
}

func installHook(agent, scope, path, command string, write bool, stdout, stderr io.Writer) int {
	entry, err := hooks.Entry(agent, command)
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		say(stderr, "compaudit hook install: %s: %v", path, err)
		return exitUsage
	}
	alone, _ := hooks.Merge(nil, entry) // the entry in a settings file of its own
	fmt.Fprintf(stdout, "compaudit hook install %s: %s settings %s\n\n", agent, scope, path)
	fmt.Fprintf(stdout, "The settings entry (SessionStart with matcher %q runs right after each compaction):\n%s\n", hooks.SourceCompact, alone)
	if hooks.Installed(old, agent) {
		fmt.Fprintf(stdout, "%s already runs `compaudit hook %s` on SessionStart: nothing to change.\n", path, agent)
		return exitOK
	}
	merged, err := hooks.Merge(old, entry)
	if err != nil {
		say(stderr, "compaudit hook install: %s: %v; fix it or add the entry above by hand", path, err)
		return exitUsage
	}
	switch {
	case len(bytes.TrimSpace(old)) == 0 && write:
		fmt.Fprintf(stdout, "Creating %s with just this entry.\n", path)
	case len(bytes.TrimSpace(old)) == 0:
		fmt.Fprintf(stdout, "--write would create %s with just this entry.\n", path)
	case write:
		fmt.Fprintf(stdout, "Changing %s like this:\n%s\n", path, hooks.Diff(path, old, merged))
	default:
		fmt.Fprintf(stdout, "--write would change %s like this:\n%s\n", path, hooks.Diff(path, old, merged))
	}
	for _, n := range installNotes(agent, scope, path, command) {
		fmt.Fprintln(stdout, "Note: "+n)
	}
	if !write {
		fmt.Fprintln(stdout, "Nothing written. Run again with --write to apply it (a backup of the file is kept).")
		return exitOK
	}
	backup, err := hooks.WriteWithBackup(path, merged)
	if err != nil {
		say(stderr, "compaudit hook install: writing %s: %s", path, writeErrMsg(err))
		return exitUsage
	}
	if backup != "" {
		fmt.Fprintf(stdout, "Wrote %s (the previous file is in %s).\n", path, backup)
	} else {
		fmt.Fprintf(stdout, "Wrote %s.\n", path)
	}
	return exitOK
}

// installNotes are what the user must know for the hook to run.
func installNotes(agent, scope, path, command string) []string {
	var notes []string
	if f := strings.Fields(command); len(f) > 0 {
		if _, err := exec.LookPath(f[0]); err != nil {
			hint := ""
			if exe, err := os.Executable(); err == nil {
				hint = fmt.Sprintf(" (this binary is %s: pass --command '%s hook %s')", exe, exe, agent)
			}
			notes = append(notes, fmt.Sprintf("%q is not on PATH, so the agent will not find it%s.", f[0], hint))
		}
	}
	if agent == hooks.Codex {
		notes = append(notes, "Codex runs a new or changed hook only after you review and trust it: open /hooks in Codex.")
		if scope == hooks.ScopeProject {
			notes = append(notes, "Codex loads a project's .codex/hooks.json only when the project is trusted.")
		}
		if cfg := filepath.Join(filepath.Dir(path), "config.toml"); hasTOMLHooks(cfg) {
			notes = append(notes, cfg+" also has inline [hooks] tables: Codex merges both and warns at start-up; keep one form.")
		}
	}
	return notes
}

// hasTOMLHooks reports whether a config.toml declares [hooks...] tables.
func hasTOMLHooks(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "[hooks") || strings.HasPrefix(l, "[[hooks") {
			return true
		}
	}
	return false
}
