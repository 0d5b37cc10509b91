package sessions

import (
	"fmt"
	"sort"
	"strings"
)

// What the active chain alone misses, added to the segments before they are
// assembled:
//
//   - Results of parallel tool calls. With two tool_use lines A then B (B's parent
//     is A), A's tool_result hangs off A while the chain goes on through B and B's
//     result, so A's result is on a branch no leaf reaches. A user line off the
//     chain that holds only tool results, whose parent is on the chain and holds
//     the matching tool_use, is added right after its parent, in file order among
//     the lines that follow it.
//   - Prompts typed while the agent worked. Claude Code records them as
//     queue-operation lines (no uuid): enqueue (the text), then remove (delivered to
//     the running turn) or dequeue (delivered as the next prompt), or popAll (taken
//     back into the input box: not delivered). A delivered prompt that Claude Code
//     also wrote as a line of its own (a user line, a queued_command attachment, a
//     "The user sent the following message:" meta line) marks that message Queued;
//     otherwise a queued user message is added where it was delivered: after the
//     last chain line before the remove/dequeue line. Slash commands typed ahead
//     ("/ide") are commands, not words, and are left out.

// ccQueueOp is a queue-operation line.
type ccQueueOp struct {
	line   int
	op     string
	text   string
	at     string
	before int // entries read before this line
}

func (p *ccParser) queueOp(line int, r *ccLine) {
	text, _ := jsonString(r.Content)
	p.queue = append(p.queue, ccQueueOp{line: line, op: r.Operation, text: text, at: r.Timestamp, before: len(p.entries)})
}

// ccInsert is an entry to add to segment seg before position pos.
type ccInsert struct {
	seg, pos, entry int
}

// augment adds branch tool results and delivered queued prompts to the segments.
func (p *ccParser) augment(segments [][]int) [][]int {
	type at struct{ seg, pos int }
	where := map[int]at{}
	for k, seg := range segments {
		for j, ei := range seg {
			if _, ok := where[ei]; !ok {
				where[ei] = at{k, j}
			}
		}
	}
	var ins []ccInsert
	for i := range p.entries {
		if _, on := where[i]; on {
			continue
		}
		pi, ok := p.byUUID[p.entries[i].parent]
		if !ok {
			continue
		}
		if pa, on := where[pi]; on && p.branchResult(i, pi) {
			seg := segments[pa.seg]
			pos := pa.pos + 1
			for pos < len(seg) && p.entries[seg[pos]].line < p.entries[i].line {
				pos++
			}
			ins = append(ins, ccInsert{pa.seg, pos, i})
		}
	}
	for _, q := range p.deliveredQueue() {
		if len(segments) == 0 {
			break
		}
		k, pos := 0, 0
		for j := q.anchor - 1; j >= 0; j-- {
			if a, on := where[j]; on {
				k, pos = a.seg, a.pos+1
				break
			}
		}
		// delivered with the next request: after the results of the calls in flight
		for seg := segments[k]; pos < len(seg) && !p.turnStart(seg[pos]); pos++ {
		}
		p.entries = append(p.entries, q.entry)
		ins = append(ins, ccInsert{k, pos, len(p.entries) - 1})
	}
	return insertEntries(p, segments, ins)
}

// turnStart reports whether entry i starts what the model does next: an assistant
// message or the user's words (not a tool result, not a progress or system line).
func (p *ccParser) turnStart(i int) bool {
	e := &p.entries[i]
	if e.sidechain || len(e.msgs) == 0 {
		return false
	}
	if e.kind == ccAssistant {
		return true
	}
	for _, m := range e.msgs {
		if m.Kind != KindToolResult {
			return true
		}
	}
	return false
}

// branchResult reports whether entry i is a tool result line whose calls are in its
// parent pi (a parallel call's result off the chain).
func (p *ccParser) branchResult(i, pi int) bool {
	e, par := &p.entries[i], &p.entries[pi]
	if e.sidechain || e.kind != ccUser || len(e.msgs) == 0 || par.kind != ccAssistant {
		return false
	}
	calls := map[string]bool{}
	for _, m := range par.msgs {
		if m.Kind == KindToolCall && m.toolUseID != "" {
			calls[m.toolUseID] = true
		}
	}
	for _, m := range e.msgs {
		if m.Kind != KindToolResult || !calls[m.toolUseID] {
			return false
		}
	}
	return true
}

func insertEntries(p *ccParser, segments [][]int, ins []ccInsert) [][]int {
	if len(ins) == 0 {
		return segments
	}
	sort.SliceStable(ins, func(a, b int) bool {
		x, y := ins[a], ins[b]
		if x.seg != y.seg {
			return x.seg < y.seg
		}
		if x.pos != y.pos {
			return x.pos < y.pos
		}
		return p.entries[x.entry].line < p.entries[y.entry].line
	})
	out := make([][]int, len(segments))
	n := 0
	for k, seg := range segments {
		var ns []int
		for j := 0; j <= len(seg); j++ {
			for n < len(ins) && ins[n].seg == k && ins[n].pos == j {
				ns = append(ns, ins[n].entry)
				n++
			}
			if j < len(seg) {
				ns = append(ns, seg[j])
			}
		}
		out[k] = ns
	}
	return out
}

// ccQueued is a delivered queued prompt with no line of its own: entry is the
// message to add, anchor the number of entries read before it was delivered.
type ccQueued struct {
	entry  ccEntry
	anchor int
}

