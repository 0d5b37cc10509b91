package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
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
//     Sidechain (subagent) lines, isMeta lines, harness text (<command-name>, Caveat:,
//     interruptions), system notes, attachments and progress lines stay out of the
//     messages (a file that holds only a subagent's transcript is read as the
//     conversation); "summary" title lines and unknown record types are ignored.
//   - Damage is reported in Session.Warnings and what is present is still read: a
//     parentUuid not in the file (the chain goes on with the line before it), a
//     logicalParentUuid not in the file (a session resumed from an earlier file: the
//     lines before the boundary in file order are its segment, and a summary with no
//     sources here becomes a system message the next round is audited against), a
//     microcompaction (no summary, so no round). A cycle in parentUuid is an error.
//   - Lines are decoded with the one-pass scanner of claude_decode.go; the json tags
//     and ccContent.UnmarshalJSON serve the encoding/json reference in its test.
//   - Message ids are m1, m2, ... in chain order, numbered as the native format numbers
//     them (a tool call is named after its output: m7.call; see renumberMessages);
//     Line is the file line.

// ccLine is one record, decoded into just the fields the reader uses.
type ccLine struct {
	Type                      string       `json:"type"`
	Subtype                   string       `json:"subtype"`
	UUID                      string       `json:"uuid"`
	ParentUUID                *string      `json:"parentUuid"`
	LogicalParentUUID         *string      `json:"logicalParentUuid"`
	SessionID                 string       `json:"sessionId"`
	Timestamp                 string       `json:"timestamp"`
	IsSidechain               bool         `json:"isSidechain"`
	IsMeta                    bool         `json:"isMeta"`
	IsCompactSummary          bool         `json:"isCompactSummary"`
	IsVisibleInTranscriptOnly bool         `json:"isVisibleInTranscriptOnly"`
	TeamName                  string       `json:"teamName"`
	Message                   *ccMessage   `json:"message"`
	CompactMetadata           *ccCompact   `json:"compactMetadata"`
	CompactMetadataSnake      *ccCompactSn `json:"compact_metadata"`
	MicrocompactMetadata      *ccMicro     `json:"microcompactMetadata"`
	SessionIDSnake            string       `json:"session_id"`
}

type ccMessage struct {
	Role    string    `json:"role"`
	Content ccContent `json:"content"`
}

// ccContent is message content: a string or a list of blocks.
type ccContent struct {
	Str    string
	IsStr  bool
	Blocks []ccBlock
}

func (c *ccContent) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		c.IsStr = true
		return json.Unmarshal(b, &c.Str)
	}
	if len(b) > 0 && b[0] == 'n' { // null
		return nil
	}
	return json.Unmarshal(b, &c.Blocks)
}

type ccBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   *ccContent      `json:"content"`
	IsError   bool            `json:"is_error"`
	Source    *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
	} `json:"source"`
}

type ccCompact struct {
	Trigger          string  `json:"trigger"`
	PreTokens        float64 `json:"preTokens"`
	PostTokens       float64 `json:"postTokens"`
	PreservedSegment *struct {
		HeadUUID   string `json:"headUuid"`
		AnchorUUID string `json:"anchorUuid"`
		TailUUID   string `json:"tailUuid"`
	} `json:"preservedSegment"`
	PreservedMessages *struct {
		AnchorUUID string   `json:"anchorUuid"`
		UUIDs      []string `json:"uuids"`
	} `json:"preservedMessages"`
}

// ccCompactSn is the snake_case (SDK stream) spelling of compactMetadata.
type ccCompactSn struct {
	Trigger          string  `json:"trigger"`
	PreTokens        float64 `json:"pre_tokens"`
	PostTokens       float64 `json:"post_tokens"`
	PreservedSegment *struct {
		HeadUUID   string `json:"head_uuid"`
		AnchorUUID string `json:"anchor_uuid"`
		TailUUID   string `json:"tail_uuid"`
	} `json:"preserved_segment"`
}

