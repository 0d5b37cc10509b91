package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ArrayFormat names the plain message array reader: an OpenAI Chat Completions
// messages array, an Anthropic Messages array (content blocks), or an OpenAI Responses
// input array, bare or as {"messages": [...]} (or a Responses request's {"input": [...]}).
const ArrayFormat = "message array (OpenAI chat / Anthropic messages)"

func init() {
	RegisterReader(Reader{Name: ArrayFormat, Priority: 10, Sniff: sniffArray, Parse: parseArray, ParseStream: parseArrayFile})
}

// summaryPrefixes start the text of a message that carries a compaction summary. They
// are the leading sentences real compactors write (Claude Code, Codex, the DCP plugin)
// and the common hand-written forms; matched case-insensitively after trimming.
var summaryPrefixes = []string{
	"This session is being continued from a previous conversation",
	"Context checkpoint",
	"<summary>",
	"Another language model started to solve this problem",
	"[Compressed conversation section]",
	"[Conversation summary]",
	"Conversation summary:",
	"Summary of the conversation so far",
	"Summary of the earlier conversation",
	"Summary of earlier conversation",
	"Summary of the previous conversation",
	"Previous conversation summary",
}

// looksLikeSummaryText reports whether text starts like a compaction summary.
func looksLikeSummaryText(text string) bool {
	t := strings.TrimSpace(text)
	for _, p := range summaryPrefixes {
		if len(t) >= len(p) && strings.EqualFold(t[:len(p)], p) {
			return true
		}
	}
	return false
}

// sniffArray claims a JSON array whose first element is a chat message or Responses
// item, or an object whose "messages" array starts with one (and that is neither a
// native session nor an OpenCode export).
func sniffArray(data []byte) bool {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return false
	}
	if isMessageJSONL(t) {
		return true
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('['):
		return dec.More() && firstElementIsMessage(dec)
	case json.Delim('{'):
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return false
			}
			switch kt {
			case "compactions", "compaudit":
				return false
			case "messages", "input":
				if t, err := dec.Token(); err != nil || t != json.Delim('[') {
					return false
				}
				return dec.More() && firstElementIsMessage(dec)
			default:
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return false
				}
			}
		}
	}
	return false
}

// isMessageJSONL reports whether data is JSON Lines whose first record is a chat
// message (one message per line).
func isMessageJSONL(data []byte) bool {
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || !bytes.HasPrefix(bytes.TrimSpace(rest), []byte("{")) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(append(append([]byte("["), first...), ']')))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return false
	}
	return firstElementIsMessage(dec)
}

func firstElementIsMessage(dec *json.Decoder) bool {
	var first map[string]json.RawMessage
	if err := dec.Decode(&first); err != nil {
		// A file cut short inside its first element: claim it if it looks like chat, so
		// the reader can say where it ends.
		rest, _ := io.ReadAll(dec.Buffered())
		return errors.Is(err, io.ErrUnexpectedEOF) && bytes.Contains(rest, []byte(`"role"`))
	}
	if _, ok := first["info"]; ok {
		return false // an OpenCode export: {info, parts}
	}
	if _, ok := first["role"]; ok {
		_, hasContent := first["content"]
		_, hasCalls := first["tool_calls"]
		return hasContent || hasCalls
	}
	var typ string
	if raw, ok := first["type"]; ok && json.Unmarshal(raw, &typ) == nil {
		switch typ {
		case "message", "function_call", "function_call_output", "reasoning", "compaction", "compaction_summary":
			return true
		}
		if _, ok := langChainRoles[typ]; ok {
			_, hasData := first["data"]
			return hasData
		}
	}
	return false
}

// chatElement is one element of a message array, in any of the supported dialects.
type chatElement struct {
	ID         json.RawMessage `json:"id"`
	Role       string          `json:"role"`
	Type       string          `json:"type"`
	Name       string          `json:"name"`
	Content    chatContent     `json:"content"`
	ToolCalls  []chatToolCall  `json:"tool_calls"`
	ToolCallID string          `json:"tool_call_id"`
	// Legacy OpenAI function calling.
	FunctionCall *chatFunction `json:"function_call"`
	// OpenAI Responses items.
	CallID           string          `json:"call_id"`
	Arguments        jsonText        `json:"arguments"`
	Output           json.RawMessage `json:"output"`
	Summary          json.RawMessage `json:"summary"`
	EncryptedContent *string         `json:"encrypted_content"`
	// Explicit compaction-summary flags used by various tools.
	IsCompactSummary bool            `json:"isCompactSummary"`
	IsSummary        bool            `json:"is_summary"`
	IsSummaryCamel   bool            `json:"isSummary"`
	Compaction       json.RawMessage `json:"compaction"`
	Metadata         *struct {
		Summary          json.RawMessage `json:"summary"`
		IsSummary        bool            `json:"is_summary"`
		IsSummaryCamel   bool            `json:"isSummary"`
		IsCompactSummary bool            `json:"isCompactSummary"`
		Compaction       json.RawMessage `json:"compaction"`
		Type             string          `json:"type"`
		Kind             string          `json:"kind"`
	} `json:"metadata"`
	// Timestamps, when the file has them.
	Timestamp json.RawMessage `json:"timestamp"`
	CreatedAt json.RawMessage `json:"created_at"`
	At        json.RawMessage `json:"at"`
	// LangChain's messages_to_dict wraps each message as {"type": "human", "data": {...}}.
	Data json.RawMessage `json:"data"`
}

