// Package benchgen writes synthetic Claude Code sessions in the shape of real ones, for
// benchmarks: most of the bytes are tool output (file reads with line numbers, test and
// git output, API JSON, grep hits) repeated in toolUseResult, with user prompts that
// carry rules and values, assistant thinking and findings, harness noise (progress,
// file-history snapshots, hook summaries) and a compaction every 1/(rounds+1) of the
// file whose summary follows Claude Code's template and restates (some of) the round's
// facts and, from the second round on, the previous summary's (a summary of a summary).
//
// The output is a pure function of Options: the same seed and size give the same bytes.
package benchgen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"
)

// Options say what to generate.
type Options struct {
	// Size is the file size to reach, in bytes (the file ends a little past it).
	Size int64
	// Rounds is the number of compactions (default 5).
	Rounds int
	// Seed picks the content (default 1).
	Seed uint64
}

// Stats describe a generated file.
type Stats struct {
	Bytes   int64 // bytes written
	Lines   int   // JSONL records
	Prompts int   // human prompts
	Tools   int   // tool calls (each with a result)
	Rounds  int   // compactions
}

// WriteFile writes a session to path (created or truncated).
func WriteFile(path string, opt Options) (Stats, error) {
	f, err := os.Create(path)
	if err != nil {
		return Stats{}, err
	}
	st, err := Write(f, opt)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return st, err
}

// Write writes a session to w.
func Write(w io.Writer, opt Options) (Stats, error) {
	if opt.Rounds <= 0 {
		opt.Rounds = 5
	}
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	g := &gen{
		w:   bufio.NewWriterSize(w, 1<<20),
		rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15)),
		ts:  time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		sid: "5f0c2a9e-1111-4b2c-9d3e-0a1b2c3d4e5f",
	}
	g.st.Rounds = opt.Rounds
	per := opt.Size / int64(opt.Rounds+1)
	for r := 0; r <= opt.Rounds; r++ {
		g.round = r
		g.facts = nil
		for g.st.Bytes < per*int64(r+1) && g.err == nil {
			g.turn()
		}
		if r < opt.Rounds {
			g.compact()
		}
	}
	if g.err == nil {
		g.err = g.w.Flush()
	}
	return g.st, g.err
}

// gen is the generator's state.
type gen struct {
	w      *bufio.Writer
	rng    *rand.Rand
	ts     time.Time
	sid    string
	seq    int
	parent string
	round  int
	facts  []string // this round's user rules and findings, for its summary
	prev   []string // the previous summary's items, restated by the next one
	reads  []string // file outputs already read (re-read now and then, as agents do)
	st     Stats
	err    error
}

func (g *gen) emit(rec map[string]any) {
	if g.err != nil {
		return
	}
	b, err := json.Marshal(rec)
	if err != nil {
		g.err = err
		return
	}
	b = append(b, '\n')
	n, err := g.w.Write(b)
	g.st.Bytes += int64(n)
	g.st.Lines++
	g.err = err
}

func (g *gen) uuid() string {
	g.seq++
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", g.seq, g.rng.IntN(1<<16), g.rng.IntN(1<<12), g.rng.IntN(1<<12), g.rng.Int64N(1<<48))
}

// env is a chain record of type typ, linked to the previous one.
func (g *gen) env(typ string) map[string]any {
	g.ts = g.ts.Add(time.Duration(300+g.rng.IntN(6000)) * time.Millisecond)
	u := g.uuid()
	var parent any
	if g.parent != "" {
		parent = g.parent
	}
	rec := map[string]any{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": "/home/dev/src/ledger",
		"sessionId": g.sid, "version": "2.1.14", "gitBranch": "feat/retry-budget", "slug": "steady-humming-otter", "type": typ, "uuid": u,
		"timestamp": g.ts.Format("2006-01-02T15:04:05.000Z")}
	g.parent = u
	return rec
}

var usage = map[string]any{"input_tokens": 3, "cache_creation_input_tokens": 1184, "cache_read_input_tokens": 48211, "output_tokens": 240, "service_tier": "standard"}