type ccMicro struct {
	Trigger          string   `json:"trigger"`
	PreTokens        float64  `json:"preTokens"`
	TokensSaved      float64  `json:"tokensSaved"`
	CompactedToolIDs []string `json:"compactedToolIds"`
}

// ccKind is what a line is, for the chain.
type ccKind uint8

const (
	ccOther ccKind = iota
	ccUser
	ccAssistant
	ccSystem
	ccAttachment
	ccProgress
	ccUnknown
)

// ccEntry is a decoded chain line, without the raw text.
type ccEntry struct {
	line       int
	kind       ccKind
	uuid       string
	parent     string
	logical    string
	hasLogical bool
	sidechain  bool
	meta       bool
	team       bool
	summary    bool // isCompactSummary
	visOnly    bool // isVisibleInTranscriptOnly
	boundary   bool // compact_boundary
	micro      *ccMicro
	at         string
	msgs       []ccMsg
	text       string // the summary's text, for compact summary lines
	compact    *ccCompactInfo
}

type ccMsg struct {
	Message
	toolUseID string
}

type ccCompactInfo struct {
	trigger        string
	pre, post      int
	head, anchor   string
	tail           string
	preservedUUIDs []string
}

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
					if e := bad.bad(lines.line, te.Error()); e != nil {
						return nil, e
					}
				}
				continue // a record type this reader does not use: ignored
			}
			if e := bad.bad(lines.line, err.Error()); e != nil {
				return nil, e
			}
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
			e.compact = &ccCompactInfo{}
			if m := r.CompactMetadata; m != nil {
				e.compact.trigger, e.compact.pre, e.compact.post = m.Trigger, int(m.PreTokens), int(m.PostTokens)
				if m.PreservedSegment != nil {
					e.compact.head, e.compact.anchor, e.compact.tail = m.PreservedSegment.HeadUUID, m.PreservedSegment.AnchorUUID, m.PreservedSegment.TailUUID
				}
				if m.PreservedMessages != nil {
					e.compact.preservedUUIDs = m.PreservedMessages.UUIDs
					if e.compact.anchor == "" {
						e.compact.anchor = m.PreservedMessages.AnchorUUID
					}
				}
			} else if m := r.CompactMetadataSnake; m != nil {
				e.compact.trigger, e.compact.pre, e.compact.post = m.Trigger, int(m.PreTokens), int(m.PostTokens)
				if m.PreservedSegment != nil {
					e.compact.head, e.compact.anchor, e.compact.tail = m.PreservedSegment.HeadUUID, m.PreservedSegment.AnchorUUID, m.PreservedSegment.TailUUID
				}
			}
			if !e.hasLogical && e.parent != "" {
				// a writer that links the boundary to the old chain by parentUuid
				e.logical, e.hasLogical, e.parent = e.parent, true, ""
			}
		case "microcompact_boundary":
			e.micro = r.MicrocompactMetadata
			if e.micro == nil {
				e.micro = &ccMicro{}
			}
		}
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
	p.messages(&e, c)
	return e, true
}

