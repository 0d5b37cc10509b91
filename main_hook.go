package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/restore"
	"github.com/compaudit/compaudit/sessions"
	"github.com/compaudit/compaudit/sessions/hooks"
)

func init() {
	register(command{"hook", "run as a Claude Code or Codex hook: after a compaction, hand the agent back what the summary dropped ('hook install' sets it up)", cmdHook})
}

// hookStdin is where the hook reads its payload (tests replace it).
var hookStdin io.Reader = os.Stdin

// hookRecord is one line of the audit log.
type hookRecord struct {
	Time  string `json:"time"`
	Agent string `json:"agent"`
	hooks.LogKey
	Cwd     string           `json:"cwd,omitempty"`
	Trigger string           `json:"trigger,omitempty"`
	Verdict *restore.Verdict `json:"verdict,omitempty"`
	// Injected is true when the block went to the agent.
	Injected bool   `json:"injected"`
	Note     string `json:"note,omitempty"`
	Ms       int64  `json:"ms"`
}

// hookResult is what the hook's work hands back to the part that prints.
type hookResult struct {
	out  []byte      // the agent's hook JSON ("" for nothing)
	rec  *hookRecord // nil: nothing to log
	note string      // one line for stderr ("" for none)
}

// hookConfig are the hook's flags.
type hookConfig struct {
	agent   string
	timeout time.Duration
	logPath string
	noLog   bool
	ro      restoreOptions
}

func cmdHook(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return cmdHookInstall(args[1:], stdout, stderr)
	}
	fs := newFlagSet("hook", "compaudit hook claude-code|codex [--timeout D] [--max-tokens N] [--log FILE | --no-log]\n\n"+
		"Reads the agent's hook payload on stdin. After a compaction (SessionStart with source \"compact\") it audits\n"+
		"the newest round of transcript_path and prints the hook JSON that hands the agent back what the summary\n"+
		"dropped (nothing when nothing important was lost); after PostCompact it only logs. It always exits 0:\n"+
		"on any error, a timeout or an unknown payload it prints nothing and one line on stderr.\n\n"+
		"Set it up with: compaudit hook install claude-code|codex [--project|--user] [--write]", stdout)
	var c hookConfig
	fs.DurationVar(&c.timeout, "timeout", 5*time.Second, "give up (and print nothing) after `D`")
	fs.StringVar(&c.logPath, "log", "", "append the audit log line to `FILE` (default $XDG_STATE_HOME/compaudit/audit.jsonl)")
	fs.BoolVar(&c.noLog, "no-log", false, "keep no audit log")
	c.ro.register(fs)
	pos, _, done := parseFlags(fs, args, stderr)
	if done {
		return exitOK // --help, or a bad flag: a hook never fails the agent
	}
	fail := func(format string, a ...any) int {
		say(stderr, "compaudit hook: "+format, a...)
		return exitOK
	}
	if len(pos) != 1 || !hooks.KnownAgent(pos[0]) {
		return fail("name the agent: %s (run 'compaudit hook --help')", strings.Join(hooks.Agents, " or "))
	}
	c.agent = pos[0]
	if err := c.ro.check(); err != nil {
		return fail("%v", err)
	}
	if c.timeout <= 0 {
		return fail("--timeout must be positive, got %v", c.timeout)
	}
	if !c.noLog && c.logPath == "" {
		home, _ := os.UserHomeDir()
		p, err := hooks.LogPath(os.Getenv, home)
		if err != nil {
			say(stderr, "compaudit hook: %v; keeping no log", err)
			c.noLog = true
		}
		c.logPath = p
	}
	return runHook(c, hookStdin, stdout, stderr)
}