// deliveredQueue pairs enqueue lines with their delivery and returns the prompts
// to add; prompts Claude Code also wrote as lines are marked Queued there instead.
func (p *ccParser) deliveredQueue() []ccQueued {
	var pending []ccQueueOp
	var out []ccQueued
	claimed := map[[2]int]bool{}
	for _, q := range p.queue {
		switch q.op {
		case "enqueue":
			if t := strings.TrimSpace(q.text); t != "" && !isSlashCommand(t) {
				pending = append(pending, q)
			}
		case "remove", "dequeue":
			if len(pending) == 0 {
				continue
			}
			it := pending[0]
			pending = pending[1:]
			if p.markQueued(it, q, claimed) {
				continue
			}
			m := Message{Role: RoleUser, Text: strings.TrimSpace(it.text), Queued: true, At: it.at, Line: it.line}
			if t := strings.TrimLeft(it.text, " \t\r\n"); strings.HasPrefix(t, "<task-notification>") || strings.HasPrefix(t, "<agent-notification>") {
				m = Message{Role: RoleTool, Kind: KindToolResult, Name: notificationName(t), Text: it.text, At: it.at, Line: it.line}
			}
			e := ccEntry{line: it.line, kind: ccUser, uuid: fmt.Sprintf("queued@%d", it.line), at: it.at, msgs: []ccMsg{{Message: m}}}
			out = append(out, ccQueued{entry: e, anchor: q.before})
		case "popAll":
			pending = nil
		}
	}
	return out
}

// queueWindow is how many lines after its delivery a queued prompt's own line may come.
const queueWindow = 64

// markQueued finds the line Claude Code wrote for a delivered prompt (same text, after
// the enqueue line, not long after the delivery) and marks its message Queued.
func (p *ccParser) markQueued(enq, del ccQueueOp, claimed map[[2]int]bool) bool {
	want := strings.TrimSpace(enq.text)
	start := sort.Search(len(p.entries), func(i int) bool { return p.entries[i].line > enq.line })
	for i := start; i < len(p.entries) && p.entries[i].line <= del.line+queueWindow; i++ {
		e := &p.entries[i]
		if e.sidechain {
			continue
		}
		for j := range e.msgs {
			m := &e.msgs[j]
			if claimed[[2]int{i, j}] || !(m.Role == RoleUser || m.Role == RoleTool && strings.HasSuffix(m.Name, "-notification")) || strings.TrimSpace(m.Text) != want {
				continue
			}
			claimed[[2]int{i, j}] = true
			if m.Role == RoleUser {
				m.Queued = true
			}
			return true
		}
	}
	return false
}

func (p *ccParser) knownCall(id string) bool {
	_, ok := p.toolName[id]
	return ok
}

// isSlashCommand reports a typed-ahead slash command ("/ide", "/exit").
func isSlashCommand(t string) bool {
	if !strings.HasPrefix(t, "/") || len(t) < 2 {
		return false
	}
	first, _, _ := strings.Cut(t, " ")
	for _, r := range first[1:] {
		if !(r == '-' || r == '_' || r == ':' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return !strings.Contains(t, "\n")
}

// compactInstructions is the user's /compact text for the compaction at boundary b
// (summary si): compactMetadata.userContext when recorded, else the arguments of
// the /compact command line next to it (Claude Code writes it just after the summary;
// some versions just before the boundary). Only a manual compaction has them.
func (p *ccParser) compactInstructions(b, si int) string {
	ci := p.entries[b].compact
	if ci != nil && strings.TrimSpace(ci.userContext) != "" {
		return strings.TrimSpace(ci.userContext)
	}
	if ci == nil || (ci.trigger != "manual" && ci.trigger != "") {
		return ""
	}
	look := func(from, step int) (string, bool) {
		for j, n := from, 0; j >= 0 && j < len(p.entries) && n < 12; j, n = j+step, n+1 {
			e := &p.entries[j]
			if e.sidechain {
				continue
			}
			if e.boundary || e.kind == ccAssistant {
				return "", false
			}
			if e.cmd != nil && e.cmd.name == "/compact" {
				return e.cmd.args, true
			}
		}
		return "", false
	}
	if args, ok := look(si+1, 1); ok {
		return args
	}
	args, _ := look(b-1, -1)
	return args
}

// partialReason says why the first round's sources are known to be incomplete: the
// transcript starts mid-chain (its first line's parent is not in the file), or with
// the output of a tool call that is not in the file.
func (p *ccParser) partialReason(first []int) string {
	for _, ei := range first {
		e := &p.entries[ei]
		if e.sidechain || e.kind == ccOther {
			continue
		}
		if _, ok := p.byUUID[e.parent]; e.parent != "" && !ok && !e.boundary {
			return fmt.Sprintf("the transcript starts mid-chain: line %d's parent %s is not in this file, so what came before it is missing", e.line, e.parent)
		}
		break
	}
	for _, ei := range first {
		e := &p.entries[ei]
		if e.sidechain || e.boundary || e.summary || len(e.msgs) == 0 {
			continue
		}
		if m := e.msgs[0]; m.Kind == KindToolResult && m.toolUseID != "" && !p.knownCall(m.toolUseID) {
			return fmt.Sprintf("the transcript starts with the output of a tool call that is not in this file (line %d)", e.line)
		}
		break
	}
	return ""
}
