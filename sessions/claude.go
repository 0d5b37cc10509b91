package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ClaudeFormat is the name of the Claude Code session JSONL reader
// (~/.claude/projects/<project>/<sessionId>.jsonl).
const ClaudeFormat = "Claude Code session JSONL"

func init() {
	RegisterReader(jsonlReader(ClaudeFormat, sniffClaude, parseClaude))
}

// How the reader maps the file (see ../shared/formats.md section 1):
//
//   - Order is the uuid/parentUuid chain, not the file order. The active chain ends at
//     the latest user or assistant line that no line names as its parent (the SDK's
//     rule); walking parentUuid back from it reaches the last compact_boundary, whose
//     parentUuid is null. The boundary's logicalParentUuid names the last line the
//     summariser saw; walking back from there reaches the previous boundary, and so on.
//   - Each compact_boundary and the isCompactSummary user line whose parentUuid is the
//     boundary make one round. Its sources are the previous round's compaction (when
//     there is one) plus the messages of the segment walked back from
//     logicalParentUuid, minus the messages a partial compaction preserved verbatim.
//   - Messages: user text (role user), assistant text, tool_use blocks (role assistant,
//     kind tool_call, "name(input)"), thinking (kind thinking), tool_result blocks (role
//     tool, named after the matching tool_use, errors kept), images (a placeholder).
//     A parallel call's result that hangs off the chain is added after its call, and
//     prompts typed while the agent worked are user messages with Queued (see
//     claude_extras.go). Injected text (isMeta lines, hook/CLAUDE.md attachments) is
//     a system message of kind instruction named by origin (claude_inject.go);
//     local command and "!" shell output is tool-like output (role tool, named after
//     the command); a slash command with arguments is the user's words. Sidechain
//     (subagent) lines, caveats and other harness text, system notes and progress
//     lines stay out of the messages (a file that holds only a subagent's transcript
//     is read as the conversation); "summary" title lines and unknown record types are
//     ignored.
//   - A round's Instructions are the user's "/compact <instructions>" (the command
//     line next to the boundary, or compactMetadata.userContext); the first round is
//     Partial when the transcript starts mid-chain or with a tool result whose call
//     is not in the file. Token counts not recorded stay 0; a bad one is a warning.
//   - Damage is reported in Session.Warnings and what is present is still read: a
//     parentUuid not in the file (the chain goes on with the line before it), a
//     logicalParentUuid not in the file (a session resumed from an earlier file: the
//     lines before the boundary in file order are its segment, and a summary with no
//     sources here becomes a system message the next round is audited against), a
//     microcompaction (no summary, so no round). A cycle in parentUuid is an error.
//   - Lines are decoded with the one-pass scanner of claude_decode.go, as strict as
//     encoding/json (raw control bytes in strings are rejected at their column; a used
//     field of the wrong type is named, "message.content[2].text"); the json tags
//     of claude_types.go and ccContent.UnmarshalJSON serve the encoding/json
//     reference in its test.
//   - Message ids are m1, m2, ... in chain order, numbered as the native format numbers
//     them (a tool call is named after its output: m7.call; see renumberMessages);
//     Line is the file line.

// sniffClaude claims JSONL whose records carry Claude Code's envelope: a uuid with
// parentUuid, a sessionId, and a Claude record type; or a "summary" title line.
func sniffClaude(head []byte) bool {
	type probe struct {
		Type       *string          `json:"type"`
		UUID       *json.RawMessage `json:"uuid"`
		ParentUUID *json.RawMessage `json:"parentUuid"`
		SessionID  *json.RawMessage `json:"sessionId"`
		LeafUUID   *json.RawMessage `json:"leafUuid"`
		Payload    *json.RawMessage `json:"payload"`
	}
	return sniffJSONLRecords(head, 64, func(p *probe) bool {
		if p.Type == nil || p.Payload != nil {
			return false
		}
		switch *p.Type {
		case "user", "assistant", "system", "attachment", "progress":
			return p.UUID != nil && p.ParentUUID != nil && p.SessionID != nil
		case "summary":
			return p.LeafUUID != nil
		case "file-history-snapshot", "queue-operation":
			return p.SessionID != nil || p.UUID == nil
		}
		return false
	})
}