// contentText joins the text of string-or-blocks content.
func contentText(c *ccContent) string {
	if c.IsStr {
		return c.Str
	}
	var parts []string
	for _, b := range c.Blocks {
		if b.Type == "text" && b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n\n")
}

// harnessPrefixes start user text the CLI writes itself (slash commands, their output,
// caveats, interruptions): not a human prompt.
var harnessPrefixes = []string{"<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>", "<local-command-stderr>", "Caveat:", "[Request interrupted by user", "<system-reminder>", "<user-prompt-submit-hook>"}

func isHarnessText(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	for _, p := range harnessPrefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	// the files the CLI re-attaches after a compaction
	for _, p := range [][2]string{{"Called the ", " tool with the following input:"}, {"Result of calling the ", " tool:"}} {
		if rest, ok := strings.CutPrefix(t, p[0]); ok {
			if i := strings.Index(rest, p[1]); i > 0 && !strings.ContainsAny(rest[:i], " \n") {
				return true
			}
		}
	}
	return false
}

// messages converts a user or assistant line's content to messages.
func (p *ccParser) messages(e *ccEntry, c *ccContent) {
	role := RoleUser
	if e.kind == ccAssistant {
		role = RoleAssistant
	}
	add := func(m ccMsg) {
		m.At, m.Line = e.at, e.line
		e.msgs = append(e.msgs, m)
	}
	if c.IsStr {
		if strings.TrimSpace(c.Str) != "" && !(role == RoleUser && isHarnessText(c.Str)) {
			add(ccMsg{Message: Message{Role: role, Text: c.Str}})
		}
		return
	}
	var text []string
	flush := func() {
		if len(text) > 0 {
			add(ccMsg{Message: Message{Role: role, Text: strings.Join(text, "\n\n")}})
			text = text[:0]
		}
	}
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case "text":
			if strings.TrimSpace(b.Text) == "" || (role == RoleUser && isHarnessText(b.Text)) {
				continue
			}
			text = append(text, b.Text)
		case "tool_use", "server_tool_use":
			flush()
			if b.ID != "" {
				p.toolName[b.ID] = b.Name
			}
			add(ccMsg{Message: Message{Role: RoleAssistant, Kind: KindToolCall, Name: b.Name, Text: renderToolCall(b.Name, b.Input)}, toolUseID: b.ID})
		case "tool_result":
			flush()
			t := ""
			if b.Content != nil {
				t = toolResultText(b.Content)
			}
			add(ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Text: t, IsError: b.IsError}, toolUseID: b.ToolUseID})
		case "thinking":
			flush()
			if strings.TrimSpace(b.Thinking) != "" {
				add(ccMsg{Message: Message{Role: RoleAssistant, Kind: KindThinking, Text: b.Thinking}})
			}
		case "redacted_thinking":
			// encrypted: nothing readable, and not a loss a summary could make good
		case "image", "document":
			flush()
			add(ccMsg{Message: Message{Role: role, Kind: KindImage, Text: mediaPlaceholder(b)}})
		}
	}
	flush()
}

func mediaPlaceholder(b *ccBlock) string {
	mt := ""
	if b.Source != nil {
		mt = b.Source.MediaType
	}
	if mt == "" {
		return "[" + b.Type + "]"
	}
	return "[" + b.Type + ": " + mt + "]"
}

// toolResultText is a tool_result's content: its text blocks, and a placeholder
// for each image.
func toolResultText(c *ccContent) string {
	if c.IsStr {
		return c.Str
	}
	var parts []string
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case "text":
			parts = append(parts, b.Text)
		case "image", "document":
			parts = append(parts, mediaPlaceholder(b))
		}
	}
	return strings.Join(parts, "\n")
}

// isChainKind reports whether an entry takes part in the conversation chain.
func (e *ccEntry) isChainKind() bool { return e.kind != ccOther }

// isMessageKind reports whether an entry can be a leaf (a user or assistant line).
func (e *ccEntry) isMessageKind() bool { return e.kind == ccUser || e.kind == ccAssistant }

// relink is a partial compaction's splice: the preserved segment's head hangs off
// the anchor after the compaction.
type relink struct {
	boundary int // entry index of the boundary that set it
	anchor   string
}

// chainWalker walks parentUuid links.
type chainWalker struct {
	p       *ccParser
	relinks map[string][]relink
}