func (g *gen) assistant(msgID string, block map[string]any, stop any) {
	rec := g.env("assistant")
	rec["requestId"] = "req_011CXk" + msgID[len(msgID)-14:]
	rec["message"] = map[string]any{"model": "claude-opus-4-5-20251101", "id": msgID, "type": "message", "role": "assistant",
		"content": []any{block}, "stop_reason": stop, "stop_sequence": nil, "usage": usage}
	g.emit(rec)
}

// turn is one prompt, the agent's tool calls and results, and its answer.
func (g *gen) turn() {
	rec := g.env("user")
	prompt := g.prompt()
	rec["message"] = map[string]any{"role": "user", "content": prompt}
	g.emit(rec)
	g.st.Prompts++
	if g.rng.IntN(3) == 0 {
		rec = g.env("file-history-snapshot")
		delete(rec, "parentUuid")
		rec["snapshot"] = map[string]any{"messageId": g.uuid(), "trackedFileBackups": map[string]any{}, "timestamp": g.ts.Format(time.RFC3339)}
		g.emit(rec)
	}
	msgID := fmt.Sprintf("msg_01%022d", g.seq)
	g.assistant(msgID, map[string]any{"type": "thinking", "thinking": g.thinking(), "signature": strings.Repeat("EpcCCkYIBxgCKkA9r8mXw2Zq7Ls1", 14)}, nil)
	for k, n := 0, 2+g.rng.IntN(9); k < n; k++ {
		g.tool(msgID)
		if g.rng.IntN(4) == 0 {
			rec = g.env("progress")
			rec["data"] = map[string]any{"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": "PostToolUse:Bash", "command": "callback"}
			rec["toolUseID"], rec["parentToolUseID"] = "toolu_01"+fmt.Sprint(g.seq), "toolu_01"+fmt.Sprint(g.seq)
			g.emit(rec)
		}
	}
	g.assistant(msgID, map[string]any{"type": "text", "text": g.answer()}, "end_turn")
	if g.rng.IntN(2) == 0 {
		rec = g.env("system")
		rec["subtype"], rec["level"], rec["isMeta"] = "stop_hook_summary", "suggestion", false
		rec["hookCount"], rec["hookInfos"], rec["hookErrors"], rec["preventedContinuation"], rec["stopReason"], rec["hasOutput"] = 1, []any{map[string]any{"command": "entire hooks claude-code stop"}}, []any{}, false, "", false
		g.emit(rec)
	}
}

// tool is a tool_use line and its tool_result line (with toolUseResult).
func (g *gen) tool(msgID string) {
	id := fmt.Sprintf("toolu_01%022d", g.seq)
	name, input, out, isErr := g.call()
	g.assistant(msgID, map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}, "tool_use")
	rec := g.env("user")
	rec["message"] = map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": id, "type": "tool_result", "content": out, "is_error": isErr}}}
	if name == "Read" {
		rec["toolUseResult"] = map[string]any{"type": "text", "file": map[string]any{"filePath": input["file_path"], "content": out, "numLines": strings.Count(out, "\n"), "startLine": 1}}
	} else {
		rec["toolUseResult"] = map[string]any{"stdout": out, "stderr": "", "interrupted": false, "isImage": false}
	}
	rec["sourceToolAssistantUUID"] = g.parent
	g.emit(rec)
	g.st.Tools++
}

// compact writes a boundary and its summary.
func (g *gen) compact() {
	last := g.parent
	g.parent = ""
	rec := g.env("system")
	rec["subtype"], rec["content"], rec["level"], rec["isMeta"] = "compact_boundary", "Conversation compacted", "info", false
	rec["logicalParentUuid"] = last
	rec["compactMetadata"] = map[string]any{"trigger": "auto", "preTokens": 155000 + g.rng.IntN(9000)}
	g.emit(rec)
	rec = g.env("user")
	rec["isCompactSummary"], rec["isVisibleInTranscriptOnly"] = true, true
	text, items := g.summary()
	rec["message"] = map[string]any{"role": "user", "content": text}
	g.emit(rec)
	g.prev = items
}