// ccParser holds the decoded file.
type ccParser struct {
	path     string
	entries  []ccEntry
	byUUID   map[string]int
	warn     []string
	toolName map[string]string // tool_use id -> name
	session  string
	// boundaryOf maps a compaction summary entry to its boundary entry.
	boundaryOf  map[int]int
	sideSession string
	queue       []ccQueueOp // queue-operation lines, in file order
}

func (p *ccParser) warnf(format string, args ...any) {
	p.warn = append(p.warn, fmt.Sprintf(format, args...))
}

func parseClaude(path string, lines *jsonlLines, opt ReadOptions) (*Session, error) {
	p := &ccParser{path: path, byUUID: map[string]int{}, toolName: map[string]string{}}
	bad := &badLines{path: path, skip: opt.SkipBad}
	dups := 0
	for {
		raw, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &InputError{Path: path, Line: lines.line + 1, Msg: "read error: " + errMsg(err)}
		}
		if blank(raw) {
			continue
		}
		var rec ccLine
		if err := ccDecode(raw, &rec); err != nil {
			var te *fieldTypeError
			if errors.As(err, &te) {
				switch rec.Type {
				case "user", "assistant", "system":
					if e := bad.badField(lines.line, te); e != nil {
						return nil, e
					}
				}
				continue // a record type this reader does not use: ignored
			}
			if e := bad.badErr(lines.line, err); e != nil {
				return nil, e
			}
			continue
		}
		if rec.Type == "queue-operation" {
			p.queueOp(lines.line, &rec)
			continue
		}
		e, keep := p.entry(lines.line, &rec)
		if !keep {
			continue
		}
		if e.uuid != "" {
			if _, dup := p.byUUID[e.uuid]; dup {
				dups++
				continue
			}
			p.byUUID[e.uuid] = len(p.entries)
		}
		p.entries = append(p.entries, e)
	}
	if dups > 0 {
		p.warnf("%d lines repeat a uuid already seen; the first copy of each was kept", dups)
	}
	p.subagentOnly()
	s, err := p.build()
	if err != nil {
		return nil, err
	}
	s.Warnings = append(bad.warnings(), s.Warnings...)
	return s, nil
}

// subagentOnly reads a file that holds only a subagent's transcript (every chain
// line isSidechain, as in subagents/agent-<id>.jsonl) as the conversation itself.
func (p *ccParser) subagentOnly() {
	side := 0
	for i := range p.entries {
		if e := &p.entries[i]; e.isChainKind() {
			if !e.sidechain {
				return
			}
			side++
		}
	}
	if side == 0 {
		return
	}
	for i := range p.entries {
		p.entries[i].sidechain = false
	}
	if p.session == "" {
		p.session = p.sideSession
	}
	p.warnf("every line is a subagent's (sidechain) transcript; it is read as the conversation")
}