// walk follows parentUuid from entry start up to a root: a compact_boundary (included),
// a line with no parent, or a parent that is not in the file (reported). Relinks set
// by boundaries before limit (entry index; -1 for all) apply. It returns the entries
// in chain order (oldest first) and the root's index (-1 when the chain was cut).
func (w *chainWalker) walk(start, limit int) ([]int, int, error) {
	p := w.p
	var rev []int
	seen := map[int]bool{}
	cur := start
	for {
		if seen[cur] {
			e := &p.entries[cur]
			return nil, -1, &InputError{Path: p.path, Line: e.line, Msg: fmt.Sprintf("cycle in the parentUuid chain: %s leads back to itself", e.uuid)}
		}
		seen[cur] = true
		rev = append(rev, cur)
		e := &p.entries[cur]
		if e.boundary {
			break
		}
		if _, isSum := p.boundaryOf[cur]; isSum && e.parent != "" {
			if b, ok := p.byUUID[e.parent]; !ok || !p.entries[b].boundary {
				break // a summary linked elsewhere than its boundary ends the segment
			}
		}
		parent := e.parent
		if rl := w.relinkFor(e.uuid, limit); rl != "" {
			parent = rl
		}
		if parent == "" {
			break
		}
		next, ok := p.byUUID[parent]
		if !ok {
			// A dangling parent: go on with the line before it in file order, so what
			// is present is still read.
			prev := p.prevMainEntry(cur)
			if prev < 0 {
				p.warnf("line %d: parentUuid %s is not in this file; the chain starts there", e.line, parent)
				cur = -1
				break
			}
			p.warnf("line %d: parentUuid %s is not in this file; the chain goes on with line %d, the line before it", e.line, parent, p.entries[prev].line)
			next = prev
		}
		cur = next
	}
	out := make([]int, len(rev))
	for i, x := range rev {
		out[len(rev)-1-i] = x
	}
	if cur < 0 {
		return out, -1, nil
	}
	return out, rev[len(rev)-1], nil
}

// rootBoundary maps a segment root that is a compaction summary to its boundary.
func (p *ccParser) rootBoundary(root int) int {
	if b, ok := p.boundaryOf[root]; ok && root >= 0 {
		return b
	}
	return root
}

func (w *chainWalker) relinkFor(uuid string, limit int) string {
	best, anchor := -1, ""
	for _, r := range w.relinks[uuid] {
		if (limit < 0 || r.boundary < limit) && r.boundary > best {
			best, anchor = r.boundary, r.anchor
		}
	}
	return anchor
}

// leaf picks the end of the active chain: among lines no line names as parent, walk up
// to the nearest user or assistant line; prefer main-chain, non-meta, non-team lines;
// take the latest in file order.
func (p *ccParser) leaf() int {
	hasChild := make(map[string]bool, len(p.entries))
	for i := range p.entries {
		if pu := p.entries[i].parent; pu != "" {
			hasChild[pu] = true
		}
	}
	best, bestRank := -1, -1
	for i := range p.entries {
		e := &p.entries[i]
		if !e.isChainKind() || hasChild[e.uuid] || e.sidechain {
			continue
		}
		// walk up to the nearest user/assistant line
		cur, steps := i, 0
		for cur >= 0 && !p.entries[cur].isMessageKind() && steps < len(p.entries) {
			pu := p.entries[cur].parent
			if pu == "" {
				cur = -1
				break
			}
			next, ok := p.byUUID[pu]
			if !ok {
				cur = -1
				break
			}
			cur, steps = next, steps+1
		}
		if cur < 0 || !p.entries[cur].isMessageKind() {
			continue
		}
		l := &p.entries[cur]
		rank := 0
		if !l.sidechain && !l.meta && !l.team {
			rank = 1
		}
		if rank > bestRank || (rank == bestRank && cur > best) {
			best, bestRank = cur, rank
		}
	}
	if best < 0 {
		// No line ends a chain (every line is someone's parent: a cycle): start from
		// the last main-chain message line, and let the walk report the cycle.
		for i := len(p.entries) - 1; i >= 0; i-- {
			if e := &p.entries[i]; e.isMessageKind() && !e.sidechain {
				return i
			}
		}
	}
	return best
}

