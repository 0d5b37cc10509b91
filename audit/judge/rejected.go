package judge

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// lookOnlyRejectFactor: the user's rejection of a call that only looked (a listing, a
// read, a search) weighs this share of a rejection of one that acts (an edit, a commit,
// a launch): the work it stopped changed nothing.
const lookOnlyRejectFactor = 0.4

// rejectedLookOnly: fact i is the harness's note that the user rejected a tool call,
// and that call only looked: a tool of the lexicon's look-tool category, or a shell
// command line that opens on a look-command ("ls -la /tmp/ | grep entire").
func rejectedLookOnly(r *rule.Round, i int) bool {
	f := &r.Src[i]
	if f.Origin != classify.OriginToolError || !lexicon.Default().Has(f.Text, "rejection-note") {
		return false
	}
	call := r.CallText(f.Message)
	if call == "" {
		return false
	}
	tool, cmd := parseCall(call)
	lx := lexicon.Default()
	if lx.IsWord(strings.ToLower(tool), "look-tool") {
		return true
	}
	return cmd != "" && lookCommand(cmd)
}

// parseCall reads a call's tool name and its command line, in either way a call is
// written ("Bash(command=ls -la, description=...)" or "Bash:\ncommand: ls -la").
func parseCall(call string) (tool, cmd string) {
	t := strings.TrimSpace(call)
	end := strings.IndexAny(t, "(:\n ")
	if end < 0 {
		return t, ""
	}
	tool = t[:end]
	for _, key := range []string{"command=", "command: "} {
		if i := strings.Index(t, key); i >= 0 {
			rest := t[i+len(key):]
			if j := strings.IndexAny(rest, ",\n"); j >= 0 {
				rest = rest[:j]
			}
			return tool, strings.TrimSpace(rest)
		}
	}
	return tool, ""
}

// lookCommand: the command line opens on a command that only looks, and no later
// part of it (after a pipe or a ";", "&&") does more than look or filter.
func lookCommand(cmd string) bool {
	for _, part := range strings.FieldsFunc(cmd, func(r rune) bool { return r == '|' || r == ';' || r == '&' }) {
		ws := strings.Fields(strings.ToLower(part))
		if len(ws) == 0 {
			continue
		}
		head := ws[0]
		if head == "git" && len(ws) > 1 {
			head = "git " + ws[1]
		}
		if !lexicon.Default().IsWord(head, "look-command") {
			return false
		}
	}
	return true
}