// langChainRoles maps LangChain message types to chat roles ("" for a ChatMessage,
// whose data carries its own role).
var langChainRoles = map[string]string{"human": "user", "ai": "assistant", "system": "system", "tool": "tool", "function": "function", "chat": ""}

// jsonText accepts a JSON string (OpenAI's arguments are a JSON document in a string)
// or any other JSON value, kept as its text.
type jsonText string

func (j *jsonText) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*j = jsonText(s)
		return nil
	}
	if string(bytes.TrimSpace(b)) == "null" {
		*j = ""
		return nil
	}
	*j = jsonText(b)
	return nil
}

type chatToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
	// LangChain's form: {"name", "args", "id"}.
	Name string   `json:"name"`
	Args jsonText `json:"args"`
}

// call returns the tool's name and arguments in either form.
func (tc chatToolCall) call() (string, string) {
	if tc.Function.Name != "" {
		return tc.Function.Name, string(tc.Function.Arguments)
	}
	return tc.Name, string(tc.Args)
}

type chatFunction struct {
	Name      string   `json:"name"`
	Arguments jsonText `json:"arguments"`
}

// chatBlock is one content part or block.
type chatBlock struct {
	Type             string          `json:"type"`
	Text             *jstr           `json:"text"`
	Thinking         jstr            `json:"thinking"`
	Refusal          string          `json:"refusal"`
	ID               string          `json:"id"`
	Name             string          `json:"name"`
	Input            json.RawMessage `json:"input"`
	ToolUseID        string          `json:"tool_use_id"`
	Content          json.RawMessage `json:"content"`
	IsError          bool            `json:"is_error"`
	EncryptedContent *string         `json:"encrypted_content"`
}

// decoded is what one element turned into.
type decoded struct {
	role, kind, name, text string
	isError                bool
	// summary is set when the element carries a compaction summary.
	summary *decodedSummary
}

type decodedSummary struct {
	text   string
	opaque bool
	// guessed is true when only a loose reading of a system message's opening marked it:
	// such a message is not taken for a summary when nothing came before it.
	guessed bool
	// rest is true when the element also holds an ordinary message (text besides the
	// compaction block).
	rest bool
}

// lineLocator locates messages and compactions by the Line their reader recorded.
func lineLocator(s *Session) Locator {
	return func(kind string, i int) (int, int) {
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
	}
}