// build orders the chain, finds the rounds and assembles the session.
func (p *ccParser) build() (*Session, error) {
	s := &Session{Format: ClaudeFormat, Path: p.path, ID: p.session}
	if len(p.entries) == 0 {
		return nil, &InputError{Path: p.path, Line: 1, Msg: "no conversation records (user, assistant or system lines with a uuid)"}
	}
	// Resolve tool names now that every tool_use has been seen.
	for i := range p.entries {
		for j := range p.entries[i].msgs {
			m := &p.entries[i].msgs[j]
			if m.Role == RoleTool && m.Name == "" {
				m.Name = p.toolName[m.toolUseID]
			}
		}
	}
	w := &chainWalker{p: p, relinks: map[string][]relink{}}
	summaryOf := map[int]int{} // boundary entry -> summary entry
	for i := range p.entries {
		e := &p.entries[i]
		if e.boundary && e.compact != nil && e.compact.head != "" && e.compact.anchor != "" {
			w.relinks[e.compact.head] = append(w.relinks[e.compact.head], relink{boundary: i, anchor: e.compact.anchor})
		}
		if e.kind == ccUser && !e.sidechain && e.parent != "" {
			if b, ok := p.byUUID[e.parent]; ok && p.entries[b].boundary {
				isSum := e.summary || (e.text == "" && len(e.msgs) == 1 && strings.HasPrefix(strings.TrimSpace(e.msgs[0].Text), "This session is being continued from a previous conversation"))
				if _, has := summaryOf[b]; !has && isSum {
					if !e.summary { // text-prefix fallback: the line was read as a message
						e.summary, e.text, e.msgs = true, e.msgs[0].Text, nil
					}
					summaryOf[b] = i
				}
			}
		}
		if e.micro != nil && !e.sidechain {
			m := e.micro
			p.warnf("line %d: microcompaction (trigger %q) cleared %d old tool results, saving %d tokens; it writes no summary, so there is no round to audit", e.line, m.Trigger, len(m.CompactedToolIDs), int(m.TokensSaved))
		}
	}
	// A summary line that does not hang off its boundary: take the first unclaimed
	// isCompactSummary line that follows the boundary closely in file order.
	claimed := map[int]bool{}
	for _, si := range summaryOf {
		claimed[si] = true
	}
	for i := range p.entries {
		if e := &p.entries[i]; !e.boundary || e.sidechain {
			continue
		}
		if _, ok := summaryOf[i]; ok {
			continue
		}
		for j := i + 1; j < len(p.entries) && j <= i+8; j++ {
			if f := &p.entries[j]; f.summary && !f.sidechain && !claimed[j] {
				summaryOf[i], claimed[j] = j, true
				break
			}
			if p.entries[j].boundary {
				break
			}
		}
	}
	p.boundaryOf = map[int]int{}
	for b, si := range summaryOf {
		p.boundaryOf[si] = b
	}
	// A summary with no boundary (older builds began the next file with it): its
	// sources are elsewhere, so it is kept as a system message, which the next round
	// here is audited against.
	for i := range p.entries {
		e := &p.entries[i]
		if _, ok := p.boundaryOf[i]; ok || e.sidechain || e.kind != ccUser {
			continue
		}
		text := e.text
		if !e.summary {
			if e.parent != "" || len(e.msgs) != 1 || !strings.HasPrefix(strings.TrimSpace(e.msgs[0].Text), "This session is being continued from a previous conversation") {
				continue
			}
			text = e.msgs[0].Text
		}
		p.warnf("line %d: a compaction summary with no compact_boundary; its sources are not in this file, so it is kept as a system message", e.line)
		e.summary, e.visOnly = false, false
		e.msgs = []ccMsg{{Message: Message{Role: RoleSystem, Name: "compact_summary", Text: text, At: e.at, Line: e.line}}}
	}
	// Walk the chain back from the leaf, then through each boundary's logicalParentUuid.
	leaf := p.leaf()
	var segments [][]int // oldest first
	var bounds []int     // boundary entry index per segment after the first
	if leaf >= 0 {
		seg, root, err := w.walk(leaf, -1)
		if err != nil {
			return nil, err
		}
		segments = append(segments, seg)
		cur := p.rootBoundary(root)
		if cur < 0 {
			// The active chain is cut (a parent not in the file): take the rounds from
			// the last main-chain boundary before the leaf in file order.
			if last := p.lastBoundaryBefore(leaf); last >= 0 {
				p.warnf("the active chain is cut before it reaches the compaction at line %d; the rounds are taken from there", p.entries[last].line)
				cur = last
			}
		} else if !p.entries[cur].boundary {
			if n := p.countBoundaries(); n > 0 {
				p.warnf("%d compaction boundaries are not on the active chain (an abandoned branch?) and are not audited", n)
			}
		}
		seenB := map[int]bool{}
		for cur >= 0 && p.entries[cur].boundary {
			if seenB[cur] {
				return nil, &InputError{Path: p.path, Line: p.entries[cur].line, Msg: "cycle through logicalParentUuid links"}
			}
			seenB[cur] = true
			bounds = append([]int{cur}, bounds...)
			b := &p.entries[cur]
			var seg []int
			next := -1
			if l, ok := p.byUUID[b.logical]; ok && b.logical != "" {
				var err error
				seg, next, err = w.walk(l, cur)
				if err != nil {
					return nil, err
				}
			} else {
				if b.hasLogical && b.logical != "" {
					p.warnf("line %d: compact boundary's logicalParentUuid %s is not in this file (the session may continue an earlier file); the lines before it in file order are taken as its segment", b.line, b.logical)
				} else {
					p.warnf("line %d: compact boundary has no logicalParentUuid; the lines before it in file order are taken as its segment", b.line)
				}
				seg, next = p.fileOrderSegment(cur)
			}
			segments = append([][]int{seg}, segments...)
			cur = p.rootBoundary(next)
		}
	}
	return p.assemble(s, segments, bounds, summaryOf)
}