// runHook does the work under the timeout; only this function prints and logs.
func runHook(c hookConfig, in io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	done := make(chan hookResult, 1)
	keys := make(chan hooks.LogKey, 1) // what the work knew of the payload, for a timeout's log line
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- hookResult{note: fmt.Sprintf("internal error: %s (please report it)", hooks.OneLine(fmt.Sprint(p)))}
			}
		}()
		done <- hookWork(c, in, keys)
	}()
	var res hookResult
	select {
	case res = <-done:
	case <-time.After(c.timeout):
		res = hookResult{note: fmt.Sprintf("gave up after %v (--timeout); the agent goes on without a restore block", c.timeout)}
		select {
		case k := <-keys:
			k.Error = "timeout"
			res.rec = &hookRecord{LogKey: k}
		default:
		}
	}
	if len(res.out) > 0 {
		if _, err := stdout.Write(res.out); err != nil {
			res.note = "writing the hook answer: " + err.Error()
		}
	}
	if res.rec != nil && !c.noLog {
		res.rec.Time = start.UTC().Format(time.RFC3339)
		res.rec.Agent = c.agent
		res.rec.Ms = time.Since(start).Milliseconds()
		if line, err := json.Marshal(res.rec); err == nil {
			if err := hooks.AppendLog(c.logPath, line); err != nil && res.note == "" {
				res.note = "could not append to the audit log: " + hooks.OneLine(err.Error())
			}
		}
	}
	if res.note != "" {
		say(stderr, "compaudit hook %s: %s", c.agent, res.note)
	}
	return exitOK
}

// hookWork reads the payload, audits the newest round and builds the answer.
// The payload's key is sent on keys once known.
func hookWork(c hookConfig, in io.Reader, keys chan<- hooks.LogKey) hookResult {
	data, err := io.ReadAll(io.LimitReader(in, hooks.MaxPayload+1))
	if err != nil {
		return hookResult{note: "reading the payload: " + hooks.OneLine(err.Error())}
	}
	if len(data) > hooks.MaxPayload {
		return hookResult{note: fmt.Sprintf("the payload on stdin is over %d bytes; not a hook payload", hooks.MaxPayload)}
	}
	p, act, err := hooks.ParsePayload(data)
	if err != nil {
		return hookResult{note: err.Error()}
	}
	if act == hooks.Ignore {
		return hookResult{}
	}
	rec := &hookRecord{LogKey: hooks.LogKey{Event: p.Event, Session: p.SessionID, Transcript: p.Transcript()}, Cwd: p.Cwd, Trigger: p.Trigger}
	keys <- rec.LogKey
	failed := func(msg string) hookResult {
		rec.Error = msg
		return hookResult{rec: rec, note: msg}
	}
	path := p.Transcript()
	if path == "" {
		return failed(fmt.Sprintf("the %s payload names no transcript_path: nothing to audit", p.Event))
	}
	s, err := sessions.ReadFileWith(path, sessions.ReadOptions{SkipBad: true})
	if err != nil {
		return failed(hooks.OneLine(err.Error()))
	}
	rounds := s.Rounds()
	if len(rounds) == 0 {
		return failed(fmt.Sprintf("%s: no compaction in the transcript yet", path))
	}
	last := rounds[len(rounds)-1]
	rec.Round, rec.Compaction, rec.CompactionAt = last.Round, last.ID, last.At
	if act == hooks.Restore && !c.noLog && hooks.Handled(c.logPath, rec.LogKey) {
		rec.Note = "already restored"
		return hookResult{rec: rec, note: fmt.Sprintf("round %d of %s was already restored; nothing added", last.Round, path)}
	}
	b, rd, err := restoreNewest(s, c.ro)
	if err != nil {
		return failed(err.Error())
	}
	v := restore.VerdictOf(rd, b)
	rec.Verdict = &v
	res := hookResult{rec: rec}
	if act == hooks.Restore && !b.Empty() {
		out, err := hooks.SessionStartOutput(b.Text)
		if err != nil {
			return failed(err.Error())
		}
		res.out, rec.Injected = out, true
	}
	return res
}

// restoreNewest audits s and builds the restore block of its newest round.
func restoreNewest(s *sessions.Session, ro restoreOptions) (*restore.Block, *audit.Round, error) {
	r := audit.Run(s, audit.Options{Version: version})
	if len(r.Rounds) == 0 {
		return nil, nil, errors.New("the audit found no round")
	}
	b, err := restore.Build(r, restore.Options{MaxTokens: ro.maxTokens, MinSeverity: ro.minSeverity, Lookup: sessionLookup(s)})
	if err != nil {
		return nil, nil, err
	}
	return b, &r.Rounds[len(r.Rounds)-1], nil
}
