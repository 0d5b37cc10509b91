// Package hooks speaks the agents' hook protocols: it reads the JSON payload Claude
// Code and Codex send a command hook on stdin, writes the JSON a SessionStart hook
// answers with, merges compaudit's entry into the agents' hook settings without
// touching anything else in them, and appends to compaudit's per-user state log.
//
// Payload shapes relied on (see the README's "Use it as a hook" for the pages read):
//   - Claude Code: session_id, transcript_path, cwd, hook_event_name, and per event
//     source (SessionStart: startup|resume|clear|compact), trigger and
//     custom_instructions (PreCompact), trigger and compact_summary (PostCompact).
//   - Codex: session_id, transcript_path (string or null), cwd, hook_event_name,
//     model, and per event source (SessionStart: startup|resume|clear|compact,
//     permission_mode) or turn_id and trigger (PreCompact, PostCompact: manual|auto).
//
// Both agents add hookSpecificOutput.additionalContext of a SessionStart hook's JSON
// answer to the model's context.
package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Agents compaudit can hook into.
const (
	ClaudeCode = "claude-code"
	Codex      = "codex"
)

// Agents lists them.
var Agents = []string{ClaudeCode, Codex}

// KnownAgent reports whether name is one of Agents.
func KnownAgent(name string) bool { return name == ClaudeCode || name == Codex }

// Hook events.
const (
	EventSessionStart = "SessionStart"
	EventPreCompact   = "PreCompact"
	EventPostCompact  = "PostCompact"
)

// SourceCompact is SessionStart's source right after a compaction.
const SourceCompact = "compact"

// MaxPayload bounds what is read from stdin: payloads are a few hundred bytes.
const MaxPayload = 1 << 20

// Payload is a hook's input, the fields compaudit reads from either agent.
type Payload struct {
	SessionID          string  `json:"session_id"`
	TranscriptPath     *string `json:"transcript_path"`
	Cwd                string  `json:"cwd"`
	Event              string  `json:"hook_event_name"`
	Source             string  `json:"source,omitempty"`
	Trigger            string  `json:"trigger,omitempty"`
	CustomInstructions string  `json:"custom_instructions,omitempty"`
	CompactSummary     string  `json:"compact_summary,omitempty"`
	Model              string  `json:"model,omitempty"`
	TurnID             string  `json:"turn_id,omitempty"`
	PermissionMode     string  `json:"permission_mode,omitempty"`
}

// Transcript is the transcript path ("" when the agent sent none).
func (p *Payload) Transcript() string {
	if p.TranscriptPath == nil {
		return ""
	}
	return *p.TranscriptPath
}

// Action is what compaudit does for a payload.
type Action int

const (
	// Ignore: an event compaudit has nothing to do for (a SessionStart that follows no
	// compaction, a PreCompact: the summary is not written yet).
	Ignore Action = iota
	// Restore: audit the newest round, answer with the restore block, log it.
	Restore
	// LogOnly: audit the newest round and log it; the agent reads no answer.
	LogOnly
)

// ParsePayload reads a hook payload. An error means the payload is not one compaudit
// knows: not a JSON object, no event or session, or an event it does not handle.
func ParsePayload(data []byte) (*Payload, Action, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, Ignore, fmt.Errorf("empty payload on stdin (a hook reads the agent's JSON payload there)")
	}
	if data[0] != '{' {
		return nil, Ignore, fmt.Errorf("the payload on stdin is not a JSON object")
	}
	var p Payload
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&p); err != nil {
		return nil, Ignore, fmt.Errorf("the payload on stdin is not valid hook JSON: %v", err)
	}
	if p.Event == "" {
		return nil, Ignore, fmt.Errorf("the payload has no hook_event_name")
	}
	if p.SessionID == "" {
		return nil, Ignore, fmt.Errorf("the %s payload has no session_id", p.Event)
	}
	switch p.Event {
	case EventSessionStart:
		if p.Source == SourceCompact {
			return &p, Restore, nil
		}
		return &p, Ignore, nil
	case EventPostCompact:
		return &p, LogOnly, nil
	case EventPreCompact:
		return &p, Ignore, nil
	}
	return nil, Ignore, fmt.Errorf("unsupported hook event %q (compaudit handles SessionStart with source %q, and PostCompact)", p.Event, SourceCompact)
}

// SessionStartOutput is a SessionStart hook's answer that adds context to the model;
// both agents read the same shape.
func SessionStartOutput(context string) ([]byte, error) {
	type specific struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	}
	v := struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{EventSessionStart, context}}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// OneLine flattens an error message for a one-line report on stderr.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