// lastBoundaryBefore is the last main-chain compact_boundary entry before index end.
func (p *ccParser) lastBoundaryBefore(end int) int {
	for i := end - 1; i >= 0; i-- {
		if p.entries[i].boundary && !p.entries[i].sidechain {
			return i
		}
	}
	return -1
}

// prevMainEntry is the main-chain entry before entry i in file order, or -1.
func (p *ccParser) prevMainEntry(i int) int {
	for j := i - 1; j >= 0; j-- {
		if !p.entries[j].sidechain && p.entries[j].isChainKind() {
			return j
		}
	}
	return -1
}

// countBoundaries counts the main-chain compact_boundary lines.
func (p *ccParser) countBoundaries() int {
	n := 0
	for i := range p.entries {
		if p.entries[i].boundary && !p.entries[i].sidechain {
			n++
		}
	}
	return n
}

// fileOrderSegment is the fallback segment of boundary b: the main-chain entries
// between the previous boundary (in file order) and b, with that boundary as root.
func (p *ccParser) fileOrderSegment(b int) ([]int, int) {
	prev := p.lastBoundaryBefore(b)
	var seg []int
	if prev >= 0 {
		seg = append(seg, prev)
	}
	for i := prev + 1; i < b; i++ {
		if !p.entries[i].sidechain {
			seg = append(seg, i)
		}
	}
	return seg, prev
}

