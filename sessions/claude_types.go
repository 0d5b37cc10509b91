package sessions

import "encoding/json"

// ccLine is one record, decoded into just the fields the reader uses. The json tags
// serve the encoding/json reference decoder of the tests; ccDecode fills the same
// fields in one pass.
type ccLine struct {
	Type                      string  `json:"type"`
	Subtype                   string  `json:"subtype"`
	UUID                      string  `json:"uuid"`
	ParentUUID                *string `json:"parentUuid"`
	LogicalParentUUID         *string `json:"logicalParentUuid"`
	SessionID                 string  `json:"sessionId"`
	Timestamp                 string  `json:"timestamp"`
	IsSidechain               bool    `json:"isSidechain"`
	IsMeta                    bool    `json:"isMeta"`
	IsCompactSummary          bool    `json:"isCompactSummary"`
	IsVisibleInTranscriptOnly bool    `json:"isVisibleInTranscriptOnly"`
	TeamName                  string  `json:"teamName"`
	Operation                 string  `json:"operation"`
	SourceToolUseID           string  `json:"sourceToolUseID"`
	// PlanContent is set on the user line Claude Code writes when the user accepts a
	// plan ("Implement the following plan: …"): the agent's plan, approved.
	PlanContent          string          `json:"planContent"`
	Content              json.RawMessage `json:"content"`
	Message              *ccMessage      `json:"message"`
	CompactMetadata      *ccCompact      `json:"compactMetadata"`
	CompactMetadataSnake *ccCompactSn    `json:"compact_metadata"`
	MicrocompactMetadata *ccMicro        `json:"microcompactMetadata"`
	Attachment           *ccAttach       `json:"attachment"`
	SessionIDSnake       string          `json:"session_id"`
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
	Source    *ccSource       `json:"source"`
}

type ccSource struct {
	Type      string `json:"type"`
	MediaType string `json:"media_type"`
}

// ccCompact is compactMetadata. Token counts stay raw: they are range-checked when
// used (a bad one is a warning, not a broken file).
type ccCompact struct {
	Trigger           string           `json:"trigger"`
	PreTokens         json.RawMessage  `json:"preTokens"`
	PostTokens        json.RawMessage  `json:"postTokens"`
	UserContext       string           `json:"userContext"`
	PreservedSegment  *ccSegment       `json:"preservedSegment"`
	PreservedMessages *ccPreservedMsgs `json:"preservedMessages"`
}

type ccSegment struct {
	HeadUUID   string `json:"headUuid"`
	AnchorUUID string `json:"anchorUuid"`
	TailUUID   string `json:"tailUuid"`
}

type ccPreservedMsgs struct {
	AnchorUUID string   `json:"anchorUuid"`
	UUIDs      []string `json:"uuids"`
}

// ccCompactSn is the snake_case (SDK stream) spelling of compactMetadata.
type ccCompactSn struct {
	Trigger          string          `json:"trigger"`
	PreTokens        json.RawMessage `json:"pre_tokens"`
	PostTokens       json.RawMessage `json:"post_tokens"`
	PreservedSegment *ccSegmentSn    `json:"preserved_segment"`
}

type ccSegmentSn struct {
	HeadUUID   string `json:"head_uuid"`
	AnchorUUID string `json:"anchor_uuid"`
	TailUUID   string `json:"tail_uuid"`
}

type ccMicro struct {
	Trigger          string          `json:"trigger"`
	PreTokens        json.RawMessage `json:"preTokens"`
	TokensSaved      json.RawMessage `json:"tokensSaved"`
	CompactedToolIDs []string        `json:"compactedToolIds"`
}

// ccAttach is an attachment record's payload: a prompt typed while the agent
// worked (queued_command), a hook's additionalContext, an injected CLAUDE.md or
// AGENTS.md (nested_memory, instructions). It is decoded leniently: a field of an
// unexpected type is left empty (attachments are many kinds this reader ignores).
type ccAttach struct {
	Type        string          `json:"type"`
	Prompt      *ccContent      `json:"prompt"`
	CommandMode string          `json:"commandMode"`
	Origin      *ccOrigin       `json:"origin"`
	IsMeta      bool            `json:"isMeta"`
	HookName    string          `json:"hookName"`
	HookEvent   string          `json:"hookEvent"`
	Content     json.RawMessage `json:"content"`
	Path        string          `json:"path"`
	Files       []ccAttFile     `json:"files"`
}

type ccOrigin struct {
	Kind string `json:"kind"`
}

type ccAttFile struct {
	Path    string `json:"path"`
	Type    string `json:"type"`
	Content string `json:"content"`
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
	micro      *ccMicroInfo
	at         string
	msgs       []ccMsg
	text       string // the summary's text, for compact summary lines
	compact    *ccCompactInfo
	cmd        *ccCommand // a slash command the user ran (<command-name>)
}

type ccMsg struct {
	Message
	toolUseID string
}

type ccCompactInfo struct {
	trigger        string
	pre, post      int
	userContext    string
	head, anchor   string
	tail           string
	preservedUUIDs []string
}

// ccMicroInfo is what a microcompaction line records (copied out of the line).
type ccMicroInfo struct {
	trigger        string
	cleared, saved int
}

// ccCommand is a slash command line: <command-name>/x</command-name> and its
// <command-args>.
type ccCommand struct {
	name, args string
}