// entry turns a decoded record into a chain entry; keep is false for records that
// are not part of any chain (titles, snapshots, unknown types).
func (p *ccParser) entry(line int, r *ccLine) (ccEntry, bool) {
	e := ccEntry{line: line, uuid: r.UUID, at: r.Timestamp, sidechain: r.IsSidechain, meta: r.IsMeta,
		team: r.TeamName != "", summary: r.IsCompactSummary, visOnly: r.IsVisibleInTranscriptOnly}
	if r.ParentUUID != nil {
		e.parent = *r.ParentUUID
	}
	if r.LogicalParentUUID != nil {
		e.logical, e.hasLogical = *r.LogicalParentUUID, true
	}
	switch r.Type {
	case "user":
		e.kind = ccUser
	case "assistant":
		e.kind = ccAssistant
	case "system":
		e.kind = ccSystem
	case "attachment":
		e.kind = ccAttachment
	case "progress":
		e.kind = ccProgress
	case "summary", "file-history-snapshot", "queue-operation", "custom-title", "ai-title", "mode":
		return e, false // titles and metadata, never in the chain
	default:
		// An unknown record type: ignored, but one with a uuid may still be a link of
		// the chain (later lines may name it as their parent).
		e.kind = ccUnknown
	}
	if e.uuid == "" {
		return e, false
	}
	if e.kind == ccUnknown {
		return e, true
	}
	if sid := r.SessionID + r.SessionIDSnake; sid != "" {
		if !e.sidechain && p.session == "" {
			p.session = sid
		} else if e.sidechain && p.sideSession == "" {
			p.sideSession = sid
		}
	}
	if e.kind == ccSystem {
		switch r.Subtype {
		case "compact_boundary":
			e.boundary = true
			e.compact = p.boundaryInfo(line, r)
			if !e.hasLogical && e.parent != "" {
				// a writer that links the boundary to the old chain by parentUuid
				e.logical, e.hasLogical, e.parent = e.parent, true, ""
			}
		case "local_command":
			// a slash command or its output, written as a system line by some versions
			if t, ok := jsonString(r.Content); ok {
				if m, keep, _ := p.userText(&e, t); keep {
					m.At, m.Line = e.at, e.line
					e.msgs = append(e.msgs, m)
				}
			}
		case "microcompact_boundary":
			e.micro = &ccMicroInfo{}
			if m := r.MicrocompactMetadata; m != nil {
				e.micro.trigger, e.micro.cleared = m.Trigger, len(m.CompactedToolIDs)
				e.micro.saved = p.tokens(line, "microcompactMetadata.tokensSaved", m.TokensSaved)
			}
		}
		return e, true
	}
	if e.kind == ccAttachment {
		p.attachment(&e, r.Attachment)
		return e, true
	}
	if r.Message == nil || (e.kind != ccUser && e.kind != ccAssistant) {
		return e, true
	}
	c := &r.Message.Content
	if e.kind == ccUser && e.summary {
		e.text = contentText(c)
		return e, true
	}
	// Sidechain lines get their messages too: they are left out of the session unless
	// the whole file is a subagent's transcript.
	p.messages(&e, c, r)
	return e, true
}

// boundaryInfo reads a compact_boundary's metadata (either spelling). A token count
// that is not a whole number from 0 to MaxTokenCount is a warning naming the line
// and is treated as not recorded (0).
func (p *ccParser) boundaryInfo(line int, r *ccLine) *ccCompactInfo {
	ci := &ccCompactInfo{}
	if m := r.CompactMetadata; m != nil {
		ci.trigger, ci.userContext = m.Trigger, m.UserContext
		ci.pre = p.tokens(line, "compactMetadata.preTokens", m.PreTokens)
		ci.post = p.tokens(line, "compactMetadata.postTokens", m.PostTokens)
		if m.PreservedSegment != nil {
			ci.head, ci.anchor, ci.tail = m.PreservedSegment.HeadUUID, m.PreservedSegment.AnchorUUID, m.PreservedSegment.TailUUID
		}
		if m.PreservedMessages != nil {
			ci.preservedUUIDs = m.PreservedMessages.UUIDs
			if ci.anchor == "" {
				ci.anchor = m.PreservedMessages.AnchorUUID
			}
		}
	} else if m := r.CompactMetadataSnake; m != nil {
		ci.trigger = m.Trigger
		ci.pre = p.tokens(line, "compact_metadata.pre_tokens", m.PreTokens)
		ci.post = p.tokens(line, "compact_metadata.post_tokens", m.PostTokens)
		if m.PreservedSegment != nil {
			ci.head, ci.anchor, ci.tail = m.PreservedSegment.HeadUUID, m.PreservedSegment.AnchorUUID, m.PreservedSegment.TailUUID
		}
	}
	return ci
}

// tokens checks a recorded token count (see tokenCount) and warns about a bad one.
func (p *ccParser) tokens(line int, field string, raw []byte) int {
	n, problem := tokenCount(raw)
	if problem != "" {
		p.warnf("line %d: %s: %s; it is treated as not recorded", line, field, problem)
	}
	return n
}