// assemble emits messages segment by segment and one compaction per boundary.
func (p *ccParser) assemble(s *Session, segments [][]int, bounds []int, summaryOf map[int]int) (*Session, error) {
	emitted := map[string]bool{}
	pairKey := map[int]string{}
	idsOf := func(ei int) []string {
		e := &p.entries[ei]
		ids := make([]string, len(e.msgs))
		for j := range e.msgs {
			if j == 0 {
				ids[j] = e.uuid
			} else {
				ids[j] = fmt.Sprintf("%s#%d", e.uuid, j+1)
			}
		}
		return ids
	}
	emit := func(ei int) []string {
		e := &p.entries[ei]
		if e.sidechain || e.meta || e.visOnly || e.summary || len(e.msgs) == 0 {
			return nil
		}
		ids := idsOf(ei)
		if !emitted[e.uuid] {
			emitted[e.uuid] = true
			for j := range e.msgs {
				m := e.msgs[j].Message
				m.ID = ids[j]
				if k := e.msgs[j].toolUseID; k != "" {
					pairKey[len(s.Messages)] = k
				}
				s.Messages = append(s.Messages, m)
			}
		}
		return ids
	}
	prevComp := ""
	round := 0
	for k, seg := range segments {
		var boundary = -1
		if k < len(bounds) {
			boundary = bounds[k]
		}
		var preserved map[string]bool
		if boundary >= 0 {
			preserved = p.preservedSet(boundary)
		}
		var sources, kept []string
		if prevComp != "" {
			sources = append(sources, prevComp)
		}
		for _, ei := range seg {
			ids := emit(ei)
			if boundary < 0 {
				continue
			}
			if preserved[p.entries[ei].uuid] {
				kept = append(kept, ids...)
				continue
			}
			sources = append(sources, ids...)
		}
		if boundary < 0 {
			continue
		}
		b := &p.entries[boundary]
		si, ok := summaryOf[boundary]
		if !ok {
			p.warnf("line %d: compact boundary has no isCompactSummary line after it; there is no summary to audit for it", b.line)
			continue
		}
		sum := &p.entries[si]
		if len(sources) == 0 {
			// Nothing this summary replaced is in the file (a session resumed from an
			// earlier file): keep its text as a system message, so the next round is
			// audited against it.
			p.warnf("line %d: none of the messages the compaction at line %d replaced are in this file; its summary is kept as a system message and not audited as a round", sum.line, b.line)
			sum.summary, sum.visOnly = false, false
			sum.msgs = []ccMsg{{Message: Message{Role: RoleSystem, Name: "compact_summary", Text: sum.text, At: sum.at, Line: sum.line}}}
			if k+1 < len(segments) {
				if !containsInt(segments[k+1], si) {
					segments[k+1] = append([]int{si}, segments[k+1]...)
				}
			} else {
				emit(si)
			}
			prevComp = ""
			continue
		}
		round++
		c := Compaction{ID: fmt.Sprintf("c%d", round), Round: round, Parent: prevComp, Sources: sources, Summary: sum.text,
			At: b.at, Line: b.line, Preserved: kept}
		if b.compact != nil {
			c.Trigger, c.PreTokens, c.PostTokens = b.compact.trigger, b.compact.pre, b.compact.post
		}
		s.Compactions = append(s.Compactions, c)
		prevComp = c.ID
	}
	s.Warnings = p.warn
	renumberMessages(s, pairKey)
	s.Index()
	if err := Validate(s, func(kind string, i int) (int, int) {
		switch kind {
		case "messages":
			if i < len(s.Messages) {
				return s.Messages[i].Line, 0
			}
		case "compactions":
			if i < len(s.Compactions) {
				return s.Compactions[i].Line, 0
			}
		}
		return 0, 0
	}); err != nil {
		return nil, err
	}
	return s, nil
}

// preservedSet lists the uuids a partial compaction kept verbatim: preservedMessages'
// uuids and the preservedSegment from tail back to head.
func (p *ccParser) preservedSet(b int) map[string]bool {
	ci := p.entries[b].compact
	if ci == nil || (ci.tail == "" && len(ci.preservedUUIDs) == 0) {
		return nil
	}
	set := map[string]bool{}
	for _, u := range ci.preservedUUIDs {
		set[u] = true
	}
	if ci.tail != "" && ci.head != "" {
		cur, ok := p.byUUID[ci.tail]
		found := false
		for steps := 0; ok && steps <= len(p.entries); steps++ {
			e := &p.entries[cur]
			set[e.uuid] = true
			if e.uuid == ci.head {
				found = true
				break
			}
			if e.parent == "" {
				break
			}
			cur, ok = p.byUUID[e.parent]
		}
		if !found {
			p.warnf("line %d: preservedSegment %s..%s is not a chain in this file; only preservedMessages are treated as kept", p.entries[b].line, ci.head, ci.tail)
			set = map[string]bool{}
			for _, u := range ci.preservedUUIDs {
				set[u] = true
			}
		}
	}
	return set
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