// uniqueID returns base, or base with a numeric suffix, so that it is not in taken; it
// records the result in taken.
func uniqueID(base string, taken map[string]bool) string {
	id := base
	for n := 2; taken[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	taken[id] = true
	return id
}

// decodeElement turns one array element into a message and/or a summary.
func decodeElement(e chatElement, toolNames map[string]string) (decoded, error) {
	var d decoded
	switch e.Type {
	case "compaction", "compaction_summary":
		// OpenAI Responses compaction item: the summary is encrypted.
		enc := ""
		if e.EncryptedContent != nil {
			enc = *e.EncryptedContent
		}
		d.role = RoleSystem
		d.summary = &decodedSummary{text: enc, opaque: true}
		return d, nil
	case "function_call", "custom_tool_call":
		d.role, d.kind, d.name = RoleAssistant, KindToolCall, e.Name
		args := string(e.Arguments)
		if args == "" && e.Content.set() {
			args = e.Content.json()
		}
		d.text = callText(e.Name, args)
		if e.CallID != "" {
			toolNames[e.CallID] = e.Name
		}
		return d, nil
	case "function_call_output", "custom_tool_call_output":
		d.role, d.kind, d.name = RoleTool, KindToolResult, toolNames[e.CallID]
		d.text = blocksText(e.Output)
		return d, nil
	case "reasoning":
		d.role, d.kind = RoleAssistant, KindThinking
		d.text = blocksText(e.Summary)
		if strings.TrimSpace(d.text) == "" {
			d.text = e.Content.text()
		}
		return d, nil
	}
	switch e.Role {
	case "system", "developer":
		d.role = RoleSystem
	case "user", "human":
		d.role = RoleUser
	case "assistant", "ai", "model":
		d.role = RoleAssistant
	case "tool", "function":
		d.role, d.kind = RoleTool, KindToolResult
		d.name = e.Name
		if n, ok := toolNames[e.ToolCallID]; ok && d.name == "" {
			d.name = n
		}
	case "":
		return d, fmt.Errorf("message has no role")
	default:
		return d, fmt.Errorf("unknown role %q (want system, developer, user, assistant or tool)", shorten(e.Role, maxQuoted))
	}

	var parts []string
	var compaction *decodedSummary
	blocks, isArray := contentBlocks(e.Content.raw)
	toolResults, toolUses, thinking, other := 0, 0, 0, 0
	if !isArray {
		if t := e.Content.text(); strings.TrimSpace(t) != "" {
			other++
			parts = append(parts, t)
		}
	}
	for _, b := range blocks {
		switch b.Type {
		case "compaction":
			// Anthropic compaction block: readable content, or only encrypted metadata.
			if c := blocksText(b.Content); strings.TrimSpace(c) != "" {
				compaction = &decodedSummary{text: c}
			} else if b.EncryptedContent != nil && *b.EncryptedContent != "" {
				compaction = &decodedSummary{text: *b.EncryptedContent, opaque: true}
			}
			// A null content without encrypted data is a failed compaction: a no-op.
		case "tool_use", "server_tool_use":
			toolUses++
			toolNames[b.ID] = b.Name
			parts = append(parts, callText(b.Name, string(b.Input)))
		case "tool_result":
			toolResults++
			if d.name == "" {
				d.name = toolNames[b.ToolUseID]
			}
			if b.IsError {
				d.isError = true
			}
			parts = append(parts, blocksText(b.Content))
		case "thinking":
			thinking++
			parts = append(parts, string(b.Thinking))
		case "redacted_thinking":
			// encrypted reasoning: nothing readable
		case "image", "image_url", "input_image":
			other++
			parts = append(parts, "[image]")
		case "refusal":
			other++
			parts = append(parts, b.Refusal)
		default:
			other++
			if b.Text != nil {
				parts = append(parts, string(*b.Text))
			}
		}
	}
	for _, tc := range e.ToolCalls {
		toolUses++
		name, args := tc.call()
		toolNames[tc.ID] = name
		parts = append(parts, callText(name, args))
	}
	if e.FunctionCall != nil {
		toolUses++
		parts = append(parts, callText(e.FunctionCall.Name, string(e.FunctionCall.Arguments)))
	}
	d.text = joinNonEmpty(parts)
	switch {
	case toolResults > 0 && d.role == RoleUser:
		d.role, d.kind = RoleTool, KindToolResult
	case toolUses > 0 && other == 0 && thinking == 0 && d.role == RoleAssistant:
		d.kind = KindToolCall
		if toolUses == 1 {
			if len(e.ToolCalls) == 1 {
				d.name, _ = e.ToolCalls[0].call()
			}
			for _, b := range blocks {
				if b.Type == "tool_use" || b.Type == "server_tool_use" {
					d.name = b.Name
				}
			}
		}
	case thinking > 0 && other == 0 && toolUses == 0:
		d.kind = KindThinking
	}

	if compaction != nil {
		compaction.rest = strings.TrimSpace(d.text) != ""
		d.summary = compaction
		return d, nil
	}
	if flaggedSummary(e) {
		d.summary = &decodedSummary{text: d.text}
	} else if (d.role == RoleSystem || d.role == RoleUser) && looksLikeSummaryText(d.text) {
		d.summary = &decodedSummary{text: d.text}
	} else if d.role == RoleSystem && mentionsSummary(d.text) {
		d.summary = &decodedSummary{text: d.text, guessed: true}
	}
	if d.summary != nil {
		d.summary.text = unwrapSummaryTag(d.summary.text)
		d.summary.opaque = LooksOpaque(d.summary.text)
	}
	return d, nil
}

// summaryNames are message names and metadata types that mark a summary.
var summaryNames = map[string]bool{"summary": true, "compaction": true, "compaction_summary": true, "context_summary": true, "conversation_summary": true, "compact_summary": true}

// flaggedSummary reports whether the element says it is a compaction summary.
func flaggedSummary(e chatElement) bool {
	if e.IsCompactSummary || e.IsSummary || e.IsSummaryCamel || isTrue(e.Summary) || isTrue(e.Compaction) || summaryNames[strings.ToLower(e.Name)] || e.Type == "summary" {
		return true
	}
	if m := e.Metadata; m != nil {
		return m.IsSummary || m.IsSummaryCamel || m.IsCompactSummary || isTrue(m.Summary) || isTrue(m.Compaction) || summaryNames[strings.ToLower(m.Type)] || summaryNames[strings.ToLower(m.Kind)]
	}
	return false
}

// mentionsSummary reports whether a system message's opening calls it a summary of
// the conversation (a looser test than the known prefixes, for system messages only).
func mentionsSummary(text string) bool {
	head := strings.ToLower(strings.TrimSpace(text))
	if len(head) > 160 {
		head = head[:160]
	}
	return strings.Contains(head, "summary") || strings.Contains(head, "summarized") || strings.Contains(head, "summarised")
}

// unwrapSummaryTag returns the inside of a <summary>...</summary> wrapper.
func unwrapSummaryTag(t string) string {
	tt := strings.TrimSpace(t)
	if strings.HasPrefix(strings.ToLower(tt), "<summary>") {
		if end := strings.LastIndex(strings.ToLower(tt), "</summary>"); end > len("<summary>") {
			return strings.TrimSpace(tt[len("<summary>"):end])
		}
	}
	return t
}

func isTrue(raw json.RawMessage) bool {
	return string(bytes.TrimSpace(raw)) == "true"
}
