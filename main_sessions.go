package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/internal/termsafe"
	"github.com/compaudit/compaudit/sessions"
)

func init() {
	register(command{"sessions", "list the sessions in a folder (default: the usual Claude Code, Codex and OpenCode locations), newest first", cmdSessions})
}

// listedSession is one row of `compaudit sessions`.
type listedSession struct {
	sessions.SessionEntry
	// Worst and Findings are set with --audit.
	Worst    string `json:"worst,omitempty"`
	Findings *int   `json:"findings,omitempty"`
	Flagged  *int   `json:"flagged_invariants,omitempty"`
	// Opaque counts rounds whose summary is encrypted (nothing to read, nothing found).
	Opaque *int `json:"opaque_rounds,omitempty"`
}

func cmdSessions(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sessions", "compaudit sessions [--all] [--audit] [--json] [DIR]", stdout)
	all := fs.Bool("all", false, "also list sessions without a compaction, and files that look like sessions but do not load")
	doAudit := fs.Bool("audit", false, "audit each listed session and show its worst finding")
	asJSON := fs.Bool("json", false, "print the list as JSON")
	pos, code, done := parseFlags(fs, args, stderr)
	if done {
		return code
	}
	if len(pos) > 1 {
		say(stderr, "compaudit sessions: one folder at a time (got %d)", len(pos))
		return exitUsage
	}
	dir := ""
	if len(pos) == 1 {
		dir = pos[0]
	}
	found, err := sessions.DiscoverWith(dir, sessions.DiscoverOptions{All: *all, Keep: *doAudit})
	if err != nil {
		say(stderr, "compaudit: %v", err)
		return exitUsage
	}
	if found.Skipped > 0 {
		say(stderr, "compaudit sessions: skipped %d %s not a regular file (FIFO, device, socket or broken symlink)", found.Skipped, plural(found.Skipped, "entry that is", "entries that are"))
	}
	entries := found.Entries
	rows := make([]listedSession, len(entries))
	for i, e := range entries {
		rows[i].SessionEntry = e
	}
	if *doAudit {
		auditRows(rows)
	}
	if *asJSON {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rows); err != nil {
			say(stderr, "compaudit: %v", err)
			return exitUsage
		}
		if _, err := stdout.Write(terminalSafe("json", b.Bytes())); err != nil {
			return exitUsage
		}
		return exitOK
	}
	if len(rows) == 0 {
		where := dir
		if where == "" {
			dirs := sessions.DefaultDirs("~")
			dirs[len(dirs)-1] = filepath.Dir(dirs[len(dirs)-1]) // OpenCode: storage/ and opencode.db
			where = strings.Join(dirs, ", ")
		}
		if *all {
			say(stdout, "No sessions found under %s.", where)
		} else {
			say(stdout, "No sessions with a compaction found under %s (--all lists the others).", where)
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	header := "DATE\tAGENT\tMESSAGES\tROUNDS"
	if *doAudit {
		header += "\tWORST"
	}
	fmt.Fprintln(tw, header+"\tPATH")
	for _, r := range rows {
		date := "-"
		if !r.Date.IsZero() {
			date = r.Date.Format("2006-01-02 15:04")
		}
		agent, msgs, rounds := shortAgent(r.Agent), strconv.Itoa(r.Messages), strconv.Itoa(r.Rounds)
		if r.Err != "" {
			agent, msgs, rounds = "?", "-", "-"
		}
		cells := []string{date, agent, msgs, rounds}
		if *doAudit {
			cells = append(cells, worstCell(r))
		}
		cells = append(cells, r.Path)
		for i, c := range cells {
			cells[i] = termsafe.Line(c) // a tab, newline or escape in a path cannot split or recolour a row
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
		if r.Err != "" {
			// Text after the last tab does not widen the columns.
			fmt.Fprintln(tw, strings.Repeat("\t", len(cells)-1)+"  error: "+termsafe.Line(r.Err))
		}
	}
	if err := tw.Flush(); err != nil {
		return exitUsage
	}
	return exitOK
}

// auditRows audits the loaded sessions in parallel and drops them afterwards.
func auditRows(rows []listedSession) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := &rows[i]
				if r.Session == nil {
					continue
				}
				rep := audit.Run(r.Session, audit.Options{Version: version})
				r.Worst = worstOf(rep)
				n, f, o := rep.Summary.Findings, rep.Summary.Flagged, rep.Summary.OpaqueRounds
				r.Findings, r.Flagged, r.Opaque = &n, &f, &o
				r.Session = nil
			}
		}()
	}
	for i := range rows {
		next <- i
	}
	close(next)
	wg.Wait()
}

// worstOf is the report's worst severity, from its summary or else its findings.
func worstOf(r *audit.Report) string {
	if r.Summary.Worst != "" {
		return r.Summary.Worst
	}
	worst := ""
	for _, rd := range r.Rounds {
		for _, fs := range [][]audit.Finding{rd.Findings, rd.Cumulative} {
			for _, f := range fs {
				if audit.SeverityRank(f.Severity) > audit.SeverityRank(worst) {
					worst = f.Severity
				}
			}
		}
	}
	return worst
}

func worstCell(r listedSession) string {
	if r.Findings == nil {
		return "-"
	}
	if *r.Findings == 0 && *r.Flagged == 0 {
		if *r.Opaque > 0 {
			return fmt.Sprintf("opaque (%d of %d rounds encrypted)", *r.Opaque, r.Rounds)
		}
		return "clean"
	}
	cell := fmt.Sprintf("%s (%d findings", orDash(r.Worst), *r.Findings)
	if *r.Flagged > 0 {
		cell += fmt.Sprintf(", %d flagged", *r.Flagged)
	}
	return cell + ")"
}

func orDash(s string) string {
	if s == "" || s == "none" {
		return "-"
	}
	return s
}

// shortAgent turns a reader name into a table label.
func shortAgent(format string) string {
	switch {
	case strings.HasPrefix(format, "Claude Code"):
		return "Claude Code"
	case strings.HasPrefix(format, "Codex"):
		return "Codex"
	case format == sessions.OpenCodeExportFormat:
		return "OpenCode export"
	case format == sessions.OpenCodeDBFormat:
		return "OpenCode db"
	case strings.HasPrefix(format, "OpenCode"):
		return "OpenCode"
	case format == sessions.NativeFormat:
		return "compaudit"
	case format == sessions.ArrayFormat:
		return "messages"
	}
	return format
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
